"""The schemas are usable on their own: editors get help text, stock tools validate the content."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = sorted((ROOT / "schema").glob("*.schema.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def properties(schema: object, where: str = "$") -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(schema, dict):
        for name, subschema in schema.get("properties", {}).items():
            yield f"{where}.properties.{name}", subschema
        for key, value in schema.items():
            # An ``if`` holds a condition (which type a question is), not fields an author writes.
            if key not in ("examples", "if"):
                yield from properties(value, f"{where}.{key}")
    elif isinstance(schema, list):
        for index, item in enumerate(schema):
            yield from properties(item, f"{where}[{index}]")


@pytest.mark.parametrize("path", SCHEMAS, ids=[path.name for path in SCHEMAS])
def test_schema_is_valid_2020_12_with_metadata(path: Path) -> None:
    schema = load(path)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].startswith("urn:quizkit:schema:")
    assert schema["title"] and schema["description"]
    assert schema["examples"]
    validator = Draft202012Validator(schema)
    for example in schema["examples"]:
        assert list(validator.iter_errors(example)) == []


@pytest.mark.parametrize("path", SCHEMAS, ids=[path.name for path in SCHEMAS])
def test_every_property_has_title_and_description(path: Path) -> None:
    missing = [
        where
        for where, subschema in properties(load(path))
        if not (subschema.get("title") and subschema.get("description"))
    ]
    assert missing == []


def check_jsonschema() -> str:
    found = shutil.which("check-jsonschema") or str(Path(sys.executable).parent / "check-jsonschema")
    if not Path(found).exists():
        pytest.skip("check-jsonschema is not installed (pip install -e '.[dev]' brings it)")
    return found


@pytest.mark.parametrize(
    ("schema", "document"),
    [("quiz.schema.json", "content/data-parallel.yaml"), ("ui.schema.json", "content/ui.yaml")],
)
def test_content_validates_with_a_stock_tool(schema: str, document: str) -> None:
    result = subprocess.run(
        [check_jsonschema(), "--schemafile", f"schema/{schema}", document],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_stock_tool_rejects_invalid_content() -> None:
    result = subprocess.run(
        [
            check_jsonschema(),
            "--schemafile",
            "schema/quiz.schema.json",
            "tests/content/invalid/wrong-type/quiz.yaml",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert "$.questions[0].correct: 'right' is not of type 'array'" in result.stdout


def test_content_files_name_their_schema() -> None:
    for name, schema in (("data-parallel.yaml", "quiz"), ("ui.yaml", "ui")):
        first = (ROOT / "content" / name).read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema=../schema/{schema}.schema.json"
