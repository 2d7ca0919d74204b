"""Code points that are not visible text: control characters and noncharacters.

Content validation (a source text) and ``quizkit check`` (a translation) refuse the same ones, so an
author and a translator are told about the same characters in the same words.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NOT_CHARACTER = re.compile("[\ufffe\uffff\ud800-\udfff]")


def control_characters(text: str) -> list[str]:
    """C0 controls but newline and tab, DEL and C1 controls: invisible, and XML cannot carry most."""
    return sorted(set(_CONTROL.findall(text)))


def not_characters(text: str) -> list[str]:
    """Code points that are not text at all: U+FFFE, U+FFFF and lone surrogates (from YAML escapes)."""
    return sorted(set(_NOT_CHARACTER.findall(text)))


def code_points(characters: list[str]) -> str:
    """``U+0007, U+001B``: how messages name characters a reader cannot see."""
    return ", ".join(f"U+{ord(character):04X}" for character in characters)
