"""The shipped project, whatever content it holds: `quizkit build --strict` passes (no warning: every
format of its configuration carries every question it has), and every output validates against what
its consumers check: the bundle schema, the QTI 3.0 XSDs, XML well-formedness, gettext's .mo reader
and i18next in Node. Holds for any content added to content/ and locales/."""

from __future__ import annotations

import gettext
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from lxml import etree
from support import ROOT, node_consumer, qti_schemas, run_quizkit

SAFE_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("shipped")
    for folder in ("content", "locales", "schema"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    # --strict: a warning of any kind (a question a format cannot carry, a check warning) fails the build.
    result = run_quizkit(project, "build", "--strict", "--format", "text")
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "dist"


def quiz_ids() -> list[str]:
    return sorted(path.stem for path in (ROOT / "content").glob("*.yaml") if path.name != "ui.yaml")


def test_every_format_of_the_configuration_was_written(built: Path) -> None:
    assert sorted(path.name for path in built.iterdir()) == [
        "html",
        "i18next",
        "json",
        "mo",
        "moodle",
        "qti",
        "scorm",
        "xliff",
    ]
    for quiz in quiz_ids():
        assert (built / "scorm" / f"{quiz}.zip").is_file()
        for locale in ("en", "ur"):
            assert (built / "json" / quiz / f"{locale}.json").is_file()
            assert (built / "qti" / quiz / f"{locale}.zip").is_file()
            assert (built / "html" / quiz / f"{locale}.html").is_file()


def test_the_shipped_build_publishes_only_approved_urdu_and_nothing_falls_back(built: Path) -> None:
    """Issue 21: the shipped configuration sets require = "approved", and every shipped Urdu text is
    approved, so the default build exports every question in Urdu."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["quizkit"]
    assert config["require"] == "approved"
    for quiz in quiz_ids():
        bundle = json.loads((built / "json" / quiz / "ur.json").read_text(encoding="utf-8"))
        assert bundle["fallback"]["questions"] == [] and bundle["fallback"]["texts"] == [], quiz


def test_bundles_validate_against_the_bundle_schema(built: Path) -> None:
    validator = Draft202012Validator(
        json.loads((ROOT / "schema" / "bundle.schema.json").read_text(encoding="utf-8"))
    )
    bundles = sorted((built / "json").rglob("*.json"))
    assert bundles
    for path in bundles:
        errors = [
            error.message for error in validator.iter_errors(json.loads(path.read_text(encoding="utf-8")))
        ]
        assert errors == [], path


def test_qti_packages_validate_against_the_qti_3_schemas(built: Path) -> None:
    item_schema, package_schema = qti_schemas()
    for package in sorted((built / "qti").rglob("*.zip")):
        with zipfile.ZipFile(package) as archive:
            for name in archive.namelist():
                schema = package_schema if name == "imsmanifest.xml" else item_schema
                document = etree.fromstring(archive.read(name), SAFE_PARSER)
                assert schema.validate(document), f"{package}:{name}: {schema.error_log}"


def test_xml_outputs_are_well_formed(built: Path) -> None:
    files = sorted([*(built / "moodle").rglob("*.xml"), *(built / "xliff").rglob("*.xlf")])
    assert files
    for path in files:
        etree.parse(str(path), SAFE_PARSER)


def test_mo_files_answer_gettext(built: Path) -> None:
    for path in sorted((built / "mo").rglob("*.mo")):
        with path.open("rb") as handle:
            catalog = gettext.GNUTranslations(handle)
        assert catalog.info()["language"] == "ur"


def leaves(tree: dict[str, Any], prefix: str = "") -> list[tuple[str, str]]:
    found = []
    for key, value in tree.items():
        if key.startswith("_"):
            continue  # metadata (_meta), not a resource
        path = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            found.extend(leaves(value, path))
        elif isinstance(value, str):
            found.append((path, value))
    return found


def test_i18next_resolves_every_text_in_node(built: Path) -> None:
    requests, expected = [], []
    for path in sorted((built / "i18next").rglob("*.json")):
        resources = json.loads(path.read_text(encoding="utf-8"))
        for key, value in leaves(resources):
            if "_" in key.rsplit(".", 1)[-1] and key.rsplit(".", 1)[-1].split("_")[-1] in (
                "one",
                "other",
                "few",
                "many",
                "two",
                "zero",
            ):
                continue  # plural forms are resolved with a count by tests/exporters/test_exports.py
            requests.append({"lng": path.parent.name, "ns": path.stem, "key": key})
            expected.append(value)
    answers = node_consumer(
        "i18next-consumer.mjs", {"resources": str(built / "i18next"), "requests": requests}, "i18next"
    )
    assert [answer["exists"] for answer in answers] == [True] * len(requests)
    # i18next interpolates {{...}}: blank markers without values stay as they are.
    assert [answer["value"] for answer in answers] == expected
