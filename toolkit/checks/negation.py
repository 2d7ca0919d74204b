"""How a statement is negated, in any language a locale pack knows: by a negation of its predicate (not,
نہیں, لا, नहीं), by a word that negates one word (impossible, غیر معمولی, ناممکن), or not at all.

A negation word is no negation in the constructions a pack lists: "until" (Urdu جب تک … نہ, Hindi
जब तक … न, Arabic ما لم), "only" (Arabic لا … إلا), fixed phrases (لا سيما, "especially"; "no
matter"). Two statements disagree only where one negates its predicate and the other has neither a
predicate's nor a word's negation: "not possible" and "impossible" say one thing.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from toolkit.checks.comparable import folded, words
from toolkit.checks.text_features import prose
from toolkit.text.locale_packs import (
    ENGLISH_NEGATING_PREFIXES,
    ENGLISH_NEGATION_CONSTRUCTIONS,
    ENGLISH_NEGATION_WORDS,
    ENGLISH_NOT_NEGATED,
    language_of,
    pack_for,
)

ANY_WORDS = "…"
ANY_NEGATION = "¬"
_AFFIX_REST = 3
"""A negating prefix is followed by at least this many letters: نا- in ناممکن, not in نام (name)."""
# Where a clause ends: a negation in one clause says nothing of the next.
_CLAUSE_END = re.compile(r"[,،;؛.۔!?؟:\n।॥]")
# English words whose negating prefix is followed by an adjective's ending (impossible, incorrect,
# unusual, irregular, non-toxic); un- with anything but the words un- begins without negating.
_ENGLISH_ADJECTIVE = re.compile(
    r"(?:in|im|ir|il)[a-z]{3,}(?:ible|able|ent|ant|ete|ite|ect|al|ar|ous|ive|ic|ure)s?"
)
_ENGLISH_NOT_UN = ("none", "under", "uni", "until", "unto")


@dataclass(frozen=True)
class NegationLexicon:
    """One language's negations: the words that negate a predicate, those that negate one word, and
    the constructions in which a negation word negates nothing."""

    words: frozenset[str]
    affixes: frozenset[str] = frozenset()
    constructions: tuple[str, ...] = ()
    english: bool = False

    @property
    def known(self) -> bool:
        return bool(self.words)


def lexicon(locale: str) -> NegationLexicon:
    """The negations of ``locale``'s pack; English's where no pack serves an English locale; an empty
    lexicon (nothing known) for another language."""
    pack = pack_for(locale)
    if pack is not None:
        return NegationLexicon(pack.negation_words, pack.negating_affixes, pack.negation_constructions)
    if language_of(locale) == "en":
        return NegationLexicon(
            ENGLISH_NEGATION_WORDS, constructions=ENGLISH_NEGATION_CONSTRUCTIONS, english=True
        )
    return NegationLexicon(frozenset())


@dataclass(frozen=True)
class Negations:
    """The negations of one statement, in order, as written."""

    predicate: tuple[str, ...]
    """Words that negate the statement (or one of its clauses)."""
    affixal: tuple[str, ...]
    """Words that negate one word (impossible, غیر معمولی)."""


def negations(text: str, language: NegationLexicon) -> Negations:
    """The negations of ``text`` outside inline code, compared folded (an Arabic yeh in Urdu نہيں, which
    arabic-code-points reports, is still نہیں)."""
    predicate: list[str] = []
    affixal: list[str] = []
    whole, prefixes = _split(language.words)
    affix_words, affix_prefixes = _split(language.affixes)
    for clause in _CLAUSE_END.split(prose(text)):
        found = words(clause)
        readings = [folded(word) for word in found]
        negating = [_is_negation(reading, whole, prefixes) for reading in readings]
        neutral = _in_constructions(readings, negating, language.constructions)
        for index, (word, reading) in enumerate(zip(found, readings, strict=True)):
            if index in neutral:
                continue
            if _is_affixal(reading, affix_words, affix_prefixes, english=language.english):
                affixal.append(word)
            elif negating[index]:
                predicate.append(word)
    return Negations(tuple(predicate), tuple(affixal))


NEGATIVE_WORD_PREFIXES = ("अन", "अ", "ना", "ग़ैर", "गैर", "نا", "غیر", "غير", "بے", "بی", "لا")
"""The prefixes that make the negated words a pack lists (असंभव, नामुमकिन, ناممکن) from their positive
words (संभव, मुमकिन, ممکن): only to find that positive word, never to read any word beginning with them as
negated (अच्छा, "good", begins with अ)."""


@functools.cache  # a lexicon is one of a few per run; each true/false prompt asks
def positive_words(language: NegationLexicon) -> dict[str, str]:
    """The positive word of each negated word ``language`` lists, folded: संभव for असंभव."""
    found: dict[str, str] = {}
    for word in language.affixes:
        if word.endswith("-"):
            continue
        reading = folded(word)
        for prefix in NEGATIVE_WORD_PREFIXES:
            if reading.startswith(prefix) and len(reading) >= len(prefix) + _AFFIX_REST:
                found.setdefault(reading[len(prefix) :], word)
                break
    return found


def positive_counterpart(text: str, language: NegationLexicon) -> str | None:
    """A word of ``text`` that is the positive of a negated word ``language`` lists (संभव, where the
    pack lists असंभव), as written; None if there is none."""
    positives = positive_words(language)
    if not positives:
        return None
    return next((word for word in words(prose(text)) if folded(word) in positives), None)


def _split(vocabulary: frozenset[str]) -> tuple[frozenset[str], tuple[str, ...]]:
    whole = frozenset(folded(word) for word in vocabulary if not word.endswith("-"))
    prefixes = tuple(folded(word[:-1]) for word in vocabulary if word.endswith("-"))
    return whole, prefixes


def _is_negation(reading: str, whole: frozenset[str], prefixes: tuple[str, ...]) -> bool:
    return (
        reading in whole
        or (bool(prefixes) and reading.startswith(prefixes))
        or ("n't" in whole and reading.endswith("n't"))
    )


def _is_affixal(reading: str, whole: frozenset[str], prefixes: tuple[str, ...], *, english: bool) -> bool:
    if reading in whole or any(
        reading.startswith(prefix) and len(reading) >= len(prefix) + _AFFIX_REST for prefix in prefixes
    ):
        return True
    if not english or reading in ENGLISH_NOT_NEGATED:
        return False
    if reading == "non":  # non-toxic: the words part at the hyphen
        return True
    if reading.startswith(("non", "un")) and not reading.startswith(_ENGLISH_NOT_UN):
        return len(reading) >= len("non") + _AFFIX_REST
    return reading.startswith(ENGLISH_NEGATING_PREFIXES) and bool(_ENGLISH_ADJECTIVE.fullmatch(reading))


def _in_constructions(readings: list[str], negating: list[bool], constructions: tuple[str, ...]) -> set[int]:
    """The positions of the words of one clause that stand in one of ``constructions``."""
    neutral: set[int] = set()
    for construction in constructions:
        segments = [[folded(word) for word in segment.split()] for segment in construction.split(ANY_WORDS)]
        start = 0
        while start < len(readings):
            matched = _match(readings, negating, segments, start)
            if matched is None:
                break
            neutral.update(matched)
            start = max(matched) + 1
    return neutral


def _match(
    readings: list[str], negating: list[bool], segments: list[list[str]], start: int
) -> list[int] | None:
    """The positions of the first match of ``segments`` (each a run of words, any words between them)
    at or after ``start``; None where there is none."""
    positions: list[int] = []
    cursor = start
    for segment in segments:
        found = next(
            (
                index
                for index in range(cursor, len(readings) - len(segment) + 1)
                if all(
                    negating[index + offset] if word == ANY_NEGATION else readings[index + offset] == word
                    for offset, word in enumerate(segment)
                )
            ),
            None,
        )
        if found is None:
            return None
        positions.extend(range(found, found + len(segment)))
        cursor = found + len(segment)
    return positions
