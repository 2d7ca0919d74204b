"""GIFT round trips: quizkit's own GIFT export read back by the GIFT reader gives the same questions,
answers, grades and languages, over the tests' copy of the shipped quiz and the every-type quiz (en and
ur, one file per locale, aligned by question name).

What GIFT loses by design, as toolkit/exporters/lms/gift.py documents and warns, is expected here and said
so: the ids of options, answers, pairs and items (GIFT names only questions: they come back a, b, …),
all-or-nothing scoring of multiple choice and matching (Moodle scores each option and pair, so they come
back with partial credit), case-sensitive short answers, an essay's model answer, and fill_in_blanks
(no GIFT form: left out of the export).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support import (
    EVERY_TYPE_QUIZ,
    TINY_QUIZ,
    copy_project,
    every_type_urdu,
    run_quizkit_in_process,
    translate,
)

from toolkit.catalogs import read_po
from toolkit.content.validation import validate_paths
from toolkit.exporters.base import ExportRequest
from toolkit.exporters.lms.gift import GiftExporter
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.importing.bank import BankRequest, ImportedBank
from toolkit.importing.gift_bank import GiftReader
from toolkit.localization import FallbackPolicy, localize
from toolkit.model import (
    ChoiceQuestion,
    Content,
    EssayQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
    with_texts,
)

QUIZZES = ("data-parallel", "every-type", "tiny")
TINY_URDU = {
    "tiny.questions.first.prompt": "کون سا پہلا ہے؟",
    "tiny.questions.first.options.this": "یہ والا",
    "tiny.questions.first.options.this.feedback": "درست، یہ والا۔",
    "tiny.questions.first.options.that": "وہ والا",
    "tiny.questions.first.explanation": "یہ والا پہلے آتا ہے۔",
}
"""The first question of the tiny quiz only: the second falls back to English in the Urdu export, which
writes it marked lang="en", and the reader does not take it as a translation."""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_project(tmp_path_factory.mktemp("gift-round-trip"))
    (root / "content" / "every-type.yaml").write_text(
        EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), encoding="utf-8"
    )
    (root / "content" / "tiny.yaml").write_text(TINY_QUIZ, encoding="utf-8")
    result = run_quizkit_in_process(root, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    translate(root / "locales/ur/LC_MESSAGES/tiny.po", TINY_URDU)
    result = run_quizkit_in_process(root, "export", "-f", "gift")
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def original(project: Path, quiz_id: str, locale: str) -> list[Question[str]]:
    """The quiz as quizkit exports it in ``locale``: the kinds GIFT carries."""
    (quiz,) = validate_paths([project / "content" / f"{quiz_id}.yaml"]).content().quizzes
    catalog = None
    if locale != "en":
        path = project / "locales" / locale / "LC_MESSAGES" / f"{quiz_id}.po"
        catalog = read_po(path.read_bytes(), path.name)
    localized = localize(quiz, None, locale, "en", catalog, None)
    return [question for question in localized.questions if question.type in GiftExporter.question_types]


def imported(bank: ImportedBank, locale: str) -> list[Question[str]]:
    """The bank's questions in ``locale``: its translation where it has one, else the source, as the
    catalogs the import writes would give them."""

    def pick(text: Text) -> str:
        return dict(text.imported).get(locale, text.source) if locale != "en" else text.source

    return [with_texts(question, pick) for question in bank.quiz.questions]


def shown(question: Question[str]) -> dict[str, object]:
    """What a learner reads and how it is graded, by position: GIFT keeps no part ids."""
    seen: dict[str, object] = {"id": question.id, "type": question.type, "prompt": question.prompt}
    seen["explanation"] = question.explanation
    if isinstance(question, ChoiceQuestion):
        seen["options"] = [(option.text, option.feedback) for option in question.options]
        seen["correct"] = [
            index for index, option in enumerate(question.options) if option.id in question.correct
        ]
        # Moodle scores each option of a multiple-answer question: GIFT cannot say all-or-nothing.
        seen["partial_credit"] = question.type is QuestionType.MULTIPLE_CHOICE
    elif isinstance(question, TrueFalseQuestion):
        seen["correct"] = question.correct
    elif isinstance(question, ShortAnswerQuestion):
        seen["accepted"] = [accepted for answer in question.answers for accepted in answer.accepted]
    elif isinstance(question, NumericQuestion):
        seen["number"] = (question.answer, question.tolerance, question.unit)
    elif isinstance(question, MatchingQuestion):
        seen["pairs"] = [(pair.prompt, pair.match) for pair in question.pairs]
        seen["distractors"] = [item.text for item in question.distractors]
        # Moodle scores each pair of a matching question, whatever it declares.
    elif isinstance(question, OrderingQuestion):
        seen["items"] = [item.text for item in question.items]
        seen["partial_credit"] = question.partial_credit
    else:
        assert isinstance(question, EssayQuestion)  # its model answer has no place in GIFT
    return seen


def read_back(project: Path, quiz_id: str) -> ImportedBank:
    folder = project / "dist" / "gift" / quiz_id
    return GiftReader.read(
        BankRequest(
            folder / "en.txt",
            f"{quiz_id}/en.txt",
            quiz_id,
            "en",
            {"ur": folder / "ur.txt"},
        )
    )


def cases() -> Iterator[tuple[str, str]]:
    for quiz_id in QUIZZES:
        for locale in ("en", "ur"):
            yield quiz_id, locale


@pytest.mark.parametrize(("quiz_id", "locale"), list(cases()))
def test_export_then_import_gives_the_same_questions(project: Path, quiz_id: str, locale: str) -> None:
    bank = read_back(project, quiz_id)
    expected = [shown(question) for question in original(project, quiz_id, locale)]
    assert [shown(question) for question in imported(bank, locale)] == expected
    assert bank.locales == ("ur",)


@pytest.mark.parametrize("quiz_id", QUIZZES)
def test_the_round_trip_reports_nothing_lost(project: Path, quiz_id: str) -> None:
    bank = read_back(project, quiz_id)
    assert bank.issues == ()


def exported_again(bank: ImportedBank) -> dict[str, bytes]:
    """The imported quiz exported to GIFT again, its translations taken as the catalog the import writes."""
    quiz = bank.quiz
    localized = {}
    for locale in ("en", "ur"):
        catalog = None
        if locale != "en":
            entries = tuple(
                CatalogEntry(msgid=text.source, msgstr=dict(text.imported).get(locale, ""), context=text.key)
                for text in quiz.texts()
            )
            catalog = Catalog(Header((("Language", locale),)), entries)
        localized[(quiz.id, locale)] = localize(quiz, None, locale, "en", catalog, None)
    request = ExportRequest(Content((quiz,)), "en", ("ur",), localized, {}, FallbackPolicy.QUESTION)
    return {str(output.path): output.data for output in GiftExporter().export(request)}


@pytest.mark.parametrize("quiz_id", QUIZZES)
def test_export_import_export_writes_the_same_gift(project: Path, quiz_id: str) -> None:
    """Export, import, export: the same GIFT files byte for byte (GIFT writes no part ids, and what it
    loses by design is lost in the first export already)."""
    again = exported_again(read_back(project, quiz_id))
    first = project / "dist" / "gift"
    assert again == {name: (first / name).read_bytes() for name in (f"{quiz_id}/en.txt", f"{quiz_id}/ur.txt")}


def test_a_question_written_in_the_source_language_is_no_translation(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """quizkit's Urdu export writes a question whose translation is unfinished in English, marked
    lang="en": reading it back must not make its English an Urdu translation."""
    monkeypatch.chdir(project / "dist" / "gift")
    bank = GiftReader.read(
        BankRequest(Path("tiny/en.txt"), "tiny/en.txt", "tiny", "en", {"ur": Path("tiny/ur.txt")})
    )
    first, second = bank.quiz.questions
    assert dict(first.prompt.imported) == {"ur": TINY_URDU["tiny.questions.first.prompt"]}
    assert [text.imported for text in second.texts()] == [(), (), (), ()]
    assert "tiny/ur.txt:12: question 'second' is in en, not ur: not taken as its translation" in bank.notes
