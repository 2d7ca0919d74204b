"""Texts as a learner tells them apart: what the answer-key checks compare, in any locale.

Two options a learner cannot tell apart are the same option, whatever code points they are written in:
an Arabic kaf for the Urdu one, a vowel mark one of them omits, Urdu digits for Latin ones, a doubled space,
a tatweel or a full stop do not make them two answers. A sign, an operator, a currency, a capital (Co and
CO, Mb and MB) and vowel marks both texts write differently (عِلْم, عَلَم) do. :func:`comparable` removes
exactly the first kind of difference, :func:`alike` compares two texts with it, :func:`exact` is a text as
written, but for its spacing;
:func:`words` splits a text into whole words in every script (Devanagari's vowel signs are marks, not
word ends); :func:`scripts` names the scripts a text's letters are written in.
"""

from __future__ import annotations

import functools
import unicodedata

from toolkit.text.tokens import split_inline_code

# Letter variants that read as one letter (the Urdu normalizer's and Arabic search's foldings): Arabic kaf
# and Urdu keheh, Arabic yeh, alef maksura and Persian yeh, Arabic heh and Urdu heh goal, teh marbuta and
# heh, the hamza forms of alef. Urdu's do-chashmi heh (ھ) is a letter of its own (پھل is not پہل) and stays.
_LETTER_VARIANTS = str.maketrans(
    {
        "\u0643": "\u06a9",  # ك → ک
        "\u064a": "\u06cc",  # ي → ی
        "\u0649": "\u06cc",  # ى → ی
        "\u0647": "\u06c1",  # ه → ہ
        "\u06d5": "\u06c1",  # ە → ہ
        "\u0629": "\u06c1",  # ة → ہ
        "\u0623": "\u0627",  # أ → ا
        "\u0625": "\u0627",  # إ → ا
        "\u0671": "\u0627",  # ٱ → ا
    }
)
# Marks a reader may or may not write: the Latin combining accents (after NFD) and the Arabic harakat,
# superscript alef and Quranic marks. Devanagari's vowel signs and nukta change the word and stay.
_OPTIONAL_MARKS = frozenset(
    chr(code)
    for code in [
        *range(0x0300, 0x0370),
        *range(0x064B, 0x0660),
        0x0670,
        *range(0x06D6, 0x06EE),
    ]
)
_INVISIBLE = frozenset({"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u0640", "\u00ad"})
_DROPPED = str.maketrans(dict.fromkeys(_OPTIONAL_MARKS | _INVISIBLE))
_APOSTROPHES = frozenset({"'", "\u2019"})


# A sign or operator changes the value (−5 °C and 5 °C, a + b and a × b), and so does a currency or a
# percent sign: math and currency symbols stay, and a dash right before a digit is a minus sign.
_KEPT_SYMBOL_CATEGORIES = ("Sm", "Sc")  # math symbols, currencies
_PERCENT = {"%": "%", "\u066a": "%", "\u2030": "\u2030"}
# A minus sign as typed: the hyphen-minus, Unicode's minus (U+2212), the dashes and full-width forms.
_MINUS_SIGNS = frozenset({"-", "\u2212", "\u2012", "\u2013", "\ufe63", "\uff0d"})


# Sized for a large project's catalog (tens of thousands of texts, each compared several times): the checks
# of one catalog ask for the same options, prompts and sources again and again.
@functools.lru_cache(maxsize=1 << 16)
def comparable(text: str) -> str:
    """``text`` without the differences a learner does not see as another answer: letter variants,
    optional diacritics, the script of its digits, spacing, invisible characters and punctuation. Signs,
    operators, currencies, percent signs and case stay. Inline code keeps its characters (`` `a.b` `` is
    not `` `ab` ``) but not its backticks."""
    pieces = []
    for piece, is_code in split_inline_code(text):
        if is_code:
            pieces.append(f" {piece.strip('`')} ")
            continue
        letters = _folded(piece, casefold=False)
        kept = [
            (" " if _joins(letters, index) else " -")
            if character in _MINUS_SIGNS
            else _comparable_character(character)
            for index, character in enumerate(letters)
        ]
        pieces.append("".join(kept))
    return " ".join("".join(pieces).split())


@functools.cache
def _comparable_character(character: str) -> str:
    """What one character (not a minus sign) is in a comparable text: a digit as its Latin digit, a
    percent, math or currency sign spaced apart, other punctuation and symbols a space, else itself."""
    digit = unicodedata.decimal(character, None)
    if digit is not None:
        return str(digit)
    if character in _PERCENT:
        return f" {_PERCENT[character]} "
    category = unicodedata.category(character)
    if category in _KEPT_SYMBOL_CATEGORIES:
        return f" {character} "
    if category.startswith(("P", "S")):
        return " "
    return character


def _joins(text: str, index: int) -> bool:
    """Whether the dash at ``index`` joins two words or numbers (All-Reduce, 5-3): punctuation. Anywhere
    else (−5, a − b) it is a minus sign."""
    before = text[index - 1 : index]
    after = text[index + 1 : index + 2]
    return all(neighbour and unicodedata.category(neighbour)[0] in "LMN" for neighbour in (before, after))


@functools.lru_cache(maxsize=1 << 16)
def searchable(text: str) -> str:
    """:func:`comparable` ``text`` casefolded, between spaces: what a search for whole words in it (a
    prompt that repeats an option, an answer given away) compares, case aside."""
    return f" {comparable(text).casefold()} "


def contains_words(text: str, part: str) -> bool:
    """Whether ``part`` stands in ``text`` as whole words, as a learner reads them (letter forms,
    optional diacritics, digits, case, spacing and punctuation aside)."""
    wanted = searchable(part)
    return wanted != "  " and wanted in searchable(text)


def alike(first: str, second: str) -> bool:
    """Whether a learner reads ``first`` and ``second`` as one text: :func:`comparable` is the same, and
    where both write vowel marks, they write the same ones (a mark one text omits is optional; عِلْم and
    عَلَم, "science" and "flag", are two words)."""
    if comparable(first) != comparable(second):
        return False
    first_marks, second_marks = _marks(first), _marks(second)
    return not (first_marks and second_marks and first_marks != second_marks)


@functools.lru_cache(maxsize=1 << 16)
def _marks(text: str) -> str:
    """The letters of ``text`` with the optional marks on them (letter variants as one letter, nothing
    invisible, no spacing or punctuation); empty where it writes no optional mark."""
    decomposed = unicodedata.normalize("NFKD", text)
    if not any(character in _OPTIONAL_MARKS for character in decomposed):
        return ""
    return "".join(
        character
        for character in decomposed
        if character not in _INVISIBLE and unicodedata.category(character)[0] in "LMN"
    ).translate(_LETTER_VARIANTS)


def exact(text: str) -> str:
    """``text`` as written, but for its spacing and Unicode normalization: what a learner sees as the
    very same text."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def folded(text: str) -> str:
    """``text`` with its letter variants as one letter, without optional diacritics and invisible
    characters, casefolded: a word as a reader recognizes it, whatever code points spell it."""
    return _folded(text, casefold=True)


def _folded(text: str, *, casefold: bool) -> str:
    kept = unicodedata.normalize("NFKD", text).translate(_DROPPED)
    letters = unicodedata.normalize("NFC", kept).translate(_LETTER_VARIANTS)
    return letters.casefold() if casefold else letters


def _is_word_character(character: str) -> bool:
    return unicodedata.category(character)[0] in "LMN" or character in ("\u200c", "\u200d")


def words(text: str) -> list[str]:
    """The words of ``text`` in order, casefolded: runs of letters, marks and digits (ZWNJ inside a
    Persian word stays in it); an apostrophe between letters joins (doesn't), elsewhere it parts."""
    found: list[str] = []
    current: list[str] = []
    for index, character in enumerate(text):
        if _is_word_character(character):
            current.append(character)
        elif (
            character in _APOSTROPHES
            and current
            and index + 1 < len(text)
            and _is_word_character(text[index + 1])
        ):
            current.append("'")
        elif current:
            found.append("".join(current).casefold())
            current = []
    if current:
        found.append("".join(current).casefold())
    return found


def scripts(text: str) -> set[str]:
    """The scripts of the letters of ``text`` outside inline code, as Unicode names them in its
    characters' names (``LATIN``, ``ARABIC``, ``DEVANAGARI``, ``CYRILLIC``…)."""
    found = set()
    for piece, is_code in split_inline_code(text):
        if is_code:
            continue
        for character in piece:
            if unicodedata.category(character).startswith("L"):
                found.add(unicodedata.name(character, "UNKNOWN").split()[0])
    return found
