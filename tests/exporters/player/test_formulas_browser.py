"""TeX formulas and code blocks in the HTML player, in headless Chromium: MathML made at build time (no
math JavaScript), laid out left to right inside Urdu and Arabic sentences, a code block left to right in
monospace, and a screenshot of each in test-output/.

Needs Debian's ``chromium`` and the ``playwright`` package (the dev extra); without them the module is
skipped.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium, require_chromium

sync_api = require_chromium()

from exporters.player.test_html import assets  # noqa: E402

from toolkit import keys  # noqa: E402
from toolkit.content.validation import load_content  # noqa: E402
from toolkit.exporters.base import ExportRequest  # noqa: E402
from toolkit.exporters.player.html_export import HtmlExporter  # noqa: E402
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header  # noqa: E402
from toolkit.localization import FallbackPolicy, localize  # noqa: E402
from toolkit.model import ChoiceQuestion, Content, Level, Option, Origin, QuestionType, Quiz, Text  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
OUTPUT = ROOT / "test-output"
FIXTURE = ROOT / "tests" / "project"
ORIGIN = Origin("content/ring.yaml", 1)
RING = "\\frac{2(N-1)}{N}"
BLOCK = "```python\nfor step in range(2 * (N - 1)):\n    send(chunk)\n```"
SOURCE = {
    "ring.title": "Ring all-reduce",
    "ring.description": "Formulas",
    "ring.questions.share.prompt": f"In a ring all-reduce each GPU sends ${RING}$ of the data. Why?",
    "ring.questions.share.options.steps": "It takes $2(N-1)$ steps of $1/N$ each",
    "ring.questions.share.options.other": "Each GPU sends everything",
    "ring.questions.share.explanation": f"In total: $$\\sum_{{i=1}}^{{N}} x_i$$ and `$HOME` is code.\n{BLOCK}",
}
TRANSLATIONS = {
    "ur": {
        "ring.title": "رنگ آل ریڈیوس",
        "ring.description": "فارمولے",
        "ring.questions.share.prompt": f"رنگ آل ریڈیوس میں ہر GPU ڈیٹا کا ${RING}$ حصہ بھیجتا ہے۔ کیوں؟",
        "ring.questions.share.options.steps": "اس میں $1/N$ کے $2(N-1)$ مرحلے ہوتے ہیں",
        "ring.questions.share.options.other": "ہر GPU سب کچھ بھیجتا ہے",
        "ring.questions.share.explanation": f"کل: $$\\sum_{{i=1}}^{{N}} x_i$$ اور `$HOME` کوڈ ہے۔\n{BLOCK}",
    },
    "ar": {
        "ring.title": "الاختزال الحلقي",
        "ring.description": "صيغ",
        "ring.questions.share.prompt": f"في الاختزال الحلقي يرسل كل GPU الجزء ${RING}$ من البيانات. لماذا؟",
        "ring.questions.share.options.steps": "يستغرق $2(N-1)$ خطوة لكل منها $1/N$",
        "ring.questions.share.options.other": "كل GPU يرسل كل شيء",
        "ring.questions.share.explanation": f"المجموع: $$\\sum_{{i=1}}^{{N}} x_i$$ و `$HOME` شيفرة.\n{BLOCK}",
    },
}


def ring_quiz() -> Quiz:
    def text(key: str) -> Text:
        return Text(key, SOURCE[key], ORIGIN)

    question = ChoiceQuestion(
        "share",
        QuestionType.SINGLE_CHOICE,
        text(keys.prompt_key("ring", "share")),
        tuple(
            Option(option, text(keys.option_key("ring", "share", option))) for option in ("steps", "other")
        ),
        ("steps",),
        text(keys.explanation_key("ring", "share")),
    )
    return Quiz("ring", Level.BEGINNER, text("ring.title"), text("ring.description"), (question,), ORIGIN)


def ring_request() -> ExportRequest:
    quiz = ring_quiz()
    interface = load_content(FIXTURE / "content").interface
    localized = {("ring", "en"): localize(quiz, interface, "en", "en", None, None)}
    catalogs = {}
    for locale, texts in TRANSLATIONS.items():
        header = Header((("Language", locale), ("Content-Type", "text/plain; charset=UTF-8")))
        catalog = Catalog(header, tuple(CatalogEntry(SOURCE[key], texts[key], context=key) for key in texts))
        catalogs[(locale, "ring")] = catalog
        localized[("ring", locale)] = localize(quiz, interface, locale, "en", catalog, None)
    return ExportRequest(
        Content((quiz,), interface), "en", tuple(TRANSLATIONS), localized, catalogs, FallbackPolicy.QUESTION
    )


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("html")
    for output in [*HtmlExporter().export(ring_request())]:
        target = folder / output.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(output.data)
    for path, data in assets().items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


def page_of(browser: Any, pages: Path, locale: str) -> tuple[Any, Any, list[str]]:
    (page_file,) = pages.glob(f"**/ring/{locale}.html")
    context = browser.new_context(viewport={"width": 900, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_file.as_uri())
    return context, page, errors


LAYOUT = """root => {
  const island = root.querySelector(".formula");
  const math = island.querySelector("math");
  const fraction = math.querySelector("mfrac");
  const [numerator, denominator] = fraction.children;
  const box = node => node.getBoundingClientRect();
  const two = numerator.querySelector("mn"), n = numerator.querySelector("mi");
  return {
    islandDirection: getComputedStyle(island).direction,
    islandBidi: getComputedStyle(island).unicodeBidi,
    mathDirection: getComputedStyle(math).direction,
    mathDisplay: getComputedStyle(math).display,
    textDirection: getComputedStyle(root).direction,
    numeratorAbove: box(numerator).bottom <= box(denominator).top + 1,
    twoLeftOfN: box(two).right <= box(n).left + 1,
    width: box(math).width,
    scripts: document.querySelectorAll("script[src*='mathjax'], script[src*='katex']").length,
  };
}"""


@pytest.mark.parametrize("locale", ["ur", "ar", "en"])
def test_a_formula_renders_as_mathml_left_to_right_inside_the_sentence(
    browser: Any, pages: Path, locale: str
) -> None:
    context, page, errors = page_of(browser, pages, locale)
    layout = page.eval_on_selector("legend", LAYOUT)
    assert layout == {
        "islandDirection": "ltr",
        "islandBidi": "isolate",
        "mathDirection": "ltr",
        "mathDisplay": "math",  # MathML Core: an inline formula is display: math
        "textDirection": "ltr" if locale == "en" else "rtl",
        "numeratorAbove": True,
        "twoLeftOfN": True,
        "width": layout["width"],
        "scripts": 0,
    }
    assert layout["width"] > 10
    # The TeX itself is nowhere on the page: what the learner sees is the rendered formula. The TeX is
    # the MathML's annotation (MathML 3 §5.1), which the browser does not show.
    assert "\\frac" not in page.inner_text("body")
    annotation = page.eval_on_selector(
        "legend math annotation", "node => [node.getAttribute('encoding'), getComputedStyle(node).display]"
    )
    assert annotation == ["application/x-tex", "none"]
    page.check(".option[data-option='steps'] input")
    page.click("button.check")
    display = page.eval_on_selector(
        ".explanation math[display=block]", "node => getComputedStyle(node).display"
    )
    assert display == "block math"
    assert page.inner_text(".explanation code[dir=ltr]") == "$HOME"
    block = page.eval_on_selector(
        ".explanation pre",
        """pre => {
          const code = pre.firstChild, range = document.createRange();
          range.selectNodeContents(code);
          const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
          return {dir: getComputedStyle(code).direction, font: getComputedStyle(code).fontFamily,
                  space: getComputedStyle(code).whiteSpace, text: pre.textContent, lines: lines.size,
                  left: code.getBoundingClientRect().left - pre.getBoundingClientRect().left};
        }""",
    )
    assert block["text"] == "for step in range(2 * (N - 1)):\n    send(chunk)"
    assert (block["dir"], block["space"], block["lines"]) == ("ltr", "pre", 2)
    assert "monospace" in block["font"]
    assert block["left"] < 20  # the code starts at the left, also in a right-to-left page
    OUTPUT.mkdir(exist_ok=True)
    shot = OUTPUT / f"formula-player-{locale}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 5_000
    assert errors == []
    context.close()
