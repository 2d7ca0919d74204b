"""The checks of accepted answers against their question: answer-script, answer-given-away and
duplicate-accepted-answer, each case a small catalog with the exact messages it must produce."""

from __future__ import annotations

import pytest

from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

Q = "quiz.questions.q"
ANSWER = f"{Q}.answers.a"
SOURCE_PROMPT = "Which technique adds up the gradients of several microbatches?"
PROMPT = CatalogEntry(SOURCE_PROMPT, "کون سی تکنیک کئی مائیکروبیچز کے گریڈیئنٹس جمع کرتی ہے؟", f"{Q}.prompt")


def findings(entries: list[CatalogEntry], code: str, locale: str = "ur") -> list[str]:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    result = check_catalog(Catalog(header, tuple(entries)), "x.po", locale, None)
    return [diagnostic.message for diagnostic in result.diagnostics if diagnostic.code == code]


def wrong_script(line: str, letters: str, locale: str, expected: str) -> str:
    return (
        f"the accepted answer “{line}” is written in {letters} letters, but {locale} is written in {expected} "
        f"letters: no learner types it; write it in {expected} script, or as the source spells it"
    )


@pytest.mark.parametrize(
    ("locale", "translation", "expected"),
    [
        ("ur", "گریڈیئنٹ ایکیومولیشن\ngradient accumulation", []),
        (
            "ur",
            "گریڈیئنٹ ایکیومولیشن\nग्रेडिएंट संचय",
            [wrong_script("ग्रेडिएंट संचय", "Devanagari", "ur", "Arabic")],
        ),
        ("hi", "ग्रेडिएंट संचय\ngradient accumulation", []),
        ("hi", "گریڈیئنٹ ایکیومولیشن", [wrong_script("گریڈیئنٹ ایکیومولیشن", "Arabic", "hi", "Devanagari")]),
        ("fa", "انباشت گرادیان", []),
        ("ar", "تجميع التدرجات", []),
        ("ar", "Накопление градиента", [wrong_script("Накопление градиента", "Cyrillic", "ar", "Arabic")]),
    ],
)
def test_answer_script(locale: str, translation: str, expected: list[str]) -> None:
    entry = CatalogEntry("gradient accumulation", translation, ANSWER)
    assert findings([entry], "answer-script", locale) == expected


GIVEN_AWAY = (
    "the accepted answer “گریڈیئنٹ ایکیومولیشن” stands word for word in {where} of question q in ur, though "
    "the source does not give its answer away: a learner can copy it from there; reword that text"
)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([PROMPT, CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER)], []),
        (
            [
                CatalogEntry(
                    SOURCE_PROMPT,
                    "کون سی تکنیک، یعنی گریڈیئنٹ ایکیومولیشن، کئی مائیکروبیچز کے گریڈیئنٹس جمع کرتی ہے؟",
                    f"{Q}.prompt",
                ),
                CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER),
            ],
            [GIVEN_AWAY.format(where="the prompt")],
        ),
        # Compared as a learner reads: an Arabic yeh and kaf in the prompt still give the answer away.
        (
            [
                CatalogEntry(SOURCE_PROMPT, "کیا يہ گریڈیئنٹ ايکیومولیشن ہے؟", f"{Q}.prompt"),
                CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER),
            ],
            [GIVEN_AWAY.format(where="the prompt")],
        ),
        # A typed blank given away by the text with blanks.
        (
            [
                CatalogEntry(
                    "Each GPU holds a full {{copy}}.", "ہر GPU پوری نقل {{copy}} رکھتا ہے۔", f"{Q}.text"
                ),
                CatalogEntry("replica", "نقل", f"{Q}.blanks.copy.answers.a"),
            ],
            [
                "the accepted answer “نقل” stands word for word in the text with blanks of question q in ur, "
                "though the source does not give its answer away: a learner can copy it from there; reword "
                "that text"
            ],
        ),
        # The source gives it away too: the author's choice.
        (
            [
                CatalogEntry(
                    "Is gradient accumulation a technique?",
                    "کیا گریڈیئنٹ ایکیومولیشن ایک تکنیک ہے؟",
                    f"{Q}.prompt",
                ),
                CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER),
            ],
            [],
        ),
        # Part of a word is not the word.
        (
            [
                CatalogEntry(SOURCE_PROMPT, "کون سی تکنیک نقلی ہے؟", f"{Q}.prompt"),
                CatalogEntry("replica", "نقل", ANSWER),
            ],
            [],
        ),
        # Review R42, 6: a fuzzy prompt is not shown (its source is): it gives nothing away.
        (
            [
                CatalogEntry(
                    SOURCE_PROMPT,
                    "کون سی تکنیک، یعنی گریڈیئنٹ ایکیومولیشن، کئی مائیکروبیچز کے گریڈیئنٹس جمع کرتی ہے؟",
                    f"{Q}.prompt",
                    flags=("fuzzy",),
                ),
                CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER),
            ],
            [],
        ),
        # The explanation is read after answering: it gives nothing away.
        (
            [
                PROMPT,
                CatalogEntry("It sums them.", "گریڈیئنٹ ایکیومولیشن انہیں جمع کرتی ہے۔", f"{Q}.explanation"),
                CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER),
            ],
            [],
        ),
    ],
)
def test_answer_given_away(entries: list[CatalogEntry], expected: list[str]) -> None:
    assert findings(entries, "answer-given-away") == expected


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([CatalogEntry("all-reduce", "سب کو ریڈیوس\nریڈیوس ٹو آل", ANSWER)], []),
        (
            [CatalogEntry("replica", "نقل\n نقل ", f"{Q}.blanks.b.answers.a")],
            ["lists the answer “نقل” twice: keep one, or write the other answer that was meant"],
        ),
        (
            [CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن\nگریڈیئنٹ  ايکیومولیشن", ANSWER)],
            [
                "lists “گریڈیئنٹ ایکیومولیشن” and “گریڈیئنٹ  ايکیومولیشن”, which the grader reads as one answer "
                "in ur: keep one, or write the other answer that was meant"
            ],
        ),
        # The grader tells a hyphen from a space: two answers.
        ([CatalogEntry("all-reduce", "all-reduce\nall reduce", ANSWER)], []),
        (
            [
                CatalogEntry("gradient accumulation", "گریڈیئنٹ ایکیومولیشن", ANSWER),
                CatalogEntry("accumulation", "ایکیومولیشن\nگریڈیئنٹ ایکیومولیشن", f"{Q}.answers.b"),
            ],
            [
                "the answer “گریڈیئنٹ ایکیومولیشن” is also accepted by quiz.questions.q.answers.a: the grader "
                "reads them as one answer in ur; keep one, or write the other answer that was meant"
            ],
        ),
        # Two blanks may accept the same word.
        (
            [
                CatalogEntry("copy", "نقل", f"{Q}.blanks.first.answers.a"),
                CatalogEntry("copy", "نقل", f"{Q}.blanks.second.answers.a"),
            ],
            [],
        ),
    ],
)
def test_duplicate_accepted_answer(entries: list[CatalogEntry], expected: list[str]) -> None:
    assert findings(entries, "duplicate-accepted-answer") == expected
