from __future__ import annotations

from pathlib import PurePosixPath

import pytest

from toolkit.screenshots.naming import project_screenshot_path, screenshot_path, screenshot_reference


@pytest.mark.parametrize(
    ("key", "locale", "expected"),
    [
        ("data-parallel.questions.q1.prompt", "ur", "ur/data-parallel.questions.q1.prompt.png"),
        ("quiz.questions.q2.options.b.feedback", "en", "en/quiz.questions.q2.options.b.feedback.png"),
        ("ui.question-progress", "ur_PK", "ur_PK/ui.question-progress.png"),
    ],
)
def test_a_screenshot_is_named_by_its_locale_and_key(key: str, locale: str, expected: str) -> None:
    assert screenshot_path(key, locale) == PurePosixPath(expected)


def test_the_project_path_and_the_reference_start_at_the_screenshots_folder() -> None:
    assert project_screenshot_path("ui.start", "ur") == PurePosixPath("screenshots/ur/ui.start.png")
    assert project_screenshot_path("ui.start", "ur", "docs/shots") == PurePosixPath(
        "docs/shots/ur/ui.start.png"
    )
    assert screenshot_reference("ui.start", "ur") == "Screenshot: screenshots/ur/ui.start.png"


@pytest.mark.parametrize(
    ("key", "locale"), [("../x", "ur"), ("a/b", "ur"), ("a..b", "ur"), ("", "ur"), ("a", "../ur"), ("a", "")]
)
def test_what_would_leave_the_folder_is_refused(key: str, locale: str) -> None:
    with pytest.raises(ValueError):
        screenshot_path(key, locale)
