"""The questions of a bank kept as drafts (toolkit/importing/imported_drafts.py). A draft stands in the
quiz file where it stood in the bank, between the questions that came through whole, not after them all;
and the report says what drafts do to the quiz (a draft quiz, which exports leave out) and how to export
the finished questions meanwhile, which is what quizkit does (review of issue 39, finding 14)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from support import fixture_project, run_quizkit_in_process

from toolkit.importing.bank import BankReader, BankRequest, ImportIssue
from toolkit.importing.bank_writing import quiz_yaml
from toolkit.importing.gift_bank import GiftReader
from toolkit.importing.imported_drafts import draft_quiz_notes, in_bank_order
from toolkit.importing.moodle_bank import MoodleXmlReader
from toolkit.importing.qti3_bank import QtiBankReader
from toolkit.importing.qti12_bank import CanvasReader

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


def _drafts(*ids: str) -> list[ImportIssue]:
    return [ImportIssue("bank.txt", 1, name, "kept as a draft", {"id": name}) for name in ids]


@pytest.mark.parametrize(
    ("whole", "drafts", "expected"),
    [
        (3, (), ()),
        (
            2,
            ("averages",),
            "net is a draft quiz (draft: true) while it has drafts, left out of every export: finish the to-dos of "
            "the draft (averages) or delete it, then remove draft: true; quizkit export --drafts exports it now "
            "with its 2 finished questions, without the drafts",
        ),
        (
            1,
            ("q2", "q3"),
            "net is a draft quiz (draft: true) while it has drafts, left out of every export: finish the to-dos of "
            "each draft (q2, q3) or delete those you do not want, then remove draft: true; quizkit export --drafts "
            "exports it now with its 1 finished question, without the drafts",
        ),
        (
            0,
            ("q1", "q2", "q3", "q4", "q5", "q6"),
            "net is a draft quiz (draft: true), left out of every export: finish the to-dos of each of the 6 "
            "drafts or delete those you do not want, then remove draft: true",
        ),
    ],
)
def test_the_report_says_what_drafts_do_to_the_quiz(
    whole: int, drafts: tuple[str, ...], expected: str | tuple[()]
) -> None:
    assert draft_quiz_notes("net", whole, _drafts(*drafts)) == ((expected,) if expected else ())


GIFT_BANK = """\
::gpu-holds:: What does each GPU hold in data parallelism? {=A full copy of the model ~A slice of the layers
####Each GPU trains the whole model on its own batch.}

::averages:: Which collective averages the gradients? {=all-reduce ~broadcast}

::ring:: A ring all-reduce passes each piece of data around the ring. {T ####Each GPU sends its piece on.}
"""


def test_what_the_report_says_of_a_draft_quiz_is_what_export_does(tmp_path: Path) -> None:
    """The note is true: an export leaves the draft quiz out, saying so, and ``--drafts`` exports its
    finished questions in the bank's order, without the draft."""
    project = fixture_project(tmp_path / "project", {})
    (project / "bank.txt").write_text(GIFT_BANK, encoding="utf-8")
    imported = run_quizkit_in_process(project, "import", "bank.txt", "--quiz", "net")
    assert imported.returncode == 0, imported.stderr
    assert (
        "note: net is a draft quiz (draft: true) while it has drafts, left out of every export: finish the to-dos "
        "of the draft (averages) or delete it, then remove draft: true; quizkit export --drafts exports it now "
        "with its 2 finished questions, without the drafts"
    ) in imported.stdout.splitlines()
    written = yaml.safe_load((project / "content/net.yaml").read_text(encoding="utf-8"))
    assert [question["id"] for question in written["questions"]] == ["gpu-holds", "averages", "ring"]
    left_out = run_quizkit_in_process(project, "export", "-f", "json")
    # The project has no other quiz: nothing exported, which is an error of its own.
    assert left_out.returncode == 1, left_out.stderr
    assert (
        "warning[draft-quiz-left-out]: draft quiz 'net' is left out of the export"
        in left_out.stdout + left_out.stderr
    )
    assert not (project / "dist/json/net").exists()
    exported = run_quizkit_in_process(project, "export", "-f", "json", "--drafts")
    assert exported.returncode == 0, exported.stderr
    quiz = json.loads((project / "dist/json/net/en.json").read_text(encoding="utf-8"))
    assert [question["id"] for question in quiz["questions"]] == ["gpu-holds", "ring"]
