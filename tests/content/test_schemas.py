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


SCHEMA_LINE = "# yaml-language-server: $schema=../schema/"


def schema_named_by(text: str) -> str | None:
    """The schema a YAML document names on its first line, as editors read it: ``quiz.schema.json``."""
    first = text.splitlines()[0] if text else ""
    return first.removeprefix(SCHEMA_LINE) if first.startswith(SCHEMA_LINE) else None


QUIZ_HEADER = (
    SCHEMA_LINE + "quiz.schema.json\nid: example\nlevel: beginner\ntitle: T\ndescription: D\nquestions:\n"
)


def documented_examples() -> list[tuple[str, str]]:
    """Every YAML example in the README and docs that is a quiz file (it names its schema) or a list of
    questions (the question kinds), the latter made a quiz as the README says: each question also has a
    prompt and an explanation. Returns (where, text)."""
    examples = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        blocks = page.read_text(encoding="utf-8").split("```yaml\n")[1:]
        for number, block in enumerate(blocks, start=1):
            text = block.split("```", 1)[0]
            if text.startswith("  - id: "):
                text = QUIZ_HEADER + "".join(
                    _with_prompt_and_explanation(item) for item in ("\n" + text).split("\n  - ")[1:]
                )
            if schema_named_by(text):
                examples.append((f"{page.relative_to(ROOT)} example {number}", text))
    return examples


def _with_prompt_and_explanation(item: str) -> str:
    first, _, rest = item.partition("\n")
    added = [
        f"    {field}: {field.title()}\n"
        for field in ("prompt", "explanation")
        if f"\n    {field}:" not in item
    ]
    return f"  - {first.removeprefix('  - ')}\n" + "".join(added) + rest.rstrip("\n") + "\n"


def stock_tool_failures(schema: str, documents: list[Path]) -> dict[str, list[str]]:
    """check-jsonschema's errors per document, in one run: {file: [path: message, ...]}."""
    result = subprocess.run(
        [
            check_jsonschema(),
            "-o",
            "json",
            "--schemafile",
            str(ROOT / "schema" / schema),
            *map(str, documents),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode in (0, 1), result.stdout + result.stderr
    failures: dict[str, list[str]] = {}
    for error in json.loads(result.stdout).get("errors", []):
        failures.setdefault(error["filename"], []).append(f"{error['path']}: {error['message']}")
    return failures


def test_documented_scaffolded_and_shipped_content_passes_a_stock_tool(tmp_path: Path) -> None:
    """What the docs show, what init writes and what ships is what editors and CI tools accept, numeric
    questions included: check-jsonschema reads YAML numbers as numbers (answer: 256), quizkit as text."""
    documents: list[tuple[str, str, Path]] = []
    for number, (where, text) in enumerate(documented_examples()):
        copy = tmp_path / f"example-{number}.yaml"
        copy.write_text(text, encoding="utf-8")
        documents.append((where, str(schema_named_by(text)), copy))
    templates = ROOT / "toolkit" / "scaffold" / "template" / "content"
    for document in sorted(templates.glob("*.yaml")) + sorted((ROOT / "content").glob("*.yaml")):
        schema = schema_named_by(document.read_text(encoding="utf-8"))
        assert schema, f"{document} names no schema on its first line"
        documents.append((str(document.relative_to(ROOT)), schema, document))
    shown = {where: text for where, text in documented_examples()}
    assert any("type: numeric" in text for text in shown.values()), (
        "no documented quiz shows a numeric question"
    )
    assert any(
        where.startswith("toolkit/scaffold") and where.endswith("first-quiz.yaml")
        for where, _, _ in documents
    )
    failures: dict[str, list[str]] = {}
    for schema in sorted({schema for _, schema, _ in documents}):
        chosen = [(where, path) for where, named, path in documents if named == schema]
        found = stock_tool_failures(schema, [path for _, path in chosen])
        failures.update({where: found[str(path)] for where, path in chosen if str(path) in found})
    assert failures == {}


NUMBER_SPELLINGS = [
    # (what the author writes after "answer:", whether quizkit and the stock tool accept it)
    ("256", True),
    ("0.5", True),
    ("-3", True),
    ("+5", True),
    (".5", True),
    ("5.", True),
    ("1e-3", True),
    ("1E3", True),
    ('"256"', True),
    ("'0.25'", True),
    ("two hundred", False),
    ("1,5", False),
    ('""', False),
    (".inf", False),
    ("-.inf", False),
    (".nan", False),
    ("true", False),
    ("null", False),
    ("[1]", False),
    ("{value: 1}", False),
]


@pytest.fixture(scope="module")
def number_verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bool, bool]]:
    """For each spelling of a numeric answer and tolerance: (quizkit accepts it, check-jsonschema does)."""
    from toolkit.content.validation import validate_file

    folder = tmp_path_factory.mktemp("numbers")
    documents: dict[str, Path] = {}
    for number, (spelling, _) in enumerate(NUMBER_SPELLINGS):
        for field in ("answer", "tolerance"):
            quiz = f"{field}-{number}"
            answer, tolerance = (spelling, "0") if field == "answer" else ("1", spelling)
            document = folder / f"{quiz}.yaml"
            document.write_text(
                f"id: {quiz}\nlevel: beginner\ntitle: T\ndescription: D\nquestions:\n"
                f"  - id: size\n    type: numeric\n    prompt: P\n    answer: {answer}\n"
                f"    tolerance: {tolerance}\n    explanation: E\n",
                encoding="utf-8",
            )
            documents[f"{field} {spelling}"] = document
    refused = stock_tool_failures("quiz.schema.json", list(documents.values()))
    return {
        name: (validate_file(document)[1] is not None, str(document) not in refused)
        for name, document in documents.items()
    }


@pytest.mark.parametrize("field", ["answer", "tolerance"])
@pytest.mark.parametrize(("spelling", "accepted"), NUMBER_SPELLINGS)
def test_schema_and_loader_agree_on_numbers(
    number_verdicts: dict[str, tuple[bool, bool]], field: str, spelling: str, accepted: bool
) -> None:
    # A tolerance is a number of 0 or more: the negative spellings are refused there.
    expected = accepted and not (field == "tolerance" and spelling.startswith("-"))
    assert number_verdicts[f"{field} {spelling}"] == (expected, expected)


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


TEXT_SPELLINGS = [
    # (what the author writes as an option's text, whether quizkit and the stock tool accept it): a
    # plain number is text to quizkit and a number to editors, and both accept it.
    ("Heat from the Sun", True),
    ("256", True),
    ("0.5", True),
    ("1e3", True),
    ("0x10", True),
    (".inf", True),
    ('"256"', True),
    ("no", True),
    ("12:30", True),
    ("true", False),
    ("null", False),
    ('""', False),
    ("[a]", False),
]


@pytest.fixture(scope="module")
def text_verdicts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bool, bool]]:
    """For each spelling of an option's text: (quizkit accepts it, check-jsonschema does)."""
    from toolkit.content.validation import validate_file

    folder = tmp_path_factory.mktemp("texts")
    documents: dict[str, Path] = {}
    for number, (spelling, _) in enumerate(TEXT_SPELLINGS):
        for form, written in (("plain", spelling), ("mapping", f"{{text: {spelling}, note: N}}")):
            quiz = f"{form}-{number}"
            document = folder / f"{quiz}.yaml"
            document.write_text(
                f"id: {quiz}\nlevel: beginner\ntitle: T\ndescription: D\nquestions:\n"
                f"  - id: pick\n    type: single_choice\n    prompt: P\n    explanation: E\n"
                f"    options:\n      - id: a\n        text: {written}\n      - id: b\n        text: B\n"
                f"    correct: [a]\n",
                encoding="utf-8",
            )
            documents[f"{form} {spelling}"] = document
    refused = stock_tool_failures("quiz.schema.json", list(documents.values()))
    return {
        name: (validate_file(document)[1] is not None, str(document) not in refused)
        for name, document in documents.items()
    }


@pytest.mark.parametrize("form", ["plain", "mapping"])
@pytest.mark.parametrize(("spelling", "accepted"), TEXT_SPELLINGS)
def test_schema_and_loader_agree_on_texts(
    text_verdicts: dict[str, tuple[bool, bool]], form: str, spelling: str, accepted: bool
) -> None:
    assert text_verdicts[f"{form} {spelling}"] == (accepted, accepted)
