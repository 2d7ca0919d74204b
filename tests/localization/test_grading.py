"""The reference grader, driven by the shared cases every other grader must agree with."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.content.validation import validate_paths
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.localization import LocalizedQuiz, grade, localize
from toolkit.model import ChoiceQuestion, Option, QuestionType, Quiz, ShortAnswerQuestion

TYPES = Path(__file__).resolve().parents[1] / "content" / "types"
CASES: list[dict[str, Any]] = yaml.safe_load((TYPES / "grading-cases.yaml").read_text(encoding="utf-8"))


def every_type_quiz() -> Quiz:
    result = validate_paths([TYPES / "every-type.yaml"])
    assert result.error_count == 0, result.diagnostics
    (quiz,) = result.content().quizzes
    return quiz


def urdu_catalog(quiz: Quiz) -> Catalog:
    translations = yaml.safe_load((TYPES / "every-type.ur.yaml").read_text(encoding="utf-8"))
    entries = tuple(
        CatalogEntry(msgid=text.source, msgstr=translations[text.key], context=text.key)
        for text in quiz.texts()
    )
    return Catalog(Header((("Language", "ur"),)), entries)


def localized(locale: str) -> LocalizedQuiz:
    quiz = every_type_quiz()
    catalog = None if locale == "en" else urdu_catalog(quiz)
    return localize(quiz, None, locale, "en", catalog, None)


FLAT = [
    (entry["question"], case.get("locale", "en"), case["response"], case["score"])
    for entry in CASES
    for case in entry["cases"]
]


@pytest.mark.parametrize(("question_id", "locale", "response", "score"), FLAT)
def test_grade(question_id: str, locale: str, response: Any, score: Any) -> None:
    quiz = localized(locale)
    assert not any(question.fell_back for question in quiz.questions), (
        "the Urdu fixture must translate every text"
    )
    (question,) = [question for question in quiz.questions if question.id == question_id]
    result = grade(question, response, locale)
    if score is None:
        assert result is None
    else:
        assert result is not None
        assert result.score == Fraction(str(score))


def test_every_question_of_the_fixture_has_cases() -> None:
    assert {entry["question"] for entry in CASES} == {question.id for question in every_type_quiz().questions}


def test_partial_credit_in_multiple_choice_scores_each_option() -> None:
    options = tuple(Option(name, name, None, False) for name in "abcd")
    question = ChoiceQuestion(
        "q", QuestionType.MULTIPLE_CHOICE, "?", options, ("a", "b"), "", False, True, False
    )
    assert [
        grade(question, chosen, "en").score for chosen in (["a", "b"], ["a"], ["a", "c"], ["c", "d"])
    ] == [  # type: ignore[union-attr]
        Fraction(1),
        Fraction(1, 2),
        Fraction(0),
        Fraction(0),
    ]


def test_an_accepted_answer_translated_as_blank_lines_is_not_a_translation() -> None:
    quiz = every_type_quiz()
    catalog = urdu_catalog(quiz)
    key = "every-type.questions.name-collective.answers.reduce-all"
    entries = tuple(
        entry if entry.context != key else replace(entry, msgstr="\n \n") for entry in catalog.entries
    )
    localized_quiz = localize(quiz, None, "ur", "en", replace(catalog, entries=entries), None)
    (question,) = [question for question in localized_quiz.questions if question.id == "name-collective"]
    assert question.fell_back
    assert isinstance(question, ShortAnswerQuestion)
    assert [answer.accepted for answer in question.answers] == [("all-reduce",), ("reduce to all",)]


def test_any_typed_text_is_graded_never_a_crash() -> None:
    """A learner may type anything: a ligature the Urdu normalizer expands once crashed the grader."""
    quiz = localized("ur")
    (question,) = [question for question in quiz.questions if question.id == "name-collective"]
    for typed in ("\ufdf2", "یٔه", "\u0647" * 3, "\ufdfa\u0647", ""):
        result = grade(question, typed, "ur")
        assert result is not None and result.score == 0
