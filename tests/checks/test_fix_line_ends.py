"""``check --fix`` leaves a catalog with one line-end convention, the one most of its lines had
(issue 17: a fixed line of a CRLF catalog ended in LF alone). GNU msgcat is no model: given CRLF it
writes LF and keeps the carriage returns of comment lines only, so its output mixes the two."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import FIXTURE, copy_project, run_quizkit

CATALOG = "locales/ur/LC_MESSAGES/ui.po"
RIGHT = 'msgstr "ابتدائی"\n'.encode()
ARABIC_YEH = 'msgstr "ابتدائ\u064a"\n'.encode()  # a fixable defect: Arabic yeh for Farsi yeh


def line_ends(data: bytes, ending: bytes, first_lines: int | None = None) -> bytes:
    """``data`` (LF) with ``ending`` on every line, or on its first ``first_lines`` lines only."""
    lines = data.split(b"\n")
    count = len(lines) - 1 if first_lines is None else first_lines
    return b"".join(line + ending for line in lines[:count]) + b"\n".join(lines[count:])


ORIGINAL = (FIXTURE / CATALOG).read_bytes()
LINES = ORIGINAL.count(b"\n")
CASES = {
    # what the file's lines end with: (the file given to check --fix, the line end every line has after)
    "crlf": (line_ends(ORIGINAL, b"\r\n"), b"\r\n"),
    # Fractions of the catalog's lines, so that a catalog with more messages keeps the cases what they say.
    "mostly-crlf-some-lf": (line_ends(ORIGINAL, b"\r\n", first_lines=LINES * 3 // 4), b"\r\n"),
    "mostly-lf-some-crlf": (line_ends(ORIGINAL, b"\r\n", first_lines=LINES // 10), b"\n"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_fixed_catalog_has_the_line_ends_most_of_its_lines_had(case: str, tmp_path: Path) -> None:
    given, ending = CASES[case]
    assert given.count(RIGHT.rstrip(b"\n")) == 1
    project = copy_project(tmp_path / "project")
    (project / CATALOG).write_bytes(given.replace(RIGHT.rstrip(b"\n"), ARABIC_YEH.rstrip(b"\n")))

    result = run_quizkit(project, "check", "--fix")

    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == (
        "locales/ur/LC_MESSAGES/ui.po:25: fixed [ui.level-beginner]: ابتدائ\u064a → ابتدائی\n"
        "2 catalogs checked: 0 errors, 0 warnings\n"
    )
    assert (project / CATALOG).read_bytes() == ORIGINAL.replace(b"\n", ending)
