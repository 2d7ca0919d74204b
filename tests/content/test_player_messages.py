"""The interface messages the player shows (toolkit.content.player_messages): the list matches the
player's code, and a ui.yaml lacking one is refused by validation, located, naming each missing one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from support import FIXTURE, run_quizkit_in_process

from toolkit.content.player_messages import PLAYER_MESSAGES

ROOT = Path(__file__).resolve().parents[2]
PLAYER = ROOT / "toolkit" / "exporters" / "player"
TEMPLATE_UI = ROOT / "toolkit" / "scaffold" / "template" / "content" / "ui.yaml"
WITH_FALLBACK = {"true", "false"}
"""The player shows the source language's words where ui.yaml lacks these (player/view.py)."""


def message_names(path: Path) -> list[str]:
    return [str(message["name"]) for message in yaml.safe_load(path.read_text(encoding="utf-8"))["messages"]]


def test_the_list_is_every_message_the_player_code_names() -> None:
    scripts = "\n".join(path.read_text(encoding="utf-8") for path in sorted(PLAYER.glob("*.js")))
    quoted = set(re.findall(r'"([a-z][a-z-]*)"', scripts))
    # Names reach message() as literals or through variables (a hint's name, a button's name): every
    # ui message quoted anywhere in the player's code is one it shows.
    named = {name for name in message_names(FIXTURE / "content" / "ui.yaml") if name in quoted}
    assert sorted(named - WITH_FALLBACK) == sorted(PLAYER_MESSAGES)


def fixture_ui_without(tmp_path: Path, *names: str) -> Path:
    """The fixture's ui.yaml without the messages ``names`` (each a block of lines from its ``- name``)."""
    (tmp_path / "quizkit.toml").write_text("", encoding="utf-8")
    text = (FIXTURE / "content" / "ui.yaml").read_text(encoding="utf-8")
    for name in names:
        text, count = re.subn(rf'  - name: "?{re.escape(name)}"?\n(?:    .*\n)*\n?', "", text)
        assert count == 1, name
    (tmp_path / "ui.yaml").write_text(text, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(
    ("removed", "message"),
    [
        (
            ("restart",),
            "no message 'restart', which the quiz player shows: its page would show an empty button or "
            "label in its place; add it back",
        ),
        (
            ("restart", "score", "check-answer"),
            "no messages 'check-answer', 'score', 'restart' (3), which the quiz player shows: its page "
            "would show an empty button or label in place of each; add them back",
        ),
    ],
)
def test_a_ui_yaml_lacking_a_player_message_fails_validation(
    tmp_path: Path, removed: tuple[str, ...], message: str
) -> None:
    project = fixture_ui_without(tmp_path, *removed)
    result = run_quizkit_in_process(project, "validate", "ui.yaml")
    assert result.returncode == 1
    assert result.stdout == (
        f"ui.yaml:4:1: error[missing-message]: {message} (quizkit init's ui.yaml has every message the "
        "player shows, each with a comment saying where it appears) [$.messages]\n"
        "1 error, 0 warnings in 1 of 1 file\n"
    )


def test_messages_the_page_has_a_fallback_for_may_be_left_out(tmp_path: Path) -> None:
    project = fixture_ui_without(tmp_path, "true", "false", "language", "quiz-list", "guide-linked-quiz")
    result = run_quizkit_in_process(project, "validate", "ui.yaml")
    assert (result.returncode, result.stdout) == (
        0,
        "1 file valid: 0 quizzes (0 questions), 39 interface messages\n",
    )
