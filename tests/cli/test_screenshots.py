"""``quizkit screenshots``'s options, refused before any browser is started."""

from __future__ import annotations

from pathlib import Path

from support import fixture_project, run_quizkit


def test_a_locale_the_project_does_not_have_is_refused(tmp_path: Path) -> None:
    project = fixture_project(tmp_path)
    result = run_quizkit(project, "screenshots", "--locale", "fr")
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--locale': fr is not a locale of this project (its locales: en, ur)"
    )
    assert not (project / "screenshots").exists()


def test_a_browser_that_is_not_there_is_named(tmp_path: Path) -> None:
    project = fixture_project(tmp_path)
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(project, "screenshots", "--browser", str(tmp_path / "chromium"))
    assert result.returncode == 1
    assert result.stderr == (
        f"error[screenshots]: cannot run {tmp_path / 'chromium'}: No such file or directory; "
        "name the Chromium to run with --browser PATH or in QUIZKIT_CHROMIUM\n"
    )
