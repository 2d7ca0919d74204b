"""Finding the memory units most like a new source text, fast enough for thousands of texts at a time.

Similarity is rapidfuzz's ``fuzz.ratio``: ``2 * LCS / (len(a) + len(b))`` over characters, in percent.
It is GNU msgmerge's measure (fstrcmp) counted in characters instead of UTF-8 bytes, so an Urdu or
accented text is not judged by how many bytes its letters take.

Comparing a text with every unit is too slow for a large memory, so candidates are chosen first:

* by length: two texts of lengths ``a <= b`` are at most ``2a / (a + b)`` alike, so only units within
  the bounds the threshold allows are ever compared;
* by shared word pairs: texts are indexed by their pairs of adjacent words, each cut to its first four
  letters and case-folded (``"sends gradients"`` and ``"send the gradient"`` share ``send grad``… and a
  suffix changes nothing). A text that shares no pair with the query is not compared. Pairs that more than
  :data:`COMMON_PAIR_SHARE` of the texts hold say nothing and are left out of the look-up; a query with no
  other pair (or of one word) is compared with every text of a fitting length.

The pre-filter can miss a unit that is alike only letter by letter (every word pair changed);
``benchmarks/memory_benchmark.py`` measures how often against comparing with every unit.

Ties are broken by the order of the units (the memory's documented order): the first best wins.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from toolkit.catalogs.memory import MemoryUnit

COMMON_PAIR_SHARE = 0.02
_WORD = re.compile(r"\w+")
_STEM = 4


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
    stems = [word[:_STEM] for word in _WORD.findall(text.casefold())]
    if len(stems) == 1:
        return {stems[0]}
    return {f"{first} {second}" for first, second in itertools.pairwise(stems)}


class MemoryIndex:
    """The units of one locale (and one number of plural forms), indexed for :meth:`matches`."""

    def __init__(self, units: Sequence[MemoryUnit]) -> None:
        texts: dict[str, int] = {}
        self._units: list[list[MemoryUnit]] = []
        for unit in units:
            text = _text_of(unit)
            index = texts.get(text)
            if index is None:
                index = texts[text] = len(self._units)
                self._units.append([])
            self._units[index].append(unit)
        self._exact = texts
        self._texts = list(texts)
        # Text numbers sorted by length, for the length bounds.
        self._by_length = sorted(range(len(self._texts)), key=lambda index: (len(self._texts[index]), index))
        self._lengths = [len(self._texts[index]) for index in self._by_length]
        postings: dict[str, list[int]] = {}
        for index, text in enumerate(self._texts):
            for pair in _pairs(text):
                postings.setdefault(pair, []).append(index)
        common = max(50, int(len(self._texts) * COMMON_PAIR_SHARE))
        self._postings = {pair: held for pair, held in postings.items() if len(held) <= common}

    def __len__(self) -> int:
        return len(self._texts)

    def _window(self, length: int, threshold: float) -> tuple[int, int]:
        """Lengths a text of ``length`` characters can have and still reach ``threshold`` percent."""
        ratio = max(threshold, 1.0) / 100
        shortest = math.ceil(length * ratio / (2 - ratio) - 1e-9)
        longest = math.floor(length * (2 - ratio) / ratio + 1e-9)
        return shortest, longest

    def _candidates(self, text: str, threshold: float) -> list[int]:
        shortest, longest = self._window(len(text), threshold)
        held = [self._postings[pair] for pair in _pairs(text) if pair in self._postings]
        if held:
            found = set().union(*held)
            return sorted(index for index in found if shortest <= len(self._texts[index]) <= longest)
        low = bisect.bisect_left(self._lengths, shortest)
        high = bisect.bisect_right(self._lengths, longest)
        return sorted(self._by_length[low:high])

    def matches(self, text: str, threshold: float) -> Iterator[MemoryMatch]:
        """Units at least ``threshold`` percent alike, best first (exact ones first of all), ties in the
        memory's order."""
        exact = self._exact.get(text)
        if exact is not None:
            for unit in self._units[exact]:
                yield MemoryMatch(100.0, unit)
        candidates = [index for index in self._candidates(text, threshold) if index != exact]
        found = process.extract(
            text,
            [self._texts[index] for index in candidates],
            scorer=fuzz.ratio,
            score_cutoff=threshold,
            limit=None,
        )
        scored = sorted((-score, candidates[position]) for _, score, position in found)
        for negative, index in scored:
            for unit in self._units[index]:
                yield MemoryMatch(-negative, unit)
