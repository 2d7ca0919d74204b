"""What one ``quizkit build`` reports: its steps, its locales, the files it wrote, or the step that failed.

Kept apart from :mod:`toolkit.build.pipeline` so that the steps (:mod:`toolkit.build.steps`) can return these
without importing the module that runs them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.diagnostics import Diagnostic
from toolkit.errors import DiagnosedError
from toolkit.text.counts import counted

if TYPE_CHECKING:
    from toolkit.catalogs.retirement import Retirement
    from toolkit.exporters.base import ExportError

ProgressCallback = Callable[[str, int, int], None]
"""Called as (step, done, total) while a step works through its domains."""


class BuildFailedError(DiagnosedError):
    """A step found errors; they are in ``diagnostics``, and later steps did not run."""

    def __init__(self, step: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{step}: {len(diagnostics)} error(s)", diagnostics)
        self.step = step

    def to_dict(self) -> dict[str, object]:
        """The build's report in ``--format json`` when this step stopped it."""
        return {"ok": False, "step": self.step, "errors": [item.to_dict() for item in self.diagnostics]}


def export_failure_dict(error: ExportError) -> dict[str, object]:
    """The build's report in ``--format json`` when the export step met text or a number a format cannot
    carry (an :class:`~toolkit.exporters.base.ExportError`: a message, no file or line)."""
    return {
        "ok": False,
        "step": "export",
        "errors": [{"severity": "error", "code": "export", "message": str(error)}],
    }


@dataclass(frozen=True)
class StepResult:
    name: str
    seconds: float
    written: int
    detail: str


@dataclass(frozen=True)
class LocaleSummary:
    locale: str
    translated: int
    total: int
    errors: int
    warnings: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


@dataclass
class BuildResult:
    steps: list[StepResult] = field(default_factory=list)
    locales: list[LocaleSummary] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    rebuilt: list[str] = field(default_factory=list)
    """Domains whose inputs changed (or whose outputs were missing), so their work was redone."""
    fell_back: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    """Questions exported in the source language, by (quiz, target locale)."""
    domains: int = 0
    removed: list[Path] = field(default_factory=list)
    """Outputs of an earlier build that this build no longer produces, deleted."""
    retired: list[Retirement] = field(default_factory=list)
    """Templates and catalogs of quizzes that are gone, removed or retired (toolkit.catalogs.retirement)."""

    @property
    def strict_warnings(self) -> list[Diagnostic]:
        """The warnings ``--strict`` fails the build for: all but a draft quiz left out on purpose, as
        ``quizkit export --strict`` has it."""
        from toolkit.exporters.export_run import DRAFT_QUIZ_LEFT_OUT

        return [warning for warning in self.warnings if warning.code != DRAFT_QUIZ_LEFT_OUT]

    def to_dict(self, *, strict: bool = False) -> dict[str, object]:
        """The build's report in ``--format json``: paths relative to the working folder where they can
        be, as messages give them, but not escaped (a program needs the real name). With ``strict``, as
        ``--strict`` asks, the build is not ok when :attr:`strict_warnings` has any, and ``failed`` says
        why, as the text report does."""
        from toolkit.content.validation import display_path

        failed = len(self.strict_warnings) if strict else 0
        return {
            "ok": not failed,
            **({"failed": f"--strict: {counted(failed, 'warning')}"} if failed else {}),
            "steps": [
                {
                    "name": step.name,
                    "seconds": round(step.seconds, 3),
                    "written": step.written,
                    "detail": step.detail,
                }
                for step in self.steps
            ],
            "locales": [
                {
                    "locale": row.locale,
                    "translated": row.translated,
                    "total": row.total,
                    "percent": round(row.percent, 1),
                    "errors": row.errors,
                    "warnings": row.warnings,
                }
                for row in self.locales
            ],
            "written": [display_path(path) for path in self.written],
            "warnings": [item.to_dict() for item in self.warnings],
            "fell_back": [
                {"quiz": quiz_id, "locale": locale, "questions": list(questions)}
                for (quiz_id, locale), questions in sorted(self.fell_back.items())
            ],
            "retired": [
                {
                    "path": display_path(retired.orphan.path),
                    "quiz": retired.orphan.domain,
                    "retired_to": None if retired.retired_to is None else display_path(retired.retired_to),
                }
                for retired in self.retired
            ],
        }
