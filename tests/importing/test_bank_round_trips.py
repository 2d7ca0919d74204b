"""export → import → export, end to end through the commands, for every format quizkit both exports and
imports (each registered reader whose name is also an exporter's): the every-type quiz and each shipped
quiz (the repository's content/*.yaml with its real Urdu catalog), in en and ur, is exported, the export imported with ``quizkit import`` into a fresh project, that project exported again,
and both exports read back with the format's reader give the same questions, answers, grades and
languages.

What a format's export holds: ``dist/<format>/<quiz>/<locale>.<ext>`` for each locale, and for Moodle also
``multilang.xml`` carrying every locale in one file (toolkit/exporters/lms/moodle.py); the import reads that
one where it exists, else the source-locale file with ``--locale ur <the ur file>``.

The formats are the intersection of the two registries, found when the tests are collected: readers
that merge later are covered without a change here. While no reader of an exported format is
registered, the one case says so by name (``no-reader-of-an-exported-format-yet``) and checks that the
intersection is indeed empty: nothing is skipped silently. The shipped quizzes are read when the tests are
collected too, each a case of its own (copied into a fixture project, so a quiz added to content/ is one
more case, never a broken one). Every case runs in this process (run_quizkit_in_process), a tenth of a
second or so each, so none of them is in the ``slow`` lane.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from support import (
    EVERY_TYPE_QUIZ,
    ROOT,
    every_type_urdu,
    fixture_project,
    run_quizkit_in_process,
    translate,
)

from toolkit.exporters.base import exporter_names
from toolkit.importing.bank import BankRequest, ImportedBank
from toolkit.importing.bank_readers import load_reader, reader_names
from toolkit.model import Quiz, with_texts

ROUND_TRIPS = sorted(set(reader_names()) & set(exporter_names()))
NONE_YET = "no-reader-of-an-exported-format-yet"
EVERY_TYPE = "every-type"


def shipped_quizzes() -> list[str]:
    """The quizzes the repository ships: each content/*.yaml that holds questions (ui.yaml holds the
    interface's messages), read when the tests are collected."""
    return sorted(
        path.stem
        for path in (ROOT / "content").glob("*.yaml")
        if "questions" in (yaml.safe_load(path.read_text(encoding="utf-8")) or {})
    )


SHIPPED = shipped_quizzes()
CASES = [
    pytest.param(format_name, quiz, id=f"{format_name}-{quiz}")
    for format_name in ROUND_TRIPS or [NONE_YET]
    for quiz in [EVERY_TYPE, *SHIPPED]
]


def original_project(target: Path, quiz: str) -> Path:
    """A fixture project holding ``quiz`` in en and ur: every-type with its Urdu (tests/content/types), or a
    shipped quiz with its real Urdu catalog (locales/ur/LC_MESSAGES/<quiz>.po), brought up to date with
    ``quizkit update`` as the project's own would be."""
    if quiz == EVERY_TYPE:
        project = fixture_project(target, {quiz: EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
        assert run_quizkit_in_process(project, "update").returncode == 0
        translate(project / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
        return project
    project = fixture_project(target, {quiz: (ROOT / "content" / f"{quiz}.yaml").read_text(encoding="utf-8")})
    catalog = f"locales/ur/LC_MESSAGES/{quiz}.po"
    shutil.copy(ROOT / catalog, project / catalog)
    updated = run_quizkit_in_process(project, "update")
    assert updated.returncode == 0, updated.stdout + updated.stderr
    return project


def exported(root: Path, format_name: str, quiz: str) -> Path:
    result = run_quizkit_in_process(root, "export", "-f", format_name, "--no-checks", "--drafts")
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "dist" / format_name / quiz


def bank_files(folder: Path) -> tuple[Path, dict[str, Path]]:
    """The file to import and the files of its other languages, from one format's export of the quiz."""
    multilang = folder / "multilang.xml"
    if multilang.exists():
        return multilang, {}
    (source,) = folder.glob("en.*")
    (urdu,) = folder.glob("ur.*")
    return source, {"ur": urdu}


def read_back(format_name: str, folder: Path, quiz: str) -> ImportedBank:
    source, translations = bank_files(folder)
    request = BankRequest(source, source.name, quiz, "en", translations)
    return load_reader(format_name).read(request)


def comparable(quiz: Quiz) -> tuple[object, ...]:
    """Questions, answers, grades and every language of every text; not where a text came from."""
    texts = [(text.key, text.source, tuple(sorted(text.imported))) for text in quiz.texts()]
    questions = [with_texts(question, lambda text: text.source) for question in quiz.questions]
    return (quiz.level, texts, questions)


def test_the_shipped_quizzes_are_cases() -> None:
    """The collection found the shipped quizzes (an empty list would leave their round trips untested)."""
    assert SHIPPED
    assert all((ROOT / f"locales/ur/LC_MESSAGES/{quiz}.po").is_file() for quiz in SHIPPED)


@pytest.mark.parametrize(("format_name", "quiz"), CASES)
def test_export_import_export_gives_the_same_questions_and_languages(
    tmp_path: Path, format_name: str, quiz: str
) -> None:
    if format_name == NONE_YET:
        assert set(reader_names()) & set(exporter_names()) == set()
        return
    original = original_project(tmp_path / "original", quiz)
    first = exported(original, format_name, quiz)

    fresh = fixture_project(tmp_path / "fresh", {})
    copied = fresh / "bank"
    shutil.copytree(first, copied)
    source, translations = bank_files(copied)
    arguments = [str(source.relative_to(fresh)), "--from", format_name, "--quiz", quiz]
    for locale, path in translations.items():
        arguments += ["--locale", locale, str(path.relative_to(fresh))]
    imported = run_quizkit_in_process(fresh, "import", *arguments)
    assert imported.returncode == 0, imported.stdout + imported.stderr
    second = exported(fresh, format_name, quiz)

    before, after = read_back(format_name, first, quiz), read_back(format_name, second, quiz)
    assert comparable(after.quiz) == comparable(before.quiz)
    assert after.locales == before.locales
    assert [(issue.question, issue.reason) for issue in after.issues] == [
        (issue.question, issue.reason) for issue in before.issues
    ]


LINE_BREAKS_QUIZ = """\
id: line-breaks
level: beginner
title: Line breaks
description: Texts of more than one line.
questions:
  - id: gpu-holds
    type: single_choice
    prompt: "What does each GPU hold\\nafter the broadcast?\\n\\nPick one."
    options:
      - {id: full-replica, text: "A full copy\\nof the model"}
      - {id: layer-slice, text: A slice of the layers}
    correct: [full-replica]
    explanation: "Each GPU holds a replica.\\nThe optimizer steps on each."
"""


@pytest.mark.parametrize("format_name", ROUND_TRIPS)
def test_line_breaks_come_back_as_line_breaks(tmp_path: Path, format_name: str) -> None:
    """A text of several lines is exported as lines (``<br/>`` in QTI and HTML, as the player shows them)
    and imported as the same lines: neither side turns a line break into a space."""
    original = fixture_project(tmp_path / "original", {"line-breaks": LINE_BREAKS_QUIZ})
    assert run_quizkit_in_process(original, "update").returncode == 0
    first = exported(original, format_name, "line-breaks")
    fresh = fixture_project(tmp_path / "fresh", {})
    source, _translations = bank_files(first)
    arguments = [str(source), "--from", format_name, "--quiz", "line-breaks"]
    imported = run_quizkit_in_process(fresh, "import", *arguments)
    assert imported.returncode == 0, imported.stdout + imported.stderr
    written = yaml.safe_load((fresh / "content/line-breaks.yaml").read_text(encoding="utf-8"))
    (question,) = written["questions"]
    assert question["prompt"] == "What does each GPU hold\nafter the broadcast?\n\nPick one."
    assert question["options"][0]["text"] == "A full copy\nof the model"
    assert question["explanation"] == "Each GPU holds a replica.\nThe optimizer steps on each."


def test_a_drop_down_options_line_break_comes_back_through_qti(tmp_path: Path) -> None:
    """QTI 3.0 allows ``<br/>`` in an inline choice (``InlineChoiceDType`` is mixed content), and the
    export writes one there as everywhere else: the option's line break survives export and import."""
    quiz = """\
id: drop-down
level: beginner
title: Drop-down
description: A choice blank whose option has two lines.
questions:
  - id: collective
    type: fill_in_blanks
    prompt: Complete the sentence.
    text: An {{collective}} averages the gradients.
    blanks:
      - id: collective
        options: [{id: all-reduce, text: "all-\\nreduce"}, {id: broadcast, text: broadcast}]
        correct: all-reduce
    explanation: The all-reduce averages.
"""
    original = fixture_project(tmp_path / "original", {"drop-down": quiz})
    assert run_quizkit_in_process(original, "update").returncode == 0
    source, _translations = bank_files(exported(original, "qti", "drop-down"))
    fresh = fixture_project(tmp_path / "fresh", {})
    imported = run_quizkit_in_process(fresh, "import", str(source), "--from", "qti", "--quiz", "drop-down")
    assert imported.returncode == 0, imported.stdout + imported.stderr
    written = yaml.safe_load((fresh / "content/drop-down.yaml").read_text(encoding="utf-8"))
    (question,) = written["questions"]
    assert question["blanks"][0]["options"][0]["text"] == "all-\nreduce"


FORMULAS_QUIZ = """\
id: formulas
level: beginner
title: Formulas
description: Texts with TeX formulas and dollar signs.
questions:
  - id: ring-traffic
    type: single_choice
    prompt: 'Each GPU sends $\\frac{2(N-1)}{N}$ of the data, at $5 a GB.'
    options:
      - {id: ring, text: '$$\\sum_{i=1}^{N} x_i$$'}
      - {id: cost, text: 'A \\$x\\$ pair of dollars, and `$HOME`'}
    correct: [ring]
    explanation: 'The sum is $x^{2}$ per step.'
"""


@pytest.mark.parametrize("format_name", ROUND_TRIPS)
def test_formulas_and_dollars_come_back_as_written(tmp_path: Path, format_name: str) -> None:
    """Issue 41: a formula and a display formula come back as the TeX they were written in (from the
    MathML's x-tex annotation, or Moodle's \\(…\\) and $$…$$), with nothing reported lost; a dollar of the
    text comes back a dollar, escaped only where it would otherwise open a formula."""
    original = fixture_project(tmp_path / "original", {"formulas": FORMULAS_QUIZ})
    assert run_quizkit_in_process(original, "update").returncode == 0
    first = exported(original, format_name, "formulas")
    fresh = fixture_project(tmp_path / "fresh", {})
    source, _translations = bank_files(first)
    imported = run_quizkit_in_process(
        fresh, "import", str(source), "--from", format_name, "--quiz", "formulas"
    )
    assert imported.returncode == 0, imported.stdout + imported.stderr
    assert "math" not in imported.stdout + imported.stderr
    written = yaml.safe_load((fresh / "content/formulas.yaml").read_text(encoding="utf-8"))
    (question,) = written["questions"]
    assert question["prompt"] == "Each GPU sends $\\frac{2(N-1)}{N}$ of the data, at $5 a GB."
    assert [option["text"] for option in question["options"]] == [
        "$$\\sum_{i=1}^{N} x_i$$",
        "A \\$x\\$ pair of dollars, and `$HOME`",
    ]
    assert question["explanation"] == "The sum is $x^{2}$ per step."
