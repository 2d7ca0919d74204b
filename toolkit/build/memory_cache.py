"""The translation memory's units of each catalog, kept between builds in ``.quizkit-cache/memory.json``.

The memory (:mod:`toolkit.catalogs.memory`) holds every reviewed translation of every catalog of the
project, so a build that pre-fills one new entry would read every catalog to find it a suggestion: ten
thousand files in a question bank of ten thousand quizzes. Here the units of each catalog are kept under
the digest of the catalog's bytes, and a build parses only the catalogs whose bytes changed since the
memory was last read; the others' units are the ones their same bytes gave then.

Like the build cache (:mod:`toolkit.build.cache`), the file is sealed and belongs to one environment
(quizkit's source, its plugins, the configuration). A file that is not this user's, of another
environment or not well formed stands for nothing, and every catalog is parsed again. Nothing is ever
taken from it without the catalog's digest matching, so it cannot make the memory stale.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.build.cache import digest_bytes, read_sealed, write_sealed
from toolkit.catalogs.memory import MemoryOrigin, MemoryUnit, parsed_catalog_units

MEMORY_FILE = "memory.json"
MEMORY_FORMAT = 1

_Kept = dict[str, tuple[str, Sequence[MemoryUnit]]]
"""``locale/domain`` → (digest of the catalog's bytes, its units)."""


class KeptCatalogUnits:
    """A :class:`~toolkit.catalogs.memory.CatalogUnitSource` that parses a catalog only when its bytes are
    not those of the last read. The file is read on the first call: a build that needs no memory never
    reads it."""

    def __init__(self, root: Path, environment: str, use_kept: bool = True) -> None:
        self.root = root
        self.environment = environment
        self.use_kept = use_kept
        """False (``build --clean``): parse every catalog, and keep what that gives for next time."""
        self.parsed = 0
        """Catalogs parsed in this build (the others' units were kept)."""
        self._kept: _Kept | None = None
        self._now: _Kept = {}

    def __call__(self, locale: str, domain: str, path: Path, data: bytes) -> Sequence[MemoryUnit]:
        if self._kept is None:
            self._kept = self._load() if self.use_kept else {}
        name = f"{locale}/{domain}"
        digest = digest_bytes(data)
        kept = self._kept.get(name)
        if kept is not None and kept[0] == digest:
            units = kept[1]
        else:
            units = parsed_catalog_units(locale, domain, path, data)
            self.parsed += 1
        self._now[name] = (digest, units)
        return units

    def record(self, locale: str, domain: str, digest: str, units: Sequence[MemoryUnit]) -> None:
        """The units of a catalog this build wrote (``digest``: of its bytes), for the next read. Only a
        build that read the memory keeps what it wrote: the others leave the file as it is."""
        if self._kept is not None:
            self._now[f"{locale}/{domain}"] = (digest, units)

    def save(self) -> None:
        """Keep the units of the catalogs read in this build; nothing is written when the memory was not
        read, or every catalog was as last kept."""
        if self._kept is None:
            return
        same = self._now.keys() == self._kept.keys() and all(
            self._kept[name][0] == digest for name, (digest, _) in self._now.items()
        )
        if same:
            return
        write_sealed(
            self.root,
            MEMORY_FILE,
            {
                "format": MEMORY_FORMAT,
                "environment": self.environment,
                "catalogs": {
                    name: {"digest": digest, "units": [_encoded(unit) for unit in units]}
                    for name, (digest, units) in sorted(self._now.items())
                },
            },
        )

    def _load(self) -> _Kept:
        data: Any = read_sealed(self.root, MEMORY_FILE)
        try:
            if data["format"] != MEMORY_FORMAT or data["environment"] != self.environment:
                return {}
            kept: _Kept = {}
            for name, record in data["catalogs"].items():
                locale, domain = _name(name)
                kept[name] = (
                    _text(record["digest"]),
                    [_decoded(unit, locale, domain) for unit in record["units"]],
                )
            return kept
        except (KeyError, TypeError, ValueError, AttributeError):
            return {}  # not well formed: read by no code of this version, trusted in no part


def _encoded(unit: MemoryUnit) -> list[object]:
    return [unit.origin.key, unit.source, unit.source_plural, list(unit.targets)]


def _decoded(data: object, locale: str, domain: str) -> MemoryUnit:
    if not isinstance(data, list) or len(data) != 4:
        raise ValueError("bad memory unit in the cache")
    key, source, plural, targets = data
    if not isinstance(targets, list) or not targets:
        raise ValueError("bad memory unit in the cache")
    return MemoryUnit(
        _text(source),
        tuple(_text(target) for target in targets),
        MemoryOrigin(False, domain, 0, _text(key), locale),
        None if plural is None else _text(plural),
    )


def _name(value: object) -> tuple[str, str]:
    locale, _, domain = _text(value).partition("/")
    if not locale or not domain or "/" in domain:
        raise ValueError("bad catalog name in the cache")
    return locale, domain


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("a text of the cache is not a string")
    return value
