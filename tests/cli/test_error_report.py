"""toolkit.cli.error_report: the one place where an error becomes a command's words and exit code.

The commands' own tests (tests/cli, tests/glossary, tests/importing, tests/test_bad_inputs.py) run each
error through a real command; these pin the mapping itself, one error at a time, in a command made for
the test: what goes to standard output, what to standard error, and the exit code."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from toolkit.build.results import BuildFailedError
from toolkit.checks.registry import CheckLoadError
from toolkit.cli.error_report import Scene, reported_errors
from toolkit.content.glossary import GlossaryError
from toolkit.content.validation import ContentError
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.exporters.base import ExportError
from toolkit.exporters.export_run import ExportBlockedError, StrictModeError
from toolkit.gettext.review import ReviewerError
from toolkit.importing.scraped_page import PageError
from toolkit.interchange.tbx import NoGlossaryError
from toolkit.scaffold import InitError

_PROBLEM = Diagnostic("content/q.yaml", 3, 1, Severity.ERROR, "schema", "bad")
_PROBLEM_TEXT = "content/q.yaml:3:1: error[schema]: bad\n"


def _run(error: BaseException, scene: Scene) -> tuple[int, str, str]:
    @click.command()
    def command() -> None:
        with reported_errors(
            imported_page=scene.imported_page,
            imported_glossary=scene.imported_glossary,
            json_report=scene.json_report,
        ):
            raise error

    result = CliRunner().invoke(command, [])
    if result.exit_code not in (0, 1):
        raise AssertionError(f"exit code {result.exit_code}") from result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("error", "scene", "stdout", "stderr"),
    [
        (
            ContentError([_PROBLEM]),
            Scene(),
            _PROBLEM_TEXT,
            "content has errors; fix them and run the command again (quizkit validate lists them)\n",
        ),
        (
            GlossaryError([_PROBLEM]),
            Scene(),
            _PROBLEM_TEXT,
            "the glossary has errors; fix them and run the command again\n",
        ),
        (
            GlossaryError([_PROBLEM]),
            Scene(imported_glossary=Path("terms.tbx")),
            _PROBLEM_TEXT,
            "terms.tbx: not imported; fix the file and import it again (nothing was written)\n",
        ),
        (BuildFailedError("check", [_PROBLEM]), Scene(), _PROBLEM_TEXT, "build stopped at check: 1 error\n"),
        (
            StrictModeError([_PROBLEM, _PROBLEM]),
            Scene(),
            _PROBLEM_TEXT * 2,
            "export stopped (--strict): 2 warnings; nothing was written\n",
        ),
        (
            ExportBlockedError([_PROBLEM]),
            Scene(),
            _PROBLEM_TEXT,
            "export blocked: 1 check error in the catalogs; fix them (quizkit check)\n",
        ),
        (ExportError("no such format: x"), Scene(), "", "error[export]: no such format: x\n"),
        (NoGlossaryError("no glossary"), Scene(), "", "error[glossary]: no glossary\n"),
        (
            ReviewerError("the reviewer's name is empty"),
            Scene(),
            "",
            "error[review]: the reviewer's name is empty\n",
        ),
        (InitError("the folder is not empty"), Scene(), "", "the folder is not empty\n"),
        (InitError("bad locale", "quizkit.toml", 4), Scene(), "", "quizkit.toml:4: bad locale\n"),
        (
            PageError(5, "no question"),
            Scene(imported_page=Path("page.txt")),
            "",
            "page.txt:5: error[import]: no question\n",
        ),
        (
            FileNotFoundError(errno.ENOENT, "No such file or directory", "content/x.yaml"),
            Scene(imported_page=Path("page.txt")),
            "",
            "page.txt: error[import]: No such file or directory\n",
        ),
        (
            FileNotFoundError(errno.ENOENT, "No such file or directory", "content/x.yaml"),
            Scene(),
            "",
            "content/x.yaml: error[io]: No such file or directory\n",
        ),
        # One set of words for every command: `quizkit check` printed a plugin's message unescaped.
        (
            CheckLoadError("plugin \x1b]0;x\x07 failed"),
            Scene(),
            "",
            "error[check-plugin]: plugin \\x1b]0;x\\x07 failed\n",
        ),
    ],
)
def test_each_error_has_its_words_and_exit_code_1(
    error: Exception, scene: Scene, stdout: str, stderr: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _run(error, scene) == (1, stdout, stderr)


def test_a_failed_build_step_is_json_on_standard_output_when_json_was_asked_for() -> None:
    code, stdout, stderr = _run(BuildFailedError("check", [_PROBLEM]), Scene(json_report=True))
    assert (code, stderr) == (1, "")
    assert json.loads(stdout) == {"ok": False, "step": "check", "errors": [_PROBLEM.to_dict()]}


def test_an_error_no_rule_names_is_a_defect_and_keeps_its_traceback() -> None:
    @click.command()
    def command() -> None:
        with reported_errors():
            raise KeyError("x")

    result = CliRunner().invoke(command, [])
    assert isinstance(result.exception, KeyError)
