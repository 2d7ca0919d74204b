"""Every question kind in Moodle XML, as Moodle's importer reads it: a golden file per kind and locale, the
structure qformat_xml and the qtype_* importers read, Cloze codes read back as Moodle's reader reads them,
HTMLPurifier keeping what is written, the delivery variant, fallback and multilang."""

from __future__ import annotations

import html
import os
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import lxml.html
import pytest
from exporters.lms.test_moodle import moodle_multilang_filter, moodle_shows, needs_moodle_cleaner, seen
from localization.test_grading import every_type_quiz, localized, urdu_catalog
from lxml import etree
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process, translate

from toolkit.exporters.base import ExportRequest
from toolkit.exporters.lms.moodle import MoodleExporter
from toolkit.exporters.lms.moodle_cloze import cloze_questiontext
from toolkit.exporters.lms.moodle_html import Version
from toolkit.gettext.catalog import Catalog
from toolkit.localization import FallbackPolicy, LocalizedQuiz, localize
from toolkit.model import AcceptedAnswer, ChoiceBlank, Content, FillInBlanksQuestion, Item, TypedBlank

GOLDEN = Path(__file__).parent / "moodle" / "golden"
QUIZ = "every-type"
KINDS = {
    "gpu-holds": "multichoice",
    "overlap-true": "truefalse",
    "name-collective": "shortanswer",
    "global-batch-size": "numerical",
    "match-collectives": "matching",
    "step-order": "ordering",
    "fill-replica": "cloze",
    "memory-essay": "essay",
}
BIDI_CONTROLS = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def export(quizzes: dict[str, LocalizedQuiz], answers: bool = True) -> dict[str, Any]:
    """Every file of the Moodle export of the fixture, parsed, by name (``en.xml``, ``multilang.xml``)."""
    request = ExportRequest(
        Content((every_type_quiz(),), None),
        "en",
        ("ur",),
        {(QUIZ, locale): quiz for locale, quiz in quizzes.items()},
        {},
        FallbackPolicy.QUESTION,
        answers=answers,
    )
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    files = {}
    for output in MoodleExporter().export(request):
        assert output.data.startswith(b"<?xml version='1.0' encoding='UTF-8'?>\n<quiz>\n")
        # Well-formed: lxml's parser, as strict as Moodle's xmlize, reads it.
        files[output.path.name] = etree.fromstring(output.data, parser)
    return files


@pytest.fixture(scope="module")
def files() -> dict[str, Any]:
    return export({"en": localized("en"), "ur": localized("ur")})


def question(root: Any, question_id: str) -> Any:
    (found,) = [element for element in root if element.findtext("name/text") == question_id]
    return found


def texts(element: Any, path: str) -> list[str]:
    return [str(found.text or "") for found in element.findall(path)]


@pytest.mark.parametrize("locale", ["en", "ur"])
@pytest.mark.parametrize("question_id", list(KINDS))
def test_golden_file_per_kind(files: dict[str, Any], question_id: str, locale: str) -> None:
    element = question(files[f"{locale}.xml"], question_id)
    written = etree.tostring(element, encoding="unicode", pretty_print=True)
    # Regenerate with ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff.
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        (GOLDEN / f"{question_id}.{locale}.xml").write_text(written, encoding="utf-8")
    expected = (GOLDEN / f"{question_id}.{locale}.xml").read_text(encoding="utf-8")
    assert written == expected


def test_each_kind_is_the_moodle_type_that_carries_it(files: dict[str, Any]) -> None:
    for name in ("en.xml", "ur.xml", "multilang.xml"):
        root = files[name]
        assert [element.get("type") for element in root] == ["category", *KINDS.values()]
        for element in root[1:]:
            # import_headers: every question's name, text and idnumber where qformat_xml reads them.
            assert element.find("questiontext").get("format") == "html"
            assert element.findtext("idnumber") == f"{QUIZ}.questions.{element.findtext('name/text')}"


def test_true_false_answers_are_named_true_and_false(files: dict[str, Any]) -> None:
    # import_truefalse matches the answer texts "true" and "false"; the fixture's statement is true.
    element = question(files["ur.xml"], "overlap-true")
    answers = element.findall("answer")
    assert [(answer.findtext("text"), answer.get("fraction")) for answer in answers] == [
        ("true", "100"),
        ("false", "0"),
    ]


def test_short_answer_has_one_answer_per_accepted_line_of_the_locale(files: dict[str, Any]) -> None:
    expected = {
        "en.xml": ["all-reduce", "reduce to all"],
        "ur.xml": ["all-reduce", "سب کو ریڈیوس", "ریڈیوس ٹو آل"],
        # One question serves every language: it accepts the answers of each.
        "multilang.xml": ["all-reduce", "reduce to all", "سب کو ریڈیوس", "ریڈیوس ٹو آل"],
    }
    for name, accepted in expected.items():
        element = question(files[name], "name-collective")
        assert element.findtext("usecase") == "0"
        assert texts(element, "answer/text") == accepted
        assert {answer.get("fraction") for answer in element.findall("answer")} == {"100"}


def test_numeric_answer_and_tolerance(files: dict[str, Any]) -> None:
    element = question(files["ur.xml"], "global-batch-size")
    (answer,) = element.findall("answer")
    assert (answer.get("fraction"), answer.findtext("text"), answer.findtext("tolerance")) == (
        "100",
        "256",
        "0",
    )
    assert element.find("units") is None
    # The unit is shown after the prompt, in the locale's language.
    assert (
        lxml.html.fragments_fromstring(element.findtext("questiontext/text"))[-1].text_content() == "سیمپلز"
    )


def test_matching_pairs_and_a_distractor_as_an_empty_subquestion(files: dict[str, Any]) -> None:
    element = question(files["en.xml"], "match-collectives")
    subquestions = element.findall("subquestion")
    assert [
        lxml.html.fragment_fromstring(text).text_content() if text else ""
        for text in texts(element, "subquestion/text")
    ] == [
        "Broadcast",
        "All-reduce",
        "Scatter",
        "",
    ]
    assert [sub.findtext("answer/text") for sub in subquestions] == [
        "Copies one GPU's data to all the others",
        "Combines data from every GPU and returns the result to all",
        "Splits data among the GPUs",
        "Shuffles samples between GPUs",
    ]
    # A drop-down's option cannot hold markup: Latin runs in Urdu are isolated with FSI and PDI.
    urdu = question(files["ur.xml"], "match-collectives")
    assert (
        urdu.findall("subquestion")[0].findtext("answer/text")
        == "ایک \u2068GPU\u2069 کا ڈیٹا باقی سب میں کاپی کرتا ہے"
    )


@pytest.mark.parametrize(("partial", "grading"), [(False, "ALL_OR_NOTHING"), (True, "ABSOLUTE_POSITION")])
def test_ordering_items_in_order_with_the_grading_of_the_library(partial: bool, grading: str) -> None:
    quizzes = {locale: with_ordering_credit(localized(locale), partial) for locale in ("en", "ur")}
    element = question(export(quizzes)["ur.xml"], "step-order")
    assert element.findtext("gradingtype") == grading
    assert (element.findtext("selecttype"), element.findtext("selectcount")) == ("ALL", "4")
    answers = element.findall("answer")
    assert [answer.get("fraction") for answer in answers] == ["1", "2", "3", "4"]
    assert [lxml.html.fragment_fromstring(answer.findtext("text")).text_content() for answer in answers] == [
        "لوکل بیچ پر فارورڈ پاس",
        "بیک ورڈ پاس لوکل گریڈیئنٹس کا حساب کرتا ہے",
        "ایک all-reduce سے گریڈیئنٹس کا اوسط نکالا جاتا ہے",
        "آپٹیمائزر ہر نقل کو اپ ڈیٹ کرتا ہے",
    ]


def with_ordering_credit(quiz: LocalizedQuiz, partial: bool) -> LocalizedQuiz:
    return replace(
        quiz,
        questions=tuple(
            replace(each, partial_credit=partial) if each.id == "step-order" else each
            for each in quiz.questions
        ),
    )


def test_essay_model_answer_is_grader_information(files: dict[str, Any]) -> None:
    element = question(files["ur.xml"], "memory-essay")
    info = lxml.html.fragment_fromstring(element.findtext("graderinfo/text"))
    assert (info.get("dir"), info.get("lang")) == ("rtl", "ur")
    assert info.text_content() == "ہر GPU پورا ماڈل رکھتا ہے، اس لیے ماڈل کو ایک GPU میں سمانا ضروری ہے۔"
    assert element.findtext("responseformat") == "editor"


# --- Cloze, read as Moodle reads it ---------------------------------------------------------------


CLOZE = re.compile(r"\{([0-9]*):(SHORTANSWER|SHORTANSWER_C|MULTICHOICE):(.*?)(?<!\\)\}", re.DOTALL)


def moodle_cloze(text: str) -> Iterator[tuple[str, str, list[tuple[bool, str]]]]:
    """The subquestions Moodle's Cloze reader finds in a question's HTML: (weight, kind, [(correct,
    answer)]). Written for these tests from qtype_multianswer's documented reading: an answer ends at the
    first ~, # or } not preceded by \\, & or &amp;; its character references are decoded; then \\} and \\#
    become } and #."""
    for weight, kind, body in CLOZE.findall(text):
        alternatives = []
        position = 0
        while position < len(body):
            correct = body.startswith("=", position)
            position += correct
            end = position + 1
            while end < len(body) and not (
                body[end] in "~#}" and not body[:end].endswith(("\\", "&", "&amp;"))
            ):
                end += 1
            answer = html.unescape(body[position:end]).replace("\\}", "}").replace("\\#", "#")
            alternatives.append((correct, answer))
            position = end + 1
        yield weight, kind, alternatives


def moodle_cloze_mark(question_element: Any) -> int:
    """The mark Moodle gives an imported Cloze question: qformat_xml's import_multianswer reads no
    <defaultgrade>, and qtype_multianswer_extract_question (question/type/multianswer/questiontype.php)
    adds up its subquestions' weights, a whole number each ('\\{([0-9]*):', 1 when empty)."""
    text = question_element.findtext("questiontext/text") or ""
    return sum(int(weight or "1") for weight, _, _ in moodle_cloze(text))


def moodle_marks(path: Path) -> dict[str, int]:
    """Each question's mark once Moodle has imported the file: its defaultgrade, or for a Cloze question
    what moodle_cloze_mark finds."""
    marks = {}
    for element in etree.parse(str(path)).getroot().findall("question[name]"):
        name = element.findtext("name/text")
        if element.get("type") == "cloze":
            marks[name] = moodle_cloze_mark(element)
        else:
            marks[name] = float(element.findtext("defaultgrade"))
    return marks


def test_a_cloze_question_counts_as_much_as_any_other_in_moodle(tmp_path: Path) -> None:
    """Issue 36: a Cloze question of two blanks was worth 2 marks in Moodle and every other question 1;
    every other format counts a question once."""
    quiz = EVERY_TYPE_QUIZ.read_text(encoding="utf-8")
    three_blanks = """\
  - id: fill-three
    type: fill_in_blanks
    prompt: Complete it.
    text: "{{a}} and {{b}} and {{c}}"
    blanks:
      - {id: a, answers: [{id: x, text: x}]}
      - {id: b, answers: [{id: y, text: y}]}
      - {id: c, answers: [{id: z, text: z}]}
    explanation: E
"""
    root = fixture_project(
        tmp_path,
        {
            "every-type": quiz,
            "three": quiz.replace("id: every-type", "id: three").replace(
                "questions:\n", "questions:\n" + three_blanks, 1
            ),
        },
    )
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "moodle", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert "warning[" not in result.stdout
    for name in ("en.xml", "multilang.xml"):
        marks = moodle_marks(root / "dist/moodle/every-type" / name)
        assert set(marks.values()) == {2}, marks  # one Cloze question of 2 blanks: 1 mark a blank
        marks = moodle_marks(root / "dist/moodle/three" / name)
        assert set(marks.values()) == {6}, marks  # blanks of 2 and 3: lcm 6, weights 3 and 2


def cloze_quiz(blank_counts: list[int]) -> str:
    """A quiz of a true/false question and one Cloze question per count, ``fill-<n>`` of n typed blanks."""
    questions = """\
  - id: check
    type: true_false
    prompt: Right?
    correct: true
    explanation: E
"""
    for count in blank_counts:
        markers = " ".join(f"{{{{b{index}}}}}" for index in range(count))
        blanks = "".join(
            f"      - {{id: b{index}, answers: [{{id: x, text: x{index}}}]}}\n" for index in range(count)
        )
        questions += f"""\
  - id: fill-{count}
    type: fill_in_blanks
    prompt: Complete it.
    text: "{markers}"
    blanks:
{blanks}    explanation: E
"""
    return f"id: cloze\nlevel: beginner\ntitle: T\ndescription: D\nquestions:\n{questions}"


def test_cloze_marks_are_bounded_and_an_uneven_question_is_warned_about(tmp_path: Path) -> None:
    """Review finding 4: Cloze questions of 5, 7, 8 and 9 blanks made every question worth their least
    common multiple, 2520 marks (a question has at most 10 blanks; 1 to 10 give 2520 too). Now at most
    100 (MOST_MARKS): the multiple of the counts that fit, smallest first (5 and 7: 35), and the nearest
    whole weight a blank for the others, each with a warning."""
    root = fixture_project(tmp_path, {"cloze": cloze_quiz([5, 7, 8, 9])})
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "moodle", "--no-checks")
    assert result.returncode == 0, result.stderr
    for name in ("en.xml", "multilang.xml", "en.no-answers.xml"):
        if name == "en.no-answers.xml":
            answers = run_quizkit_in_process(root, "export", "--format", "moodle", "--no-answers")
            assert answers.returncode == 0, answers.stderr
        marks = moodle_marks(root / "dist/moodle/cloze" / name)
        assert marks == {
            "check": 35,
            "fill-5": 35,
            "fill-7": 35,
            "fill-8": 32,
            "fill-9": 36,
        }, (name, marks)
    warnings = [line.split(": ", 1)[1] for line in result.stdout.splitlines() if "warning[" in line]
    assert warnings == [
        f"warning[unsupported-setting]: format moodle cannot give a Cloze question of {blanks} blanks the 35 "
        "marks every other question of the quiz gets (a blank's weight is a whole number, and a question "
        f"gets at most 100 marks): it is worth {worth} ({weight} a blank): question 'fill-{blanks}' of quiz "
        f"'cloze' [cloze.questions.fill-{blanks}]"
        for blanks, worth, weight in ((8, 32, 4), (9, 36, 4))
    ]
    strict = run_quizkit_in_process(root, "export", "--format", "moodle", "--no-checks", "--strict")
    assert strict.returncode == 1


def test_every_file_of_a_quiz_gives_a_question_the_same_marks(tmp_path: Path) -> None:
    """The marks come from the quiz, not from the questions one file holds: Urdu under ``--fallback
    omit`` leaves out the untranslated Cloze question of 3 blanks, and its file still gives every question
    6 marks, as the English one does (it gave 2)."""
    root = fixture_project(tmp_path, {"cloze": cloze_quiz([2, 3])})
    assert run_quizkit_in_process(root, "update").returncode == 0
    translate(
        root / "locales/ur/LC_MESSAGES/cloze.po",
        {
            "cloze.title": "ٹ",
            "cloze.description": "ڈ",
            "cloze.questions.check.prompt": "درست؟",
            "cloze.questions.check.explanation": "و",
            "cloze.questions.fill-2.prompt": "مکمل کریں۔",
            "cloze.questions.fill-2.text": "{{b0}} {{b1}}",
            "cloze.questions.fill-2.blanks.b0.answers.x": "x0",
            "cloze.questions.fill-2.blanks.b1.answers.x": "x1",
            "cloze.questions.fill-2.explanation": "و",
        },
    )
    result = run_quizkit_in_process(root, "export", "--format", "moodle", "--no-checks", "--fallback", "omit")
    assert result.returncode == 0, result.stderr
    assert moodle_marks(root / "dist/moodle/cloze/ur.xml") == {"check": 6, "fill-2": 6}
    assert moodle_marks(root / "dist/moodle/cloze/en.xml") == {"check": 6, "fill-2": 6, "fill-3": 6}


def test_cloze_codes_stand_where_the_markers_are(files: dict[str, Any]) -> None:
    for locale, sentence in (
        ("en", "Each GPU holds a full {1} of the model, and an {2} averages the gradients."),
        ("ur", "{1} گریڈیئنٹس کا اوسط نکالتا ہے، اور ہر GPU ماڈل کی ایک مکمل {2} رکھتا ہے۔"),
    ):
        text = question(files[f"{locale}.xml"], "fill-replica").findtext("questiontext/text")
        _prompt, body = lxml.html.fragments_fromstring(CLOZE.sub("{n}", text))
        assert body.text_content().replace("{n}", "{1}", 1).replace("{n}", "{2}", 1) == sentence
        codes = list(moodle_cloze(text))
        typed = (
            "1",
            "SHORTANSWER",
            [(True, "replica"), (True, "copy")] if locale == "en" else [(True, "نقل"), (True, "کاپی")],
        )
        choice = (
            "1",
            "MULTICHOICE",
            [(True, "all-reduce"), (False, "broadcast")]
            if locale == "en"
            else [(True, "\u2068all-reduce\u2069"), (False, "براڈکاسٹ")],
        )
        assert codes == ([typed, choice] if locale == "en" else [choice, typed])


HOSTILE = [
    "a}b",
    "#1",
    "x~y",
    "and/or",
    'say "hi"',
    "back\\slash",
    "\\}",
    "&",
    "R&amp;D",
    "<b>",
    "=equal",
    "50%",
    "{1:SA:x}",
    "star*",
]


def test_cloze_escaping_reads_back_every_special_character() -> None:
    blanks = (
        TypedBlank(
            "typed", tuple(AcceptedAnswer(f"a{index}", text) for index, text in enumerate(HOSTILE)), True
        ),
        ChoiceBlank("choice", tuple(Item(f"o{index}", text) for index, text in enumerate(HOSTILE)), "o0"),
    )
    question = FillInBlanksQuestion(
        id="q",
        prompt="?",
        text="{{typed}} and {{choice}}",
        blanks=blanks,
        partial_credit=True,
        explanation=".",
        fell_back=False,
    )
    text = cloze_questiontext([Version(question, "en", "en", "ltr", "en")], multilang=False)
    (typed, choice) = moodle_cloze(text)
    assert typed == ("1", "SHORTANSWER_C", [(True, answer.replace("*", "\\*")) for answer in HOSTILE])
    # A drop-down's options are HTML: the text, escaped.
    assert choice[:2] == ("1", "MULTICHOICE")
    assert [
        (correct, lxml.html.fragment_fromstring(answer, create_parent="div").text_content())
        for correct, answer in choice[2]
    ] == [(index == 0, text) for index, text in enumerate(HOSTILE)]
    # Nothing of the answers leaks into the text around the codes.
    assert lxml.html.fragment_fromstring(CLOZE.sub("", text), create_parent="div").text_content() == "? and "


def test_multilang_cloze_numbers_the_blanks_in_each_language(files: dict[str, Any]) -> None:
    text = question(files["multilang.xml"], "fill-replica").findtext("questiontext/text")
    for locale, sentence in (
        ("en", "Each GPU holds a full (1) of the model, and an (2) averages the gradients."),
        ("ur", "(2) گریڈیئنٹس کا اوسط نکالتا ہے، اور ہر GPU ماڈل کی ایک مکمل (1) رکھتا ہے۔"),
    ):
        _prompt, body, fields = lxml.html.fragments_fromstring(
            moodle_multilang_filter(CLOZE.sub("{#}", text), locale)
        )
        assert body.text_content() == sentence
        assert fields.text_content() == "(1) {#} (2) {#}"
    typed, choice = moodle_cloze(text)
    assert typed[2] == [(True, "replica"), (True, "copy"), (True, "نقل"), (True, "کاپی")]
    assert [moodle_multilang_filter(answer, "ur") for _, answer in choice[2]] == [
        "\u2068all-reduce\u2069",
        "براڈکاسٹ",
    ]


# --- What Moodle shows ------------------------------------------------------------------------------


def html_texts(root: Any) -> list[str]:
    """Every HTML text of a file as Moodle stores it: Cloze codes become the {#n} of its question text."""
    found = []
    for element in root.iter("text"):
        value = str(element.text or "")
        if element.getparent().getparent().tag == "subquestion":
            continue  # a matching answer: plain text (multilang spans of text alone in multilang.xml)
        if value.startswith(("<div", "<span", "<p")):
            found.append(CLOZE.sub("{#1}", value))
    return found


@needs_moodle_cleaner
def test_after_moodle_cleaning_every_kind_shows_what_was_written(files: dict[str, Any]) -> None:
    for name in ("en.xml", "ur.xml"):
        written = html_texts(files[name])
        for item, text in zip(moodle_shows(written, ["en"]), written, strict=True):
            # Kept byte for byte, but for the xml:lang the XHTML doctype adds beside each lang.
            assert re.sub(r' xml:lang="[^"]*"', "", item["cleaned"]) == text
    multilang = html_texts(files["multilang.xml"])
    own = {locale: html_texts(files[f"{locale}.xml"]) for locale in ("en", "ur")}
    for index, item in enumerate(moodle_shows(multilang, ["en", "ur"])):
        assert "multilang" not in item["shown"]["en"] + item["shown"]["ur"]
        for locale in ("en", "ur"):
            mine = seen(own[locale][index])
            if "{#1}" in multilang[index]:  # the Cloze text: blanks numbered in the multilang file
                mine = re.sub(r"\{#1\}", "", mine)
                assert re.sub(r"\(\d\)|\{#1\}|\s", "", seen(item["shown"][locale])) == re.sub(r"\s", "", mine)
            else:
                assert seen(item["shown"][locale]) == mine


def test_no_bidi_control_outside_drop_down_options(files: dict[str, Any]) -> None:
    for root in files.values():
        for element in root.iter("text"):
            parent = element.getparent()
            if set(element.text or "") & BIDI_CONTROLS:
                in_option = parent.tag == "answer" and parent.getparent().tag == "subquestion"
                assert in_option or "MULTICHOICE" in (element.text or ""), etree.tostring(parent)


# --- The delivery variant, fallback ------------------------------------------------------------------


def test_delivery_variant_keeps_what_moodle_grades_and_drops_feedback() -> None:
    delivered = export({"en": localized("en"), "ur": localized("ur")}, answers=False)
    assert sorted(delivered) == ["en.no-answers.xml", "multilang.no-answers.xml", "ur.no-answers.xml"]
    for root in delivered.values():
        for tag in ("generalfeedback", "feedback", "graderinfo"):
            assert root.find(f".//{tag}") is None, tag
        # Matching shows the number of right pairs when the element is there at all; ordering says 0.
        assert question(root, "match-collectives").find("shownumcorrect") is None
        assert question(root, "step-order").findtext("shownumcorrect") == "0"
        # Moodle grades on the server, so what it grades with stays: the file is imported there.
        assert texts(question(root, "overlap-true"), "answer/text") == ["true", "false"]
        assert question(root, "global-batch-size").findtext("answer/tolerance") == "0"
        assert question(root, "step-order").findtext("showgrading") == "HIDE"
        assert len(question(root, "match-collectives").findall("subquestion")) == 4
        assert "SHORTANSWER" in question(root, "fill-replica").findtext("questiontext/text")


def test_a_question_that_falls_back_is_wholly_english() -> None:
    quiz = every_type_quiz()
    catalog = urdu_catalog(quiz)
    untranslated = f"{QUIZ}.questions.name-collective.answers.reduce-all"
    partial = Catalog(
        catalog.header,
        tuple(
            replace(entry, msgstr="") if entry.context == untranslated else entry for entry in catalog.entries
        ),
    )
    urdu = localize(quiz, None, "ur", "en", partial, None)
    element = question(export({"en": localized("en"), "ur": urdu})["ur.xml"], "name-collective")
    prompt = lxml.html.fragment_fromstring(element.findtext("questiontext/text"))
    assert (prompt.get("dir"), prompt.get("lang")) == ("ltr", "en")
    assert prompt.text_content() == "Which collective operation averages gradients across all GPUs?"
    assert texts(element, "answer/text") == ["all-reduce", "reduce to all"]


# --- images: embedded files, replayed as qformat_xml imports them ---------------------------------------

PLUGINFILE = re.compile(r"@@PLUGINFILE@@/([^\"'\s<>]+)")
# The fields qformat_xml reads with import_text_with_files (question/format/xml/format.php: the question
# text and general feedback in import_headers, an answer's text and feedback in import_answer).
FILE_FIELDS = ("questiontext", "generalfeedback", "answer", "feedback")


def moodle_file_fields(question_element: Any) -> Iterator[Any]:
    for element in question_element.iter(*FILE_FIELDS):
        if element.find("text") is not None:
            yield element


def moodle_imported_files(field: Any) -> dict[str, bytes]:
    """The files of one text field as import_files_as_draft stores them: path (default "/") + name,
    the content base64-decoded; a second file with the same path and name is skipped, as Moodle does."""
    import base64

    stored: dict[str, bytes] = {}
    for file in field.findall("file"):
        assert file.get("encoding") == "base64"
        full_path = (file.get("path") or "/") + file.get("name")
        if full_path not in stored:
            stored[full_path] = base64.b64decode(file.text or "", validate=True)
    return stored


def test_images_are_embedded_in_the_text_field_that_shows_them_as_moodle_imports_them(tmp_path: Path) -> None:
    """Issue 41: qformat_xml decodes the <file>s of a text field into that field's own draft area
    (import_text_with_files, import_files_as_draft in question/format/xml/format.php), and saving the
    question turns each @@PLUGINFILE@@/<name> of the field's text into that file. Replayed here: every
    reference of every field resolves to a file of the same field, every file is referenced, and the
    files are the images (the Urdu one in Urdu), their alt in the text's language."""
    import urllib.parse

    from rich_project import CODE, DIVIDER, IMAGE_BYTES, SQUARE, URDU_ALT, rich_project

    project = rich_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "moodle")
    assert result.returncode == 0, result.stdout + result.stderr
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    expected_alt = {"en": "Four GPUs in a ring", "ur": URDU_ALT}
    for name in ("en.xml", "ur.xml", "multilang.xml"):
        root = etree.fromstring((project / "dist/moodle/rich-question" / name).read_bytes(), parser)
        ring = question(root, "ring")
        referenced: dict[str, dict[str, bytes]] = {}
        for field in moodle_file_fields(ring):
            files = moodle_imported_files(field)
            text = field.findtext("text") or ""
            names = ["/" + urllib.parse.unquote(found) for found in PLUGINFILE.findall(text)]
            assert all(reference in files for reference in names), (name, field.tag, names, list(files))
            assert sorted(set(names)) == sorted(files), (name, field.tag)  # no file left unused
            referenced[field.tag] = referenced.get(field.tag, {}) | files
        locales = ["en", "ur"] if name == "multilang.xml" else [name.removesuffix(".xml")]
        prompt = ring.find("questiontext")
        images = lxml.html.fragment_fromstring(prompt.findtext("text"), create_parent="div").findall(".//img")
        assert [image.get("alt") for image in images] == [expected_alt[locale] for locale in locales]
        own = moodle_imported_files(prompt)
        for image, locale in zip(images, locales, strict=True):
            assert own["/" + image.get("src").removeprefix("@@PLUGINFILE@@/")] == IMAGE_BYTES[locale]
        # The formula (TeX for Moodle's filters) and the code of the same question are there too.
        shown = lxml.html.fragment_fromstring(prompt.findtext("text"), create_parent="div").text_content()
        assert "\\(\\frac{2(N-1)}{N}\\)" in shown and CODE in shown
        assert set(referenced["answer"]) == {"/" + SQUARE.removeprefix("media/")}  # in the option's answer
        assert set(referenced["generalfeedback"]) == {"/" + DIVIDER.removeprefix("media/")}
        explanation = ring.find("generalfeedback").findtext("text")
        assert 'alt=""' in explanation  # decorative


def test_the_delivery_variant_embeds_no_explanation_image(tmp_path: Path) -> None:
    from rich_project import DIVIDER, RING, rich_project

    project = rich_project(tmp_path / "project")
    result = run_quizkit_in_process(project, "export", "-f", "moodle", "--no-answers")
    assert result.returncode == 0, result.stdout + result.stderr
    data = (project / "dist/moodle/rich-question/ur.no-answers.xml").read_bytes()
    divider, ring = (path.removeprefix("media/").encode() for path in (DIVIDER, RING["ur"]))
    assert divider not in data and ring in data


@needs_moodle_cleaner
def test_an_image_survives_moodle_cleaning_with_its_alt(tmp_path: Path) -> None:
    """Moodle rewrites @@PLUGINFILE@@ to the file's URL (file_rewrite_pluginfile_urls), then cleans: the
    <img> keeps its src and its Urdu alt, and the multilang filter shows each reader its own image."""
    from rich_project import RING, URDU_ALT, rich_project

    project = rich_project(tmp_path / "project")
    assert run_quizkit_in_process(project, "export", "-f", "moodle").returncode == 0
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    root = etree.fromstring((project / "dist/moodle/rich-question/multilang.xml").read_bytes(), parser)
    base = "https://moodle.test/pluginfile.php/5/question/questiontext/1/7/"
    text = (question(root, "ring").findtext("questiontext/text") or "").replace("@@PLUGINFILE@@/", base)
    (shown,) = moodle_shows([text], ["en", "ur"])
    for locale, file, alt in (
        ("en", RING["en"].removeprefix("media/"), "Four GPUs in a ring"),
        ("ur", RING["ur"].removeprefix("media/"), URDU_ALT),
    ):
        images = lxml.html.fragment_fromstring(shown["shown"][locale], create_parent="div").findall(".//img")
        assert [(image.get("src"), image.get("alt")) for image in images] == [(base + file, alt)]
