"""The compiled validator (jsonschema-rs) is only a fast "yes": it must never call valid a document that
jsonschema rejects, or an author would lose every message about it. Checked on every content file the
tests hold and on many documents made by breaking a valid quiz in the ways authors do."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.content import schema_validation
from toolkit.content.yaml_document import YamlError, parse_yaml
from toolkit.schemas import QUIZ_SCHEMA, UI_SCHEMA, fast_validator, validator

jsonschema_rs = pytest.importorskip(
    "jsonschema_rs", reason="jsonschema-rs is missing (pip install -e '.[dev]')"
)

TESTS = Path(__file__).resolve().parents[1]
EVERY_TYPE = TESTS / "content" / "types" / "every-type.yaml"
GLOSSARY_SCHEMA = "glossary.schema.json"


def documents(pattern: str) -> list[Path]:
    return sorted(TESTS.glob(pattern))


def load(path: Path) -> Any:
    """The data exactly as quizkit validates it (every scalar text), not as yaml.safe_load reads it."""
    return parse_yaml(path.read_bytes()).data


def parseable(path: Path) -> bool:
    try:
        parse_yaml(path.read_bytes())
    except YamlError:
        return False
    return True


def verdicts(schema_name: str, data: Any) -> tuple[bool, bool]:
    fast = fast_validator(schema_name)
    assert fast is not None
    return fast.is_valid(data), validator(schema_name).is_valid(data)


# Fixtures whose fault is the YAML itself (an alias bomb, a tab) never reach a schema.
QUIZ_FILES = [
    path
    for path in documents("content/invalid/*/*.yaml") + documents("content/types/every-type.yaml")
    if parseable(path)
]


def test_most_fixtures_reach_the_schema() -> None:
    assert len(QUIZ_FILES) >= 30


@pytest.mark.parametrize("path", QUIZ_FILES, ids=[f"{path.parent.name}/{path.name}" for path in QUIZ_FILES])
def test_fast_yes_only_where_jsonschema_agrees(path: Path) -> None:
    data = load(path)
    schema_name = UI_SCHEMA if path.name.startswith("ui") else QUIZ_SCHEMA
    fast, full = verdicts(schema_name, data)
    assert full or not fast, f"jsonschema-rs accepts {path}, which jsonschema rejects"


GLOSSARY_FILES = documents("content/glossaries/*/*.yaml")


@pytest.mark.parametrize("path", GLOSSARY_FILES, ids=[path.parent.name for path in GLOSSARY_FILES])
def test_fast_yes_only_where_jsonschema_agrees_on_glossaries(path: Path) -> None:
    fast, full = verdicts(GLOSSARY_SCHEMA, load(path))
    assert full or not fast


def paths(value: Any, where: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [where]
    if isinstance(value, dict):
        for key, child in value.items():
            found.extend(paths(child, (*where, key)))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found.extend(paths(child, (*where, index)))
    return found


ODD_VALUES = st.one_of(
    st.just(""),
    st.just("1e5"),
    st.just("-0"),
    st.just("q1\n"),
    st.just("Q 1"),
    st.text(max_size=6),
    st.lists(st.just("x"), max_size=2),
    st.dictionaries(st.sampled_from(["id", "text", "type", "correct", "promt"]), st.just("x"), max_size=2),
    st.none(),
    st.booleans(),
    st.integers(),
)


@st.composite
def broken_quizzes(draw: st.DrawFn) -> Any:
    """The every-type quiz with one to three edits: a field removed, replaced by an odd value, or added."""
    quiz = copy.deepcopy(load(EVERY_TYPE))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(paths(quiz)[1:]))
        parent = quiz
        for step in where[:-1]:
            parent = parent[step]
        operation = draw(st.sampled_from(["remove", "replace", "add"]))
        if operation == "remove":
            del parent[where[-1]]
        elif operation == "replace":
            parent[where[-1]] = draw(ODD_VALUES)
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["promt", "id", "tolerance", "case_sensitive", "shuffle"]))] = draw(
                ODD_VALUES
            )
        else:
            parent.append(draw(ODD_VALUES))
    return quiz


@settings(max_examples=examples(400), deadline=None)
@given(broken_quizzes())
def test_fast_yes_only_where_jsonschema_agrees_on_broken_quizzes(quiz: Any) -> None:
    fast, full = verdicts(QUIZ_SCHEMA, quiz)
    assert full or not fast


def test_a_failing_fast_validator_falls_back_to_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def is_valid(self, instance: object) -> bool:
            raise ValueError("cannot take this value")

    document = parse_yaml(b"quiz:\n  id: q\n  title: T\n")
    expected = schema_validation.validate_against_schema(document, QUIZ_SCHEMA, "quiz.yaml", "quiz")
    assert expected, "the fixture must be invalid for this test to mean anything"
    monkeypatch.setattr(schema_validation, "fast_validator", lambda name: Broken())
    assert schema_validation.validate_against_schema(document, QUIZ_SCHEMA, "quiz.yaml", "quiz") == expected
    monkeypatch.setattr(schema_validation, "fast_validator", lambda name: None)
    assert schema_validation.validate_against_schema(document, QUIZ_SCHEMA, "quiz.yaml", "quiz") == expected


def test_a_valid_quiz_never_reaches_jsonschema(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(name: str) -> None:
        raise AssertionError("jsonschema was asked about a document the fast validator accepted")

    document = parse_yaml(EVERY_TYPE.read_bytes())
    monkeypatch.setattr(schema_validation, "validator", refuse)
    assert schema_validation.validate_against_schema(document, QUIZ_SCHEMA, "every-type.yaml", "quiz") == []
