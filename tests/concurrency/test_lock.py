"""One writer at a time: a second build or update on the same project stops with a clear message."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from support import run_quizkit

from toolkit.gettext.po_reader import parse_po

HOLDER = """
import sys, time
from pathlib import Path
from toolkit.concurrency.lock import project_lock
with project_lock(Path(sys.argv[2]), "build"):
    print("held", flush=True)
    time.sleep(60)
"""


def hold(project: Path, *, title: str = "") -> subprocess.Popen[str]:
    """Another process holding the project's lock (its command line carries ``title``)."""
    script = project.parent / "hold_lock.py"
    script.write_text(HOLDER, encoding="utf-8")
    holder = subprocess.Popen(
        [sys.executable, script.name, title, str(project)],
        cwd=script.parent,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_held_lock_stops_writers_with_a_message_naming_the_holder(project: Path) -> None:
    holder = hold(project)
    try:
        for command in (["update"], ["build"], ["compile"], ["check", "--fix"]):
            result = run_quizkit(project, *command)
            assert result.returncode == 1, command
            assert result.stderr.startswith(
                f"error[locked]: another quizkit command is changing this project (process {holder.pid}: "
            ), (command, result.stderr)
            assert result.stderr.endswith("); wait for it to finish and run this one again\n")
        # Readers do not need the lock.
        assert run_quizkit(project, "validate").returncode == 0
        assert run_quizkit(project, "status").returncode == 0
    finally:
        holder.kill()
        holder.wait()
    assert run_quizkit(project, "update").returncode == 0


def test_the_lock_is_the_projects_whatever_the_environment_and_creates_no_file(
    project: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "other-tmp"
    elsewhere.mkdir()
    before = {path.name for path in Path(tempfile.gettempdir()).iterdir()}
    holder = hold(project)
    try:
        # Another temporary folder, and the project reached through a link: the same lock.
        link = tmp_path / "link-to-project"
        link.symlink_to(project, target_is_directory=True)
        environment = {**os.environ, "TMPDIR": str(elsewhere)}
        result = run_quizkit(link, "update", env=environment)
        assert result.returncode == 1
        assert "error[locked]" in result.stderr
    finally:
        holder.kill()
        holder.wait()
    assert list(elsewhere.iterdir()) == []
    after = {path.name for path in Path(tempfile.gettempdir()).iterdir()}
    assert sorted(name for name in after - before if "quizkit" in name) == []


def test_the_holders_command_line_is_shown_safely(project: Path) -> None:
    holder = hold(project, title="\x1b]0;pwned\x07\x1b[2J done")
    try:
        result = run_quizkit(project, "update")
    finally:
        holder.kill()
        holder.wait()
    assert result.returncode == 1
    assert "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "\\x1b]0;pwned\\x07\\x1b[2J done" in result.stderr


def test_two_builds_at_once(project: Path) -> None:
    command = [sys.executable, "-m", "toolkit", "build", "--format", "json"]
    first = subprocess.Popen(command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    second = subprocess.Popen(command, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    results = [(*process.communicate(timeout=300), process.returncode) for process in (first, second)]
    codes = sorted(code for _, _, code in results)
    # Either they did not overlap (both succeed) or one was turned away with the lock message.
    assert codes in ([0, 0], [0, 1])
    for _, error, code in results:
        if code == 1:
            assert "error[locked]: another quizkit command is changing this project" in error
    catalog = project / "locales/ur/LC_MESSAGES/data-parallel.po"
    assert all(entry.is_translated for entry in parse_po(catalog.read_text(encoding="utf-8"), "x").entries)
    assert run_quizkit(project, "update", "--check").returncode == 0
    # The lock is released when the holder ends.
    assert run_quizkit(project, "update").returncode == 0
