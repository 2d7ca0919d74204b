"""Shared fixtures: a disposable copy of the project, and the real quizkit command."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import hypothesis_profiles  # noqa: F401  (registers and loads the Hypothesis profile before any test module)
import pytest
from support import copy_project, run_quizkit


@pytest.fixture(scope="session", autouse=True)
def _private_cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The build cache's key (toolkit.build.seal) in a folder of this test run, never the user's
    ~/.cache/quizkit: a test must not write into HOME, and the commands a test runs (they inherit this
    environment) must not depend on a key another run or another worker made."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
        yield


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path)


@pytest.fixture
def project_copy(project: Path) -> Path:
    return project


@pytest.fixture
def quizkit() -> Callable[..., subprocess.CompletedProcess[str]]:
    return run_quizkit


LONGEST_FIRST = (
    "test_crash_safety.py",
    "exporters/player/test_accessibility_gate_browser.py",
    "locales/test_project_browser.py",
    "exporters/player/test_html_kinds_browser.py",
    "exporters/player/test_html_browser.py",
    "test_bad_inputs.py",
    "exporters/player/test_scorm_browser.py",
)
"""The modules that take longest (docs/performance.md, The test suite), in that order."""


SLOW = ("test_crash_safety.py", "benchmarks/")
"""Modules (or folders) of the ``slow`` lane besides the browser tests: crash safety's hundred killed builds
and the build benchmark's corpus (docs/testing.md)."""


def _lane_marks(item: pytest.Item, name: str) -> list[pytest.MarkDecorator]:
    """The lane marks a test gets from where it is and what it uses, so a new test is in the right lane
    without marking it: ``browser`` for a module named ``*_browser.py``, for one that uses the tests'
    Chromium helper (tests/browser.py) or launches Chromium itself, and for a test using a ``browser``
    or ``page`` fixture; ``slow`` for the modules of SLOW."""
    module = getattr(item, "module", None)
    names = vars(module) if module is not None else {}
    drives_chromium = (
        name.endswith("_browser.py")
        or "CHROMIUM" in names
        or any(getattr(value, "__module__", None) in ("browser", "tests.browser") for value in names.values())
        or bool({"browser", "page"} & set(getattr(item, "fixturenames", ())))
    )
    marks = [pytest.mark.browser] if drives_chromium else []
    if any(name == slow or (slow.endswith("/") and name.startswith(slow)) for slow in SLOW):
        marks.append(pytest.mark.slow)
    return marks


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test's lane marks (:func:`_lane_marks`), then the longest modules first. ``./dev test`` hands whole modules to the workers (``--dist loadscope``,
    so each module's fixtures are made once) in this order (``--no-loadscope-reorder``): a long module
    started last would leave one core idle while it finishes (crash safety alone is a quarter of the suite).
    """
    tests = Path(__file__).resolve().parent

    def relative(item: pytest.Item) -> str:
        return item.path.resolve().relative_to(tests).as_posix() if item.path.is_relative_to(tests) else ""

    for item in items:
        for mark in _lane_marks(item, relative(item)):
            item.add_marker(mark)

    def rank(item: pytest.Item) -> int:
        name = relative(item)
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)

    items.sort(key=rank)  # stable: every other module keeps its place


# In CI every real component (GNU gettext, Node consumers, Chromium, the standards' schemas) is installed by
# .ci/run, so a skip there would hide a failure: QUIZKIT_NO_SKIPS=1 (./dev test sets it under CI=true) turns
# skips into failures.
def _no_skips() -> bool:
    return os.environ.get("QUIZKIT_NO_SKIPS") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if _no_skips() and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped, but QUIZKIT_NO_SKIPS=1 (CI installs every tool): {report.longrepr}"


# Changed where the report is made, before any pytest_collectreport hook sees it: changed in that hook,
# the terminal had already counted the module as skipped, and its summary of skips crashed (INTERNALERROR).
# Under pytest-xdist the worker that collects the module makes the report and sends it on, failed.
@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Iterator[None]:
    report: pytest.CollectReport = yield  # type: ignore[misc]
    if _no_skips() and report.skipped:
        report.outcome = "failed"
        report.longrepr = (
            f"module skipped, but QUIZKIT_NO_SKIPS=1 (CI installs every tool): {report.longrepr}"
        )
    return report  # type: ignore[return-value]
