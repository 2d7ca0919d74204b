"""``quizkit build``: validate, update, check, compile and export, redoing only what changed.

:mod:`.run` starts a build, :mod:`.steps` are its steps, :mod:`.outputs` removes what it no longer
writes, :mod:`.content` loads content through the
cache of :mod:`.cache` (models stored with :mod:`.codec`), and :mod:`.results` is what a build reports.
"""

from toolkit.build.pipeline import run_build
from toolkit.build.results import BuildFailedError, BuildResult, LocaleSummary, ProgressCallback, StepResult

__all__ = ["BuildFailedError", "BuildResult", "LocaleSummary", "ProgressCallback", "StepResult", "run_build"]
