"""``quizkit build``: content to every bundle in one run, redoing only what changed since the last build.

validate → extract → update → check → compile → export, stopping at the first step with errors. Work is
done per *domain* (a quiz, or ``ui``): a domain whose inputs (its YAML, the interface YAML, its catalogs
and the interface catalogs in every target locale, the glossaries, the configuration and quizkit itself)
hash to the key recorded by the last successful build, and whose recorded outputs are still on disk as
that build left them, is skipped: its findings and statistics come from :mod:`toolkit.build_cache`.
Files that depend on every quiz (an index page) are rewritten whenever any domain was rebuilt.
The steps themselves are in :mod:`toolkit.build_steps`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.diagnostics import Diagnostic

ProgressCallback = Callable[[str, int, int], None]
"""Called as (step, done, total) while a step works through its domains."""


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
    rebuilt: list[str] = field(default_factory=list)
    """Domains whose inputs changed (or whose outputs were missing), so their work was redone."""
    domains: int = 0
    removed: list[Path] = field(default_factory=list)
    """Outputs of an earlier build that this build no longer produces, deleted."""


def run_build(
    config: ProjectConfig,
    on_step: Callable[[str], None] | None = None,
    *,
    clean: bool = False,
    on_progress: ProgressCallback | None = None,
    jobs: int | None = None,
) -> BuildResult:
    """Build the project; ``clean`` ignores the cache of the last build; ``jobs`` processes (default:
    one per core) share the work when there are many quizzes to redo."""
    from toolkit.build_content import DamagedCacheError
    from toolkit.build_steps import BuildSteps
    from toolkit.parallel import available_jobs

    workers = jobs if jobs is not None else available_jobs()
    try:
        return BuildSteps(config, clean, workers, on_step, on_progress).run()
    except DamagedCacheError:
        # Found before anything was written: a cache that cannot be read stands for nothing.
        return BuildSteps(config, True, workers, on_step, on_progress).run()
