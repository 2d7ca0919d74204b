"""Draft quizzes (draft: true): validated, their catalog kept up to date, their to-dos warnings, and left
out of exports unless asked for; one unfinished quiz never stops the project."""

from __future__ import annotations

from pathlib import Path

from support import TINY_QUIZ, fixture_project, run_quizkit_in_process

from toolkit.catalogs import read_po

# The second question as quizkit import leaves it: its English prompt, its answer and explanation to write.
DRAFT = TINY_QUIZ.replace("level: beginner\n", "level: beginner\ndraft: true\n").replace(
    "    prompt: Which ones come second?\n",
    "    prompt:\n      todo: write the question in English under text (the page has it only in Urdu)\n"
    "      ur: دوسرے نمبر پر کون سے آتے ہیں؟\n",
)
UNTITLED = DRAFT.replace("title: Tiny quiz\n", "title:\n  todo: write the title in English under text\n")


def test_a_drafts_todos_are_warnings_and_its_unfinished_question_is_left_out(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project", {"tiny": DRAFT})
    result = run_quizkit_in_process(project, "validate")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "content/tiny.yaml:19:5: warning[draft-question-left-out]: question 'second' of draft quiz 'tiny' is "
        "left out of the catalog and exports until its to-dos are done [$.questions[1]]",
        "content/tiny.yaml:22:13: warning[todo]: to-do in 'prompt' of question 'second': write the question "
        "in English under text (the page has it only in Urdu) [$.questions[1].prompt.todo]",
        "0 errors, 2 warnings in 1 of 2 files",
    ]
    from toolkit.content import load_content

    (quiz,) = load_content(project / "content").quizzes
    assert (quiz.draft, [question.id for question in quiz.questions]) == (True, ["first"])


def test_without_draft_a_todo_is_still_an_error(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project", {"tiny": DRAFT.replace("draft: true\n", "")})
    result = run_quizkit_in_process(project, "validate")
    assert result.returncode == 1
    assert "error[todo]: to-do in 'prompt' of question 'second'" in result.stdout


def test_a_draft_without_its_title_is_left_out_altogether(tmp_path: Path) -> None:
    project = fixture_project(
        tmp_path / "project", {"tiny": UNTITLED, "other": TINY_QUIZ.replace("id: tiny", "id: other")}
    )
    result = run_quizkit_in_process(project, "validate")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0] == (
        "content/tiny.yaml:4:8: warning[draft-left-out]: draft quiz 'tiny' is left out of the catalogs and "
        "exports until its title, description, level and at least one question have no to-do [$.draft]"
    )
    from toolkit.content import load_content

    assert [quiz.id for quiz in load_content(project / "content").quizzes] == ["other"]


def test_a_draft_gets_a_catalog_but_no_export_unless_asked(tmp_path: Path) -> None:
    other = TINY_QUIZ.replace("id: tiny", "id: other")
    project = fixture_project(tmp_path / "project", {"tiny": DRAFT, "other": other})
    built = run_quizkit_in_process(project, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    catalog = read_po((project / "locales/ur/LC_MESSAGES/tiny.po").read_bytes(), "tiny.po")
    keys = {entry.context for entry in catalog.active()}
    assert "tiny.questions.first.prompt" in keys
    assert not any(key and key.startswith("tiny.questions.second.") for key in keys)
    assert sorted(path.name for path in (project / "dist" / "json").iterdir()) == ["other"]
    preview = run_quizkit_in_process(project, "export", "--drafts", "-f", "json")
    assert preview.returncode == 0, preview.stderr
    assert sorted(path.name for path in (project / "dist" / "json").iterdir()) == ["other", "tiny"]
