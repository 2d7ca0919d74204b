"""The interface messages the player shows (toolkit.content.player_messages): the list matches the
player's code, and a ui.yaml lacking one is refused by validation, located, naming each missing one;
a kind's hint, declared once with its English, is quizkit's where a ui.yaml lacks it (with a warning)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from support import FIXTURE, run_quizkit_in_process

from toolkit.catalogs.extraction import interface_template
from toolkit.content.player_messages import KIND_HINTS, PLAYER_MESSAGES
from toolkit.content.validation import validate_file
from toolkit.model import InterfaceMessages

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


def test_the_template_of_quizkit_init_words_each_kind_s_hint_as_it_is_declared() -> None:
    """KIND_HINTS declares each kind's hint (kinds.js names it, test_kinds_table.py holds the two
    together) with its English and comment; quizkit init's ui.yaml, which lists them for a new project's
    authors, holds them as they are declared."""
    template = {
        message["name"]: message for message in yaml.safe_load(TEMPLATE_UI.read_text("utf-8"))["messages"]
    }
    assert [(template[hint.name]["text"], template[hint.name]["comment"]) for hint in KIND_HINTS] == [
        (hint.text, hint.comment) for hint in KIND_HINTS
    ]


def test_a_ui_yaml_lacking_a_kind_s_hint_builds_with_quizkit_s_english_and_a_warning(tmp_path: Path) -> None:
    """A project whose ui.yaml is older than a kind's hint: validation warns (it used to refuse the file)
    and says how to add it; the hint is extracted for translation and shown with quizkit's English."""
    project = fixture_ui_without(tmp_path, "match-each")
    result = run_quizkit_in_process(project, "validate", "ui.yaml")
    assert (result.returncode, result.stdout) == (
        0,
        "ui.yaml:4:1: warning[missing-message]: no message 'match-each', a question kind's hint: the quiz "
        'player shows quizkit\'s English, "Choose the matching answer for each item.", extracted for '
        'translation like the others; add "- name: match-each" with its text to word it your way (quizkit '
        "init's ui.yaml has it, with a comment saying where it appears) [$.messages]\n"
        "0 errors, 1 warning in 1 of 1 file\n",
    )
    _, interface = validate_file(project / "ui.yaml")
    assert isinstance(interface, InterfaceMessages)
    hint = interface.message("match-each")
    assert (hint.source, hint.comment, hint.origin.line) == (
        "Choose the matching answer for each item.",
        "Hint under a matching question, where each item has a drop-down list of answers.",
        4,
    )
    (entry,) = [
        entry for entry in interface_template(interface, project).entries if entry.context == "ui.match-each"
    ]
    assert (entry.msgid, entry.extracted_comments) == (
        "Choose the matching answer for each item.",
        ("Hint under a matching question, where each item has a drop-down list of answers.",),
    )


def test_a_ui_yaml_with_every_hint_gets_none_added(tmp_path: Path) -> None:
    project = fixture_ui_without(tmp_path)
    _, interface = validate_file(project / "ui.yaml")
    assert isinstance(interface, InterfaceMessages)
    assert [message.name for message in interface.messages] == message_names(project / "ui.yaml")
