"""The configuration's JSON Schema (schema/config.schema.json), and settings read from TOML checked
against a JSON Schema: the configuration's, and each format's own (``toolkit.exporters.format_options``).
Messages come from each setting's ``x-message``, so the checks say what they always said."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError
    from jsonschema.protocols import Validator

CONFIG_SCHEMA = "config.schema.json"
"""The configuration's JSON Schema: what quizkit checks first, and what editors complete
``quizkit.toml`` from."""


def config_schema() -> dict[str, Any]:
    """The configuration's JSON Schema, as shipped (a source checkout keeps it at the top level, a wheel
    inside the package, as the quiz schemas)."""
    return _load_schema(CONFIG_SCHEMA)


@functools.cache
def _load_schema(name: str) -> dict[str, Any]:
    package = Path(__file__).resolve().parent
    folder = package / "schema" if (package / "schema").is_dir() else package.parent / "schema"
    with (folder / name).open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


def settings_refusals(schema: Mapping[str, Any], table: Mapping[str, object]) -> list[ValidationError]:
    """What JSON Schema 2020-12 ``schema`` refuses in ``table``, settings read from TOML. TOML tells
    integers from floats, so ``integer`` means an integer (not 75.0), and ``multipleOf`` is exact in
    decimal (62.57 is a multiple of 0.01, which binary floating point denies); a value that is not
    finite is no multiple. Most configurations are valid: for one without a float, the compiled
    validator's yes is the whole answer, and jsonschema (slower to import than most commands take to
    run) is not imported."""
    text = json.dumps(schema, sort_keys=True)
    if not _holds_float(table) and _compiled_accepts(text, table):
        return []
    return list(_settings_validator(text).iter_errors(table))


def _holds_float(value: object) -> bool:
    """Whether a float is anywhere in ``value``: the compiled validator reads 75.0 as an integer and
    binary multiples, so a table with a float goes to jsonschema with the TOML rules."""
    if isinstance(value, dict):
        return any(_holds_float(item) for item in value.values())
    if isinstance(value, list):
        return any(_holds_float(item) for item in value)
    return isinstance(value, float)


def _compiled_accepts(schema_text: str, table: Mapping[str, object]) -> bool:
    try:
        return bool(_compiled(schema_text).is_valid(table))
    except Exception:  # no compiled validator, or a value it cannot take (a TOML date): ask jsonschema
        return False


@functools.cache
def _compiled(schema_text: str) -> Any:
    import jsonschema_rs

    return jsonschema_rs.Draft202012Validator(json.loads(schema_text))


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
