"""``quizkit check`` reports every catalog problem that stops ``build``, ``compile``, ``update``,
``status`` or ``export`` (issue 15: build stopped on a catalog of which check said "0 errors").

Driven by the bad-input corpus: for every ``po-*`` case refused by another command, check, run on the
same project, fails too and names the same file and line.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from support import run_quizkit_in_process
from test_bad_inputs import CORPUS, prepare

STOPPING = {"build", "compile", "update", "status", "export"}
CASES = [
    case
    for case in sorted(CORPUS.glob("po-*"))
    if tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))["command"][0] in STOPPING
    and "--no-checks" not in tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))["command"]
    # A catalog below a --fail-under threshold is not a defect of the catalog.
    and "--fail-under" not in tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))["command"]
]
LOCATION = re.compile(r"^(\S+?(?::\d+)?): error\[")


def test_the_corpus_has_such_cases() -> None:
    assert len(CASES) >= 12


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_check_fails_where_the_command_fails(case: Path, tmp_path: Path) -> None:
    project, spec = prepare(case, tmp_path)
    expected = str(spec.get("stderr") or "\n".join(spec.get("stderr_lines", []))).strip().splitlines()[0]
    match = LOCATION.match(expected)
    assert match, expected
    result = run_quizkit_in_process(project, "check")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    errors = [line for line in (result.stdout + result.stderr).splitlines() if LOCATION.match(line)]
    assert any(LOCATION.match(line).group(1) == match.group(1) for line in errors), (expected, errors)  # type: ignore[union-attr]
