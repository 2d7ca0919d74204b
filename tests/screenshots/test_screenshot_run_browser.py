"""``quizkit screenshots`` in headless Chromium on a project of the test's own: one question of every
kind, in English and Urdu. Every string the player shows gets a screenshot with its box outlined, the
catalogs reference exactly those, and a second run changes no byte and rewrites no file."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from support import (
    EVERY_TYPE_QUIZ,
    every_type_urdu,
    fixture_project,
    run_quizkit,
    run_quizkit_in_process,
    snapshot,
    translate,
)

from toolkit.content import load_project
from toolkit.gettext.po_reader import read_po

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(
        "no browser: /usr/bin/chromium is missing (apt-get install chromium fonts-noto-core fontconfig)",
        allow_module_level=True,
    )

SLOW_MACHINE = ("--browser-timeout", "180")
"""The tests share a machine with other work: the browser is given three times the default to answer."""

OUTLINE = bytes((0xD4, 0x00, 0x6A))
"""The colour of the outline around the string (toolkit/screenshots/capture.js)."""

NEVER_SHOWN_MESSAGES = {
    # Not in this quiz: no partial credit earned.
    "ui.partly-correct",
    "ui.score-points",
}
"""Every other string has a screenshot: the index's start-card messages on the index, the other levels
and the hint of a question with several correct options on pages made for them, the screen readers'
labels outlining what they are said of, every accepted answer of a typed blank in the right answer."""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = fixture_project(tmp_path_factory.mktemp("shots"), {"every-type": EVERY_TYPE_QUIZ.read_text()})
    assert run_quizkit_in_process(project, "update").returncode == 0
    translate(project / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    result = run_quizkit(project, "screenshots", *SLOW_MACHINE)
    assert result.returncode == 0, result.stdout + result.stderr
    return project


def catalog_keys(project: Path) -> set[str]:
    loaded = load_project(project)
    keys = {text.key for quiz in loaded.content.quizzes for text in quiz.texts()}
    interface = loaded.content.interface
    assert interface is not None
    return keys | {message.key for message in interface.messages}


def pixels(png: bytes) -> tuple[int, bytes]:
    """The width and the raw RGB rows (each after its filter byte) of a PNG Chromium wrote."""
    position, width, data = 8, 0, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        if kind == b"IHDR":
            width = struct.unpack(">I", png[position + 8 : position + 12])[0]
        elif kind == b"IDAT":
            data += png[position + 8 : position + 8 + length]
        position += 12 + length
    return width, zlib.decompress(data)


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_string_of_every_kind_the_player_shows_has_a_screenshot(project: Path, locale: str) -> None:
    taken = {path.name.removesuffix(".png") for path in (project / "screenshots" / locale).glob("*.png")}
    expected = catalog_keys(project) - NEVER_SHOWN_MESSAGES
    assert taken == expected


def test_the_command_says_what_it_did_and_what_had_no_screenshot(project: Path) -> None:
    result = run_quizkit(project, "screenshots", *SLOW_MACHINE, "--locale", "ur")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-3:] == [
        "ur: 2 strings the player did not show, without a screenshot: ui.partly-correct, ui.score-points",
        # No quiz has these levels, a guide or a question with several correct options: said, with
        # where they were taken instead.
        "ur: 4 strings no quiz shows, taken on a page made for the screenshot (a quiz's header with "
        "another level or a guide, a question asking for every answer that applies): ui.choose-all, "
        "ui.guide-linked-quiz, ui.level-advanced, ui.level-beginner",
        "screenshots done: 81 screenshots in screenshots, 0 written, 0 catalogs updated",
    ]


OUTLINED = [
    "ur/every-type.title.png",  # the header
    "ur/every-type.questions.gpu-holds.options.layer-slice.png",  # a question as asked
    "ur/every-type.questions.gpu-holds.explanation.png",  # answered and checked
    "ur/every-type.questions.match-collectives.distractors.shuffle.png",  # a drop-down's option
    "en/ui.not-answered.png",  # the results page
    # A typed blank's second accepted answer, in the review's right answer with the first.
    "ur/every-type.questions.fill-replica.blanks.copy.answers.copy.png",
    # Read by screen readers only: the element they are said of is outlined (the blank's field, the
    # item just moved).
    "ur/ui.blank-label.png",
    "en/ui.moved.png",
    # The index's start card, and the pages made for messages no quiz shows.
    "ur/ui.start-quiz.png",
    "ur/ui.question-count.png",
    "en/ui.level-beginner.png",
    "ur/ui.guide-linked-quiz.png",
    "ur/ui.choose-all.png",
    # A filled button's label: outlined round the whole button, on the page (round the label alone,
    # inside the button, the outline was multiplied into the button's colour).
    "en/ui.check-answer.png",
    "ur/ui.restart.png",
]


@pytest.mark.parametrize("name", OUTLINED)
def test_a_screenshot_outlines_its_string(project: Path, name: str) -> None:
    assert OUTLINE in unfiltered((project / "screenshots" / name).read_bytes())


def unfiltered(png: bytes) -> bytes:
    """The RGB pixels of a PNG, its rows' filters undone (PNG specification, section 9)."""
    width, rows = pixels(png)
    stride = width * 3
    previous = bytearray(stride)
    out = bytearray()
    for start in range(0, len(rows), stride + 1):
        kind = rows[start]
        line = bytearray(rows[start + 1 : start + 1 + stride])
        for index in range(stride):
            left = line[index - 3] if index >= 3 else 0
            up = previous[index]
            corner = previous[index - 3] if index >= 3 else 0
            if kind == 1:
                line[index] = (line[index] + left) & 0xFF
            elif kind == 2:
                line[index] = (line[index] + up) & 0xFF
            elif kind == 3:
                line[index] = (line[index] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - corner
                distances = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                best = (
                    left
                    if distances[0] <= distances[1] and distances[0] <= distances[2]
                    else (up if distances[1] <= distances[2] else corner)
                )
                line[index] = (line[index] + best) & 0xFF
        out += line
        previous = line
    return bytes(out)


def test_the_catalogs_reference_exactly_the_screenshots_there_are(project: Path) -> None:
    for domain in ("every-type", "ui"):
        path = project / f"locales/ur/LC_MESSAGES/{domain}.po"
        catalog = read_po(path.read_bytes(), path.name)
        for entry in catalog.entries:
            references = [
                comment for comment in entry.extracted_comments if comment.startswith("Screenshot: ")
            ]
            file = f"screenshots/ur/{entry.context}.png"
            assert references == ([f"Screenshot: {file}"] if (project / file).is_file() else []), (
                entry.context
            )


def test_a_second_run_changes_no_byte_and_rewrites_no_file(project: Path) -> None:
    before = snapshot(project)
    times = {path: path.stat().st_mtime_ns for path in (project / "screenshots").rglob("*.png")}
    result = run_quizkit(project, "screenshots", *SLOW_MACHINE)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == (
        "screenshots done: 162 screenshots in screenshots, 0 written, 0 catalogs updated"
    )
    after = snapshot(project)
    assert sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path)) == []
    assert {path: path.stat().st_mtime_ns for path in times} == times


def test_a_run_for_one_locale_draws_the_pages_of_a_full_run_and_keeps_foreign_pictures(project: Path) -> None:
    # The language switch lists every locale of the project, not only those of the run; a picture of the
    # user's in a locale's folder is no screenshot of quizkit's, so it is not removed as one whose key is gone.
    foreign = project / "screenshots/ur/team-logo.png"
    foreign.write_bytes((project / "screenshots/ur/ui.score.png").read_bytes())
    before = snapshot(project)
    result = run_quizkit(project, "screenshots", *SLOW_MACHINE, "--locale", "ur")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == (
        "screenshots done: 81 screenshots in screenshots, 0 written, 0 catalogs updated"
    )
    after = snapshot(project)
    assert sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path)) == []
    foreign.unlink()


def test_a_build_takes_them_when_the_configuration_says_so(project: Path) -> None:
    with (project / "quizkit.toml").open("a", encoding="utf-8") as config:
        config.write("build-screenshots = true\n")
    result = run_quizkit(project, "build", "--format", "text", *SLOW_MACHINE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "screenshots done: 162 screenshots in screenshots, 0 written, 0 catalogs updated"
    assert any(line.startswith("build done: ") for line in lines)


def test_a_question_s_image_shows_in_its_screenshot(tmp_path: Path) -> None:
    # The pages' images were not copied beside them: the screenshot showed a broken image.
    from image_project import BLUE, RED
    from rich_project import rich_project

    project = rich_project(tmp_path / "project")
    result = run_quizkit(project, "screenshots", *SLOW_MACHINE)
    assert result.returncode == 0, result.stdout + result.stderr
    # The prompt's image, outlined as the string of its alt text: red in English, blue in Urdu.
    for locale, colour in (("en", RED), ("ur", BLUE)):
        shot = project / "screenshots" / locale / "rich-question.questions.ring.image-alt.png"
        assert bytes(colour) * 40 in unfiltered(shot.read_bytes()), locale
