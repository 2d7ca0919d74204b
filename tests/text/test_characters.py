"""Control characters and noncharacters (toolkit/text/characters.py), as content and catalogs see them."""

from __future__ import annotations

import pytest

from toolkit.text.characters import (
    code_points,
    control_characters,
    has_visible_character,
    invisible_characters,
    named_code_points,
    not_characters,
)


@pytest.mark.parametrize(
    ("text", "controls", "noncharacters"),
    [
        ("Line one\nline two\tand a tab", [], []),  # newline and tab are text
        ("bell\x07 and escape\x1b, twice\x07", ["\x07", "\x1b"], []),
        ("NUL\x00, DEL\x7f and C1 NEL\x85", ["\x00", "\x7f", "\x85"], []),
        ("carriage\rreturn and form\x0cfeed", ["\x0c", "\r"], []),
        ("\ufffe and \uffff", [], ["\ufffe", "\uffff"]),
        ("a lone \ud800 surrogate", [], ["\ud800"]),
        ("اردو \u200f with a mark and a NBSP\u00a0", [], []),  # bidi controls are checked on their own
    ],
)
def test_what_is_found(text: str, controls: list[str], noncharacters: list[str]) -> None:
    assert control_characters(text) == controls
    assert not_characters(text) == noncharacters


def test_how_they_are_named() -> None:
    assert code_points(["\x07", "\x1b", "\ufffe"]) == "U+0007, U+001B, U+FFFE"


@pytest.mark.parametrize(
    ("text", "invisible"),
    [
        ("", []),
        (" \t\n\u00a0\u3000", []),  # white space of every kind
        ("\u200b", ["\u200b"]),  # ZERO WIDTH SPACE: str.strip keeps it
        ("\u200c\u200d\u2060\ufeff\u00ad", ["\u00ad", "\u200c", "\u200d", "\u2060", "\ufeff"]),
        ("\u200e\u200f\u061c\u202e\u2066", ["\u061c", "\u200e", "\u200f", "\u202e", "\u2066"]),
        ("\u3164\u115f\ufe0f\U000e0041", ["\u115f", "\u3164", "\ufe0f", "\U000e0041"]),  # ignorables
        ("\u2800", ["\u2800"]),  # BRAILLE PATTERN BLANK, drawn as an empty cell
    ],
)
def test_texts_with_no_visible_character(text: str, invisible: list[str]) -> None:
    assert not has_visible_character(text)
    assert invisible_characters(text) == invisible


@pytest.mark.parametrize(
    "text", ["a", ".", "\u200bx", "شروع\u200cکنید", "\u0301", "\ue000", "{count}", "\U0001f600\ufe0f"]
)
def test_texts_with_a_visible_character(text: str) -> None:
    assert has_visible_character(text)


def test_named_code_points() -> None:
    assert named_code_points(["\u200b", "\ufffe"]) == "U+200B (ZERO WIDTH SPACE), U+FFFE"
