"""The ar_XB player in headless Chromium: every kind laid out right to left without overflow.

A project with the fixture quiz of every kind (tests/content/types/every-type.yaml) is exported with
``--pseudo``; each question's page and the review are opened at a desktop and a phone width, and every
element that shows text must fit its box (scrollWidth <= clientWidth) and the viewport. Inline code and
Latin runs stay left to right, placeholders are filled in, and blanks become fields.

Needs Debian's ``chromium`` and the ``playwright`` package (the dev extra), as test_html_browser.py.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from browser import chromium, require_chromium
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit

sync_api = require_chromium()

from toolkit.localization.pseudo import PseudoLocalizer  # noqa: E402
from toolkit.text.tokens import scan  # noqa: E402

WIDTHS = (900, 360)
CASES = yaml.safe_load((EVERY_TYPE_QUIZ.parent / "grading-cases.yaml").read_text(encoding="utf-8"))

# Every element with text of its own that is shown: its content must fit its box, and the box the viewport.
OVERFLOWS = """() => {
  const found = [];
  const width = document.documentElement.clientWidth;
  for (const node of document.body.querySelectorAll('*')) {
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const text = Array.from(node.childNodes).some(child => child.nodeType === 3 && child.textContent.trim());
    const box = node.getBoundingClientRect();
    if (!text || (box.width === 0 && box.height === 0)) continue;
    const what = node.tagName.toLowerCase() + '.' + node.className + ': ' + node.textContent.slice(0, 40);
    if (style.display !== 'inline' && node.scrollWidth > node.clientWidth) {
      found.push('overflows its box (' + node.scrollWidth + ' > ' + node.clientWidth + '): ' + what);
    }
    if (box.left < 0 || box.right > width) {
      found.push('outside the viewport (' + box.left + '…' + box.right + ' of ' + width + '): ' + what);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def page_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = fixture_project(
        tmp_path_factory.mktemp("pseudo"), {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")}
    )
    for arguments in (("update",), ("export", "--pseudo", "-f", "html")):
        result = run_quizkit(project, *arguments)
        assert result.returncode == 0, result.stdout + result.stderr
    return project / "dist" / "html" / "every-type" / "ar-XB.html"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


def opened(browser: Any, path: Path, hash_: str, width: int) -> Any:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.as_uri() + hash_)
    assert errors == []
    return page


def encoded_text(text: str) -> str:
    # As the player's encodeText: encodeURIComponent, with "." escaped too.
    return urllib.parse.quote(text, safe="-_!~*'()").replace(".", "%2E")


def encoded(question: dict[str, Any], shown: dict[str, Any], response: Any) -> str:
    """A response in the player's hash syntax (kinds.js, encode); ``shown`` is the page's view of the
    question, whose matches and ordering items have ids of their own (so that none gives the answer
    away): their right answers are taken from it."""
    kind = question["type"]
    if kind == "ordering":
        return "+".join(shown["correct"])
    if kind in ("single_choice", "multiple_choice"):
        return "+".join(response)
    if kind == "true_false":
        return "true" if response else "false"
    if kind == "matching":
        return "+".join(f"{prompt}:{match}" for prompt, match in shown["correct"].items())
    if kind == "fill_in_blanks":
        return "+".join(f"{blank}:{encoded_text(value)}" for blank, value in response.items())
    return encoded_text(str(response))


def quiz_data(browser: Any, path: Path) -> dict[str, Any]:
    page = opened(browser, path, "", 900)
    data: dict[str, Any] = json.loads(page.text_content("#quiz-data") or "")
    page.context.close()
    return data


def assert_laid_out_right_to_left(page: Any, where: str) -> None:
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    assert page.evaluate(OVERFLOWS) == [], where
    for selector in ("code", "span[dir=ltr]"):
        directions = page.eval_on_selector_all(
            selector, "nodes => nodes.map(node => getComputedStyle(node).direction)"
        )
        assert set(directions) <= {"ltr"}, (where, selector)


def test_every_question_and_the_review_fit_right_to_left(browser: Any, page_path: Path) -> None:
    data = quiz_data(browser, page_path)
    questions = data["bundle"]["questions"]
    source_code = {
        span
        for entry in yaml.safe_load(EVERY_TYPE_QUIZ.read_text(encoding="utf-8"))["questions"]
        for text in json.dumps(entry, ensure_ascii=False).split('"')
        for span in scan(text, with_placeholders=False).code_spans
    }
    progress = PseudoLocalizer("ar_XB").text("Question {current} of {total}")
    for width in WIDTHS:
        for number, question in enumerate(questions, start=1):
            page = opened(browser, page_path, f"#q={number}&score=0", width)
            where = f"question {number} ({question['type']}) at {width}px"
            assert_laid_out_right_to_left(page, where)
            assert page.text_content("#progress") == progress.replace("{current}", str(number)).replace(
                "{total}", str(len(questions))
            ), where
            codes = page.eval_on_selector_all("code", "nodes => nodes.map(node => node.textContent)")
            assert set(codes) <= source_code, where
            if question["type"] == "fill_in_blanks":
                fields = page.eval_on_selector_all("fieldset input, fieldset select", "nodes => nodes.length")
                assert fields == len(question["blanks"]), where
            page.context.close()
        # The review: every question answered right (the first right case of the shared grading cases).
        right = {
            entry["question"]: next(
                case["response"]
                for case in entry["cases"]
                if case.get("locale", "en") == "en" and case["score"] != 0
            )
            for entry in CASES
        }
        answers = ".".join(
            encoded(question, shown, right[question["id"]])
            for question, shown in zip(questions, data["view"]["questions"], strict=True)
        )
        page = opened(browser, page_path, f"#q={len(questions) + 1}&score=0&answers={answers}", width)
        assert page.locator("ol.review > li").count() == len(questions)
        # Every answer decoded and graded again in ar_XB: all but the essay right.
        graded = sum(1 for question in questions if question["type"] != "essay")
        assert f"&score={graded}&" in page.evaluate("location.hash")
        assert_laid_out_right_to_left(page, f"the review at {width}px")
        page.context.close()
