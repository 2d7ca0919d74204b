"""The accessibility gate: axe-core with the WCAG 2.2 AA rules (and its best practices) on every page the
player and the index show, in every shipped locale and the right-to-left pseudo-locale, in the light and
the dark theme; zero violations of any impact. Beside it, what axe-core cannot see: each kind completed
with the keyboard only, a visible focus, focus moved on check and next, results said in a live region,
and the language of every piece of text.

Pages: the shipped project (tests/project), the every-type fixture (tests/content/types/, translated
into Urdu, and a small quiz with multiple choice and a question that falls back to English) and a quiz
with images (tests/image_project.py: on a prompt, on options, on explanations, a decorative one, an Urdu
file of its own and Urdu alt texts) and issue 41's question (tests/rich_project.py: a formula, a code
block and an image with Urdu alt text in one question), each exported
with ``--pseudo`` (ar-XB) and in the delivery variant (the pages without the key), over http from one
local server (a ``file://`` page's stylesheet is closed to axe-core's CSSOM reading; see
test_html_browser.py). Per page, locale, theme and width (light and dark at 900 px, light at 390 px):
every question unanswered, answered and (graded) checked, then the results with the review; and the index.

Run it alone: ``.venv/bin/python -m pytest -n 0 -q tests/exporters/player/test_accessibility_gate_browser.py``.
Needs Debian's ``chromium``, the ``playwright`` package and axe-core (``npm ci`` in tests/node), as
test_html_browser.py; without axe-core the gate fails rather than skips (it is the gate).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import lxml.html
import pytest
from browser import chromium
from exporters.player.test_html_browser import served, sync_api
from image_project import images_project
from rich_project import rich_project
from support import EVERY_TYPE_QUIZ, copy_project, every_type_urdu, fixture_project, run_quizkit, translate

from toolkit.config import load_config
from toolkit.exporters.export_run import build_request
from toolkit.exporters.media import MediaFiles
from toolkit.exporters.player.html import asset_outputs, player_page
from toolkit.model import QuestionType

AXE = Path(__file__).resolve().parents[2] / "node" / "node_modules" / "axe-core" / "axe.min.js"
LOCALES = ("en", "ur", "ar-XB")
VIEWS = (("light", 900), ("dark", 900), ("light", 390))
"""Theme and viewport width of each of the gate's runs: both themes for contrast, and a phone's width too,
where the layout (and so target sizes, WCAG 2.2's 2.5.8) differs."""
PROJECTS = ("shipped", "every", "images", "rich")
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
"""WCAG 2.2 AA is the tags of levels A and AA of 2.0, 2.1 and 2.2 (2.2 added no level-A rule to axe-core);
best practices too, since the player passes them cleanly and they catch what a screen-reader user meets
first (a page without a main landmark or a first-level heading, a heading level skipped)."""

AXE_RUN = """rules => axe.run(document, {runOnly: {type: 'tag', values: rules}, resultTypes: ['violations']})
  .then(result => result.violations.map(violation => ({
    id: violation.id, impact: violation.impact, help: violation.help, helpUrl: violation.helpUrl,
    nodes: violation.nodes.map(node => ({target: node.target.join(' '), summary: node.failureSummary,
                                         html: node.html.slice(0, 160)}))})))"""


@dataclass(frozen=True)
class Site:
    """Where the exported pages are, and the http origin serving them."""

    root: Path
    origin: str

    def url(self, path: str) -> str:
        return self.origin + path


def exported(project: Path) -> None:
    """The project's html export with the pseudo-locales (``dist/html``), and its delivery variant
    (``delivery/html``: the ``html`` format has no ``--no-answers``; the pages as ``player_page`` writes
    them for an embedding that leaves the key out, as SCORM's)."""
    result = run_quizkit(project, "export", "--pseudo", "-f", "html")
    assert result.returncode == 0, result.stdout + result.stderr
    config = replace(load_config(project), pseudo_locales=("ar_XB",))
    request = build_request(config, answers=False)
    folder = project / "delivery" / "html"
    media = MediaFiles()
    for quiz, versions in request.versions_by_quiz():
        for localized in versions:
            target = folder / quiz.id / f"{localized.locale.tag}.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(player_page(localized, versions, answers=False, media=media))
    for output in [*asset_outputs(), *media.outputs()]:
        target = folder / output.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(output.data)


PICK_MANY_QUIZ = """\
id: pick-many
level: beginner
title: Collectives
description: Multiple choice with option feedback, and a question in the source language only.
questions:
  - id: collectives
    type: multiple_choice
    prompt: Which of these are collective operations?
    options:
      - {id: all-reduce, text: "`all-reduce`"}
      - {id: broadcast, text: Broadcast}
      - {id: backprop, text: Backpropagation, feedback: It computes gradients and moves no data.}
    correct: [all-reduce, broadcast]
    explanation: A collective moves data between every GPU of a group.
  - id: untranslated
    type: single_choice
    prompt: Which collective starts from the data of one GPU?
    options:
      - {id: broadcast, text: Broadcast}
      - {id: all-gather, text: All-gather}
    correct: [broadcast]
    explanation: A broadcast copies one GPU's data to all the others.
"""
"""Multiple choice, which the every-type fixture lacks, and a question left untranslated: in Urdu it
falls back to English inside the Urdu page."""

PICK_MANY_URDU = {
    "pick-many.title": "کلیکٹو",
    "pick-many.description": "ایک سے زیادہ درست جوابات والا سوال۔",
    "pick-many.questions.collectives.prompt": "ان میں سے کون سے کلیکٹو آپریشن ہیں؟",
    "pick-many.questions.collectives.options.all-reduce": "`all-reduce`",
    "pick-many.questions.collectives.options.broadcast": "براڈکاسٹ",
    "pick-many.questions.collectives.options.backprop": "بیک پروپیگیشن",
    "pick-many.questions.collectives.options.backprop.feedback": "یہ گریڈیئنٹس نکالتا ہے اور کوئی ڈیٹا نہیں بھیجتا۔",
    "pick-many.questions.collectives.explanation": "کلیکٹو ایک گروپ کے ہر GPU کے درمیان ڈیٹا منتقل کرتا ہے۔",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    root = tmp_path_factory.mktemp("gate")
    shipped = copy_project(root / "shipped")
    exported(shipped)
    every = fixture_project(
        root / "every",
        {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), "pick-many": PICK_MANY_QUIZ},
    )
    assert run_quizkit(every, "update").returncode == 0
    translate(every / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    translate(every / "locales/ur/LC_MESSAGES/pick-many.po", PICK_MANY_URDU)
    exported(every)
    exported(images_project(root / "images"))
    exported(rich_project(root / "rich"))
    urdu = lxml.html.fromstring((every / "dist/html/pick-many/ur.html").read_bytes())
    (data,) = urdu.xpath("//script[@id='quiz-data']/text()")
    assert [question["lang"] for question in json.loads(data)["view"]["questions"]] == ["ur", "en"]
    with served(root) as origin:
        yield Site(root, origin)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


@pytest.fixture(scope="module")
def axe() -> str:
    assert AXE.exists(), "axe-core is not installed: run `npm ci` in tests/node (.ci/run does it)"
    return AXE.read_text(encoding="utf-8")


def quiz_pages(site: Site) -> list[str]:
    """Every player page of both projects, graded and delivered, relative to the site's root."""
    found = []
    for project in PROJECTS:
        for variant in ("dist", "delivery"):
            folder = site.root / project / variant / "html"
            for page in sorted(folder.glob("*/*.html")):
                if page.stem in LOCALES:
                    found.append(page.relative_to(site.root).as_posix())
    return found


class Gate:
    """One browser context per theme; every state a page reaches is given to axe-core, and what it finds
    is collected as lines a developer can act on."""

    def __init__(self, browser: Any, axe: str, theme: str, width: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": 1000}, color_scheme=theme)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.axe = axe
        self.view = theme if width == 900 else f"{theme}, {width} px"
        self.found: list[str] = []
        self.checked = 0

    def open(self, url: str) -> None:
        self.page.goto("about:blank")
        self.page.goto(url)
        self.page.evaluate(self.axe)  # through the DevTools protocol: the page's CSP still applies

    def audit(self, where: str, state: str) -> None:
        self.checked += 1
        for violation in self.page.evaluate(AXE_RUN, RULES):
            for node in violation["nodes"]:
                self.found.append(
                    f"{where} [{self.view}] {state}: {violation['id']} ({violation['impact']}) "
                    f"at {node['target']}: {violation['help']}. {node['summary']} "
                    f"{node['html']} See {violation['helpUrl']}"
                )

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


ANSWER = """root => {
  // The first radio button of each group, every checkbox (so an option's feedback shows), something typed
  // in each field, the second entry of each drop-down, the first item moved down: an answer of every
  // kind, whatever it scores.
  const done = new Set();
  for (const input of root.querySelectorAll('input, textarea, select')) {
    if (input.type === 'checkbox') {
      input.click();
    } else if (input.type === 'radio') {
      if (!done.has(input.name)) { input.click(); done.add(input.name); }
    } else if (input.tagName === 'SELECT') {
      input.selectedIndex = 1;
      input.dispatchEvent(new Event('change', {bubbles: true}));
    } else {
      input.value = input.inputMode === 'decimal' ? '1' : 'x';
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }
  }
  const down = root.querySelector('button.move-down:not(:disabled)');
  if (down) down.click();
}"""


def walk(gate: Gate, url: str, where: str) -> None:
    """Every question of the page unanswered, answered and checked (graded), then the results."""
    gate.open(url + "#q=1")
    page = gate.page
    total = len(page.evaluate("quizkitPlayer.questions"))
    for number in range(1, total + 1):
        gate.audit(where, f"question {number} unanswered")
        page.eval_on_selector("form.question", ANSWER)
        gate.audit(where, f"question {number} answered")
        if page.locator("button.check").is_visible():
            page.click("button.check")
            gate.audit(where, f"question {number} checked")
        page.click("button.next")
    gate.audit(where, "results and review")


@pytest.mark.parametrize(("theme", "width"), VIEWS)
def test_every_page_has_no_accessibility_violation(
    browser: Any, site: Site, axe: str, theme: str, width: int
) -> None:
    gate = Gate(browser, axe, theme, width)
    pages = quiz_pages(site)
    assert len(pages) == 2 * 5 * len(LOCALES), pages
    for path in pages:
        walk(gate, site.url(path), path)
    for project in PROJECTS:
        path = f"{project}/dist/html/index.html"
        gate.open(site.url(path))
        gate.audit(path, "index")
    gate.close()
    assert gate.found == [], "\n".join(gate.found)
    assert gate.checked > 100, gate.checked


def test_the_gate_names_page_locale_theme_rule_element_and_help(browser: Any, site: Site, axe: str) -> None:
    """The gate can fail, and says what to fix: a page of the site with an unlabelled field added."""
    gate = Gate(browser, axe, "dark")
    path = "every/dist/html/every-type/ar-XB.html"
    gate.open(site.url(path) + "#q=3")
    gate.page.evaluate("document.querySelector('#answer-name-collective').id = 'unlabelled'")
    gate.audit(path, "question 3 unanswered")
    gate.close()
    (found,) = gate.found
    assert found.startswith(
        "every/dist/html/every-type/ar-XB.html [dark] question 3 unanswered: label (critical) at #unlabelled: "
        "Form elements must have labels. "
    ), found
    assert found.endswith("See https://dequeuniversity.com/rules/axe/4.14/label?application=axeAPI"), found


@pytest.mark.parametrize(
    ("theme", "colors"),
    [
        ("light", ["rgb(250, 250, 250)", "rgb(27, 27, 27)", "rgb(255, 255, 255)", "light"]),
        ("dark", ["rgb(18, 18, 18)", "rgb(230, 230, 230)", "rgb(30, 30, 30)", "dark"]),
    ],
)
def test_the_pages_follow_the_system_theme(
    browser: Any, site: Site, axe: str, theme: str, colors: list[str]
) -> None:
    """The gate's dark run checks a dark page: the player and the index follow prefers-color-scheme
    (the page, its text, the card, and the native controls' scheme)."""
    gate = Gate(browser, axe, theme)
    for path in ("shipped/dist/html/data-parallel/ur.html", "shipped/dist/html/index.html"):
        gate.open(site.url(path))
        shown = gate.page.evaluate(
            """() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color,
                      getComputedStyle(document.querySelector('main')).backgroundColor,
                      getComputedStyle(document.documentElement).colorScheme]"""
        )
        assert shown == colors, (path, shown)
    gate.close()


FOCUS = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  const style = getComputedStyle(node);
  return {what: node.outerHTML.slice(0, 100), focusVisible: node.matches(':focus-visible'),
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
          shadow: style.boxShadow !== 'none'};
}"""


class Keyboard:
    """The page driven by key presses only; after each press the focused element must show its focus
    (it matches :focus-visible and has an outline or a box shadow)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.unshown: list[str] = []

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)
            focus = self.page.evaluate(FOCUS)
            if focus and not (focus["focusVisible"] and (focus["outline"] or focus["shadow"])):
                self.unshown.append(f"{key}: {focus}")

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)

    def on(self, selector: str) -> bool:
        return bool(self.page.evaluate("selector => document.activeElement.matches(selector)", selector))

    def reach(self, selector: str) -> None:
        """Tab forward (and, past the end, back with Shift+Tab) until ``selector`` has the focus."""
        for key in ["Tab"] * 40 + ["Shift+Tab"] * 80:
            if self.on(selector):
                return
            self.press(key)
        raise AssertionError(f"{selector} cannot be reached with Tab")

    def choose(self, selector: str, value: str) -> None:
        """In a drop-down that has the focus, the entry ``value``, with the arrow keys."""
        values = self.page.eval_on_selector(selector, "node => Array.from(node.options).map(o => o.value)")
        current = self.page.eval_on_selector(selector, "node => node.selectedIndex")
        wanted = values.index(value)
        self.press("ArrowDown" if wanted > current else "ArrowUp", abs(wanted - current))
        assert self.page.eval_on_selector(selector, "node => node.value") == value


def answer_with_keys(keyboard: Keyboard, view: dict[str, Any], bundle: dict[str, Any]) -> None:
    """The right answer to the question on screen, given with the keyboard only."""
    page = keyboard.page
    kind = view["type"]
    if kind in ("single_choice", "true_false"):
        radios = page.eval_on_selector_all(".options input", "nodes => nodes.map(node => node.value)")
        right = view["correct"][0] if kind == "single_choice" else ("true" if view["correct"] else "false")
        keyboard.reach(".options input")
        keyboard.press("Space")  # the focused radio button is chosen
        current = radios.index(page.evaluate("document.activeElement.value"))
        wanted = radios.index(right)
        keyboard.press("ArrowDown" if wanted > current else "ArrowUp", abs(wanted - current))
        assert page.eval_on_selector(".options input:checked", "node => node.value") == right
    elif kind == "multiple_choice":
        for option in view["correct"]:
            keyboard.reach(f".options input[value='{option}']")
            keyboard.press("Space")
    elif kind in ("short_answer", "numeric"):
        keyboard.reach(f"#answer-{view['id']}")
        keyboard.type(bundle["answers"][0]["accepted"][0] if kind == "short_answer" else bundle["answer"])
    elif kind == "essay":
        keyboard.reach(f"#answer-{view['id']}")
        keyboard.type("Every GPU holds the whole model.")
    elif kind == "matching":
        for pair, match in view["correct"].items():
            selector = f"select[data-pair='{pair}']"
            keyboard.reach(selector)
            keyboard.choose(selector, match)
    elif kind == "ordering":
        # No dragging: each item in turn is moved up to its place with its "Move up" button.
        for position, item in enumerate(view["correct"]):
            order = page.eval_on_selector_all(".order-item", "items => items.map(item => item.dataset.item)")
            if order.index(item) > position:
                keyboard.reach(f".order-item[data-item='{item}'] button.move-up")
                keyboard.press("Enter", order.index(item) - position)
        order = page.eval_on_selector_all(".order-item", "items => items.map(item => item.dataset.item)")
        assert order == view["correct"]
    else:
        assert kind == "fill_in_blanks"
        for blank in bundle["blanks"]:
            if blank["type"] == "typed":
                keyboard.reach(f"input[data-blank='{blank['id']}']")
                keyboard.type(blank["answers"][0]["accepted"][0])
            else:
                selector = f"select[data-blank='{blank['id']}']"
                keyboard.reach(selector)
                keyboard.choose(selector, blank["correct"])


KINDS = {
    "single_choice": ("every-type", 1),
    "multiple_choice": ("pick-many", 1),
    "true_false": ("every-type", 2),
    "short_answer": ("every-type", 3),
    "numeric": ("every-type", 4),
    "matching": ("every-type", 5),
    "ordering": ("every-type", 6),
    "fill_in_blanks": ("every-type", 7),
    "essay": ("every-type", 8),
}
"""Each question kind and where the site has it (quiz, question number)."""


def test_every_kind_is_covered() -> None:
    """A new kind must be added to the keyboard test (and so to a page the gate walks)."""
    assert set(KINDS) == {kind.value for kind in QuestionType}


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_is_completed_with_the_keyboard_only(browser: Any, site: Site, axe: str, kind: str) -> None:
    """From the page's start, Tab, arrows, Space, typing and Enter only: the right answer, checked; the
    verdict said in the live region; the focus on "Next", then on the next question's heading (the
    score, after the last, said in the page's live region); every focus stop visible."""
    quiz, number = KINDS[kind]
    gate = Gate(browser, axe, "light")
    page = gate.page
    for locale in LOCALES:
        gate.open(site.url(f"every/dist/html/{quiz}/{locale}.html#q={number}"))
        data = page.evaluate("JSON.parse(document.getElementById('quiz-data').textContent)")
        view = data["view"]["questions"][number - 1]
        bundle = data["bundle"]["questions"][number - 1]
        assert view["type"] == kind
        keyboard = Keyboard(page)
        answer_with_keys(keyboard, view, bundle)
        keyboard.reach("button.check")
        keyboard.press("Enter")
        verdict = page.locator(".feedback .verdict")
        assert verdict.get_attribute("data-score") == ("none" if kind == "essay" else "1"), (locale, kind)
        live = page.eval_on_selector(".feedback", "node => [node.getAttribute('aria-live'), node.role]")
        assert live == ["polite", "status"]
        assert keyboard.on("button.next"), (locale, kind)
        keyboard.press("Enter")
        last = number == len(data["view"]["questions"])
        if last:
            assert keyboard.on("#score")
            said = page.eval_on_selector(
                ".announcer", "node => [node.getAttribute('aria-live'), node.role, node.textContent]"
            )
            assert said == ["polite", "status", page.text_content("#score")]
        else:
            assert keyboard.on("#progress")
            assert page.text_content("#progress") == page.evaluate(
                f"quizkitPlayer.messageText('question-progress', {{current: {number + 1}, total: {len(data['view']['questions'])}}})"
            )
        assert keyboard.unshown == [], (locale, keyboard.unshown)
    gate.close()


LANGUAGES = """allowed => {
  // Every shown text: its closest [lang] is the page's locale or the source it fell back to (a link of
  // the locale switch: the locale it leads to, in its own words), and the text runs in that language's
  // direction (Urdu and ar-XB right to left), but in an island the markup marks inside it (dir="ltr" on
  // inline code and numbers in right-to-left text; dir="auto" on an English page's typed answers).
  const wrong = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const parent = text.parentElement;
    if (!text.textContent.trim() || parent.closest('script, style, [hidden]')) continue;
    const marked = parent.closest('[lang]');
    const lang = marked ? marked.lang : '(none)';
    // The index's start link is in the card's language, or the source where its message fell back.
    const link = parent.closest('a[hreflang]:not(.start-quiz)');
    const expectedLang = link ? [link.hreflang] : allowed;
    const island = parent.closest('[dir]');
    const shown = parent.tagName === 'OPTION' ? parent.parentElement : parent;
    const direction = getComputedStyle(shown).direction;
    const expected = island && marked && island !== marked && marked.contains(island)
      ? (island.dir === 'auto' ? direction : island.dir) : /^(ur|ar)\\b/.test(lang) ? 'rtl' : 'ltr';
    if (!expectedLang.includes(lang) || direction !== expected) {
      wrong.push(`${JSON.stringify(text.textContent.trim().slice(0, 40))} in <${parent.tagName.toLowerCase()}` +
                 `${parent.className ? '.' + parent.className : ''}>: lang ${lang}, ${direction}`);
    }
  }
  return wrong;
}"""


def test_every_text_carries_its_language_and_direction(browser: Any, site: Site, axe: str) -> None:
    """Every page, every question checked, and the results: a screen reader speaks each text in its
    language (lang), and it is laid out in that language's direction (dir)."""
    gate = Gate(browser, axe, "light")
    page = gate.page
    wrong: list[str] = []
    for path in quiz_pages(site):
        locale = path.rsplit("/", 1)[1].removesuffix(".html")
        allowed = [locale, "en"]
        gate.open(site.url(path) + "#q=1")
        total = len(page.evaluate("quizkitPlayer.questions"))
        for number in range(1, total + 1):
            page.eval_on_selector("form.question", ANSWER)
            if page.locator("button.check").is_visible():
                page.click("button.check")
            wrong += [f"{path} question {number}: {found}" for found in page.evaluate(LANGUAGES, allowed)]
            page.click("button.next")
        wrong += [f"{path} results: {found}" for found in page.evaluate(LANGUAGES, allowed)]
    for project in PROJECTS:
        path = f"{project}/dist/html/index.html"
        gate.open(site.url(path))
        # The index lists every quiz's title in every exported locale (en-XA too).
        wrong += [f"{path}: {found}" for found in page.evaluate(LANGUAGES, [*LOCALES, "en-XA"])]
    gate.close()
    assert wrong == [], "\n".join(wrong)
