"""Code points that are not visible text: control characters, noncharacters, bidi controls, and what
makes a text show nothing at all.

Content validation (a source text) and ``quizkit check`` (a translation) refuse the same ones, so an
author and a translator are told about the same characters in the same words.
"""

from __future__ import annotations

import re
import unicodedata

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_NOT_CHARACTER = re.compile("[\ufffe\uffff\ud800-\udfff]")
BIDI_MARKS = frozenset("\u200e\u200f\u061c")
"""LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK, ARABIC LETTER MARK: invisible strong characters, which the
text of a right-to-left script sometimes needs (a locale pack may allow them)."""
BIDI_FORMATTING = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides, isolates and their ends: they reorder what follows, so that a text can display
otherwise than it reads ("Trojan Source"); exports isolate right-to-left runs with markup instead."""


_DEFAULT_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
"""Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): what a renderer shows nothing for
when it has no glyph, Hangul fillers and variation selectors included (``unicodedata`` does not expose
the property)."""
_BLANK_GLYPHS = frozenset("\u2800")
"""BRAILLE PATTERN BLANK: a symbol, but every font draws it as an empty cell; it passes for a space."""


def is_invisible(character: str) -> bool:
    """White space, a control or format character (Unicode Cc, Cf: zero-width space, ZWNJ, ZWJ, word
    joiner, BOM, soft hyphen, bidi marks and controls), a default-ignorable code point or a blank glyph:
    a character that shows nothing a reader can see."""
    return (
        character.isspace()
        or unicodedata.category(character) in ("Cc", "Cf")
        or _DEFAULT_IGNORABLE.match(character) is not None
        or character in _BLANK_GLYPHS
    )


def has_visible_character(text: str) -> bool:
    """Whether ``text`` shows anything: False for the empty text and for one made only of spaces,
    zero-width and format characters, which a page would show as nothing (an empty button)."""
    return not all(map(is_invisible, text))


def invisible_characters(text: str) -> list[str]:
    """The invisible characters of ``text`` other than white space, sorted: what a message names, since
    a reader cannot see them."""
    return sorted({character for character in text if is_invisible(character) and not character.isspace()})


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


def named_code_points(characters: list[str]) -> str:
    """``U+200B (ZERO WIDTH SPACE)``: code points with their Unicode names, where they have one."""
    return ", ".join(
        f"U+{ord(character):04X}"
        + (f" ({unicodedata.name(character)})" if unicodedata.name(character, "") else "")
        for character in characters
    )
