"""Shared fixtures: a disposable copy of the project, and the real quizkit command."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from support import copy_project, run_quizkit


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path)


@pytest.fixture
def project_copy(project: Path) -> Path:
    return project


@pytest.fixture
def quizkit() -> Callable[..., subprocess.CompletedProcess[str]]:
    return run_quizkit
