"""Places in a content document as messages name them (``question 'gpu-holds'``, ``option 3``) and as
diagnostics locate them (the line and column of a path)."""

from __future__ import annotations

from toolkit.content.yaml_document import JsonPath, RawValue, YamlDocument
from toolkit.diagnostics import Diagnostic, Severity, format_json_path

_ITEM_NAMES = {
    "questions": "question",
    "options": "option",
    "messages": "message",
    "answers": "answer",
    "pairs": "pair",
    "distractors": "distractor",
    "items": "item",
    "blanks": "blank",
}
_ITEM_ID_FIELDS = {name: "name" if name == "messages" else "id" for name in _ITEM_NAMES}


def value_at(data: RawValue, path: JsonPath) -> RawValue:
    """The raw value at ``path``, or None where the path does not exist."""
    current = data
    for part in path:
        if isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
            continue
        if not (isinstance(current, dict) and isinstance(part, str) and part in current):
            return None
        current = current[part]
    return current


def diagnostic_at(
    document: YamlDocument,
    file: str,
    path: JsonPath,
    severity: Severity,
    code: str,
    message: str,
    *,
    at_key: bool = False,
) -> Diagnostic:
    """A diagnostic at the value of ``path``, or of its nearest ancestor that has a position; with
    ``at_key``, at the key of ``path``'s mapping entry (an unknown field is the key's mistake)."""
    position = document.position(path)
    line = column = None
    if position is not None:
        use_key = at_key and position.key_line is not None and path in document.positions
        line = position.key_line if use_key else position.line
        column = position.key_column if use_key else position.column
    return Diagnostic(file, line, column, severity, code, message, path=format_json_path(path))


def describe_item(data: RawValue, path: JsonPath, document_kind: str) -> str:
    """The innermost named item that contains ``path``, e.g. ``option 'b' of question 'q1'``."""
    names: list[str] = []
    for index, part in enumerate(path):
        if isinstance(part, int) and index > 0:
            collection = path[index - 1]
            if isinstance(collection, str) and collection in _ITEM_NAMES:
                item = value_at(data, path[: index + 1])
                identifier = item.get(_ITEM_ID_FIELDS[collection]) if isinstance(item, dict) else None
                label = _ITEM_NAMES[collection]
                names.append(
                    f"{label} '{identifier}'" if isinstance(identifier, str) else f"{label} {part + 1}"
                )
    if not names:
        return document_kind
    # Innermost first reads naturally: "option 'b' of question 'q1'".
    return " of ".join(reversed(names[-2:]))


def type_name(value: RawValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"text '{shown}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, int | float):
        return f"the number {value}"
    return type(value).__name__
