"""The library's input errors as located diagnostics: one mapping, for every place that reports them.

A command (toolkit/cli) prints them and exits 1; the preview (toolkit/preview) shows them over the page
and keeps watching. Both must say the same thing about the same broken input, so the error types a
command reports, and the words for each, are defined here once. An error not in :data:`INPUT_ERRORS` is
a defect in quizkit, not in the user's input.
"""

from __future__ import annotations

import os
from pathlib import Path

from toolkit.catalogs.workflow import CatalogError
from toolkit.checks.registry import CheckLoadError
from toolkit.concurrency.lock import ProjectLockedError
from toolkit.config import ConfigError
from toolkit.content.validation import display_path
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import DiagnosedError
from toolkit.exporters.base import ExporterLoadError
from toolkit.files import OutsideProjectError
from toolkit.memory.translation_memory import MemoryFileError
from toolkit.text.locale_info import LocaleError
from toolkit.text.locale_packs import LocalePackError

INPUT_ERRORS: tuple[type[Exception], ...] = (
    DiagnosedError,
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
"""What bad input, a broken plugin or the file system raise: reported, never a traceback. Every
:class:`~toolkit.errors.DiagnosedError` is one, whichever step raised it: its diagnostics say what is wrong."""

NO_FILE = ""
"""The file of a diagnostic that is about no one file (a locale name, a plugin, a lock)."""


def _error(file: str, line: int | None, code: str, message: str) -> Diagnostic:
    return Diagnostic(file, line, None, Severity.ERROR, code, message)


def failure_diagnostics(error: Exception) -> list[Diagnostic]:
    """The diagnostics ``error`` (one of :data:`INPUT_ERRORS`) stands for, errors and warnings alike.

    Never raises: it runs where an error is being reported (a command's last words, the preview's
    rebuild), and a second error there would hide the first, or end the preview's watching. An error
    whose attributes are not what its type promises (an OSError naming its file in bytes or by a
    descriptor number, a file of None) is described from what it holds."""
    try:
        return _described(error)
    except Exception:  # an attribute no rule here expected: the error is still named, as a defect
        return [unexpected_diagnostic(error)]


def _described(error: Exception) -> list[Diagnostic]:
    if isinstance(error, DiagnosedError):  # content, a glossary, a build step, the checks before an export
        return list(error.diagnostics)
    if isinstance(error, ConfigError):
        return [_error(_shown_file(error.file), _line(error.line), "config", _text(error.message))]
    if isinstance(error, CatalogError):
        return [_error(_named_file(error.file), _line(error.line), "catalog", _text(error.message))]
    if isinstance(error, MemoryFileError):
        kind = error.kind if error.kind in ("memory", "catalog") else "memory"
        return [_error(_named_file(error.file), _line(error.line), kind, _text(error.message))]
    if isinstance(error, OutsideProjectError):
        return [_error(NO_FILE, None, "confinement", f"refusing to {error.action} {_text(error)}")]
    if isinstance(error, LocaleError):
        return [_error(NO_FILE, None, "locale", _text(error))]
    if isinstance(error, LocalePackError):
        return [_error(NO_FILE, None, "locale-pack", _text(error))]
    if isinstance(error, CheckLoadError):
        return [_error(NO_FILE, None, "check-plugin", _text(error))]
    if isinstance(error, ExporterLoadError):
        return [_error(NO_FILE, None, "exporter-plugin", _text(error))]
    if isinstance(error, ProjectLockedError):
        return [_error(NO_FILE, None, "locked", _text(error))]
    if isinstance(error, OSError):
        where = _shown_file(error.filename) or "quizkit"
        reason = error.strerror if isinstance(error.strerror, str) and error.strerror else _text(error)
        return [_error(where, None, "io", reason)]
    return [unexpected_diagnostic(error)]


def _text(value: object) -> str:
    """``str(value)``, or, when even that fails, what kind of value it is."""
    try:
        return str(value)
    except Exception:
        return f"a {type(value).__name__} whose text cannot be shown"


def _line(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _named_file(value: object) -> str:
    """A file name an error already gives as messages show it (relative to the working folder)."""
    return value if isinstance(value, str) else _shown_file(value)


def _shown_file(value: object) -> str:
    """The file an error names, as messages name files: a path relative to the working folder where it
    can be, ``file descriptor 3`` for a descriptor, :data:`NO_FILE` for none."""
    if value is None or value == "" or value == b"":
        return NO_FILE
    if isinstance(value, int) and not isinstance(value, bool):
        return f"file descriptor {value}"
    if isinstance(value, bytes):
        value = value.decode("utf-8", errors="backslashreplace")  # a name the system did not decode
    if isinstance(value, str | os.PathLike):
        name = os.fspath(value)
        if isinstance(name, bytes):
            name = name.decode("utf-8", errors="backslashreplace")
        try:
            return display_path(Path(name))
        except (OSError, ValueError):  # no working folder to be relative to (it was removed)
            return name
    return _text(value)


def unexpected_diagnostic(error: BaseException) -> Diagnostic:
    """An error quizkit did not expect: a defect, named so that it can be reported."""
    text = _text(error)
    detail = f"{type(error).__name__}: {text}" if text else type(error).__name__
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
