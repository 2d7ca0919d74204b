"""The stable library API of docs/api.md: every name importable and documented, and the plugin
interfaces working the way a third-party package uses them (through its own entry points)."""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import textwrap
from pathlib import Path

import pytest
from support import ROOT, copy_project, run_quizkit

PUBLIC = {
    "toolkit.text.locale_packs": [
        "ENGLISH_NEGATION_WORDS",
        "ENTRY_POINT_GROUP",
        "LATIN_END_PUNCTUATION",
        "LocalePack",
        "LocalePackError",
        "Normalizer",
        "PackCheck",
        "pack_for",
        "registered_packs",
    ],
    "toolkit.catalogs": [
        "Catalog",
        "CatalogEntry",
        "CatalogStatistics",
        "FUZZY",
        "Header",
        "MergeError",
        "MergeSummary",
        "PoSyntaxError",
        "catalog_statistics",
        "compile_mo",
        "extract_templates",
        "format_po",
        "merge",
        "read_po",
        "write_po",
    ],
    "toolkit.content": [
        "ContentError",
        "Glossary",
        "GlossaryError",
        "Project",
        "ValidationResult",
        "load_content",
        "load_glossary",
        "load_project",
        "validate_paths",
    ],
    "toolkit.localization": [
        "FallbackError",
        "FallbackPolicy",
        "Grade",
        "LocalizedAnswer",
        "LocalizedBlank",
        "LocalizedChoiceBlank",
        "LocalizedChoiceQuestion",
        "LocalizedEssayQuestion",
        "LocalizedFillInBlanksQuestion",
        "LocalizedItem",
        "LocalizedMatchingQuestion",
        "LocalizedMessage",
        "LocalizedNumericQuestion",
        "LocalizedOption",
        "LocalizedOrderingQuestion",
        "LocalizedPair",
        "LocalizedQuestion",
        "LocalizedQuiz",
        "LocalizedShortAnswerQuestion",
        "LocalizedTrueFalseQuestion",
        "LocalizedTypedBlank",
        "grade",
        "localize",
    ],
    "toolkit.checks": [
        "CheckInfo",
        "ENTRY_POINT_GROUP",
        "EntryContext",
        "Finding",
        "Severity",
        "TextPair",
        "check",
    ],
    "toolkit.exporters": [
        "BaseExporter",
        "ENTRY_POINT_GROUP",
        "ExportError",
        "ExportRequest",
        "Exporter",
        "NOT_XML_CHARACTER",
        "OutputFile",
        "QuizSummary",
    ],
    "toolkit.build": [
        "BuildFailedError",
        "BuildResult",
        "LocaleSummary",
        "ProgressCallback",
        "StepResult",
        "run_build",
    ],
    "toolkit.errors": ["DiagnosedError", "DocumentError", "LocatedError", "QuizkitError"],
}

API_PAGE = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("package", sorted(PUBLIC))
def test_every_public_name_is_exported_and_documented(package: str) -> None:
    module = importlib.import_module(package)
    assert sorted(module.__all__) == sorted(PUBLIC[package])
    assert [name for name in PUBLIC[package] if not hasattr(module, name)] == []
    assert f"`{package}`" in API_PAGE
    assert [name for name in PUBLIC[package] if f"`{name}" not in API_PAGE] == []


def test_the_former_localized_question_names_are_deprecated_aliases_of_the_model_classes() -> None:
    import toolkit.localization
    from toolkit import model

    message = (
        "toolkit.localization.LocalizedChoiceQuestion is deprecated: a localized question is the model's "
        "own class, write toolkit.model.ChoiceQuestion[str]"
    )
    with pytest.warns(DeprecationWarning, match=f"^{re.escape(message)}$"):
        from toolkit.localization import LocalizedChoiceQuestion
    assert LocalizedChoiceQuestion is model.ChoiceQuestion
    with pytest.warns(DeprecationWarning, match="write toolkit.model.Question\\[str\\]$"):
        question_types = toolkit.localization.LocalizedQuestion
    with pytest.warns(DeprecationWarning, match="write toolkit.model.AcceptedAnswer\\[str\\]$"):
        answer_type = toolkit.localization.LocalizedAnswer
    assert answer_type is model.AcceptedAnswer
    question = model.EssayQuestion[str](id="q", prompt="?", explanation=".")
    assert isinstance(question, question_types)
    with pytest.raises(AttributeError, match="has no attribute 'LocalizedNothing'"):
        toolkit.localization.LocalizedNothing  # noqa: B018


def test_read_po_and_write_po_round_trip_bytes_in_the_declared_charset() -> None:
    from toolkit.catalogs import read_po, write_po

    data = (
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n\n'
        'msgid "invalid"\nmsgstr "ungültig"\n'
    ).encode("iso-8859-1")
    catalog = read_po(data, "de.po")
    assert [entry.msgstr for entry in catalog.active()] == ["ungültig"]
    assert catalog.header.charset == "ISO-8859-1"
    assert write_po(catalog) == data


def test_write_po_switches_the_header_to_utf8_when_its_charset_cannot_carry_the_text() -> None:
    from dataclasses import replace

    from toolkit.catalogs import CatalogEntry, read_po, write_po

    catalog = read_po(b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n', "ur.po")
    catalog = replace(catalog, entries=(CatalogEntry("Question", "سوال"),))
    written = write_po(catalog)
    assert b"charset=UTF-8" in written
    assert read_po(written, "ur.po").entries == catalog.entries


def test_load_project_gives_configuration_and_validated_content(tmp_path: Path) -> None:
    from toolkit.content import load_project

    project = copy_project(tmp_path)
    loaded = load_project(project / "content")
    assert loaded.config.root == project
    assert [quiz.id for quiz in loaded.content.quizzes] == sorted(
        path.stem for path in (project / "content").glob("*.yaml") if path.name != "ui.yaml"
    )


PLUGIN = """
from collections.abc import Iterator
from pathlib import PurePosixPath

from toolkit.checks import EntryContext, Finding, Severity, check
from toolkit.exporters import BaseExporter, ExportRequest, OutputFile


@check("title-seen", Severity.WARNING, "reports every quiz title, to prove that plugins run")
def title_seen(context: EntryContext) -> Iterator[Finding]:
    if context.key.endswith(".title") and context.translated_pairs:
        yield Finding("title-seen", f"title translated as {context.translated_pairs[0].translation}")


class CsvExporter(BaseExporter):
    name = "csv"
    description = "one CSV file per quiz and locale"
    presents_quiz = True
    options = {
        "separator": {
            "description": "The character between a question's id and its prompt.",
            "type": "string",
            "minLength": 1,
            "maxLength": 1,
            "default": ",",
            "x-message": "{name} must be one character, such as \\",\\" or \\";\\", found {value!r}",
        }
    }

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        separator = self.option(request, "separator")
        for locale in request.locales:
            for localized in request.quizzes_in(locale):
                rows = "".join(f"{question.id}{separator}{question.prompt}\\n" for question in localized.questions)
                yield OutputFile(PurePosixPath(localized.quiz.id, f"{locale}.csv"), rows.encode(), quiz=localized.quiz.id)
"""


@pytest.fixture
def plugin_path(tmp_path: Path) -> Path:
    """A third-party package with one check and one exporter, installed the way pip lays it out."""
    site = tmp_path / "site"
    (site / "quizkit_example_plugin").mkdir(parents=True)
    (site / "quizkit_example_plugin" / "__init__.py").write_text(PLUGIN, encoding="utf-8")
    info = site / "quizkit_example_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: quizkit-example-plugin\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        textwrap.dedent(
            """\
            [quizkit.checks]
            title-seen = quizkit_example_plugin:title_seen

            [quizkit.exporters]
            csv = quizkit_example_plugin:CsvExporter
            """
        ),
        encoding="utf-8",
    )
    return site


def run_with_plugin(project: Path, site: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    return run_quizkit(project, *arguments, env=environment)


def test_a_third_party_check_runs_through_its_entry_point(tmp_path: Path, plugin_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    result = run_with_plugin(project, plugin_path, "check", "--format", "json")
    assert result.returncode == 0, result.stderr
    findings = [item for item in json.loads(result.stdout)["diagnostics"] if item["code"] == "title-seen"]
    titles = {item["key"] for item in findings}
    quizzes = {path.stem for path in (project / "content").glob("*.yaml") if path.name != "ui.yaml"}
    assert titles == {f"{quiz}.title" for quiz in quizzes}
    assert all(re.match(r"title translated as \S", item["message"]) for item in findings)


def test_a_third_party_exporter_runs_through_its_entry_point(tmp_path: Path, plugin_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    listed = run_with_plugin(project, plugin_path, "export", "--list")
    assert "csv" in listed.stdout
    result = run_with_plugin(project, plugin_path, "export", "-f", "csv")
    assert result.returncode == 0, result.stderr
    from toolkit.content import load_content

    for quiz in load_content(project / "content").quizzes:
        english = (project / "dist" / "csv" / quiz.id / "en.csv").read_text(encoding="utf-8")
        assert english.splitlines() == [
            f"{question.id},{question.prompt.source}" for question in quiz.questions
        ]
        assert (project / "dist" / "csv" / quiz.id / "ur.csv").is_file()


def test_a_third_party_exporter_reads_a_setting_of_its_own(tmp_path: Path, plugin_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    with (project / "pyproject.toml").open("a", encoding="utf-8") as config:
        config.write('\n[tool.quizkit.formats.csv]\nseparator = ";"\n')
    result = run_with_plugin(project, plugin_path, "export", "-f", "csv")
    assert (result.returncode, result.stderr) == (0, "")
    from toolkit.content import load_content

    for quiz in load_content(project / "content").quizzes:
        english = (project / "dist" / "csv" / quiz.id / "en.csv").read_text(encoding="utf-8")
        assert english.splitlines() == [
            f"{question.id};{question.prompt.source}" for question in quiz.questions
        ]


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ('separator = ";;"', 'formats.csv.separator must be one character, such as "," or ";", found \';;\''),
        ('separater = ";"', "unknown setting 'separater' in formats.csv; did you mean 'separator'?"),
    ],
)
def test_a_third_party_exporters_setting_is_checked_as_it_declares(
    tmp_path: Path, plugin_path: Path, setting: str, message: str
) -> None:
    project = copy_project(tmp_path / "project")
    config = project / "pyproject.toml"
    text = config.read_text(encoding="utf-8") + f"\n[tool.quizkit.formats.csv]\n{setting}\n"
    config.write_text(text, encoding="utf-8")
    result = run_with_plugin(project, plugin_path, "export", "-f", "csv")
    line = len(text.splitlines())
    assert (result.returncode, result.stderr) == (1, f"pyproject.toml:{line}: error[config]: {message}\n")
    assert not (project / "dist" / "csv").exists()


def pack_site(tmp_path: Path, source: str) -> Path:
    """A third-party locale pack package, installed the way pip lays it out."""
    site = tmp_path / "pack-site"
    (site / "quizkit_house_pack").mkdir(parents=True)
    (site / "quizkit_house_pack" / "__init__.py").write_text(source, encoding="utf-8")
    info = site / "quizkit_house_pack-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: quizkit-house-pack\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[quizkit.locales]\nhouse = quizkit_house_pack:HOUSE\n", encoding="utf-8"
    )
    return site


HOUSE_PACK = """
from toolkit.text.locale_packs import LocalePack

HOUSE = LocalePack(name="house", locales=("ur",), summary="a second Urdu pack")
"""


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (
            HOUSE_PACK,
            "error[locale-pack]: locale packs house, urdu all serve ur; uninstall one, or make one name the exact locale",
        ),
        (
            "import quizkit_missing_dependency\n",
            "error[locale-pack]: locale pack house (quizkit_house_pack:HOUSE) failed to load: "
            "No module named 'quizkit_missing_dependency'",
        ),
    ],
    ids=["two-packs-for-ur", "pack-fails-to-import"],
)
@pytest.mark.parametrize("command", [("build",), ("check",), ("export", "-f", "json")])
def test_a_broken_or_clashing_locale_pack_stops_the_command(
    tmp_path: Path, source: str, message: str, command: tuple[str, ...]
) -> None:
    project = copy_project(tmp_path / "project")
    result = run_with_plugin(project, pack_site(tmp_path, source), *command)
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == message
    assert "Traceback" not in result.stderr


HOUSE_CHECK_PACK = """
from toolkit.checks import Finding, Severity, check
from toolkit.text.locale_packs import LocalePack


@check("house-kaf", Severity.WARNING, "Arabic kaf where the house writes keheh.")
def house_kaf(context):
    # Fires on every translation, so that a run on a catalog it does not serve would show at once.
    for pair in context.translated_pairs:
        yield Finding("house-kaf", "checked")


HOUSE = LocalePack(name="house", locales=("ur_IN",), summary="Indian Urdu house rules", checks=(house_kaf,))
"""


def test_a_third_party_pack_runs_its_checks_for_its_locales_only(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    site = pack_site(tmp_path, HOUSE_CHECK_PACK)
    listed = run_with_plugin(project, site, "check", "--list")
    assert listed.returncode == 0, listed.stderr
    line = next(line for line in listed.stdout.splitlines() if line.startswith("house-kaf"))
    assert line.endswith("Arabic kaf where the house writes keheh. (only ur_IN)")
    # The project's locale is ur: the ur_IN pack's check is known (a suppression may name it) but never runs.
    result = run_with_plugin(project, site, "check", "--format", "json")
    assert result.returncode == 0, result.stderr
    assert [item for item in json.loads(result.stdout)["diagnostics"] if item["code"] == "house-kaf"] == []
