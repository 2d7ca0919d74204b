"""An export without the checks stops alike in every format at a translated formula that cannot be
rendered, naming its catalog, line and key; one in a question shown in the source language is not shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from image_project import images_project
from support import run_quizkit_in_process, translate

ALT = "images.questions.ring.options.tree-shape.image-alt"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = images_project(tmp_path_factory.mktemp("formulas"))
    translate(project / "locales/ur/LC_MESSAGES/images.po", {ALT: "تین دائروں کا درخت $\\undefinedmacro{x}$"})
    return project


@pytest.mark.parametrize("format_name", ["html", "qti", "moodle", "json", "i18next", "xliff", "mo"])
def test_every_format_stops_at_the_formula_and_names_where_it_is(project: Path, format_name: str) -> None:
    catalog = (project / "locales/ur/LC_MESSAGES/images.po").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(catalog, 1) if "undefinedmacro" in text)
    result = run_quizkit_in_process(project, "export", "--no-checks", "-f", format_name)
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"locales/ur/LC_MESSAGES/images.po:{line}: error[formula]: formula $\\undefinedmacro{{x}}$ cannot be "
        f"rendered: unknown command \\undefinedmacro; write the formula as the source does [{ALT}]"
    ]
    assert (
        result.stderr == "export stopped: 1 formula in the catalogs cannot be rendered; nothing was written\n"
    )
    assert not (project / "dist").exists()


def test_a_formula_in_a_question_shown_in_the_source_language_stops_nothing(tmp_path: Path) -> None:
    project = images_project(tmp_path)
    translate(
        project / "locales/ur/LC_MESSAGES/images.po",
        {ALT: "درخت $\\undefinedmacro{x}$", "images.questions.ring.prompt": ""},  # ring falls back
    )
    result = run_quizkit_in_process(project, "export", "--no-checks", "-f", "json,html")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "images [ur]: 1 question in the source language: ring" in result.stdout
