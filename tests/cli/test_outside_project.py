"""Every command outside a project says so, names what it looked for, writes nothing and exits 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import ROOT, run_quizkit, snapshot

COMMANDS = [
    ("validate",),
    ("validate", "quiz.yaml"),
    ("extract",),
    ("update",),
    ("update", "--check"),
    ("check",),
    ("check", "--fix"),
    ("compile",),
    ("status",),
    ("export",),
    ("import-xliff", "ur.xlf"),
    ("import", "page.txt", "--quiz", "page"),
    ("build",),
]


@pytest.mark.parametrize("arguments", COMMANDS, ids=" ".join)
def test_a_command_outside_a_project_stops_with_exit_2(tmp_path: Path, arguments: tuple[str, ...]) -> None:
    folder = tmp_path / "not-a-project"
    folder.mkdir()
    # Files a command could take for input, and a pyproject.toml of some other tool: none makes a project.
    (folder / "quiz.yaml").write_text("id: quiz\n", encoding="utf-8")
    (folder / "ur.xlf").write_text("<xliff/>\n", encoding="utf-8")
    (folder / "page.txt").write_bytes(
        (ROOT / "tests" / "importing" / "pages" / "tensor-parallel-mixed.txt").read_bytes()
    )
    (folder / "pyproject.toml").write_text("[tool.black]\nline-length = 100\n", encoding="utf-8")
    before = snapshot(tmp_path)
    result = run_quizkit(folder, *arguments)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"error[no-project]: {folder} is not inside a quizkit project: there is no quizkit.toml, and no "
        "pyproject.toml with a [tool.quizkit] table, in this folder or any folder above it. Run the "
        "command inside a project, or make one with quizkit init or a [tool.quizkit] table "
        "(docs/configuration.md).\n"
    )
    assert snapshot(tmp_path) == before


QUIZ = """\
id: tiny
level: beginner
title: Tiny
description: One question.
questions:
  - id: first
    type: single_choice
    prompt: Which?
    options:
      - {id: a, text: This one}
      - {id: b, text: That one}
    correct: [a]
    explanation: This one.
"""


def test_a_folder_below_a_project_belongs_to_it(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text('target-locales = ["ur"]\n', encoding="utf-8")
    (tmp_path / "content" / "deep").mkdir(parents=True)
    (tmp_path / "content" / "tiny.yaml").write_text(QUIZ, encoding="utf-8")
    result = run_quizkit(tmp_path / "content" / "deep", "validate")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "1 file valid: 1 quiz (1 question), 0 interface messages\n"


def test_a_folder_below_another_projects_broken_pyproject_is_not_inside_a_project(tmp_path: Path) -> None:
    # Another tool's project whose pyproject.toml does not parse: its TOML error is none of quizkit's.
    (tmp_path / "pyproject.toml").write_text("[project]\nname = quizzes\n", encoding="utf-8")
    folder = tmp_path / "notes"
    folder.mkdir()
    result = run_quizkit(folder, "check")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        f"error[no-project]: {folder} is not inside a quizkit project: there is no quizkit.toml, and no "
        "pyproject.toml with a [tool.quizkit] table, in this folder or any folder above it. Run the "
        "command inside a project, or make one with quizkit init or a [tool.quizkit] table "
        "(docs/configuration.md).\n"
    )


def test_a_command_in_a_deleted_folder_says_so_without_a_traceback(tmp_path: Path) -> None:
    import subprocess
    import sys

    folder = tmp_path / "deleted"
    folder.mkdir()
    # A shell left in a folder another program removed: the process starts there, and the folder is gone.
    script = f'cd "{folder}" && rmdir "{folder}" && exec "{sys.executable}" -m toolkit validate'
    result = subprocess.run(
        ["sh", "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=120, check=False
    )
    assert (result.returncode, result.stdout, result.stderr) == (
        2,
        "",
        "error: the current folder no longer exists (it was deleted or moved): cd into the project folder "
        "and run the command again\n",
    )
