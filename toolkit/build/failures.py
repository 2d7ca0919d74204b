"""The library's input errors as located diagnostics: one mapping, for every place that reports them.

A command (toolkit/cli) prints them and exits 1; the preview (toolkit/preview) shows them over the page
and keeps watching. Both must say the same thing about the same broken input, so the error types a
command reports, and the words for each, are defined here once. An error not in :data:`INPUT_ERRORS` is
a defect in quizkit, not in the user's input.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.build.results import BuildFailedError
from toolkit.catalogs.memory import MemoryFileError
from toolkit.catalogs.project import CatalogError
from toolkit.checks.registry import CheckLoadError
from toolkit.concurrency.lock import ProjectLockedError
from toolkit.config import ConfigError
from toolkit.content.glossary import GlossaryError
from toolkit.content.validation import ContentError, display_path
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.exporters.base import ExporterLoadError
from toolkit.files import OutsideProjectError
from toolkit.text.locale_info import LocaleError
from toolkit.text.locale_packs import LocalePackError

INPUT_ERRORS: tuple[type[Exception], ...] = (
    BuildFailedError,
    ContentError,
    GlossaryError,
    ConfigError,
    CatalogError,
    MemoryFileError,
    OutsideProjectError,
    LocaleError,
    LocalePackError,
    CheckLoadError,
    ExporterLoadError,
    ProjectLockedError,
    OSError,
)
"""What bad input, a broken plugin or the file system raise: reported, never a traceback."""

NO_FILE = ""
"""The file of a diagnostic that is about no one file (a locale name, a plugin, a lock)."""


def _error(file: str, line: int | None, code: str, message: str) -> Diagnostic:
    return Diagnostic(file, line, None, Severity.ERROR, code, message)


def failure_diagnostics(error: Exception) -> list[Diagnostic]:
    """The diagnostics ``error`` (one of :data:`INPUT_ERRORS`) stands for, errors and warnings alike."""
    if isinstance(error, BuildFailedError | ContentError | GlossaryError):
        return list(error.diagnostics)
    if isinstance(error, ConfigError):
        return [_error(display_path(Path(error.file)), error.line, "config", error.message)]
    if isinstance(error, CatalogError):
        return [_error(error.file, error.line, "catalog", error.message)]
    if isinstance(error, MemoryFileError):
        return [_error(error.file, error.line, "memory", error.message)]
    if isinstance(error, OutsideProjectError):
        return [_error(NO_FILE, None, "confinement", f"refusing to write {error}")]
    if isinstance(error, LocaleError):
        return [_error(NO_FILE, None, "locale", str(error))]
    if isinstance(error, LocalePackError):
        return [_error(NO_FILE, None, "locale-pack", str(error))]
    if isinstance(error, CheckLoadError):
        return [_error(NO_FILE, None, "check-plugin", str(error))]
    if isinstance(error, ExporterLoadError):
        return [_error(NO_FILE, None, "exporter-plugin", str(error))]
    if isinstance(error, ProjectLockedError):
        return [_error(NO_FILE, None, "locked", str(error))]
    if isinstance(error, OSError):
        where = display_path(Path(error.filename)) if error.filename else "quizkit"
        return [_error(where, None, "io", error.strerror or str(error))]
    return [unexpected_diagnostic(error)]


def unexpected_diagnostic(error: BaseException) -> Diagnostic:
    """An error quizkit did not expect: a defect, named so that it can be reported."""
    detail = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    return _error(
        "quizkit",
        None,
        "internal",
        f"unexpected {detail}; this is a defect in quizkit, please report it with the file that caused it",
    )


def failure_text(diagnostic: Diagnostic) -> str:
    """One diagnostic as a command prints it: ``file:line: error[code]: message``, or without a file."""
    if diagnostic.file == NO_FILE:
        return f"{diagnostic.severity}[{diagnostic.code}]: {diagnostic.message}"
    return diagnostic.to_text()
