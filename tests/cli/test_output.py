"""Every path a command prints goes through one helper (toolkit.cli.output.relative), which escapes the
characters a terminal acts on: a file name given on the command line can hold an escape sequence that
retitles the terminal (OSC ``ESC ] 0 ; … BEL``), and click strips only colour sequences, only when the
output is no terminal."""

from __future__ import annotations

import shutil
from pathlib import Path

from support import copy_project, run_quizkit

HOSTILE = "x\x1b]0;owned\x07\r"
SHOWN = "x\\x1b]0;owned\\x07\\x0d"


def test_init_shows_the_folder_name_escaped(tmp_path: Path) -> None:
    result = run_quizkit(tmp_path, "init", HOSTILE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"{SHOWN}/quizkit.toml: written"
    assert lines[-1] == f"project ready: 10 files written; next: cd {SHOWN} && quizkit serve --open"
    assert "\x1b" not in result.stdout + result.stderr


def test_import_xliff_shows_the_file_name_escaped(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    exported = run_quizkit(project, "export", "-f", "xliff", "-l", "ur")
    assert exported.returncode == 0, exported.stderr
    shutil.copy(project / "dist" / "xliff" / "ur" / "ui.xlf", project / f"{HOSTILE}.xlf")
    result = run_quizkit(project, "import-xliff", f"{HOSTILE}.xlf")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{SHOWN}.xlf → locales/ur/LC_MESSAGES/ui.po: unchanged\n"


def test_merge_shows_the_output_file_escaped(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    result = run_quizkit(
        project, "merge", "locales/ur/LC_MESSAGES/ui.po", "locales/ui.pot", "-o", f"{HOSTILE}.po"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{SHOWN}.po: ")
    assert "\x1b" not in result.stdout + result.stderr
    assert (project / f"{HOSTILE}.po").is_file()


def test_outside_a_project_the_folder_is_shown_escaped(tmp_path: Path) -> None:
    folder = tmp_path / HOSTILE
    folder.mkdir()
    result = run_quizkit(folder, "status")
    assert result.returncode == 2
    assert result.stderr.startswith(
        f"error[no-project]: {tmp_path}/{SHOWN} is not inside a quizkit project: "
    )
