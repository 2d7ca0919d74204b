"""Texts as a learner tells them apart: what the answer-key checks compare, in any locale.

Two options a learner cannot tell apart are the same option, whatever code points they are written in:
an Arabic kaf for the Urdu one, a vowel mark, Urdu digits for Latin ones, a capital, a doubled space or a
full stop do not make them two answers. :func:`comparable` removes exactly those differences;
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
_APOSTROPHES = frozenset({"'", "\u2019"})


@functools.lru_cache(maxsize=4096)
def comparable(text: str) -> str:
    """``text`` without the differences a learner does not see as another answer: letter variants,
    optional diacritics, the script of its digits, case, spacing, invisible characters and punctuation.
    Inline code keeps its characters (`` `a.b` `` is not `` `ab` ``) but not its backticks."""
    pieces = []
    for piece, is_code in split_inline_code(text):
        if is_code:
            pieces.append(f" {piece.strip('`')} ")
            continue
        decomposed = unicodedata.normalize("NFKD", piece)
        kept = []
        for character in decomposed:
            if character in _OPTIONAL_MARKS or character in _INVISIBLE:
                continue
            digit = unicodedata.decimal(character, None)
            if digit is not None:
                kept.append(str(digit))
            elif unicodedata.category(character).startswith(("P", "S")):
                kept.append(" ")
            else:
                kept.append(character)
        pieces.append(unicodedata.normalize("NFC", "".join(kept)).translate(_LETTER_VARIANTS))
    return " ".join("".join(pieces).casefold().split())


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
