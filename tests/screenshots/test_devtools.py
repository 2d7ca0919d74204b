"""No browser, or a browser that cannot run: a clear message, exit 1, nothing written."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from support import fixture_project, run_quizkit, run_quizkit_in_process, snapshot

from toolkit.screenshots.devtools import BrowserError, browser


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


def hanging_browser(folder: Path) -> Path:
    """A program that starts and never answers on its DevTools pipe (a wedged or wrong browser)."""
    program = folder / "hanging-browser"
    program.write_text("#!/bin/sh\nexec sleep 1000\n", encoding="utf-8")
    program.chmod(0o755)
    return program


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_browser_that_never_answers_is_named_and_killed_not_waited_for(tmp_path: Path) -> None:
    program = hanging_browser(tmp_path)
    with pytest.raises(BrowserError) as raised, browser(program, timeout=0.5) as connection:
        pid = connection.pid
        connection.call("Browser.getVersion")
    assert str(raised.value) == f"the browser {program} did not answer within 0.5 seconds"
    # Not asked to close (it would not answer that either): killed and reaped on leaving the block.
    assert not connection.answering
    assert gone(pid)


def test_a_browser_that_exits_is_named(tmp_path: Path) -> None:
    program = Path(shutil.which("false") or "/bin/false")
    with pytest.raises(BrowserError) as raised, browser(program) as connection:
        connection.call("Browser.getVersion")
    assert str(raised.value) == (
        f"the browser {program} stopped before it answered (it closed its DevTools pipe): it is probably not Chromium"
    )
    assert gone(connection.pid)


def test_a_program_that_is_not_chromium_is_said_so_with_how_to_name_another(tmp_path: Path) -> None:
    # The review found "the browser /bin/false stopped (it closed its DevTools pipe)": right, but it
    # did not say what to do.
    project = fixture_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "update").returncode == 0
    program = Path(shutil.which("false") or "/bin/false")
    before = snapshot(project)
    result = run_quizkit(project, "screenshots", env={**os.environ, "QUIZKIT_CHROMIUM": str(program)})
    assert result.returncode == 1
    assert result.stderr == (
        f"error[screenshots]: the browser {program} stopped before it answered (it closed its DevTools pipe): "
        "it is probably not Chromium; name the Chromium to run with --browser PATH or in QUIZKIT_CHROMIUM\n"
    )
    assert snapshot(project) == before


def test_a_build_with_a_program_that_is_not_chromium_names_the_variable_only(tmp_path: Path) -> None:
    # quizkit build has no --browser option: its message names the variable alone.
    project = fixture_project(tmp_path / "project")
    program = Path(shutil.which("false") or "/bin/false")
    result = run_quizkit(
        project,
        "build",
        "--screenshots",
        "--format",
        "text",
        env={**os.environ, "QUIZKIT_CHROMIUM": str(program)},
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1] == (
        f"error[screenshots]: the browser {program} stopped before it answered (it closed its DevTools pipe): "
        "it is probably not Chromium; name the Chromium to run in QUIZKIT_CHROMIUM"
    )


def test_a_build_with_screenshots_and_no_browser_stops_before_writing(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "update").returncode == 0
    (tmp_path / "bin").mkdir()
    environment = {name: value for name, value in os.environ.items() if name != "QUIZKIT_CHROMIUM"}
    before = snapshot(project)
    result = run_quizkit(
        project,
        "build",
        "--screenshots",
        "--format",
        "text",
        env={**environment, "PATH": str(tmp_path / "bin")},
    )
    assert result.returncode == 1
    assert result.stderr == (
        "error[screenshots]: no Chromium found (looked for chromium, chromium-browser, google-chrome, "
        "google-chrome-stable, chrome on the PATH): install it (apt-get install chromium fonts-noto-core), "
        "or name it in QUIZKIT_CHROMIUM\n"
    )
    assert snapshot(project) == before


def test_a_browser_slower_than_the_run_allows_names_the_option_that_allows_longer(tmp_path: Path) -> None:
    # The default (60 s) made a run on a loaded machine fail; the run's own limit, and the message says
    # which option raises it.
    project = fixture_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "update").returncode == 0
    program = hanging_browser(tmp_path)
    before = snapshot(project)
    result = run_quizkit(project, "screenshots", "--browser", str(program), "--browser-timeout", "1")
    assert result.returncode == 1
    assert result.stderr == (
        f"error[screenshots]: the browser {program} did not answer within 1 second: on a busy machine, "
        "allow it longer with --browser-timeout SECONDS (now 1)\n"
    )
    assert snapshot(project) == before


def test_a_browser_timeout_below_one_second_is_refused(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "screenshots", "--browser-timeout", "0")
    assert result.returncode == 2
    assert "Invalid value for '--browser-timeout': 0.0 is not in the range x>=1." in result.stderr
