"""No browser, or a browser that cannot run: a clear message, exit 1, nothing written."""

from __future__ import annotations

import os
from pathlib import Path

from support import fixture_project, run_quizkit, run_quizkit_in_process, snapshot


def test_a_browser_named_that_cannot_run_is_said_so(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "update").returncode == 0
    before = snapshot(project)
    result = run_quizkit(
        project, "screenshots", env={**os.environ, "QUIZKIT_CHROMIUM": str(tmp_path / "none")}
    )
    assert result.returncode == 1
    assert result.stderr == (
        f"error[screenshots]: QUIZKIT_CHROMIUM names {tmp_path / 'none'}, which is not a program that can be run\n"
    )
    assert snapshot(project) == before


def test_no_browser_on_the_path_is_said_so(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "update").returncode == 0
    (tmp_path / "bin").mkdir()
    environment = {name: value for name, value in os.environ.items() if name != "QUIZKIT_CHROMIUM"}
    result = run_quizkit(project, "screenshots", env={**environment, "PATH": str(tmp_path / "bin")})
    assert result.returncode == 1
    assert result.stderr == (
        "error[screenshots]: no Chromium found (looked for chromium, chromium-browser, google-chrome, "
        "google-chrome-stable, chrome on the PATH): install it (apt-get install chromium fonts-noto-core), "
        "or name it in QUIZKIT_CHROMIUM\n"
    )
    assert not (project / "screenshots").exists()
