"""Shared fixtures: a disposable copy of the project, and the real quizkit command."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
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


# In CI every real component (GNU gettext, Node consumers, Chromium, ../shared schemas) is installed by
# .ci/run, so a skip there would hide a failure: QUIZKIT_NO_SKIPS=1 turns skips into failures.
def _no_skips() -> bool:
    return os.environ.get("QUIZKIT_NO_SKIPS") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if _no_skips() and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped, but QUIZKIT_NO_SKIPS=1 (CI installs every tool): {report.longrepr}"


def pytest_collectreport(report: pytest.CollectReport) -> None:
    if _no_skips() and report.skipped:
        report.outcome = "failed"
        report.longrepr = (
            f"module skipped, but QUIZKIT_NO_SKIPS=1 (CI installs every tool): {report.longrepr}"
        )
