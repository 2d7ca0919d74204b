"""``moodle``: Moodle XML question files, one per quiz and locale, plus one multilingual file per quiz.

Layout: ``moodle/<quiz>/<locale>.xml`` for every locale, and ``moodle/<quiz>/multilang.xml`` with every
locale in each text as Moodle multilang spans (``<span lang="ur" class="multilang">``, read by Moodle's
core "Multi-language content" filter). The delivery variant (``--no-answers``) is
``<quiz>/<locale>.no-answers.xml`` and ``<quiz>/multilang.no-answers.xml``: Moodle grades on the server,
so it keeps the answer fractions and leaves out option feedback and the explanation (general feedback).

Each file holds a category question (``$course$/quizkit/<quiz>``) and one ``multichoice`` question per
quiz question, whose ``idnumber`` is the question's key prefix (``<quiz>.questions.<question>``).
Moodle keeps an idnumber unique within a category and silently drops a duplicate on import, so import one
file of a quiz per course: a locale's file, or ``multilang.xml`` for all of them.

Scoring. ``single_choice`` is ``<single>true</single>`` with fraction 100 on the correct option and 0
elsewhere. ``multiple_choice`` is ``<single>false</single>``: the correct options share +100 and the wrong
ones share -100, in Moodle's own fraction steps (50, 33.33333, 25, 20, 16.66667, 14.28571, 12.5). Moodle
adds the fractions of the ticked options and clamps the sum to 0…100 %, so this is exactly per-option
scoring (``partial_credit: true``); without the negative share, ticking every box would score 100 %.
All-or-nothing scoring, the default for ``multiple_choice``, cannot be expressed by Moodle's
``multichoice`` type: it gets the same fractions, so a partly right answer earns partial credit in Moodle
instead of nothing (the third-party ``multichoiceset`` plugin scores all-or-nothing, but core Moodle
cannot import it).

Shuffling follows the question's ``shuffle`` (else the quiz's); Moodle cannot pin options, so a question
with pinned options ("All of the above") is never shuffled. Under the ``omit`` fallback policy a question
left out in any locale is left out of ``multilang.xml`` too: one Moodle question serves every language.

Texts are HTML (``format="html"``), built as elements and serialized, then stored as the text of the XML
``<text>`` element, so lxml escapes them (Moodle unescapes them on import; no CDATA section, so no
``]]>`` to guard). In a locale's file every text is a ``<div>`` carrying its ``dir`` and ``lang`` (those
of the source locale for a question that fell back), inline code in backticks becomes
``<code dir="ltr">``, and inside right-to-left text each Latin run ("PyTorch", "B × W", "8-GPU"; found by
:mod:`toolkit.text.bidi`) is isolated with ``<span dir="ltr" lang="en">``. No bidi control character is
inserted. Everything used survives Moodle's HTML cleaning (HTMLPurifier with Moodle's settings, applied on
sites with ``forceclean``), and tests/exporters/test_moodle.py runs that cleaner and the multilang filter.

``multilang.xml`` holds inline content only in each ``<span lang="ur" class="multilang">``: the cleaner
moves a ``<div>`` out of a ``<span>`` (every text would show both languages) and strips ``<bdi>``, and the
filter ends a language's text at the first ``</span>``. So Latin runs there are isolated with
``<bdo dir="ltr" lang="en">`` (see :func:`multilang_span`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, ClassVar

from lxml import etree

from toolkit.exporters.base import ExportRequest, OutputFile, choice_questions
from toolkit.keys import question_key
from toolkit.localization import LocalizedChoiceQuestion, LocalizedQuiz
from toolkit.model import ChoiceQuestion, QuestionType
from toolkit.text.bidi import bidi_segments

CATEGORY_ROOT = "$course$/quizkit"
MULTILANG_STEM = "multilang"


# --- HTML --------------------------------------------------------------------------------------------


def _append_text(element: Any, text: str) -> None:
    """Append ``text`` after the last child of ``element`` (or as its text), lines joined by ``<br>``."""
    for number, line in enumerate(text.split("\n")):
        if number:
            etree.SubElement(element, "br")
        if not line:
            continue
        if len(element):
            last = element[-1]
            last.tail = (last.tail or "") + line
        else:
            element.text = (element.text or "") + line


def _fill(element: Any, text: str, direction: str, latin_lang: str, latin_tag: str) -> Any:
    """``text`` appended to ``element``: code as ``<code dir="ltr">``, and in right-to-left text each
    Latin run isolated with ``<latin_tag dir="ltr" lang="latin_lang">``."""
    for segment in bidi_segments(text, isolate_latin=direction == "rtl"):
        if segment.kind == "text":
            _append_text(element, segment.text)
            continue
        if segment.kind == "code":
            child = etree.SubElement(element, "code", dir="ltr")
        else:
            child = etree.SubElement(element, latin_tag, dir="ltr", lang=latin_lang)
        _append_text(child, segment.text)
    return element


def html_element(
    text: str, lang: str, direction: str, *, latin_lang: str = "en", latin_tag: str = "span"
) -> Any:
    """``text`` as an HTML ``<div dir lang>`` element: code as ``<code dir="ltr">``, Latin runs isolated.

    Latin runs are isolated only in right-to-left text, with ``<latin_tag dir="ltr" lang="latin_lang">``.
    """
    return _fill(etree.Element("div", dir=direction, lang=lang), text, direction, latin_lang, latin_tag)


def multilang_span(text: str, span_lang: str, lang: str, direction: str, *, latin_lang: str = "en") -> Any:
    """One language's version of a text as a Moodle multilang span, holding inline content only.

    Moodle's HTML cleaner splits a ``<div>`` out of a ``<span>`` (both languages would show) and strips
    ``<bdi>``; its multilang filter ends a language's text at the first ``</span>``, so no ``<span>`` may
    be nested either. Latin runs are isolated with ``<bdo dir="ltr">``, which the cleaner keeps and HTML
    renders as an isolate (``unicode-bidi: isolate-override``); a version that fell back to a
    left-to-right source is wrapped in ``<bdo dir="ltr" lang>`` as a whole. The direction of a version in
    its own language is the page's: Moodle sets it from the reader's language, which the filter picks.
    """
    span = etree.Element("span", lang=span_lang)
    span.set("class", "multilang")  # lang, then class: the two attributes, and only those, Moodle matches
    target = span
    if lang.split("-")[0] != span_lang.split("-")[0] and direction == "ltr":
        target = etree.SubElement(span, "bdo", dir="ltr", lang=lang)
    _fill(target, text, direction, latin_lang, "bdo")
    return span


def html_text(
    text: str, lang: str, direction: str, *, latin_lang: str = "en", latin_tag: str = "span"
) -> str:
    """The HTML fragment of :func:`html_element`, serialized: text is escaped, never markup."""
    element = html_element(text, lang, direction, latin_lang=latin_lang, latin_tag=latin_tag)
    return str(etree.tostring(element, encoding="unicode", method="html"))


# --- Scoring -----------------------------------------------------------------------------------------


def moodle_fraction(percent: float) -> str:
    """A grade percentage as Moodle writes it: 100, 50, 33.33333, -16.66667, 12.5, 0."""
    text = f"{percent:.5f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def answer_fractions(question: LocalizedChoiceQuestion) -> list[str]:
    """The ``fraction`` of each option, in option order (see the module docstring for the scheme)."""
    correct = [option.id in question.correct for option in question.options]
    right = sum(correct)
    wrong = len(correct) - right
    if question.type is QuestionType.SINGLE_CHOICE:
        return ["100" if is_correct else "0" for is_correct in correct]
    return [
        moodle_fraction(100 / right) if is_correct else moodle_fraction(-100 / wrong)
        for is_correct in correct
    ]


# --- Documents ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Version:
    """One question in one locale, with the language and direction its texts are written in."""

    question: LocalizedChoiceQuestion
    locale_tag: str
    lang: str
    direction: str
    latin_lang: str


def _version(localized: LocalizedQuiz, question: LocalizedChoiceQuestion) -> _Version:
    written_in = localized.source if question.fell_back else localized.locale
    # Latin runs in a translation are the source's terms; an RTL source leaves only English ones.
    latin_lang = localized.source.tag if localized.source.direction == "ltr" else "en"
    return _Version(question, localized.locale.tag, written_in.tag, written_in.direction, latin_lang)


def _html(
    versions: Sequence[_Version], text_of: Callable[[LocalizedChoiceQuestion], str], multilang: bool
) -> str:
    """One text of a question as HTML: the single version's ``<div>``, or one multilang span per locale."""
    if not multilang:
        (version,) = versions
        return html_text(
            text_of(version.question), version.lang, version.direction, latin_lang=version.latin_lang
        )
    spans = [
        multilang_span(
            text_of(version.question),
            version.locale_tag,
            version.lang,
            version.direction,
            latin_lang=version.latin_lang,
        )
        for version in versions
    ]
    return "".join(str(etree.tostring(span, encoding="unicode", method="html")) for span in spans)


def _sub_text(parent: Any, tag: str, value: str, html: bool = False) -> Any:
    element = etree.SubElement(parent, tag)
    if html:
        element.set("format", "html")
    etree.SubElement(element, "text").text = value
    return element


def _shuffle(localized: LocalizedQuiz, question: LocalizedChoiceQuestion) -> bool:
    if any(option.pinned for option in question.options):
        return False
    # The content model keeps "not set" apart from false, so a question's false beats the quiz's true.
    model = localized.quiz.question(question.id)
    declared = model.shuffle if isinstance(model, ChoiceQuestion) else None
    return localized.quiz.shuffle if declared is None else declared


def _prompt(question: LocalizedChoiceQuestion) -> str:
    return question.prompt


def _explanation(question: LocalizedChoiceQuestion) -> str:
    return question.explanation


def _option_text(index: int) -> Callable[[LocalizedChoiceQuestion], str]:
    return lambda question: question.options[index].text


def _option_feedback(index: int) -> Callable[[LocalizedChoiceQuestion], str]:
    return lambda question: question.options[index].feedback or ""


def _question_element(
    root: Any, quiz: LocalizedQuiz, versions: Sequence[_Version], multilang: bool, answers: bool
) -> None:
    question = versions[0].question
    element = etree.SubElement(root, "question", type="multichoice")
    _sub_text(element, "name", question.id)
    _sub_text(element, "questiontext", _html(versions, _prompt, multilang), html=True)
    if answers:
        _sub_text(element, "generalfeedback", _html(versions, _explanation, multilang), html=True)
    etree.SubElement(element, "defaultgrade").text = "1"
    etree.SubElement(element, "penalty").text = "0"
    etree.SubElement(element, "hidden").text = "0"
    etree.SubElement(element, "idnumber").text = question_key(quiz.quiz.id, question.id)
    single = question.type is QuestionType.SINGLE_CHOICE
    etree.SubElement(element, "single").text = "true" if single else "false"
    etree.SubElement(element, "shuffleanswers").text = "1" if _shuffle(quiz, question) else "0"
    etree.SubElement(element, "answernumbering").text = "none"
    for index, fraction in enumerate(answer_fractions(question)):
        answer = etree.SubElement(element, "answer", fraction=fraction, format="html")
        etree.SubElement(answer, "text").text = _html(versions, _option_text(index), multilang)
        if answers:
            has_feedback = any(version.question.options[index].feedback for version in versions)
            feedback = _html(versions, _option_feedback(index), multilang) if has_feedback else ""
            _sub_text(answer, "feedback", feedback, html=True)


def _document(
    quiz: LocalizedQuiz, questions: Sequence[Sequence[_Version]], multilang: bool, answers: bool
) -> bytes:
    root = etree.Element("quiz")
    category = etree.SubElement(root, "question", type="category")
    _sub_text(category, "category", f"{CATEGORY_ROOT}/{quiz.quiz.id}")
    for versions in questions:
        _question_element(root, quiz, versions, multilang, answers)
    return bytes(etree.tostring(root, encoding="UTF-8", xml_declaration=True, pretty_print=True))


def _multilang_questions(quizzes: Sequence[LocalizedQuiz]) -> list[list[_Version]]:
    """Each question of the source in every locale; one left out (``omit``) in any locale is left out."""
    by_locale = [{question.id: question for question in choice_questions(quiz)} for quiz in quizzes]
    return [
        [_version(quiz, questions[question.id]) for quiz, questions in zip(quizzes, by_locale, strict=True)]
        for question in choice_questions(quizzes[0])
        if all(question.id in questions for questions in by_locale)
    ]


class MoodleExporter:
    name: ClassVar[str] = "moodle"
    description: ClassVar[str] = "Moodle XML question files per quiz and locale, and one multilang file"
    presents_quiz: ClassVar[bool] = True
    omits_answers: ClassVar[bool] = True

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        suffix = ".xml" if request.answers else ".no-answers.xml"
        for locale in request.locales:
            for localized in request.quizzes_in(locale):
                versions = [[_version(localized, question)] for question in choice_questions(localized)]
                yield OutputFile(
                    PurePosixPath(localized.quiz.id) / f"{localized.locale.tag}{suffix}",
                    _document(localized, versions, multilang=False, answers=request.answers),
                    quiz=localized.quiz.id,
                )
        for quiz in request.content.quizzes:
            if not request.includes(quiz.id):
                continue
            every = request.versions(quiz.id)
            if every:
                yield OutputFile(
                    PurePosixPath(quiz.id) / f"{MULTILANG_STEM}{suffix}",
                    _document(every[0], _multilang_questions(every), multilang=True, answers=request.answers),
                    quiz=quiz.id,
                )
