"""The HTML player in headless Chromium: answering every question in every locale, right-to-left layout,
fonts (through the DevTools protocol), keyboard use, the locale switch, no network and no console errors,
and an axe-core accessibility check. Screenshots go to test-output/.

Needs Debian's ``chromium`` (with ``fonts-noto-core``) and the ``playwright`` package (the dev extra); the
browser is never downloaded. Without them the module is skipped.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support import copy_project, run_quizkit

CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip(
        "no browser: /usr/bin/chromium is missing (apt-get install chromium fonts-noto-core fontconfig)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is missing (pip install -e '.[dev]')"
)

from exporters.test_html import sample_pages  # noqa: E402  (the sample quiz: multiple choice, feedback, hostile text)

from toolkit.text.locale_info import cldr_category  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
AXE = ROOT / "tests" / "node" / "node_modules" / "axe-core" / "axe.min.js"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project exported to html, plus the sample quiz written next to it."""
    project = copy_project(tmp_path_factory.mktemp("project"))
    result = run_quizkit(project, "export", "-f", "html")
    assert result.returncode == 0, result.stdout + result.stderr
    html = project / "dist" / "html"
    for path, data in sample_pages().items():
        target = html / "sample-quiz" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return html


class Watched:
    """A page with its console errors, page errors and requests recorded."""

    def __init__(self, browser: Any, path: Path, hash_: str = "") -> None:
        self.context = browser.new_context(viewport={"width": 900, "height": 1000})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("dialog", self._dialog)
        self.url = path.as_uri()
        self.page.goto(self.url + hash_)

    def _dialog(self, dialog: Any) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def data(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.page.text_content("#quiz-data") or "")
        return result

    def close(self, *also: str) -> None:
        """No console error, no dialog, and no request but the page itself (and ``also``)."""
        assert self.errors == []
        assert {url.split("#")[0] for url in self.requests} <= {self.url, *also}, self.requests
        self.context.close()


def text_of(segments: list[list[str]]) -> str:
    return "".join(text for _, text in segments)


def message(data: dict[str, Any], name: str, **values: int) -> str:
    entry = data["view"]["messages"][name]
    segments = entry.get("text") or entry["forms"][cldr_category(data["bundle"]["locale"], values["count"])]
    return "".join(str(values[text]) if kind == "ph" else text for kind, text in segments)


def answer_all(watched: Watched, keyboard_question: int = 1) -> int:
    """Answer every question, right on even ones and wrong on odd ones; check what the player shows."""
    page = watched.page
    data = watched.data()
    questions = data["bundle"]["questions"]
    right = 0
    for index, (question, texts) in enumerate(zip(questions, data["view"]["questions"], strict=True)):
        total = len(questions)
        assert page.text_content("#progress") == message(
            data, "question-progress", current=index + 1, total=total
        )
        assert page.text_content("legend") == text_of(texts["prompt"])
        wrong = [option for option in texts["order"] if option not in question["correct"]]
        choice = list(question["correct"]) if index % 2 == 0 else wrong[:1]
        if index == keyboard_question and question["type"] == "single_choice":
            # Keyboard only: focus the group, arrow to the wanted option, Tab to the button, Enter, Enter.
            page.focus("fieldset input >> nth=0")
            page.keyboard.press("Space")
            for _ in range(texts["order"].index(choice[0])):
                page.keyboard.press("ArrowDown")
            assert page.eval_on_selector("input:checked", "input => input.value") == choice[0]
            page.keyboard.press("Tab")
            page.keyboard.press("Enter")
        else:
            for option in choice:
                page.check(f"input[value='{option}']")
            page.click("button.check")
        is_right = sorted(choice) == sorted(question["correct"])
        right += is_right
        verdict = message(data, "correct" if is_right else "incorrect")
        assert page.text_content(".feedback .verdict") == verdict
        assert page.get_attribute(".feedback", "aria-live") == "polite"
        feedback = [
            text_of(texts["options"][option]["feedback"])
            for option in choice
            if "feedback" in texts["options"][option]
        ]
        assert page.locator(".option-feedback").all_text_contents() == feedback
        assert page.text_content(".feedback h2") == message(data, "explanation")
        assert page.text_content(".explanation") == text_of(texts["explanation"])
        last = index == total - 1
        assert page.text_content("button.next") == message(data, "see-results" if last else "next-question")
        if index == keyboard_question:
            assert page.evaluate("document.activeElement.className") == "next"
            page.keyboard.press("Enter")
        else:
            page.click("button.next")
    expected = message(data, "score", count=right, total=len(questions))
    assert page.text_content("#score") == expected
    return right


def test_each_locale_answers_feedback_and_score(browser: Any, pages: Path) -> None:
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "data-parallel" / f"{locale}.html")
        page = watched.page
        right = answer_all(watched)
        assert right == 4
        assert page.evaluate("location.hash") == "#q=9&score=4"
        page.click("button.restart")
        assert page.text_content("#progress") == message(
            watched.data(), "question-progress", current=1, total=8
        )
        watched.close()


def test_sample_quiz_multiple_choice_feedback_and_hostile_text(browser: Any, pages: Path) -> None:
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "sample-quiz" / "sample" / f"{locale}.html")
        page = watched.page
        # The hostile text is shown as text and never ran.
        assert "<script>alert(1)</script>" in page.text_content("h1")
        assert page.locator("input[type=radio]").count() == 4
        order = page.eval_on_selector_all(".option input", "inputs => inputs.map(input => input.value)")
        assert order == watched.data()["view"]["questions"][0]["order"] and order[3] == "all"
        # First question: the right answer; second (checkboxes): a wrong pick with feedback.
        right = answer_all(watched, keyboard_question=0)
        assert right == 1
        watched.close()


def test_screenshots(browser: Any, pages: Path) -> None:
    """Both locales at the question whose Urdu option starts with a Latin term, after a wrong answer."""
    OUTPUT.mkdir(exist_ok=True)
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "data-parallel" / f"{locale}.html", "#q=2&score=1")
        watched.page.check(".option[data-option='none'] input")
        watched.page.click("button.check")
        path = OUTPUT / f"html-player-{locale}.png"
        watched.page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        watched.close()


def test_urdu_layout_is_right_to_left(browser: Any, pages: Path) -> None:
    watched = Watched(browser, pages / "data-parallel" / "ur.html", "#q=2&score=1")
    page = watched.page
    assert page.evaluate("document.documentElement.dir") == "rtl"
    for selector in ("legend", "fieldset", ".options", ".option", ".option label"):
        directions = page.eval_on_selector_all(
            selector, "nodes => nodes.map(node => getComputedStyle(node).direction)"
        )
        assert directions and set(directions) == {"rtl"}, selector
    assert page.eval_on_selector_all("[dir=auto]", "nodes => nodes.length") == 0
    line_height = page.eval_on_selector(
        "legend",
        "node => parseFloat(getComputedStyle(node).lineHeight) / parseFloat(getComputedStyle(node).fontSize)",
    )
    assert 2.2 <= line_height <= 2.5
    # "GPUs کے درمیان …": the option starts with a Latin term, and still lays out right to left.
    option = page.locator(".option[data-option='none']")
    radio = option.locator("input").bounding_box()
    label = option.locator("label").bounding_box()
    latin = option.locator("label span[dir=ltr]").first
    assert latin.text_content() == "GPUs"
    term = latin.bounding_box()
    assert radio is not None and label is not None and term is not None
    assert radio["x"] >= label["x"] + label["width"] - 1  # the radio button is right of the text
    assert (
        term["x"] + term["width"] >= label["x"] + label["width"] - 2
    )  # the term starts the line, on the right
    watched.close()


def platform_fonts(session: Any, root_id: int, selector: str) -> list[str]:
    node = session.send("DOM.querySelector", {"nodeId": root_id, "selector": selector})["nodeId"]
    assert node, selector
    fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return [font["familyName"] for font in fonts]


def test_fonts_nastaliq_for_urdu_latin_for_runs(browser: Any, pages: Path) -> None:
    watched = Watched(browser, pages / "data-parallel" / "ur.html", "#q=2&score=1")
    session = watched.context.new_cdp_session(watched.page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    urdu = platform_fonts(session, root, "h1")
    assert urdu and all("Nastaliq" in family for family in urdu), urdu
    latin = platform_fonts(session, root, ".option[data-option='none'] label span[dir=ltr]")
    assert latin and not any("Nastaliq" in family or "Arabic" in family for family in latin), latin
    session.detach()
    watched.close()


def test_locale_switch_keeps_the_position(browser: Any, pages: Path) -> None:
    watched = Watched(browser, pages / "data-parallel" / "ur.html")
    page = watched.page
    page.check(".option input >> nth=0")
    page.click("button.check")
    page.click("button.next")
    page.check(".option input >> nth=0")
    page.click("button.check")
    page.click("button.next")
    assert page.get_attribute("a[hreflang=en]", "href") == "en.html#q=3&score=1"
    page.click("a[hreflang=en]")
    page.wait_for_url("**/en.html#q=3&score=1")
    assert page.text_content("#progress") == "Question 3 of 8"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.get_attribute("a[hreflang=ur]", "href") == "ur.html#q=3&score=1"
    watched.close(watched.url.replace("ur.html", "en.html"))


def test_no_serious_accessibility_violations(browser: Any, pages: Path) -> None:
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci in tests/node; .ci/run does it)")
    axe = AXE.read_text(encoding="utf-8")
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "data-parallel" / f"{locale}.html")
        page = watched.page
        page.evaluate(axe)  # through the DevTools protocol: the page's CSP still applies to the page
        states = []
        states.append(page.evaluate("axe.run(document).then(r => r.violations)"))
        page.check(".option input >> nth=1")
        page.click("button.check")
        states.append(page.evaluate("axe.run(document).then(r => r.violations)"))
        page.goto(watched.url + "#q=9&score=3")
        page.reload()
        page.evaluate(axe)
        states.append(page.evaluate("axe.run(document).then(r => r.violations)"))
        for violations in states:
            serious = [
                (violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]])
                for violation in violations
                if violation["impact"] in ("serious", "critical")
            ]
            assert serious == [], serious
        watched.close()
    watched = Watched(browser, pages / "index.html")
    watched.page.evaluate(axe)
    violations = watched.page.evaluate("axe.run(document).then(r => r.violations)")
    assert [
        violation["id"] for violation in violations if violation["impact"] in ("serious", "critical")
    ] == []
    watched.close()
