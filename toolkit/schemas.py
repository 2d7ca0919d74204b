"""The JSON Schemas shipped with quizkit (quizzes, ``ui.yaml``, the bundle, the configuration), and
validation against them: one place that finds the schema files, in a source checkout and in an installed
wheel alike, and one way of validating, for quiz YAML (:mod:`toolkit.content.schema_validation`, which
words jsonschema's errors at their YAML line) and for TOML settings (:func:`settings_refusals`: the
configuration, ``schema/config.schema.json``, and each format's own settings, whose messages come from
each setting's ``x-message``, so the checks say what they always said).

Most documents are valid: a compiled validator (jsonschema-rs) answers "valid or not" about a thousand
times faster than jsonschema, and its yes is the whole answer, so a valid document never imports
jsonschema (slower to import than most commands take to run). Its no sends the document through
jsonschema, whose errors carry the paths the messages are made from.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

QUIZ_SCHEMA = "quiz.schema.json"
UI_SCHEMA = "ui.schema.json"
CONFIG_SCHEMA = "config.schema.json"
"""The configuration's JSON Schema: what quizkit checks first, and what editors complete
``quizkit.toml`` from."""


def schema_directory() -> Path:
    """Wheels carry the schemas inside the package; a source checkout keeps them at the top level."""
    package = Path(__file__).resolve().parent
    packaged = package / "schema"
    if packaged.is_dir():
        return packaged
    return package.parent / "schema"


@functools.cache
def load_schema(name: str) -> dict[str, Any]:
    with (schema_directory() / name).open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def config_schema() -> dict[str, Any]:
    """The configuration's JSON Schema, as shipped."""
    return load_schema(CONFIG_SCHEMA)


@functools.cache
def validator(name: str) -> Validator:
    """A validator built once per schema: building it is most of the cost of validating one file."""
    from jsonschema import Draft202012Validator

    built: Validator = Draft202012Validator(load_schema(name))
    return built


class FastValidator(Protocol):
    def is_valid(self, instance: object) -> bool: ...


def _compiled(schema: dict[str, Any]) -> FastValidator | None:
    """None where jsonschema-rs is not installed, or cannot build this schema (a plugin's pattern in a
    regex dialect Rust's engine refuses, ``\\Z``): jsonschema, which takes it, then decides alone."""
    try:
        import jsonschema_rs

        compiled: FastValidator = jsonschema_rs.Draft202012Validator(schema)
    except Exception:  # no fast path is never an error: the full validation follows
        return None
    return compiled


@functools.cache
def fast_validator(name: str) -> FastValidator | None:
    """The compiled validator of a shipped schema; None where its wheel is not installed (quizkit then
    validates in pure Python). It decides nothing on its own: a document it rejects is validated again
    by jsonschema."""
    return _compiled(load_schema(name))


def passes_fast_validation(fast: FastValidator | None, instance: object) -> bool:
    """The compiled validator's yes; no for its no, for no validator, and for any failure of its own (a
    value it cannot take, a TOML date), which must never hide the full validation."""
    if fast is None:
        return False
    try:
        return fast.is_valid(instance)
    except Exception:  # the full validation decides
        return False


def settings_refusals(schema: Mapping[str, Any], table: Mapping[str, object]) -> list[ValidationError]:
    """What JSON Schema 2020-12 ``schema`` refuses in ``table``, settings read from TOML. TOML tells
    integers from floats, so ``integer`` means an integer (not 75.0), and ``multipleOf`` is exact in
    decimal (62.57 is a multiple of 0.01, which binary floating point denies); a value that is not
    finite is no multiple. The compiled validator reads 75.0 as an integer and multiples in binary, so
    only a table without a float may take its yes."""
    text = json.dumps(schema, sort_keys=True)
    if not _holds_float(table) and passes_fast_validation(_settings_fast_validator(text), table):
        return []
    return list(_settings_validator(text).iter_errors(table))


def _holds_float(value: object) -> bool:
    if isinstance(value, dict):
        return any(_holds_float(item) for item in value.values())
    if isinstance(value, list):
        return any(_holds_float(item) for item in value)
    return isinstance(value, float)


@functools.cache
def _settings_fast_validator(schema_text: str) -> FastValidator | None:
    return _compiled(json.loads(schema_text))


@functools.cache
def _settings_validator(schema_text: str) -> Validator:
    from jsonschema import Draft202012Validator, ValidationError, validators

    def exact_multiple_of(
        validator: Validator, step: float, instance: object, schema: Mapping[str, Any]
    ) -> Iterator[ValidationError]:
        if isinstance(instance, bool) or not isinstance(instance, int | float):
            return
        number = Decimal(str(instance))
        if not number.is_finite() or number % Decimal(str(step)) != 0:
            yield ValidationError(f"{instance!r} is not a multiple of {step}")

    type_checker = Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, instance: isinstance(instance, int) and not isinstance(instance, bool)
    )
    extended = validators.extend(
        Draft202012Validator, validators={"multipleOf": exact_multiple_of}, type_checker=type_checker
    )
    validator: Validator = extended(json.loads(schema_text))
    return validator


def setting_message(
    schema: Mapping[str, Any], name: str, value: object, keyword: str = "", **words: str
) -> str:
    """The message for a value that ``schema`` (a setting's) refuses: its ``x-message-<keyword>``, else
    its ``x-message``, with ``name``, ``value`` and ``words`` filled in."""
    template = schema.get(f"x-message-{keyword}") or schema["x-message"]
    return str(template).format(name=name, value=value, **words)
