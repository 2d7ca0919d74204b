"""Code points that are not visible text: control characters, noncharacters and bidi controls.

Content validation (a source text) and ``quizkit check`` (a translation) refuse the same ones, so an
author and a translator are told about the same characters in the same words.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NOT_CHARACTER = re.compile("[\ufffe\uffff\ud800-\udfff]")
BIDI_MARKS = frozenset("\u200e\u200f\u061c")
"""LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK, ARABIC LETTER MARK: invisible strong characters, which the
text of a right-to-left script sometimes needs (a locale pack may allow them)."""
BIDI_FORMATTING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides, isolates and their ends: they reorder what follows, so that a text can display
otherwise than it reads ("Trojan Source"); exports isolate right-to-left runs with markup instead."""


def control_characters(text: str) -> list[str]:
    """C0 controls but newline and tab, DEL and C1 controls: invisible, and XML cannot carry most."""
    return sorted(set(_CONTROL.findall(text)))


def not_characters(text: str) -> list[str]:
    """Code points that are not text at all: U+FFFE, U+FFFF and lone surrogates (from YAML escapes)."""
    return sorted(set(_NOT_CHARACTER.findall(text)))


NOT_XML_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""What XML 1.0 cannot carry at all, not even escaped: every export format that writes XML, and the XLIFF
written from a catalog, refuses a text holding one instead of failing inside the XML library."""


def bidi_controls(text: str, *, marks: bool = True) -> list[str]:
    """The bidi formatting characters in ``text``, and with ``marks`` the bidi marks, sorted."""
    found = BIDI_FORMATTING | BIDI_MARKS if marks else BIDI_FORMATTING
    return sorted({character for character in text if character in found})


def code_points(characters: list[str]) -> str:
    """``U+0007, U+001B``: how messages name characters a reader cannot see."""
    return ", ".join(f"U+{ord(character):04X}" for character in characters)
