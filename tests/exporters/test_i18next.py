"""toolkit.exporters.i18next: what the i18next format refuses, and how the commands say so."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import cast

import pytest
from localization.test_grading import localized
from support import copy_project, run_quizkit
from toy_kind import Anchor, ScaleQuestion

from toolkit.exporters.i18next import quiz_resources
from toolkit.model import Option, Question

SCORE = """\
  - name: score
    one: You answered {count} question correctly out of {total}.
    other: You answered {count} questions correctly out of {total}.
    plural: count
    comment: Final score after the last question.
    placeholders:
      count: Number of questions answered correctly.
"""


def plural_by_n(project: Path) -> int:
    """The project's ``score`` message selected by ``{n}`` instead of ``{count}``; its line in ui.yaml."""
    ui = project / "content" / "ui.yaml"
    text = ui.read_text(encoding="utf-8")
    assert SCORE in text
    ui.write_text(text.replace(SCORE, SCORE.replace("count", "n")), encoding="utf-8")
    return text[: text.index(SCORE)].count("\n") + 1


@pytest.mark.parametrize(
    "command", [("export", "-f", "i18next"), ("build", "--format", "text")], ids=["export", "build"]
)
def test_a_plural_not_selected_by_count_is_refused_at_its_place_in_ui_yaml(
    tmp_path: Path, command: tuple[str, ...]
) -> None:
    # It raised a bare ValueError: validate passed, then export and build ended in a traceback.
    project = copy_project(tmp_path / "project")
    line = plural_by_n(project)
    assert run_quizkit(project, "validate").returncode == 0  # every other format carries it
    result = run_quizkit(project, *command)
    assert (result.returncode, result.stderr) == (
        1,
        f"error[export]: content/ui.yaml:{line}: ui.score selects its plural form by {{n}}, but i18next "
        "selects plural forms by {count} only; name the placeholder count, or leave i18next out of the "
        "formats\n",
    )
    assert not (project / "dist" / "i18next").exists()


def test_a_new_kinds_resources_and_delivery_variant_follow_from_its_fields() -> None:
    """tests/toy_kind.py has no code in i18next.py: its texts are under its fields' keys, its levels'
    feedback in i18next's context (``levels.<id>_feedback``) as an option's is, and the delivery variant
    leaves out the texts its fields declare answer key (explanation, feedback). Before, i18next knew
    choice feedback and answer-key texts by kind and key pattern: both variants of such a kind ended in
    a key collision."""
    toy = ScaleQuestion(
        id="scale",
        prompt="How sure?",
        levels=(Option("low", "Unsure"), Option("high", "Sure", "Yes.")),
        expected="high",
        anchors=(Anchor("left", "Doubt"),),
        hint="Pick one.",
        explanation="Because.",
    )
    quiz = replace(localized("en"), questions=(cast("Question[str]", toy),))
    delivered = {
        "prompt": "How sure?",
        "levels": {"low": "Unsure", "high": "Sure"},
        "anchors": {"left": {"label": "Doubt"}},
        "hint": "Pick one.",
    }
    assert quiz_resources(quiz, answers=False)["questions"] == {"scale": delivered}
    assert quiz_resources(quiz, answers=True)["questions"] == {
        "scale": {
            "prompt": "How sure?",
            "levels": {"low": "Unsure", "high": "Sure", "high_feedback": "Yes."},
            "anchors": {"left": {"label": "Doubt"}},
            "hint": "Pick one.",
            "explanation": "Because.",
        }
    }
