"""``quizkit build``: content to every bundle in one run, stopping at the first step with errors.

validate → extract → update → check → compile → export. Every write is skipped when the file already
holds the same bytes, so a build with no change writes nothing. (Skipping the work itself through a cache
of input hashes is the next step; see the issue tracker.)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.diagnostics import Diagnostic


class BuildFailedError(Exception):
    """A step found errors; they are in ``diagnostics``, and later steps did not run."""

    def __init__(self, step: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{step}: {len(diagnostics)} error(s)")
        self.step = step
        self.diagnostics = diagnostics


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


@contextmanager
def _step(result: BuildResult, name: str, on_step: Callable[[str], None] | None) -> Iterator[list[object]]:
    if on_step is not None:
        on_step(name)
    started = time.perf_counter()
    record: list[object] = [0, ""]
    yield record
    written, detail = record
    assert isinstance(written, int) and isinstance(detail, str)
    result.steps.append(StepResult(name, time.perf_counter() - started, written, detail))


def run_build(config: ProjectConfig, on_step: Callable[[str], None] | None = None) -> BuildResult:
    from toolkit.catalogs import project
    from toolkit.checks.project import run_checks
    from toolkit.content.validation import ContentError, validate_paths
    from toolkit.diagnostics import count_errors
    from toolkit.exporters.run import run_export
    from toolkit.files import remove_stale_temporaries

    result = BuildResult()
    # Under the writer lock no write is in progress: temporary files found now were left by a killed run.
    for folder in (config.locales_path, config.output_path):
        remove_stale_temporaries(folder)
    with _step(result, "validate", on_step) as record:
        validation = validate_paths([config.content_path])
        if validation.error_count or not validation.files:
            raise ContentError(validation.diagnostics)
        result.warnings.extend(validation.diagnostics)
        record[1] = f"{len(validation.files)} files"
    with _step(result, "update", on_step) as record:
        updated = project.update(config)
        changed = [plan.path for plan, was_changed in updated if was_changed]
        result.written.extend(changed)
        record[0], record[1] = len(changed), f"templates and {len(updated)} catalogs"
    with _step(result, "check", on_step) as record:
        checked = run_checks(config)
        findings = [diagnostic for catalog in checked.results for diagnostic in catalog.diagnostics]
        errors = [diagnostic for diagnostic in findings if diagnostic.is_error]
        if errors:
            raise BuildFailedError("check", errors)
        result.warnings.extend(findings)
        record[1] = f"{len(findings)} warnings"
    with _step(result, "compile", on_step) as record:
        compiled = project.compile_catalogs(config)
        result.written.extend(outcome.path for outcome in compiled.changed)
        record[0], record[1] = len(compiled.changed), f"{len(compiled.files)} catalogs"
    with _step(result, "export", on_step) as record:
        exported = run_export(config, list(config.export_formats), config.output_path, run_checks=False)
        result.written.extend(exported.written)
        record[0], record[1] = (
            len(exported.written),
            f"{len(exported.written) + len(exported.unchanged)} files",
        )
    for row in project.status(config):
        if row.statistics is None:
            continue
        locale_findings = [
            diagnostic for diagnostic in findings if f"/{row.locale}/" in diagnostic.file.replace("\\", "/")
        ]
        errors_count = count_errors(locale_findings)
        existing = next((item for item in result.locales if item.locale == row.locale), None)
        summary = LocaleSummary(
            row.locale,
            row.statistics.translated + (existing.translated if existing else 0),
            row.statistics.total + (existing.total if existing else 0),
            errors_count if existing is None else existing.errors,
            len(locale_findings) - errors_count if existing is None else existing.warnings,
        )
        result.locales = [item for item in result.locales if item.locale != row.locale] + [summary]
    return result
