"""The HTML player's question kinds in headless Chromium: every response of the shared grading cases
set in the real page, checked, and the player's grade compared with the library's (en and ur); the
right answer per kind in the review; points with partial credit; keyboard operation; right-to-left
layout; no key in the delivery variant. axe-core runs in the accessibility gate
(test_accessibility_gate_browser.py).

Needs Debian's ``chromium`` and the ``playwright`` package, as test_html_browser.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from browser import chromium
from exporters.player.test_html import assets
from exporters.player.test_html_browser import Watched, sync_api
from exporters.player.test_html_kinds import kind_pages
from localization.test_grading import CASES, localized

from toolkit.localization import LocalizedQuiz, grade
from toolkit.model import MatchingQuestion, OrderingQuestion

LOCALES = ("en", "ur")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("kinds")
    for variant, answers in (("graded", True), ("delivery", False)):
        for path, data in {**kind_pages(answers), **assets()}.items():
            target = folder / variant / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def quizzes() -> dict[str, LocalizedQuiz]:
    return {locale: localized(locale) for locale in LOCALES}


def text_of(segments: list[list[str]]) -> str:
    return "".join(text for _, text in segments)


def view_question(watched: Watched, question_id: str) -> dict[str, Any]:
    (question,) = [every for every in watched.data()["view"]["questions"] if every["id"] == question_id]
    return question


def library_texts(quiz: LocalizedQuiz, question_id: str) -> dict[str, str]:
    """A matching question's match texts, or an ordering question's item texts, by library id."""
    (question,) = [every for every in quiz.questions if every.id == question_id]
    if isinstance(question, MatchingQuestion):
        texts = {pair.id: pair.match for pair in question.pairs}
        return texts | {distractor.id: distractor.text for distractor in question.distractors}
    assert isinstance(question, OrderingQuestion)
    return {item.id: item.text for item in question.items}


def page_ids(watched: Watched, quiz: LocalizedQuiz, question_id: str) -> dict[str, str]:
    """Library id of each match or item -> the id the page gives it, found by its text."""
    question = view_question(watched, question_id)
    by_text = {
        text_of(entry["text"]): entry["id"] for entry in question.get("matches", question.get("items", []))
    }
    return {library: by_text[text] for library, text in library_texts(quiz, question_id).items()}


def reorder(page: Any, wanted: list[str]) -> None:
    """Bring the ordering question's items into ``wanted`` order with its "Move up" buttons."""
    for position, item in enumerate(wanted):
        current = page.eval_on_selector_all(".order-item", "items => items.map(item => item.dataset.item)")
        for _ in range(current.index(item) - position):
            page.click(f"button.move-up[data-item='{item}']")


def set_response(watched: Watched, quiz: LocalizedQuiz, question: dict[str, Any], response: Any) -> bool:
    """Answer the question on screen as a learner would; False when the response cannot be given in
    the page (nothing chosen, an order that is not a permutation)."""
    page = watched.page
    kind = question["type"]
    if kind in ("single_choice", "multiple_choice"):
        for option in response:
            page.check(f".options input[value='{option}']")
        return bool(response)
    if kind == "true_false":
        page.check(f".options input[value='{'true' if response else 'false'}']")
        return True
    if kind in ("short_answer", "numeric", "essay"):
        page.fill(f"#answer-{question['id']}", response)
        return response != ""
    if kind == "matching":
        ids = page_ids(watched, quiz, question["id"])
        for pair, match in response.items():
            page.select_option(f"select[data-pair='{pair}']", ids[match])
        return bool(response)
    if kind == "ordering":
        ids = page_ids(watched, quiz, question["id"])
        if sorted(response) != sorted(ids):
            return False
        reorder(page, [ids[item] for item in response])
        return True
    assert kind == "fill_in_blanks"
    for blank, value in response.items():
        if question["blanks"][blank]["kind"] == "choice":
            page.select_option(f"select[data-blank='{blank}']", value)
        else:
            page.fill(f"input[data-blank='{blank}']", value)
    return bool(response)


def in_page_ids(watched: Watched, quiz: LocalizedQuiz, question: dict[str, Any], response: Any) -> Any:
    """A library response in the page's ids (matches and items have their own there)."""
    if question["type"] == "matching":
        ids = page_ids(watched, quiz, question["id"])
        return {pair: ids[match] for pair, match in response.items()}
    if question["type"] == "ordering":
        ids = page_ids(watched, quiz, question["id"])
        return [ids[item] for item in response]
    return response


def as_fraction(text: str | None) -> Fraction | None:
    return None if text in (None, "none") else Fraction(text)


GRADED = [
    (entry["question"], case["response"], case.get("locale", "en"), case["score"])
    for entry in CASES
    for case in entry["cases"]
]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_player_grades_every_case_as_the_library(
    browser: Any, pages: Path, quizzes: dict[str, LocalizedQuiz], locale: str
) -> None:
    """Every shared response, in both locales (also those the cases list for the other locale: the
    library's grade is the reference in each), set in the page and checked."""
    quiz = quizzes[locale]
    watched = Watched(browser, pages / "graded" / "every-type" / f"{locale}.html")
    page = watched.page
    order = [question.id for question in quiz.questions]
    compared = 0
    for question_id, response, case_locale, expected in GRADED:
        index = order.index(question_id)
        page.goto(f"{watched.url}#q={index + 1}")
        page.reload()
        question = view_question(watched, question_id)
        (localized_question,) = [every for every in quiz.questions if every.id == question_id]
        reference = grade(localized_question, response, locale)
        if case_locale == locale:
            assert (None if reference is None else reference.score) == as_fraction(
                None if expected is None else str(expected)
            )
        if set_response(watched, quiz, question, response):
            page.click("button.check")
            shown = as_fraction(page.get_attribute(".feedback .verdict", "data-score"))
        else:
            # A response the page cannot give (nothing chosen: the button waits; an order that is not a
            # permutation: the list always is one): the page's grader scores it as the library.
            if question["type"] != "ordering":
                assert page.locator("button.check").is_disabled(), (question_id, response)
            value = page.evaluate(
                "([index, response]) => quizkitPlayer.grade(index, response)",
                [index, in_page_ids(watched, quiz, question, response)],
            )
            shown = Fraction(value[0], value[1])
        assert shown == (None if reference is None else reference.score), (question_id, response, locale)
        compared += 1
    assert compared == len(GRADED)
    watched.close()


def encode_text(text: str) -> str:
    """As the player's encodeText: encodeURIComponent, and "." too."""
    return quote(text, safe="!~*'()").replace(".", "%2E")


def answers_hash(watched: Watched, quiz: LocalizedQuiz, responses: dict[str, Any]) -> str:
    tokens = []
    for question in watched.data()["view"]["questions"]:
        response = in_page_ids(watched, quiz, question, responses[question["id"]])
        kind = question["type"]
        if kind in ("single_choice", "multiple_choice", "ordering"):
            tokens.append("+".join(response))
        elif kind == "true_false":
            tokens.append("true" if response else "false")
        elif kind in ("matching",):
            tokens.append("+".join(f"{pair}:{match}" for pair, match in response.items()))
        elif kind == "fill_in_blanks":
            tokens.append("+".join(f"{blank}:{encode_text(value)}" for blank, value in response.items()))
        else:
            tokens.append(encode_text(response))
    return f"#q={len(tokens) + 1}&score=0&answers=" + ".".join(tokens)


RIGHT = {
    "gpu-holds": ["full-replica"],
    "overlap-true": True,
    "name-collective": " All-Reduce",
    "global-batch-size": "256.0",
    "match-collectives": {"broadcast": "broadcast", "all-reduce": "shuffle", "scatter": "scatter"},
    "step-order": ["forward", "backward", "all-reduce", "update"],
    "fill-replica": {"copy": "Copy", "collective": "all-reduce"},
    "memory-essay": "Each GPU holds the whole model.",
}
"""Every question right but the matching (two pairs of three): 6 + 2/3 points of 7."""


def review_items(page: Any) -> list[dict[str, Any]]:
    return page.eval_on_selector_all(
        "ol.review > li",
        """items => items.map(item => ({
          verdict: item.querySelector('.verdict') ? item.querySelector('.verdict').textContent : null,
          score: item.querySelector('.verdict') ? item.querySelector('.verdict').dataset.score : null,
          chosen: Array.from(item.querySelectorAll('dd.chosen')).map(node => node.textContent),
          correct: Array.from(item.querySelectorAll('dd.correct')).map(node => node.textContent),
          items: Array.from(item.querySelectorAll('dd.correct li')).map(node => node.textContent),
        }))""",
    )


def test_the_review_shows_the_right_answer_of_every_kind_and_points(
    browser: Any, pages: Path, quizzes: dict[str, LocalizedQuiz]
) -> None:
    watched = Watched(browser, pages / "graded" / "every-type" / "en.html")
    page = watched.page
    page.goto(watched.url + answers_hash(watched, quizzes["en"], RIGHT))
    page.reload()
    assert page.text_content("#score") == "You scored 6.67 points out of 7."
    assert page.get_attribute("#score", "data-score") == "20/3"
    items = review_items(page)
    assert [item["verdict"] for item in items] == ["Correct"] * 4 + ["Partly correct"] + ["Correct"] * 2 + [
        "Submitted"
    ]
    assert [item["score"] for item in items] == ["1"] * 4 + ["2/3"] + ["1"] * 2 + ["none"]
    assert [item["correct"] for item in items[:4]] == [
        ["A full copy of the model"],
        ["True"],
        ["all-reduce", "reduce to all"],
        ["256 samples"],
    ]
    assert items[4]["chosen"] == [
        "Broadcast: Copies one GPU's data to all the others",
        "All-reduce: Shuffles samples between GPUs",
        "Scatter: Splits data among the GPUs",
    ]
    assert items[4]["correct"][1] == "All-reduce: Combines data from every GPU and returns the result to all"
    assert items[5]["items"] == [
        "Forward pass on the local batch",
        "Backward pass computes local gradients",
        "Gradients are averaged with an all-reduce",
        "The optimizer updates every replica",
    ]
    assert items[6]["chosen"] == [
        "Each GPU holds a full Copy of the model, and an all-reduce averages the gradients."
    ]
    # Every answer the typed blank accepts, as a short answer's review lists each.
    assert items[6]["correct"] == [
        "Each GPU holds a full replica / copy of the model, and an all-reduce averages the gradients."
    ]
    assert items[7]["chosen"] == ["Each GPU holds the whole model."]
    assert items[7]["correct"] == ["Every GPU holds the whole model, so the model must fit in one GPU."]
    # The same answers in the Urdu page: graded again there, in Urdu words, markers in Urdu order.
    page.click("a[hreflang=ur]")
    page.wait_for_url(lambda url: url.split("#")[0].endswith("/ur.html"))
    urdu = review_items(page)
    assert urdu[6]["correct"] == [
        "all-reduce گریڈیئنٹس کا اوسط نکالتا ہے، اور ہر GPU ماڈل کی ایک مکمل نقل / کاپی رکھتا ہے۔"
    ]
    assert urdu[2]["score"] == "1" and urdu[6]["score"] == "0"  # "Copy" is not an Urdu answer
    watched.close(watched.url.replace("en.html", "ur.html"))


def test_the_delivery_variant_grades_and_reveals_nothing(
    browser: Any, pages: Path, quizzes: dict[str, LocalizedQuiz]
) -> None:
    for locale in LOCALES:
        watched = Watched(browser, pages / "delivery" / "every-type" / f"{locale}.html")
        page = watched.page
        assert "grading" not in watched.data()
        graded = Watched(browser, pages / "graded" / "every-type" / f"{locale}.html")
        hash_ = answers_hash(graded, quizzes[locale], RIGHT)
        graded.close()
        page.goto(watched.url + hash_.replace("step-order", ""))
        page.reload()
        assert page.locator("#score").count() == 0
        items = review_items(page)
        assert all(item["verdict"] is None and item["correct"] == [] for item in items)
        assert all(item["chosen"] for item in items)
        # Answering moves on without checking.
        page.goto(watched.url + "#q=3")
        page.reload()
        assert page.locator("button.check").is_hidden() and page.locator("button.next").is_disabled()
        page.fill("#answer-name-collective", "all-reduce")
        page.keyboard.press("Enter")
        assert page.text_content("#progress") == watched.page.evaluate(
            "quizkitPlayer.messageText('question-progress', {current: 4, total: 8})"
        )
        watched.close()


def test_keyboard_operates_every_new_kind(browser: Any, pages: Path) -> None:
    for locale in LOCALES:
        watched = Watched(browser, pages / "graded" / "every-type" / f"{locale}.html", "#q=2")
        page = watched.page
        keyboard = page.keyboard
        # True/false: two radio buttons labelled by the interface messages; arrows choose.
        labels = page.locator(".options label").all_text_contents()
        assert labels == [page.evaluate(f"quizkitPlayer.messageText('{name}')") for name in ("true", "false")]
        page.focus(".options input >> nth=0")
        keyboard.press("Space")
        keyboard.press("ArrowDown")
        assert page.eval_on_selector("input:checked", "input => input.value") == "false"
        keyboard.press("Tab")
        keyboard.press("Enter")
        assert page.get_attribute(".feedback .verdict", "data-score") == "0"
        assert page.evaluate("document.activeElement.className") == "next"
        keyboard.press("Enter")
        # Short answer: type, Enter checks.
        page.focus("#answer-name-collective")
        keyboard.type("all-reduce")
        keyboard.press("Enter")
        assert page.get_attribute(".feedback .verdict", "data-score") == "1"
        keyboard.press("Enter")
        # Numeric: Urdu digits typed.
        assert page.get_attribute("#answer-global-batch-size", "inputmode") == "decimal"
        page.focus("#answer-global-batch-size")
        keyboard.type("۲۵۶")
        keyboard.press("Enter")
        assert page.get_attribute(".feedback .verdict", "data-score") == "1"
        keyboard.press("Enter")
        # Matching: each drop-down from the keyboard (Tab to it, arrows choose).
        selects = page.locator(".matching select")
        assert selects.count() == 3
        page.focus(".matching select >> nth=0")
        for position in range(3):
            keyboard.press("ArrowDown")
            if position < 2:
                keyboard.press("Tab")
        values = page.eval_on_selector_all(".matching select", "nodes => nodes.map(node => node.value)")
        assert values == ["m1", "m1", "m1"]
        keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "check"
        keyboard.press("Enter")
        assert page.get_attribute(".feedback .verdict", "data-score") == "0"
        keyboard.press("Enter")
        # Ordering: Tab to "Move down" of the first item, Enter moves it; the focus follows the item,
        # a live region says where it is now.
        first = page.eval_on_selector(".order-item", "item => item.dataset.item")
        page.focus(".order-item >> nth=0 >> button.move-down")
        keyboard.press("Enter")
        order = page.eval_on_selector_all(".order-item", "items => items.map(item => item.dataset.item)")
        assert order[1] == first
        assert page.evaluate("document.activeElement.dataset.item") == first
        assert page.text_content(".order-status") == page.evaluate(
            "quizkitPlayer.messageText('moved', {position: 2, total: 4})"
        )
        assert page.get_attribute(".order-status", "aria-live") == "polite"
        keyboard.press("Space")  # again, now from the second place
        order = page.eval_on_selector_all(".order-item", "items => items.map(item => item.dataset.item)")
        assert order[2] == first
        # Up is disabled on the first item, down on the last.
        assert page.locator(".order-item >> nth=0 >> button.move-up").is_disabled()
        assert page.locator(".order-item >> nth=3 >> button.move-down").is_disabled()
        page.focus("button.check")
        keyboard.press("Enter")
        assert page.locator("button.move-up:enabled").count() == 0  # checked: the order is final
        keyboard.press("Enter")
        # Fill in the blanks: the fields in the translation's marker order, Tab between them.
        blanks = page.eval_on_selector_all(
            ".blanks-text .blank", "nodes => nodes.map(node => node.dataset.blank)"
        )
        assert blanks == (["copy", "collective"] if locale == "en" else ["collective", "copy"])
        page.focus(".blanks-text .blank >> nth=0")
        for blank in blanks:
            if blank == "copy":
                keyboard.type("replica" if locale == "en" else "نقل")
            else:
                keyboard.press("ArrowDown")  # the first option: all-reduce
            keyboard.press("Tab")
        assert page.evaluate("document.activeElement.className") == "check"
        keyboard.press("Enter")
        assert page.get_attribute(".feedback .verdict", "data-score") == "1"
        keyboard.press("Enter")
        # Essay: a textarea; Enter is a new line there, the button submits.
        page.focus("#answer-memory-essay")
        keyboard.type("One model per GPU.")
        keyboard.press("Tab")
        keyboard.press("Enter")
        assert page.get_attribute(".feedback .verdict", "data-score") == "none"
        assert page.text_content(".feedback .verdict") == page.evaluate(
            "quizkitPlayer.messageText('submitted')"
        )
        watched.close()


DIRECTION = "node => getComputedStyle(node).direction"


def test_right_to_left_layout_of_the_new_kinds(browser: Any, pages: Path) -> None:
    urdu = pages / "graded" / "every-type" / "ur.html"
    watched = Watched(browser, urdu, "#q=3")
    page = watched.page
    assert page.eval_on_selector_all("[dir=auto]", "nodes => nodes.length") == 0
    assert page.get_attribute("#answer-name-collective", "dir") == "rtl"
    assert page.eval_on_selector("#answer-name-collective", DIRECTION) == "rtl"
    page.goto(watched.url + "#q=4")
    page.reload()
    assert page.get_attribute("#answer-global-batch-size", "dir") == "ltr"  # a number reads left to right
    field = page.locator("#answer-global-batch-size").bounding_box()
    unit = page.locator(".unit").bounding_box()
    assert field and unit and unit["x"] + unit["width"] <= field["x"] + 1  # the unit follows, on the left
    page.goto(watched.url + "#q=5")
    page.reload()
    row = page.locator(".match-row >> nth=0")
    label = row.locator("label").bounding_box()
    select = row.locator("select").bounding_box()
    assert label and select and label["x"] >= select["x"] + select["width"] - 1  # prompt on the right
    assert page.eval_on_selector(".match-row select", DIRECTION) == "rtl"
    # Latin runs in drop-down entries are isolated (no markup is possible inside <option>).
    options = page.eval_on_selector_all(
        ".match-row >> nth=0 >> option", "nodes => nodes.map(node => node.text)"
    )
    assert "\u2068GPU\u2069" in options[1] + options[2] + options[3] + options[4]
    page.goto(watched.url + "#q=6")
    page.reload()
    item = page.locator(".order-item >> nth=0")
    text = item.locator(".item-text").bounding_box()
    buttons = item.locator(".move-buttons").bounding_box()
    assert text and buttons and text["x"] >= buttons["x"] + buttons["width"] - 1  # text right, buttons left
    assert page.eval_on_selector(".order-list", DIRECTION) == "rtl"
    page.goto(watched.url + "#q=7")
    page.reload()
    # "{{collective}} گریڈیئنٹس ...، اور ہر GPU ماڈل کی ایک مکمل {{copy}} رکھتا ہے۔": the first blank starts
    # the sentence, on the right.
    paragraph = page.locator(".blanks-text").bounding_box()
    first = page.locator("select[data-blank='collective']").bounding_box()
    assert paragraph and first
    assert first["x"] + first["width"] >= paragraph["x"] + paragraph["width"] - 12
    assert page.get_attribute("input[data-blank='copy']", "dir") == "rtl"
    page.goto(watched.url + "#q=8")
    page.reload()
    assert page.eval_on_selector("#answer-memory-essay", DIRECTION) == "rtl"
    watched.close()
    english = Watched(browser, pages / "graded" / "every-type" / "en.html", "#q=3")
    assert english.page.get_attribute("#answer-name-collective", "dir") == "auto"
    english.close()


def test_answers_survive_the_locale_switch(browser: Any, pages: Path) -> None:
    watched = Watched(browser, pages / "graded" / "every-type" / "ur.html", "#q=3")
    page = watched.page
    page.fill("#answer-name-collective", "سب کو ريڈیوس")  # an Arabic yeh: right, after normalization
    page.click("button.check")
    assert page.get_attribute(".feedback .verdict", "data-score") == "1"
    page.click("button.next")
    hash_ = page.evaluate("location.hash")
    assert hash_.startswith("#q=4&score=1&answers=..%D8%B3%D8%A8%20")
    assert json.dumps(page.evaluate("quizkitPlayer.state.answers[2]"), ensure_ascii=False) == '"سب کو ريڈیوس"'
    page.click("a[hreflang=en]")
    page.wait_for_url(lambda url: url.split("#")[0].endswith("/en.html"))
    assert page.evaluate("quizkitPlayer.state.answers[2]") == "سب کو ريڈیوس"
    watched.close(watched.url.replace("ur.html", "en.html"))


FEVER_QUIZ = """\
id: temperature
level: beginner
title: Body temperature
description: One number.
questions:
  - id: fever
    type: numeric
    prompt: At what temperature in degrees Fahrenheit does a fever begin?
    answer: "99.6"
    tolerance: "0.1"
    explanation: Around 99.6 degrees Fahrenheit.
"""


@pytest.mark.parametrize(
    ("typed", "score", "read_as"),
    [
        ("99,6", "1", None),  # the page's own notation: nothing to say
        ("99.6", "1", "99,6"),  # read as the learner meant it, and shown in German notation
        ("99.600", "0", "99600"),  # a thousands separator in German, a decimal point in English: say so
        ("99.6.1", "0", None),  # no number in either notation
    ],
)
def test_a_german_page_reads_a_decimal_point_and_says_how_it_read_an_ambiguous_number(
    browser: Any, tmp_path: Path, typed: str, score: str, read_as: str | None
) -> None:
    """Issue 35: "99.6" typed on a German page was read as 996 (the "." groups thousands in German) and
    marked wrong, with no hint about the separator. The whole pipeline: the project's German export."""
    from support import fixture_project, run_quizkit

    project = fixture_project(tmp_path / "project", {"temperature": FEVER_QUIZ})
    (project / "quizkit.toml").write_text('source-locale = "en"\ntarget-locales = ["de"]\n', encoding="utf-8")
    assert run_quizkit(project, "update").returncode == 0
    exported = run_quizkit(project, "export", "-f", "html")
    assert exported.returncode == 0, exported.stderr
    watched = Watched(browser, project / "dist/html/temperature/de.html", "#q=1")
    page = watched.page
    page.fill("#answer-fever", typed)
    page.click("button.check")
    assert page.get_attribute(".feedback .verdict", "data-score") == score
    shown = page.locator(".feedback .number-read dd")
    if read_as is None:
        assert shown.count() == 0
    else:
        assert shown.text_content() == read_as
        # The interface's own words (no German catalog here: the English message).
        assert page.locator(".feedback .number-read dt").text_content() == "Your answer"
    watched.close()
