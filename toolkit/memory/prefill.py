"""``quizkit update`` pre-fills new and untranslated entries from the project translation memory.

Each active entry without any translation gets the best unit of the memory for its locale: an exact
match of its source text (from another key or a TMX file), else the most alike unit at or above the
project's ``memory-similarity`` (75% by default). A suggestion is always fuzzy, so nothing unreviewed is
ever compiled or exported, and an entry with any translation text, fuzzy or not, is never touched: what a
person wrote stays. A suggestion whose inline code, blank markers or placeholders differ from the new
source text is not offered (the next best is tried). A plural entry takes only a plural unit with the
same number of forms.

A translation ``quizkit import`` took from a question bank and nobody has approved since (translated,
not fuzzy, so in the memory) is trusted less than a reviewed one, as OmegaT ranks the matches of a
``tm/penalty-xxx`` folder lower and Weblate shows each suggestion's origin: it ranks
:data:`UNREVIEWED_PENALTY` points below its similarity, so a reviewed unit as alike or nearly is offered
instead, and a suggestion it gives says where it came from and that nobody reviewed it. Where no such
unit is in the running, nothing changes.

The origin is a translator comment, ``# quizkit memory: 86% from <key> (<domain>/<locale>)``, followed
for an unreviewed import by ``, an unreviewed translation imported from <bank file>``. Poedit,
Lokalize and Weblate show translator comments beside the entry, and merges keep them (``#.`` comments
come from the template and would be dropped by the next update). :func:`prefill_from_memory` removes
the comment again once the entry is reviewed (no longer fuzzy) or emptied.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import MutableMapping
from dataclasses import dataclass, replace

from toolkit.config import ProjectConfig
from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry
from toolkit.memory.index import ChangedIndex, MemoryIndex, MemoryMatch, text_of_entry
from toolkit.memory.translation_memory import (
    CatalogUnitSource,
    MemoryUnit,
    TranslationMemory,
    build_memory,
    locale_key,
    parsed_catalog_units,
)
from toolkit.text.blanks import MARKER
from toolkit.text.tokens import split_inline_code

NOTE_PREFIX = "quizkit memory: "
_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")


@dataclass(frozen=True)
class KeptIndex:
    """An index a long-running process keeps, and the units it indexes (held, so that their ids name
    them and no other object while it is kept)."""

    units: tuple[MemoryUnit, ...]
    index: MemoryIndex


class PrefillMemory:
    """The memory as ``update`` uses it: read from the project only when an entry needs it, and indexed
    once per locale and number of plural forms.

    ``kept_indexes``: the indexes a long-running process (the preview) keeps between its builds. Where
    the memory's units are mostly the kept index's own objects (the catalogs of unchanged bytes give the
    same objects again: :mod:`toolkit.build.memory_cache`), the units taken away and added are laid over
    it (:class:`~toolkit.memory.index.ChangedIndex`) instead of indexing every unit again."""

    def __init__(
        self,
        config: ProjectConfig,
        memory: TranslationMemory | None = None,
        catalog_units_of: CatalogUnitSource = parsed_catalog_units,
        kept_indexes: MutableMapping[tuple[str, int], KeptIndex] | None = None,
    ) -> None:
        self.config = config
        self.threshold = float(config.memory_similarity)
        self._memory = memory
        self._catalog_units_of = catalog_units_of
        self._indexes: dict[tuple[str, int], MemoryIndex | ChangedIndex] = {}
        self._kept = kept_indexes

    @property
    def memory(self) -> TranslationMemory:
        if self._memory is None:
            self._memory = build_memory(self.config, self._catalog_units_of)
        return self._memory

    @property
    def was_read(self) -> bool:
        return self._memory is not None

    def index(self, locale: str, forms: int) -> MemoryIndex | ChangedIndex:
        """Units of ``locale``: singular ones (``forms`` 0), or plural ones of ``forms`` forms."""
        key = (locale_key(locale), forms)
        if key not in self._indexes:
            units = [
                unit
                for unit in self.memory.for_locale(locale)
                if (len(unit.targets) == forms if unit.is_plural else forms == 0)
            ]
            self._indexes[key] = self._changed_index(key, units) or self._new_index(key, units)
        return self._indexes[key]

    def _changed_index(
        self, key: tuple[str, int], units: list[MemoryUnit]
    ) -> MemoryIndex | ChangedIndex | None:
        kept = self._kept.get(key) if self._kept is not None else None
        if kept is None:
            return None
        now = {id(unit) for unit in units}
        then = {id(unit) for unit in kept.units}
        removed = [unit for unit in kept.units if id(unit) not in now]
        added = [unit for unit in units if id(unit) not in then]
        if not removed and not added:
            return kept.index
        return ChangedIndex.of(kept.index, removed, added)

    def _new_index(self, key: tuple[str, int], units: list[MemoryUnit]) -> MemoryIndex:
        index = MemoryIndex(units, keep_common=self._kept is not None)
        if self._kept is not None:
            self._kept[key] = KeptIndex(tuple(units), index)
        return index

    def best(self, entry: CatalogEntry, locale: str, domain: str, forms: int) -> MemoryMatch | None:
        """The unit to offer ``entry``: the most alike that fits, an unreviewed import ranked
        :data:`UNREVIEWED_PENALTY` points below its similarity (a reviewed unit wins a tie)."""
        index = self.index(locale, forms if entry.is_plural else 0)
        if not len(index):
            return None
        wanted = _protected(entry.msgid, entry.msgid_plural)
        chosen: MemoryMatch | None = None
        for match in index.matches(text_of_entry(entry.msgid, entry.msgid_plural), self.threshold):
            if chosen is not None and match.similarity < _rank(chosen):
                break  # best first: nothing later can rank above the one chosen
            origin = match.unit.origin
            if not origin.from_tmx and origin.key == entry.context and origin.place == domain:
                continue
            if not all(_fits(target, wanted, entry.is_plural) for target in match.unit.targets):
                continue
            if match.unit.unreviewed_import is None:
                # Nothing later is more alike, and a reviewed unit ranks at its similarity: the one.
                return match
            if chosen is None:
                chosen = match
        return chosen


UNREVIEWED_PENALTY = 5.0
"""Points of similarity an unreviewed imported unit ranks below a reviewed one: a reviewed unit as
alike, or up to this much less alike, is offered instead. The note shows the true similarity."""


def _rank(match: MemoryMatch) -> float:
    return match.similarity - (UNREVIEWED_PENALTY if match.unit.unreviewed_import is not None else 0.0)


def _protected(msgid: str, msgid_plural: str | None = None) -> tuple[Counter[str], Counter[str], set[str]]:
    """Inline code spans and blank markers (each counted), and the placeholders named."""
    code: Counter[str] = Counter()
    markers: Counter[str] = Counter()
    placeholders: set[str] = set()
    for text in (msgid,) if msgid_plural is None else (msgid, msgid_plural):
        pieces = split_inline_code(text)
        these_code = Counter(piece for piece, is_code in pieces if is_code)
        prose = "".join(piece for piece, is_code in pieces if not is_code)
        these_markers = Counter(found.group(1) for found in MARKER.finditer(prose))
        if text is msgid:
            code, markers = these_code, these_markers
        placeholders |= set(_PLACEHOLDER.findall(MARKER.sub("", prose)))
    return code, markers, placeholders


def _fits(target: str, wanted: tuple[Counter[str], Counter[str], set[str]], plural: bool) -> bool:
    code, markers, placeholders = _protected(target)
    # A plural form may leave out a placeholder (a language's "one" form often does), never add one.
    fitting = placeholders <= wanted[2] if plural else placeholders == wanted[2]
    return fitting and code == wanted[0] and markers == wanted[1]


def memory_note(match: MemoryMatch) -> str:
    # Rounded down: a 99.6% match never reads as an exact one.
    origin = _CONTROL.sub(" ", match.unit.origin.describe())
    note = f"{NOTE_PREFIX}{math.floor(match.similarity)}% from {origin}"
    bank = match.unit.unreviewed_import
    if bank is not None:
        note += f", an unreviewed translation imported from {_CONTROL.sub(' ', bank)}"
    return note


def _without_note(entry: CatalogEntry) -> CatalogEntry:
    comments = tuple(comment for comment in entry.translator_comments if not comment.startswith(NOTE_PREFIX))
    return entry if comments == entry.translator_comments else replace(entry, translator_comments=comments)


def prefill_from_memory(
    catalog: Catalog, memory: PrefillMemory | None, locale: str, domain: str
) -> tuple[Catalog, int]:
    """``catalog`` with untranslated entries pre-filled from ``memory`` (none when it is None) and the
    notes of reviewed entries removed; also how many entries were pre-filled."""
    forms = catalog.header.plural_count or 2
    entries: list[CatalogEntry] = []
    filled = 0
    for entry in catalog.entries:
        if entry.obsolete or entry.context is None:
            entries.append(entry)
            continue
        if not entry.is_fuzzy or not entry.has_translation:
            entry = _without_note(entry)
        if memory is not None and not entry.has_translation and entry.msgid:
            match = memory.best(entry, locale, domain, forms)
            if match is not None:
                translations = match.unit.targets
                entry = entry.with_flag(FUZZY)
                if entry.is_plural:
                    entry = replace(entry, msgstr_plural=translations)
                else:
                    entry = replace(entry, msgstr=translations[0])
                entry = replace(entry, translator_comments=(*entry.translator_comments, memory_note(match)))
                filled += 1
        entries.append(entry)
    return replace(catalog, entries=tuple(entries)), filled
