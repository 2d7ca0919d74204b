"""Aiken files (toolkit/importing/aiken_bank.py) through ``quizkit import``: the form Moodle's reader
takes (question/format/aiken/format.php, qformat_aiken::readquestions, and the example of
docs.moodle.org/en/Aiken_format), each broken form refused at its line with nothing written
(tests/importing/aiken/bad: a file beside the exact message), and one file per language aligned."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import polib
import pytest
import yaml
from support import fixture_project, run_quizkit_in_process, snapshot

from toolkit.importing.aiken_bank import AikenReader
from toolkit.importing.bank import BankRequest

AIKEN = Path(__file__).parent / "aiken"
BAD = sorted((AIKEN / "bad").glob("*.txt"))
MOODLE_DOCS = AIKEN / "good" / "moodle-docs.txt"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return fixture_project(tmp_path / "project", {})


def imported(project: Path, *arguments: str) -> dict[str, Any]:
    result = run_quizkit_in_process(project, "import", *arguments, "--format", "json")
    assert result.returncode == 0, result.stderr
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def quiz_yaml(project: Path, quiz: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((project / "content" / f"{quiz}.yaml").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("bank", BAD, ids=[path.stem for path in BAD])
def test_a_broken_file_is_refused_at_its_line_and_nothing_is_written(project: Path, bank: Path) -> None:
    (project / "bad").mkdir()
    shutil.copy(bank, project / "bad" / bank.name)
    before = snapshot(project)
    result = run_quizkit_in_process(
        project, "import", f"bad/{bank.name}", "--from", "aiken", "--quiz", "broken"
    )
    assert result.returncode == 1
    assert result.stderr == bank.with_suffix(".expected").read_text(encoding="utf-8")
    assert snapshot(project) == before


def test_moodles_example_is_detected_and_every_question_kept_as_a_draft_with_its_answer(
    project: Path,
) -> None:
    shutil.copy(MOODLE_DOCS, project / "moodle-docs.txt")
    report = imported(project, "moodle-docs.txt", "--quiz", "aiken-example")
    assert report["format"] == "aiken"
    assert (report["questions"], report["drafts"]) == (0, 2)
    assert [(issue["line"], issue["question"], issue["draft"]) for issue in report["issues"]] == [
        (1, "What is the correct answer to this question?", True),
        (8, "Which LMS has the most quiz import formats?", True),
    ]
    assert report["files"] == ["content/aiken-example.yaml"]
    quiz = quiz_yaml(project, "aiken-example")
    assert (quiz["title"], quiz["level"], quiz["draft"]) == ("Moodle docs", "intermediate", True)
    first, second = quiz["questions"]
    assert first["type"] == "single_choice"
    assert [option["text"] for option in first["options"]] == [
        "Is it this one?",
        "Maybe this answer?",
        "Possibly this one?",
        "Must be this one!",
    ]
    assert first["correct"] == ["d"]
    assert [option["id"] for option in second["options"]] == ["a", "b", "c", "d", "e", "f"]
    assert second["correct"] == ["a"]
    assert first["explanation"] == {
        "todo": "write the explanation: why the answer is right (Aiken files have none); then remove draft: true "
        "once every question has one"
    }
    validated = run_quizkit_in_process(project, "validate")
    assert validated.returncode == 0, validated.stdout


def test_the_text_report(project: Path) -> None:
    shutil.copy(MOODLE_DOCS, project / "moodle-docs.txt")
    result = run_quizkit_in_process(
        project, "import", "moodle-docs.txt", "--quiz", "aiken-example", "--dry-run"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "moodle-docs.txt (aiken): 0 questions imported, 2 drafts",
        "2 issues",
        "  moodle-docs.txt:1: What is the correct answer to this question?: Aiken has no explanation, which a "
        "quiz question needs: kept as a draft with a to-do",
        "  moodle-docs.txt:8: Which LMS has the most quiz import formats?: Aiken has no explanation, which a quiz "
        "question needs: kept as a draft with a to-do",
        "note: Aiken has no ids: questions are q1, q2, … and options a, b, … in the file's order",
        "note: Aiken has no title, description or level: the title 'Moodle docs' comes from the file name, the "
        "level is intermediate; change them in the YAML",
        "note: aiken-example is a draft quiz (draft: true), left out of every export: finish the to-dos of each "
        "draft (q1, q2) or delete those you do not want, then remove draft: true",
        "dry run: would write content/aiken-example.yaml",
    ]
    assert not (project / "content" / "aiken-example.yaml").exists()


URDU = """\
ہر GPU کیا رکھتا ہے؟
A) ماڈل کی پوری نقل
B) تہوں کا ایک حصہ
ANSWER: A
"""
ENGLISH = """\
What does each GPU hold?
It is data parallelism.
A) A full copy of the model
B) A slice of the layers
ANSWER: A
"""


def test_a_file_per_language_is_aligned_and_its_texts_wait_beside_the_drafts(project: Path) -> None:
    (project / "gpu.txt").write_text(ENGLISH, encoding="utf-8")
    (project / "gpu.ur.txt").write_text(URDU, encoding="utf-8")
    report = imported(project, "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu")
    assert report["locales"] == [
        {
            "locale": "ur",
            "translations": 0,
            "catalog": None,
            "kept": 0,
            "skipped": "its translations wait in the YAML beside the drafts' texts; quizkit update takes them in "
            "once the drafts are finished",
        }
    ]
    text = run_quizkit_in_process(
        project, "import", "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu", "--dry-run"
    )
    assert (
        "ur: no catalog written: its translations wait in the YAML beside the drafts' texts; quizkit update takes "
        "them in once the drafts are finished"
    ) in text.stdout.splitlines()
    (question,) = quiz_yaml(project, "gpu")["questions"]
    assert question["prompt"] == {
        "text": "What does each GPU hold?\nIt is data parallelism.",
        "ur": {
            "text": "ہر GPU کیا رکھتا ہے؟",
            "from": "gpu.ur.txt",
            "source": "What does each GPU hold?\nIt is data parallelism.",
        },
    }
    assert question["options"][1]["text"] == {
        "text": "A slice of the layers",
        "ur": {"text": "تہوں کا ایک حصہ", "from": "gpu.ur.txt", "source": "A slice of the layers"},
    }


def test_a_finished_drafts_waiting_translations_come_in_as_the_banks(project: Path) -> None:
    """A translation that waited beside a draft's text was made by a person in the bank: once the draft is
    finished, ``quizkit update`` takes it in as the import takes a bank's translations into its catalogs
    (translated, not fuzzy, naming the file it came from), not as a scraped page's (fuzzy, unreviewed)."""
    (project / "gpu.txt").write_text(ENGLISH, encoding="utf-8")
    (project / "gpu.ur.txt").write_text(URDU, encoding="utf-8")
    imported(project, "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu")
    path = project / "content" / "gpu.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    del quiz["draft"]
    (question,) = quiz["questions"]
    assert set(question["explanation"]) == {"todo"}
    question["explanation"] = "Each GPU holds a full copy of the model."
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")
    updated = run_quizkit_in_process(project, "update")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    catalog = polib.pofile(str(project / "locales/ur/LC_MESSAGES/gpu.po"))
    prompt = catalog.find("gpu.questions.q1.prompt", by="msgctxt")
    assert prompt is not None
    assert prompt.msgstr == "ہر GPU کیا رکھتا ہے؟"
    assert prompt.flags == []
    assert prompt.tcomment == "Imported from gpu.ur.txt; translated there, not reviewed in quizkit."
    assert "Imported from a scraped page; not reviewed." not in prompt.comment
    option = catalog.find("gpu.questions.q1.options.b", by="msgctxt")
    assert option is not None and (option.msgstr, option.flags) == ("تہوں کا ایک حصہ", [])


def _finish_draft(project: Path, prompt: str | None = None, option_a: str | None = None) -> None:
    """The person's part: the draft's explanation written, ``draft: true`` removed, and the prompt or
    option a rewritten when given."""
    path = project / "content" / "gpu.yaml"
    quiz = yaml.safe_load(path.read_text(encoding="utf-8"))
    del quiz["draft"]
    (question,) = quiz["questions"]
    question["explanation"] = "Each GPU holds a full copy of the model."
    if prompt is not None:
        question["prompt"]["text"] = prompt
    if option_a is not None:
        question["options"][0]["text"]["text"] = option_a
    path.write_text(yaml.safe_dump(quiz, allow_unicode=True, sort_keys=False), encoding="utf-8")


def _updated_catalog(project: Path) -> polib.POFile:
    updated = run_quizkit_in_process(project, "update")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    return polib.pofile(str(project / "locales/ur/LC_MESSAGES/gpu.po"))


def test_a_waiting_translation_whose_text_changed_comes_in_fuzzy_with_the_text_it_was_made_for(
    project: Path,
) -> None:
    """Finishing a draft, its author rewrote the prompt and option a: the bank's Urdu translates the old
    texts (here the opposite meaning), so it comes in fuzzy, the old text as the previous msgid (Poedit
    shows the difference), still naming its file; the unchanged option b comes in translated."""
    (project / "gpu.txt").write_text(ENGLISH, encoding="utf-8")
    (project / "gpu.ur.txt").write_text(URDU, encoding="utf-8")
    imported(project, "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu")
    _finish_draft(project, prompt="What does no GPU hold?", option_a="Nothing of the model")
    catalog = _updated_catalog(project)
    prompt = catalog.find("gpu.questions.q1.prompt", by="msgctxt")
    assert prompt is not None
    assert (prompt.msgstr, prompt.flags, prompt.previous_msgid) == (
        "ہر GPU کیا رکھتا ہے؟",
        ["fuzzy"],
        "What does each GPU hold?\nIt is data parallelism.",
    )
    assert prompt.tcomment == "Imported from gpu.ur.txt; translated there, not reviewed in quizkit."
    option_a = catalog.find("gpu.questions.q1.options.a", by="msgctxt")
    assert option_a is not None
    assert (option_a.msgstr, option_a.flags, option_a.previous_msgid) == (
        "ماڈل کی پوری نقل",
        ["fuzzy"],
        "A full copy of the model",
    )
    option_b = catalog.find("gpu.questions.q1.options.b", by="msgctxt")
    assert option_b is not None
    assert (option_b.msgstr, option_b.flags, option_b.previous_msgid) == ("تہوں کا ایک حصہ", [], None)


def test_a_waiting_translation_is_taken_in_once_and_never_put_back_over_a_translators_entry(
    project: Path,
) -> None:
    """Once an update has taken the draft's translations in, the entries are the translators': one they
    emptied or rewrote stays as they left it on every later update, though the YAML still holds the bank's
    text."""
    (project / "gpu.txt").write_text(ENGLISH, encoding="utf-8")
    (project / "gpu.ur.txt").write_text(URDU, encoding="utf-8")
    imported(project, "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu")
    _finish_draft(project)
    catalog = _updated_catalog(project)
    path = project / "locales/ur/LC_MESSAGES/gpu.po"
    prompt = catalog.find("gpu.questions.q1.prompt", by="msgctxt")
    option_b = catalog.find("gpu.questions.q1.options.b", by="msgctxt")
    assert prompt is not None and option_b is not None
    prompt.msgstr = ""
    option_b.msgstr = "تہوں کا حصہ"
    catalog.save(str(path))
    catalog = _updated_catalog(project)
    prompt = catalog.find("gpu.questions.q1.prompt", by="msgctxt")
    option_b = catalog.find("gpu.questions.q1.options.b", by="msgctxt")
    assert prompt is not None and option_b is not None
    assert (prompt.msgstr, option_b.msgstr) == ("", "تہوں کا حصہ")


@pytest.mark.parametrize(
    ("translation", "expected"),
    [
        (
            URDU.replace("ANSWER: A", "ANSWER: B"),
            "gpu.ur.txt:4: error[import]: question 1 has answer B here and A in the source file: a translation "
            "must mark the same option\n",
        ),
        (
            URDU.replace("ANSWER: A", "C) تیسرا\nANSWER: A"),
            "gpu.ur.txt:1: error[import]: question 1 has 3 options here and 2 in the source file: a translation "
            "must have the same questions and options, in the same order\n",
        ),
        (
            URDU + "\n" + URDU,
            "gpu.ur.txt: error[import]: 2 questions here and 1 in the source file: a translation must have the "
            "same questions, in the same order\n",
        ),
    ],
    ids=["other-answer", "more-options", "more-questions"],
)
def test_a_translation_that_does_not_align_is_refused(project: Path, translation: str, expected: str) -> None:
    (project / "gpu.txt").write_text(ENGLISH, encoding="utf-8")
    (project / "gpu.ur.txt").write_text(translation, encoding="utf-8")
    before = snapshot(project)
    result = run_quizkit_in_process(
        project, "import", "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu"
    )
    assert (result.returncode, result.stderr) == (1, expected)
    assert snapshot(project) == before


def test_a_translation_of_one_question_counts_it_in_the_singular(project: Path) -> None:
    (project / "gpu.txt").write_text(ENGLISH + "\n" + ENGLISH, encoding="utf-8")
    (project / "gpu.ur.txt").write_text(URDU, encoding="utf-8")
    result = run_quizkit_in_process(
        project, "import", "gpu.txt", "--locale", "ur", "gpu.ur.txt", "--quiz", "gpu"
    )
    assert (result.returncode, result.stderr) == (
        1,
        "gpu.ur.txt: error[import]: 1 question here and 2 in the source file: a translation must have the same "
        "questions, in the same order\n",
    )


def test_more_options_than_a_question_holds_leave_it_out_with_the_reason(tmp_path: Path) -> None:
    letters = "ABCDEFGHI"
    bank = tmp_path / "wide.txt"
    bank.write_text(
        "Pick one\n"
        + "".join(f"{letter}) {letter.lower()}\n" for letter in letters)
        + "ANSWER: I\n\n"
        + ENGLISH,
        encoding="utf-8",
    )
    read = AikenReader.read(BankRequest(bank, "wide.txt", "wide", "en"))
    left_out, kept = read.issues
    assert (left_out.line, left_out.question, left_out.draft) == (1, "Pick one", None)
    assert left_out.reason == (
        "9 options; a quiz question has at most 8: left out (split it, or drop options, and import again)"
    )
    assert kept.draft is not None and kept.draft["id"] == "q1"


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (MOODLE_DOCS.read_bytes(), True),
        (ENGLISH.replace("\n", "\r\n").encode(), True),
        (b"- What?\n- A) yes\n", False),
        (b"<?xml version='1.0'?><quiz>ANSWER: A\nA) x</quiz>", False),
        (b"What?\nA) yes\nB) no\n", False),
    ],
    ids=["moodle-docs", "crlf", "page", "xml", "no-answer-line"],
)
def test_detection(tmp_path: Path, head: bytes, expected: bool) -> None:
    assert AikenReader.detects(tmp_path / "bank.txt", head) is expected


@pytest.mark.parametrize(
    "encoded",
    [
        ENGLISH.encode("utf-8-sig"),
        ENGLISH.encode("utf-16"),
        ENGLISH.replace("\n", "\r\n").encode(),
        ENGLISH.replace("\n", "\r").encode(),
        ENGLISH.replace("A) A full", "  A) A full").encode(),
    ],
    ids=["utf-8-bom", "utf-16", "crlf", "cr", "indented"],
)
def test_what_a_windows_or_mac_editor_saves_reads_the_same(tmp_path: Path, encoded: bytes) -> None:
    bank = tmp_path / "gpu.txt"
    bank.write_bytes(encoded)
    (issue,) = AikenReader.read(BankRequest(bank, "gpu.txt", "gpu", "en")).issues
    assert issue.draft is not None
    assert issue.draft["prompt"] == "What does each GPU hold?\nIt is data parallelism."
    assert issue.draft["options"] == [
        {"id": "a", "text": "A full copy of the model"},
        {"id": "b", "text": "A slice of the layers"},
    ]
    assert issue.draft["correct"] == ["a"]
