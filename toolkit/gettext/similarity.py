"""How alike two source texts are, and the most alike old entry for a new text, as GNU msgmerge decides.

msgmerge attaches an old translation to a new source text (as fuzzy) when no entry has the same
msgctxt and msgid. Its choice is reproduced exactly, so that quizkit's merge of a catalog without keys
attaches a translation only where msgmerge would (gettext-tools ``msgl-fsearch.c``, ``msgl-fsearch``'s
goal function in ``message.c`` and gnulib's ``fstrcmp.c``):

* similarity is ``2 * LCS / (len(a) + len(b))`` over the UTF-8 bytes (fstrcmp; the LCS is rapidfuzz's);
* candidates are the entries whose first translation is not empty (active or obsolete, fuzzy or not),
  which share a 4-gram of characters with the new text, tried in decreasing order of shared 4-grams;
  texts of fewer than four characters are compared with every short entry of a fitting length;
* an entry without msgctxt, or with the same one, gets a bonus of 0.00001;
* the best weight strictly above 0.6 wins; among equals the first tried.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from rapidfuzz.distance import LCSseq

from toolkit.gettext.catalog import CatalogEntry

FUZZY_THRESHOLD = 0.6
_CONTEXT_BONUS = 0.00001
_GRAM = 4
# msgmerge keeps texts of up to 3 characters (12 bytes) apart, and compares them with entries of up to
# 12 * (2 / 0.6 - 1) bytes: longer ones cannot reach the threshold.
_LENGTH_SPREAD = 2 / FUZZY_THRESHOLD - 1
_SHORT_TEXT_MAX_BYTES = int((_GRAM - 1) * 4 * _LENGTH_SPREAD)


class _Text:
    """A text prepared for many comparisons: its UTF-8 bytes and their histogram."""

    __slots__ = ("data", "histogram")

    def __init__(self, text: bytes) -> None:
        self.data = text
        self.histogram = Counter(text)


def common_subsequence_length(first: bytes, second: bytes) -> int:
    """The length of a longest common subsequence of the two byte strings: rapidfuzz's ``LCSseq``, the
    bit-parallel algorithm (Hyyrö 2004) in C++, which compares bytes as bytes."""
    return LCSseq.similarity(first, second)


def _similarity(first: _Text, second: _Text, lower_bound: float) -> float:
    total = len(first.data) + len(second.data)
    if not first.data or not second.data:
        return 1.0 if total == 0 else 0.0
    if lower_bound > 0:
        if 2 * min(len(first.data), len(second.data)) / total < lower_bound:
            return 0.0
        if total >= 20:
            # Each byte can pair only with an equal byte: the histograms bound the subsequence.
            histogram = first.histogram
            pairs = sum(min(count, histogram.get(byte, 0)) for byte, count in second.histogram.items())
            if 2 * pairs / total < lower_bound:
                return 0.0
    return 2 * common_subsequence_length(first.data, second.data) / total


def similarity(first: bytes, second: bytes, lower_bound: float = 0.0) -> float:
    """fstrcmp: 1.0 for equal texts, 0.0 for nothing in common; 0.0 as soon as it must be below
    ``lower_bound`` (the cheap bounds of fstrcmp_bounded spare the subsequence)."""
    return _similarity(_Text(first), _Text(second), lower_bound)


def _weight(
    candidate: CatalogEntry, prepared: _Text, context: str | None, text: _Text, lower_bound: float
) -> float:
    bonus = 0.0
    if candidate.context is None or (context is not None and candidate.context == context):
        # A translation made without context, or for the same one, is a slightly better proposal.
        bonus = _CONTEXT_BONUS
        lower_bound -= bonus * 1.01
    return _similarity(text, prepared, lower_bound) + bonus


def _grams(text: str) -> list[str]:
    return [text[start : start + _GRAM] for start in range(len(text) - _GRAM + 1)]


class SimilarityIndex:
    """The entries of an old catalog that msgmerge would propose for a new text, indexed by 4-grams."""

    def __init__(self, entries: Sequence[CatalogEntry]) -> None:
        self._entries = entries
        self._texts: dict[int, _Text] = {}
        self._by_gram: dict[str, list[int]] = {}
        self._short: dict[int, list[int]] = {}
        for index, entry in enumerate(entries):
            translations = entry.translations
            if not translations or not translations[0]:
                continue
            for gram in _grams(entry.msgid):
                holders = self._by_gram.setdefault(gram, [])
                if not holders or holders[-1] != index:
                    holders.append(index)
            length = len(entry.msgid.encode("utf-8"))
            if length <= _SHORT_TEXT_MAX_BYTES:
                self._short.setdefault(length, []).append(index)

    def best(self, context: str | None, msgid: str) -> int | None:
        """The position of the entry msgmerge would attach to ``msgid``, or None."""
        text = msgid.encode("utf-8")
        prepared = _Text(text)
        if len(msgid) >= _GRAM:
            shared: Counter[int] = Counter()
            for gram in _grams(msgid):
                shared.update(self._by_gram.get(gram, ()))
            order = sorted(shared, key=lambda index: (-shared[index], index))
        else:
            shortest = math.ceil(len(text) / _LENGTH_SPREAD)
            longest = int(len(text) * _LENGTH_SPREAD)
            order = [
                index for length in range(shortest, longest + 1) for index in self._short.get(length, ())
            ]
        best_weight, best_index = FUZZY_THRESHOLD, None
        for index in order:
            candidate = self._entries[index]
            if index not in self._texts:
                self._texts[index] = _Text(candidate.msgid.encode("utf-8"))
            weight = _weight(candidate, self._texts[index], context, prepared, best_weight)
            if weight > best_weight:
                best_weight, best_index = weight, index
        return best_index
