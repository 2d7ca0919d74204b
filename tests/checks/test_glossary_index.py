"""The glossary checks find terms through an index of their words (issue 17: a glossary of 15,000
terms made ``quizkit check`` try every term's pattern on every text). The index must find exactly what
trying every term finds: compared here with that brute force on generated glossaries and texts (case,
inflections, hyphens, punctuation, words outside ASCII, keep_latin), and shown to try only the terms
whose words a text has."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.content.glossary import _ASCII_CASE_PARTNERS, Glossary, Term, _normalized_english


def every_term_tried(glossary: Glossary, source: str) -> list[Term]:
    """``Glossary.terms_in`` as it was before the index: every term's pattern on the text."""
    text = _normalized_english(re.sub(r"`[^`]*`", " ", source))
    matches = [
        (match.start(), match.end(), term)
        for term in glossary.terms
        for match in term._pattern.finditer(text)
    ]
    kept: list[Term] = []
    for start, end, term in matches:
        covered = any(
            other_start <= start and end <= other_end and (other_end - other_start) > (end - start)
            for other_start, other_end, _ in matches
        )
        if not covered and term not in kept:
            kept.append(term)
    return kept


def test_every_character_a_pattern_matches_with_an_ascii_letter_is_folded_to_it() -> None:
    """The index compares words in ASCII lower case; a character outside ASCII that a case-insensitive
    pattern takes for an ASCII letter must fold to that letter, or a term would be missed."""
    letter = re.compile("[a-z]", re.IGNORECASE)
    for code in range(0x80, 0x110000):
        character = chr(code)
        if letter.fullmatch(character):
            folded = character.translate(_ASCII_CASE_PARTNERS).lower()
            assert re.fullmatch(folded, character, re.IGNORECASE), hex(code)


WORDS = ["data", "GPU", "state", "optimizer", "all", "reduce", "batch", "naïve", "İndex", "C", "step", "a"]
SEPARATORS = [" ", "-", "  ", " - ", "'", "++ ", ". ", "\n"]
INFLECTIONS = ["", "", "s", "es", "ed", "d", "ing", "ting", "ps", "x"]


def _cased(draw: st.DrawFn, word: str) -> str:
    choice = draw(st.sampled_from(["same", "lower", "upper", "title", "partners"]))
    if choice == "lower":
        return word.lower()
    if choice == "upper":
        return word.upper()
    if choice == "title":
        return word.title()
    if choice == "partners":
        return word.replace("i", "ı").replace("s", "ſ").replace("k", "\u212a")
    return word


@st.composite
def glossaries_and_sources(draw: st.DrawFn) -> tuple[Glossary, str]:
    terms: list[Term] = []
    seen: set[str] = set()
    for _ in range(draw(st.integers(1, 12))):
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
        english = words[0]
        for word in words[1:]:
            english += draw(st.sampled_from(SEPARATORS[:4])) + word
        english += draw(st.sampled_from(["", "", "++", "'s"]))
        if english.casefold() in seen:
            continue
        seen.add(english.casefold())
        terms.append(Term(english, "ترجمہ", keep_latin=draw(st.booleans())))
    pieces: list[str] = []
    for _ in range(draw(st.integers(0, 14))):
        word = _cased(draw, draw(st.sampled_from([*WORDS, "other", "dataset", "GPUs"])))
        pieces.append(word + draw(st.sampled_from(INFLECTIONS)) + draw(st.sampled_from(SEPARATORS)))
    source = "".join(pieces)
    if draw(st.booleans()):
        source = source.replace("state", "`state`", 1)
    return Glossary("ur", tuple(terms)), source


@settings(max_examples=examples(400), deadline=None)
@given(glossaries_and_sources())
def test_the_index_finds_what_trying_every_term_finds(case: tuple[Glossary, str]) -> None:
    glossary, source = case
    assert glossary.terms_in(source) == every_term_tried(glossary, source)


def test_a_text_tries_only_the_terms_whose_words_it_has() -> None:
    """15,000 terms sharing their first word, as in the attack: a text with that word tries only the
    terms whose every word it has, not all 15,000."""
    terms = tuple(Term(f"the w{number}x step", "ترجمہ") for number in range(15_000))
    glossary = Glossary("ur", (*terms, Term("GPU", "GPU", keep_latin=True)))
    text = "The w17x step on the GPUs, then the w18x steps"

    assert glossary._index.candidates(_normalized_english(text)) == [17, 18, 15_000]
    assert [term.english for term in glossary.terms_in(text)] == ["the w17x step", "the w18x step", "GPU"]
