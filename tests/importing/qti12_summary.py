"""A bank read by a QTI 1.2 reader, summed up as plain data for the expected-results files beside the
fixtures in tests/importing/qti12/: each question's kind, texts and grading, every issue and note."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from toolkit.importing.bank import ImportedBank
from toolkit.model import (
    ChoiceBlank,
    ChoiceQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    ShortAnswerQuestion,
    TrueFalseQuestion,
)


def summary(bank: ImportedBank) -> dict[str, Any]:
    quiz = bank.quiz
    questions = []
    for question in quiz.questions:
        shown: dict[str, Any] = {"id": question.id, "type": question.type.value}
        shown["texts"] = {key: text.source for key, text in question.keyed_texts()}
        if isinstance(question, ChoiceQuestion):
            shown["correct"] = list(question.correct)
            shown["partial_credit"] = question.partial_credit
        elif isinstance(question, TrueFalseQuestion):
            shown["correct"] = question.correct
        elif isinstance(question, ShortAnswerQuestion):
            shown["case_sensitive"] = question.case_sensitive
        elif isinstance(question, NumericQuestion):
            shown["answer"], shown["tolerance"] = _number(question.answer), _number(question.tolerance)
        elif isinstance(question, MatchingQuestion | FillInBlanksQuestion):
            shown["partial_credit"] = question.partial_credit
        if isinstance(question, FillInBlanksQuestion):
            shown["correct"] = {
                blank.id: blank.correct for blank in question.blanks if isinstance(blank, ChoiceBlank)
            }
        questions.append(shown)
    return {
        "title": quiz.title.source,
        "description": quiz.description.source,
        "shuffle": quiz.shuffle,
        "questions": questions,
        "issues": [
            {"file": issue.file, "line": issue.line, "question": issue.question, "reason": issue.reason}
            | ({"draft": dict(issue.draft)} if issue.draft is not None else {})
            for issue in bank.issues
        ],
        "notes": list(bank.notes),
    }


def _number(value: Decimal) -> str:
    return str(value)
