"""The words for the library's input errors, which the commands print and the preview shows."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.build.failures import failure_diagnostics, failure_text, unexpected_diagnostic
from toolkit.catalogs.workflow import CatalogError
from toolkit.concurrency.lock import ProjectLockedError
from toolkit.config import ConfigError
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.exporters.export_run import ExportBlockedError, StrictModeError
from toolkit.files import OutsideProjectError
from toolkit.memory.translation_memory import MemoryFileError


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (CatalogError("a.po", 3, "unterminated string"), "a.po:3: error[catalog]: unterminated string"),
        (MemoryFileError("m.tmx", None, "not XML"), "m.tmx: error[memory]: not XML"),
        (
            OutsideProjectError("x: it leads outside /p"),
            "error[confinement]: refusing to write x: it leads outside /p",
        ),
        (
            OutsideProjectError("x: it leads outside /p", action="read"),
            "error[confinement]: refusing to read x: it leads outside /p",
        ),
        (
            ProjectLockedError(Path("/p"), "process 1"),
            f"error[locked]: {ProjectLockedError(Path('/p'), 'process 1')}",
        ),
        (
            FileNotFoundError(2, "No such file or directory", "gone.po"),
            "gone.po: error[io]: No such file or directory",
        ),
        (OSError(5, "Input/output error"), "quizkit: error[io]: Input/output error"),
    ],
)
def test_each_input_error_has_the_words_the_commands_print(error: Exception, text: str) -> None:
    assert [failure_text(diagnostic) for diagnostic in failure_diagnostics(error)] == [text]


_CHECK_ERROR = Diagnostic(
    "locales/ur/LC_MESSAGES/ui.po", 12, None, Severity.ERROR, "placeholders", "{n} lost"
)
_WARNING = Diagnostic("content/q.yaml", 4, 2, Severity.WARNING, "unsupported", "gift cannot carry it")


@pytest.mark.parametrize(
    ("error", "diagnostic"),
    [(ExportBlockedError([_CHECK_ERROR]), _CHECK_ERROR), (StrictModeError([_WARNING]), _WARNING)],
    ids=["export-blocked", "strict-mode"],
)
def test_every_error_with_diagnostics_is_described_by_them(error: Exception, diagnostic: Diagnostic) -> None:
    # Only the content's, the glossary's and a build step's errors were listed: these two were
    # described as a defect in quizkit (error[internal]).
    assert failure_diagnostics(error) == [diagnostic]


def test_an_unexpected_error_is_named_as_a_defect() -> None:
    try:
        [][0]
    except IndexError as error:
        text = failure_text(unexpected_diagnostic(error))
    assert text == (
        "quizkit: error[internal]: unexpected IndexError: list index out of range; this is a defect in "
        "quizkit, please report it with the file that caused it"
    )
    assert failure_diagnostics(RuntimeError("x")) == [unexpected_diagnostic(RuntimeError("x"))]


class UnprintableError(Exception):
    def __str__(self) -> str:
        raise ValueError("no text")


@pytest.mark.parametrize(
    ("error", "text"),
    [
        # Errors raised by code that names files in bytes (os functions given bytes) or by descriptor.
        (
            FileNotFoundError(2, "No such file or directory", b"gone.po"),
            "gone.po: error[io]: No such file or directory",
        ),
        (
            FileNotFoundError(2, "No such file or directory", b"caf\xe9.po"),
            "caf\\xe9.po: error[io]: No such file or directory",
        ),
        (OSError(9, "Bad file descriptor", 3), "file descriptor 3: error[io]: Bad file descriptor"),
        (OSError(5, "Input/output error", ["a.po"]), "['a.po']: error[io]: Input/output error"),
        (OSError(5, 12), "quizkit: error[io]: [Errno 5] 12"),
        (ConfigError(None, None, "bad"), "error[config]: bad"),  # type: ignore[arg-type]
        (ConfigError(b"quizkit.toml", "3", "bad"), "quizkit.toml: error[config]: bad"),  # type: ignore[arg-type]
        (CatalogError(None, None, "bad"), "error[catalog]: bad"),  # type: ignore[arg-type]
        (MemoryFileError(7, None, "bad"), "file descriptor 7: error[memory]: bad"),  # type: ignore[arg-type]
        (
            UnprintableError(),
            "quizkit: error[internal]: unexpected UnprintableError: a UnprintableError whose text cannot be shown; "
            "this is a defect in quizkit, please report it with the file that caused it",
        ),
    ],
)
def test_an_error_with_odd_attributes_is_described_without_raising(error: Exception, text: str) -> None:
    # Describing runs in the preview's rebuild, in its except clause: raising there ended the watching.
    assert [failure_text(diagnostic) for diagnostic in failure_diagnostics(error)] == [text]


def test_a_catalog_the_memory_cannot_read_is_named_a_catalog() -> None:
    """The memory reads the reviewed translations of every catalog; one it cannot parse is the same broken
    catalog check and the translator view name as error[catalog], not a memory file."""
    from toolkit.memory.translation_memory import parsed_catalog_units

    try:
        parsed_catalog_units("ur", "quiz", Path("locales/ur/LC_MESSAGES/quiz.po"), b'msgid "open\n')
    except MemoryFileError as error:
        (diagnostic,) = failure_diagnostics(error)
    else:
        raise AssertionError("the broken catalog was read")
    assert (diagnostic.file, diagnostic.line, diagnostic.code) == (
        "locales/ur/LC_MESSAGES/quiz.po",
        1,
        "catalog",
    )
