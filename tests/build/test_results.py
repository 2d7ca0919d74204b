"""toolkit.build.results: the build's report as ``quizkit build --format json`` prints it, made by the library."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.build.results import (
    BuildFailedError,
    BuildResult,
    LocaleSummary,
    StepResult,
    export_failure_dict,
)
from toolkit.catalogs.retirement import Orphan, Retirement
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.exporters.base import ExportError

_WARNING = Diagnostic(
    "content/q.yaml", 8, None, Severity.WARNING, "unsupported-question", "left out", key="q.x"
)


def test_a_build_result_is_its_json_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = BuildResult(
        steps=[StepResult("validate", 0.12345, 0, "1 file"), StepResult("export", 1.0, 2, "2 formats")],
        locales=[LocaleSummary("ur", 2, 3, 0, 1), LocaleSummary("fa", 0, 0, 0, 0)],
        written=[tmp_path / "dist/json/q/en.json", tmp_path / "dist/json/q/ur\x1b.json"],
        warnings=[_WARNING],
        fell_back={("q", "ur"): ("b", "a"), ("p", "ur"): ("c",)},
        retired=[
            Retirement(
                Orphan(tmp_path / "locales/ur/LC_MESSAGES/old.po", "old", "ur"),
                tmp_path / "locales/retired/old.po",
            ),
            Retirement(Orphan(tmp_path / "locales/templates/old.pot", "old", None), None),
        ],
    )
    assert result.to_dict() == {
        "ok": True,
        "steps": [
            {"name": "validate", "seconds": 0.123, "written": 0, "detail": "1 file"},
            {"name": "export", "seconds": 1.0, "written": 2, "detail": "2 formats"},
        ],
        "locales": [
            {"locale": "ur", "translated": 2, "total": 3, "percent": 66.7, "errors": 0, "warnings": 1},
            {"locale": "fa", "translated": 0, "total": 0, "percent": 100.0, "errors": 0, "warnings": 0},
        ],
        # Relative to the working folder, as messages give paths, but not escaped: a program needs the name.
        "written": ["dist/json/q/en.json", "dist/json/q/ur\x1b.json"],
        "warnings": [_WARNING.to_dict()],
        "fell_back": [
            {"quiz": "p", "locale": "ur", "questions": ["c"]},
            {"quiz": "q", "locale": "ur", "questions": ["b", "a"]},
        ],
        "retired": [
            {"path": "locales/ur/LC_MESSAGES/old.po", "quiz": "old", "retired_to": "locales/retired/old.po"},
            {"path": "locales/templates/old.pot", "quiz": "old", "retired_to": None},
        ],
    }


def test_a_failed_step_is_its_json_report() -> None:
    error = Diagnostic("content/q.yaml", 3, 1, Severity.ERROR, "schema", "bad")
    assert BuildFailedError("validate", [error]).to_dict() == {
        "ok": False,
        "step": "validate",
        "errors": [error.to_dict()],
    }


def test_an_export_that_cannot_be_done_is_a_failed_export_step() -> None:
    assert export_failure_dict(ExportError("q.questions.x [en]: private-use characters")) == {
        "ok": False,
        "step": "export",
        "errors": [
            {"severity": "error", "code": "export", "message": "q.questions.x [en]: private-use characters"}
        ],
    }
