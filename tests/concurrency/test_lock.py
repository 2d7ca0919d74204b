"""One writer at a time: a second build or update on the same project stops with a clear message."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

from support import run_quizkit

from toolkit.catalogs.po_reader import parse_po


def test_a_held_lock_stops_writers_with_a_message(project: Path) -> None:
    from toolkit.concurrency.lock import lock_path

    descriptor = os.open(lock_path(project), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        os.write(descriptor, b"quizkit build, process 12345")
        for command in (["update"], ["build"], ["compile"], ["check", "--fix"]):
            result = run_quizkit(project, *command)
            assert result.returncode == 1, command
            assert result.stderr == (
                "error[locked]: another quizkit command is changing this project (quizkit build, "
                "process 12345); wait for it to finish and run this one again\n"
            ), command
        # Readers do not need the lock.
        assert run_quizkit(project, "validate").returncode == 0
        assert run_quizkit(project, "status").returncode == 0
    finally:
        os.close(descriptor)
    assert run_quizkit(project, "update").returncode == 0


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
