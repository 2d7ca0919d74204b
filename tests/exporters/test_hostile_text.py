"""Hostile text survives every data format exactly: markup, entities, quotes, ]]>, bidi controls,
emoji and combining marks come back byte for byte, as text, never as markup."""

from __future__ import annotations

import gettext
import io
import json
from collections import Counter
from pathlib import PurePosixPath
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from lxml import etree

from toolkit import keys
from toolkit.exporters.base import ExportRequest, OutputFile
from toolkit.exporters.i18next import I18nextExporter
from toolkit.exporters.json_bundle import JsonBundleExporter
from toolkit.exporters.mo import MoExporter
from toolkit.exporters.xliff import XliffExporter
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.interchange.xliff_document import parse_xliff
from toolkit.localization import FallbackPolicy, localize
from toolkit.model import ChoiceQuestion, Content, Level, Option, Origin, QuestionType, Quiz, Text
from toolkit.text.bidi import latin_runs
from toolkit.text.formulas import formulas_outside_code, unescape_dollars

HOSTILE = [
    "<script>alert(1)</script>",
    "Tom & Jerry &amp; &lt;b&gt;",
    "\"double\" and 'single' quotes",
    "ends a CDATA ]]> section",
    "bidi \u202e\u2066override\u2069\u200f and \u200e marks",
    "emoji 🧪👩🏽‍🔬 and combining e\u0301 ا\u0653",
    "{{not a placeholder}} %s %(x)d",
    "line\nbreak and\ttab",
    "`all-reduce` <b>bold</b>",
]
ORIGIN = Origin("content/hostile.yaml", 1)


def hostile_quiz(texts: list[str]) -> Quiz:
    def text(key: str, source: str) -> Text:
        return Text(key, source, ORIGIN)

    quiz_id = "hostile"
    options = tuple(
        Option(f"o{index}", text(keys.option_key(quiz_id, "q", f"o{index}"), value), None, False)
        for index, value in enumerate(texts[:4])
    )
    question = ChoiceQuestion(
        "q",
        QuestionType.SINGLE_CHOICE,
        text(keys.prompt_key(quiz_id, "q"), texts[4 % len(texts)]),
        options,
        ("o0",),
        text(keys.explanation_key(quiz_id, "q"), texts[-1]),
    )
    return Quiz(
        quiz_id,
        Level.BEGINNER,
        text(keys.quiz_title_key(quiz_id), texts[0]),
        text(keys.quiz_description_key(quiz_id), texts[1 % len(texts)]),
        (question,),
        ORIGIN,
    )


def translated_catalog(quiz: Quiz, translate: dict[str, str]) -> Catalog:
    header = Header(
        (
            ("Language", "ur"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
        )
    )
    entries = tuple(
        CatalogEntry(msgid=text.source, msgstr=translate[text.key], context=text.key) for text in quiz.texts()
    )
    return Catalog(header, entries)


def request_for(texts: list[str], translations: list[str]) -> tuple[ExportRequest, dict[str, str]]:
    quiz = hostile_quiz(texts)
    translate = {text.key: translations[index % len(translations)] for index, text in enumerate(quiz.texts())}
    catalog = translated_catalog(quiz, translate)
    content = Content((quiz,), None)
    localized = {
        ("hostile", "en"): localize(quiz, None, "en", "en", None, None),
        ("hostile", "ur"): localize(quiz, None, "ur", "en", catalog, None),
    }
    request = ExportRequest(
        content, "en", ("ur",), localized, {("ur", "hostile"): catalog}, FallbackPolicy.QUESTION
    )
    return request, translate


def outputs(exporter: object, request: ExportRequest) -> dict[PurePosixPath, bytes]:
    files: list[OutputFile] = list(exporter.export(request))  # type: ignore[attr-defined]
    return {file.path: file.data for file in files}


def check_all_formats(texts: list[str], translations: list[str]) -> None:
    request, translate = request_for(texts, translations)
    quiz = request.content.quizzes[0]
    # json: every text exactly as written, in both locales.
    files = outputs(JsonBundleExporter(), request)
    for locale, expected in (("en", {text.key: text.source for text in quiz.texts()}), ("ur", translate)):
        bundle = json.loads(files[PurePosixPath("hostile") / f"{locale}.json"])
        question = bundle["questions"][0]
        assert bundle["title"] == expected["hostile.title"]
        assert question["prompt"] == expected["hostile.questions.q.prompt"]
        assert [option["text"] for option in question["options"]] == [
            expected[option.text.key] for option in quiz.questions[0].options
        ]
        assert question["explanation"] == expected["hostile.questions.q.explanation"]
    # i18next: every text, through its nesting (an option's feedback is the option key + "_feedback").
    files = outputs(I18nextExporter(), request)
    for locale, expected in (("en", {text.key: text.source for text in quiz.texts()}), ("ur", translate)):
        resources = json.loads(files[PurePosixPath(locale) / "hostile.json"])
        for text in quiz.texts():
            path = text.key.split(".")[1:]
            if path[-1] == "feedback":
                path = [*path[:-2], f"{path[-2]}_feedback"]
            value = resources
            for part in path:
                value = value[part]
            assert value == expected[text.key], text.key
    # mo: gettext lookups.
    files = outputs(MoExporter(), request)
    translations_mo = gettext.GNUTranslations(
        io.BytesIO(files[PurePosixPath("ur") / "LC_MESSAGES" / "hostile.mo"])
    )
    for text in quiz.texts():
        assert translations_mo.pgettext(text.key, text.source) == translate[text.key]
    # xliff: parsed back (as a CAT tool would), sources and targets identical.
    files = outputs(XliffExporter(), request)
    data = files[PurePosixPath("ur") / "hostile.xlf"]
    etree.fromstring(data)  # well-formed
    units = {unit.key: unit for unit in parse_xliff(data)[0].units}
    for text in quiz.texts():
        assert units[text.key].source == text.source
        assert units[text.key].target == translate[text.key]


def test_hostile_strings_in_every_data_format() -> None:
    check_all_formats(HOSTILE, list(reversed(HOSTILE)))


xml_safe = st.characters(
    blacklist_categories=("Cs", "Cc"), blacklist_characters="\ufffe\uffff"
) | st.sampled_from(["\n", "\t", "<", "&", '"', "'", "]", ">", "\u202e", "\u2066", "\u200f", "\u0301", "🧪"])


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.text(xml_safe, min_size=1, max_size=30), min_size=5, max_size=5),
    st.lists(st.text(xml_safe, min_size=1, max_size=30), min_size=1, max_size=3),
)
def test_arbitrary_unicode_round_trips(texts: list[str], translations: list[str]) -> None:
    if len({text.strip() for text in texts[:4]}) < 4:
        return  # options of one question need distinct texts; the exporters never see such content
    check_all_formats(texts, translations)


BIDI_CONTROLS = "\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


def test_data_formats_add_no_bidi_controls() -> None:
    clean = ["".join(character for character in text if character not in BIDI_CONTROLS) for text in HOSTILE]
    request, _ = request_for(
        clean, ["ایک `all-reduce` اور GPU", "PyTorch کا DistributedDataParallel", "B × W"]
    )
    for exporter in (JsonBundleExporter(), I18nextExporter(), XliffExporter(), MoExporter()):
        for path, data in outputs(exporter, request).items():
            assert not set(data.decode("utf-8", errors="replace")) & set(BIDI_CONTROLS), (exporter, path)


def _markup_texts(fragment: str) -> tuple[str, list[str]]:
    """Text content of an HTML fragment, and the names of the elements in it."""
    from lxml import html

    element = html.fragment_fromstring(fragment, create_parent="div")
    return element.text_content(), sorted({child.tag for child in element.iter()} - {"div"})


def test_hostile_strings_in_markup_formats() -> None:
    """Moodle and QTI: identical text once the documented isolation markup (div, span, bdi, code) is
    set aside, and no element from the content (no script, no b)."""
    import zipfile

    from toolkit.exporters.lms.moodle import MoodleExporter
    from toolkit.exporters.qti.qti3 import QtiExporter

    request, translate = request_for(HOSTILE, list(reversed(HOSTILE)))
    quiz = request.content.quizzes[0]
    allowed = {"span", "bdi", "code"}
    # Markup formats render inline code as <code>, without the backticks.
    expected_prompt = {"en": quiz.questions[0].prompt.source, "ur": translate["hostile.questions.q.prompt"]}
    for locale in ("en", "ur"):
        moodle = etree.fromstring(
            outputs(MoodleExporter(), request)[PurePosixPath("hostile") / f"{locale}.xml"]
        )
        question = moodle.find("question[@type='multichoice']")
        assert question is not None
        text, tags = _markup_texts(question.findtext("questiontext/text") or "")
        assert text == expected_prompt[locale].replace("`", "")
        assert set(tags) <= allowed, tags
        archive = zipfile.ZipFile(
            io.BytesIO(outputs(QtiExporter(), request)[PurePosixPath("hostile") / f"{locale}.zip"])
        )
        item = etree.fromstring(archive.read("items/q.xml"))
        prompt = item.find(".//{http://www.imsglobal.org/xsd/imsqtiasi_v3p0}qti-prompt")
        assert prompt is not None
        assert "".join(prompt.itertext()) == expected_prompt[locale].replace("`", "")
        names = {etree.QName(element).localname for element in prompt.iter()} - {"qti-prompt"}
        assert names <= allowed, names


# --- Markup formats, for arbitrary text ---------------------------------------------------------------

QTI = "{http://www.imsglobal.org/xsd/imsqtiasi_v3p0}"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
FSI, PDI = "\u2068", "\u2069"
TEXT_KEYS = (
    "hostile.title",
    "hostile.description",
    "hostile.questions.q.prompt",
    *(f"hostile.questions.q.options.o{index}" for index in range(4)),
    "hostile.questions.q.explanation",
)
QUESTION_KEYS = TEXT_KEYS[2:]


def shown(text: str) -> str:
    """``text`` as markup shows it: the backticks of inline code removed, an unpaired last one kept, and
    ``\\$`` in prose (outside code) a dollar sign, as a quiz text writes one."""
    end = len(text) if text.count("`") % 2 == 0 else text.rfind("`")
    pieces = text[:end].split("`")
    prose_and_code = (
        unescape_dollars(piece) if index % 2 == 0 else piece for index, piece in enumerate(pieces)
    )
    return "".join(prose_and_code) + unescape_dollars(text[end:])


def code_spans(text: str) -> list[str]:
    """The inline code in ``text``: what stands between paired backticks."""
    pieces = text.split("`")[1::2]
    return pieces if text.count("`") % 2 == 0 else pieces[:-1]


def _name(element: etree._Element) -> str:
    assert isinstance(element.tag, str), f"{element!r}: a comment or processing instruction from the text"
    return etree.QName(element).localname


def unwrap(carrier: etree._Element, isolate: str | None, line_breaks: bool) -> tuple[str, list[str]]:
    """The text of ``carrier`` with the documented isolation markup unwrapped, and its inline code.

    Allowed children, with exactly their documented attributes: ``<code dir="ltr">``, the Latin-run
    isolate ``isolate`` (``span``/``bdi`` with ``dir="ltr"`` and a ``lang``; None in left-to-right text,
    which isolates nothing) and, where ``line_breaks`` (Moodle, QTI 3.0), ``<br>`` for a line break. Anything else
    (an element, attribute, comment or namespace the text brought in) fails.
    """
    namespace = etree.QName(carrier).namespace
    parts = [carrier.text or ""]
    code: list[str] = []
    for child in carrier:
        name = _name(child)
        assert etree.QName(child).namespace == namespace, child.tag
        if name == "br" and line_breaks:
            assert not child.attrib and not len(child) and not child.text, etree.tostring(child)
            parts.append("\n")
        else:
            assert name == "code" or name == isolate, (name, etree.tostring(carrier, encoding="unicode"))
            attributes = dict(child.attrib)
            assert attributes.pop("dir") == "ltr"
            if name == "code":
                assert not attributes, attributes
            else:
                assert set(attributes) <= {"lang", XML_LANG} and set(attributes.values()) <= {"en"}
            inner = [child.text or ""]
            for grandchild in child:  # only line breaks inside a run or code
                assert line_breaks and _name(grandchild) == "br" and not grandchild.attrib, grandchild.tag
                assert not len(grandchild) and not grandchild.text
                inner += ["\n", grandchild.tail or ""]
            parts.append("".join(inner))
            if name == "code":
                code.append("".join(inner))
        parts.append(child.tail or "")
    return "".join(parts), code


def check_carrier(
    carrier: etree._Element | None, text: str, isolate: str | None, line_breaks: bool = False
) -> None:
    assert carrier is not None
    recovered, code = unwrap(carrier, isolate, line_breaks)
    assert recovered == shown(text)
    assert code == code_spans(text)


def skeleton(root: etree._Element, carriers: list[etree._Element]) -> Counter[tuple[str, tuple[str, ...]]]:
    """Every element outside the texts, as (tag, attribute names): what a text must never add to."""
    inside = {element for carrier in carriers for element in carrier.iterdescendants()}
    return Counter(
        (str(element.tag), tuple(sorted(element.attrib))) for element in root.iter() if element not in inside
    )


def moodle_fragment(text_element: etree._Element | None) -> etree._Element:
    from lxml import html

    assert text_element is not None
    return html.fragment_fromstring(text_element.text or "", create_parent="body")


def check_moodle_document(data: bytes, expected: dict[str, dict[str, str]], locales: tuple[str, ...]) -> Any:
    """One Moodle file: every text is one ``<div dir lang>``, or in multilang.xml one multilang span per
    locale with the text inline."""
    root = etree.fromstring(data)
    question = root.find("question[@type='multichoice']")
    assert question is not None
    texts = {
        "hostile.questions.q.prompt": question.find("questiontext/text"),
        "hostile.questions.q.explanation": question.find("generalfeedback/text"),
    }
    for index, answer in enumerate(question.findall("answer")):
        texts[f"hostile.questions.q.options.o{index}"] = answer.find("text")
        assert answer.findtext("feedback/text") == ""  # no option feedback in this quiz
    assert set(texts) == set(QUESTION_KEYS)
    for key, text_element in texts.items():
        fragment = moodle_fragment(text_element)
        assert not (fragment.text or "").strip() and not fragment.tail
        if len(locales) > 1:
            # multilang: one <span lang class="multilang"> per locale holding inline content only, nothing
            # around them; Latin runs in <bdo> (Moodle's cleaner and multilang filter, test_moodle.py).
            spans = list(fragment)
            for locale, span in zip(locales, spans, strict=True):
                assert _name(span) == "span" and dict(span.attrib) == {"lang": locale, "class": "multilang"}
                assert not (span.tail or "")
                check_carrier(
                    span, expected[locale][key], "bdo" if locale == "ur" else None, line_breaks=True
                )
            continue
        (locale,) = locales
        (div,) = fragment
        assert _name(div) == "div" and not fragment.text and not div.tail
        rtl = locale == "ur"
        assert dict(div.attrib) == {"dir": "rtl" if rtl else "ltr", "lang": locale}
        check_carrier(div, expected[locale][key], "span" if rtl else None, line_breaks=True)
    return root


def check_qti_package(data: bytes, texts: dict[str, str], rtl: bool) -> dict[str, Any]:
    """One QTI zip: prompt, choices and explanation as text (Latin runs isolated), the title as attributes."""
    import zipfile

    archive = zipfile.ZipFile(io.BytesIO(data))
    documents = {name: etree.fromstring(archive.read(name)) for name in archive.namelist()}
    assert set(documents) == {"imsmanifest.xml", "test.xml", "items/q.xml"}
    item = documents["items/q.xml"]
    isolate = "span" if rtl else None
    carriers = {
        "hostile.questions.q.prompt": item.find(f".//{QTI}qti-prompt"),
        "hostile.questions.q.explanation": item.find(
            f"{QTI}qti-modal-feedback/{QTI}qti-content-body/{QTI}div"
        ),
    }
    for index in range(4):
        carriers[f"hostile.questions.q.options.o{index}"] = item.find(
            f".//{QTI}qti-simple-choice[@identifier='o{index}']"
        )
    for key, carrier in carriers.items():
        check_carrier(carrier, texts[key], isolate, line_breaks=True)
        assert carrier is not None and carrier.get("dir") == ("rtl" if rtl else "ltr")
    test = documents["test.xml"]
    assert test.get("title") == texts["hostile.title"]
    section = test.find(f".//{QTI}qti-assessment-section")
    assert section is not None and section.get("title") == texts["hostile.title"]
    return {
        name: skeleton(root, list(carriers.values()) if name == "items/q.xml" else [])
        for name, root in documents.items()
    }


def check_player_page(data: bytes, texts: dict[str, str], rtl: bool) -> Counter[tuple[str, tuple[str, ...]]]:
    """One player page: the title, heading and description as text, and the embedded data exactly."""
    from lxml import html

    page = html.document_fromstring(data)
    title = texts["hostile.title"]
    if rtl:  # <title> cannot hold markup: FSI/PDI around each Latin run, nothing else
        pieces, position = [], 0
        for start, end in latin_runs(title):
            pieces += [title[position:start], FSI, title[start:end], PDI]
            position = end
        title = "".join([*pieces, title[position:]])
    assert page.findtext("head/title") == title
    isolate = "span" if rtl else None
    heading = page.find(".//main/header/h1")
    description = page.find(".//main/header/p[@class='description']")
    check_carrier(heading, texts["hostile.title"], isolate)
    check_carrier(description, texts["hostile.description"], isolate)
    (data_element,) = page.xpath("//script[@id='quiz-data']")
    assert not set(data_element.text) & set("<>&")  # nothing in it can end the element
    # No text adds a script or a stylesheet: the data, then the player's own script file, last.
    from toolkit.exporters.player.assets import player_code, player_stylesheet

    scripts = [(script.get("type"), script.get("src"), script.text) for script in page.iter("script")]
    assert scripts == [
        ("application/json", None, data_element.text),
        (None, f"../{player_code().path}", None),
    ]
    assert page.xpath("//link/@href") == [f"../{player_stylesheet().path}"] and not page.xpath("//style")
    embedded = json.loads(data_element.text)
    bundle, question = embedded["bundle"], embedded["bundle"]["questions"][0]
    assert bundle["title"] == texts["hostile.title"]
    assert bundle["description"] == texts["hostile.description"]
    assert question["prompt"] == texts["hostile.questions.q.prompt"]
    assert question["explanation"] == texts["hostile.questions.q.explanation"]
    assert [option["text"] for option in question["options"]] == [
        texts[f"hostile.questions.q.options.o{index}"] for index in range(4)
    ]
    view = embedded["view"]["questions"][0]
    shown_segments = {
        "hostile.questions.q.prompt": view["prompt"],
        "hostile.questions.q.explanation": view["explanation"],
        **{
            f"hostile.questions.q.options.o{index}": view["options"][f"o{index}"]["text"]
            for index in range(4)
        },
    }
    for key, parts in shown_segments.items():
        assert {kind for kind, _ in parts} <= ({"text", "latin", "code"} if rtl else {"text", "code"}), parts
        assert "".join(text for _, text in parts) == shown(texts[key])
        assert [text for kind, text in parts if kind == "code"] == code_spans(texts[key])
    return skeleton(page, [heading, description])


def markup_outputs(texts: list[str], translations: list[str]) -> dict[str, Any]:
    """Check every markup export of the quiz; return each file's skeleton, to compare with plain text."""
    from toolkit.exporters.lms.moodle import MoodleExporter
    from toolkit.exporters.player.html_export import HtmlExporter
    from toolkit.exporters.qti.qti3 import QtiExporter

    request, translate = request_for(texts, translations)
    quiz = request.content.quizzes[0]
    expected = {"en": {text.key: text.source for text in quiz.texts()}, "ur": translate}
    assert set(TEXT_KEYS) <= set(expected["en"])
    skeletons: dict[str, Any] = {}
    moodle = outputs(MoodleExporter(), request)
    qti = outputs(QtiExporter(), request)
    player = outputs(HtmlExporter(), request)
    for locale in ("en", "ur"):
        rtl = locale == "ur"
        root = check_moodle_document(moodle[PurePosixPath("hostile") / f"{locale}.xml"], expected, (locale,))
        skeletons[f"moodle/{locale}"] = skeleton(root, [])
        skeletons[f"qti/{locale}"] = check_qti_package(
            qti[PurePosixPath("hostile") / f"{locale}.zip"], expected[locale], rtl
        )
        skeletons[f"html/{locale}"] = check_player_page(
            player[PurePosixPath("hostile") / f"{locale}.html"], expected[locale], rtl
        )
    root = check_moodle_document(moodle[PurePosixPath("hostile") / "multilang.xml"], expected, ("en", "ur"))
    skeletons["moodle/multilang"] = skeleton(root, [])
    from lxml import html

    index = html.document_fromstring(player[PurePosixPath("index.html")])
    assert index.findtext("head/title") == "Quizzes"  # this project's interface has no quiz-list message
    # The quiz's heading holds its title once per distinct text (an Urdu title equal to the English
    # one is shown once), each in a span with its lang; what the heading holds is the texts' part.
    heading = index.find(".//section/h2")
    titles = heading.xpath("span[@lang]")
    same = expected["ur"]["hostile.title"] == expected["en"]["hostile.title"]
    assert [title.get("lang") for title in titles] == (["en"] if same else ["en", "ur"])
    for title in titles:
        locale = title.get("lang")
        check_carrier(title, expected[locale]["hostile.title"], "span" if locale == "ur" else None)
    # Each start card's description is a text too, in the language it is written in.
    descriptions = index.xpath(".//p[@class='description']/span[@lang]")
    assert len(descriptions) == 2
    for description in descriptions:
        locale = description.get("lang")
        check_carrier(
            description, expected[locale]["hostile.description"], "span" if locale == "ur" else None
        )
    skeletons["html/index"] = skeleton(index, [heading, *descriptions])
    return skeletons


PLAIN = ["alpha", "beta", "gamma", "delta", "epsilon"]
PLAIN_SKELETONS = markup_outputs(PLAIN, ["ایک", "دو"])


def test_hostile_strings_in_every_markup_format() -> None:
    assert markup_outputs(HOSTILE, list(reversed(HOSTILE))) == PLAIN_SKELETONS


# The same alphabet as the data formats, with the pieces that break markup drawn far more often: tags,
# entities, quotes, ]]>, backticks (inline code), bidi controls, combining marks, Urdu words and
# punctuation, and Latin terms, which Urdu text isolates.
hostile_piece = st.sampled_from(
    [
        "<script>alert(1)</script>",
        "<b>",
        "</span>",
        '<span lang="ur" class="multilang">',
        "<!--",
        "-->",
        "<![CDATA[",
        "]]>",
        "&amp;",
        "&lt;",
        "&#x41;",
        "&",
        '"',
        "'",
        "`",
        "`all-reduce`",
        "\\$",
        "\u202e",
        "\u2066",
        "\u2068",
        "\u2069",
        "\u200f",
        "\u061c",
        "e\u0301",
        "ا\u0653",
        "ایک ",
        " اور ",
        "، ",
        "۔",
        "GPU",
        "8-GPU",
        "C++",
        "B × W",
        "(NCCL",
        "\n",
        "\t",
        " ",
        "🧪👩🏽\u200d🔬",
    ]
)
# A formula ($…$) becomes MathML, markup of its own that tests/text/test_formulas.py and the formats'
# formula tests check; here a text is prose and code, its dollar signs included.
markup_text = (
    st.lists(st.text(xml_safe, max_size=4) | hostile_piece, min_size=1, max_size=8)
    .map("".join)
    .filter(lambda text: not formulas_outside_code(text))
)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(markup_text.filter(str.strip), min_size=5, max_size=5, unique_by=str.strip),
    st.lists(markup_text.filter(bool), min_size=1, max_size=3),
)
@example(texts=["0", "1", "00", "\\$", "<script>alert(1)</script>"], translations=["0"])
def test_arbitrary_unicode_in_markup_formats(texts: list[str], translations: list[str]) -> None:
    """HTML player, QTI and Moodle, English and Urdu: every file parses; every text comes back exactly once
    the documented markup is unwrapped (<code dir="ltr"> for inline code without its backticks; in Urdu
    <span dir="ltr" lang="en"> or, in multilang.xml, <bdi> around Latin runs; <br> for a line break in
    Moodle; FSI/PDI around Latin runs in an Urdu <title>); and no text adds an element or attribute
    anywhere else (every file's skeleton equals that of a plain-text export). Options are distinct (as
    content requires), so every example is checked."""
    assert markup_outputs(texts, translations) == PLAIN_SKELETONS
