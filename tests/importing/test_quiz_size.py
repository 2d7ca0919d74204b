"""The size an imported quiz's YAML is at least (toolkit/importing/quiz_size.py): never more than the
YAML really written, so that a bank refused by it early is one the written YAML would refuse too; and
a bank far too large for one quiz file refused before its YAML is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import fixture_project, run_quizkit_in_process, snapshot

from toolkit.importing.bank import BankRequest
from toolkit.importing.bank_writing import quiz_yaml
from toolkit.importing.gift_bank import GiftReader
from toolkit.importing.moodle_bank import MoodleXmlReader
from toolkit.importing.quiz_size import least_yaml_bytes

HERE = Path(__file__).parent
BANKS = [
    (GiftReader, HERE / "gift" / "edge-cases.txt"),
    (GiftReader, HERE / "gift" / "moodle-export.txt"),
    (GiftReader, HERE / "gift" / "typed-by-hand.txt"),
    (MoodleXmlReader, HERE / "moodle" / "moodle-edge-cases.xml"),
    (MoodleXmlReader, HERE / "moodle" / "moodle-export.xml"),
    (MoodleXmlReader, HERE / "moodle" / "multilang-bank.xml"),
]


@pytest.mark.parametrize(("reader", "path"), BANKS, ids=[path.name for _, path in BANKS])
def test_the_least_size_is_never_more_than_the_yaml_written(
    reader: type[GiftReader | MoodleXmlReader], path: Path
) -> None:
    bank = reader.read(BankRequest(path, path.name, "bank", "en"))
    assert bank.quiz.questions
    written = len(quiz_yaml(bank.quiz, path.name).encode("utf-8"))
    assert 0 < least_yaml_bytes(bank.quiz) <= written


def test_a_bank_far_too_large_for_one_quiz_is_refused_by_its_least_size(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project", {})
    prompt = "Which of the statements about the routing of packets between networks holds here, number"
    questions = "".join(f"::q{n}::{prompt} {n}?{{T####Because {n}.}}\n\n" for n in range(12_000))
    (project / "huge.gift").write_text(questions, encoding="utf-8")
    # Its texts alone: each prompt, explanation and id, and the title and description made of the quiz id.
    least = sum(len(f"{prompt} {n}?") + len(f"Because {n}.") + len(f"q{n}") for n in range(12_000)) + 2 * 4
    before = snapshot(project)
    result = run_quizkit_in_process(project, "import", "huge.gift", "--quiz", "huge")
    assert (result.returncode, result.stdout, result.stderr) == (
        1,
        "",
        f"error[import]: huge.gift is too large for one quiz: its quiz YAML would be at least {least:,} bytes, "
        "and quizkit reads quiz files of at most 1,048,576 bytes; nothing written. Split the bank and import "
        "each part as its own quiz (a GIFT or Moodle bank split into categories is imported as a quiz per "
        "category with --quiz-per-category)\n",
    )
    assert snapshot(project) == before
