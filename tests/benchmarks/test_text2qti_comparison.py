"""benchmarks/text2qti_comparison.py: both converters run on the same quizzes, the ratio gets a verdict,
and both wrote a package per quiz with the same items. Nothing here asserts a time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT


def test_a_tiny_run_converts_the_same_questions_with_both(tmp_path: Path) -> None:
    if not (Path(sys.executable).parent / "text2qti").exists():
        pytest.skip("text2qti is not installed (it is in the dev and bench extras: pip install -e '.[dev]')")
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "text2qti_comparison.py"),
        "--size=2",
        "--repeat=1",
        "--cli",
        f"--keep={tmp_path}",
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(
        r"^\| quizkit export -f canvas --locale en \| [\d.]+ \| [\d.]+ \|$", run.stdout, re.MULTILINE
    )
    assert re.search(r"^\| text2qti command, one process per file \| [\d.]+ \|", run.stdout, re.MULTILINE)
    assert re.search(
        r"^ratio quizkit / text2qti \(one process\): [\d.]+x \(target <= 0.5x\): (met|MISSED)$",
        run.stdout,
        re.MULTILINE,
    )
    assert "check: quizkit wrote 2 packages with 16 items, text2qti 2 with 16 items: the same" in run.stdout
