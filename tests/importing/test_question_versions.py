"""A question's versions in several languages aligned: accepted answers without ids (a QTI mapping lists
each language's answer by answer) are cut into one run per source answer."""

from __future__ import annotations

import pytest

from toolkit.importing.question_versions import align_answers
from toolkit.model import AcceptedAnswer, ShortAnswerQuestion


def _question(*texts: str) -> ShortAnswerQuestion[str]:
    answers = tuple(AcceptedAnswer(id=f"a{index}", text=text) for index, text in enumerate(texts))
    return ShortAnswerQuestion(id="q", prompt="?", answers=answers, explanation=".")


CASES = [
    # every-type.yaml: a name the same in every locale, then an answer with two Urdu lines.
    (
        ["all-reduce", "reduce to all"],
        ["all-reduce", "سب کو ریڈیوس", "ریڈیوس ٹو آل"],
        [("all-reduce", False, "all-reduce"), ("reduce to all", True, "سب کو ریڈیوس\nریڈیوس ٹو آل")],
    ),
    # content/gradient-sync.yaml: the Urdu answer accepts the English words too.
    (
        ["gradient accumulation"],
        ["گریڈیئنٹ ایکیومولیشن", "gradient accumulation"],
        [("gradient accumulation", True, "گریڈیئنٹ ایکیومولیشن\ngradient accumulation")],
    ),
    # One line each.
    (["replica", "copy"], ["نقل", "کاپی"], [("replica", True, "نقل"), ("copy", True, "کاپی")]),
    # Fewer lines than answers: the last has none (nothing is imported for it).
    (["one", "two"], ["ایک"], [("one", True, "ایک"), ("two", True, "")]),
]


@pytest.mark.parametrize(("source", "urdu", "expected"), CASES)
def test_accepted_answers_are_cut_into_one_run_per_source_answer(
    source: list[str], urdu: list[str], expected: list[tuple[str, bool, str]]
) -> None:
    aligned, versions, _notes = align_answers(_question(*source), {"ur": _question(*urdu)})
    assert isinstance(aligned, ShortAnswerQuestion)
    translated = versions["ur"]
    assert isinstance(translated, ShortAnswerQuestion)
    assert [
        (answer.text, answer.translate, theirs.text)
        for answer, theirs in zip(aligned.answers, translated.answers, strict=True)
    ] == expected


def test_a_bank_with_thousands_of_answers_is_cut_without_a_search() -> None:
    _aligned, versions, _notes = align_answers(
        _question(*(f"answer {n}" for n in range(2000))),
        {"ur": _question(*(f"جواب {n}" for n in range(3000)))},
    )
    translated = versions["ur"]
    assert isinstance(translated, ShortAnswerQuestion)
    assert translated.answers[0].text == "جواب 0"
    assert translated.answers[-1].text.count("\n") == 1000
