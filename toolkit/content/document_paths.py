"""Names for places in a content document, used in messages: ``question 'gpu-holds'``, ``option 3``."""

from __future__ import annotations

from toolkit.content.yaml_document import JsonPath, RawValue

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
