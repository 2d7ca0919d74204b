"""The catalogs' '#. Screenshot:' comments: written by update where the screenshot exists and only there,
through the catalog writer (msgcat writes the same bytes), and carried into XLIFF as a note."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from support import fixture_project, run_quizkit_in_process

from toolkit.catalogs.screenshot_references import screenshot_file
from toolkit.config import load_config
from toolkit.gettext.po_reader import read_po

PO = "locales/ur/LC_MESSAGES/tiny.po"
PROMPT = "tiny.questions.first.prompt"
WHOLE_REFERENCE = "#. Screenshot: screenshots/ur/tiny.questions.first.prompt.png\n"
WRAPPED_REFERENCE = "#. Screenshot:\n#. screenshots/ur/tiny.questions.first.prompt.png\n"
"""The reference as polib (wrapwidth 78) saves it, as Poedit does: two '#.' lines."""


def comments(project: Path, key: str) -> tuple[str, ...]:
    catalog = read_po((project / PO).read_bytes(), PO)
    return next(entry.extracted_comments for entry in catalog.entries if entry.context == key)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = fixture_project(tmp_path)
    result = run_quizkit_in_process(project, "update")
    assert result.returncode == 0, result.stderr
    return project


def add_screenshot(project: Path, key: str, locale: str = "ur") -> Path:
    path = project / "screenshots" / locale / f"{key}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n")
    return path


def test_update_references_the_screenshots_that_exist_and_no_other(project: Path) -> None:
    assert comments(project, PROMPT) == ("Question 1 of 2 (one correct answer).",)
    add_screenshot(project, PROMPT)
    add_screenshot(project, "tiny.questions.second.prompt", "en")  # the source locale's: not ur's
    result = run_quizkit_in_process(project, "update")
    assert result.returncode == 0, result.stderr
    assert comments(project, PROMPT) == (
        "Question 1 of 2 (one correct answer).",
        "Screenshot: screenshots/ur/tiny.questions.first.prompt.png",
    )
    assert not any(
        comment.startswith("Screenshot:") for comment in comments(project, "tiny.questions.second.prompt")
    )
    text = (project / PO).read_text(encoding="utf-8")
    assert (
        "#. Question 1 of 2 (one correct answer).\n"
        "#. Screenshot: screenshots/ur/tiny.questions.first.prompt.png\n"
        "#: content/tiny.yaml\n"
        'msgctxt "tiny.questions.first.prompt"\n'
    ) in text
    # A second update changes nothing; a screenshot removed takes its comment along.
    before = (project / PO).read_bytes()
    assert run_quizkit_in_process(project, "update").returncode == 0
    assert (project / PO).read_bytes() == before
    (project / "screenshots/ur/tiny.questions.first.prompt.png").unlink()
    assert run_quizkit_in_process(project, "update").returncode == 0
    assert comments(project, PROMPT) == ("Question 1 of 2 (one correct answer).",)


@pytest.mark.skipif(shutil.which("msgcat") is None, reason="GNU gettext (msgcat) is not installed")
def test_a_catalog_with_references_is_as_msgcat_writes_it(project: Path) -> None:
    add_screenshot(project, PROMPT)
    add_screenshot(project, "tiny.questions.first.options.this.feedback")
    assert run_quizkit_in_process(project, "update").returncode == 0
    ours = (project / PO).read_bytes()
    assert b"#. Screenshot: " in ours
    gnu = subprocess.run(["msgcat", str(project / PO)], capture_output=True, check=True).stdout
    assert gnu == ours


def test_the_screenshots_folder_is_configurable(project: Path) -> None:
    with (project / "quizkit.toml").open("a", encoding="utf-8") as config:
        config.write('screenshots-dir = "docs/shots"\n')
    path = project / "docs/shots/ur" / f"{PROMPT}.png"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\x89PNG\r\n\x1a\n")
    assert run_quizkit_in_process(project, "update").returncode == 0
    assert comments(project, PROMPT)[-1] == "Screenshot: docs/shots/ur/tiny.questions.first.prompt.png"
    config = load_config(project)
    assert screenshot_file(config, PROMPT, "ur") == path
    assert screenshot_file(config, PROMPT, "en") is None
    assert screenshot_file(config, "../escape", "ur") is None


@pytest.mark.parametrize("wrapped", [False, True], ids=["whole", "wrapped-by-an-editor"])
def test_xliff_carries_the_screenshot_as_a_note_of_its_own(project: Path, wrapped: bool) -> None:
    """Also between a save in a PO editor that wraps long comments and the next update: the CAT tool gets
    the screenshot, not two context notes ("Screenshot:" and the path)."""
    add_screenshot(project, PROMPT)
    assert run_quizkit_in_process(project, "update").returncode == 0
    if wrapped:
        text = (project / PO).read_text(encoding="utf-8")
        (project / PO).write_text(text.replace(WHOLE_REFERENCE, WRAPPED_REFERENCE), encoding="utf-8")
    result = run_quizkit_in_process(project, "export", "--format", "xliff")
    assert result.returncode == 0, result.stderr
    xliff = next((project / "dist" / "xliff").rglob("tiny*.xlf")).read_text(encoding="utf-8")
    assert (
        '<note category="context">Question 1 of 2 (one correct answer).</note>\n'
        '        <note category="screenshot">screenshots/ur/tiny.questions.first.prompt.png</note>\n'
        "      </notes>"
    ) in xliff


def test_a_reference_an_editor_wrapped_in_two_lines_is_replaced_whole(project: Path) -> None:
    # polib (wrapwidth 78) saves a long '#. Screenshot: <path>' as two '#.' lines; the refresh must
    # recognise both halves, not keep the path line and add a second reference.
    add_screenshot(project, PROMPT)
    assert run_quizkit_in_process(project, "update").returncode == 0
    text = (project / PO).read_text(encoding="utf-8")
    (project / PO).write_text(text.replace(WHOLE_REFERENCE, WRAPPED_REFERENCE), encoding="utf-8")
    assert run_quizkit_in_process(project, "update").returncode == 0
    assert comments(project, PROMPT) == (
        "Question 1 of 2 (one correct answer).",
        "Screenshot: screenshots/ur/tiny.questions.first.prompt.png",
    )
    assert (project / PO).read_text(encoding="utf-8") == text
    # A screenshot removed takes the wrapped form along too.
    (project / PO).write_text(text.replace(WHOLE_REFERENCE, WRAPPED_REFERENCE), encoding="utf-8")
    (project / "screenshots/ur/tiny.questions.first.prompt.png").unlink()
    assert run_quizkit_in_process(project, "update").returncode == 0
    assert comments(project, PROMPT) == ("Question 1 of 2 (one correct answer).",)
