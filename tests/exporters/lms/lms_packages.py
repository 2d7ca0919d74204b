"""What the tests of the LMS package formats (canvas, cc) share: a fixture project exported in one
format, a package's files, and what a learner reads of an HTML text."""

from __future__ import annotations

import html
import re
import zipfile
from pathlib import Path

from support import fixture_project, run_quizkit_in_process, translate


def visible(markup: str) -> str:
    """What a learner reads of an HTML text: tags dropped, entities decoded."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def export_format(
    output_format: str, root: Path, quizzes: dict[str, str], urdu: dict[str, str] | None = None
) -> Path:
    """A fixture project in ``root`` with ``quizzes`` (the Urdu translations of ``every-type``, if
    given), exported in ``output_format``."""
    fixture_project(root, quizzes)
    assert run_quizkit_in_process(root, "update").returncode == 0
    if urdu:
        translate(root / "locales/ur/LC_MESSAGES/every-type.po", urdu)
    result = run_quizkit_in_process(root, "export", "--format", output_format)
    assert result.returncode == 0, result.stdout + result.stderr
    return root


def package(path: Path) -> dict[str, bytes]:
    """Every file of a zip package, by name."""
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}
