"""``quizkit serve`` in a subprocess with a page open in Chromium: an edit on disk reaches the page with
no manual reload and at the same question, a broken YAML shows the overlay with file:line and a fix
clears it, the page's policy lets nothing else in (no console error), and Ctrl-C stops it with exit 0.

Needs Debian's ``chromium`` and the ``playwright`` package (the dev extra); the browser is never
downloaded. Without them the module is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, require_chromium
from serve_process import Serve
from support import snapshot

sync_api = require_chromium()

from toolkit.scaffold import create_project  # noqa: E402

# Generous bounds for a slow, shared machine: the test waits for what the page shows, never for a time.
WAIT_MILLISECONDS = 60_000
OLD_PROMPT = "Which of these are forms of precipitation?"
NEW_PROMPT = "Which of these fall from clouds?"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    create_project(tmp_path / "demo", ["fr"])
    return tmp_path / "demo"


@pytest.fixture
def serve(project: Path) -> Iterator[Serve]:
    running = Serve(project)
    yield running
    running.kill()


@pytest.fixture
def page() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser.new_page()


def shows(page: Any, text: str) -> None:
    page.wait_for_function(
        "text => document.body.innerText.includes(text)", arg=text, timeout=WAIT_MILLISECONDS
    )


AA_CONTRAST = 4.5
SHOWN_COLORS = """element => {
    let node = element, background = "rgba(0, 0, 0, 0)";
    while (node && /^rgba\\(.*, 0\\)$/.test(background)) {
        background = getComputedStyle(node).backgroundColor;
        node = node.parentElement;
    }
    return [getComputedStyle(element).color, background];
}"""
"""An element's text color and the background it is drawn on (the nearest one that is not transparent)."""


def contrast(foreground: str, background: str) -> float:
    """The WCAG 2 contrast ratio of two opaque CSS colors as a browser computes them (``rgb(r, g, b)``)."""

    def luminance(color: str) -> float:
        channels = [int(part) / 255 for part in color[color.index("(") + 1 : -1].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_an_edit_reaches_the_open_page_at_its_question_and_errors_show_until_fixed(
    project: Path, serve: Serve, page: Any
) -> None:
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    before = {name: data for name, data in snapshot(project).items() if not name.startswith(".quizkit/")}
    page.goto(serve.url + "first-quiz/en.html#q=2&score=1")
    shows(page, OLD_PROMPT)
    # The player's stylesheet and script come from the build's assets, which the preview serves.
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(250, 250, 250)"
    sources = page.evaluate("[...document.scripts].map(script => script.src)")
    assert [source.removeprefix(serve.url)[:14] for source in sources if "/assets/" in source] == [
        "assets/player-"
    ]
    page.evaluate("window.quizkitMarker = 'not reloaded'")

    quiz = project / "content" / "first-quiz.yaml"
    original = quiz.read_text(encoding="utf-8")
    quiz.write_text(original.replace(OLD_PROMPT, NEW_PROMPT), encoding="utf-8")
    shows(page, NEW_PROMPT)
    # The page reloaded by itself (the marker is gone) and stayed at the second question.
    assert page.evaluate("window.quizkitMarker") is None
    assert page.evaluate("location.hash").startswith("#q=2")

    quiz.write_text(original.replace("level: beginner", "level: [beginner"), encoding="utf-8")
    overlay = page.wait_for_selector("#quizkit-overlay", timeout=WAIT_MILLISECONDS)
    text = overlay.inner_text()
    assert "1 problem stops the build" in text
    assert "content/first-quiz.yaml:6:6 error[yaml-syntax]: invalid YAML:" in text
    # Every text of the overlay is readable over the player's page (WCAG AA: 4.5:1 for normal text).
    for selector in ("h2", ".quizkit-location", ".quizkit-problem", "p"):
        foreground, background = page.eval_on_selector(f"#quizkit-overlay {selector}", SHOWN_COLORS)
        assert contrast(foreground, background) >= AA_CONTRAST, (selector, foreground, background)

    quiz.write_text(original, encoding="utf-8")
    page.wait_for_selector("#quizkit-overlay", state="detached", timeout=WAIT_MILLISECONDS)
    shows(page, OLD_PROMPT)
    assert errors == []

    code, out, err = serve.interrupt()
    assert (code, out) == (0, "")  # the address, its one line on stdout, was read at the start
    assert "Traceback" not in err
    assert err.splitlines()[-1] == "stopped"
    # Every file the preview wrote is in its own folder: the project is as the test left it.
    assert {
        name: data for name, data in snapshot(project).items() if not name.startswith(".quizkit/")
    } == before


def test_ctrl_c_right_after_the_start_exits_cleanly(serve: Serve) -> None:
    code, out, err = serve.interrupt()
    assert (code, out, err.splitlines()[-1]) == (0, "", "stopped")
    assert "Traceback" not in err
