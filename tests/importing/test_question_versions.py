"""A question's versions in several languages aligned: accepted answers without ids (a QTI mapping lists
each language's answer by answer) are cut into one run per source answer; a question's lists of accepted
answers, by the keys their texts have."""

from __future__ import annotations

from dataclasses import replace

import pytest
from localization.test_grading import every_type_quiz

from toolkit.importing.question_versions import (
    align_answers,
    answer_lists,
    with_answer_lists,
    with_each_answer,
)
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


QUESTION_IDS = [question.id for question in every_type_quiz().questions]


def test_answer_lists_are_keyed_as_their_answers_texts_are() -> None:
    quiz = every_type_quiz()
    lists = {question.id: answer_lists(question) for question in quiz.questions}
    assert {question_id: list(found) for question_id, found in lists.items() if found} == {
        "name-collective": ["answers"],
        "fill-replica": ["blanks.copy.answers"],
    }
    for question in quiz.questions:
        answer_keys = [
            f"{key}.{answer.id}" for key, answers in lists[question.id].items() for answer in answers
        ]
        assert answer_keys == [
            key for key, _ in question.keyed_texts() if key.rpartition(".")[0] in lists[question.id]
        ]


@pytest.mark.parametrize("question_id", QUESTION_IDS)
def test_with_answer_lists_replaces_each_list_and_nothing_else(question_id: str) -> None:
    question = every_type_quiz().question(question_id)
    reversed_lists = {key: answers[::-1] for key, answers in answer_lists(question).items()}
    changed = with_answer_lists(question, reversed_lists)
    assert answer_lists(changed) == reversed_lists
    assert with_answer_lists(changed, answer_lists(question)) == question


@pytest.mark.parametrize("question_id", QUESTION_IDS)
def test_with_each_answer_changes_every_answer_and_nothing_else(question_id: str) -> None:
    question = every_type_quiz().question(question_id)
    changed = with_each_answer(question, lambda answer: replace(answer, translate=False))
    assert not any(answer.translate for answers in answer_lists(changed).values() for answer in answers)
    assert [key for key, _ in changed.keyed_texts()] == [key for key, _ in question.keyed_texts()]
    assert with_answer_lists(changed, answer_lists(question)) == question
