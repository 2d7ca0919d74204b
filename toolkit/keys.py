"""Translation keys, exactly as docs/design.md's key grammar fixes them (a contract other work relies on).

::

    <quiz>.title        <quiz>.description
    <quiz>.questions.<question>.prompt
    <quiz>.questions.<question>.options.<option>
    <quiz>.questions.<question>.options.<option>.feedback
    <quiz>.questions.<question>.explanation
    <quiz>.questions.<question>.answers.<answer>                  short_answer
    <quiz>.questions.<question>.unit                              numeric
    <quiz>.questions.<question>.pairs.<pair>.prompt | .match      matching
    <quiz>.questions.<question>.distractors.<distractor>          matching
    <quiz>.questions.<question>.items.<item>                      ordering
    <quiz>.questions.<question>.text                              fill_in_blanks
    <quiz>.questions.<question>.blanks.<blank>.answers.<answer> | .options.<option>
    <quiz>.questions.<question>.model-answer                      essay
    ui.<message>                                                  (ui.true and ui.false label true_false)
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


def answer_key(quiz_id: str, question_id: str, answer_id: str, blank_id: str | None = None) -> str:
    """An accepted answer of a short-answer question, or of a typed blank."""
    owner = (
        question_key(quiz_id, question_id) if blank_id is None else blank_key(quiz_id, question_id, blank_id)
    )
    return f"{owner}.answers.{answer_id}"


_ACCEPTED_ANSWER_KEY = re.compile(r"^[^.]+\.questions\.[^.]+\.(blanks\.[^.]+\.)?answers\.[^.]+$")


def is_accepted_answer_key(key: str) -> bool:
    """Whether ``key`` names an accepted answer (of a short answer or of a typed blank)."""
    return _ACCEPTED_ANSWER_KEY.match(key) is not None


def unit_key(quiz_id: str, question_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.unit"


def pair_prompt_key(quiz_id: str, question_id: str, pair_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.pairs.{pair_id}.prompt"


def pair_match_key(quiz_id: str, question_id: str, pair_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.pairs.{pair_id}.match"


def distractor_key(quiz_id: str, question_id: str, distractor_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.distractors.{distractor_id}"


def item_key(quiz_id: str, question_id: str, item_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.items.{item_id}"


def blanks_text_key(quiz_id: str, question_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.text"


def blank_key(quiz_id: str, question_id: str, blank_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.blanks.{blank_id}"


def blank_option_key(quiz_id: str, question_id: str, blank_id: str, option_id: str) -> str:
    return f"{blank_key(quiz_id, question_id, blank_id)}.options.{option_id}"


def model_answer_key(quiz_id: str, question_id: str) -> str:
    return f"{question_key(quiz_id, question_id)}.model-answer"


def message_key(name: str) -> str:
    return f"{UI_DOMAIN}.{name}"
