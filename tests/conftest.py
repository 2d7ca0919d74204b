"""Shared fixtures: a disposable copy of the project, and running the real quizkit command in it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    """content/, locales/ and pyproject.toml copied into a temporary folder (compiled files left out)."""
    for folder in ("content", "locales"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


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


@pytest.fixture
def quizkit() -> Callable[..., subprocess.CompletedProcess[str]]:
    return run_quizkit
