"""The project translation memory: every reviewed translation of the project, and the TMX files it keeps.

The memory is rebuilt from the repository on every use, so that it is the same for everyone who has
the same files:

* every catalog ``locales/<locale>/LC_MESSAGES/<domain>.po`` (every locale, every domain): its active
  entries that are translated and not fuzzy (every plural form filled in). Fuzzy entries never feed it;
  a suggestion nobody reviewed is no memory. A translation ``quizkit import`` took from a question bank
  is translated, not fuzzy (a person made it), so it feeds the memory, but marked as an unreviewed
  import (:attr:`MemoryUnit.unreviewed_import`) until someone approves it;
* every TMX file in ``locales/memory/`` (put there by ``quizkit memory import``), in name order.

Units are kept in one documented order, which breaks ties between equally good matches: catalog units
before TMX units; catalog units by domain, then key; TMX units by file name, then position in the file
(each locale has its own units, so the locale comes last).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from toolkit.config import ProjectConfig
from toolkit.errors import LocatedError
from toolkit.files import FileTooLargeError, read_regular_file
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.po_reader import MAX_PO_BYTES, PoSyntaxError, read_po
from toolkit.gettext.review import unreviewed_import
from toolkit.interchange.tmx import MAX_TMX_BYTES, TmxError, TmxUnit, read_tmx

MEMORY_FOLDER = "memory"


class MemoryFileError(LocatedError):
    """A file of the memory cannot be read: which file, which line, what is wrong. ``kind`` names what
    the file is, as every command names it: ``memory`` for a TMX file, ``catalog`` for a catalog the
    memory reads its reviewed translations from (the same broken catalog is a catalog error in every
    command, whichever step met it first)."""

    def __init__(self, file: str, line: int | None, message: str, kind: str = "memory") -> None:
        super().__init__(file, line, message)
        self.kind = kind


# Slots: a memory holds a unit and an origin for every translation of the project.
@dataclass(frozen=True, order=True, slots=True)
class MemoryOrigin:
    """Where a unit comes from: a catalog entry (key, domain, locale) or a TMX file (name, unit id)."""

    from_tmx: bool
    """False sorts first: the project's own catalogs come before imported files."""
    place: str
    """The domain of a catalog entry, the file name of a TMX unit."""
    position: int
    """0 for catalog units (ordered by key); the unit's place in its TMX file."""
    key: str | None
    locale: str

    def describe(self) -> str:
        if self.from_tmx:
            return self.place if self.key is None else f"{self.place} ({self.key})"
        return f"{self.key} ({self.place}/{self.locale})"


@dataclass(frozen=True, slots=True)
class MemoryUnit:
    source: str
    targets: tuple[str, ...]
    """One translation, or one per plural form."""
    origin: MemoryOrigin
    source_plural: str | None = None
    unreviewed_import: str | None = None
    """For a catalog unit that ``quizkit import`` took from a question bank and nobody has approved
    since (:func:`toolkit.gettext.review.unreviewed_import`): the bank file. Pre-filling ranks it below
    reviewed units and says so (:mod:`toolkit.memory.prefill`). None for every other unit."""

    @property
    def is_plural(self) -> bool:
        return self.source_plural is not None


def locale_key(locale: str) -> str:
    """gettext (``pt_BR``) and BCP 47 (``pt-BR``) spellings of one locale, made equal."""
    return locale.replace("-", "_").lower()


@dataclass(frozen=True)
class TranslationMemory:
    units: tuple[MemoryUnit, ...]
    """In the documented order (see the module's description)."""

    def for_locale(self, locale: str) -> tuple[MemoryUnit, ...]:
        wanted = locale_key(locale)
        # The spellings a memory holds are few; its units, hundreds of thousands.
        spellings = {unit.origin.locale for unit in self.units}
        matching = {spelling for spelling in spellings if locale_key(spelling) == wanted}
        return tuple(unit for unit in self.units if unit.origin.locale in matching)

    def __len__(self) -> int:
        return len(self.units)


def memory_folder(config: ProjectConfig) -> Path:
    return config.locales_path / MEMORY_FOLDER


def catalog_units(catalog: Catalog, locale: str, domain: str) -> Iterator[MemoryUnit]:
    """The reviewed translations of one catalog."""
    for entry in catalog.active():
        if entry.context is None or not entry.msgid or not entry.is_translated:
            continue
        yield MemoryUnit(
            entry.msgid,
            entry.translations,
            MemoryOrigin(False, domain, 0, entry.context, locale),
            entry.msgid_plural,
            unreviewed_import(entry),
        )


def _continues(forms: list[TmxUnit], unit: TmxUnit) -> bool:
    """Whether ``unit`` is the next form of the plural entry whose first forms are ``forms``."""
    return (
        bool(forms)
        and unit.plural_form == len(forms)
        and (unit.unit_id, unit.target_language) == (forms[0].unit_id, forms[0].target_language)
    )


def _po2tmx_continues(forms: list[TmxUnit], unit: TmxUnit) -> bool:
    """Whether ``unit`` is the next form of the plural entry whose first forms are ``forms``, as
    translate-toolkit's ``po2tmx`` writes one: a unit per form with no form marker, each naming the entry's
    context (``x-context``), the first with the singular source and every other with the plural source.
    The second form's source must differ from the first's: the same source twice is an entry written twice
    (a TMX may hold one so), not a plural."""
    if not forms or unit.plural_form is not None or forms[0].unit_id is None:
        return False
    if (unit.unit_id, unit.target_language) != (forms[0].unit_id, forms[0].target_language):
        return False
    return unit.source != forms[0].source if len(forms) == 1 else unit.source == forms[1].source


def _plural_unit(forms: list[TmxUnit], name: str, position: int) -> MemoryUnit:
    first = forms[0]
    return MemoryUnit(
        first.source,
        tuple(form.target for form in forms),
        MemoryOrigin(True, name, position - len(forms) + 1, first.unit_id, first.target_language),
        forms[1].source,
        first.unreviewed_import,
    )


def tmx_units(units: tuple[TmxUnit, ...], name: str) -> Iterator[MemoryUnit]:
    """A unit per TMX unit; and where the file holds every form of a gettext plural entry in order, that
    entry as a plural unit too, which a plural entry can take (TMX itself has no plurals). The forms are
    found as ``quizkit memory export`` marks them (``x-quizkit-plural-form``) or as ``po2tmx`` lays them
    out (consecutive units of one context, the second and later sharing the plural source, which is not
    the first's)."""
    forms: list[TmxUnit] = []
    unmarked: list[TmxUnit] = []
    for position, unit in enumerate(units):
        yield MemoryUnit(
            unit.source,
            (unit.target,),
            MemoryOrigin(True, name, position, unit.unit_id, unit.target_language),
            unreviewed_import=unit.unreviewed_import,
        )
        following = units[position + 1] if position + 1 < len(units) else None
        if unit.plural_form == 0:
            forms = [unit]
        elif _continues(forms, unit):
            forms.append(unit)
        else:
            forms = []
        if len(forms) > 1 and (following is None or not _continues(forms, following)):
            yield _plural_unit(forms, name, position)
            forms = []
        if unit.plural_form is not None:
            unmarked = []
            continue
        unmarked = [*unmarked, unit] if _po2tmx_continues(unmarked, unit) else [unit]
        if len(unmarked) > 1 and (following is None or not _po2tmx_continues(unmarked, following)):
            yield _plural_unit(unmarked, name, position)
            unmarked = []


def _display(path: Path) -> str:
    from toolkit.content.validation import display_path

    return display_path(path)


_TOO_LARGE_ADVICE = (
    "; move it out of the memory folder, split the TMX it came from into smaller files and import each "
    "one with quizkit memory import"
)
"""What to do about a stored memory file over the limit (one stored before imports enforced it)."""


def _read(path: Path, limit: int, advice: str = "") -> bytes:
    try:
        return read_regular_file(path, limit)
    except FileTooLargeError as error:
        raise MemoryFileError(
            _display(path), None, f"file is {error.size:,} bytes; the limit is {limit:,}{advice}"
        ) from None
    except OSError as error:
        raise MemoryFileError(_display(path), None, error.strerror or str(error)) from None


def catalog_files(config: ProjectConfig) -> list[tuple[str, str, Path]]:
    """Every catalog of the project as (locale, domain, path), in locale and domain order."""
    found = []
    root = config.locales_path
    if not root.is_dir():
        return []
    for path in sorted(root.glob("*/LC_MESSAGES/*.po")):
        if path.is_file():
            found.append((path.parent.parent.name, path.stem, path))
    return found


def tmx_files(config: ProjectConfig) -> list[Path]:
    folder = memory_folder(config)
    return sorted(path for path in folder.glob("*.tmx") if path.is_file()) if folder.is_dir() else []


class CatalogUnitSource(Protocol):
    """Where :func:`build_memory` gets the units of one catalog file from its bytes: parsed each time
    (:func:`parsed_catalog_units`), or kept from an earlier read of the same bytes
    (:mod:`toolkit.build.memory_cache`)."""

    def __call__(self, locale: str, domain: str, path: Path, data: bytes) -> Sequence[MemoryUnit]: ...


def parsed_catalog_units(locale: str, domain: str, path: Path, data: bytes) -> list[MemoryUnit]:
    """The reviewed translations of the catalog file ``path`` whose bytes are ``data``."""
    try:
        catalog = read_po(data, _display(path))
    except PoSyntaxError as error:
        raise MemoryFileError(error.file, error.line, error.message, kind="catalog") from None
    return list(catalog_units(catalog, locale, domain))


def build_memory(
    config: ProjectConfig, catalog_units_of: CatalogUnitSource = parsed_catalog_units
) -> TranslationMemory:
    """The memory of the project as its files are now."""
    units: list[MemoryUnit] = []
    for locale, domain, path in catalog_files(config):
        units.extend(catalog_units_of(locale, domain, path, _read(path, MAX_PO_BYTES)))
    for path in tmx_files(config):
        try:
            document = read_tmx(_read(path, MAX_TMX_BYTES, _TOO_LARGE_ADVICE), config.source_locale)
        except TmxError as error:
            raise MemoryFileError(_display(path), error.line, error.message) from None
        units.extend(tmx_units(document.units, path.name))
    # The origins' own order as a tuple (tests/memory checks the two agree): compared in C, where the
    # dataclass's comparison builds two tuples in Python for every one of the millions of comparisons a
    # large memory's sort makes.
    units.sort(key=_origin_order)
    return TranslationMemory(tuple(units))


def _origin_order(unit: MemoryUnit) -> tuple[bool, str, int, str | None, str]:
    origin = unit.origin
    return (origin.from_tmx, origin.place, origin.position, origin.key, origin.locale)
