"""The accessibility gate: axe-core with the WCAG 2.2 AA rules (and its best practices) on every page the
player and the index show, in every shipped locale and the right-to-left pseudo-locale, in the light and
the dark theme; zero violations of any impact. Beside it, what axe-core cannot see: each kind completed
with the keyboard only, a visible focus, focus moved on check and next, results said in a live region,
and the language of every piece of text.

Pages: the shipped project (tests/project) and the every-type fixture (tests/content/types/, translated
into Urdu), each exported with ``--pseudo`` (ar-XB) and in the delivery variant (``--no-answers``), over
http from one local server (a ``file://`` page's stylesheet is closed to axe-core's CSSOM reading; see
test_html_browser.py). Per page, locale and theme: every question unanswered, answered and (graded)
checked, then the results with the review; and the index.

Run it alone: ``.venv/bin/python -m pytest -n 0 -q tests/exporters/player/test_accessibility_gate_browser.py``.
Needs Debian's ``chromium``, the ``playwright`` package and axe-core (``npm ci`` in tests/node), as
test_html_browser.py; without axe-core the gate fails rather than skips (it is the gate).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from browser import chromium
from exporters.player.test_html_browser import AXE, served, sync_api
from support import EVERY_TYPE_QUIZ, copy_project, every_type_urdu, fixture_project, run_quizkit, translate

from toolkit.config import load_config
from toolkit.exporters.export_run import build_request
from toolkit.exporters.player.html import asset_outputs, player_page

LOCALES = ("en", "ur", "ar-XB")
THEMES = ("light", "dark")
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
    for quiz, versions in request.versions_by_quiz():
        for localized in versions:
            target = folder / quiz.id / f"{localized.locale.tag}.html"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(player_page(localized, versions, answers=False))
    for output in asset_outputs():
        target = folder / output.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(output.data)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    root = tmp_path_factory.mktemp("gate")
    shipped = copy_project(root / "shipped")
    exported(shipped)
    every = fixture_project(root / "every", {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert run_quizkit(every, "update").returncode == 0
    translate(every / "locales/ur/LC_MESSAGES/every-type.po", every_type_urdu())
    exported(every)
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
    for project in ("shipped", "every"):
        for variant in ("dist", "delivery"):
            folder = site.root / project / variant / "html"
            for page in sorted(folder.glob("*/*.html")):
                if page.stem in LOCALES:
                    found.append(page.relative_to(site.root).as_posix())
    return found


class Gate:
    """One browser context per theme; every state a page reaches is given to axe-core, and what it finds
    is collected as lines a developer can act on."""

    def __init__(self, browser: Any, axe: str, theme: str) -> None:
        self.context = browser.new_context(viewport={"width": 900, "height": 1000}, color_scheme=theme)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.axe = axe
        self.theme = theme
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
                    f"{where} [{self.theme}] {state}: {violation['id']} ({violation['impact']}) "
                    f"at {node['target']}: {violation['help']}. {node['summary']} "
                    f"{node['html']} See {violation['helpUrl']}"
                )

    def close(self) -> None:
        assert self.errors == []
        self.context.close()


ANSWER = """root => {
  // The first choice of each group, something typed in each field, the second entry of each drop-down,
  // the first item moved down: an answer of every kind, whatever it scores.
  const done = new Set();
  for (const input of root.querySelectorAll('input, textarea, select')) {
    if (input.type === 'radio' || input.type === 'checkbox') {
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


@pytest.mark.parametrize("theme", THEMES)
def test_every_page_has_no_accessibility_violation(browser: Any, site: Site, axe: str, theme: str) -> None:
    gate = Gate(browser, axe, theme)
    pages = quiz_pages(site)
    assert len(pages) == 2 * 2 * len(LOCALES), pages
    for path in pages:
        walk(gate, site.url(path), path)
    for project in ("shipped", "every"):
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
