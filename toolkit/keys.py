"""Translation keys, exactly as design.md's key grammar fixes them (a contract other work relies on).

::

    <quiz>.title        <quiz>.description
    <quiz>.questions.<question>.prompt
    <quiz>.questions.<question>.options.<option>
    <quiz>.questions.<question>.options.<option>.feedback
    <quiz>.questions.<question>.explanation
    ui.<message>
"""

from __future__ import annotations

import re

UI_DOMAIN = "ui"
"""The gettext domain of interface messages; no quiz may take this id."""

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
ID_MAX_LENGTH = 64


def is_valid_id(value: str) -> bool:
    return len(value) <= ID_MAX_LENGTH and ID_PATTERN.fullmatch(value) is not None


def quiz_title_key(quiz_id: str) -> str:
    return f"{quiz_id}.title"


def quiz_description_key(quiz_id: str) -> str:
    return f"{quiz_id}.description"


def question_key(quiz_id: str, question_id: str) -> str:
    return f"{quiz_id}.questions.{question_id}"


def prompt_key(quiz_id: str, question_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.prompt"


def option_key(quiz_id: str, question_id: str, option_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.options.{option_id}"


def feedback_key(quiz_id: str, question_id: str, option_id: str) -> str:
    return f"{option_key(quiz_id, question_id, option_id)}.feedback"


def explanation_key(quiz_id: str, question_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.explanation"


def message_key(name: str) -> str:
    return f"{UI_DOMAIN}.{name}"
