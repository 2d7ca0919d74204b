"""benchmarks/export_cost.py: a row per default format with files, bytes and both trees' cost, and the
check that both trees wrote the same bytes. Nothing here asserts a time."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from support import ROOT

from toolkit.exporters.base import exporter_names


def test_a_tiny_run_against_the_same_tree_reports_every_format_with_the_same_bytes(tmp_path: Path) -> None:
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "export_cost.py"),
        "--size=2",
        "--repeat=1",
        f"--keep={tmp_path}",
        f"--baseline={ROOT}",
    ]
    run = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    rows = {
        cells[0]: cells
        for line in run.stdout.splitlines()
        if line.startswith("| ") and not line.startswith("| format")
        for cells in [[cell.strip() for cell in line.strip("|").split("|")]]
    }
    assert sorted(rows) == sorted(exporter_names())
    for name, cells in rows.items():
        assert int(cells[1].replace(",", "")) > 0, name  # files
        assert int(cells[2].replace(",", "")) > 0, name  # bytes
        assert re.fullmatch(r"\d+\.\d\dx", cells[5]), cells
        assert cells[-1] == "yes", name  # the same code wrote the same bytes
    assert re.search(r"^all formats: [\d,]+ files in [\d.]+ s .*; before [\d.]+ s", run.stdout, re.MULTILINE)
