"""Questions a bank reader keeps as drafts: the quiz YAML of a question with ``todo`` entries where a
person must decide (:attr:`toolkit.importing.bank.ImportIssue.draft`), and ids for the parts a bank does
not name.

A draft keeps everything the bank had: each text with its translations (``ur:`` beside ``text:``, as
the schema's imported translations) and its to-do beside it, so that nothing is lost while the question
waits for a person.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from decimal import Decimal
from enum import Enum
from typing import Any

from toolkit.content.rules import comparable_text
from toolkit.model import ChoiceQuestion, MatchingQuestion, OrderingQuestion, Question, Text

_DEFAULTS: dict[str, object] = {
    "pinned": False,
    "partial_credit": False,
    "case_sensitive": False,
    "translate": True,
    "tolerance": Decimal(0),
}
_FIRST = ("id", "type")


def part_id(index: int) -> str:
    """``a``, ``b``, … ``z``, ``aa``, ``ab``, …: the id of the part at ``index`` of a list the bank does not
    name (options, answers, pairs, items)."""
    name = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        name = chr(ord("a") + remainder) + name
    return name


def draft_mapping(question: Question[Text], todos: Mapping[str, str]) -> dict[str, object]:
    """``question`` as quiz YAML with its to-dos. ``todos`` is keyed by a text's key (its ``todo`` goes
    beside its text and translations) or by a field of the question (``correct``: the to-do replaces it)."""
    mapping = _mapping(question, todos)
    for name, todo in todos.items():
        if "." not in name:
            mapping[name] = {"todo": todo}
    return {name: mapping[name] for name in (*_FIRST, *mapping) if name in mapping}


def _mapping(owner: Any, todos: Mapping[str, str]) -> dict[str, object]:
    mapping: dict[str, object] = {}
    for owner_field in fields(owner):
        name = owner_field.name
        value = getattr(owner, name)
        if name == "fell_back" or value is None or (name in _DEFAULTS and value == _DEFAULTS[name]):
            continue
        mapping[name] = _value(value, todos)
    return mapping


def _value(value: Any, todos: Mapping[str, str]) -> object:
    if isinstance(value, Text):
        written: dict[str, object] = {}
        if value.source:
            written["text"] = value.source
        if value.key in todos:
            written["todo"] = todos[value.key]
        written.update(dict(value.imported))
        return value.source if list(written) == ["text"] else written
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Decimal):
        return f"{value.normalize():f}"
    if isinstance(value, tuple):
        return [_value(part, todos) for part in value]
    if hasattr(value, "__dataclass_fields__"):
        return _mapping(value, todos)
    return value


_LIMITS = {"options": (2, 8), "pairs": (2, 10), "distractors": (0, 10), "items": (2, 10), "answers": (1, 20)}
"""How many parts a question may have (schema/quiz.schema.json): a bank's question beyond them is left out."""


def beyond_limits(question: Question[Text]) -> str | None:
    """Why ``question`` cannot be a quiz question as it stands (too many or too few parts, parts a learner
    could not tell apart), or None."""
    for name, (least, most) in _LIMITS.items():
        parts = getattr(question, name, None)
        if parts is not None and not least <= len(parts) <= most:
            return f"it has {len(parts)} {name}; a quiz question has {least} to {most}"
    groups: list[tuple[str, list[tuple[str, Text]]]] = []
    if isinstance(question, ChoiceQuestion):
        groups.append(("options", [(option.id, option.text) for option in question.options]))
    elif isinstance(question, MatchingQuestion):
        groups.append(("pair prompts", [(pair.id, pair.prompt) for pair in question.pairs]))
        matches = [(pair.id, pair.match) for pair in question.pairs]
        groups.append(("matches", matches + [(item.id, item.text) for item in question.distractors]))
    elif isinstance(question, OrderingQuestion):
        groups.append(("items", [(item.id, item.text) for item in question.items]))
    for noun, texts in groups:
        seen: dict[str, str] = {}
        for part, text in texts:
            shown = comparable_text(text.source)
            if shown and shown in seen:
                return f"its {noun} {seen[shown]} and {part} read the same ({text.source!r}); a learner could not tell them apart"
            seen.setdefault(shown, part)
    return None
