"""The JSON Schemas shipped with quizkit, located in a source checkout and in an installed wheel alike."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

QUIZ_SCHEMA = "quiz.schema.json"
UI_SCHEMA = "ui.schema.json"


def schema_directory() -> Path:
    """Wheels carry the schemas inside the package; a source checkout keeps them at the top level."""
    package = Path(__file__).resolve().parent.parent
    packaged = package / "schema"
    if packaged.is_dir():
        return packaged
    return package.parent / "schema"


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    with (schema_directory() / name).open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@functools.cache
def validator(name: str) -> Validator:
    """A validator built once per schema: building it is most of the cost of validating one file."""
    from jsonschema import Draft202012Validator

    built: Validator = Draft202012Validator(load_schema(name))
    return built


class FastValidator(Protocol):
    def is_valid(self, instance: object) -> bool: ...


@functools.cache
def fast_validator(name: str) -> FastValidator | None:
    """A compiled validator (jsonschema-rs) that only answers "valid or not", about a thousand times faster
    than jsonschema for our schemas; None where its wheel is not installed (quizkit then validates in
    pure Python). It decides nothing on its own: a document it rejects is validated again by jsonschema,
    whose errors carry the paths quizkit's messages are made from."""
    try:
        import jsonschema_rs
    except ImportError:
        return None
    compiled: FastValidator = jsonschema_rs.Draft202012Validator(load_schema(name))
    return compiled
