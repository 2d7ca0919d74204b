"""Texts as a learner tells them apart: the comparison the answer-key checks share."""

from __future__ import annotations

import pytest

from toolkit.checks.comparable import alike, scripts, words


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("کتاب", "كتاب", True),  # Arabic kaf
        ("یہ", "يه", True),  # Arabic yeh and heh
        ("پھل", "پہل", False),  # do-chashmi heh is a letter of its own
        ("أحمد", "احمد", True),
        ("نَسْخ", "نسخ", True),
        ("۱۲۳", "123", True),
        ("١٢٣", "१२३", True),
        ("All-Reduce.", "All Reduce", True),
        ("آب‌ـگرم", "آبگرم", True),  # ZWNJ and tatweel are invisible
        # Review R42: what changes the meaning stays.
        ("-10 °C", "10 °C", False),  # a sign
        ("−5 °C", "5 °C", False),  # Unicode's minus sign
        ("Q = m + c + ΔT", "Q = m × c × ΔT", False),  # operators
        ("Co", "CO", False),  # cobalt and carbon monoxide
        ("1 Mb", "1 MB", False),  # megabit and megabyte
        ("$5", "€5", False),  # currencies
        ("5%", "5", False),
        ("عِلْم", "عَلَم", False),  # both write vowel marks, different ones: science and flag
        ("عِلْم", "علم", True),  # a mark one text omits is optional
        ("`a.b`", "`ab`", False),  # code keeps its characters
        ("می‌کند", "میکند", True),  # ZWNJ is invisible
        ("कुल", "काल", False),  # a vowel sign changes the word
        ("café", "cafe", True),
    ],
)
def test_alike(first: str, second: str, same: bool) -> None:
    assert alike(first, second) is same


def test_words_keep_marks_zwnj_and_contractions() -> None:
    assert words("It doesn't; نمی‌کند — नहीं करता") == ["it", "doesn't", "نمی\u200cکند", "नहीं", "करता"]
    # An apostrophe joins only between letters: quotes around a word part from it.
    assert words("'quoted' words") == ["quoted", "words"]


def test_scripts_leave_code_out() -> None:
    assert scripts("ab کتاب नहीं `кот`") == {"LATIN", "ARABIC", "DEVANAGARI"}
