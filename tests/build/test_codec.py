"""The content model as JSON (toolkit/build/codec.py): what the build cache keeps of a validated quiz."""

from __future__ import annotations

import json

import pytest
from support import EVERY_TYPE_QUIZ, FIXTURE

from toolkit.build.codec import CodecError, decode, decode_diagnostic, encode
from toolkit.content.validation import load_content, validate_paths
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.model import InterfaceMessages, Quiz


def test_shipped_content_round_trips_through_json() -> None:
    content = load_content(FIXTURE / "content")
    assert content.interface is not None
    for quiz in content.quizzes:
        assert decode(Quiz, json.loads(json.dumps(encode(quiz)))) == quiz
    assert decode(InterfaceMessages, json.loads(json.dumps(encode(content.interface)))) == content.interface


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.pop("guide"), "expected the fields of Quiz"),
        (lambda data: data.update(level="expert"), "'expert' is not a Level"),
        (lambda data: data.update(questions={}), "expected a list"),
        (lambda data: data["title"].update(key=7), "expected str, found 7"),
        (lambda data: data.update(shuffle="yes"), "expected bool, found 'yes'"),
    ],
)
def test_data_that_is_not_a_quiz_is_refused(change: object, message: str) -> None:
    quiz = load_content(FIXTURE / "content").quizzes[0]
    data = json.loads(json.dumps(encode(quiz)))
    assert callable(change)
    change(data)
    with pytest.raises(CodecError, match=message):
        decode(Quiz, data)


def test_diagnostics_round_trip() -> None:
    diagnostic = Diagnostic("content/a.yaml", 3, 5, Severity.WARNING, "style", "a message", "$.id", "a.title")
    assert decode_diagnostic(json.loads(json.dumps(diagnostic.to_dict()))) == diagnostic
    with pytest.raises(CodecError):
        decode_diagnostic({"file": "a"})


def every_type_quiz() -> Quiz:
    (quiz,) = validate_paths([EVERY_TYPE_QUIZ]).content().quizzes
    return quiz


def test_every_question_kind_round_trips_through_json() -> None:
    quiz = every_type_quiz()
    assert len({question.type for question in quiz.questions}) == 8
    assert decode(Quiz, json.loads(json.dumps(encode(quiz)))) == quiz


def test_a_question_of_an_unknown_kind_is_refused() -> None:
    data = json.loads(json.dumps(encode(every_type_quiz())))
    data["questions"][1]["$kind"] = "RiddleQuestion"
    with pytest.raises(CodecError, match="expected one of ChoiceQuestion, TrueFalseQuestion"):
        decode(Quiz, data)


def test_a_numeric_answer_that_is_not_a_number_is_refused() -> None:
    data = json.loads(json.dumps(encode(every_type_quiz())))
    (numeric,) = [question for question in data["questions"] if question["$kind"] == "NumericQuestion"]
    numeric["answer"] = "NaN"
    with pytest.raises(CodecError, match="expected a decimal number, found 'NaN'"):
        decode(Quiz, data)
