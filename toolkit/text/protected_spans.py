"""The spans of a text that a script fix never touches: inline code, code blocks, TeX formulas, URLs,
numbers written with separators, and groups of numbers.

Every locale pack's normalizer and checks (Urdu, Arabic, Persian, Hindi…) leave these as they are: code
and URLs are not prose, and a separator or comma inside a number belongs to the number, not to the
script's punctuation.
"""

from __future__ import annotations

import re

from toolkit.text.formulas import formulas_outside_code
from toolkit.text.tokens import code_block_spans

_DIGIT = "0-9\u06f0-\u06f9\u0660-\u0669"  # Latin, Extended Arabic-Indic (Urdu, Persian), Arabic-Indic
_INLINE_CODE = re.compile(r"`[^`]*`")
_URL = re.compile(r"https?://\S+|www\.\S+")
_SEPARATED_NUMBER = re.compile(f"[{_DIGIT}]+(?:[.,:][{_DIGIT}]+)+")
# Sets, tuples and intervals of numbers ({1, 2}, (0, 1]) keep their mathematical commas.
_NUMBER_GROUP = re.compile(f"[{{\\[(][{_DIGIT} ,.;\u060c-]*[{_DIGIT}][{_DIGIT} ,.;\u060c-]*[}}\\])]")


def protected_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every protected span of ``text``; spans may overlap."""
    spans = [match.span() for match in _INLINE_CODE.finditer(text)]
    spans += code_block_spans(text)
    spans += [(formula.start, formula.end) for formula in formulas_outside_code(text)]
    spans += [match.span() for match in _URL.finditer(text)]
    spans += [match.span() for match in _SEPARATED_NUMBER.finditer(text)]
    spans += [match.span() for match in _NUMBER_GROUP.finditer(text)]
    return spans


def protected_mask(text: str) -> list[bool]:
    """For each character of ``text``, whether a protected span covers it."""
    protected = [False] * len(text)
    for start, end in protected_spans(text):
        for index in range(start, end):
            protected[index] = True
    return protected
