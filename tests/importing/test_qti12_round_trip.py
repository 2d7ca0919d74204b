"""Canvas and Common Cartridge round trips: a project exported with quizkit's own ``canvas`` and ``cc``
exporters, one package per locale, read back with the readers (the ``ur`` package as the translation of
the ``en`` one) gives the same questions, answers, grades and languages as the project, question by
question, apart from what each exporter loses by design and warns about (listed in ``LOSSES`` with the
exporter's reason)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from support import (
    EVERY_TYPE_QUIZ,
    TINY_QUIZ,
    copy_project,
    every_type_urdu,
    fixture_project,
    run_quizkit_in_process,
    translate,
)

from toolkit.config import load_config
from toolkit.exporters.export_run import build_request
from toolkit.importing.bank import BankRequest, ImportedBank
from toolkit.importing.qti12_bank import CanvasReader, CommonCartridgeReader
from toolkit.model import (
    AcceptedAnswer,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
    TypedBlank,
    with_texts,
)

# TINY_QUIZ's questions with option feedback, partial credit and shuffling, so the round trip covers them.
FEEDBACK_QUIZ = (
    TINY_QUIZ.replace("id: tiny", "id: feedback")
    .replace(
        "    correct: [one, other]\n", "    correct: [one]\n    partial_credit: true\n    shuffle: true\n"
    )
    .replace(
        "        text: The one on the right\n",
        "        text: The one on the right\n        feedback: Not that one.\n",
    )
)
FEEDBACK_URDU = {
    "feedback.title": "چھوٹا کوئز",
    "feedback.description": "کسی خاص چیز کے بارے میں دو سوال۔",
    "feedback.questions.first.prompt": "پہلا کون سا ہے؟",
    "feedback.questions.first.options.this": "یہ والا",
    "feedback.questions.first.options.this.feedback": "درست، یہ والا۔",
    "feedback.questions.first.options.that": "وہ والا",
    "feedback.questions.first.explanation": "یہ والا پہلے آتا ہے۔",
    "feedback.questions.second.prompt": "دوسرے نمبر پر کون سے آتے ہیں؟",
    "feedback.questions.second.options.one": "بائیں والا",
    "feedback.questions.second.options.other": "دائیں والا",
    "feedback.questions.second.options.other.feedback": "وہ نہیں۔",
    "feedback.questions.second.explanation": "دونوں دوسرے نمبر پر آتے ہیں۔",
}

FORMATS = {"canvas": (CanvasReader, "zip"), "cc": (CommonCartridgeReader, "imscc")}


def _every_type_project(root: Path) -> Path:
    fixture_project(
        root, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), "feedback": FEEDBACK_QUIZ}
    )
    assert run_quizkit_in_process(root, "update").returncode == 0
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    translate(root / "locales/ur/LC_MESSAGES/feedback.po", FEEDBACK_URDU)
    return root


def _shipped_project(root: Path) -> Path:
    """The tests' frozen copy of the shipped quizzes and their Urdu catalogs."""
    root.mkdir()
    return copy_project(root)


def _exported(root: Path) -> Path:
    result = run_quizkit_in_process(root, "export", "--format", "canvas,cc")
    assert result.returncode == 0, result.stdout + result.stderr
    return root


@pytest.fixture(scope="module")
def every_type(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _exported(_every_type_project(tmp_path_factory.mktemp("every-type") / "project"))


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _exported(_shipped_project(tmp_path_factory.mktemp("shipped") / "project"))


@pytest.fixture(params=["every_type", "shipped"])
def project(request: pytest.FixtureRequest) -> Path:
    root: Path = request.getfixturevalue(request.param)
    return root


def _localized(root: Path) -> dict[tuple[str, str], Any]:
    request = build_request(load_config(root))
    return dict(request.localized.items())


def _read(root: Path, output_format: str, quiz_id: str) -> ImportedBank:
    reader, extension = FORMATS[output_format]
    folder = root / "dist" / output_format / quiz_id
    return reader.read(
        BankRequest(
            folder / f"en.{extension}",
            f"en.{extension}",
            quiz_id,
            "en",
            {"ur": folder / f"ur.{extension}"},
        )
    )


def _in(locale: str) -> Callable[[Text], str]:
    def pick(text: Text) -> str:
        return text.source if locale == "en" else dict(text.imported).get(locale, text.source)

    return pick


def _comparable(question: Question[str], quiz_shuffles: bool) -> dict[str, Any]:
    """What a learner sees and how it is graded, without the ids a package does not keep (options,
    pairs and answers are numbered or digested in it)."""
    shown: dict[str, Any] = {"id": question.id, "type": question.type.value, "prompt": question.prompt}
    shown["explanation"] = question.explanation
    if isinstance(question, ChoiceQuestion):
        shown["options"] = [
            (option.text, option.feedback, option.id in question.correct) for option in question.options
        ]
        shown["partial_credit"] = question.partial_credit
        shown["shuffle"] = question.shuffle if question.shuffle is not None else quiz_shuffles
    elif isinstance(question, TrueFalseQuestion):
        shown["correct"] = question.correct
    elif isinstance(question, ShortAnswerQuestion):
        shown["accepted"] = [line for answer in question.answers for line in answer.accepted]
        shown["case_sensitive"] = question.case_sensitive
    elif isinstance(question, NumericQuestion):
        shown["number"] = (question.answer, question.tolerance, question.unit)
    elif isinstance(question, MatchingQuestion):
        shown["pairs"] = [(pair.prompt, pair.match) for pair in question.pairs]
        shown["distractors"] = sorted(item.text for item in question.distractors)
        shown["partial_credit"] = question.partial_credit
    elif isinstance(question, FillInBlanksQuestion):
        shown["text"] = question.text
        shown["blanks"] = [
            (blank.id, [line for answer in blank.answers for line in answer.accepted], blank.case_sensitive)
            if isinstance(blank, TypedBlank)
            else (blank.id, [item.text for item in blank.options], _correct_text(blank))
            for blank in question.blanks
        ]
        shown["partial_credit"] = question.partial_credit
    elif isinstance(question, EssayQuestion):
        shown["model_answer"] = question.model_answer
    return shown


def _canvas_losses(question: Question[str]) -> Question[str] | None:
    """What quizkit's canvas exporter writes of ``question`` (canvas.py's docstring says why)."""
    if isinstance(question, OrderingQuestion):
        return None  # no Canvas classic-quiz form: left out with a warning
    if isinstance(question, EssayQuestion):
        return replace(question, model_answer=None)  # no place in Canvas
    if isinstance(question, FillInBlanksQuestion):
        if not all(isinstance(blank, ChoiceBlank) for blank in question.blanks):
            # Canvas has no question mixing typed and drop-down blanks: a drop-down becomes a typed
            # blank accepting its correct option's text.
            blanks = tuple(
                TypedBlank(id=blank.id, answers=(_accepting(blank),))
                if isinstance(blank, ChoiceBlank)
                else blank
                for blank in question.blanks
            )
            question = replace(question, blanks=blanks)
        return replace(question, partial_credit=True)  # Canvas grades blanks per part, whatever it says
    if isinstance(question, MatchingQuestion):
        return replace(question, partial_credit=True)  # and matching too
    if isinstance(question, ChoiceQuestion):
        # The package gives full marks for exactly the right set, but Canvas grades multiple answers
        # per option whatever it declares: that is what comes back.
        return replace(question, partial_credit=question.type is QuestionType.MULTIPLE_CHOICE)
    return question


def _cc_losses(question: Question[str]) -> Question[str] | None:
    """What quizkit's cc exporter writes of ``question`` (cc.py's docstring says why)."""
    if question.type not in {
        QuestionType.SINGLE_CHOICE,
        QuestionType.MULTIPLE_CHOICE,
        QuestionType.TRUE_FALSE,
        QuestionType.SHORT_ANSWER,
        QuestionType.ESSAY,
    }:
        return None  # no form in the profile: left out with a warning
    if isinstance(question, EssayQuestion):
        return replace(question, model_answer=None)  # the profile's only place shows it to learners
    if isinstance(question, ChoiceQuestion):
        return replace(question, partial_credit=False)  # the profile has no partial scores
    return question


def _correct_text(blank: ChoiceBlank[str]) -> str:
    return next(item.text for item in blank.options if item.id == blank.correct)


def _accepting(blank: ChoiceBlank[str]) -> AcceptedAnswer[str]:
    return AcceptedAnswer(id=blank.correct, text=_correct_text(blank))


LOSSES = {"canvas": _canvas_losses, "cc": _cc_losses}


@pytest.mark.parametrize("output_format", ["canvas", "cc"])
def test_an_export_reads_back_as_the_same_questions_in_both_languages(
    project: Path, output_format: str
) -> None:
    localized = _localized(project)
    quiz_ids = sorted({quiz_id for quiz_id, _ in localized})
    assert quiz_ids  # every quiz of the project is compared
    for quiz_id in quiz_ids:
        bank = _read(project, output_format, quiz_id)
        assert bank.locales == ("ur",)
        assert [issue for issue in bank.issues if issue.draft is not None] == []
        for locale in ("en", "ur"):
            original = localized[(quiz_id, locale)]
            expected = []
            choices = [question for question in original.questions if isinstance(question, ChoiceQuestion)]
            # Canvas shuffles per quiz: only if every choice question does and no option is pinned.
            canvas_shuffles = all(
                question.shuffle and not any(option.pinned for option in question.options)
                for question in choices
            )
            for question in original.questions:
                if output_format == "canvas" and isinstance(question, ChoiceQuestion):
                    question = replace(question, shuffle=canvas_shuffles)
                carried = LOSSES[output_format](question)
                if carried is not None:
                    expected.append(_comparable(carried, original.quiz.shuffle))
            read = [
                _comparable(with_texts(question, _in(locale)), bank.quiz.shuffle)
                for question in bank.quiz.questions
            ]
            assert read == expected, (quiz_id, locale)
            assert _in(locale)(bank.quiz.title) == original.title
            assert _in(locale)(bank.quiz.description) == original.description


def test_every_text_has_its_key_and_origin(every_type: Path) -> None:
    bank = _read(every_type, "canvas", "every-type")
    for question in bank.quiz.questions:
        for key, text in question.keyed_texts():
            assert text.key == f"every-type.questions.{question.id}.{key}"
            assert text.origin.file.startswith("en.zip/") and text.origin.line > 1


def test_the_numbers_of_a_numeric_question_come_back_exact(every_type: Path) -> None:
    bank = _read(every_type, "canvas", "every-type")
    question = bank.quiz.question("global-batch-size")
    assert isinstance(question, NumericQuestion)
    assert (question.answer, question.tolerance) == (Decimal(256), Decimal(0))
    assert question.unit is not None and question.unit.imported == (("ur", "سیمپلز"),)


def test_an_answer_the_same_in_every_language_is_not_translated(every_type: Path) -> None:
    for output_format in ("canvas", "cc"):
        question = _read(every_type, output_format, "every-type").quiz.question("name-collective")
        assert isinstance(question, ShortAnswerQuestion)
        assert [
            (answer.text.source, answer.translate, answer.text.imported) for answer in question.answers
        ] == [
            ("all-reduce", False, ()),
            ("reduce to all", True, (("ur", "سب کو ریڈیوس\nریڈیوس ٹو آل"),)),
        ]


def test_a_question_the_translation_left_in_the_source_language_gives_no_translation(tmp_path: Path) -> None:
    root = fixture_project(tmp_path / "project", {"feedback": FEEDBACK_QUIZ})
    assert run_quizkit_in_process(root, "update").returncode == 0
    partial = {key: text for key, text in FEEDBACK_URDU.items() if ".second." not in key}
    translate(root / "locales/ur/LC_MESSAGES/feedback.po", partial)
    result = run_quizkit_in_process(root, "export", "--format", "canvas")
    assert result.returncode == 0, result.stdout + result.stderr
    bank = _read(root, "canvas", "feedback")
    first, second = bank.quiz.questions
    assert all(text.imported for text in first.texts())
    assert [text.imported for text in second.texts()] == [() for _ in second.texts()]
    assert "second: the ur package has it in en, so it has no ur translation yet" in bank.notes


def test_a_package_in_another_language_than_the_source_says_so(every_type: Path) -> None:
    """The language its items declare, which the import refuses as the source (test_source_language.py)."""
    folder = every_type / "dist" / "canvas" / "every-type"
    urdu = CanvasReader.read(BankRequest(folder / "ur.zip", "ur.zip", "every-type", "en"))
    english = CanvasReader.read(BankRequest(folder / "en.zip", "en.zip", "every-type", "en"))
    assert (urdu.written_in, english.written_in) == (("ur",), ())
