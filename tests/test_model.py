"""One model family: the keys and reading order of every text come from the fields, once, and a
localized question is the source question's own class with its texts picked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import get_args, get_origin

from localization.test_grading import every_type_quiz, localized
from toy_kind import Anchor, ScaleQuestion

from toolkit import keys
from toolkit.model import (
    CHOICE_TYPES,
    QUESTION_CLASSES,
    AcceptedAnswer,
    FillInBlanksQuestion,
    HasTexts,
    Option,
    Origin,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    Text,
    TextType,
    TypedBlank,
    accepted_answers,
    with_texts,
)

ORIGIN = Origin("quiz.yaml", 1)


def test_a_source_texts_key_is_its_question_key_and_the_key_its_fields_give() -> None:
    quiz = every_type_quiz()
    for question in quiz.questions:
        owner = keys.question_key(quiz.id, question.id)
        assert [text.key for _, text in question.keyed_texts()] == [
            f"{owner}.{key}" for key, _ in question.keyed_texts()
        ], question.id


def test_relative_keys_in_reading_order_follow_the_key_grammar() -> None:
    quiz = every_type_quiz()
    keyed = {question.id: [key for key, _ in question.keyed_texts()] for question in quiz.questions}
    assert keyed["name-collective"] == ["prompt", "answers.all-reduce", "answers.reduce-all", "explanation"]
    assert keyed["global-batch-size"] == ["prompt", "unit", "explanation"]
    assert keyed["match-collectives"] == [
        "prompt",
        "pairs.broadcast.prompt",
        "pairs.broadcast.match",
        "pairs.all-reduce.prompt",
        "pairs.all-reduce.match",
        "pairs.scatter.prompt",
        "pairs.scatter.match",
        "distractors.shuffle",
        "explanation",
    ]
    assert keyed["fill-replica"] == [
        "prompt",
        "text",
        "blanks.copy.answers.replica",
        "blanks.copy.answers.copy",
        "blanks.collective.options.all-reduce",
        "blanks.collective.options.broadcast",
        "explanation",
    ]
    assert keyed["memory-essay"] == ["prompt", "model-answer", "explanation"]


def test_texts_are_the_translated_texts_an_answer_the_same_everywhere_is_not_one() -> None:
    question = every_type_quiz().question("name-collective")
    assert [text.key.rsplit(".", 1)[-1] for text in question.texts()] == [
        "prompt",
        "reduce-all",
        "explanation",
    ]


def test_a_localized_question_is_the_same_class_with_the_same_keys() -> None:
    source = every_type_quiz().questions
    for locale in ("en", "ur"):
        for original, picked in zip(source, localized(locale).questions, strict=True):
            assert type(picked) is type(original)
            assert [key for key, _ in picked.keyed_texts()] == [key for key, _ in original.keyed_texts()]
            assert all(isinstance(text, str) for _, text in picked.keyed_texts())


def test_localized_texts_keep_their_former_shape_key_and_text() -> None:
    (question,) = [question for question in localized("en").questions if question.id == "global-batch-size"]
    assert list(question.texts()) == [
        ("prompt", "With B = 32 samples on each of W = 8 workers, what is the global batch size?"),
        ("unit", "samples"),
        ("explanation", "The global batch is B × W = 256 samples."),
    ]


def test_with_texts_picks_every_text_and_keeps_accepted_answers_one_per_line() -> None:
    def text(key: str, source: str) -> Text:
        return Text(key, source, ORIGIN)

    question = ShortAnswerQuestion(
        id="q",
        prompt=text("prompt", "Name it."),
        answers=(
            AcceptedAnswer("a", text("a", " first \n\n  second ")),
            AcceptedAnswer("b", text("b", "fixed\nas written"), translate=False),
        ),
        explanation=text("explanation", "Because."),
    )
    picked = with_texts(
        question, lambda original: f"[{original.source}]" if original.key != "a" else original.source
    )
    assert isinstance(picked, ShortAnswerQuestion)
    assert picked.prompt == "[Name it.]"
    assert picked.explanation == "[Because.]"
    assert [answer.accepted for answer in picked.answers] == [("first", "second"), ("[fixed\nas written]",)]
    assert [answer.shown for answer in picked.answers] == ["first", "[fixed\nas written]"]
    assert list(picked.keyed_texts())[1] == ("answers.a", "first\nsecond")


def test_with_texts_walks_into_blanks() -> None:
    def text(key: str, source: str) -> Text:
        return Text(key, source, ORIGIN)

    question = FillInBlanksQuestion(
        id="q",
        prompt=text("prompt", "Fill."),
        text=text("text", "{{b}}"),
        blanks=(TypedBlank("b", (AcceptedAnswer("a", text("a", "x\ny")),), case_sensitive=True),),
        explanation=text("explanation", "."),
    )
    picked = with_texts(question, lambda original: original.source.upper())
    assert isinstance(picked, FillInBlanksQuestion)
    blank = picked.blank("b")
    assert isinstance(blank, TypedBlank)
    assert blank.case_sensitive
    assert blank.answers[0].accepted == ("X", "Y")
    assert picked.text == "{{B}}"


def test_a_new_kinds_keys_reading_order_and_localized_form_follow_from_its_fields() -> None:
    """A kind declared only by its fields (tests/toy_kind.py): no key function, no walk of its own."""

    def text(key: str, source: str) -> Text:
        return Text(key, source, ORIGIN)

    question = ScaleQuestion(
        id="q",
        prompt=text("prompt", "How sure?"),
        levels=(
            Option("low", text("low", "Unsure")),
            Option("high", text("high", "Sure"), text("f", "Yes.")),
        ),
        expected="high",
        anchors=(Anchor("left", text("left", "Doubt")),),
        explanation=text("explanation", "Because."),
    )
    assert [key for key, _ in question.keyed_texts()] == [
        "prompt",
        "levels.low",
        "levels.high",
        "levels.high.feedback",
        "anchors.left.label",
        "explanation",
    ]
    # Its explanation and its levels' feedback declare answer_key: a delivery variant leaves them out.
    assert [key for key, _ in question.keyed_texts(answer_key=False)] == [
        "prompt",
        "levels.low",
        "levels.high",
        "anchors.left.label",
    ]
    picked = with_texts(question, lambda original: original.source.upper())
    assert isinstance(picked, ScaleQuestion)
    assert [text for _, text in picked.keyed_texts()] == [
        "HOW SURE?",
        "UNSURE",
        "SURE",
        "YES.",
        "DOUBT",
        "BECAUSE.",
    ]
    assert picked.expected == "high"


def test_every_kind_has_the_class_the_loader_builds_for_it() -> None:
    classes = {get_origin(alias) for alias in get_args(Question)}
    assert set(QUESTION_CLASSES) == set(QuestionType)
    for kind, question_class in QUESTION_CLASSES.items():
        assert question_class in classes
        assert kind in CHOICE_TYPES or question_class.type is kind  # the class's default type


@dataclass(frozen=True)
class _Gap(HasTexts[TextType]):
    """A toy part holding accepted answers, as a typed blank does."""

    id: str
    answers: tuple[AcceptedAnswer[TextType], ...] = field(metadata=keys.text_metadata("answers"))


@dataclass(frozen=True, kw_only=True)
class _GapsQuestion(HasTexts[TextType]):
    id: str
    prompt: TextType = field(metadata=keys.text_metadata("prompt"))
    gaps: tuple[_Gap[TextType], ...] = field(metadata=keys.text_metadata("gaps"))
    answers: tuple[AcceptedAnswer[TextType], ...] = field(metadata=keys.text_metadata("answers"))


def test_accepted_answers_are_found_in_any_kind_by_its_fields() -> None:
    """Localization (a translation with no line accepts nothing) and the pseudo-locale (one answer per
    line) find a kind's accepted answers by its fields, so a new kind with them touches neither."""
    question = _GapsQuestion(
        id="toy",
        prompt="Fill in.",
        gaps=(_Gap("g1", (AcceptedAnswer("a", "one"), AcceptedAnswer("b", "two"))), _Gap("g2", ())),
        answers=(AcceptedAnswer("c", "three"),),
    )
    assert [answer.id for answer in accepted_answers(question)] == ["a", "b", "c"]
    for quiz_question in every_type_quiz().questions:
        expected = (
            [answer.id for answer in quiz_question.answers]
            if isinstance(quiz_question, ShortAnswerQuestion)
            else [
                answer.id
                for blank in quiz_question.blanks
                if isinstance(blank, TypedBlank)
                for answer in blank.answers
            ]
            if isinstance(quiz_question, FillInBlanksQuestion)
            else []
        )
        assert [answer.id for answer in accepted_answers(quiz_question)] == expected, quiz_question.id
