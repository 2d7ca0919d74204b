"""Moodle XML as Moodle reads it: every question, answer and fraction traced back to the content and the
catalogs, right-to-left text isolated with markup, multilang spans that Moodle's filter can split, and
hostile text that stays text."""

from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import lxml.html
import pytest
from lxml import etree
from support import exported_once, run_quizkit_in_process

from toolkit.content.validation import load_content
from toolkit.exporters.lms.html_text import serialize
from toolkit.exporters.lms.moodle import answer_fractions, html_text
from toolkit.exporters.lms.moodle_html import multilang_span, plain_text
from toolkit.gettext.po_reader import parse_po
from toolkit.model import ChoiceQuestion, Option, QuestionType
from toolkit.text.tokens import split_inline_code

Quizkit = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def quizkit() -> Quizkit:
    """The command in this process (support.run_quizkit_in_process): these tests read what it wrote."""
    return run_quizkit_in_process


QUIZ = "data-parallel"
CATALOG = f"locales/ur/LC_MESSAGES/{QUIZ}.po"
BIDI_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Moodle's own fraction steps (question_bank::fraction_options_full), as percentages.
MOODLE_FRACTIONS = {
    "100", "90", "83.33333", "80", "75", "70", "66.66667", "60", "50", "40", "33.33333", "30", "25",
    "20", "16.66667", "14.28571", "12.5", "11.11111", "10", "5", "0",
}  # fmt: skip
MOODLE_FRACTIONS |= {f"-{value}" for value in MOODLE_FRACTIONS - {"0"}}


def parse_xml(path: Path) -> Any:
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.parse(str(path), parser).getroot()


def shown(text: str) -> str:
    """What a reader sees of a content text: inline code without its backticks."""
    return "".join(piece for piece, _ in split_inline_code(text))


def html_of(element: Any, path: str) -> str:
    text = element.find(path)
    assert text is not None, path
    return str(text.text or "")


def div(html: str) -> Any:
    fragment = lxml.html.fragment_fromstring(html)
    assert fragment.tag == "div"
    return fragment


def export(project: Path, quizkit: Quizkit, *arguments: str) -> Path:
    result = quizkit(project, "export", "-f", "moodle", *arguments)
    assert result.returncode == 0, result.stdout + result.stderr
    return project / "dist" / "moodle" / QUIZ


def questions(root: Any) -> list[Any]:
    return [element for element in root if element.get("type") == "multichoice"]


def translations(project: Path) -> dict[str | None, str]:
    catalog = parse_po((project / CATALOG).read_text(encoding="utf-8"), "x")
    return {key: entry.msgstr for key, entry in catalog.by_context().items()}


@pytest.fixture
def exported_copy(project_copy: Path, quizkit: Quizkit) -> Path:
    """An export of the test's own, for a test that runs quizkit on it."""
    return export(project_copy, quizkit)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Read only (support.exported_once)."""
    with exported_once(tmp_path_factory, "export", "-f", "moodle") as project:
        yield project / "dist" / "moodle" / QUIZ


def test_layout_and_category(exported: Path) -> None:
    assert sorted(path.name for path in exported.iterdir()) == ["en.xml", "multilang.xml", "ur.xml"]
    for path in exported.iterdir():
        data = path.read_bytes()
        assert data.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<quiz>\n")
        assert not set(data.decode("utf-8")) & BIDI_CONTROLS
        root = parse_xml(path)
        assert root.tag == "quiz"
        assert root[0].get("type") == "category"
        assert html_of(root[0], "category/text") == f"$course$/quizkit/{QUIZ}"


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_question_answer_and_fraction(exported: Path, project_copy: Path, locale: str) -> None:
    quiz = load_content(project_copy / "content").quiz(QUIZ)
    urdu = translations(project_copy)

    def expected(key: str, source: str) -> str:
        return shown(source if locale == "en" else urdu[key])

    exported_questions = questions(parse_xml(exported / f"{locale}.xml"))
    assert [html_of(element, "name/text") for element in exported_questions] == [q.id for q in quiz.questions]
    for element, question in zip(exported_questions, quiz.questions, strict=True):
        assert html_of(element, "idnumber") == f"{QUIZ}.questions.{question.id}"
        assert len(html_of(element, "idnumber")) <= 100
        assert element.find("questiontext").get("format") == "html"
        prompt = div(html_of(element, "questiontext/text"))
        assert prompt.text_content() == expected(question.prompt.key, question.prompt.source)
        explanation = div(html_of(element, "generalfeedback/text"))
        assert explanation.text_content() == expected(question.explanation.key, question.explanation.source)
        for tag, value in (("defaultgrade", "1"), ("penalty", "0"), ("hidden", "0")):
            assert html_of(element, tag) == value
        assert html_of(element, "answernumbering") == "none"
        shuffle = quiz.shuffle if question.shuffle is None else question.shuffle
        assert html_of(element, "shuffleanswers") == ("1" if shuffle else "0")
        answers = element.findall("answer")
        assert [div(html_of(answer, "text")).text_content() for answer in answers] == [
            expected(option.text.key, option.text.source) for option in question.options
        ]
        assert all(answer.get("format") == "html" for answer in answers)
        assert all(html_of(answer, "feedback/text") == "" for answer in answers)
        fractions = [answer.get("fraction") for answer in answers]
        assert question.type is QuestionType.SINGLE_CHOICE
        assert html_of(element, "single") == "true"
        assert fractions.count("100") == 1
        assert fractions == ["100" if question.is_correct(option.id) else "0" for option in question.options]
        for fragment in (prompt, explanation, *(div(html_of(answer, "text")) for answer in answers)):
            assert (fragment.get("dir"), fragment.get("lang")) == (
                ("ltr", "en") if locale == "en" else ("rtl", "ur")
            )


def latin_outside_isolation(fragment: Any) -> list[str]:
    """Text of a <div> that lies outside its isolating spans and code and still holds Latin letters."""
    loose = [fragment.text or ""] + [child.tail or "" for child in fragment]
    return [text for text in loose if re.search("[A-Za-z]", text)]


def test_urdu_latin_runs_are_isolated(exported: Path) -> None:
    root = parse_xml(exported / "ur.xml")
    fragments = [div(text.text) for text in root.iter("text") if (text.text or "").startswith("<div")]
    assert fragments
    isolated = set()
    for fragment in fragments:
        assert (fragment.get("dir"), fragment.get("lang")) == ("rtl", "ur")
        assert latin_outside_isolation(fragment) == []
        for child in fragment:
            if child.tag == "span":
                assert dict(child.attrib) == {"dir": "ltr", "lang": "en"}
                isolated.add(child.text)
            else:
                assert (child.tag, dict(child.attrib)) == ("code", {"dir": "ltr"})
    assert {"GPU", "GPUs", "NCCL", "PyTorch", "DistributedDataParallel", "B × W", "ZeRO"} <= isolated
    raw = (exported / "ur.xml").read_text(encoding="utf-8")
    assert "`" not in raw
    hide_latency = questions(root)[4]
    option = html_of(hide_latency, "answer/text")
    assert '<code dir="ltr">all-reduce</code>' in option


def test_english_code_is_marked_and_latin_is_not_wrapped(exported: Path) -> None:
    root = parse_xml(exported / "en.xml")
    option = html_of(questions(root)[1], "answer[2]/text")
    assert option == (
        '<div dir="ltr" lang="en">An <code dir="ltr">all-reduce</code>, which averages gradients across all GPUs</div>'
    )


def moodle_multilang_filter(text: str, language: str) -> str:
    """Moodle's filter_multilang (new syntax), ported: each block of consecutive spans → one language."""
    block = re.compile(
        r'(<span(\s+lang="[a-zA-Z0-9_-]+"|\s+class="multilang"){2}\s*>.*?</span>)'
        r'(\s*<span(\s+lang="[a-zA-Z0-9_-]+"|\s+class="multilang"){2}\s*>.*?</span>)+',
        re.IGNORECASE | re.DOTALL,
    )
    split = re.compile(
        r'<(?:lang|span)[^>]+lang="([a-zA-Z0-9_-]+)"[^>]*>(.*?)</(?:lang|span)>', re.IGNORECASE | re.DOTALL
    )

    def choose(match: re.Match[str]) -> str:
        versions: dict[str, str] = {
            lang.replace("-", "_").lower(): body for lang, body in split.findall(match.group(0))
        }
        return versions.get(language, next(iter(versions.values())))

    return block.sub(choose, text)


def inner_html(element: Any) -> str:
    """An element's content as HTML, without the element itself."""
    return (element.text or "") + "".join(
        str(etree.tostring(child, encoding="unicode", method="html")) for child in element
    )


def texts_of(root: Any) -> list[str]:
    return [str(text.text) for text in root.iter("text") if (text.text or "").startswith(("<div", "<span"))]


def test_multilang_spans_split_in_moodle(exported: Path) -> None:
    multilang = parse_xml(exported / "multilang.xml")
    per_locale = {locale: parse_xml(exported / f"{locale}.xml") for locale in ("en", "ur")}
    texts = texts_of(multilang)
    assert len(texts) == 8 * (1 + 4 + 1)
    for text in texts:
        spans = lxml.html.fragments_fromstring(text)
        assert [dict(span.attrib) for span in spans] == [
            {"lang": "en", "class": "multilang"},
            {"lang": "ur", "class": "multilang"},
        ]
        # Inline content only: no block for the cleaner to split out, no span to end the filter's block.
        assert {element.tag for span in spans for element in span.iter()} <= {"span", "code", "bdo", "br"}
        assert all(element.tag != "span" for span in spans for element in span.iterdescendants())
    # The same text, seen through Moodle's filter, is the content of that locale's own file; Latin runs
    # are isolated with <bdo dir="ltr"> there, with <span dir="ltr"> in a locale's own file.
    for locale, root in per_locale.items():
        own = [inner_html(div(text)) for text in texts_of(root)]
        filtered = [moodle_multilang_filter(text, locale) for text in texts]
        assert [value.replace("<bdo ", "<span ").replace("</bdo>", "</span>") for value in filtered] == own
    assert [html_of(q, "idnumber") for q in questions(multilang)] == [
        html_of(q, "idnumber") for q in questions(per_locale["en"])
    ]


HARNESS = Path(__file__).parent / "moodle" / "cleaning.php"
needs_moodle_cleaner = pytest.mark.skipif(
    shutil.which("php") is None or not Path("/usr/share/php/HTMLPurifier.auto.php").exists(),
    reason="PHP and HTMLPurifier are not installed (Debian: php-cli php-htmlpurifier)",
)


def moodle_shows(texts: list[str], languages: list[str]) -> list[dict[str, Any]]:
    """Each text as a Moodle site with forceclean shows it: HTMLPurifier with Moodle's settings, then the
    multilang filter for each reader language (tests/exporters/lms/moodle/cleaning.php)."""
    result = subprocess.run(
        ["php", str(HARNESS)],
        input=json.dumps({"languages": languages, "texts": texts}),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    answer: list[dict[str, Any]] = json.loads(result.stdout)
    return answer


def seen(html: str) -> str:
    return str(lxml.html.fragment_fromstring(html, create_parent="div").text_content())


@needs_moodle_cleaner
def test_after_moodle_cleaning_each_text_shows_exactly_one_language(
    project_copy: Path, quizkit: Quizkit
) -> None:
    make_fuzzy(project_copy, f"{QUIZ}.questions.memory-limit.options.batch-only")  # one fallback too
    exported = export(project_copy, quizkit)
    texts = texts_of(parse_xml(exported / "multilang.xml"))
    own = {
        locale: [div(text) for text in texts_of(parse_xml(exported / f"{locale}.xml"))]
        for locale in ("en", "ur")
    }
    shown = moodle_shows(texts, ["en", "ur"])
    assert len(shown) == len(texts) == len(own["en"]) == len(own["ur"]) == 48
    for index, item in enumerate(shown):
        for locale in ("en", "ur"):
            expected = own[locale][index]
            assert seen(item["shown"][locale]) == expected.text_content(), (locale, texts[index])
            # Every isolated Latin run and code span survives the cleaning.
            runs = len(expected.findall("span")) + len(expected.findall("code"))
            after = lxml.html.fragment_fromstring(item["shown"][locale], create_parent="div")
            assert len(after.findall("bdo[@dir='ltr']")) + len(after.findall("code[@dir='ltr']")) >= runs
        assert "multilang" not in item["shown"]["en"] + item["shown"]["ur"]
    # A locale's own file passes the cleaner unchanged in what it shows, isolation included.
    cleaned = moodle_shows(texts_of(parse_xml(exported / "ur.xml")), ["ur"])
    for item, expected in zip(cleaned, own["ur"], strict=True):
        after = lxml.html.fragment_fromstring(item["cleaned"])
        assert (after.get("dir"), after.text_content()) == (expected.get("dir"), expected.text_content())
        assert len(after.findall("span[@dir='ltr']")) == len(expected.findall("span[@dir='ltr']"))


@needs_moodle_cleaner
def test_the_harness_shows_what_moodle_does_to_block_markup() -> None:
    """The markup quizkit wrote before: the cleaner splits the <div> out of the span and strips <bdi>."""
    old = (
        '<span lang="en" class="multilang"><div dir="ltr" lang="en">Each GPU</div></span>'
        '<span lang="ur" class="multilang"><div dir="rtl" lang="ur">ہر <bdi dir="ltr" lang="en">GPU</bdi></div></span>'
    )
    (item,) = moodle_shows([old], ["en", "ur"])
    assert seen(item["shown"]["en"]) == seen(item["shown"]["ur"]) == "Each GPUہر GPU"
    assert "<bdi" not in item["cleaned"]


def test_output_is_byte_identical_across_runs(
    exported_copy: Path, project_copy: Path, quizkit: Quizkit
) -> None:
    before = {path: path.read_bytes() for path in exported_copy.iterdir()}
    result = quizkit(project_copy, "export", "-f", "moodle")
    assert result.stdout.splitlines()[-1] == "dist: 0 files written, 3 unchanged"
    assert {path: path.read_bytes() for path in exported_copy.iterdir()} == before


def test_delivery_variant_keeps_fractions_and_drops_feedback(project_copy: Path, quizkit: Quizkit) -> None:
    folder = export(project_copy, quizkit, "--no-answers")
    assert sorted(path.name for path in folder.iterdir()) == [
        "en.no-answers.xml",
        "multilang.no-answers.xml",
        "ur.no-answers.xml",
    ]
    for path in folder.iterdir():
        root = parse_xml(path)
        assert root.find(".//generalfeedback") is None
        assert root.find(".//feedback") is None
        for question in questions(root):
            assert [answer.get("fraction") for answer in question.findall("answer")].count("100") == 1


def make_fuzzy(project: Path, key: str) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    marker = f'msgctxt "{key}"'
    assert marker in text
    path.write_text(text.replace(marker, f"#, fuzzy\n{marker}"), encoding="utf-8")


def test_fallen_back_question_is_english_and_left_to_right(project_copy: Path, quizkit: Quizkit) -> None:
    make_fuzzy(project_copy, f"{QUIZ}.questions.memory-limit.options.batch-only")
    folder = export(project_copy, quizkit)
    content = load_content(project_copy / "content").quiz(QUIZ).question("memory-limit")
    memory = questions(parse_xml(folder / "ur.xml"))[2]
    assert html_of(memory, "name/text") == "memory-limit"
    for path, source in (
        ("questiontext/text", content.prompt),
        ("generalfeedback/text", content.explanation),
        ("answer[2]/text", content.option("batch-only").text),
    ):
        fragment = div(html_of(memory, path))
        assert (fragment.get("dir"), fragment.get("lang"), fragment.text_content()) == (
            "ltr",
            "en",
            source.source,
        )
        assert len(fragment) == 0  # left-to-right text needs no isolation
    english, urdu = lxml.html.fragments_fromstring(
        html_of(questions(parse_xml(folder / "multilang.xml"))[2], "questiontext/text")
    )
    # The Urdu reader's version is the English source, isolated left to right as a whole.
    assert (english.get("lang"), len(english), english.text) == ("en", 0, content.prompt.source)
    assert (urdu.get("lang"), urdu.text, [dict(child.attrib) for child in urdu]) == (
        "ur",
        None,
        [{"dir": "ltr", "lang": "en"}],
    )
    assert (urdu[0].tag, urdu[0].text_content()) == ("bdo", content.prompt.source)


def test_omitted_question_leaves_multilang_file(project_copy: Path, quizkit: Quizkit) -> None:
    make_fuzzy(project_copy, f"{QUIZ}.questions.nccl-factors.prompt")
    folder = export(project_copy, quizkit, "--fallback", "omit")
    ids = {
        name: [html_of(q, "name/text") for q in questions(parse_xml(folder / f"{name}.xml"))]
        for name in ("en", "ur", "multilang")
    }
    assert "nccl-factors" in ids["en"]
    assert "nccl-factors" not in ids["ur"]
    assert ids["multilang"] == ids["ur"]


def test_multiple_choice_question_end_to_end(project_copy: Path, quizkit: Quizkit) -> None:
    # Type and correct ids are not texts: the catalogs stay in sync.
    path = project_copy / "content" / f"{QUIZ}.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace(
        "    type: single_choice\n    prompt: Which factors does NCCL",
        "    type: multiple_choice\n    prompt: Which factors does NCCL",
    ).replace("correct: [size-and-topology]", "correct: [parameter-count, size-and-topology]")
    path.write_text(text, encoding="utf-8")
    folder = export(project_copy, quizkit)
    for name in ("en", "ur", "multilang"):
        nccl = questions(parse_xml(folder / f"{name}.xml"))[3]
        assert html_of(nccl, "single") == "false"
        assert [answer.get("fraction") for answer in nccl.findall("answer")] == ["-50", "50", "-50", "50"]


# --- Unit level --------------------------------------------------------------------------------------


def question_with(
    correct: int, options: int, kind: QuestionType, partial: bool = False
) -> ChoiceQuestion[str]:
    ids = [f"option-{index}" for index in range(options)]
    return ChoiceQuestion(
        id="q",
        type=kind,
        prompt="?",
        options=tuple(Option(option, option, None, False) for option in ids),
        correct=tuple(ids[:correct]),
        explanation=".",
        shuffle=False,
        partial_credit=partial,
        fell_back=False,
    )


def test_single_choice_fractions() -> None:
    assert answer_fractions(question_with(1, 4, QuestionType.SINGLE_CHOICE)) == ["100", "0", "0", "0"]


@pytest.mark.parametrize("options", range(2, 9))
@pytest.mark.parametrize("partial", [False, True])
def test_multiple_choice_fractions_sum_to_100_and_minus_100(options: int, partial: bool) -> None:
    for correct in range(1, options + 1):
        question = question_with(correct, options, QuestionType.MULTIPLE_CHOICE, partial)
        fractions = answer_fractions(question)
        assert set(fractions) <= MOODLE_FRACTIONS
        values = [float(fraction) for fraction in fractions]
        assert math.isclose(sum(values[:correct]), 100, abs_tol=0.001)
        assert len(set(values[:correct])) == 1
        wrong = values[correct:]
        assert math.isclose(sum(wrong), -100 if wrong else 0, abs_tol=0.001)
        # Ticking every box never earns full marks.
        assert not wrong or sum(values) < 1


def test_html_for_rtl_text() -> None:
    assert html_text("ہر GPU پر `all-reduce` اور 8-GPU", "ur", "rtl") == (
        '<div dir="rtl" lang="ur">ہر <span dir="ltr" lang="en">GPU</span> پر <code dir="ltr">all-reduce</code>'
        ' اور <span dir="ltr" lang="en">8-GPU</span></div>'
    )
    assert html_text("a\nb", "en", "ltr") == '<div dir="ltr" lang="en">a<br>b</div>'


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_hostile_text_stays_text(direction: str) -> None:
    hostile = "<script>alert(1)</script> &amp; \"double\" 'single' ]]> <![CDATA[x]]> `<b>code</b>` &#x41;"
    html = html_text(hostile, "ur", direction)
    fragment = div(html)
    assert fragment.text_content() == shown(hostile)
    assert {element.tag for element in fragment.iter()} <= {"div", "span", "code"}
    assert [code.text for code in fragment.iter("code")] == ["<b>code</b>"]
    assert (direction == "rtl") == bool(fragment.findall("span"))
    # Through the XML file as Moodle stores it, and back.
    holder = etree.Element("text")
    holder.text = html
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    parsed = etree.fromstring(etree.tostring(holder, encoding="UTF-8", xml_declaration=True), parser)
    assert parsed.text == html
    assert div(parsed.text).text_content() == shown(hostile)


def test_hostile_text_end_to_end(project_copy: Path, quizkit: Quizkit) -> None:
    path = project_copy / "content" / f"{QUIZ}.yaml"
    original = "prompt: In standard data parallelism, what does each GPU hold?"
    hostile = 'In <script>alert(1)</script> &amp; "quotes" ]]> what does each GPU hold?'
    text = path.read_text(encoding="utf-8")
    assert original in text
    path.write_text(text.replace(original, f"prompt: '{hostile}'"), encoding="utf-8")
    folder = export(project_copy, quizkit)
    for name in ("en", "ur"):
        prompt = div(html_of(questions(parse_xml(folder / f"{name}.xml"))[0], "questiontext/text"))
        assert prompt.text_content() == hostile
        assert prompt.find(".//script") is None
    # The changed source text has no translation yet: the question falls back whole.
    assert div(html_of(questions(parse_xml(folder / "ur.xml"))[0], "questiontext/text")).get("lang") == "en"


def test_formulas_are_tex_for_moodles_filters_in_left_to_right_isolates() -> None:
    # filter_mathjaxloader renders \(…\) inline and $$…$$ display (wrap_math_in_nolink in
    # filter/mathjaxloader/classes/text_filter.php); a price stays text.
    text = "ہر GPU $\\frac{2(N-1)}{N}$ حصہ، کل $$\\sum_i x_i$$ اور \\$5 اور `$x$`"
    assert html_text(text, "ur", "rtl") == (
        '<div dir="rtl" lang="ur">ہر <span dir="ltr" lang="en">GPU</span> <span dir="ltr">\\(\\frac{2(N-1)}{N}\\)'
        '</span> حصہ، کل <span dir="ltr">$$\\sum_i x_i$$</span> اور <span dir="ltr" lang="en">$5</span> اور '
        '<code dir="ltr">$x$</code></div>'
    )
    assert plain_text("کل $x^2$ ہے", "rtl") == "کل \u2068\\(x^2\\)\u2069 ہے"
    assert "<math" not in html_text(text, "ur", "rtl")


@needs_moodle_cleaner
def test_formulas_survive_moodles_cleaning() -> None:
    texts = [
        html_text("ہر GPU $\\frac{2(N-1)}{N}$ حصہ اور $$x^2$$", "ur", "rtl"),
        html_text("Each GPU sends $\\frac{2(N-1)}{N}$", "en", "ltr"),
    ]
    shown = moodle_shows(texts, ["ur"])
    assert "\\(\\frac{2(N-1)}{N}\\)" in shown[0]["cleaned"] and "$$x^2$$" in shown[0]["cleaned"]
    assert 'dir="ltr"' in shown[0]["cleaned"]
    assert "\\(\\frac{2(N-1)}{N}\\)" in shown[1]["cleaned"]


@needs_moodle_cleaner
def test_code_blocks_survive_moodles_cleaning() -> None:
    text = "چلائیں:\n```python\nfor step in range(2):\n    send(chunk)\n```\nبس۔"
    (own,) = moodle_shows([html_text(text, "ur", "rtl")], ["ur"])
    assert '<pre dir="ltr"><code>for step in range(2):<br />    send(chunk)</code></pre>' in own["cleaned"]
    (multilang,) = moodle_shows([serialize(multilang_span(text, "ur", "ur", "rtl"))], ["ur"])
    assert (
        seen(multilang["shown"]["ur"]) == "چلائیں:for step in range(2):\u00a0\u00a0\u00a0\u00a0send(chunk)بس۔"
    )
    assert '<code dir="ltr">' in multilang["shown"]["ur"]


def test_code_blocks_are_pre_code_and_inline_code_in_multilang_spans() -> None:
    text = "چلائیں:\n```python\nfor step in range(2):\n    send(chunk)\n```\nبس۔"
    assert html_text(text, "ur", "rtl") == (
        '<div dir="rtl" lang="ur">چلائیں:<pre dir="ltr"><code>for step in range(2):<br>    send(chunk)</code>'
        "</pre>بس۔</div>"
    )
    # A <pre> would leave a multilang <span> in Moodle's cleaner: there the block is inline code on lines
    # of its own, its indentation in no-break spaces.
    span = serialize(multilang_span(text, "ur", "ur", "rtl"))
    assert span == (
        '<span lang="ur" class="multilang">چلائیں:<br><code dir="ltr">for step in range(2):<br>'
        "\u00a0\u00a0\u00a0\u00a0send(chunk)</code><br>بس۔</span>"
    )
