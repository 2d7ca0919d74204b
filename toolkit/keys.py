"""Translation keys, exactly as docs/design.md's key grammar fixes them (a contract other work relies on).

Every key is dot-joined segments::

    <quiz>.title        <quiz>.description
    <quiz>.questions.<question>.<segment>[.<part>[.<segment>]]…
    ui.<message>                                                  (ui.true and ui.false label true_false)

A question's segments are its fields' key segments, declared once in the fields' metadata in
:mod:`toolkit.model` (:func:`text_metadata`: ``prompt``, ``options.<option>.feedback``,
``blanks.<blank>.answers.<answer>``, ``model-answer``, …; docs/design.md lists them all), and joined by
:func:`join_key`: the model, the loader and extraction build every key of a question from them, so a new
kind of question adds no key function. The named functions below are that join for one segment each, for
the code that builds texts one at a time (the question-bank readers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from typing import Protocol

UI_DOMAIN = "ui"
"""The gettext domain of interface messages; no quiz may take this id."""

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
ID_MAX_LENGTH = 64


def is_valid_id(value: str) -> bool:
    return len(value) <= ID_MAX_LENGTH and ID_PATTERN.fullmatch(value) is not None


def join_key(*segments: str) -> str:
    """Segments of the key grammar (an owner's key, field segments, part ids) joined with dots, empty
    ones left out: the empty segment is a part's own text (``options.<option>``, not ``options.<option>.``).
    """
    return ".".join(filter(None, segments))


@dataclass(frozen=True)
class NeutralOrder:
    """Texts whose authored order, or their parts' ids, gives the answer away (ordering items written in
    the correct order, a matching question's matches beside their prompts): a delivery variant lists
    them apart from their parts, under ``segment``, in an order that does not depend on the answer,
    each named ``prefix`` and its position (``items.i1``, ``matches.m2``).
    :mod:`toolkit.exporters.neutral_order` computes that order from this declaration, for every kind."""

    segment: str
    prefix: str


@dataclass(frozen=True)
class TextField:
    """What a field of the model holding texts declares in its metadata (:func:`text_metadata`): a text
    field, or a tuple of parts with ids (each part's texts continue the key with its id). Keys, reading
    order, localization, the YAML read and the catalogs' translator comments all follow from it, so a
    kind of question lists none of them by hand.

    ``comments`` are the ``#.`` comments of the field's text in the catalog (of a tuple of parts: of
    each part's own text), as :class:`string.Template` text that extraction fills in with:

    - ``$number``, ``$count``: where the text's owner stands among its siblings (a question among the
      quiz's, an option among its question's) and how many there are;
    - ``$asked`` (``question 3``), ``$quoted`` (its prompt, quoted) and ``$kind``
      (``QuestionType.described``);
    - ``$where``: ``$asked: $quoted``, or in a part what its tuple's ``where`` says (``blank {{$id}}
      of $asked``);
    - ``$id``, and ``$role``: the first of the tuple's ``roles`` when its owner counts the part correct
      (:class:`ChoosesParts`), else the second;
    - each text of the owner by its field name, quoted (an option's ``$text``, a pair's ``$prompt``).
    """

    segment: str
    """The key grammar's segment; empty for a part's own text (``options.<id>``)."""
    comments: tuple[str, ...] = ()
    where: str | None = None
    roles: tuple[str, str] | None = None
    answer_key: bool = False
    """The field's texts (of a tuple of parts: all their texts) are the answer key or tell it (an
    explanation, feedback, accepted answers): a delivery variant leaves them out."""
    neutral_order: NeutralOrder | None = None
    """The field's texts (of a tuple of parts: all their texts) are listed apart, in the
    answer-independent order (:class:`NeutralOrder`), by every format that lists them."""


def text_metadata(
    segment: str,
    *comments: str,
    where: str | None = None,
    roles: tuple[str, str] | None = None,
    answer_key: bool = False,
    neutral_order: NeutralOrder | None = None,
) -> dict[type[TextField], TextField]:
    """The metadata of a model field that holds texts, keyed by the class of what it holds."""
    return {TextField: TextField(segment, comments, where, roles, answer_key, neutral_order)}


_TEXT_FIELDS: dict[type, tuple[tuple[str, TextField], ...]] = {}


def text_fields(owner_class: type) -> tuple[tuple[str, TextField], ...]:
    """(field name, declaration) of the fields of a model class that hold texts, in field order: worked
    out once per class, since catalogs and exports walk every text of every question."""
    found = _TEXT_FIELDS.get(owner_class)
    if found is None:
        found = _TEXT_FIELDS[owner_class] = tuple(
            (owner_field.name, owner_field.metadata[TextField])
            for owner_field in fields(owner_class)
            if TextField in owner_field.metadata
        )
    return found


class ChoosesParts(Protocol):
    """An owner of parts one or some of which are correct: what ``roles`` of its tuple of parts asks."""

    def is_correct(self, part_id: str) -> bool: ...


def quiz_title_key(quiz_id: str) -> str:
    return join_key(quiz_id, "title")


def quiz_description_key(quiz_id: str) -> str:
    return join_key(quiz_id, "description")


def question_key(quiz_id: str, question_id: str) -> str:
    return join_key(quiz_id, "questions", question_id)


def question_text_key(quiz_id: str, question_id: str, *segments: str) -> str:
    """The key of a question's text from its field segments and part ids, as the model's fields give
    them: ``question_text_key("dp", "q1", "options", "a", "feedback")`` is
    ``dp.questions.q1.options.a.feedback``."""
    return join_key(question_key(quiz_id, question_id), *segments)


def prompt_key(quiz_id: str, question_id: str) -> str:
    return question_text_key(quiz_id, question_id, "prompt")


def option_key(quiz_id: str, question_id: str, option_id: str) -> str:
    return question_text_key(quiz_id, question_id, "options", option_id)


def feedback_key(quiz_id: str, question_id: str, option_id: str) -> str:
    return question_text_key(quiz_id, question_id, "options", option_id, "feedback")


def explanation_key(quiz_id: str, question_id: str) -> str:
    return question_text_key(quiz_id, question_id, "explanation")


def answer_key(quiz_id: str, question_id: str, answer_id: str, blank_id: str | None = None) -> str:
    """An accepted answer of a short-answer question, or of a typed blank."""
    if blank_id is None:
        return question_text_key(quiz_id, question_id, "answers", answer_id)
    return question_text_key(quiz_id, question_id, "blanks", blank_id, "answers", answer_id)


_ACCEPTED_ANSWER_KEY = re.compile(r"^[^.]+\.questions\.[^.]+\.(blanks\.[^.]+\.)?answers\.[^.]+$")


def is_accepted_answer_key(key: str) -> bool:
    """Whether ``key`` names an accepted answer (of a short answer or of a typed blank)."""
    return _ACCEPTED_ANSWER_KEY.match(key) is not None


def unit_key(quiz_id: str, question_id: str) -> str:
    return question_text_key(quiz_id, question_id, "unit")


def pair_prompt_key(quiz_id: str, question_id: str, pair_id: str) -> str:
    return question_text_key(quiz_id, question_id, "pairs", pair_id, "prompt")


def pair_match_key(quiz_id: str, question_id: str, pair_id: str) -> str:
    return question_text_key(quiz_id, question_id, "pairs", pair_id, "match")


def distractor_key(quiz_id: str, question_id: str, distractor_id: str) -> str:
    return question_text_key(quiz_id, question_id, "distractors", distractor_id)


def item_key(quiz_id: str, question_id: str, item_id: str) -> str:
    return question_text_key(quiz_id, question_id, "items", item_id)


def blanks_text_key(quiz_id: str, question_id: str) -> str:
    return question_text_key(quiz_id, question_id, "text")


def blank_option_key(quiz_id: str, question_id: str, blank_id: str, option_id: str) -> str:
    return question_text_key(quiz_id, question_id, "blanks", blank_id, "options", option_id)


def model_answer_key(quiz_id: str, question_id: str) -> str:
    return question_text_key(quiz_id, question_id, "model-answer")


def message_key(name: str) -> str:
    return join_key(UI_DOMAIN, name)
