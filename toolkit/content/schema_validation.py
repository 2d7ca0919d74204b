"""JSON Schema validation of raw content, every error turned into a located, readable diagnostic.

jsonschema reports where each error is (its JSON path); this module adds the file, line and column from
the YAML positions and rewrites the message for content authors (``unknown field 'promt' in question
'q1'; did you mean 'prompt'?``), collecting all errors rather than the first.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from toolkit.content.document_paths import describe_item, diagnostic_at, type_name, value_at
from toolkit.content.yaml_document import JsonPath, YamlDocument
from toolkit.diagnostics import Diagnostic, Severity, format_json_path
from toolkit.schemas import fast_validator, load_schema, passes_fast_validation, validator

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

_TYPE_WORDS = {
    "string": "text",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping",
    "integer": "a whole number",
    "number": "a number",
    "null": "null",
}
_ID_HELP = (
    "use lowercase letters and digits in words joined by single hyphens, starting with a letter "
    "(for example 'gpu-holds')"
)


def validate_against_schema(
    document: YamlDocument, schema_name: str, file: str, document_kind: str
) -> list[Diagnostic]:
    if passes_fast_validation(fast_validator(schema_name), document.data):
        return []
    translator = _Translator(document, file, document_kind, load_schema(schema_name))
    diagnostics: list[Diagnostic] = []
    for error in validator(schema_name).iter_errors(document.data):
        diagnostics.extend(translator.translate(error))
    return _once_each(translator.without_misspelling_echoes(diagnostics))


def _once_each(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """One problem, one message: a value that fails the same way under several branches of the schema
    (a question that is not a mapping fails the type of every question kind) is reported once, in the
    order first found."""
    return list(dict.fromkeys(diagnostics))


class _Translator:
    def __init__(self, document: YamlDocument, file: str, document_kind: str, schema: dict[str, Any]) -> None:
        self.document = document
        self.file = file
        self.document_kind = document_kind
        self.schema = schema
        # What the echo filter needs, recorded when the messages are made (never read back from them).
        self.missing_fields: dict[Diagnostic, tuple[str, str]] = {}
        self.suggested_fields: set[tuple[str, str]] = set()

    def without_misspelling_echoes(self, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
        """One typo, one message: a field reported missing because it was misspelled is reported once."""
        return [
            diagnostic
            for diagnostic in diagnostics
            if self.missing_fields.get(diagnostic) not in self.suggested_fields
        ]

    def diagnostic(self, path: JsonPath, code: str, message: str, *, at_key: bool = False) -> Diagnostic:
        return diagnostic_at(self.document, self.file, path, Severity.ERROR, code, message, at_key=at_key)

    def item(self, path: JsonPath) -> str:
        return describe_item(self.document.data, path, self.document_kind)

    def translate(self, error: ValidationError) -> Iterator[Diagnostic]:
        path: JsonPath = tuple(error.absolute_path)
        keyword = str(error.validator)
        handler = getattr(self, f"_{keyword}", None)
        if handler is not None:
            yield from handler(error, path)
        else:
            yield self.diagnostic(path, "schema", f"{self._field(path)}: {error.message}")

    def _field(self, path: JsonPath) -> str:
        if len(path) > 1 and isinstance(path[-1], str) and path[-2] in ("image", "explanation_image"):
            image = "the explanation's image" if path[-2] == "explanation_image" else "the image"
            return f"'{path[-1]}' of {image} of {self.item(path[:-2])}"
        if path and isinstance(path[-1], str):
            return f"'{path[-1]}' of {self.item(path[:-1])}"
        return self.item(path)

    def _additionalProperties(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        instance = error.instance
        schema = error.schema
        allowed = list(schema.get("properties", {}))
        if not isinstance(instance, dict):
            return
        unknown = [
            name for name in instance if name not in allowed and not _matches_pattern_properties(name, schema)
        ]
        yield from self._unknown_fields(path, unknown, allowed, f"expected one of: {', '.join(allowed)}")

    def _unevaluatedProperties(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        # A question's fields depend on its type (if/then branches): name the fields of that type. With
        # no known type the type's own error says what to fix, and no field can be called unknown.
        instance = error.instance
        if not isinstance(instance, dict):
            return
        branches = [
            branch["then"]
            for branch in error.schema.get("allOf", [])
            if "if" in branch and _if_holds(branch["if"], instance)
        ]
        if not branches and "allOf" in error.schema:
            return
        allowed = list(error.schema.get("properties", {}))
        for branch in branches:
            allowed.extend(self._resolve(branch).get("properties", {}))
        kind = instance.get("type")
        unknown = [name for name in instance if name not in allowed]
        yield from self._unknown_fields(
            path, unknown, allowed, f"a {kind} question has: {', '.join(allowed)}"
        )

    def _unknown_fields(
        self, path: JsonPath, unknown: list[str], allowed: list[str], listing: str
    ) -> Iterator[Diagnostic]:
        """One message per unknown field of the mapping at ``path``: the allowed name it is a likely
        misspelling of, or else ``listing`` (what the mapping may have)."""
        for name in unknown:
            message = f"unknown field '{name}' in {self.item(path)}"
            close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.6)
            if close:
                message += f"; did you mean '{close[0]}'?"
                self.suggested_fields.add((format_json_path(path), close[0]))
            else:
                message += f"; {listing}"
            yield self.diagnostic((*path, name), "unknown-field", message, at_key=True)

    def _resolve(self, schema: dict[str, Any]) -> dict[str, Any]:
        reference = schema.get("$ref")
        if not isinstance(reference, str) or not reference.startswith("#/$defs/"):
            return schema
        resolved: dict[str, Any] = self.schema["$defs"][reference.removeprefix("#/$defs/")]
        return resolved

    def _required(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        # jsonschema reports each missing name as an error of the whole list: name every missing field
        # here, each once (the repeats from the list's other errors are dropped with the other echoes).
        instance = error.instance
        names = error.validator_value if isinstance(error.validator_value, list) else []
        for missing in (str(name) for name in names if isinstance(instance, dict) and name not in instance):
            diagnostic = self.diagnostic(
                path, "missing-field", f"{self.item(path)} is missing required field '{missing}'"
            )
            self.missing_fields[diagnostic] = (format_json_path(path), missing)
            yield diagnostic

    def _type(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        expected = error.validator_value
        if isinstance(expected, list) and sorted(expected) == ["number", "string"]:
            # Text that an editor may read as a number; to quizkit every plain scalar is text.
            expected = "string"
        words = (
            " or ".join(_TYPE_WORDS.get(str(name), str(name)) for name in expected)
            if isinstance(expected, list)
            else _TYPE_WORDS.get(str(expected), str(expected))
        )
        message = f"{self._field(path)} must be {words}, found {type_name(error.instance)}"
        if expected == "string" and isinstance(error.instance, bool | int | float):
            message += "; put the text in quotes"
        elif expected == "array" and isinstance(error.instance, str) and path[-1:] == ("correct",):
            message += f"; write it as a list: [{error.instance}]"
        elif expected == "object" and path and isinstance(path[-1], int):
            # An item of a list (a question, an option...) written as a bare value.
            message += self._mapping_hint(path[:-1])
        yield self.diagnostic(path, "wrong-type", message)

    def _mapping_hint(self, list_path: JsonPath) -> str:
        """How to write an item of the list at ``list_path`` as a mapping, in the list's own style."""
        position = self.document.positions.get(list_path)
        if position is not None and position.flow:
            # questions: [1] has no '-' to write fields under.
            return "; in a list in brackets, write it as a mapping in braces: {name: value, ...}"
        return "; write its fields as 'name: value' lines under the '-'"

    def _enum(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        choices = [str(choice) for choice in error.validator_value]
        message = f"{self._field(path)} is {_quote(error.instance)}; expected one of: {', '.join(choices)}"
        if isinstance(error.instance, str):
            close = difflib.get_close_matches(error.instance, choices, n=1, cutoff=0.6)
            if close:
                message += f" (did you mean '{close[0]}'?)"
        yield self.diagnostic(path, "invalid-value", message)

    def _id_subject(self, path: JsonPath, value: object) -> str:
        """``option id '../x' in question 'q1'``: names an id field without repeating the bad id twice."""
        field = path[-1] if path else ""
        if len(path) >= 2 and path[-2] == "correct":
            return f"correct option id {_quote(value)} of {self.item(path[:-2])}"
        if field == "guide":
            return f"guide id {_quote(value)}"
        if len(path) >= 3 and isinstance(path[-2], int) and path[-3] in ("questions", "options", "messages"):
            noun = {"questions": "question", "options": "option", "messages": "message"}[str(path[-3])]
            owner = path[:-3]
            suffix = f" in {self.item(owner)}" if owner else ""
            return f"{noun} {field} {_quote(value)}{suffix}"
        return f"{self.document_kind} {field} {_quote(value)}"

    def _is_id_field(self, path: JsonPath) -> bool:
        return bool(path) and (path[-1] in ("id", "name", "guide") or path[-2:-1] == ("correct",))

    def _pattern(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        if path[-1:] in (("answer",), ("tolerance",)) and path[-3:-2] == ("questions",):
            wanted = (
                "a number of 0 or more, such as 0.5"
                if path[-1] == "tolerance"
                else "a number, such as 256, 0.5 or -3"
            )
            yield self.diagnostic(
                path, "not-a-number", f"{self._field(path)} is {_quote(error.instance)}; write {wanted}"
            )
        elif self._is_id_field(path):
            yield self.diagnostic(
                path,
                "invalid-id",
                f"{self._id_subject(path, error.instance)} is not a valid id: {_ID_HELP}",
            )
        else:
            yield self.diagnostic(
                path,
                "invalid-value",
                f"{self._field(path)} {_quote(error.instance)} does not match {error.validator_value}",
            )

    def _maxLength(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        if self._is_id_field(path):
            yield self.diagnostic(
                path,
                "invalid-id",
                f"{self._id_subject(path, error.instance)} is {len(error.instance)} characters long; ids have at most "
                f"{error.validator_value}",
            )
        else:
            yield self.diagnostic(
                path,
                "too-long",
                f"{self._field(path)} is {len(error.instance)} characters long; the limit is {error.validator_value}",
            )

    def _minLength(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        yield self.diagnostic(path, "empty-text", f"{self._field(path)} is empty; write the text")

    def _minItems(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        yield from self._item_count(error, path)

    def _maxItems(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        yield from self._item_count(error, path)

    def _item_count(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        count = len(error.instance) if isinstance(error.instance, list) else 0
        field = path[-1] if path else ""
        owner = self.item(path[:-1])
        if field == "options":
            noun = "option" if count == 1 else "options"
            needs = "a drop-down needs" if path[-3:-2] == ("blanks",) else "a question needs"
            yield self.diagnostic(path, "option-count", f"{owner} has {count} {noun}; {needs} 2 to 8 options")
        elif field in _LIST_LIMITS:
            singular, needs = _LIST_LIMITS[str(field)]
            noun = singular if count == 1 else f"{singular}s"
            yield self.diagnostic(path, "item-count", f"{owner} has {count} {noun}; {needs}")
        elif field == "correct":
            yield self.diagnostic(path, "correct-count", f"{owner} names no correct option")
        elif field == "questions":
            yield self.diagnostic(
                path, "item-count", f"{owner} has no questions; write at least one question under 'questions'"
            )
        else:
            yield self.diagnostic(path, "schema", f"{self._field(path)}: {error.message}")

    def _uniqueItems(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        seen: set[str] = set()
        for value in error.instance:
            text = repr(value)
            if text in seen:
                yield self.diagnostic(
                    path, "duplicate-id", f"{self._field(path)} lists {_quote(value)} more than once"
                )
                return
            seen.add(text)

    def _propertyNames(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        for child in error.context or []:
            name = child.instance
            yield self.diagnostic(
                (*path, str(name)),
                "invalid-name",
                f"{_quote(name)} is not a valid name in {self._field(path)}",
                at_key=True,
            )

    def _oneOf(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        if _is_text_schema(error.schema):
            yield from self._text(error, path)
        elif path and path[-2:-1] == ("messages",):
            yield self._message_form(path)
        elif _is_value_or_todo_schema(error.schema):
            # A value, or a to-do mapping left by quizkit import: explain the branch the value was meant for.
            branch = 1 if isinstance(error.instance, dict) else 0
            for child in error.context or []:
                if child.relative_schema_path and child.relative_schema_path[0] == branch:
                    yield from self.translate(child)
        else:
            yield self.diagnostic(path, "schema", f"{self._field(path)}: {error.message}")

    def _anyOf(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:  # noqa: N802
        # A text mapping needs text (or, left by quizkit import, a todo): name the field to write.
        children = list(error.context or [])
        if _is_number_schema(error.schema):
            yield from self._number(error, path)
        elif children and all(child.validator == "required" for child in children):
            yield from self.translate(children[0])
        else:
            yield self.diagnostic(path, "schema", f"{self._field(path)}: {error.message}")

    def _number(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        """A number, as YAML reads it elsewhere, or the same digits as quizkit reads them (text): a text
        that is no number is explained by its pattern; any other value is the wrong type."""
        if isinstance(error.instance, str):
            for child in error.context or []:
                if child.relative_schema_path and child.relative_schema_path[0] == 1:
                    yield from self.translate(child)
            return
        wanted = (
            "a number of 0 or more, such as 0.5" if path[-1:] == ("tolerance",) else "a number, such as 256"
        )
        yield self.diagnostic(
            path, "not-a-number", f"{self._field(path)} must be {wanted}, found {type_name(error.instance)}"
        )

    def _text(self, error: ValidationError, path: JsonPath) -> Iterator[Diagnostic]:
        instance = error.instance
        if isinstance(instance, str | dict):
            branch = 0 if isinstance(instance, str) else 1
            for child in error.context or []:
                if child.relative_schema_path and child.relative_schema_path[0] == branch:
                    yield from self.translate(child)
            return
        yield self.diagnostic(
            path,
            "wrong-type",
            f"{self._field(path)} must be text (or a mapping with text and note), found {type_name(instance)}"
            + ("; put the text in quotes" if isinstance(instance, bool | int | float) else ""),
        )

    def _message_form(self, path: JsonPath) -> Diagnostic:
        message = value_at(self.document.data, path)
        fields = set(message) if isinstance(message, dict) else set()
        plural_fields = {"one", "other", "plural"}
        item = self.item(path)
        if "text" in fields and fields & plural_fields:
            text = f"{item} has both text and plural forms; write either text, or one, other and plural"
        elif fields & plural_fields:
            missing = ", ".join(sorted(plural_fields - fields))
            text = f"{item} is a plural message but lacks {missing}; a plural message needs one, other and plural"
        else:
            text = f"{item} has no text; write text, or one, other and plural for a plural message"
        return self.diagnostic(path, "message-form", text)


_LIST_LIMITS = {
    "pairs": ("pair", "a matching question needs 2 to 10 pairs"),
    "distractors": ("distractor", "a matching question has at most 10 distractors"),
    "items": ("item", "an ordering question needs 2 to 10 items"),
    "blanks": ("blank", "a fill_in_blanks question needs 1 to 10 blanks"),
    "answers": ("accepted answer", "give 1 to 20 accepted answers"),
}
"""The lists of the question kinds: their item's name, and the limits the schema sets."""


def _if_holds(condition: dict[str, Any], instance: dict[str, Any]) -> bool:
    """Whether a question's ``if`` (its type is one of these) holds: the only form the schemas use."""
    for name, expected in condition.get("properties", {}).items():
        if name not in instance:
            return False
        value = instance[name]
        if "const" in expected and value != expected["const"]:
            return False
        if "enum" in expected and value not in expected["enum"]:
            return False
    return True


def _matches_pattern_properties(name: str, schema: dict[str, Any]) -> bool:
    import re

    return any(re.search(pattern, name) for pattern in schema.get("patternProperties", {}))


def _is_text_schema(schema: dict[str, Any]) -> bool:
    branches = schema.get("oneOf", [])
    return (
        len(branches) == 2
        and branches[0].get("type") in ("string", ["string", "number"])
        and branches[1].get("type") == "object"
    )


def _is_number_schema(schema: dict[str, Any]) -> bool:
    """A number, or the text quizkit reads a plain number as (the schema names both)."""
    branches = schema.get("anyOf", [])
    return (
        len(branches) == 2
        and str(branches[0].get("$ref", "")).endswith("/finite-number")
        and branches[1].get("type") == "string"
    )


def _is_value_or_todo_schema(schema: dict[str, Any]) -> bool:
    """A value (a list of ids, a level), or the to-do mapping quizkit import leaves in its place."""
    branches = schema.get("oneOf", [])
    return len(branches) == 2 and str(branches[1].get("$ref", "")).endswith("/todo")


def _quote(value: object) -> str:
    if isinstance(value, str):
        return f"'{value}'"
    return type_name(value)
