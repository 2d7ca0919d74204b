"""The data a player page embeds: JSON that no text can break out of, with every invisible character
written as a ``\\u`` escape, found by a pattern made from Python's Unicode tables."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from toolkit.exporters.player.html import _json_escape, script_json


def _one_character_at_a_time(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return "".join(character if character.isprintable() else _json_escape(character) for character in text)


def test_invisible_characters_and_markup_are_escaped() -> None:
    text = "بی\u200cایس <b>&</b>\u2066x\u2069\u00a0\u2028\U000e0001\U0001f600"
    written = script_json({"text": text})
    assert written == (
        '{"text":"بی\\u200cایس \\u003cb\\u003e\\u0026\\u003c/b\\u003e\\u2066x\\u2069\\u00a0\\u2028'
        '\\udb40\\udc01\U0001f600"}'
    )
    assert json.loads(written) == {"text": text}


@given(st.lists(st.text(max_size=30), max_size=5))
def test_the_pattern_escapes_exactly_what_a_character_by_character_check_does(texts: list[str]) -> None:
    assert script_json(texts) == _one_character_at_a_time(texts)
