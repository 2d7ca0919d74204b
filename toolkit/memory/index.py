"""Finding the memory units most like a new source text, fast enough for thousands of texts at a time.

Similarity is rapidfuzz's ``fuzz.ratio``: ``2 * LCS / (len(a) + len(b))`` over characters, in percent.
It is GNU msgmerge's measure (fstrcmp) counted in characters instead of UTF-8 bytes, so an Urdu or
accented text is not judged by how many bytes its letters take.

Comparing a text with every unit is too slow for a large memory, so candidates are chosen first:

* by length: two texts of lengths ``a <= b`` are at most ``2a / (a + b)`` alike, so only units within
  the bounds the threshold allows are ever compared;
* by shared tokens: texts are indexed by their pairs of adjacent words, each cut to its first four
  letters and case-folded (``"workers send gradients"`` and ``"worker sends gradients"`` share ``work
  send`` and ``send grad``: a suffix changes nothing), and a text of at most six words by its words too
  (one changed word breaks every pair of a short text), and each inline code span (a suggestion must
  carry the same code anyway). Tokens that more than
  :data:`COMMON_PAIR_SHARE` of the texts hold say nothing and are not looked up. Only texts that share
  enough of the query's indexed tokens are compared: one, or one in :data:`TOKENS_PER_SHARED` of them
  for a long query (a text that shares one word pair of a fifteen-pair sentence is hardly ever 75% alike;
  measured on the benchmark's 3,890 fuzzy queries, this compares 275 texts a query instead of 755 and
  loses no match the one-token rule finds). A query with no indexed token is compared with every text
  of a fitting length.

The pre-filter can miss a unit that is alike letter by letter but shares too few rare tokens;
``benchmarks/memory_benchmark.py`` counts how often, against comparing with every unit.

Ties are broken by the order of the units (the memory's documented order): the first best wins.
"""

from __future__ import annotations

import bisect
import itertools
import math
import operator
import re
from array import array
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from toolkit.memory.translation_memory import MemoryUnit

COMMON_PAIR_SHARE = 0.02
TOKENS_PER_SHARED = 5
SCORE_SLACK = 0.001
_STEMS = re.compile(r"(\w{1,4})\w*")
_SHORT_WORDS = 6
_CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class MemoryMatch:
    similarity: float
    """0 to 100."""
    unit: MemoryUnit


def _text_of(unit: MemoryUnit) -> str:
    # A plural unit is matched on both of its source texts.
    return unit.source if unit.source_plural is None else f"{unit.source}\n{unit.source_plural}"


def text_of_entry(msgid: str, msgid_plural: str | None) -> str:
    return msgid if msgid_plural is None else f"{msgid}\n{msgid_plural}"


def _pairs(text: str) -> set[str]:
    stems = _STEMS.findall(text.casefold())
    pairs = {f"{first} {second}" for first, second in itertools.pairwise(stems)}
    if len(stems) <= _SHORT_WORDS:
        # In a short text one changed word breaks every pair: its words count on their own too.
        pairs.update(stems)
    if "`" in text:
        # A suggestion must carry the same inline code as the text, so a code span is a token too.
        pairs.update(f"`{span.casefold()}" for span in _CODE.findall(text))
    return pairs


def _ranks() -> array[int]:
    return array("I")


def _common(texts: int) -> int:
    """More texts than this hold a token that says nothing (:data:`COMMON_PAIR_SHARE`)."""
    return max(50, int(texts * COMMON_PAIR_SHARE))


def _bounds(length: int, threshold: float) -> tuple[int, int]:
    """The shortest and longest text that can reach ``threshold`` percent against a text of ``length``
    characters: 2 * shorter / (sum of lengths) is the best two texts can do."""
    ratio = max(threshold, 1.0) / 100
    shortest = math.ceil(length * ratio / (2 - ratio) - 1e-9)
    longest = math.floor(length * (2 - ratio) / ratio + 1e-9)
    return shortest, longest


def _memory_order(unit: MemoryUnit) -> tuple[bool, str, int, str | None, str]:
    """The memory's documented order (:func:`toolkit.memory.translation_memory.build_memory` sorts by it)."""
    origin = unit.origin
    return (origin.from_tmx, origin.place, origin.position, origin.key, origin.locale)


class MemoryIndex:
    """The units of one locale (and one number of plural forms), indexed for :meth:`matches`.

    Distinct source texts are numbered by length (then by the memory's order), so that the texts of a
    length window are one range of numbers, and each pair's list of texts is cut to it by bisection.
    """

    def __init__(self, units: Sequence[MemoryUnit], keep_common: bool = False) -> None:
        """``keep_common``: keep the texts of the common tokens too (not looked up here), for a
        :class:`ChangedIndex` over this one, where a change can make such a token one to look up."""
        first_seen: dict[str, int] = {}
        grouped: list[list[MemoryUnit]] = []
        for unit in units:
            text = _text_of(unit)
            order = first_seen.get(text)
            if order is None:
                order = first_seen[text] = len(grouped)
                grouped.append([])
            grouped[order].append(unit)
        texts = list(first_seen)
        ranked = sorted(range(len(texts)), key=lambda order: (len(texts[order]), order))
        self._texts = [texts[order] for order in ranked]
        self._order = array("I", ranked)
        """The memory's order of each text (by rank): ties go to the earlier one."""
        # Tuples: a text has one unit, mostly, and a list keeps room to grow.
        self._units = [tuple(grouped[order]) for order in ranked]
        del first_seen, grouped, ranked
        self._exact = {text: rank for rank, text in enumerate(self._texts)}
        self._lengths = array("I", map(len, self._texts))
        # Ranks as 4-byte machine integers, not lists of pointers: the index of a bank of 10,000 quizzes
        # holds some five million of them.
        postings: defaultdict[str, array[int]] = defaultdict(_ranks)
        for rank, text in enumerate(self._texts):
            for pair in _pairs(text):
                postings[pair].append(rank)
        common = _common(len(self._texts))
        self._postings = {pair: held for pair, held in postings.items() if len(held) <= common}
        self._common_counts = {pair: len(held) for pair, held in postings.items() if len(held) > common}
        """How many texts hold each token left out as common: a changed memory may no longer find it so."""
        self._common_postings = (
            {pair: held for pair, held in postings.items() if len(held) > common} if keep_common else None
        )

    def __len__(self) -> int:
        return len(self._texts)

    def _window(self, length: int, threshold: float) -> tuple[int, int]:
        """The ranks of the texts whose length lets them reach ``threshold`` percent against a text of
        ``length`` characters: 2 * shorter / (sum of lengths) is the best they can do."""
        shortest, longest = _bounds(length, threshold)
        return bisect.bisect_left(self._lengths, shortest), bisect.bisect_right(self._lengths, longest)

    def _shared_needed(self, tokens: int) -> int:
        """How many indexed tokens a text must share with a query that has ``tokens`` of them."""
        return max(1, tokens // TOKENS_PER_SHARED)

    def _candidates(self, text: str, threshold: float, exclude: int | None) -> list[int]:
        """The ranks worth comparing with ``text``, in no particular order."""
        low, high = self._window(len(text), threshold)
        postings = self._postings
        held = [postings[pair] for pair in _pairs(text) if pair in postings]
        if not held:
            found: Iterable[int] = range(low, high)
        else:
            chained: list[int] = []
            for ranks in held:
                chained.extend(ranks[bisect.bisect_left(ranks, low) : bisect.bisect_left(ranks, high)])
            needed = self._shared_needed(len(held))
            if needed == 1:
                found = set(chained)
            else:
                found = [rank for rank, shared in Counter(chained).items() if shared >= needed]
        return [rank for rank in found if rank != exclude]

    def matches(self, text: str, threshold: float) -> Iterator[MemoryMatch]:
        """Units at least ``threshold`` percent alike, best first (exact ones first of all), ties in the
        memory's order.

        Most callers want only the first match that fits, so the best is found first, on its own, and the
        others are scored only if the caller asks for more: rapidfuzz raises the cut-off to the best score
        found so far while it looks for one best, which rules most candidates out by length alone.
        """
        exact = self._exact.get(text)
        if exact is not None:
            for unit in self._units[exact]:
                yield MemoryMatch(100.0, unit)
        candidates = self._candidates(text, threshold, exact)
        if not candidates:
            return
        texts = self._texts
        # itemgetter picks the texts in C: a query has hundreds of candidates.
        picked = operator.itemgetter(*candidates)(texts) if len(candidates) > 1 else (texts[candidates[0]],)
        best = process.extractOne(text, picked, scorer=fuzz.ratio, score_cutoff=threshold)
        if best is None:
            return
        # Scoring again at the best score is cheap (the length bound rules most texts out): it finds the
        # texts as alike as the best, which go in the memory's order. rapidfuzz turns a cut-off into a
        # bound on common characters with floating point (a text exactly at 98.4 can fail a cut-off of
        # 98.4, or of 98.4 less 1e-6), so it is given a slack far below any difference of two scores.
        boundary = max(threshold, best[1] - SCORE_SLACK)
        best_ones = process.extract(text, picked, scorer=fuzz.ratio, score_cutoff=boundary, limit=None)
        yield from self._ranked(best_ones, candidates)
        rest = process.extract(text, picked, scorer=fuzz.ratio, score_cutoff=threshold, limit=None)
        yield from self._ranked([found for found in rest if found[1] < boundary], candidates)

    def _ranked(
        self, found: Iterable[tuple[str, float, int]], candidates: list[int]
    ) -> Iterator[MemoryMatch]:
        """The units of rapidfuzz's ``found`` (text, score, position in ``candidates``), best first, ties in
        the memory's order."""
        order = self._order
        ranked = sorted(
            (-score, order[candidates[position]], candidates[position]) for _, score, position in found
        )
        for negative, _, rank in ranked:
            for unit in self._units[rank]:
                yield MemoryMatch(-negative, unit)


MAX_CHANGED_SHARE = 0.05
"""A memory that changed by more than this share of its units is indexed afresh, not as changes."""


class ChangedIndex:
    """A :class:`MemoryIndex` of earlier units with some taken away and some added: it finds what a
    :class:`MemoryIndex` of the units as they are now finds, in the same order, without indexing every
    unit again (the preview rebuilds after each save, and a save changes one catalog's units of
    thousands). :meth:`of` gives None where it could not: the caller indexes the units afresh.

    Texts are told apart by the same rules: a token more than :data:`COMMON_PAIR_SHARE` of the texts
    as they are now hold is not looked up; ties go to the text whose first unit comes first in the
    memory's order."""

    def __init__(
        self, base: MemoryIndex, removed: set[int], added: dict[str, list[MemoryUnit]], gone: set[int]
    ) -> None:
        self._base = base
        self._removed = removed
        """The ids of the base's units taken away."""
        self._gone = gone
        """The base's ranks whose every unit was taken away."""
        self._added = added
        """Units added, by text, in the memory's order: texts the base holds too, and new ones."""
        self._new = {text: _pairs(text) for text in added if text not in base._exact}
        self._size = len(base) - len(gone) + len(self._new)
        common = _common(self._size)
        counts: Counter[str] = Counter()
        for rank in gone:
            counts.subtract(_pairs(base._texts[rank]))
        for pairs in self._new.values():
            counts.update(pairs)
        self._counts = counts
        self._common = common

    @classmethod
    def of(
        cls, base: MemoryIndex, removed: Sequence[MemoryUnit], added: Sequence[MemoryUnit]
    ) -> ChangedIndex | None:
        """The index of ``base``'s units less ``removed`` (units of the base, by identity) and with
        ``added``; None when too much changed (:data:`MAX_CHANGED_SHARE`)."""
        if len(removed) + len(added) > MAX_CHANGED_SHARE * max(1, sum(map(len, base._units))):
            return None
        grouped: dict[str, list[MemoryUnit]] = {}
        for unit in sorted(added, key=_memory_order):
            grouped.setdefault(_text_of(unit), []).append(unit)
        removed_ids = {id(unit) for unit in removed}
        gone = set()
        for unit in removed:
            text = _text_of(unit)
            rank = base._exact.get(text)
            if (
                rank is not None
                and text not in grouped
                and all(id(other) in removed_ids for other in base._units[rank])
            ):
                gone.add(rank)
        changed = cls(base, removed_ids, grouped, gone)
        # A token the base left out as common that the changed memory would look up: its texts are
        # not in the base's postings, unless the base kept them.
        if base._common_postings is None:
            for pair, count in base._common_counts.items():
                if count + changed._counts.get(pair, 0) <= changed._common:
                    return None
        return changed

    def __len__(self) -> int:
        return self._size

    def _units_of(self, text: str) -> list[MemoryUnit]:
        """The units of ``text`` now, in the memory's order."""
        rank = self._base._exact.get(text)
        kept = (
            []
            if rank is None
            else [unit for unit in self._base._units[rank] if id(unit) not in self._removed]
        )
        added = self._added.get(text, [])
        return sorted([*kept, *added], key=_memory_order) if kept and added else kept or added

    def _count(self, pair: str) -> int:
        base = self._base
        held = base._postings.get(pair)
        found = len(held) if held is not None else base._common_counts.get(pair, 0)
        return found + self._counts.get(pair, 0)

    def _candidates(self, text: str, threshold: float) -> list[str]:
        """The texts worth comparing with ``text`` (itself left out), as :meth:`MemoryIndex._candidates`."""
        base = self._base
        low, high = base._window(len(text), threshold)
        shortest, longest = _bounds(len(text), threshold)
        new_in_window = [other for other in self._new if shortest <= len(other) <= longest and other != text]
        held = [pair for pair in _pairs(text) if 0 < self._count(pair) <= self._common]
        texts = base._texts
        if not held:
            return [
                texts[rank] for rank in range(low, high) if rank not in self._gone and texts[rank] != text
            ] + new_in_window
        chained: list[str] = []
        for pair in held:
            ranks = base._postings.get(pair)
            if ranks is None and base._common_postings is not None:
                ranks = base._common_postings.get(pair)
            if ranks is not None:
                chained.extend(
                    texts[rank]
                    for rank in ranks[bisect.bisect_left(ranks, low) : bisect.bisect_left(ranks, high)]
                    if rank not in self._gone
                )
            chained.extend(other for other in new_in_window if pair in self._new[other])
        needed = max(1, len(held) // TOKENS_PER_SHARED)
        return [other for other, shared in Counter(chained).items() if shared >= needed and other != text]

    def _order(self, text: str) -> tuple[bool, str, int, str | None, str]:
        return _memory_order(self._units_of(text)[0])

    def matches(self, text: str, threshold: float) -> Iterator[MemoryMatch]:
        """As :meth:`MemoryIndex.matches` on the units as they are now."""
        for unit in self._units_of(text):
            yield MemoryMatch(100.0, unit)
        candidates = self._candidates(text, threshold)
        if not candidates:
            return
        best = process.extractOne(text, candidates, scorer=fuzz.ratio, score_cutoff=threshold)
        if best is None:
            return
        boundary = max(threshold, best[1] - SCORE_SLACK)
        found = process.extract(text, candidates, scorer=fuzz.ratio, score_cutoff=threshold, limit=None)
        for better in (True, False):
            ranked = sorted(
                (-score, self._order(other), other)
                for other, score, _ in found
                if (score >= boundary) == better
            )
            for negative, _, other in ranked:
                for unit in self._units_of(other):
                    yield MemoryMatch(-negative, unit)
