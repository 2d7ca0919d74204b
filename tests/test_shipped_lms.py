"""The shipped project in the LMS formats written on request (issue 19): `quizkit export -f
canvas,cc,gift,scorm` writes every format for every locale with no warning but the questions a format
has no form for, and each package validates as its importer reads it: Canvas's QTI 1.2 against the DTD,
the Common Cartridge against the CC 1.1 schemas, GIFT through Moodle's grammar, the SCORM manifest
against the SCORM 1.2 schemas. Holds for any content added to content/ and locales/."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from exporters.lms.gift_grammar import read_gift
from lxml import etree
from standard_schemas import CC11, QTI12, schema_file, scorm12_manifest_schema
from support import ROOT, run_quizkit

SAFE_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)
FORMATS = ("canvas", "cc", "gift", "scorm")
CC_ASSESSMENT = "imsqti_xmlv1p2/imscc_xmlv1p1/assessment"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    project = tmp_path_factory.mktemp("shipped-lms")
    for folder in ("content", "locales", "schema"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    result = run_quizkit(project, "export", "-f", ",".join(FORMATS))
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "dist", result.stdout + result.stderr


def locales() -> list[str]:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["quizkit"]
    return [config.get("source-locale", "en"), *config["target-locales"]]


def quiz_ids() -> list[str]:
    return sorted(path.stem for path in (ROOT / "content").glob("*.yaml") if path.name != "ui.yaml")


def files_of(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_only_warnings_are_questions_a_format_has_no_form_for(exported: tuple[Path, str]) -> None:
    _, output = exported
    warnings = [line for line in output.splitlines() if "warning[" in line or "error[" in line]
    assert all("warning[unsupported-question]" in line for line in warnings), warnings


@pytest.mark.parametrize("quiz", quiz_ids())
@pytest.mark.parametrize("locale", locales())
def test_canvas_assessments_are_valid_qti_1_2(exported: tuple[Path, str], quiz: str, locale: str) -> None:
    dist, _ = exported
    files = files_of(dist / "canvas" / quiz / f"{locale.replace('_', '-')}.zip")
    assert "imsmanifest.xml" in files
    assessments = [name for name, data in files.items() if b"<questestinterop" in data]
    assert assessments
    for name in assessments:
        root = etree.fromstring(files[name], SAFE_PARSER)
        # A DTD has no namespace: drop it and the root's schema attributes (docs/testing.md, Standards' schemas).
        for element in root.iter():
            element.tag = etree.QName(element).localname
        for attribute in list(root.attrib):
            del root.attrib[attribute]
        etree.cleanup_namespaces(root)
        dtd = etree.DTD(str(schema_file(QTI12, "ims_qtiasiv1p2.dtd")))
        assert dtd.validate(root), (name, dtd.error_log.filter_from_errors())


def schema(name: str) -> Any:
    return etree.XMLSchema(etree.parse(str(schema_file(CC11, name))))


@pytest.mark.parametrize("quiz", quiz_ids())
@pytest.mark.parametrize("locale", locales())
def test_common_cartridges_are_valid_cc_1_1(exported: tuple[Path, str], quiz: str, locale: str) -> None:
    dist, _ = exported
    files = files_of(dist / "cc" / quiz / f"{locale.replace('_', '-')}.imscc")
    manifest = etree.fromstring(files["imsmanifest.xml"], SAFE_PARSER)
    for name in ("cc11libxml2validator.xsd", "ccv1p1_imscp_v1p2_v1p0.xsd"):
        validator = schema(name)
        assert validator.validate(manifest), validator.error_log.filter_from_errors()
    (resource,) = [item for item in manifest.iter("{*}resource") if item.get("type") == CC_ASSESSMENT]
    (file,) = resource.iter("{*}file")
    validator = schema("ccv1p1_qtiasiv1p2p1_v1p0.xsd")
    assessment = etree.fromstring(files[file.get("href")], SAFE_PARSER)
    assert validator.validate(assessment), validator.error_log.filter_from_errors()


@pytest.mark.parametrize("quiz", quiz_ids())
@pytest.mark.parametrize("locale", locales())
def test_gift_files_read_back_through_moodle_s_grammar(
    exported: tuple[Path, str], quiz: str, locale: str
) -> None:
    dist, output = exported
    text = (dist / "gift" / quiz / f"{locale.replace('_', '-')}.txt").read_text(encoding="utf-8")
    questions = [question for question in read_gift(text) if question.qtype != "category"]
    import yaml

    content = yaml.safe_load((ROOT / "content" / f"{quiz}.yaml").read_text(encoding="utf-8"))
    left_out = set(
        re.findall(rf"format gift cannot carry \w+ questions: question '([^']+)' of quiz '{quiz}'", output)
    )
    expected = [question["id"] for question in content["questions"] if question["id"] not in left_out]
    assert [question.name for question in questions] == expected
    # Every question carries its answer key in the form its type has (an essay has none).
    for question in questions:
        key = {
            "truefalse": question.correct_answer is not None,
            "match": bool(question.subquestions) and len(question.subquestions) == len(question.subanswers),
            "essay": True,
        }.get(question.qtype, bool(question.answers))
        assert key, (question.qtype, question.name)


@pytest.mark.parametrize("quiz", quiz_ids())
def test_scorm_packages_are_valid_scorm_1_2_and_hold_every_locale(
    exported: tuple[Path, str], quiz: str
) -> None:
    dist, _ = exported
    files = files_of(dist / "scorm" / f"{quiz}.zip")
    validator = scorm12_manifest_schema()
    manifest = etree.fromstring(files["imsmanifest.xml"], SAFE_PARSER)
    assert validator.validate(manifest), validator.error_log.filter_from_errors()
    listed = sorted(file.get("href") for file in manifest.iter("{*}file"))
    assert listed == sorted(set(files) - {"imsmanifest.xml"})
    assert {f"{locale.replace('_', '-')}.html" for locale in locales()} <= set(files)
