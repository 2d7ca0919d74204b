"""The order of an imported quiz's questions (toolkit/importing/question_order.py): the bank's, drafts
included. A question kept as a draft stands in the quiz file where it stood in the bank, between the
questions that came through whole, not after them all (review of issue 39, finding 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from toolkit.importing.bank import BankReader, BankRequest
from toolkit.importing.bank_writing import quiz_yaml
from toolkit.importing.gift_bank import GiftReader
from toolkit.importing.moodle_bank import MoodleXmlReader
from toolkit.importing.qti3_bank import QtiBankReader
from toolkit.importing.qti12_bank import CanvasReader
from toolkit.importing.question_order import in_bank_order

HERE = Path(__file__).parent

# Banks of every reader whose questions that came through whole and drafts alternate.
BANKS: list[tuple[str, type[BankReader]]] = [
    ("gift/moodle-export.txt", GiftReader),
    ("gift/edge-cases.txt", GiftReader),
    ("moodle/moodle-export.xml", MoodleXmlReader),
    ("qti12/canvas-quiz-export", CanvasReader),
    ("qti3/spec-package", QtiBankReader),
]


def _bank_place(bank: Path, file: str, line: int) -> tuple[int, int]:
    """Where a question stands in ``bank``: for a package, its file's place in the manifest's list, then
    its line in the file."""
    manifest = bank / "imsmanifest.xml"
    if not manifest.is_file():
        return (0, line)
    member = file.removeprefix(f"{bank.relative_to(HERE).as_posix()}/")
    return (manifest.read_text(encoding="utf-8").index(f'href="{member}"'), line)


@pytest.mark.parametrize(("bank", "reader"), BANKS)
def test_drafts_stand_where_they_stood_in_the_bank(bank: str, reader: type[BankReader]) -> None:
    read = reader.read(BankRequest(HERE / bank, bank, "bank", "en"))
    drafts = [issue for issue in read.issues if issue.draft is not None]
    assert drafts and read.quiz.questions  # the bank mixes both, or the test shows nothing
    places = {
        question.id: (question.prompt.origin.file, question.prompt.origin.line)
        for question in read.quiz.questions
    }
    for issue in drafts:
        assert issue.draft is not None and issue.line is not None
        places[str(issue.draft["id"])] = (issue.file, issue.line)
    written = yaml.safe_load(quiz_yaml(read.quiz, bank, drafts))
    order = [question["id"] for question in written["questions"]]
    assert sorted(order) == sorted(places)
    assert order == sorted(order, key=lambda question_id: _bank_place(HERE / bank, *places[question_id]))


@pytest.mark.parametrize(
    ("whole", "drafts", "expected"),
    [
        (["a", "b"], [(0, "d1")], ["d1", "a", "b"]),
        (["a", "b"], [(1, "d1"), (1, "d2")], ["a", "d1", "d2", "b"]),
        (["a", "b"], [(2, "d1")], ["a", "b", "d1"]),
        # No place, or one past the end (a reader counted a question later left out): after them all.
        (["a", "b"], [(None, "d1"), (7, "d2")], ["a", "b", "d1", "d2"]),
        ([], [(None, "d1"), (0, "d2")], ["d1", "d2"]),
    ],
)
def test_in_bank_order(whole: list[str], drafts: list[tuple[int | None, str]], expected: list[str]) -> None:
    assert in_bank_order(whole, drafts) == expected
