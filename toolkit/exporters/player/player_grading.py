"""The tables the player's grader (``player/grading.js``) needs to grade exactly as the library does.

The player ports :mod:`toolkit.localization.grading` to JavaScript; what that port must know of Python's
and the library's character data travels in the page instead of being copied by hand: Python's
whitespace (``str.split``), the bidi controls the grader removes, Python's ``casefold`` of every code point (JavaScript has
none), the locale's number symbols and the zero of
every Unicode decimal digit run (``parse_number``), and, where the reference grader applies the Urdu
normalizer, its letter mappings, character classes and word lists (``toolkit.text.urdu_normalizer``).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from toolkit.localization.grading import applies_urdu_normalizer
from toolkit.text import numbers
from toolkit.text import urdu_normalizer as urdu

LAST_CASED_OR_DIGIT = 0x1FFFF
"""Whitespace, case and decimal digits are all in the first two planes (a test checks every code point
of this Python): scanning them alone keeps the tables quick to make."""


@functools.cache
def _whitespace() -> str:
    return "".join(chr(code) for code in range(LAST_CASED_OR_DIGIT + 1) if chr(code).isspace())


@functools.cache
def _casefold_table() -> dict[str, Any]:
    """Python's ``str.casefold`` of every code point it changes, whole (JavaScript has no casefold, and
    its ``toLowerCase`` follows the browser's Unicode version, not Python's): folds to one code point as
    runs ``[first, last, step, delta]`` (every ``step``-th code point from ``first`` to ``last`` folds to
    itself plus ``delta``), and folds to several code points (ß → ss) as a mapping."""
    runs: list[list[int]] = []
    several: dict[str, str] = {}
    for code in range(LAST_CASED_OR_DIGIT + 1):
        if 0xD800 <= code < 0xE000:
            continue
        folded = chr(code).casefold()
        if folded == chr(code):
            continue
        if len(folded) > 1:
            several[chr(code)] = folded
            continue
        delta = ord(folded) - code
        if runs:
            first, last, step, run_delta = runs[-1]
            if run_delta == delta and (code - last == step or (first == last and code - last in (1, 2))):
                runs[-1] = [first, code, code - last, delta]
                continue
        runs.append([code, code, 1, delta])
    return {"runs": runs, "several": several}


@functools.cache
def _decimal_zeros() -> list[int]:
    """The code point of the zero of every run of Unicode decimal digits (0 to 9, contiguous)."""
    return [code for code in range(LAST_CASED_OR_DIGIT + 1) if unicodedata.decimal(chr(code), None) == 0]


def _number_rules(locale: str) -> dict[str, Any]:
    symbols = numbers.number_symbols(locale)
    return {
        "decimal": symbols.decimal,
        "group": symbols.group,
        "groupIsSpace": symbols.group.strip() == "" or symbols.group in numbers._SPACES,
        "spaces": numbers._SPACES,
        "minusSigns": numbers._MINUS_SIGNS,
        "arabicDecimal": numbers._ARABIC_DECIMAL,
        "arabicGroup": numbers._ARABIC_GROUP,
        "zeros": _decimal_zeros(),
    }


def _python_class(negated: bool = False) -> str:
    """Python's ``\\s`` (or ``\\S``) as a JavaScript character class: the two disagree on a few code
    points (JavaScript counts U+FEFF, Python U+001C–U+001F and U+0085)."""
    escaped = "".join(f"\\u{ord(character):04x}" for character in _whitespace())
    return f"[{'^' if negated else ''}{escaped}]"


def _urdu_rules() -> dict[str, Any]:
    not_space = _python_class(negated=True)
    return {
        "letter": urdu._ARABIC_LETTER.pattern,
        "mark": urdu._ARABIC_MARK.pattern,
        "letterTriggers": urdu._LETTER_FIX_TRIGGERS.pattern,
        "spacingTriggers": urdu._SPACING_TRIGGERS.pattern.replace("\\S", not_space),
        "notSpace": not_space,
        "nonJoining": sorted(urdu._NON_JOINING),
        "finalDoachashmee": dict(urdu._FINAL_DOACHASHMEE),
        "latinToUrdu": dict(urdu._LATIN_TO_URDU),
        "letters": {
            urdu.ARABIC_KAF: urdu.KEHEH,
            urdu.ARABIC_YEH: urdu.FARSI_YEH,
            urdu.ALEF_MAKSURA: urdu.FARSI_YEH,
            "\u06c0": "\u06c2",
            **{chr(0x0660 + digit): chr(0x06F0 + digit) for digit in range(10)},
        },
    }


def grading_tables(locale: str) -> dict[str, Any]:
    """Everything ``grading.js`` reads, for a page in ``locale``."""
    return {
        "whitespace": _whitespace(),
        "bidiControls": "".join(sorted(urdu.BIDI_CONTROLS)),
        "casefold": _casefold_table(),
        "number": _number_rules(locale),
        "urdu": _urdu_rules() if applies_urdu_normalizer(locale) else None,
    }
