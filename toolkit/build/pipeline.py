"""``quizkit build``: content to every bundle in one run, redoing only what changed since the last build.

validate → extract → update → check → compile → export, stopping at the first step with errors. Work is
done per *domain* (a quiz, or ``ui``): a domain whose inputs (its YAML, the interface YAML, its catalogs
and the interface catalogs in every target locale, the glossaries, the configuration and quizkit itself)
hash to the key recorded by the last successful build, and whose recorded outputs are still on disk as
that build left them, is skipped: its findings and statistics come from :mod:`toolkit.build.cache`.
Files that depend on every quiz (an index page) are rewritten whenever any domain was rebuilt.
The steps themselves are in :mod:`toolkit.build.steps`.
"""

from __future__ import annotations

from collections.abc import Callable

from toolkit.build.content import DamagedCacheError
from toolkit.build.resident import ResidentState
from toolkit.build.results import BuildResult, ProgressCallback
from toolkit.build.steps import BuildSteps
from toolkit.concurrency.workers import available_jobs
from toolkit.config import ProjectConfig


def run_build(
    config: ProjectConfig,
    on_step: Callable[[str], None] | None = None,
    *,
    clean: bool = False,
    on_progress: ProgressCallback | None = None,
    jobs: int | None = None,
    quizzes: frozenset[str] | None = None,
    use_memory: bool = True,
    resident: ResidentState | None = None,
) -> BuildResult:
    """Build the project; ``clean`` ignores the cache of the last build; ``jobs`` processes (default:
    one per core) share the work when there are many quizzes to redo; ``quizzes``: build only these
    (the whole project is still validated; files that list every quiz wait for a whole build);
    ``use_memory``: pre-fill untranslated entries from the translation memory as ``quizkit update``
    does; ``resident``: what a long-running process (the preview) keeps from one build to the next."""
    from toolkit.exporters.format_options import configured_options

    # The formats' settings are configuration: refused before any step writes a file, as the rest of
    # the configuration is when it is read (the export step checks them again, for its own request).
    configured_options(config)
    workers = jobs if jobs is not None else available_jobs()
    try:
        return BuildSteps(config, clean, workers, on_step, on_progress, quizzes, use_memory, resident).run()
    except DamagedCacheError:
        # Found before anything was written: a cache that cannot be read stands for nothing.
        return BuildSteps(config, True, workers, on_step, on_progress, quizzes, use_memory, resident).run()
