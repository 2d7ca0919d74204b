"""The checks of the question kinds beyond choice: blank markers and accepted-answer lines."""

from __future__ import annotations

import pytest

from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

HEADER = Header((("Language", "ur"), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
TEXT_KEY = "quiz.questions.fill.text"
SOURCE = "Each GPU holds a full {{copy}}, and an {{collective}} averages the gradients."


def findings(key: str, msgid: str, msgstr: str, code: str) -> list[str]:
    entry = CatalogEntry(msgid=msgid, msgstr=msgstr, context=key)
    result = check_catalog(Catalog(HEADER, (entry,)), "x.po", "ur", None)
    return [diagnostic.message for diagnostic in result.diagnostics if diagnostic.code == code]


@pytest.mark.parametrize(
    ("translation", "expected"),
    [
        ("{{collective}} گریڈیئنٹس کا اوسط نکالتا ہے، اور ہر GPU پوری {{copy}} رکھتا ہے۔", []),
        (
            "ہر GPU پوری {{copy}} رکھتا ہے۔",
            [
                "{{collective}} is missing: keep each of {{copy}}, {{collective}} exactly once, unchanged (they may move)"
            ],
        ),
        (
            "{{copy}} {{copy}} {{collective}}",
            [
                "{{copy}} appears 2 times: keep each of {{copy}}, {{collective}} exactly once, unchanged (they may move)"
            ],
        ),
        (
            "{{copy}} {{collectiv}}",
            [
                "{{collective}} is missing; {{collectiv}} is not a blank of the source: keep each of {{copy}}, "
                "{{collective}} exactly once, unchanged (they may move)"
            ],
        ),
    ],
)
def test_blank_markers(translation: str, expected: list[str]) -> None:
    assert findings(TEXT_KEY, SOURCE, translation, "blank-markers") == expected


def test_blank_markers_are_checked_only_in_a_fill_in_blanks_text() -> None:
    assert findings("quiz.questions.q.prompt", "Write {{this}}", "لکھیں", "blank-markers") == []


@pytest.mark.parametrize(
    ("key", "translation", "expected"),
    [
        ("quiz.questions.q.answers.a", "سب کو ریڈیوس\nریڈیوس ٹو آل", []),
        (
            "quiz.questions.q.answers.a",
            "سب کو ریڈیوس\n\nریڈیوس ٹو آل",
            ["has an empty line; write one accepted answer per line, with no empty lines"],
        ),
        # An answer listed twice is duplicate-accepted-answer's (tests/checks/test_accepted_answers.py).
        ("quiz.questions.q.blanks.b.answers.a", "نقل\n نقل ", []),
        ("quiz.questions.q.explanation", "ایک\n\nدو", []),
    ],
)
def test_accepted_answer_lines(key: str, translation: str, expected: list[str]) -> None:
    assert findings(key, "all-reduce", translation, "accepted-answers") == expected


ACCUMULATION = "گریڈیئنٹ ایکیومولیشن\nگریڈینٹ ایکیومولیشن\ngradient accumulation"


@pytest.mark.parametrize(
    ("source", "translation", "expected"),
    [
        ("gradient accumulation", ACCUMULATION, []),
        # One line holding the source's answer among other words is an answer written on purpose as often
        # as a join (a Latin term with a word of the locale); import-xliff, which sees the catalog's lines,
        # refuses a real join, so check does not guess.
        ("condensation", "ZZDE condensation", []),
        ("all-reduce", "all-reduce آپریشن", []),
        (
            "all-reduce\nallreduce",
            "آل ریڈیوس",
            [
                "the source lists 2 accepted answers, one per line, and it has 1 line: were several accepted "
                "answers joined into one line? Write each on its own line"
            ],
        ),
        ("all-reduce", "آل ریڈیوس", []),
    ],
)
def test_accepted_answers_joined_into_one_line(source: str, translation: str, expected: list[str]) -> None:
    """Issue 36: a catalog whose accepted answers a tool joined into one line is reported."""
    assert findings("quiz.questions.q.answers.a", source, translation, "accepted-answers") == expected


def test_length_ratio_measures_an_accepted_answer_by_its_longest_line() -> None:
    source = "gradient accumulation"
    lines = "گریڈیئنٹ ایکیومولیشن\nگریڈینٹ ایکیومولیشن\nگراڈینٹ ایکیومولیشن\nگریڈیئنٹس جمع کرنا\ngradient accumulation"
    assert findings("quiz.questions.q.answers.a", source, lines, "length-ratio") == []
    too_long = "گریڈیئنٹ ایکیومولیشن " * 4
    assert findings("quiz.questions.q.answers.a", source, too_long, "length-ratio") == [
        "the translation is 4.0× the length of the source; is something missing or added?"
    ]
    # Elsewhere a translation is measured whole.
    assert findings("quiz.questions.q.explanation", source, lines, "length-ratio") != []
