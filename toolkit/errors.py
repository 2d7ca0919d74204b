"""The roots of every error quizkit raises on purpose: one to catch them all, one shape per kind of fact.

:class:`QuizkitError` is the root (tests/test_errors.py checks that every exception class of ``toolkit``
derives from it); a caller that must tell bad input from a defect in quizkit catches it. Two shapes
repeat across the packages, so each is defined here once:

- :class:`LocatedError`: bad input at a place in a file (the file, the 1-based line where one is known,
  and what is wrong). A reader of a document held in memory (XLIFF, TMX, a scraped page) knows the line
  and not the file: its error leaves ``file`` empty, and whoever opened the file names it, usually by
  raising its own located error.
- :class:`DiagnosedError`: a step that found problems and lists them as diagnostics, in
  ``diagnostics`` (content, a glossary, the checks before an export, a build step).

The CLI turns each into words and an exit code in one place (toolkit/cli/error_report.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from toolkit.diagnostics import Diagnostic

__all__ = ["DiagnosedError", "DocumentError", "LocatedError", "QuizkitError"]


class QuizkitError(Exception):
    """Anything quizkit refuses on purpose, with a message that says why (never a defect in quizkit)."""


class LocatedError(QuizkitError):
    """Bad input at a place: ``file`` (empty where the raiser cannot know it), ``line`` (1-based; None for
    the file as a whole) and ``message`` (what is wrong, without the place).

    ``file`` is the name the raiser had: most give it as messages show it (relative to the working
    folder, or ``read_po``'s ``name``), but ``ConfigError``, and the ``InitError`` and ``AddLocaleError``
    about the configuration, hold the configuration file's path under the folder ``load_config`` was
    given (absolute from the commands, which give the working folder), which whoever shows it makes
    relative (``toolkit.content.validation.display_path``)."""

    names_its_place: ClassVar[bool] = False
    """Whether ``str(error)`` starts with the place (``file:line: message``) or is the message alone:
    each error keeps the text its callers and users have always seen."""

    def __init__(self, file: str, line: int | None, message: str) -> None:
        self.file = file
        self.line = line
        self.message = message
        super().__init__(f"{self.place()}: {message}" if self.names_its_place and self.place() else message)

    def place(self) -> str:
        """``file:line``, ``file``, ``line N`` (no file known) or nothing."""
        if self.file:
            return f"{self.file}:{self.line}" if self.line else self.file
        return f"line {self.line}" if self.line else ""


class DocumentError(LocatedError):
    """Bad input at a line of a document read from memory; the reader of the file names the file."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__("", line, message)


class DiagnosedError(QuizkitError):
    """A step found problems: each one is in ``diagnostics``; ``str(error)`` sums them up."""

    def __init__(self, summary: str, diagnostics: Sequence[Diagnostic]) -> None:
        super().__init__(summary)
        self.diagnostics = list(diagnostics)
