"""Helpers shared by the tests: copying the project and running the real quizkit command."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


def copy_project(target: Path) -> Path:
    """content/, locales/ and pyproject.toml copied into ``target`` (compiled files left out)."""
    for folder in ("content", "locales"):
        shutil.copytree(ROOT / folder, target / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def run_quizkit(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *arguments],
        cwd=folder,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` with its bytes, to prove that nothing was written."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
