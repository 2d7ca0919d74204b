"""The translation memory a bank import pre-fills its catalogs from: the memory as ``quizkit update``
will read it once the import's catalogs are written, so that an update right after the import changes
nothing."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from toolkit.catalogs.layout import CatalogLayout
from toolkit.config import ProjectConfig
from toolkit.gettext.catalog import Catalog
from toolkit.memory.prefill import PrefillMemory
from toolkit.memory.translation_memory import (
    MemoryUnit,
    TranslationMemory,
    build_memory,
    catalog_units,
    parsed_catalog_units,
)


class MemoryAfterImport(PrefillMemory):
    """The translation memory as ``quizkit update`` reads it once ``catalogs`` (by quiz id, then by
    locale) are written: the project's catalogs with these in place of any they replace. Read, as update
    reads it, only when an entry needs it."""

    def __init__(self, config: ProjectConfig, catalogs: Mapping[str, Mapping[str, Catalog]]) -> None:
        super().__init__(config)
        self._catalogs = {quiz_id: dict(by_locale) for quiz_id, by_locale in catalogs.items()}

    @property
    def memory(self) -> TranslationMemory:
        if self._memory is None:
            layout = CatalogLayout.for_project(self.config)
            replaced = {
                layout.catalog(locale, quiz_id).resolve()
                for quiz_id, by_locale in self._catalogs.items()
                for locale in by_locale
            }

            def units_of(locale: str, domain: str, path: Path, data: bytes) -> list[MemoryUnit]:
                return [] if path.resolve() in replaced else parsed_catalog_units(locale, domain, path, data)

            on_disk = build_memory(self.config, units_of)
            planned = [
                unit
                for quiz_id, by_locale in self._catalogs.items()
                for locale, catalog in by_locale.items()
                for unit in catalog_units(catalog, locale, quiz_id)
            ]
            # In the memory's documented order (toolkit.memory.translation_memory): it breaks ties.
            units = sorted((*on_disk.units, *planned), key=lambda unit: unit.origin)
            self._memory = TranslationMemory(tuple(units))
        return self._memory
