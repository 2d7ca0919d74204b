"""QTI items scored by a real QTI 3 delivery engine, ``@citolab/qti-components`` (tests/node), in headless
Chromium: every question of tests/content/types/every-type.yaml, in English and Urdu, with every response
of grading-cases.yaml (and a few more), must get the score the reference grader gives.

The engine's bundle (``cdn/index.js``, no imports) is served from ``node_modules`` to a page of the
test's own; nothing else is fetched. Responses are set through the item's ``variables`` property (what a
delivery platform does to restore a session), then the item runs its response processing.

Needs Debian's ``chromium``, the ``playwright`` package and ``npm ci`` in tests/node; skipped without them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

CHROMIUM = Path("/usr/bin/chromium")
ENGINE = Path(__file__).resolve().parents[2] / "node" / "node_modules" / "@citolab" / "qti-components"
if not CHROMIUM.exists():
    pytest.skip(
        "no browser: /usr/bin/chromium is missing (apt-get install chromium)", allow_module_level=True
    )
if not (ENGINE / "cdn" / "index.js").exists():
    pytest.skip(f"the QTI engine is missing: {ENGINE} (npm ci in tests/node)", allow_module_level=True)
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the playwright package is missing (pip install -e '.[dev]')"
)

from localization.test_grading import CASES, localized  # noqa: E402

from toolkit.exporters.qti.qti3 import DEFAULT_LABELS, item_document, package_files, serialize  # noqa: E402
from toolkit.localization import grade  # noqa: E402
from toolkit.model import (  # noqa: E402
    ChoiceQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    TrueFalseQuestion,
    TypedBlank,
)

ORIGIN = "http://qti.test"
PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<script type="module">import * as qti from "/qti-components.js"; window.qti = qti; window.ready = true;</script>
</head><body><div id="stage"></div></body></html>"""
# Render one item, set its responses, run its response processing; the outcome values as the engine
# holds them.
SCORE_ITEM = """async ([xml, responses]) => {
  const stage = document.getElementById("stage");
  stage.replaceChildren(window.qti.qtiTransformItem().parse(xml).htmlDoc());
  const item = stage.querySelector("qti-assessment-item");
  await item.updateComplete;
  item.variables = Object.entries(responses).map(([identifier, value]) => ({identifier, value}));
  const processed = item.processResponse();
  return {processed, score: item.getOutcome("SCORE").value, feedback: item.getOutcome("FEEDBACK")?.value ?? null};
}"""
QTI = {"q": "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"}
SERVED: dict[str, bytes] = {}
"""Files of packages the page may load (path below ORIGIN → bytes), as a platform serves a package."""
CONTENT_TYPES = {".xml": "application/xml", ".png": "image/png", ".svg": "image/svg+xml"}
SAFE_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)

# Responses beyond the shared cases, at the edges of what the export expresses; the library grades them.
MORE_CASES: dict[str, list[tuple[str, Any]]] = {
    "name-collective": [
        ("en", "not all-reduce"),
        ("en", "all-reducex"),
        ("en", "ALL-REDUCE"),
        ("en", "reduce\u00a0to all"),
        ("ur", "سب کو ریڈیوس ہے"),
        ("ur", "ـسب کو ریڈیوس"),
    ],
    "global-batch-size": [
        ("en", "256abc"),
        ("en", "0256"),
        ("en", "+256"),
        ("en", "256."),
        ("en", "256.00"),
        ("en", "-256"),
        ("ur", "۲۵۶٫۰"),
        ("ur", "٢٥٦ سیمپلز"),
    ],
    "fill-replica": [("en", {"copy": " replica ", "collective": "broadcast"}), ("en", {})],
    "match-collectives": [("en", {"broadcast": "broadcast"})],
    "step-order": [("en", [])],
}


@pytest.fixture(scope="module")
def engine() -> Iterator[Any]:
    """A page with the engine loaded, from a route of the test's own: no network."""
    bundle = (ENGINE / "cdn" / "index.js").read_bytes()
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox"]
        )
        # The engine formats outcome values with toLocaleString(): a fixed locale keeps "0.333" so.
        context = browser.new_context(locale="en-US")
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))

        def serve(route: Any) -> None:
            url = route.request.url
            if url == f"{ORIGIN}/":
                route.fulfill(body=PAGE, content_type="text/html; charset=utf-8")
            elif url == f"{ORIGIN}/qti-components.js":
                route.fulfill(body=bundle, content_type="text/javascript; charset=utf-8")
            elif url.removeprefix(f"{ORIGIN}/") in SERVED:
                name = url.removeprefix(f"{ORIGIN}/")
                route.fulfill(body=SERVED[name], content_type=CONTENT_TYPES[Path(name).suffix])
            else:
                errors.append(f"unexpected request: {url}")
                route.abort()

        page.route("**/*", serve)
        page.goto(f"{ORIGIN}/")
        page.wait_for_function("window.ready === true")
        page.errors = errors
        yield page
        browser.close()


@pytest.fixture(scope="module")
def items() -> dict[tuple[str, str], bytes]:
    """Every item of the fixture, with answers, by (locale, question id)."""
    exported: dict[tuple[str, str], bytes] = {}
    for locale in ("en", "ur"):
        for name, data in package_files(localized(locale), answers=True):
            if name.startswith("items/"):
                exported[(locale, name.removeprefix("items/").removesuffix(".xml"))] = data
    return exported


def question_of(locale: str, question_id: str) -> Question[str]:
    (question,) = [question for question in localized(locale).questions if question.id == question_id]
    return question


def text_of(element: Any) -> str:
    return "".join(element.itertext())


def engine_responses(question: Question[str], document: Any, response: Any) -> dict[str, Any]:
    """The library's response to ``question`` as the item's response variables."""
    if isinstance(question, TrueFalseQuestion):
        return {"RESPONSE": "true" if response is True else "false"}
    if isinstance(question, ChoiceQuestion):
        if question.type is QuestionType.MULTIPLE_CHOICE:
            return {"RESPONSE": list(response)}
        return {"RESPONSE": response[0] if response else None}
    if isinstance(question, MatchingQuestion):
        # The item's matches have ids of their own: find each by its text.
        texts = {pair.id: pair.match for pair in question.pairs}
        texts |= {distractor.id: distractor.text for distractor in question.distractors}
        _, targets = document.findall(".//q:qti-simple-match-set", QTI)
        by_text = {text_of(choice): choice.get("identifier") for choice in targets}
        return {"RESPONSE": [f"{prompt} {by_text[texts[match]]}" for prompt, match in response.items()]}
    if isinstance(question, FillInBlanksQuestion):
        return {f"RESPONSE.{blank.id}": response.get(blank.id) for blank in question.blanks}
    if isinstance(question, OrderingQuestion):
        # The item's choices have delivery ids (i1, i2, …): find each by its text.
        texts = {item.id: item.text for item in question.items}
        by_text = {
            text_of(choice): choice.get("identifier")
            for choice in document.iterfind(".//q:qti-simple-choice", QTI)
        }
        return {"RESPONSE": [by_text[texts[item]] for item in response]}
    return {"RESPONSE": response}


# The engine tests patterns with RegExp.test, a search, where QTI matches the whole response: these
# contain an accepted numeral and are accepted (toolkit/exporters/qti/patterns.py says why no pattern
# can tell them apart without anchors). A conforming engine scores them 0, as the library does.
ENGINE_SEARCHES = [("global-batch-size", "en", "256.5"), ("global-batch-size", "en", "1256")]

ALL_CASES = [
    (entry["question"], case.get("locale", "en"), case["response"])
    for entry in CASES
    for case in entry["cases"]
] + [(question_id, locale, response) for question_id, more in MORE_CASES.items() for locale, response in more]


@pytest.mark.parametrize(
    ("question_id", "locale", "response"),
    [
        *ALL_CASES,
        *(
            pytest.param(
                *case, marks=pytest.mark.xfail(strict=True, reason="the engine searches for patterns")
            )
            for case in ENGINE_SEARCHES
        ),
    ],
)
def test_the_engine_scores_as_the_library(
    engine: Any, items: dict[tuple[str, str], bytes], question_id: str, locale: str, response: Any
) -> None:
    question = question_of(locale, question_id)
    data = items[(locale, question_id)]
    document = etree.fromstring(data, SAFE_PARSER)
    result = engine.evaluate(
        SCORE_ITEM, [data.decode("utf-8"), engine_responses(question, document, response)]
    )
    assert engine.errors == []
    assert result["processed"] is True
    assert result["feedback"] == ["EXPLANATION"]  # the explanation is shown after every attempt
    expected = grade(question, response, locale)
    if expected is None:
        # An essay: a person scores it; the engine leaves SCORE at its default and says so.
        score = document.find("q:qti-outcome-declaration[@identifier='SCORE']", QTI)
        assert score.get("external-scored") == "human"
        assert float(result["score"]) == 0
        return
    # The engine keeps at most three decimals of a score (toLocaleString): 1/3 is "0.333".
    assert abs(Fraction(result["score"]) - expected.score) < Fraction(1, 1000), (response, result["score"])


def test_every_kind_is_scored_by_the_engine() -> None:
    # Multiple choice is the choice interaction of single choice with another cardinality.
    kinds = {question.type for question in localized("en").questions}
    assert kinds == set(QuestionType) - {QuestionType.MULTIPLE_CHOICE}
    assert {question_id for question_id, _, _ in ALL_CASES} == {
        question.id for question in localized("en").questions
    }


def test_the_delivery_variant_renders_in_the_engine(engine: Any) -> None:
    """Without answers there is no response processing: the engine renders the item and scores nothing."""
    for locale in ("en", "ur"):
        for name, data in package_files(localized(locale), answers=False):
            if not name.startswith("items/"):
                continue
            result = engine.evaluate(SCORE_ITEM, [data.decode("utf-8"), {}])
            assert engine.errors == [], name
            assert (result["processed"], result["feedback"]) == (False, None), name


def test_typed_answers_reach_the_engine_from_the_keyboard(
    engine: Any, items: dict[tuple[str, str], bytes]
) -> None:
    """What a learner types into the rendered field is the response the patterns are tested against."""
    question = question_of("ur", "fill-replica")
    assert isinstance(question, FillInBlanksQuestion)
    typed = [blank for blank in question.blanks if isinstance(blank, TypedBlank)]
    assert [blank.id for blank in typed] == ["copy"]
    engine.evaluate(SCORE_ITEM, [items[("ur", "fill-replica")].decode("utf-8"), {}])
    field = engine.locator("qti-text-entry-interaction input")
    field.press_sequentially(" نقل ")
    field.blur()
    result = engine.evaluate(
        """() => { const item = document.querySelector("qti-assessment-item");
        item.variables = [{identifier: "RESPONSE.collective", value: "all-reduce"}];
        item.processResponse();
        return [item.getResponse("RESPONSE.copy").value, item.getOutcome("SCORE").value]; }"""
    )
    assert result == [" نقل ", "1"]
    assert json.dumps(engine.errors) == "[]"


def variant(question_id: str, **changes: Any) -> Question[str]:
    question: Any = question_of("en", question_id)
    return dataclasses.replace(question, **changes)


# Settings the fixture does not use, each with responses the library grades.
VARIANTS: list[tuple[Question[str], list[Any]]] = [
    (
        variant("step-order", partial_credit=True),
        [
            ["forward", "backward", "all-reduce", "update"],
            ["forward", "backward", "update", "all-reduce"],
            ["backward", "forward", "all-reduce", "update"],
            ["update", "all-reduce", "backward", "forward"],
            ["forward", "backward", "all-reduce"],
        ],
    ),
    (
        variant("fill-replica", partial_credit=True),
        [{"copy": "copy", "collective": "broadcast"}, {"copy": "x"}],
    ),
    (
        variant("match-collectives", partial_credit=False),
        [{"broadcast": "broadcast", "all-reduce": "all-reduce"}],
    ),
    (
        variant("gpu-holds", type=QuestionType.MULTIPLE_CHOICE, partial_credit=True),
        [["full-replica"], ["full-replica", "layer-slice"], ["layer-slice"], []],
    ),
    (
        variant("gpu-holds", type=QuestionType.MULTIPLE_CHOICE),
        [["full-replica"], ["full-replica", "layer-slice"]],
    ),
]


@pytest.mark.parametrize(("question", "responses"), VARIANTS, ids=lambda value: getattr(value, "id", ""))
def test_partial_credit_and_multiple_choice_score_as_the_library(
    engine: Any, question: Question[str], responses: list[Any]
) -> None:
    quiz = dataclasses.replace(localized("en"), questions=(question,))
    data = serialize(item_document(quiz, question, True, DEFAULT_LABELS))
    document = etree.fromstring(data, SAFE_PARSER)
    for response in responses:
        result = engine.evaluate(
            SCORE_ITEM, [data.decode("utf-8"), engine_responses(question, document, response)]
        )
        assert engine.errors == []
        expected = grade(question, response, "en")
        assert expected is not None
        assert abs(Fraction(result["score"]) - expected.score) < Fraction(1, 1000), (
            response,
            result["score"],
        )


RENDERED = """async (xml) => {
  const stage = document.getElementById("stage");
  stage.replaceChildren(window.qti.qtiTransformItem().parse(xml).htmlDoc());
  const item = stage.querySelector("qti-assessment-item");
  await item.updateComplete;
  const prompt = stage.querySelector("qti-prompt");
  const math = prompt.querySelector("math");
  const code = prompt.querySelector("pre > code");
  return {
    promptDirection: getComputedStyle(prompt).direction,
    code: code.innerText,
    codeDirection: getComputedStyle(code).direction,
    mathNamespace: math.namespaceURI,
  };
}"""


def rendered_in_the_engine(engine: Any) -> dict[str, dict[str, str]]:
    """An item whose prompt holds a formula and a code block, in English and Urdu, as the engine shows it."""
    from exporters.qti.test_qti3 import in_process_export, in_process_request

    from toolkit.localization import FallbackPolicy

    block = "```python\nfor step in range(2):\n    send(chunk)\n```"
    texts = {field: ("plain", "سادہ") for field in ("title", "a", "b", "explanation")}
    texts["prompt"] = (
        f"Each GPU sends $\\frac{{2(N-1)}}{{N}}$ of the data, by:\n{block}",
        f"ہر GPU ڈیٹا کا $\\frac{{2(N-1)}}{{N}}$ حصہ بھیجتا ہے:\n{block}",
    )
    packages = in_process_export(in_process_request(texts, FallbackPolicy.QUESTION))
    shown = {}
    for locale in ("en", "ur"):
        data = packages[f"hostile/{locale}.zip"]["items/q.xml"]
        shown[locale] = engine.evaluate(RENDERED, data.decode("utf-8"))
        assert engine.errors == []
    return shown


def test_code_blocks_render_left_to_right_with_their_lines_in_the_engine(engine: Any) -> None:
    shown = rendered_in_the_engine(engine)
    for locale, direction in (("en", "ltr"), ("ur", "rtl")):
        assert shown[locale]["promptDirection"] == direction
        assert shown[locale]["code"] == "for step in range(2):\n    send(chunk)"
        assert shown[locale]["codeDirection"] == "ltr"


@pytest.mark.xfail(
    strict=True,
    reason="@citolab/qti-components 7.27.4 cannot show MathML from any item: htmlDoc(), the only way its "
    "item container (qti-item/src/components/item-container/item-container.ts) and loader "
    "(qti-loader/src/qti-loader.ts) put an item into the page, returns toHTML(), whose stripNamespaces() "
    "copies every element with doc.createElement(el.localName) (dist/chunk-UKPCQKPF.js:72, "
    "qti-transformers/src/qti-transformers.ts in its source map; cdn/index.js has no MathML code at all). "
    "So <math> becomes an unknown HTML element whatever namespace or prefix the item gives it, and the "
    "engine shows the formula's characters in a row. The item is valid QTI 3 (the XSD accepts m:math, "
    "tests/exporters/qti/test_qti3.py); a player that keeps namespaces renders it.",
)
def test_formulas_are_mathml_in_the_engine(engine: Any) -> None:
    shown = rendered_in_the_engine(engine)
    assert {shown[locale]["mathNamespace"] for locale in ("en", "ur")} == {
        "http://www.w3.org/1998/Math/MathML"
    }


SHOWN_IMAGE = """async (url) => {
  const stage = document.getElementById("stage");
  const api = await window.qti.qtiTransformItem().load(url);
  stage.replaceChildren(api.htmlDoc());
  const item = stage.querySelector("qti-assessment-item");
  await item.updateComplete;
  const image = stage.querySelector("qti-prompt img");
  if (!image.complete) {
    await new Promise((resolve, reject) => { image.onload = resolve; image.onerror = reject; });
  }
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return {
    src: image.getAttribute("src"),
    alt: image.getAttribute("alt"),
    width: image.naturalWidth,
    height: image.naturalHeight,
    pixel: Array.from(context.getImageData(1, 1, 1, 1).data),
    code: stage.querySelector("qti-prompt pre > code").innerText,
  };
}"""


def test_the_image_loads_from_the_package_with_its_urdu_alt_in_the_engine(
    engine: Any, tmp_path: Path
) -> None:
    """Issue 41: the question with a formula, a code block and an image, its package served as a platform
    serves it: the engine resolves the item's src against the item's own address, the locale's file loads
    (blue in Urdu, red in English) and the alt is the locale's."""
    import io
    import zipfile

    from rich_project import CODE, RING, URDU_ALT, rich_project
    from support import run_quizkit_in_process

    project = rich_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "qti")
    assert result.returncode == 0, result.stdout + result.stderr
    expected = {"en": ("Four GPUs in a ring", [200, 0, 0, 255]), "ur": (URDU_ALT, [0, 0, 200, 255])}
    for locale, (alt, pixel) in expected.items():
        data = (project / "dist/qti/rich-question" / f"{locale}.zip").read_bytes()
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for name in archive.namelist():
                SERVED[f"package/{locale}/{name}"] = archive.read(name)
        shown = engine.evaluate(SHOWN_IMAGE, f"{ORIGIN}/package/{locale}/items/ring.xml")
        assert engine.errors == []
        ring = RING[locale]
        assert shown == {
            "src": f"{ORIGIN}/package/{locale}/items/../{ring}",
            "alt": alt,
            "width": 40,
            "height": 20,
            "pixel": pixel,
            "code": CODE,
        }
