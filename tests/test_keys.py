from __future__ import annotations

import pytest

from toolkit import keys


def test_key_grammar() -> None:
    assert keys.quiz_title_key("dp") == "dp.title"
    assert keys.quiz_description_key("dp") == "dp.description"
    assert keys.prompt_key("dp", "q1") == "dp.questions.q1.prompt"
    assert keys.option_key("dp", "q1", "a") == "dp.questions.q1.options.a"
    assert keys.feedback_key("dp", "q1", "a") == "dp.questions.q1.options.a.feedback"
    assert keys.explanation_key("dp", "q1") == "dp.questions.q1.explanation"
    assert keys.message_key("check-answer") == "ui.check-answer"


@pytest.mark.parametrize("value", ["a", "q1", "gpu-holds", "a1-b2-c3", "x" * 64])
def test_valid_ids(value: str) -> None:
    assert keys.is_valid_id(value)


@pytest.mark.parametrize("value", ["", "1a", "A", "a_b", "a--b", "a-", "-a", "../x", "a.b", "a b", "x" * 65])
def test_invalid_ids(value: str) -> None:
    assert not keys.is_valid_id(value)
