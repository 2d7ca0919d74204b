"""The memory through the real command: a second quiz that repeats texts of the first is pre-filled."""

from __future__ import annotations

from pathlib import Path

from tests.support import TINY_QUIZ, fixture_project, run_quizkit, translate
from toolkit.catalogs import read_po

SECOND_QUIZ = """\
id: second
level: beginner
title: Second quiz
description: Texts the tiny quiz already has, and one it has almost.
questions:
  - id: again
    type: single_choice
    prompt: Which one is first?
    options:
      - id: left
        text: The one on the left
      - id: right
        text: The one on the rights
    correct: [left]
    explanation: Nothing is second here.
"""

TINY_URDU = {
    "tiny.questions.first.prompt": "پہلا کون سا ہے؟",
    "tiny.questions.second.options.one": "بائیں والا",
    "tiny.questions.second.options.other": "دائیں والا",
}


def _entries(path: Path) -> dict[str, object]:
    return {entry.context: entry for entry in read_po(path.read_bytes(), path.name).active()}


def test_a_second_quiz_that_repeats_texts_of_the_first_is_pre_filled_as_fuzzy(tmp_path: Path) -> None:
    project = fixture_project(tmp_path, {"tiny": TINY_QUIZ})
    assert run_quizkit(project, "update").returncode == 0
    tiny = project / "locales/ur/LC_MESSAGES/tiny.po"
    translate(tiny, TINY_URDU, fuzzy=frozenset({"tiny.questions.second.options.one"}))
    (project / "content" / "second.yaml").write_text(SECOND_QUIZ, encoding="utf-8")
    # "The one on the left" is 82% like "The one on the right": above the default, below this.
    with (project / "quizkit.toml").open("a", encoding="utf-8") as config:
        config.write("memory-similarity = 90\n")

    result = run_quizkit(project, "update")

    assert result.returncode == 0, result.stderr
    assert (
        "locales/ur/LC_MESSAGES/second.po: created (6 entries, 2 pre-filled from the translation memory (fuzzy))"
        in result.stdout
    )
    assert "2 entries pre-filled from the translation memory (fuzzy: review them)" in result.stdout
    text = (project / "locales/ur/LC_MESSAGES/second.po").read_text(encoding="utf-8")
    # A translator comment (#), before the extracted ones, as msgcat orders them.
    assert (
        "# quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)\n"
        "#. Question 1 of 1 (one correct answer).\n"
    ) in text
    entries = _entries(project / "locales/ur/LC_MESSAGES/second.po")
    prompt = entries["second.questions.again.prompt"]
    assert prompt.msgstr == "پہلا کون سا ہے؟" and prompt.is_fuzzy
    assert prompt.translator_comments == ("quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)",)
    # "The one on the rights" is 97% like "The one on the right", translated and reviewed.
    right = entries["second.questions.again.options.right"]
    assert right.msgstr == "دائیں والا" and right.is_fuzzy
    assert right.translator_comments == (
        "quizkit memory: 97% from tiny.questions.second.options.other (tiny/ur)",
    )
    # A fuzzy translation never feeds the memory (the tiny quiz's "The one on the left" is fuzzy).
    assert entries["second.questions.again.options.left"].msgstr == ""
