"""The Arabic, Persian and Hindi test project (``project/``) carried through build, check and every
exporter, and its plural messages for 0, 1, 2, 3, 11 and 100 read back by the real consumer of each
format: i18next and intl-messageformat in Node, Python's gettext and GNU msgfmt, the XLIFF schema.

Every expected string is the catalog's own form for the number: the form the catalog's Plural-Forms
picks (evaluated by Python's gettext), which must also be the form of CLDR's category for the number."""

from __future__ import annotations

import gettext
import json
import re
import shutil
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from standard_schemas import XLIFF2, schema_file
from support import node_consumer, run_quizkit_in_process, snapshot

from toolkit.catalogs import read_po
from toolkit.catalogs.suppression import suppressions
from toolkit.gettext.catalog import CatalogEntry
from toolkit.text.locale_info import cldr_category

PROJECT = Path(__file__).parent / "project"
XLIFF = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
LOCALES = ("ar", "fa", "hi")
COUNTS = (0, 1, 2, 3, 11, 100)
PLURAL_MESSAGES = ("question-count", "score", "score-points")
TOTAL = 11  # the value given to {total}; the plural form is chosen by {count} alone


@pytest.fixture(scope="module")
def built(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Path, subprocess.CompletedProcess[str]]]:
    """A copy of the project after ``quizkit build --strict``; the tests only read it."""
    project = tmp_path_factory.mktemp("locales-project") / "project"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("*.mo", "dist", ".quizkit-cache"))
    result = run_quizkit_in_process(project, "build", "--strict", "--format", "text")
    before = snapshot(project / "locales")
    yield project, result
    assert snapshot(project / "locales") == before, "a test changed the catalogs its module shares"


@pytest.fixture(scope="module")
def project(built: tuple[Path, subprocess.CompletedProcess[str]]) -> Path:
    folder, result = built
    assert result.returncode == 0, result.stdout + result.stderr
    return folder


def ui_entry(project: Path, locale: str, name: str) -> CatalogEntry:
    path = project / "locales" / locale / "LC_MESSAGES" / "ui.po"
    catalog = read_po(path.read_bytes(), path.name)
    return next(entry for entry in catalog.entries if entry.context == f"ui.{name}")


def plural_expression(project: Path, locale: str) -> Any:
    path = project / "locales" / locale / "LC_MESSAGES" / "ui.po"
    plural_forms = read_po(path.read_bytes(), path.name).header.plural_forms
    assert plural_forms is not None
    expression = re.search(r"plural=(.*?);?\s*$", plural_forms)
    assert expression is not None
    return gettext.c2py(expression.group(1))


def catalog_form(project: Path, locale: str, name: str, count: int) -> str:
    """The catalog's form of ``name`` for ``count``: msgstr[i] for the i its Plural-Forms gives."""
    return ui_entry(project, locale, name).msgstr_plural[plural_expression(project, locale)(count)]


def filled(form: str, count: int) -> str:
    return form.replace("{count}", str(count)).replace("{total}", str(TOTAL))


def test_build_translates_everything_without_warnings(
    built: tuple[Path, subprocess.CompletedProcess[str]],
) -> None:
    _, result = built
    assert result.returncode == 0, result.stdout + result.stderr
    rows = {
        line.split()[0]: line
        for line in result.stdout.splitlines()
        if line.split()[:1] in (["ar"], ["fa"], ["hi"])
    }
    assert sorted(rows) == list(LOCALES)
    for locale, row in rows.items():
        match = re.fullmatch(rf"{locale}\s+100\.0% \((\d+)/(\d+)\)\s+0\s+0", row)
        assert match and match.group(1) == match.group(2), row
    check_step = next(line for line in result.stdout.splitlines() if line.startswith("check "))
    assert re.fullmatch(r"check\s+[\d.]+ s\s+0 warnings, 0 files written", check_step), check_step
    assert "warning[" not in result.stdout + result.stderr


def test_check_is_clean_and_strict_passes(project: Path) -> None:
    for arguments in (("check",), ("check", "--strict")):
        result = run_quizkit_in_process(project, *arguments)
        assert result.returncode == 0, result.stdout + result.stderr
        assert result.stdout.splitlines()[-1] == "6 catalogs checked: 0 errors, 0 warnings"
    # Nothing is silenced: no entry carries a suppression comment.
    for path in (project / "locales").rglob("*.po"):
        entries = read_po(path.read_bytes(), path.name).entries
        assert [entry.context for entry in entries if suppressions(entry)] == [], path


def exporters(project: Path) -> list[str]:
    result = run_quizkit_in_process(project, "export", "--list")
    assert result.returncode == 0, result.stderr
    return [line.split()[0] for line in result.stdout.splitlines() if line and not line[0].isspace()]


def carried_kinds(project: Path) -> dict[str, set[str]]:
    """Each format's question kinds, as `quizkit export --list` prints them ("every kind": all)."""
    result = run_quizkit_in_process(project, "export", "--list")
    kinds: dict[str, set[str]] = {}
    name = ""
    for line in result.stdout.splitlines():
        if line and not line[0].isspace():
            name = line.split()[0]
        elif line.strip().startswith("questions:"):
            listed = line.split(":", 1)[1].strip()
            every = {
                "single_choice",
                "multiple_choice",
                "true_false",
                "short_answer",
                "numeric",
                "matching",
                "ordering",
                "fill_in_blanks",
                "essay",
            }
            kinds[name] = every if listed == "every kind" else {kind.strip() for kind in listed.split(",")}
    return kinds


def test_every_exporter_exports_each_locale_without_warnings(project: Path, tmp_path: Path) -> None:
    copy = tmp_path / "project"
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns("dist"))
    formats = exporters(copy)
    assert {"json", "i18next", "mo", "xliff", "html"} <= set(formats)
    result = run_quizkit_in_process(copy, "export", "-f", ",".join(formats))
    assert result.returncode == 0, result.stdout + result.stderr
    # The one warning allowed: a question of a kind a format has no form for (cc has no numeric), as
    # `export --list` says of that format.
    carried = carried_kinds(copy)
    for line in (result.stdout + result.stderr).splitlines():
        if "warning" not in line.lower():
            continue
        found = re.search(r"warning\[unsupported-question\]: format (\S+) cannot carry (\S+) questions", line)
        assert found, line
        assert found.group(2) not in carried[found.group(1)], line
    for name in formats:
        files = [
            path.relative_to(copy / "dist" / name)
            for path in (copy / "dist" / name).rglob("*")
            if path.is_file()
        ]
        if name == "scorm":  # one package per quiz, holding every locale's page
            files = [
                Path(inner)
                for path in files
                for inner in zipfile.ZipFile(copy / "dist" / name / path).namelist()
            ]
        for locale in LOCALES:
            assert any(locale in path.parts or path.stem == locale for path in files), (name, locale, files)


def test_catalog_forms_are_cldr_categories(project: Path) -> None:
    """Each number's gettext form is the bundle's form for CLDR's category of it (the JSON bundle and
    XLIFF are keyed by category, the .mo and PO by index: they must agree)."""
    for locale in LOCALES:
        bundle = json.loads((project / "dist/json/replicas" / f"{locale}.json").read_text(encoding="utf-8"))
        for name in PLURAL_MESSAGES:
            for count in COUNTS:
                forms = bundle["messages"][name]["forms"]
                assert forms[cldr_category(locale, count)] == catalog_form(project, locale, name, count)
    # Arabic has a distinct form for each of the six numbers; Persian and Hindi use one for 0 and 1.
    assert len({catalog_form(project, "ar", "score", count) for count in COUNTS}) == 6
    assert [cldr_category("fa", count) for count in COUNTS] == [
        "one",
        "one",
        "other",
        "other",
        "other",
        "other",
    ]


def test_i18next_resolves_every_count(project: Path) -> None:
    requests = [
        {"lng": locale, "ns": "ui", "key": name, "options": {"count": count, "total": TOTAL}}
        for locale in LOCALES
        for name in PLURAL_MESSAGES
        for count in COUNTS
    ]
    answers = node_consumer(
        "i18next-consumer.mjs", {"resources": str(project / "dist/i18next"), "requests": requests}, "i18next"
    )
    expected = [
        filled(catalog_form(project, r["lng"], r["key"], r["options"]["count"]), r["options"]["count"])
        for r in requests
    ]
    assert [answer["value"] for answer in answers] == expected
    assert all(answer["exists"] for answer in answers)
    # i18next finds Arabic's own keys, not a fallback: every category has its key in the resources.
    resources = json.loads((project / "dist/i18next/ar/ui.json").read_text(encoding="utf-8"))
    categories = ("zero", "one", "two", "few", "many", "other")
    assert all(f"score_{category}" in resources for category in categories)


def test_icu_strings_format_every_count(project: Path) -> None:
    requests = []
    expected = []
    for locale in LOCALES:
        bundle = json.loads((project / "dist/json/replicas" / f"{locale}.json").read_text(encoding="utf-8"))
        for name in PLURAL_MESSAGES:
            for count in COUNTS:
                requests.append(
                    {
                        "locale": locale,
                        "message": bundle["messages"][name]["icu"],
                        "values": {"count": count, "total": TOTAL},
                    }
                )
                expected.append(filled(catalog_form(project, locale, name, count), count))
    assert node_consumer("icu-consumer.mjs", {"requests": requests}, "intl-messageformat") == expected


def test_mo_files_in_python_gettext(project: Path) -> None:
    for locale in LOCALES:
        with (project / "dist/mo" / locale / "LC_MESSAGES/ui.mo").open("rb") as file:
            translations = gettext.GNUTranslations(file)
        for name in PLURAL_MESSAGES:
            entry = ui_entry(project, locale, name)
            assert entry.context is not None and entry.msgid_plural is not None
            for count in COUNTS:
                found = translations.npgettext(entry.context, entry.msgid, entry.msgid_plural, count)
                assert found == catalog_form(project, locale, name, count)
                assert found == entry.msgstr_plural[plural_expression(project, locale)(count)]


def test_msgfmt_check_accepts_catalogs_and_mo_files(project: Path, tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None or shutil.which("msgunfmt") is None:
        pytest.skip("GNU gettext is not installed (apt-get install gettext)")
    for locale in LOCALES:
        for po in sorted((project / "locales" / locale / "LC_MESSAGES").glob("*.po")):
            result = subprocess.run(
                ["msgfmt", "--check", "-o", "/dev/null", str(po)], capture_output=True, text=True, check=False
            )
            assert result.returncode == 0 and result.stderr == "", (po, result.stderr)
            mo = project / "dist/mo" / locale / "LC_MESSAGES" / f"{po.stem}.mo"
            unpacked = tmp_path / f"{locale}-{po.stem}.po"
            subprocess.run(["msgunfmt", "-o", str(unpacked), str(mo)], check=True)
            result = subprocess.run(
                ["msgfmt", "--check-format", "--check-header", "-o", "/dev/null", str(unpacked)],
                capture_output=True,
                text=True,
                check=False,
            )
            assert result.returncode == 0, (mo, result.stderr)


def test_xliff_is_valid_and_carries_every_form(project: Path) -> None:
    schema = etree.XMLSchema(etree.parse(str(schema_file(XLIFF2, "xliff_core_2.0.xsd"))))
    for locale in LOCALES:
        for path in sorted((project / "dist/xliff" / locale).glob("*.xlf")):
            assert schema.validate(etree.parse(str(path))), (path, schema.error_log)
        root = etree.parse(str(project / "dist/xliff" / locale / "ui.xlf")).getroot()
        for name in PLURAL_MESSAGES:
            group = root.find(f".//x:group[@id='ui.{name}']", XLIFF)
            assert group is not None
            targets = {
                unit.get("id"): unit.findtext("x:segment/x:target", namespaces=XLIFF)
                for unit in group.findall("x:unit", XLIFF)
            }
            expected = {
                f"ui.{name}:{cldr_category(locale, count)}": catalog_form(project, locale, name, count)
                for count in COUNTS
            }
            assert targets == expected


def test_hindi_one_form_reads_right_for_zero_too(project: Path) -> None:
    """CLDR's Hindi `one` is i = 0 or n = 1, so the form shows "0 …" as well as "1 …" (the review of issue 36):
    its verb cannot be the singular मिला / दिया, which is wrong after 0."""
    assert cldr_category("hi", 0) == cldr_category("hi", 1) == "one"
    for name in PLURAL_MESSAGES:
        one = ui_entry(project, "hi", name).msgstr_plural[0]
        assert not re.search(r"\b(मिला|दिया)।", one), (name, one)
    assert ui_entry(project, "hi", "score").msgstr_plural[0] == "सही उत्तर: {total} में से {count} प्रश्न।"


def test_arabic_fit_names_the_memory_as_the_container(project: Path) -> None:
    """يتسع X لـ Y: X has room for Y. The model does not "have room" in a GPU; the GPU's memory has room for the
    whole model (the review of issue 36)."""
    path = project / "locales" / "ar" / "LC_MESSAGES" / "replicas.po"
    entry = read_po(path.read_bytes(), path.name).by_context()["replicas.questions.larger-model.explanation"]
    assert entry.msgstr.startswith("يجب أن تتسع ذاكرة كل وحدة GPU للنموذج كاملًا")
