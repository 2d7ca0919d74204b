"""Which screenshots a run removes: only those quizkit wrote in an earlier run (the manifest in the
screenshots folder) whose keys are gone; a picture of the user's in the same folder stays, whatever its
name (screenshots-dir = "docs/images")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import lxml.html
import pytest
from support import fixture_project, run_quizkit_in_process, translate

from toolkit.config import ProjectConfig, load_config
from toolkit.exporters.player.html import DATA_ELEMENT_ID
from toolkit.screenshots.screenshot_run import MANIFEST, remove_stale_screenshots, write_pages

PNG = b"\x89PNG\r\n\x1a\n"


def picture(root: Path, relative: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(PNG)
    return path


def listed(root: Path) -> list[str]:
    written: list[str] = json.loads((root / MANIFEST).read_text(encoding="utf-8"))["written"]
    return written


def test_only_the_screenshots_quizkit_wrote_are_removed(tmp_path: Path) -> None:
    kept = {PurePosixPath("en/ui.score.png"), PurePosixPath("ur/ui.score.png")}
    for relative in kept:
        picture(tmp_path, str(relative))
    # The user's own pictures, one named like a screenshot: no manifest lists them.
    architecture = picture(tmp_path, "en/architecture.png")
    logo = picture(tmp_path, "ur/team-logo.png")
    assert remove_stale_screenshots(tmp_path, ["en", "ur"], kept) == []
    assert architecture.is_file() and logo.is_file()
    assert listed(tmp_path) == ["en/ui.score.png", "ur/ui.score.png"]

    # The next run no longer takes ui.score in ur: quizkit wrote it, so it goes; the others stay.
    assert remove_stale_screenshots(tmp_path, ["en", "ur"], {PurePosixPath("en/ui.score.png")}) == [
        tmp_path / "ur/ui.score.png"
    ]
    assert architecture.is_file() and logo.is_file()
    assert listed(tmp_path) == ["en/ui.score.png"]


def test_a_run_for_some_locales_keeps_the_others_listed(tmp_path: Path) -> None:
    for relative in ("en/ui.score.png", "ur/ui.score.png"):
        picture(tmp_path, relative)
    both = {PurePosixPath("en/ui.score.png"), PurePosixPath("ur/ui.score.png")}
    remove_stale_screenshots(tmp_path, ["en", "ur"], both)
    assert remove_stale_screenshots(tmp_path, ["ur"], {PurePosixPath("ur/ui.score.png")}) == []
    assert listed(tmp_path) == ["en/ui.score.png", "ur/ui.score.png"]
    assert (tmp_path / "en/ui.score.png").is_file()


def test_a_manifest_naming_other_files_removes_none_of_them(tmp_path: Path) -> None:
    outside = picture(tmp_path, "../outside.png")
    readme = picture(tmp_path, "en/README.md")
    deep = picture(tmp_path, "en/sub/ui.score.png")
    (tmp_path / MANIFEST).write_text(
        json.dumps({"written": ["../outside.png", "en/README.md", "en/sub/ui.score.png", "en/../x.png"]}),
        encoding="utf-8",
    )
    assert remove_stale_screenshots(tmp_path, ["en"], set()) == []
    assert outside.is_file() and readme.is_file() and deep.is_file()
    (tmp_path / MANIFEST).write_text("{not json", encoding="utf-8")
    assert remove_stale_screenshots(tmp_path, ["en"], set()) == []
    assert listed(tmp_path) == []


URDU_PROMPT = "پہلا کون سا ہے؟"


@pytest.fixture
def partly_translated(tmp_path: Path) -> ProjectConfig:
    project = fixture_project(tmp_path / "project")
    with (project / "quizkit.toml").open("w", encoding="utf-8") as config:
        config.write('source-locale = "en"\ntarget-locales = ["ur", "ar"]\n')
    result = run_quizkit_in_process(project, "update")
    assert result.returncode == 0, result.stderr
    # One text of the first question translated, its options and feedback not.
    translate(project / "locales/ur/LC_MESSAGES/tiny.po", {"tiny.questions.first.prompt": URDU_PROMPT})
    return load_config(project)


def test_a_translated_text_shows_in_its_partly_translated_question(
    partly_translated: ProjectConfig, tmp_path: Path
) -> None:
    # A learner gets the whole first question in English (its options are untranslated); the
    # translator's screenshot shows their prompt in place, the untranslated options in English.
    folder = tmp_path / "pages"
    folder.mkdir()
    pages, keys = write_pages(partly_translated, ["ur"], folder)
    # The quiz's page, the index, and the pages made for the messages no quiz shows (the other levels,
    # the guide-linked quiz's label; the tiny quiz asks a question with several correct options: no
    # page is made for that hint).
    assert [(page.quiz_id, page.locale, str(page.path), page.walk) for page in pages] == [
        ("tiny", "ur", "tiny/ur.html", True),
        ("index.ur.html", "ur", "index.ur.html", False),
        (
            "made-for-screenshots/tiny-level-intermediate",
            "ur",
            "made-for-screenshots/tiny-level-intermediate/ur.html",
            True,
        ),
        (
            "made-for-screenshots/tiny-level-advanced",
            "ur",
            "made-for-screenshots/tiny-level-advanced/ur.html",
            True,
        ),
        # No quiz goes with a guide: its header as a guide-linked quiz's.
        (
            "made-for-screenshots/tiny-guide-linked-quiz",
            "ur",
            "made-for-screenshots/tiny-guide-linked-quiz/ur.html",
            True,
        ),
    ]
    assert keys[("made-for-screenshots/tiny-level-advanced", "ur")] == {"ui.level-advanced"}
    assert keys[("made-for-screenshots/tiny-guide-linked-quiz", "ur")] == {"ui.guide-linked-quiz"}
    made = (folder / "made-for-screenshots/tiny-guide-linked-quiz/ur.html").read_text(encoding="utf-8")
    assert 'data-quizkit-key="ui.guide-linked-quiz"' in made
    html = (folder / "tiny/ur.html").read_text(encoding="utf-8")
    assert (
        f'{{"id":"first","type":"single_choice","prompt":"{URDU_PROMPT}",'
        '"options":[{"id":"this","text":"This one","feedback":"Right, this one."}'
    ) in html


def test_a_page_for_one_locale_lists_every_locale_of_the_project(
    partly_translated: ProjectConfig, tmp_path: Path
) -> None:
    # The language switch of a run for ur alone is that of a full run, so the screenshots match.
    folder = tmp_path / "pages"
    folder.mkdir()
    write_pages(partly_translated, ["ur"], folder)
    html = (folder / "tiny/ur.html").read_text(encoding="utf-8")
    assert '<a href="ar.html" hreflang="ar" lang="ar" dir="rtl" data-locale-link="">العربية</a>' in html


def _image_sources(found: object) -> Iterator[str]:
    """Every image's ``src`` in a page's view: the player's script sets each one on its ``<img>``."""
    if isinstance(found, dict):
        if isinstance(found.get("src"), str):
            yield found["src"]
        for value in found.values():
            yield from _image_sources(value)
    elif isinstance(found, list):
        for value in found:
            yield from _image_sources(value)


def test_the_images_the_pages_show_are_written_beside_them(tmp_path: Path) -> None:
    # The pages' images were not copied: every screenshot of a question with an image showed it broken.
    from rich_project import IMAGE_BYTES, RING, rich_project

    project = rich_project(tmp_path / "project")
    folder = tmp_path / "pages"
    folder.mkdir()
    pages, _ = write_pages(load_config(project), ["en", "ur"], folder)
    walked = [page for page in pages if page.walk]
    assert walked
    for page in walked:
        document = lxml.html.fromstring((folder / page.path).read_bytes())
        (data,) = document.xpath(f"//script[@id='{DATA_ELEMENT_ID}']/text()")
        sources = list(_image_sources(json.loads(data)["view"]))
        assert sources, page.path
        for source in sources:
            assert (folder / page.path).parent.joinpath(source).resolve().is_file(), (page.path, source)
    for locale in ("en", "ur"):
        page = folder / "rich-question" / f"{locale}.html"
        (data,) = lxml.html.fromstring(page.read_bytes()).xpath(f"//script[@id='{DATA_ELEMENT_ID}']/text()")
        (question,) = json.loads(data)["view"]["questions"]
        assert question["image"]["src"] == f"../{RING[locale]}"
        assert (folder / RING[locale]).read_bytes() == IMAGE_BYTES[locale]
