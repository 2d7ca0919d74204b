"""``quizkit validate`` as a user runs it: exit codes, summaries, every problem at once, JSON."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from support import ROOT, copy_project, fixture_interface_messages, run_quizkit

INVALID = ROOT / "tests" / "content" / "invalid"


def test_shipped_content_is_valid() -> None:
    """Whatever content/ holds: every file valid, and the summary counts what is there."""
    from toolkit.content import load_content

    content = load_content(ROOT / "content")
    files = len(list((ROOT / "content").glob("*.yaml")))
    questions = sum(len(quiz.questions) for quiz in content.quizzes)
    quizzes = f"{len(content.quizzes)} {'quiz' if len(content.quizzes) == 1 else 'quizzes'}"
    messages = len(content.interface.messages) if content.interface else 0
    result = run_quizkit(ROOT, "validate")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        f"{files} files valid: {quizzes} ({questions} questions), {messages} interface messages\n"
    )


def test_the_projects_content_is_summarized_in_one_line(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    result = run_quizkit(project, "validate")
    messages = fixture_interface_messages()
    assert result.stdout == f"2 files valid: 1 quiz (8 questions), {messages} interface messages\n"


def test_every_problem_in_every_file_in_one_run(tmp_path: Path) -> None:
    for case in ("duplicate-question-id", "wrong-type", "ui-undeclared-placeholder"):
        target = tmp_path / case
        shutil.copytree(INVALID / case, target)
        (target / "expected.txt").unlink()
    (tmp_path / "quizkit.toml").write_text("", encoding="utf-8")
    result = run_quizkit(tmp_path, "validate", ".")
    lines = result.stdout.splitlines()
    assert result.returncode == 1
    assert [line.split(": ")[1] for line in lines[:-1]] == [
        "error[duplicate-id]",
        # The fixture's ui.yaml has one message, not every one the player shows: the kinds' hints, which
        # quizkit supplies in English, are a warning; the other messages an error.
        "warning[missing-message]",
        "error[missing-message]",
        "error[placeholder-undeclared]",
        "error[wrong-type]",
        "error[wrong-type]",
    ]
    assert lines[-1] == "5 errors, 1 warning in 3 of 3 files"


def test_json_format_has_the_same_fields() -> None:
    result = run_quizkit(INVALID / "correct-not-an-option", "validate", "--format", "json", ".")
    document = json.loads(result.stdout)
    assert result.returncode == 1
    assert document["diagnostics"] == [
        {
            "file": "quiz.yaml",
            "line": 14,
            "column": 15,
            "severity": "error",
            "code": "unknown-option",
            "message": "correct option 'rihgt' of question 'first' is not one of its options (right, wrong); "
            "did you mean 'right'?",
            "path": "$.questions[0].correct[0]",
            "key": None,
        }
    ]
    assert document["summary"] == {
        "files": 1,
        "quizzes": 0,
        "questions": 0,
        "messages": 0,
        "errors": 1,
        "warnings": 0,
    }


def test_missing_path() -> None:
    result = run_quizkit(ROOT, "validate", "no/such/place.yaml")
    assert result.returncode == 1
    assert result.stdout.splitlines()[0] == "no/such/place.yaml: error[no-such-file]: no such file or folder"


def test_broken_configuration_is_reported_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text('source-locale = "en"\ntarget-locales = "ur"\n')
    result = run_quizkit(tmp_path, "validate")
    assert result.returncode == 1
    assert result.stderr == (
        'quizkit.toml:2: error[config]: target-locales must be a list of locales such as ["ur"]\n'
    )
    assert "Traceback" not in result.stderr


def test_empty_content_folder(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text("", encoding="utf-8")
    (tmp_path / "content").mkdir()
    result = run_quizkit(tmp_path, "validate")
    assert result.returncode == 1
    assert result.stderr == "no content files found\n"


def test_help_and_version() -> None:
    assert "validate" in run_quizkit(ROOT, "--help").stdout
    version = run_quizkit(ROOT, "--version")
    assert version.returncode == 0
    assert version.stdout.startswith("quizkit, version ")


def test_console_script_is_installed() -> None:
    script = Path(sys.executable).parent / "quizkit"
    if not script.exists():
        script = Path(shutil.which("quizkit") or "")
    assert script.is_file(), "the quizkit console script is not installed"
    result = subprocess.run([str(script), "validate"], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0
