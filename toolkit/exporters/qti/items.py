"""One QTI 3.0 item per question, for every question kind, scored as the reference grader scores it.

Every item declares ``SCORE`` (0 to 1) and, with answers, ``FEEDBACK`` (the modal feedback to show: the
explanation always, and the feedback of each chosen option that has some). The delivery variant has the
interactions only: no correct response, mapping, response processing, feedback or model answer, and
nothing in ids or order that gives the answer away (matches and ordering items are listed by the
SHA-256 of their text, and matches have ids of their own, ``MATCH.1``...). Both variants use the same
identifiers, so that responses collected with the delivery variant can be scored with the other.

The interaction of each kind, and its scoring, is built by :mod:`toolkit.exporters.qti.interactions`.
"""

from __future__ import annotations

from lxml import etree

from toolkit import __version__
from toolkit.exporters.base import ExportError
from toolkit.exporters.media import MediaFiles
from toolkit.exporters.qti.interactions import INTERACTIONS, Labels, Writer
from toolkit.exporters.qti.markup import check_xml_text, latin_lang, root, sub, value
from toolkit.exporters.qti.patterns import NumberPatternError
from toolkit.exporters.qti.response_processing import RESPONSE, RIGHT, SCORE, response_if, variable
from toolkit.keys import question_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import (
    ChoiceQuestion,
    FillInBlanksQuestion,
    Image,
    OrderingQuestion,
    Question,
    QuestionType,
    TrueFalseQuestion,
)
from toolkit.text.xml_names import XML_LANG

FEEDBACK = "FEEDBACK"
EXPLANATION = "EXPLANATION"
OPTION_FEEDBACK = "FEEDBACK."

# Texts only the variant with answers carries, by their key suffix.
_ANSWER_KEYS = ("explanation", "model-answer", ".feedback")


# --- the item ----------------------------------------------------------------------------------------


def _check_question(localized: LocalizedQuiz, question: Question[str], labels: Labels, answers: bool) -> None:
    for key, text in question.keyed_texts():
        answer_only = key.endswith(_ANSWER_KEYS) or ".answers." in f".{key}"
        if answers or not answer_only:
            check_xml_text(localized, f"questions.{question.id}.{key}", text)
    if isinstance(question, TrueFalseQuestion):
        check_xml_text(localized, "ui.true", labels.true)
        check_xml_text(localized, "ui.false", labels.false)


def _option_feedback(question: Question[str]) -> list[tuple[str, str]]:
    if not isinstance(question, ChoiceQuestion):
        return []
    return [(option.id, option.feedback) for option in question.options if option.feedback is not None]


def _feedback_rules(processing: etree._Element, question: Question[str]) -> None:
    setter = sub(processing, "qti-set-outcome-value", identifier=FEEDBACK)
    value(sub(setter, "qti-multiple"), "qti-base-value", EXPLANATION, base_type="identifier")
    multiple = question.type is QuestionType.MULTIPLE_CHOICE
    for option_id, _ in _option_feedback(question):
        _, when = response_if(processing)
        # Single choice: the response is the option; multiple choice: the option is among the responses.
        test = sub(when, "qti-member" if multiple else "qti-match")
        value(test, "qti-base-value", option_id, base_type="identifier")
        variable(test, RESPONSE)
        both = sub(sub(when, "qti-set-outcome-value", identifier=FEEDBACK), "qti-multiple")
        variable(both, FEEDBACK)
        value(both, "qti-base-value", OPTION_FEEDBACK + option_id, base_type="identifier")


def _modal_feedback(
    item: etree._Element, identifier: str, text: str, writer: Writer, image: Image[str] | None = None
) -> None:
    # qti-modal-feedback and qti-content-body reject dir: the direction goes on a div inside.
    feedback = sub(
        item, "qti-modal-feedback", outcome_identifier=FEEDBACK, show_hide="show", identifier=identifier
    )
    division = sub(sub(feedback, "qti-content-body"), "div", dir=writer.direction)
    writer.text(division, text)
    writer.image(division, image)


def _counts_right(question: Question[str]) -> bool:
    return isinstance(question, FillInBlanksQuestion) or (
        isinstance(question, OrderingQuestion) and question.partial_credit
    )


def item_document(
    localized: LocalizedQuiz,
    question: Question[str],
    answers: bool,
    labels: Labels,
    media: MediaFiles | None = None,
) -> etree._Element:
    """The item of ``question``; the files of the images it shows are added to ``media``, which the
    package holds."""
    _check_question(localized, question, labels, answers)
    locale = localized.source if question.fell_back else localized.locale
    writer = Writer(
        localized.locale.tag,
        locale.direction,
        latin_lang(localized.source),
        answers,
        localized.quiz.shuffle,
        labels,
        localized.quiz,
        media if media is not None else MediaFiles(),
    )
    item = root(
        "qti-assessment-item",
        identifier=question.id,
        title=question.id,
        adaptive="false",
        time_dependent="false",
        tool_name="quizkit",
        tool_version=__version__,
    )
    item.set(XML_LANG, locale.tag)
    # Declarations, body and processing go in the schema's order: write the body aside, then move it.
    body = sub(item, "qti-item-body", dir=writer.direction)
    item.remove(body)
    try:
        score = INTERACTIONS[question.type](item, body, question, writer)
    except NumberPatternError as error:  # the export leaves such a question out (QtiExporter.unwritable)
        raise ExportError(
            f"{question_key(localized.quiz.id, question.id)} [{localized.locale.tag}]: QTI cannot grade "
            f"this numeric answer: {error}"
        ) from None
    outcome = sub(item, "qti-outcome-declaration", identifier=SCORE, cardinality="single", base_type="float")
    outcome.set("normal-maximum", "1")
    if question.type is QuestionType.ESSAY:
        outcome.set("external-scored", "human")
    value(sub(outcome, "qti-default-value"), "qti-value", "0")
    if answers:
        sub(
            item,
            "qti-outcome-declaration",
            identifier=FEEDBACK,
            cardinality="multiple",
            base_type="identifier",
        )
        if _counts_right(question):
            right = sub(
                item, "qti-outcome-declaration", identifier=RIGHT, cardinality="single", base_type="integer"
            )
            value(sub(right, "qti-default-value"), "qti-value", "0")
    item.append(body)
    if answers:
        processing = sub(item, "qti-response-processing")
        score(processing)
        _feedback_rules(processing, question)
        for option_id, text in _option_feedback(question):
            _modal_feedback(item, OPTION_FEEDBACK + option_id, text, writer)
        _modal_feedback(item, EXPLANATION, question.explanation, writer, question.explanation_image)
    return item
