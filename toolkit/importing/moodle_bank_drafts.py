"""A Moodle question kept as a draft, as quiz YAML data: the shared mapping
(:func:`toolkit.importing.question_drafts.question_mapping`) with Moodle's texts (``{todo: …, ur: …}``
in place of a text a person must write again, its imported translations beside it) and plain numbers."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from toolkit.importing.question_drafts import question_mapping as quiz_question_mapping
from toolkit.model import Question, Text


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def question_mapping(question: Question[Text], todos: Mapping[str, str]) -> dict[str, object]:
    """``question`` as it is written in a quiz file; a text whose key is in ``todos`` becomes a to-do
    (with its imported translations beside it)."""

    def text(value: Text) -> object:
        if value.key in todos:
            return {"todo": todos[value.key], **dict(value.imported)}
        if value.imported:
            return {"text": value.source, **dict(value.imported)}
        return value.source

    return quiz_question_mapping(question, text, _number)
