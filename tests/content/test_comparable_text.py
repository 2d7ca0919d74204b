"""``rules.comparable_text``: what a reader sees of a text, the same whether or not the text is plain
printing ASCII (which skips the test of each character)."""

from __future__ import annotations

import string
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from toolkit.content.rules import comparable_text
from toolkit.text.characters import is_invisible


def reference(text: str) -> str:
    """The definition, character by character."""
    normalized = unicodedata.normalize("NFC", text)
    visible = "".join(
        character for character in normalized if character.isspace() or not is_invisible(character)
    )
    return " ".join(visible.split()).casefold()


@given(st.text(alphabet=string.printable + "\u00ad\u200b\u2800é\u0301 ", max_size=60))
def test_the_same_as_testing_each_character(text: str) -> None:
    assert comparable_text(text) == reference(text)


def test_invisible_characters_and_spacing_do_not_count() -> None:
    assert comparable_text("All  Reduce") == comparable_text("all reduce") == "all reduce"
    assert comparable_text("all\u200breduce") == "allreduce"
    assert comparable_text("cafe\u0301") == comparable_text("café")
