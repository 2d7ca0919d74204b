"""benchmarks/serve_loop.py: quizkit serve rebuilds the page of each saved quiz, each save is timed, and
the median gets a verdict. Nothing here asserts a time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from support import ROOT


def test_a_tiny_run_times_each_save_until_the_page_shows_it(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "serve_loop.py"),
        "--size=2",
        "--saves=2",
        f"--keep={tmp_path}",
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    saves = re.findall(
        r"^  save (\d): (quiz-\d+), page rebuilt in [\d.]+ s, server CPU [\d.]+ s$", run.stdout, re.MULTILINE
    )
    assert saves == [("1", "quiz-0001"), ("2", "quiz-0002")]
    assert re.search(
        r"^save -> rebuilt page served, 2 quizzes, 2 saves: median [\d.]+ s \(min [\d.]+, max [\d.]+\); "
        r"target <= 1 s: (met|MISSED)$",
        run.stdout,
        re.MULTILINE,
    )
    assert re.search(
        r"^server CPU per save \(write to rebuild reported\): median [\d.]+ s \(min [\d.]+, max [\d.]+\)$",
        run.stdout,
        re.MULTILINE,
    )
