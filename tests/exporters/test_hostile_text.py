"""Hostile text survives every data format exactly: markup, entities, quotes, ]]>, bidi controls,
emoji and combining marks come back byte for byte, as text, never as markup."""

from __future__ import annotations

import gettext
import io
import json
from pathlib import PurePosixPath

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from toolkit import keys
from toolkit.catalogs.catalog import Catalog, CatalogEntry, Header
from toolkit.exporters.base import ExportRequest, OutputFile
from toolkit.exporters.i18next import I18nextExporter
from toolkit.exporters.json_bundle import JsonBundleExporter
from toolkit.exporters.mo import MoExporter
from toolkit.exporters.xliff import XliffExporter
from toolkit.localization import FallbackPolicy, localize
from toolkit.model import Content, Level, Option, Origin, Question, QuestionType, Quiz, Text
from toolkit.xliff import parse_xliff

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
    question = Question(
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
    # i18next: the same, through its nesting.
    files = outputs(I18nextExporter(), request)
    resources = json.loads(files[PurePosixPath("ur") / "hostile.json"])
    assert resources["questions"]["q"]["prompt"] == translate["hostile.questions.q.prompt"]
    assert resources["questions"]["q"]["options"]["o0"] == translate["hostile.questions.q.options.o0"]
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


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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

    from toolkit.exporters.moodle import MoodleExporter
    from toolkit.exporters.qti import QtiExporter

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
