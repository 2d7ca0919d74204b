from __future__ import annotations

import re
from pathlib import Path
from types import UnionType
from typing import Union, get_args, get_origin, get_type_hints

import pytest

from toolkit import keys
from toolkit.model import AcceptedAnswer, ChoiceBlank, Item, Option, Pair, Question, TypedBlank

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("key", "expected"),
    [
        (keys.quiz_title_key("dp"), "dp.title"),
        (keys.quiz_description_key("dp"), "dp.description"),
        (keys.question_key("dp", "q1"), "dp.questions.q1"),
        (keys.prompt_key("dp", "q1"), "dp.questions.q1.prompt"),
        (keys.option_key("dp", "q1", "a"), "dp.questions.q1.options.a"),
        (keys.feedback_key("dp", "q1", "a"), "dp.questions.q1.options.a.feedback"),
        (keys.explanation_key("dp", "q1"), "dp.questions.q1.explanation"),
        (keys.answer_key("dp", "q1", "a"), "dp.questions.q1.answers.a"),
        (keys.answer_key("dp", "q1", "a", "b"), "dp.questions.q1.blanks.b.answers.a"),
        (keys.unit_key("dp", "q1"), "dp.questions.q1.unit"),
        (keys.pair_prompt_key("dp", "q1", "p"), "dp.questions.q1.pairs.p.prompt"),
        (keys.pair_match_key("dp", "q1", "p"), "dp.questions.q1.pairs.p.match"),
        (keys.distractor_key("dp", "q1", "d"), "dp.questions.q1.distractors.d"),
        (keys.item_key("dp", "q1", "i"), "dp.questions.q1.items.i"),
        (keys.blanks_text_key("dp", "q1"), "dp.questions.q1.text"),
        (keys.blank_option_key("dp", "q1", "b", "o"), "dp.questions.q1.blanks.b.options.o"),
        (keys.model_answer_key("dp", "q1"), "dp.questions.q1.model-answer"),
        (
            keys.question_text_key("dp", "q1", "levels", "low", "feedback"),
            "dp.questions.q1.levels.low.feedback",
        ),
        (keys.message_key("check-answer"), "ui.check-answer"),
    ],
)
def test_key_grammar(key: str, expected: str) -> None:
    assert key == expected


def test_an_empty_segment_is_a_parts_own_text() -> None:
    assert keys.join_key("dp.questions.q1", "options", "a", "") == "dp.questions.q1.options.a"
    assert keys.join_key("", "prompt") == "prompt"


def test_the_key_grammar_in_the_design_names_every_segment_the_model_declares() -> None:
    """A kind's keys follow from its fields' segments, so docs/design.md is where a new one must be
    written down: every segment of every kind and its parts is in the grammar there."""
    grammar = (ROOT / "docs" / "design.md").read_text(encoding="utf-8").split("## Key grammar", 1)[1]
    grammar = grammar.split("```", 2)[1]
    classes = {get_origin(alias) for alias in get_args(Question)}
    seen: set[type] = set()
    while classes:
        owner = classes.pop()
        seen.add(owner)
        hints = get_type_hints(owner)
        for name, declared in keys.text_fields(owner):
            if declared.segment:
                assert re.search(rf"\.{re.escape(declared.segment)}\b", grammar), (owner, declared.segment)
            if get_origin(hints[name]) is tuple:
                (part, _ellipsis) = get_args(hints[name])
                members = get_args(part) if get_origin(part) in (Union, UnionType) else (part,)
                classes |= {get_origin(member) for member in members} - seen
    assert {Option, Item, AcceptedAnswer, Pair, TypedBlank, ChoiceBlank} <= seen  # the walk reached the parts


@pytest.mark.parametrize("value", ["a", "q1", "gpu-holds", "a1-b2-c3", "x" * 64])
def test_valid_ids(value: str) -> None:
    assert keys.is_valid_id(value)


@pytest.mark.parametrize("value", ["", "1a", "A", "a_b", "a--b", "a-", "-a", "../x", "a.b", "a b", "x" * 65])
def test_invalid_ids(value: str) -> None:
    assert not keys.is_valid_id(value)
