"""toolkit.errors: one root for every error quizkit raises, one shape for a located error, one attribute for
the diagnostics an error carries."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import toolkit
from toolkit.build.results import BuildFailedError
from toolkit.catalogs.workflow import CatalogError
from toolkit.config import ConfigError
from toolkit.content.glossary import GlossaryError
from toolkit.content.validation import ContentError
from toolkit.content.yaml_document import YamlError, YamlProblem
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import DiagnosedError, DocumentError, LocatedError, QuizkitError
from toolkit.exporters.export_run import ExportBlockedError, StrictModeError
from toolkit.files import FileTooLargeError, NotRegularFileError
from toolkit.gettext.merge import MergeError
from toolkit.gettext.po_reader import PoSyntaxError
from toolkit.importing.scraped_page import PageError
from toolkit.interchange.tmx import TmxError
from toolkit.interchange.untrusted_xml import UntrustedXmlError
from toolkit.interchange.xliff_document import XliffError
from toolkit.memory.translation_memory import MemoryFileError
from toolkit.scaffold import InitError


def _exception_classes() -> list[type[BaseException]]:
    found: list[type[BaseException]] = []
    for module_info in pkgutil.walk_packages(toolkit.__path__, "toolkit."):
        module = importlib.import_module(module_info.name)
        found.extend(
            value
            for _, value in inspect.getmembers(module, inspect.isclass)
            if issubclass(value, BaseException) and value.__module__ == module.__name__
        )
    return found


def test_every_exception_class_of_toolkit_derives_from_quizkit_error() -> None:
    classes = _exception_classes()
    assert len(classes) > 30  # the walk found the packages' modules, not only the top level
    assert [
        f"{each.__module__}.{each.__qualname__}" for each in classes if not issubclass(each, QuizkitError)
    ] == []


@pytest.mark.parametrize(
    "error_type",
    [PoSyntaxError, CatalogError, ConfigError, MemoryFileError, InitError, XliffError, TmxError, MergeError],
)
def test_the_located_twins_are_one_shape(error_type: type[Exception]) -> None:
    assert issubclass(error_type, LocatedError)


@pytest.mark.parametrize(
    "error_type", [XliffError, TmxError, MergeError, UntrustedXmlError, PageError, YamlError]
)
def test_a_document_read_from_memory_leaves_the_file_to_its_reader(error_type: type[Exception]) -> None:
    assert issubclass(error_type, DocumentError)


@pytest.mark.parametrize(
    ("error", "text", "place"),
    [
        (CatalogError("ur.po", 3, "bad"), "ur.po:3: bad", "ur.po:3"),
        (CatalogError("ur.po", None, "bad"), "ur.po: bad", "ur.po"),
        (PoSyntaxError("ur.po", 7, "unterminated string"), "ur.po:7: unterminated string", "ur.po:7"),
        (PageError(4, "no question"), "line 4: no question", "line 4"),
        (ConfigError("quizkit.toml", 2, "unknown key"), "unknown key", "quizkit.toml:2"),
        (XliffError(9, "not XLIFF"), "not XLIFF", "line 9"),
        (TmxError(None, "empty"), "empty", ""),
        (UntrustedXmlError(1, "DOCTYPE refused", "declaration"), "DOCTYPE refused", "line 1"),
        (MemoryFileError("m.tmx", 5, "bad unit", kind="catalog"), "bad unit", "m.tmx:5"),
        (InitError("not empty"), "not empty", ""),
        (InitError("bad locale", "quizkit.toml", 4), "bad locale", "quizkit.toml:4"),
        (YamlError(YamlProblem("yaml", "tab", 2, 5)), "tab", "line 2"),
    ],
)
def test_a_located_error_keeps_the_text_it_always_had(error: LocatedError, text: str, place: str) -> None:
    assert (str(error), error.place()) == (text, place)


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (PoSyntaxError("", 3, "unterminated string"), "line 3: unterminated string"),
        (PoSyntaxError("", None, "empty file"), "empty file"),
        (CatalogError("", 3, "bad"), "line 3: bad"),
        (CatalogError("", None, "bad"), "bad"),
    ],
)
def test_an_error_that_names_its_place_without_a_file_starts_with_the_line(
    error: LocatedError, text: str
) -> None:
    # A deliberate change (CHANGELOG, docs/api.md): these read ":3: unterminated string" and ": empty file".
    assert str(error) == text


def test_read_po_without_a_name_says_line_n() -> None:
    from toolkit.catalogs import read_po

    with pytest.raises(PoSyntaxError) as raised:
        read_po(b'msgid "a"\nmsgstr "b\n', "")
    assert str(raised.value) == (
        "line 2: unterminated string: a string must start and end with a double quote on one line"
    )


def test_a_located_error_carries_file_line_and_message() -> None:
    error = MemoryFileError("m.tmx", 5, "bad unit", kind="catalog")
    assert (error.file, error.line, error.message, error.kind) == ("m.tmx", 5, "bad unit", "catalog")
    assert (InitError("not empty").file, InitError("not empty").line) == ("", None)


_PROBLEM = Diagnostic("content/q.yaml", 3, 1, Severity.ERROR, "schema", "bad")


@pytest.mark.parametrize(
    ("error", "text"),
    [
        (ContentError([_PROBLEM]), "1 error(s) in content"),
        (GlossaryError([_PROBLEM]), "content/q.yaml:3:1: error[schema]: bad"),
        (ExportBlockedError([_PROBLEM]), "1 check error(s)"),
        (StrictModeError([_PROBLEM]), "1 warning(s) in strict mode"),
        (BuildFailedError("validate", [_PROBLEM]), "validate: 1 error(s)"),
    ],
)
def test_errors_with_diagnostics_carry_them_in_one_attribute(error: DiagnosedError, text: str) -> None:
    assert isinstance(error, DiagnosedError)
    assert (error.diagnostics, str(error)) == ([_PROBLEM], text)


def test_file_errors_stay_os_errors_for_the_callers_that_catch_those(tmp_path: Path) -> None:
    too_large = FileTooLargeError(tmp_path / "big.po", 20, 10)
    assert isinstance(too_large, OSError) and isinstance(too_large, QuizkitError)
    assert (too_large.filename, too_large.strerror) == (
        str(tmp_path / "big.po"),
        "file is 20 bytes; the limit is 10",
    )
    assert issubclass(NotRegularFileError, OSError)
