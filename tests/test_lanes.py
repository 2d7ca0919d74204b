"""The test lanes (docs/testing.md): tests/conftest.py marks Chromium and slow tests without their modules
saying so, and property tests take their number of examples from the Hypothesis profile."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from support import ROOT

TESTS = ROOT / "tests"


def collected(*arguments: str) -> set[str]:
    """The modules of the tests pytest collects with ``arguments`` (in a new process, as ./dev test runs)."""
    environment = {**os.environ, "QUIZKIT_HYPOTHESIS_PROFILE": "dev"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=environment,
    )
    assert result.returncode in (0, 5), result.stdout + result.stderr
    return {line.split("::")[0] for line in result.stdout.splitlines() if "::" in line}


MODULES = (
    "tests/exporters/player/test_scorm_browser.py",  # named *_browser.py
    "tests/exporters/qti/test_qti_engine.py",  # launches Chromium itself
    "tests/test_crash_safety.py",  # slow
    "tests/exporters/player/test_scorm.py",  # neither
)


def test_the_fast_lane_leaves_out_chromium_and_slow_modules() -> None:
    assert collected("-m", "not browser and not slow", *MODULES) == {"tests/exporters/player/test_scorm.py"}


def test_property_tests_state_their_examples_through_the_profile() -> None:
    """A bare ``max_examples=N`` would ignore the profile: ./dev test --fast would try all N."""
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted(TESTS.rglob("*.py"))
        if "node_modules" not in path.parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"max_examples=\d", line)
    ]
    assert bare == []
