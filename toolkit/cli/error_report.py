"""Every error a command reports: its words, where they go and the exit code, decided in one place.

A command runs its library calls inside :func:`reported_errors`; what they raise on purpose (a
:class:`~toolkit.errors.QuizkitError`, or an ``OSError`` from the file system) ends the command here:
the diagnostics it carries on standard output, one line saying what stopped on standard error, exit
code 1, no traceback. The words for the input errors every command can meet (configuration, catalogs,
locks, plugins, files) are toolkit.build.failures's, which the preview shows too; the words for the
errors of one workflow (an export blocked by checks, a build step that failed) are here. An error not
named here is a defect in quizkit and keeps its traceback.

A few commands word some errors differently, and say so with a :class:`Scene`: ``import-page`` names
the page it reads, ``glossary import`` says the file was not imported, ``build --format json`` answers
in JSON.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import click

from toolkit.cli.output import EXIT_PROBLEMS, fail, plural, print_diagnostics, relative


@dataclass(frozen=True)
class Scene:
    """What a command tells the report about itself, where that changes the words."""

    imported_page: Path | None = None
    """``import-page``: the page read; an error reading it, or writing what came of it, names the page."""
    imported_bank: Path | None = None
    """``import`` of a question bank: an error reading it (or a file of its languages) names the file
    and line, an import that cannot be written says why."""
    imported_glossary: Path | None = None
    """``glossary import``: the file imported; a glossary error means it was not imported."""
    json_report: bool = False
    """``build --format json``: a failed step, or an export that cannot be done, is a JSON report."""


@contextlib.contextmanager
def reported_errors(
    *,
    imported_page: Path | None = None,
    imported_glossary: Path | None = None,
    json_report: bool = False,
    imported_bank: Path | None = None,
) -> Iterator[None]:
    """Report what the body raises on purpose (see the module's description) and end the command."""
    from toolkit.errors import QuizkitError

    try:
        yield
    except (QuizkitError, OSError) as error:
        report(error, Scene(imported_page, imported_bank, imported_glossary, json_report))


def report(error: Exception, scene: Scene = Scene()) -> NoReturn:
    """End the command for ``error``: its diagnostics, its message, exit code 1. An error no rule here
    names is raised again (a defect: its traceback is what a report needs)."""
    from toolkit.build.failures import INPUT_ERRORS, failure_diagnostics, failure_text
    from toolkit.build.results import BuildFailedError, export_failure_dict
    from toolkit.catalogs.new_locale import AddLocaleError
    from toolkit.content.glossary import GlossaryError
    from toolkit.content.validation import ContentError
    from toolkit.exporters.base import ExportError
    from toolkit.exporters.export_run import ExportBlockedError, StrictModeError
    from toolkit.exporters.translated_formulas import UnrenderableFormulaError
    from toolkit.gettext.review import ReviewerError
    from toolkit.importing.plan import ImportConflictError
    from toolkit.importing.scraped_page import PageError
    from toolkit.interchange.tbx import NoGlossaryError
    from toolkit.localization import FallbackError
    from toolkit.scaffold import InitError
    from toolkit.screenshots.devtools import BrowserError
    from toolkit.text.formulas import FormulaError

    if scene.json_report and isinstance(error, BuildFailedError | ExportError):
        data = error.to_dict() if isinstance(error, BuildFailedError) else export_failure_dict(error)
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_PROBLEMS) from None
    if isinstance(error, ContentError):
        print_diagnostics(error.diagnostics)
        fail("content has errors; fix them and run the command again (quizkit validate lists them)")
    if isinstance(error, GlossaryError):
        print_diagnostics(error.diagnostics)
        if scene.imported_glossary is not None:
            fail(
                f"{relative(scene.imported_glossary)}: not imported; fix the file and import it again "
                "(nothing was written)"
            )
        fail("the glossary has errors; fix them and run the command again")
    if isinstance(error, BuildFailedError):
        print_diagnostics(error.diagnostics)
        fail(f"build stopped at {error.step}: {plural(len(error.diagnostics), 'error')}")
    if isinstance(error, UnrenderableFormulaError):
        print_diagnostics(error.diagnostics)
        fail(
            f"export stopped: {plural(len(error.diagnostics), 'formula')} in the catalogs cannot be rendered; "
            "nothing was written"
        )
    if isinstance(error, StrictModeError):
        print_diagnostics(error.diagnostics)
        fail(f"export stopped (--strict): {plural(len(error.diagnostics), 'warning')}; nothing was written")
    if isinstance(error, ExportBlockedError):
        print_diagnostics(error.diagnostics)
        fail(
            f"export blocked: {plural(len(error.diagnostics), 'check error')} in the catalogs; fix them (quizkit check)"
        )
    if scene.imported_page is not None and isinstance(error, PageError | OSError):
        page = relative(scene.imported_page)
        if isinstance(error, PageError):
            fail(
                f"{page}:{error.line}: error[import]: {error.message}"
                if error.line
                else f"{page}: error[import]: {error.message}"
            )
        fail(f"{page}: error[import]: {error.strerror or error}")
    if scene.imported_bank is not None:
        _bank_error(error, scene.imported_bank, scene.json_report)
    if isinstance(error, ImportConflictError):
        fail(f"error[exists]: {relative(error.path)} already exists; use --force to overwrite it")
    if isinstance(error, InitError):
        fail(f"{error.place()}: {error.message}" if error.file else error.message)
    if isinstance(error, AddLocaleError):
        fail(f"{relative(Path(error.file))}: error[add-locale]: {error.message}")
    # Errors whose text is the whole message: the line names the error's code before it.
    coded: tuple[tuple[type[Exception], str], ...] = (
        (ExportError, "export"),
        (FormulaError, "formula"),
        (BrowserError, "screenshots"),
        (FallbackError, "fallback"),
        (NoGlossaryError, "glossary"),
        (ReviewerError, "review"),
    )
    for kind, code in coded:
        if isinstance(error, kind):
            fail(f"error[{code}]: {error}")
    if isinstance(error, INPUT_ERRORS):
        fail("\n".join(failure_text(diagnostic) for diagnostic in failure_diagnostics(error)))
    raise error


@dataclass(frozen=True)
class BankRefusal:
    """Why ``quizkit import`` of a bank stopped: the words of its error line, and the same parts for
    ``--format json``."""

    code: str
    file: str | None
    line: int | None
    message: str

    def text(self) -> str:
        """The error line: ``file:line: error[code]: message``, the parts it has."""
        place = (
            f"{self.file}:{self.line}: " if self.file and self.line else f"{self.file}: " if self.file else ""
        )
        return f"{place}error[{self.code}]: {self.message}"

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "file": self.file, "line": self.line, "message": self.message}


def bank_refusal_report(bank: str, refusal: BankRefusal) -> dict[str, object]:
    """The ``--format json`` report of an import stopped before it had a report of its own."""
    return {"ok": False, "bank": bank, "written": False, "error": refusal.to_dict()}


def _bank_error(error: Exception, bank: Path, json_report: bool) -> None:
    """End ``quizkit import`` of a bank for an error of the bank, of its reader or of its writing; with
    ``json_report``, for those and for the input errors every command meets (a catalog, the
    configuration, the lock), as a JSON report on standard output. Return for any other (in text, those
    input errors are reported as every command reports them)."""
    from toolkit.build.failures import INPUT_ERRORS

    refusal = _bank_refusal(error, bank)
    if json_report and (refusal is not None or isinstance(error, INPUT_ERRORS | OSError)):
        if refusal is None:
            refusal = BankRefusal("import", None, None, _other_error_text(error))
        click.echo(json.dumps(bank_refusal_report(relative(bank), refusal), ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_PROBLEMS)
    if refusal is not None and refusal.code != "exists":  # reported below, as every import reports it
        fail(refusal.text())


def _bank_refusal(error: Exception, bank: Path) -> BankRefusal | None:
    from toolkit.build.failures import INPUT_ERRORS
    from toolkit.errors import LocatedError
    from toolkit.importing.bank_readers import BankFormatError
    from toolkit.importing.bank_writing import BankWriteError, NothingImportedError
    from toolkit.importing.plan import ImportConflictError
    from toolkit.plugins import PluginLoadError

    if isinstance(error, OSError) and error.filename in (None, str(bank)):
        return BankRefusal("import", relative(bank), None, str(error.strerror or error))
    if isinstance(error, LocatedError) and not isinstance(error, INPUT_ERRORS):
        return BankRefusal("import", error.file or relative(bank), error.line, error.message)
    if isinstance(error, NothingImportedError):
        return BankRefusal("import", error.bank_file, None, error.reason)
    if isinstance(error, BankFormatError | BankWriteError | PluginLoadError):
        return BankRefusal("import", None, None, str(error))
    if isinstance(error, ImportConflictError):
        return BankRefusal(
            "exists", relative(error.path), None, "already exists; use --force to overwrite it"
        )
    return None


def _other_error_text(error: Exception) -> str:
    """The words any command gives ``error`` (a catalog, the configuration, the lock), for a JSON report."""
    from toolkit.build.failures import INPUT_ERRORS, failure_diagnostics, failure_text

    if isinstance(error, INPUT_ERRORS):
        return "\n".join(failure_text(diagnostic) for diagnostic in failure_diagnostics(error))
    if isinstance(error, OSError):
        return (
            f"{error.filename}: {error.strerror or error}" if error.filename else str(error.strerror or error)
        )
    return str(error)
