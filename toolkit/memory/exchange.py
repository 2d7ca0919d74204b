"""``quizkit memory search``, ``export`` and ``import``: the memory looked up, written and taken in as TMX.

An imported TMX file is validated whole, then stored in the project as ``locales/memory/<name>.tmx``
(written again by :func:`toolkit.interchange.tmx.write_tmx`, so every stored file has one known form), so
that the memory is rebuilt from the repository alone. Importing a file of the same name replaces it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path
from toolkit.files import FileTooLargeError, confined, confined_name, read_regular_file, write_bytes_atomic
from toolkit.interchange.tmx import MAX_TMX_BYTES, TmxError, TmxUnit, read_tmx, write_tmx
from toolkit.keys import is_valid_id
from toolkit.memory.index import MemoryIndex
from toolkit.memory.translation_memory import (
    MemoryFileError,
    MemoryUnit,
    TranslationMemory,
    build_memory,
    locale_key,
    memory_folder,
)

SEARCH_FLOOR = 50.0
"""The least similarity ``memory search`` shows (a text that contains the query is shown whatever it is)."""


@dataclass(frozen=True)
class SearchResult:
    similarity: float
    unit: MemoryUnit


def search_memory(
    config: ProjectConfig,
    text: str,
    locales: Sequence[str],
    limit: int,
    memory: TranslationMemory | None = None,
) -> list[SearchResult]:
    """The units most like ``text`` in ``locales`` (all target locales when empty), best first, with
    those whose source contains ``text`` (case-folded) among them: a concordance."""
    memory = memory if memory is not None else build_memory(config)
    wanted = {locale_key(locale) for locale in locales or config.target_locales}
    units = [unit for unit in memory.units if locale_key(unit.origin.locale) in wanted and not unit.is_plural]
    found: dict[int, float] = {}
    for match in MemoryIndex(units).matches(text, SEARCH_FLOOR):
        found.setdefault(id(match.unit), match.similarity)
    from rapidfuzz import fuzz

    folded = text.casefold()
    for unit in units:
        if id(unit) not in found and folded and folded in unit.source.casefold():
            found[id(unit)] = fuzz.ratio(text, unit.source)
    order = {id(unit): position for position, unit in enumerate(units)}
    by_id = {id(unit): unit for unit in units}
    ranked = sorted(found, key=lambda key: (-found[key], order[key]))
    return [SearchResult(found[key], by_id[key]) for key in ranked[:limit]]


def _tmx_units(unit: MemoryUnit) -> list[TmxUnit]:
    """``unit`` as TMX: one unit, or one per plural form (TMX has none), as translate-toolkit's po2tmx
    pairs them: the first form with the singular source, every other with the plural source."""
    origin = unit.origin
    domain, file = (None, origin.place) if origin.from_tmx else (origin.place, None)
    if unit.source_plural is None:
        return [
            TmxUnit(
                unit.source,
                unit.targets[0],
                origin.locale,
                origin.key,
                domain,
                file,
                unreviewed_import=unit.unreviewed_import,
            )
        ]
    if origin.from_tmx:
        return []  # made from its forms, which are units of the file themselves
    return [
        TmxUnit(
            unit.source if form == 0 else unit.source_plural,
            target,
            origin.locale,
            origin.key,
            domain,
            file,
            plural_form=form,
            unreviewed_import=unit.unreviewed_import,
        )
        for form, target in enumerate(unit.targets)
    ]


def export_memory(config: ProjectConfig, locales: Sequence[str]) -> tuple[bytes, int]:
    """The memory of ``locales`` (all when empty) as TMX, and how many translation units it holds."""
    memory = build_memory(config)
    wanted = {locale_key(locale) for locale in locales} if locales else None
    units = [
        tmx_unit
        for unit in memory.units
        if wanted is None or locale_key(unit.origin.locale) in wanted
        for tmx_unit in _tmx_units(unit)
    ]
    return write_tmx(units, config.source_locale), len(units)


def _stored_name(path: Path) -> str:
    stem = path.stem.lower().replace("_", "-").replace(" ", "-")
    if not is_valid_id(stem):
        raise MemoryFileError(
            display_path(path),
            None,
            f"'{path.stem}' cannot name a memory file; rename the file to lowercase letters, digits and "
            "hyphens (such as agency-2024.tmx)",
        )
    return f"{stem}.tmx"


@dataclass(frozen=True)
class TmxImport:
    stored: Path
    units: int
    replaced: bool


def import_tmx(config: ProjectConfig, path: Path) -> TmxImport:
    """Validate ``path`` as TMX and store it in the project's memory folder; nothing is written unless
    the whole file is valid."""
    name = _stored_name(path)
    file = display_path(path)
    try:
        raw = read_regular_file(path, MAX_TMX_BYTES)
        document = read_tmx(raw, config.source_locale)
    except FileTooLargeError as error:
        raise MemoryFileError(
            file, None, f"file is {error.size:,} bytes; TMX imports are limited to {MAX_TMX_BYTES:,}"
        ) from None
    except OSError as error:
        raise MemoryFileError(file, None, error.strerror or str(error)) from None
    except TmxError as error:
        raise MemoryFileError(file, error.line, error.message) from None
    if not document.units:
        raise MemoryFileError(
            file, None, f"no translation unit has a {config.source_locale} segment and a translation"
        )
    folder = memory_folder(config)
    if config.locales_path.exists():
        confined(config.locales_path, config.root)
    if folder.exists():
        folder = confined(folder, config.root)
    folder.mkdir(parents=True, exist_ok=True)
    target = confined_name(confined(folder, config.root), name, config.root)
    replaced = target.exists()
    # The stored units name their file, so that an export says where each came from.
    units = [replace(unit, origin=unit.origin or path.name) for unit in document.units]
    data = write_tmx(units, config.source_locale)
    if len(data) > MAX_TMX_BYTES:
        # The stored file names each unit's key, domain and origin, so it is larger than the one read;
        # one the memory's reader would refuse must never be stored, or every later update fails.
        raise MemoryFileError(
            file,
            None,
            f"stored with its units' origins, the memory would be {len(data):,} bytes; memory files are "
            f"limited to {MAX_TMX_BYTES:,}: split the file into smaller TMX files and import each one",
        )
    write_bytes_atomic(target, data, durable=True)
    return TmxImport(target, len(units), replaced)
