"""Texts as a learner tells them apart: the comparison the answer-key checks share."""

from __future__ import annotations

import pytest

from toolkit.checks.comparable import comparable, scripts, words


@pytest.mark.parametrize(
    ("first", "second", "alike"),
    [
        ("کتاب", "كتاب", True),  # Arabic kaf
        ("یہ", "يه", True),  # Arabic yeh and heh
        ("پھل", "پہل", False),  # do-chashmi heh is a letter of its own
        ("أحمد", "احمد", True),
        ("نَسْخ", "نسخ", True),
        ("۱۲۳", "123", True),
        ("١٢٣", "१२३", True),
        ("All-Reduce.", "all reduce", True),
        ("`a.b`", "`ab`", False),  # code keeps its characters
        ("می‌کند", "میکند", True),  # ZWNJ is invisible
        ("कुल", "काल", False),  # a vowel sign changes the word
        ("café", "cafe", True),
    ],
)
def test_comparable(first: str, second: str, alike: bool) -> None:
    assert (comparable(first) == comparable(second)) is alike


def test_words_keep_marks_zwnj_and_contractions() -> None:
    assert words("It doesn't; نمی‌کند — नहीं करता") == ["it", "doesn't", "نمی\u200cکند", "नहीं", "करता"]
    # An apostrophe joins only between letters: quotes around a word part from it.
    assert words("'quoted' words") == ["quoted", "words"]


def test_scripts_leave_code_out() -> None:
    assert scripts("ab کتاب नहीं `кот`") == {"LATIN", "ARABIC", "DEVANAGARI"}
