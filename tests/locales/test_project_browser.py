"""The Arabic, Persian and Hindi test project's player in headless Chromium: the page's direction, and
the score after answering 0, 1, 2, 3 and 11 of the eleven questions right (and 100 of a generated
100-question quiz) in each locale's form for that count and in the digits of the bundle's
numberingSystem (Persian: ۰–۹). The expected text is the catalog's form for the count, chosen by the
catalog's Plural-Forms (as test_project.py), not read from the page.

Needs Debian's ``chromium`` and the ``playwright`` package, as tests/exporters/player/test_html_browser.py.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, require_chromium
from support import run_quizkit, translate

sync_api = require_chromium()

from locales.test_project import PROJECT, catalog_form  # noqa: E402

DIRECTIONS = {"ar": "rtl", "fa": "rtl", "hi": "ltr"}
# The digit zero of each CLDR numbering system a bundle may name; the others follow it in Unicode.
ZERO = {"latn": "0", "arab": "\u0660", "arabext": "\u06f0", "deva": "\u0966"}
HUNDRED = 100
# The generated quiz's title, description, numbered statement and explanation in each language (Persian numbers
# in Persian digits).
STATEMENTS = {
    "en": (
        "One hundred statements",
        "A hundred true statements, one a question.",
        "Statement {n} is true.",
        "The statement says so.",
    ),
    "ar": ("مئة عبارة", "مئة عبارة صحيحة، عبارة في كل سؤال.", "العبارة {n} صحيحة.", "هذا ما تقوله العبارة."),
    "fa": ("صد گزاره", "صد گزاره درست، در هر پرسش یکی.", "گزاره {n} درست است.", "خود گزاره همین را می‌گوید."),
    "hi": ("सौ कथन", "सौ सत्य कथन, हर प्रश्न में एक।", "कथन {n} सत्य है।", "कथन यही कहता है।"),
}


def digits(number: int, system: str) -> str:
    return "".join(chr(ord(ZERO[system]) + int(digit)) for digit in str(number))


def hundred_quiz() -> str:
    title, description, statement, explanation = STATEMENTS["en"]
    lines = ["id: hundred", "level: beginner", f"title: {title}", f"description: {description}", "questions:"]
    for n in range(1, HUNDRED + 1):
        lines += [
            f"  - id: s{n}",
            "    type: true_false",
            f"    prompt: {statement.format(n=n)}",
            "    correct: true",
            f"    explanation: {explanation}",
        ]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project with a generated, translated 100-question quiz, exported to html."""
    project = tmp_path_factory.mktemp("locales-browser") / "project"
    shutil.copytree(PROJECT, project, ignore=shutil.ignore_patterns("*.mo", "dist", ".quizkit-cache"))
    (project / "content" / "hundred.yaml").write_text(hundred_quiz(), encoding="utf-8")
    result = run_quizkit(project, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    for locale in DIRECTIONS:
        title, description, statement, explanation = STATEMENTS[locale]
        system = "arabext" if locale == "fa" else "latn"
        translations = {"hundred.title": title, "hundred.description": description}
        for n in range(1, HUNDRED + 1):
            translations[f"hundred.questions.s{n}.prompt"] = statement.format(n=digits(n, system))
            translations[f"hundred.questions.s{n}.explanation"] = explanation
        translate(project / "locales" / locale / "LC_MESSAGES" / "hundred.po", translations)
    result = run_quizkit(project, "export", "-f", "html")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning" not in (result.stdout + result.stderr).lower(), result.stdout + result.stderr
    return project


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


def page_data(page: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(page.text_content("#quiz-data") or "")
    return data


def answer(page: Any, question: dict[str, Any], right: bool) -> None:
    """Answer the question on screen as a learner would, rightly or not, and check it."""
    kind = question["type"]
    if kind in ("single_choice", "multiple_choice"):
        options = page.eval_on_selector_all(".options input", "inputs => inputs.map(input => input.value)")
        wanted = question["correct"] if right else [next(o for o in options if o not in question["correct"])]
        for option in wanted:
            page.check(f".options input[value='{option}']")
    elif kind == "true_false":
        page.check(f".options input[value='{str(question['correct'] == right).lower()}']")
    elif kind == "short_answer":
        page.fill(
            f"#answer-{question['id']}", question["answers"][0]["accepted"][0] if right else "broadcast"
        )
    else:
        assert kind == "numeric"
        page.fill(f"#answer-{question['id']}", question["answer"] if right else "1")
    page.click("button.check")
    assert page.text_content(".feedback .verdict") != ""
    page.click("button.next")


def score_after(browser: Any, page_path: Path, right: int, resume_at: int = 1) -> tuple[str, dict[str, Any]]:
    """The score the player shows after the first ``right`` questions were answered right and the rest
    wrong, with the page's data. With ``resume_at``, the page opens at that question with the earlier
    ones scored in its address, as a learner's bookmark resumes it, and the rest are answered."""
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    before = min(right, resume_at - 1)
    page.goto(page_path.as_uri() + (f"#q={resume_at}&score={before}" if resume_at > 1 else ""))
    data = page_data(page)
    for index, question in enumerate(data["bundle"]["questions"][resume_at - 1 :], start=resume_at - 1):
        answer(page, question, index < right)
    score = page.text_content("#score") or ""
    assert errors == []
    context.close()
    return score, data


def expected_score(project: Path, locale: str, count: int, total: int, system: str) -> str:
    form = catalog_form(project, locale, "score", count)
    return form.replace("{count}", digits(count, system)).replace("{total}", digits(total, system))


@pytest.mark.parametrize("locale", list(DIRECTIONS))
def test_direction_and_score_for_each_count(browser: Any, pages: Path, locale: str) -> None:
    page_path = pages / "dist" / "html" / "replicas" / f"{locale}.html"
    for right in (0, 1, 2, 3, 11):
        score, data = score_after(browser, page_path, right)
        system = data["bundle"]["numberingSystem"]
        assert score == expected_score(pages, locale, right, 11, system), right
    assert (data["bundle"]["locale"], system) == (
        locale,
        {"ar": "latn", "fa": "arabext", "hi": "latn"}[locale],
    )
    context = browser.new_context()
    page = context.new_page()
    page.goto(page_path.as_uri())
    assert page.evaluate("document.documentElement.dir") == DIRECTIONS[locale]
    assert page.evaluate("getComputedStyle(document.querySelector('legend')).direction") == DIRECTIONS[locale]
    context.close()


@pytest.mark.parametrize("locale", list(DIRECTIONS))
def test_hundred_right_answers(browser: Any, pages: Path, locale: str) -> None:
    # The first 99 answers come from the address (#q=100&score=99); the last is answered on the page.
    page_path = pages / "dist" / "html" / "hundred" / f"{locale}.html"
    score, data = score_after(browser, page_path, HUNDRED, resume_at=HUNDRED)
    assert len(data["bundle"]["questions"]) == HUNDRED
    assert score == expected_score(pages, locale, HUNDRED, HUNDRED, data["bundle"]["numberingSystem"])
