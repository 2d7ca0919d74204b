"""The translation memory's units of each catalog, kept between builds in ``.quizkit-cache/memory/``.

The memory (:mod:`toolkit.memory.translation_memory`) holds every reviewed translation of every catalog of the
project, so a build that pre-fills one new entry would read every catalog to find it a suggestion: ten
thousand files in a question bank of ten thousand quizzes. Here the units of each catalog are kept in a
file of their own (:mod:`toolkit.build.store`), named by the digest of the catalog's bytes, its locale and
domain and the build's environment (quizkit's source, its plugins, the configuration). A build parses
only the catalogs whose bytes it has not seen; the others' units are the ones the same bytes gave before.
Nothing is taken without the catalog's digest matching, so the files cannot make the memory stale.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from toolkit.build.cache import cached_text, combined_key, digest_bytes, sealed_json
from toolkit.build.resident import ResidentState
from toolkit.build.store import SealedStore
from toolkit.memory.translation_memory import MemoryOrigin, MemoryUnit, parsed_catalog_units

MEMORY_FOLDER = "memory"


class KeptCatalogUnits:
    """A :class:`~toolkit.memory.translation_memory.CatalogUnitSource` that parses a catalog only when no file
    holds the units of its bytes. A build that reads no memory touches none of the files."""

    def __init__(
        self, root: Path, environment: str, use_kept: bool = True, resident: ResidentState | None = None
    ) -> None:
        self.store = SealedStore(root, MEMORY_FOLDER)
        self.resident = resident
        """Units decoded by earlier builds of a long-running process (the preview), by file name."""
        self.environment = environment
        self.use_kept = use_kept
        """False (``build --clean``): parse every catalog, and keep what that gives for next time."""
        self._read = False
        self._names: dict[str, str] = {}
        """The file of each catalog (``locale/domain``) as this build read or wrote it last."""
        self._new: dict[str, bytes] = {}
        """Units of catalogs parsed (not written) in this build that no file holds yet, as the body of
        their file, compressed: written when the build is done, so that a build refused for bad input
        writes nothing. Held encoded because a first build parses every catalog, and their units as
        objects, kept to the end of the build, were a quarter of its peak at 10,000 quizzes."""

    def __call__(self, locale: str, domain: str, path: Path, data: bytes) -> Sequence[MemoryUnit]:
        self._read = True
        name = self._name(locale, domain, digest_bytes(data))
        units = self._kept(name, locale, domain) if self.use_kept else None
        if units is None:
            units = parsed_catalog_units(locale, domain, path, data)
            # Level 1: a tenth of the time of the default level, for nearly the same size.
            self._new[name] = zlib.compress(sealed_json([_encoded(unit) for unit in units]), 1)
        self._names[f"{locale}/{domain}"] = name
        return units

    def write_units(self, locale: str, domain: str, digest: str, units: Iterable[MemoryUnit]) -> None:
        """Keep the units of a catalog the build has just written (``digest``: of its bytes), where it
        was written (a worker): at once, rather than held until the build ends (at 10,000 quizzes, the
        units of every catalog). Only a build that read the memory keeps what it wrote."""
        if self._read:
            self.store.write(self._name(locale, domain, digest), [_encoded(unit) for unit in units])

    def record(self, locale: str, domain: str, digest: str) -> None:
        """Note the catalog's bytes after the update step (``digest``), so that :meth:`save` keeps its
        file; units parsed from the bytes it had before are no longer wanted."""
        if self._read:
            name = self._name(locale, domain, digest)
            earlier = self._names.get(f"{locale}/{domain}")
            if earlier is not None and earlier != name:
                self._new.pop(earlier, None)
            self._names[f"{locale}/{domain}"] = name

    def save(self) -> None:
        """Write the units of the catalogs first seen in this build (read and left as they were), and
        remove the files of catalogs as they no longer are (when this build read the memory)."""
        if not self._read:
            return
        wanted = set(self._names.values())
        for name, body in self._new.items():
            if name in wanted:
                self.store.write_body(name, zlib.decompress(body))
        self.store.keep_only(wanted)

    def _name(self, locale: str, domain: str, digest: str) -> str:
        return combined_key(self.environment, locale, domain, digest)

    def _kept(self, name: str, locale: str, domain: str) -> Sequence[MemoryUnit] | None:
        resident = self.resident.memory_units.get(name) if self.resident is not None else None
        if resident is not None:
            return resident
        data: Any = self.store.read(name)
        if not isinstance(data, list):
            return None
        try:
            units = [_decoded(unit, locale, domain) for unit in data]
        except ValueError:
            return None  # not well formed: trusted in no part
        if self.resident is not None:
            self.resident.memory_units.put(name, units)
        return units


def _encoded(unit: MemoryUnit) -> list[object]:
    return [unit.origin.key, unit.source, unit.source_plural, list(unit.targets), unit.unreviewed_import]


def _decoded(data: object, locale: str, domain: str) -> MemoryUnit:
    if not isinstance(data, list) or len(data) != 5:
        raise ValueError("bad memory unit in the cache")
    key, source, plural, targets, unreviewed = data
    if not isinstance(targets, list) or not targets:
        raise ValueError("bad memory unit in the cache")
    return MemoryUnit(
        cached_text(source),
        tuple(cached_text(target) for target in targets),
        MemoryOrigin(False, domain, 0, cached_text(key), locale),
        None if plural is None else cached_text(plural),
        None if unreviewed is None else cached_text(unreviewed),
    )
