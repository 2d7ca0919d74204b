"""The static HTML player (``html`` format), checked without a browser: layout, the shared assets,
determinism, the Content-Security-Policy, lang/dir, isolation of Latin runs, hostile text kept as text,
and the interface strings the player uses. The browser tests are in test_html_browser.py."""

from __future__ import annotations

import hashlib
import json
import posixpath
import re
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

import lxml.html
import pytest
from support import FIXTURE

from toolkit import keys
from toolkit.content.validation import load_content
from toolkit.exporters.base import ExportRequest
from toolkit.exporters.player.assets import player_asset
from toolkit.exporters.player.html import (
    asset_outputs,
    option_order,
    plain_title,
    player_page,
    player_script,
    script_json,
    segments,
)
from toolkit.exporters.player.html_export import HtmlExporter
from toolkit.exporters.player.index_page import index_page
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.localization import FallbackPolicy, localize
from toolkit.model import ChoiceQuestion, Content, Level, Option, Origin, QuestionType, Quiz, Text

ROOT = Path(__file__).resolve().parents[3]
Quizkit = Callable[..., subprocess.CompletedProcess[str]]
BIDI_CONTROLS = set("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c")
HOSTILE = "<script>alert(1)</script>"
ORIGIN = Origin("content/sample.yaml", 1)


# --- A small quiz with what the real content lacks: multiple choice, feedback, pinned options, shuffling.


def sample_quiz() -> Quiz:
    quiz_id = "sample"

    def text(key: str, source: str) -> Text:
        return Text(key, source, ORIGIN)

    def option(question: str, option_id: str, source: str, feedback: str | None = None, **kw: Any) -> Option:
        return Option(
            option_id,
            text(keys.option_key(quiz_id, question, option_id), source),
            text(keys.feedback_key(quiz_id, question, option_id), feedback) if feedback else None,
            **kw,
        )

    first = ChoiceQuestion(
        "pick-one",
        QuestionType.SINGLE_CHOICE,
        text(keys.prompt_key(quiz_id, "pick-one"), f"Which is safe? {HOSTILE}"),
        (
            option("pick-one", "hostile", HOSTILE, "Markup & <b>tags</b> stay text."),
            option("pick-one", "plain", "PyTorch runs on 8-GPU nodes"),
            option("pick-one", "third", "Neither"),
            option("pick-one", "all", "All of the above", pinned=True),
        ),
        ("plain",),
        text(keys.explanation_key(quiz_id, "pick-one"), "Text is text: `<b>` stays visible."),
        shuffle=True,
    )
    second = ChoiceQuestion(
        "pick-many",
        QuestionType.MULTIPLE_CHOICE,
        text(keys.prompt_key(quiz_id, "pick-many"), "Which are collectives?"),
        (
            option("pick-many", "all-reduce", "`all-reduce`", "It sums and shares."),
            option("pick-many", "broadcast", "Broadcast"),
            option("pick-many", "adam", "Adam", "An optimizer, not a collective."),
        ),
        ("all-reduce", "broadcast"),
        text(keys.explanation_key(quiz_id, "pick-many"), "Both move data between GPUs."),
    )
    return Quiz(
        quiz_id,
        Level.BEGINNER,
        text(keys.quiz_title_key(quiz_id), f"Sample {HOSTILE} quiz"),
        text(keys.quiz_description_key(quiz_id), "A & B"),
        (first, second),
        ORIGIN,
    )


URDU = {
    "sample.title": f"نمونہ {HOSTILE} کوئز",
    "sample.description": "الف اور ب",
    "sample.questions.pick-one.prompt": f"کون سا محفوظ ہے؟ {HOSTILE}",
    "sample.questions.pick-one.options.hostile": HOSTILE,
    "sample.questions.pick-one.options.hostile.feedback": "مارک اپ <b>ٹیگ</b> متن ہی رہتا ہے۔",
    "sample.questions.pick-one.options.plain": "PyTorch آٹھ 8-GPU نوڈز پر چلتا ہے",
    "sample.questions.pick-one.options.third": "کوئی نہیں",
    "sample.questions.pick-one.options.all": "اوپر والے سب",
    "sample.questions.pick-one.explanation": "متن متن ہے: `<b>` نظر آتا ہے۔",
    "sample.questions.pick-many.prompt": "کون سے کلیکٹو ہیں؟",
    "sample.questions.pick-many.options.all-reduce": "`all-reduce`",
    "sample.questions.pick-many.options.all-reduce.feedback": "یہ جمع کر کے بانٹتا ہے۔",
    "sample.questions.pick-many.options.broadcast": "براڈکاسٹ",
    "sample.questions.pick-many.options.adam": "Adam",
    "sample.questions.pick-many.options.adam.feedback": "یہ آپٹیمائزر ہے، کلیکٹو نہیں۔",
    "sample.questions.pick-many.explanation": "دونوں GPUs کے درمیان ڈیٹا منتقل کرتے ہیں۔",
}


def sample_request(untranslated: frozenset[str] = frozenset()) -> ExportRequest:
    """The sample quiz in en and ur, with the project's real interface messages and their Urdu catalog;
    the keys in ``untranslated`` have no Urdu (their question falls back to English)."""
    from toolkit.gettext.po_reader import parse_po

    quiz = sample_quiz()
    header = Header(
        (
            ("Language", "ur"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
        )
    )
    entries = tuple(
        CatalogEntry(
            msgid=text.source, msgstr="" if text.key in untranslated else URDU[text.key], context=text.key
        )
        for text in quiz.texts()
    )
    catalog = Catalog(header, entries)
    interface = load_content(FIXTURE / "content").interface
    ui = parse_po((ROOT / "locales/ur/LC_MESSAGES/ui.po").read_text(encoding="utf-8"), "ui.po")
    localized = {
        ("sample", "en"): localize(quiz, interface, "en", "en", None, None),
        ("sample", "ur"): localize(quiz, interface, "ur", "en", catalog, ui),
    }
    return ExportRequest(
        Content((quiz,), interface),
        "en",
        ("ur",),
        localized,
        {("ur", "sample"): catalog, ("ur", "ui"): ui},
        FallbackPolicy.QUESTION,
    )


def sample_pages(untranslated: frozenset[str] = frozenset()) -> dict[PurePosixPath, bytes]:
    return {output.path: output.data for output in HtmlExporter().export(sample_request(untranslated))}


FALLEN_BACK = frozenset({"sample.questions.pick-many.prompt"})
"""An untranslated prompt: in Urdu, the whole second question falls back to English."""


def assets() -> dict[PurePosixPath, bytes]:
    """The stylesheet and script the pages refer to, where the ``html`` format writes them."""
    return {output.path: output.data for output in asset_outputs()}


def delivery_pages() -> dict[PurePosixPath, bytes]:
    """The sample quiz's player pages without the answer key, as ``player_page`` writes them (the
    assets they refer to are :func:`assets`)."""
    request = sample_request()
    every = request.versions("sample")
    return {
        PurePosixPath("sample") / f"{localized.locale.tag}.html": player_page(localized, every, answers=False)
        for localized in every
    }


def page_data(document: Any) -> dict[str, Any]:
    (element,) = document.xpath("//script[@type='application/json']")
    data: dict[str, Any] = json.loads(element.text)
    return data


# --- Tests on the real project --------------------------------------------------------------------


@pytest.fixture
def exported(project_copy: Path, quizkit: Quizkit) -> Path:
    result = quizkit(project_copy, "export", "-f", "html")
    assert result.returncode == 0, result.stdout + result.stderr
    return project_copy / "dist" / "html"


def files_in(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes() for path in folder.rglob("*") if path.is_file()
    }


def hashed_name(stem: str, suffix: str, data: bytes) -> str:
    return f"assets/{stem}-{hashlib.sha256(data).hexdigest()[:12]}{suffix}"


def test_layout_shared_assets_and_byte_identical_output(exported: Path, quizkit: Quizkit) -> None:
    files = files_in(exported)
    stylesheet = player_asset("player.css").encode("utf-8")
    script = player_script().encode("utf-8")
    assets = {
        hashed_name("player", ".css", stylesheet): stylesheet,
        hashed_name("player", ".js", script): script,
    }
    assert sorted(files) == sorted(["data-parallel/en.html", "data-parallel/ur.html", "index.html", *assets])
    # One copy of each: the pages carry neither the stylesheet nor the script.
    assert {name: files[name] for name in assets} == assets
    for name in ("data-parallel/en.html", "data-parallel/ur.html", "index.html"):
        assert stylesheet[:200] not in files[name] and script[:200] not in files[name]
    result = quizkit(exported.parents[1], "export", "-f", "html")
    assert result.stdout.splitlines()[-1] == "dist: 0 files written, 5 unchanged"
    assert files_in(exported) == files


def test_an_export_of_one_quiz_writes_the_assets_its_pages_need(project_copy: Path, quizkit: Quizkit) -> None:
    result = quizkit(project_copy, "export", "-f", "html", "--quiz", "data-parallel")
    assert result.returncode == 0, result.stdout + result.stderr
    html = project_copy / "dist" / "html"
    files = files_in(html)
    assert sorted(name for name in files if not name.startswith("assets/")) == [
        "data-parallel/en.html",
        "data-parallel/ur.html",
    ]
    for name in ("data-parallel/en.html", "data-parallel/ur.html"):
        assert sorted(referenced_assets(html / name, html)) == sorted(
            name for name in files if name.startswith("assets/")
        )


def test_no_answers_writes_no_player(project_copy: Path, quizkit: Quizkit) -> None:
    # A static page cannot keep the key secret: there is no delivery variant. Named, html is refused
    # with a message (it once wrote nothing and exited 1 saying nothing); in "all" it is left out.
    result = quizkit(project_copy, "export", "-f", "html", "--no-answers")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "error[export]: format 'html' cannot leave out the answer key and explanations, so it has no "
        "delivery variant; --no-answers exports: i18next, json, moodle, qti\n"
    )
    assert not (project_copy / "dist").exists()
    assert quizkit(project_copy, "export", "-f", "all", "--no-answers").returncode == 0
    assert not (project_copy / "dist" / "html").exists()


def referenced_assets(page: Path, root: Path) -> list[str]:
    """The files a page refers to (stylesheet links and script sources), relative to ``root``."""
    document = lxml.html.fromstring(page.read_bytes())
    folder = page.parent.relative_to(root).as_posix()
    return [
        posixpath.normpath(posixpath.join(folder, link))
        for link in document.xpath("//link/@href") + document.xpath("//script/@src")
    ]


def policy_of(document: Any) -> dict[str, str]:
    (meta,) = document.xpath("//meta[@http-equiv='Content-Security-Policy']")
    content: str = meta.get("content")
    assert "unsafe" not in content and "sha256" not in content
    return dict(([*part.split(None, 1), ""])[:2] for part in content.split(";") if part.strip())


def test_csp_forbids_network_and_inline_code_and_allows_exactly_the_referenced_assets(exported: Path) -> None:
    stylesheet, script = asset_outputs()
    for path in [exported / "index.html", *exported.glob("*/*.html")]:
        depth = len(path.relative_to(exported).parts) - 1
        document = lxml.html.fromstring(path.read_bytes())
        policy = policy_of(document)
        assert policy["default-src"] == "'none'"
        for directive in ("connect-src", "img-src", "font-src", "base-uri", "form-action"):
            assert policy[directive] == "'none'"
        # No inline code: no <style>, no style or event attribute, every script that runs is a file.
        assert not document.xpath("//style | //@style | //@*[starts-with(name(), 'on')]")
        assert [element.get("type") for element in document.xpath("//script[not(@src)]")] in (
            ["application/json"],
            [],
        )
        assert not any(element.text for element in document.xpath("//script[@src]"))
        # The page's own files, and nothing else: one stylesheet, the player's script on player pages, at
        # the end of the body after the data; the policy allows them ('self') and no other source.
        prefix = "../" * depth
        assert document.xpath("//link/@href") == [prefix + str(stylesheet.path)]
        assert document.xpath("//link/@rel") == ["stylesheet"]
        assert policy["style-src"] == "'self'"
        sources = document.xpath("//script/@src")
        if path.name == "index.html":
            assert (sources, policy["script-src"]) == ([], "'none'")
        else:
            assert sources == [prefix + str(script.path)]
            assert policy["script-src"] == "'self'"
            body = document.xpath("//body")[0]
            assert [child.get("id") or child.get("src") for child in body[-2:]] == ["quiz-data", sources[0]]
        assert not document.xpath("//iframe | //object | //embed | //img | //base | //form")
        for name in referenced_assets(path, exported):
            assert (exported / name).read_bytes() == {
                str(asset.path): asset.data for asset in (stylesheet, script)
            }[name]
    # The stylesheet loads nothing either: no url() but local() fonts.
    assert re.findall(r"url\(", stylesheet.data.decode("utf-8")) == []
    assert b"@import" not in stylesheet.data


def test_asset_names_carry_the_hash_of_their_bytes() -> None:
    stylesheet, script = asset_outputs()
    assert str(stylesheet.path) == hashed_name("player", ".css", stylesheet.data)
    assert str(script.path) == hashed_name("player", ".js", script.data)
    assert script.data == player_script().encode("utf-8")
    assert script.data.decode("utf-8").startswith(player_asset("grading.js"))
    assert (stylesheet.quiz, script.quiz) == (None, None)


def test_player_script_uses_no_markup_apis() -> None:
    script = player_script()
    for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function("):
        assert forbidden not in script
    assert 'dir="auto"' not in script and '"auto"' not in script


def test_lang_dir_and_isolation(exported: Path) -> None:
    urdu = lxml.html.fromstring((exported / "data-parallel/ur.html").read_bytes())
    assert (urdu.get("lang"), urdu.get("dir")) == ("ur", "rtl")
    english = lxml.html.fromstring((exported / "data-parallel/en.html").read_bytes())
    assert (english.get("lang"), english.get("dir")) == ("en", "ltr")
    assert not urdu.xpath("//*[@dir='auto']")
    data = page_data(urdu)
    assert data["bundle"]["locale"] == "ur" and data["bundle"]["numberingSystem"] == "latn"
    by_id = {question["id"]: question for question in data["view"]["questions"]}
    assert all((question["lang"], question["dir"]) == ("ur", "rtl") for question in by_id.values())
    # The option that starts with a Latin term: the term is an isolated run.
    none = by_id["sync-operation"]["options"]["none"]["text"]
    assert none[0] == ["latin", "GPUs"]
    assert by_id["global-batch"]["options"]["multiplied"]["text"][0] == ["latin", "B"]
    assert ["code", "all-reduce"] in by_id["sync-operation"]["options"]["all-reduce"]["text"]
    # No bidi control character in the page's text (the <title> alone may use FSI/PDI).
    body = urdu.xpath("//body")[0]
    assert not set(body.text_content()) & BIDI_CONTROLS
    # English text is not split into runs.
    english_view = page_data(english)["view"]["questions"]
    assert all(kind != "latin" for question in english_view for kind, _ in question["prompt"])
    # The locale switch links every locale's page; the player keeps the position in the hash.
    links = urdu.xpath("//nav//a[@data-locale-link]")
    assert [(link.get("href"), link.get("lang"), link.text) for link in links] == [
        ("en.html", "en", "English"),
        ("ur.html", "ur", "اردو"),
    ]
    index = lxml.html.fromstring((exported / "index.html").read_bytes())
    assert [link.get("href") for link in index.xpath("//a")] == [
        "data-parallel/en.html",
        "data-parallel/ur.html",
    ]


def test_every_interface_string_the_player_uses_exists() -> None:
    script = player_script()
    # The name is the first argument of message() and messageBlock(): a literal or a choice of two.
    used = {
        name
        for argument in re.findall(r'message(?:Block)?\(((?:[a-z]+ \? )?"[a-z-]+"(?: : "[a-z-]+")?)', script)
        for name in re.findall(r'"([a-z-]+)"', argument)
    }
    assert used >= {
        "question-progress",
        "check-answer",
        "score",
        "restart",
        "explanation",
        "review",
        "your-answer",
        "correct-answer",
        "not-answered",
    }
    interface = load_content(FIXTURE / "content").interface
    assert interface is not None
    names = {message.name for message in interface.messages}
    assert used | {"language", "guide-linked-quiz", "quiz-list"} <= names
    ui = (ROOT / "locales/ur/LC_MESSAGES/ui.po").read_text(encoding="utf-8")
    for name in used | {"quiz-list"}:
        assert f'msgctxt "ui.{name}"' in ui


# --- Tests on the sample quiz ---------------------------------------------------------------------


def test_hostile_text_is_escaped_and_shown_as_text() -> None:
    pages = sample_pages()
    for locale in ("en", "ur"):
        raw = pages[PurePosixPath("sample") / f"{locale}.html"]
        text = raw.decode("utf-8")
        # Only the player's own script elements, and no text closes them.
        assert text.count("<script") == 2 and text.count("</script>") == 2
        assert "alert(1)" in text
        assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in text
        document = lxml.html.fromstring(raw)
        heading = document.xpath("//h1")[0].text_content()
        assert HOSTILE in heading
        assert len(document.xpath("//script")) == 2
        data = page_data(document)
        options = {option["id"]: option for option in data["bundle"]["questions"][0]["options"]}
        assert options["hostile"]["text"] == HOSTILE
        assert "<b>" in "".join(text for _, text in data["view"]["questions"][0]["explanation"])
    assert HOSTILE in lxml.html.fromstring(pages[PurePosixPath("index.html")]).text_content()


def test_script_json_cannot_close_its_element() -> None:
    text = script_json({"a": "</script><!-- & -->"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script><!-- & -->"}


def test_option_order_is_deterministic_and_keeps_pinned_options() -> None:
    request = sample_request()
    questions = {locale: request.localized[("sample", locale)].questions[0] for locale in ("en", "ur")}
    order = option_order(questions["en"])
    assert order == option_order(questions["ur"])  # the same in every locale
    assert order[3] == "all"  # pinned
    assert sorted(order) == sorted(option.id for option in questions["en"].options)
    assert order != ["hostile", "plain", "third", "all"]  # this seed does reorder them
    unshuffled = request.localized[("sample", "en")].questions[1]
    assert option_order(unshuffled) == ["all-reduce", "broadcast", "adam"]


def test_segments_and_title() -> None:
    assert segments("PyTorch آٹھ 8-GPU", "rtl") == [
        ["latin", "PyTorch"],
        ["text", " آٹھ "],
        ["latin", "8-GPU"],
    ]
    assert segments("PyTorch on 8-GPU", "ltr") == [["text", "PyTorch on 8-GPU"]]
    assert plain_title("کوئز C++", "rtl") == "کوئز \u2068C++\u2069"
    assert plain_title("C++ quiz", "ltr") == "C++ quiz"


def test_a_formula_where_no_markup_goes_is_its_plain_text_not_its_tex() -> None:
    """Issue 41: <title> and a drop-down's <option> hold no MathML; they showed the TeX
    ("$\\frac{2(N-1)}{N}$", "\\frac{2(N-1)}{N}"), which a learner cannot read."""
    assert plain_title("Ring all-reduce: $\\frac{2(N-1)}{N}$", "ltr") == "Ring all-reduce: 2(N − 1)/N"
    assert plain_title("رنگ: $\\frac{2(N-1)}{N}$ GPU", "rtl") == "رنگ: \u20682(N − 1)/N\u2069 \u2068GPU\u2069"
    assert plain_title("Costs \\$5, `$x$`", "ltr") == "Costs \\$5, `$x$`"
    # The view gives the player's script each formula's MathML and its plain text, which it puts in
    # an <option> (player.js plainText).
    (formula,) = segments("$\\frac{2(N-1)}{N}$", "ltr")
    assert (formula[0], formula[2]) == ("math", "2(N − 1)/N")
    assert formula[1].startswith("<math")


def test_index_page_heading_and_titles_in_every_locale() -> None:
    index = sample_pages()[PurePosixPath("index.html")]
    document = lxml.html.fromstring(index)
    assert document.findtext(".//title") == "Quizzes · \u2068کوئز کی فہرست\u2069"
    (heading,) = document.xpath("//h1")
    assert [
        (span.get("lang"), span.get("dir"), span.text_content()) for span in heading.xpath("span[@lang]")
    ] == [
        ("en", "ltr", "Quizzes"),
        ("ur", "rtl", "کوئز کی فہرست"),
    ]
    (title,) = document.xpath("//section[@aria-labelledby='quiz-sample']/h2[@id='quiz-sample']")
    spans = title.xpath("span[@lang]")
    assert [(span.get("lang"), span.get("id"), span.text_content()) for span in spans] == [
        ("en", "title-sample-en", f"Sample {HOSTILE} quiz"),
        ("ur", "title-sample-ur", f"نمونہ {HOSTILE} کوئز"),
    ]
    # A start card per locale, in its language and direction: the title and the language describe its
    # link, whose name is the same on every card.
    cards = document.xpath("//section/ul[@class='start-cards']/li[@class='start-card']")
    assert [(card.get("lang"), card.get("dir")) for card in cards] == [("en", "ltr"), ("ur", "rtl")]
    assert [[" ".join(line.text_content().split()) for line in card] for card in cards] == [
        [
            "English",
            "Beginner",
            "A & B",
            "Review each question. 2 questions",
            "Answers and explanations appear when you take the quiz.",
            "Start quiz",
        ],
        [
            "اردو",
            "ابتدائی",
            "الف اور ب",
            "ہر سوال کا جائزہ لیں۔ 2 سوالات",
            "جب آپ کوئز دیتے ہیں تو جوابات اور وضاحتیں ظاہر ہوتی ہیں۔",
            "کوئز شروع کریں",
        ],
    ]
    links = document.xpath("//section//li/a")
    assert [(link.get("href"), link.get("hreflang"), link.get("aria-describedby")) for link in links] == [
        ("sample/en.html", "en", "title-sample-en language-sample-en"),
        ("sample/ur.html", "ur", "title-sample-ur language-sample-ur"),
    ]
    # Nothing is marked on the exported index.
    assert "data-quizkit-key" not in index.decode("utf-8")


def test_the_question_count_takes_the_plural_form_of_each_language() -> None:
    # The questions of the quiz as exported in each locale (the fallback policy omit may leave some out).
    request = sample_request()
    request = replace(
        request,
        localized={
            key: replace(localized, questions=localized.questions[:1])
            for key, localized in request.localized.items()
        },
    )
    document = lxml.html.fromstring(index_page(request))
    facts = [line.text_content() for line in document.xpath("//p[@class='quiz-facts']/span[2]")]
    assert facts == ["1 question", "1 سوال"]


def test_a_start_card_leaves_out_the_messages_the_project_lacks() -> None:
    # A ui.yaml written before the start cards builds as then: the link names the language.
    request = sample_request()
    interface = request.content.interface
    assert interface is not None
    start_card = {"question-count", "review-each-question", "answers-appear", "start-quiz"}
    kept = replace(
        interface, messages=tuple(message for message in interface.messages if message.name not in start_card)
    )
    request = replace(request, content=replace(request.content, interface=kept))
    document = lxml.html.fromstring(index_page(request))
    cards = document.xpath("//li[@class='start-card']")
    assert [[line.get("class") for line in card] for card in cards] == [
        ["card-language", "level", "description", "start-quiz"],
        ["card-language", "level", "description", "start-quiz"],
    ]
    assert [link.text_content() for link in document.xpath("//a")] == ["English", "اردو"]


def test_the_index_made_for_screenshots_marks_the_texts_of_its_locale() -> None:
    document = lxml.html.fromstring(index_page(sample_request(), marked_locale="ur"))
    marked = [
        (element.get("data-quizkit-key"), element.text_content())
        for element in document.xpath("//*[@data-quizkit-key]")
    ]
    assert marked == [
        ("ui.quiz-list", "کوئز کی فہرست"),
        ("sample.title", f"نمونہ {HOSTILE} کوئز"),
        ("ui.level-beginner", "ابتدائی"),
        ("sample.description", "الف اور ب"),
        ("ui.review-each-question", "ہر سوال کا جائزہ لیں۔"),
        ("ui.question-count", "2 سوالات"),
        ("ui.answers-appear", "جب آپ کوئز دیتے ہیں تو جوابات اور وضاحتیں ظاہر ہوتی ہیں۔"),
        ("ui.start-quiz", "کوئز شروع کریں"),
    ]


def test_interface_messages_carry_the_language_they_are_written_in() -> None:
    request = sample_request(FALLEN_BACK)
    urdu = page_data(lxml.html.fromstring(player_page(request.localized[("sample", "ur")], [])))
    assert [question["lang"] for question in urdu["view"]["questions"]] == ["ur", "en"]
    messages = urdu["view"]["messages"]
    assert {(message["lang"], message["dir"]) for message in messages.values()} == {("ur", "rtl")}
    english = page_data(lxml.html.fromstring(player_page(request.localized[("sample", "en")], [])))
    assert {(message["lang"], message["dir"]) for message in english["view"]["messages"].values()} == {
        ("en", "ltr")
    }


def test_an_untranslated_title_and_description_are_isolated_whole_in_the_source_language() -> None:
    # On a right-to-left page, English split into Latin runs puts its full stop on the left (a neutral
    # at the end of the line takes the paragraph's direction); the whole text in the source's lang and
    # dir keeps it at the end. A translated title keeps the page's direction.
    untranslated = sample_pages(frozenset({"sample.title", "sample.description"}))
    urdu = lxml.html.fromstring(untranslated[PurePosixPath("sample/ur.html")])
    (title,) = urdu.xpath("//header/h1")
    (description,) = urdu.xpath("//header/p[@class='description']")
    quiz = sample_quiz()
    assert (title.get("lang"), title.get("dir"), title.text_content()) == ("en", "ltr", quiz.title.source)
    assert not title.xpath(".//span[@dir]")
    assert (description.get("lang"), description.get("dir")) == ("en", "ltr")
    assert description.text_content() == quiz.description.source
    translated = lxml.html.fromstring(sample_pages()[PurePosixPath("sample/ur.html")])
    (title,) = translated.xpath("//header/h1")
    assert (title.get("lang"), title.get("dir")) == (None, "rtl")
