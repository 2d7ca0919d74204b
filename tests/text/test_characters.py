"""Control characters and noncharacters (toolkit/text/characters.py), as content and catalogs see them."""

from __future__ import annotations

import pytest

from toolkit.text.characters import code_points, control_characters, not_characters


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
