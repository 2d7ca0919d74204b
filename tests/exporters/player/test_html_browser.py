"""The HTML player in headless Chromium: answering every question in every locale, right-to-left layout,
fonts (through the DevTools protocol), keyboard use, the locale switch, no network and no console errors.
Screenshots go to test-output/. axe-core runs in the accessibility gate (test_accessibility_gate_browser.py).

Needs Debian's ``chromium`` (with ``fonts-noto-core``) and the ``playwright`` package (the dev extra); the
browser is never downloaded. Without them the module is skipped.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit
from urllib.request import url2pathname

import lxml.html
import pytest
from browser import chromium, require_chromium
from support import copy_project, fixture_project, run_quizkit, run_quizkit_in_process, translate

sync_api = require_chromium()

from exporters.player.test_html import (  # noqa: E402  (the sample quiz: multiple choice, feedback, hostile text)
    FALLEN_BACK,
    assets,
    delivery_pages,
    sample_pages,
)

from toolkit.config import load_config  # noqa: E402
from toolkit.screenshots.screenshot_run import write_pages  # noqa: E402
from toolkit.text.locale_info import cldr_category  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
OUTPUT = ROOT / "test-output"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real project exported to html, plus the sample quiz written next to it."""
    project = copy_project(tmp_path_factory.mktemp("project"))
    result = run_quizkit(project, "export", "-f", "html")
    assert result.returncode == 0, result.stdout + result.stderr
    html = project / "dist" / "html"
    samples = {
        "sample-quiz": sample_pages(),
        "fallback-quiz": sample_pages(FALLEN_BACK),
        "delivery-quiz": {**delivery_pages(), **assets()},
    }
    for folder, written in samples.items():
        for path, data in written.items():
            target = html / folder / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return html


CSP_REPORTER = """document.addEventListener("securitypolicyviolation", event =>
  console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`));"""
"""Run in every page before its own scripts: a policy violation is a console error (Chromium logs
most of them itself; the event is the documented report)."""


SERVED: dict[str, Path] = {}
"""The folders :func:`served` serves now, by origin URL."""


def page_path(url: str) -> Path:
    """The file a page's URL names: a ``file://`` URL, or one of a folder :func:`served` serves."""
    for origin, folder in SERVED.items():
        if url.startswith(origin):
            return folder / url2pathname(urlsplit(url).path.removeprefix("/"))
    return Path(url2pathname(urlsplit(url).path))


def own_files(url: str) -> set[str]:
    """A page's URL and those of the files it refers to (its stylesheet and scripts), from its source."""
    document = lxml.html.fromstring(page_path(url).read_bytes())
    links = document.xpath("//link/@href") + document.xpath("//script/@src")
    return {url.split("#")[0], *(urljoin(url, link) for link in links)}


class Watched:
    """A page with its console errors (policy violations among them), page errors and requests
    recorded."""

    def __init__(
        self, browser: Any, path: Path, hash_: str = "", width: int = 900, url: str | None = None
    ) -> None:
        """``path``: the page's file; ``url``: where it is opened from (by default, the file; else from
        a folder :func:`served` serves)."""
        self.context = browser.new_context(viewport={"width": width, "height": 1000})
        self.context.add_init_script(CSP_REPORTER)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("dialog", self._dialog)
        self.path = path
        self.url = url or path.as_uri()
        self.page.goto(self.url + hash_)

    def _dialog(self, dialog: Any) -> None:
        self.errors.append(f"dialog: {dialog.message}")
        dialog.dismiss()

    def data(self) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(self.page.text_content("#quiz-data") or "")
        return result

    def close(self, *also: str) -> None:
        """No console error or policy violation, no dialog, and no request but the page itself (and the
        pages ``also``) and the files they refer to; the page's own files were loaded."""
        assert self.errors == []
        requested = {url.split("#")[0] for url in self.requests}
        allowed = own_files(self.url).union(*(own_files(url) for url in also))
        assert requested <= allowed, self.requests
        assert own_files(self.url) <= requested, self.requests
        self.context.close()


def text_of(segments: list[list[str]]) -> str:
    return "".join(text for _, text in segments)


def message(data: dict[str, Any], name: str, **values: int) -> str:
    entry = data["view"]["messages"][name]
    segments = entry.get("text") or entry["forms"][cldr_category(data["bundle"]["locale"], values["count"])]
    return "".join(str(values[text]) if kind == "ph" else text for kind, text in segments)


def answer_all(watched: Watched, keyboard_question: int = 1) -> tuple[int, list[list[str]]]:
    """Answer every question, right on even ones and wrong on odd ones; check what the player shows.
    Returns the score and the options chosen in each question."""
    page = watched.page
    data = watched.data()
    questions = data["bundle"]["questions"]
    right = 0
    choices: list[list[str]] = []
    for index, (question, texts) in enumerate(zip(questions, data["view"]["questions"], strict=True)):
        total = len(questions)
        assert page.text_content("#progress") == message(
            data, "question-progress", current=index + 1, total=total
        )
        assert page.text_content("legend") == text_of(texts["prompt"])
        wrong = [option for option in texts["order"] if option not in question["correct"]]
        choice = list(question["correct"]) if index % 2 == 0 else wrong[:1]
        choices.append(choice)
        assert page.eval_on_selector("progress", "bar => [bar.value, bar.max]") == [index, total]
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
        # Checked: the check button is gone, the progress bar counts this question.
        assert page.locator("button.check").is_hidden()
        assert page.eval_on_selector("progress", "bar => bar.value") == index + 1
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
    return right, choices


def hash_of(choices: list[list[str]], score: int) -> str:
    return f"#q={len(choices) + 1}&score={score}&answers=" + ".".join("+".join(c) for c in choices)


def test_each_locale_answers_feedback_and_score(browser: Any, pages: Path) -> None:
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "data-parallel" / f"{locale}.html")
        page = watched.page
        right, choices = answer_all(watched)
        assert right == 4
        assert page.evaluate("location.hash") == hash_of(choices, 4)
        page.click("button.restart")
        assert page.text_content("#progress") == message(
            watched.data(), "question-progress", current=1, total=8
        )
        watched.close()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served over http on the loopback: the origin's URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever)
    thread.start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    SERVED[origin] = folder
    try:
        yield origin
    finally:
        del SERVED[origin]
        server.shutdown()
        server.server_close()
        thread.join()


def test_pages_run_from_file_and_over_http_under_their_own_policy(browser: Any, pages: Path) -> None:
    """Opened from file:// (offline) and from a web server, a page loads its stylesheet and script and
    nothing else, under its own policy: the player runs, the style applies, no violation is reported."""
    with served(pages) as origin:
        for name in ("data-parallel/ur.html", "data-parallel/en.html", "index.html"):
            for url in ((pages / name).as_uri(), origin + name):
                watched = Watched(browser, pages / name, url=url)
                page = watched.page
                # The stylesheet applied (the body's background) ...
                assert (
                    page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(250, 250, 250)"
                )
                if name != "index.html":
                    # ... and the script ran: the first question is on screen.
                    first = watched.data()["view"]["questions"][0]
                    assert page.text_content("legend") == text_of(first["prompt"])
                    assert page.evaluate("typeof quizkitPlayer.saved") == "function"
                # Nothing was refused while the page loaded and ran; and the policy still refuses what
                # is not the page's own (an inline script added to it), and that is reported.
                assert watched.errors == []
                page.evaluate(
                    """document.body.append(Object.assign(document.createElement("script"),
                    {textContent: "window.injected = true"}))"""
                )
                assert page.evaluate("window.injected === undefined")
                assert "CSP violation: script-src-elem inline" in watched.errors, watched.errors
                watched.errors.clear()
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
        right, _ = answer_all(watched, keyboard_question=0)
        assert right == 1
        watched.close()


def test_screenshots(browser: Any, pages: Path) -> None:
    """At 1280 and 390 px, both locales: the question whose Urdu option starts with a Latin term after
    a wrong answer, a question that fell back to English, the review; and the index page."""
    OUTPUT.mkdir(exist_ok=True)
    for width in (1280, 390):
        for locale in ("en", "ur"):
            watched = Watched(browser, pages / "data-parallel" / f"{locale}.html", "#q=2&score=1", width)
            watched.page.check(".option[data-option='none'] input")
            watched.page.click("button.check")
            shots = {f"html-player-{locale}-{width}.png": watched.page}
            fallback = Watched(browser, pages / "fallback-quiz" / "sample" / f"{locale}.html", "#q=2", width)
            fallback.page.check("input[value='adam']")
            fallback.page.click("button.check")
            shots[f"html-player-fallback-{locale}-{width}.png"] = fallback.page
            review = Watched(
                browser,
                pages / "sample-quiz" / "sample" / f"{locale}.html",
                "#q=3&score=1&answers=plain.adam",
                width,
            )
            shots[f"html-player-review-{locale}-{width}.png"] = review.page
            for name, page in shots.items():
                path = OUTPUT / name
                page.screenshot(path=str(path), full_page=True)
                assert path.stat().st_size > 10_000
            for each in (watched, fallback, review):
                each.close()
        index = Watched(browser, pages / "index.html", width=width)
        index.page.screenshot(path=str(OUTPUT / f"html-index-{width}.png"), full_page=True)
        index.close()


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
    chosen = page.evaluate("quizkitPlayer.state.answers.map(choice => choice.join('+')).join('.')")
    position = f"#q=3&score=1&answers={chosen}"
    assert page.get_attribute("a[hreflang=en]", "href") == "en.html" + position
    page.click("a[hreflang=en]")
    page.wait_for_url("**/en.html" + position)
    assert page.text_content("#progress") == "Question 3 of 8"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.get_attribute("a[hreflang=ur]", "href") == "ur.html" + position
    watched.close(watched.url.replace("ur.html", "en.html"))


def cdp_fonts(watched: Watched, selector: str) -> list[str]:
    session = watched.context.new_cdp_session(watched.page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    fonts = platform_fonts(session, root, selector)
    session.detach()
    return fonts


LANGUAGE = """node => [node.matches(':lang(ur)') ? 'ur' : node.matches(':lang(en)') ? 'en' : '?',
                       getComputedStyle(node).direction]"""


def test_interface_text_in_a_fallen_back_question_keeps_its_language(browser: Any, pages: Path) -> None:
    # The second question has no Urdu prompt: it is shown wholly in English inside the Urdu page.
    watched = Watched(browser, pages / "fallback-quiz" / "sample" / "ur.html", "#q=2&score=0")
    page = watched.page
    assert page.eval_on_selector("fieldset", LANGUAGE) == ["en", "ltr"]
    assert page.eval_on_selector("legend", LANGUAGE) == ["en", "ltr"]
    assert page.text_content(".hint") == message(watched.data(), "choose-all")
    assert page.eval_on_selector(".hint", LANGUAGE) == ["ur", "rtl"]
    hint = cdp_fonts(watched, ".hint")
    assert hint and all("Nastaliq" in family for family in hint), hint
    page.check("input[value='adam']")
    page.click("button.check")
    marks = page.eval_on_selector_all(".mark", f"nodes => nodes.map({LANGUAGE})")
    assert marks == [["ur", "rtl"]] * 3
    assert page.locator(".mark").all_text_contents() == [
        message(watched.data(), name) for name in ("correct", "correct", "incorrect")
    ]
    mark = cdp_fonts(watched, ".mark")
    assert mark and all("Nastaliq" in family for family in mark), mark
    # The option's own text stays English, in a Latin font.
    label = cdp_fonts(watched, ".option[data-option='adam'] label")
    assert label and not any("Nastaliq" in family for family in label), label
    watched.close()


def test_inline_code_is_monospace_and_never_breaks(browser: Any, pages: Path) -> None:
    # So narrow that "all-reduce" cannot fit on a line: it overflows rather than break at its hyphen.
    watched = Watched(browser, pages / "sample-quiz" / "sample" / "ur.html", "#q=2&score=1", width=150)
    page = watched.page
    code = page.locator(".option[data-option='all-reduce'] code")
    assert code.text_content() == "all-reduce"
    assert code.evaluate("node => node.getClientRects().length") == 1
    fonts = cdp_fonts(watched, ".option[data-option='all-reduce'] code")
    assert fonts and all("Mono" in family for family in fonts), fonts
    watched.close()
    # Code inside Urdu running text (the explanation) is monospace too.
    watched = Watched(browser, pages / "sample-quiz" / "sample" / "ur.html")
    watched.page.check("input[value='plain']")
    watched.page.click("button.check")
    assert watched.page.text_content(".explanation code") == "<b>"
    fonts = cdp_fonts(watched, ".explanation code")
    assert fonts and all("Mono" in family for family in fonts), fonts
    watched.close()


def test_a_legend_that_wraps_stays_below_the_fieldset_border(browser: Any, pages: Path) -> None:
    watched = Watched(browser, pages / "data-parallel" / "ur.html", "#q=2&score=1", width=390)
    page = watched.page
    box = page.eval_on_selector(
        "legend",
        """legend => {
          const fieldset = legend.closest('fieldset');
          const line = parseFloat(getComputedStyle(legend).lineHeight);
          return {legend: legend.getBoundingClientRect().top, height: legend.getBoundingClientRect().height,
                  line, top: fieldset.getBoundingClientRect().top,
                  border: parseFloat(getComputedStyle(fieldset).borderTopWidth)};
        }""",
    )
    assert box["height"] > 1.5 * box["line"]  # the prompt wraps at 390 px
    assert box["legend"] >= box["top"] + box["border"], box
    watched.close()


def accessibility_tree(watched: Watched) -> list[dict[str, Any]]:
    session = watched.context.new_cdp_session(watched.page)
    nodes: list[dict[str, Any]] = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    return nodes


def test_progress_bar_values_for_screen_readers(browser: Any, pages: Path) -> None:
    watched = Watched(browser, pages / "sample-quiz" / "sample" / "ur.html", "#q=2&score=1")
    page = watched.page

    def progressbar() -> dict[str, Any]:
        (node,) = [
            node for node in accessibility_tree(watched) if node.get("role", {}).get("value") == "progressbar"
        ]
        properties = {
            item["name"]: item["value"]["value"]
            for item in node.get("properties", [])
            if item["name"] in ("valuemin", "valuemax")
        }
        return {"name": node["name"]["value"], "valuenow": node["value"]["value"], **properties}

    expected_name = message(watched.data(), "question-progress", current=2, total=2)
    assert progressbar() == {
        "name": expected_name,
        "valuemin": 0,
        "valuemax": 2,
        "valuenow": 1,
    }
    page.check("input[value='adam']")
    page.click("button.check")
    assert progressbar()["valuenow"] == 2
    # Right to left: the bar fills from the right edge.
    assert page.eval_on_selector("progress", "bar => getComputedStyle(bar).direction") == "rtl"
    watched.close()


def review_of(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all(
        "ol.review > li",
        """items => items.map(item => ({
          heading: item.querySelector('h3').textContent,
          prompt: item.querySelector('.review-prompt').textContent,
          verdict: item.querySelector('.verdict') ? item.querySelector('.verdict').textContent : null,
          terms: Array.from(item.querySelectorAll('dt')).map(term => term.textContent),
          chosen: Array.from(item.querySelectorAll('dd.chosen')).map(node => node.textContent),
          correct: Array.from(item.querySelectorAll('dd.correct')).map(node => node.textContent),
          explanation: item.querySelector('dd.explanation') ? item.querySelector('dd.explanation').textContent : null,
          direction: getComputedStyle(item.querySelector('.review-prompt')).direction,
        }))""",
    )


def expected_review(data: dict[str, Any], choices: list[list[str]], graded: bool) -> list[dict[str, Any]]:
    items = []
    questions = data["bundle"]["questions"]
    for index, (texts, chosen) in enumerate(zip(data["view"]["questions"], choices, strict=True)):
        question = questions[index]
        shown = [option for option in texts["order"] if option in chosen]
        right = sorted(chosen) == sorted(question.get("correct", []))
        items.append(
            {
                "heading": message(data, "question-progress", current=index + 1, total=len(questions)),
                "prompt": text_of(texts["prompt"]),
                "verdict": message(data, "correct" if right else "incorrect") if graded else None,
                "terms": [message(data, "your-answer")]
                + ([message(data, "correct-answer"), message(data, "explanation")] if graded else []),
                "chosen": [text_of(texts["options"][option]["text"]) for option in shown],
                "correct": [
                    text_of(texts["options"][option]["text"])
                    for option in texts["order"]
                    if option in question.get("correct", [])
                ],
                "explanation": text_of(texts["explanation"]) if graded else None,
                "direction": texts["dir"],
            }
        )
    return items


def test_review_lists_answers_correct_options_and_explanations(browser: Any, pages: Path) -> None:
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "sample-quiz" / "sample" / f"{locale}.html")
        page = watched.page
        _, choices = answer_all(watched, keyboard_question=0)
        data = watched.data()
        assert page.text_content("#review-heading") == message(data, "review")
        assert review_of(page) == expected_review(data, choices, graded=True)
        # A list of questions, each under its own heading, for screen readers.
        tree = accessibility_tree(watched)
        roles = [node.get("role", {}).get("value") for node in tree if not node.get("ignored")]
        assert roles.count("listitem") >= 2 and "list" in roles
        headings = page.locator("ol.review h3")
        assert headings.count() == 2
        # The review in the other locale: the same choices, in that locale's words.
        other = "ur" if locale == "en" else "en"
        page.click(f"a[hreflang={other}]")
        page.wait_for_url(f"**/{other}.html#*")
        assert review_of(page) == expected_review(watched.data(), choices, graded=True)
        # Keyboard: Tab reaches "Restart quiz", Enter starts again.
        page.focus("button.restart")
        page.keyboard.press("Enter")
        assert page.eval_on_selector("progress", "bar => bar.value") == 0
        watched.close(watched.url.replace(f"{locale}.html", f"{other}.html"))


def test_delivery_variant_reviews_only_the_choices(browser: Any, pages: Path) -> None:
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "delivery-quiz" / "sample" / f"{locale}.html")
        page = watched.page
        data = watched.data()
        assert data["bundle"]["answers"] is False
        assert all("correct" not in question for question in data["bundle"]["questions"])
        choices = [["third"], ["adam", "broadcast"]]
        for index, chosen in enumerate(choices):
            assert page.locator("button.check").is_hidden()
            assert page.locator("button.next").is_disabled()
            for option in chosen:
                page.check(f"input[value='{option}']")
            assert page.text_content(".feedback") == ""  # nothing graded, nothing told
            if index == 0:  # keyboard: Enter on the chosen option moves on
                page.focus(f"input[value='{chosen[0]}']")
                page.keyboard.press("Enter")
            else:
                page.click("button.next")
            assert index == 1 or page.eval_on_selector("progress", "bar => bar.value") == index + 1
        assert page.locator("#score").count() == 0
        assert page.evaluate("document.activeElement.id") == "review-heading"
        assert review_of(page) == expected_review(data, choices, graded=False)
        watched.close()


def test_index_page_has_a_heading_titles_in_every_locale_and_start_cards_inside(
    browser: Any, pages: Path
) -> None:
    watched = Watched(browser, pages / "index.html", width=390)
    page = watched.page
    heading = page.eval_on_selector_all("h1 > span[lang]", f"nodes => nodes.map({LANGUAGE})")
    assert heading == [["en", "ltr"], ["ur", "rtl"]]
    titles = page.eval_on_selector_all("h2 > span[lang]", f"nodes => nodes.map({LANGUAGE})")
    assert titles == [["en", "ltr"], ["ur", "rtl"]]
    cards = page.eval_on_selector_all(".start-card", f"nodes => nodes.map({LANGUAGE})")
    assert cards == [["en", "ltr"], ["ur", "rtl"]]
    # On a phone the cards stand one under the other, each inside the page's card (its padding box),
    # with no bullet.
    room = page.eval_on_selector_all(
        ".index .start-card",
        """items => items.map(item => {
          const main = item.closest('main');
          const style = getComputedStyle(main);
          const inner = main.getBoundingClientRect();
          const left = inner.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
          const right = inner.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
          const box = item.getBoundingClientRect();
          return [box.left >= left - 0.5 && box.right <= right + 0.5, getComputedStyle(item).listStyleType];
        })""",
    )
    assert room == [[True, "none"], [True, "none"]]
    tops = page.eval_on_selector_all(
        ".start-card", "items => items.map(item => item.getBoundingClientRect().top)"
    )
    assert tops[0] < tops[1]
    watched.close()


def test_a_long_word_with_no_break_point_stays_inside_the_card(browser: Any, pages: Path) -> None:
    # A 90-letter Latin token (an identifier, a URL) in a prompt and an option: it breaks anywhere
    # rather than running out of the card, in both directions.
    token = "Abcdefghij" * 9
    for locale in ("en", "ur"):
        watched = Watched(browser, pages / "sample-quiz" / "sample" / f"{locale}.html", width=390)
        page = watched.page
        page.eval_on_selector("legend", "(legend, token) => { legend.textContent = token; }", token)
        page.eval_on_selector(".option label", "(label, token) => { label.textContent = token; }", token)
        card = page.eval_on_selector(
            "main",
            """main => { const box = main.getBoundingClientRect();
              return [...main.querySelectorAll('legend, .option label')].map(node => {
                const inner = node.getBoundingClientRect();
                return inner.left >= box.left && inner.right <= box.right && node.scrollWidth <= node.clientWidth + 1;
              }); }""",
        )
        assert card and all(card), (locale, card)
        watched.close()


def test_an_english_text_of_a_partly_translated_question_is_left_to_right(
    browser: Any, tmp_path: Path
) -> None:
    # The screenshots' page (per-text fallback): the Urdu prompt right to left, the untranslated English
    # option left to right in English, its full stop at its end.
    project = fixture_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "update").returncode == 0
    translate(project / "locales/ur/LC_MESSAGES/tiny.po", {"tiny.questions.first.prompt": "پہلا کون سا ہے؟"})
    folder = tmp_path / "pages"
    folder.mkdir()
    write_pages(load_config(project), ["ur"], folder)
    watched = Watched(browser, folder / "tiny" / "ur.html")
    languages = watched.page.eval_on_selector_all(
        "[data-quizkit-key]",
        """nodes => Object.fromEntries(nodes.map(node => [node.getAttribute('data-quizkit-key'),
             [node.lang, getComputedStyle(node).direction]]))""",
    )
    assert languages["tiny.questions.first.prompt"] == ["ur", "rtl"]
    assert languages["tiny.questions.first.options.this"] == ["en", "ltr"]
    assert watched.errors == []
    watched.close()
