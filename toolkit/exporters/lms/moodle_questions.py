"""One Moodle XML ``<question>`` per quiz question, of the Moodle type that carries its kind (see
:mod:`toolkit.exporters.lms.moodle` for the mapping, scoring and what the delivery variant keeps)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import Any, cast

from lxml import etree

from toolkit.exporters.lms.moodle_cloze import cloze_questiontext, wildcard_escaped
from toolkit.exporters.lms.moodle_html import (
    ImageOf,
    Version,
    embed_images,
    plain_versions,
    sub_text,
    versions_html,
    versions_image_html,
    versions_paragraph,
)
from toolkit.exporters.media import MediaFiles
from toolkit.keys import question_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import (
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    Image,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    Quiz,
    ShortAnswerQuestion,
    TrueFalseQuestion,
)
from toolkit.text.numbers import plain_number

# Moodle's name for a plain-text answer's format, as its own export writes it.
PLAIN = "moodle_auto_format"


def moodle_fraction(percent: float) -> str:
    """A grade percentage as Moodle writes it: 100, 50, 33.33333, -16.66667, 12.5, 0."""
    text = f"{percent:.5f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def answer_fractions(question: ChoiceQuestion[str]) -> list[str]:
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


def _field(attribute: str) -> Callable[[Any], str]:
    """One text of a question (``prompt``, ``unit``), in whichever locale it is given; None is empty."""

    def text_of(question: Any) -> str:
        return str(getattr(question, attribute) or "")

    return text_of


def _part(field: str, index: int, attribute: str) -> Callable[[Any], str]:
    """The text of one part of a question (``options[2].text``), in whichever locale it is given."""

    def text_of(question: Any) -> str:
        return str(getattr(getattr(question, field)[index], attribute) or "")

    return text_of


def _image(attribute: str) -> ImageOf:
    """The image of a question (``image``, ``explanation_image``), in whichever locale it is given."""

    def image_of(question: Any) -> Image[str] | None:
        image: Image[str] | None = getattr(question, attribute)
        return image

    return image_of


def _option_image(index: int) -> ImageOf:
    def image_of(question: Any) -> Image[str] | None:
        image: Image[str] | None = question.options[index].image
        return image

    return image_of


class _Writer:
    """The ``<question>`` elements of one file: a locale's, or every locale's as multilang spans."""

    def __init__(
        self, root: etree._Element, quiz: LocalizedQuiz, multilang: bool, answers: bool, marks: int
    ) -> None:
        self.marks = marks
        """What every question of the file is worth (see :mod:`toolkit.exporters.lms.moodle`, Marks)."""
        self.root = root
        self.quiz = quiz
        self.multilang = multilang
        self.answers = answers
        self.media = MediaFiles()
        """The image files the texts show, each read once (embedded in every field that shows it)."""

    def html(self, versions: Sequence[Version], text_of: Callable[[Any], str]) -> str:
        return versions_html(versions, text_of, self.multilang)

    def header(
        self, versions: Sequence[Version], moodle_type: str, questiontext: str | None = None
    ) -> etree._Element:
        question = versions[0].question
        element = etree.SubElement(self.root, "question", type=moodle_type)
        sub_text(element, "name", question.id)
        if questiontext is None:
            questiontext = self.html(versions, _field("prompt"))
        self.with_image(element, "questiontext", questiontext, versions, _image("image"))
        if self.answers:
            explanation = self.html(versions, _field("explanation"))
            self.with_image(element, "generalfeedback", explanation, versions, _image("explanation_image"))
        if moodle_type != "cloze":  # Moodle sums a Cloze question's mark from its blanks' weights
            etree.SubElement(element, "defaultgrade").text = str(self.marks)
        etree.SubElement(element, "penalty").text = "0"
        etree.SubElement(element, "hidden").text = "0"
        etree.SubElement(element, "idnumber").text = question_key(self.quiz.quiz.id, question.id)
        return element

    def with_image(
        self,
        parent: etree._Element,
        tag: str,
        html: str,
        versions: Sequence[Version],
        image_of: ImageOf,
    ) -> etree._Element:
        """``<tag format="html">``: the text's ``html`` and the field's image after it, its file embedded."""
        image_html = versions_image_html(versions, image_of, self.multilang, self.media)
        field = sub_text(parent, tag, html + image_html, "html")
        embed_images(field, versions, image_of, self.media)
        return field

    def feedback(self, answer: etree._Element) -> None:
        if self.answers:
            sub_text(answer, "feedback", "", "html")

    def write(self, versions: Sequence[Version]) -> None:
        question: Question[str] = versions[0].question
        if isinstance(question, ChoiceQuestion):
            self.choice(versions, question)
        elif isinstance(question, TrueFalseQuestion):
            self.true_false(versions, question)
        elif isinstance(question, ShortAnswerQuestion):
            self.short_answer(versions, question)
        elif isinstance(question, NumericQuestion):
            self.numeric(versions, question)
        elif isinstance(question, MatchingQuestion):
            self.matching(versions, question)
        elif isinstance(question, OrderingQuestion):
            self.ordering(versions, question)
        elif isinstance(question, FillInBlanksQuestion):
            weight = blank_weight(self.marks, len(question.blanks))
            self.header(versions, "cloze", cloze_questiontext(versions, self.multilang, weight))
        else:
            assert isinstance(question, EssayQuestion)
            self.essay(versions, question)

    def choice(self, versions: Sequence[Version], question: ChoiceQuestion[str]) -> None:
        element = self.header(versions, "multichoice")
        single = question.type is QuestionType.SINGLE_CHOICE
        etree.SubElement(element, "single").text = "true" if single else "false"
        etree.SubElement(element, "shuffleanswers").text = "1" if self.shuffle(question) else "0"
        etree.SubElement(element, "answernumbering").text = "none"
        for index, fraction in enumerate(answer_fractions(question)):
            answer = etree.SubElement(element, "answer", fraction=fraction, format="html")
            image_of = _option_image(index)
            text = self.html(versions, _part("options", index, "text"))
            image_html = versions_image_html(versions, image_of, self.multilang, self.media)
            etree.SubElement(answer, "text").text = text + image_html
            embed_images(answer, versions, image_of, self.media)
            if self.answers:
                has_feedback = any(
                    cast(ChoiceQuestion[str], each.question).options[index].feedback for each in versions
                )
                feedback = self.html(versions, _part("options", index, "feedback")) if has_feedback else ""
                sub_text(answer, "feedback", feedback, "html")

    def shuffle(self, question: ChoiceQuestion[str]) -> bool:
        if any(option.pinned for option in question.options):
            return False
        # The content model keeps "not set" apart from false, so a question's false beats the quiz's true.
        model = self.quiz.quiz.question(question.id)
        declared = model.shuffle if isinstance(model, ChoiceQuestion) else None
        return self.quiz.quiz.shuffle if declared is None else declared

    def true_false(self, versions: Sequence[Version], question: TrueFalseQuestion[str]) -> None:
        # Moodle matches the answers by their text, "true" and "false", and labels them in the reader's
        # own language pack.
        element = self.header(versions, "truefalse")
        for value in (True, False):
            fraction = "100" if question.correct is value else "0"
            answer = etree.SubElement(element, "answer", fraction=fraction, format=PLAIN)
            etree.SubElement(answer, "text").text = "true" if value else "false"
            self.feedback(answer)

    def short_answer(self, versions: Sequence[Version], question: ShortAnswerQuestion[str]) -> None:
        element = self.header(versions, "shortanswer")
        etree.SubElement(element, "usecase").text = "1" if question.case_sensitive else "0"
        accepted: list[str] = []
        for each in versions:  # multilang.xml: one question, so every locale's answers
            for answer in cast(ShortAnswerQuestion[str], each.question).answers:
                accepted.extend(line for line in answer.accepted if line not in accepted)
        for line in accepted:
            answer_element = etree.SubElement(element, "answer", fraction="100", format=PLAIN)
            etree.SubElement(answer_element, "text").text = wildcard_escaped(line)
            self.feedback(answer_element)

    def numeric(self, versions: Sequence[Version], question: NumericQuestion[str]) -> None:
        questiontext = None
        if question.unit is not None:
            prompt = versions_paragraph(versions, _field("prompt"), self.multilang)
            questiontext = prompt + versions_paragraph(versions, _field("unit"), self.multilang)
        element = self.header(versions, "numerical", questiontext)
        answer = etree.SubElement(element, "answer", fraction="100", format=PLAIN)
        etree.SubElement(answer, "text").text = plain_number(question.answer)
        self.feedback(answer)
        etree.SubElement(answer, "tolerance").text = plain_number(question.tolerance)
        etree.SubElement(element, "unitgradingtype").text = "0"
        etree.SubElement(element, "unitpenalty").text = "0.1"
        etree.SubElement(element, "showunits").text = "3"  # no unit field: the number alone is graded
        etree.SubElement(element, "unitsleft").text = "0"

    def matching(self, versions: Sequence[Version], question: MatchingQuestion[str]) -> None:
        element = self.header(versions, "matching")
        etree.SubElement(element, "shuffleanswers").text = "true"
        if self.answers:
            etree.SubElement(element, "shownumcorrect")
        for index in range(len(question.pairs)):
            subquestion = sub_text(
                element,
                "subquestion",
                self.html(versions, _part("pairs", index, "prompt")),
                "html",
            )
            self.plain_answer(subquestion, versions, _part("pairs", index, "match"))
        for index in range(len(question.distractors)):
            # Moodle's own form for a choice that answers no prompt: a subquestion with an empty text.
            subquestion = sub_text(element, "subquestion", "", "html")
            self.plain_answer(subquestion, versions, _part("distractors", index, "text"))

    def plain_answer(
        self, parent: etree._Element, versions: Sequence[Version], text_of: Callable[[Any], str]
    ) -> None:
        answer = etree.SubElement(parent, "answer")
        etree.SubElement(answer, "text").text = plain_versions(versions, text_of, self.multilang)

    def ordering(self, versions: Sequence[Version], question: OrderingQuestion[str]) -> None:
        element = self.header(versions, "ordering")
        etree.SubElement(element, "layouttype").text = "VERTICAL"
        etree.SubElement(element, "selecttype").text = "ALL"
        etree.SubElement(element, "selectcount").text = str(len(question.items))
        grading = "ABSOLUTE_POSITION" if question.partial_credit else "ALL_OR_NOTHING"
        etree.SubElement(element, "gradingtype").text = grading
        etree.SubElement(element, "showgrading").text = "SHOW" if self.answers else "HIDE"
        etree.SubElement(element, "numberingstyle").text = "none"
        etree.SubElement(element, "shownumcorrect").text = "1" if self.answers else "0"
        # In the correct order: Moodle stores it as the answer key and shuffles every attempt.
        for index, _item in enumerate(question.items, start=1):
            answer = etree.SubElement(element, "answer", fraction=str(index), format="html")
            etree.SubElement(answer, "text").text = self.html(versions, _part("items", index - 1, "text"))

    def essay(self, versions: Sequence[Version], question: EssayQuestion[str]) -> None:
        element = self.header(versions, "essay")
        for tag, value in (
            ("responseformat", "editor"),
            ("responserequired", "1"),
            ("responsefieldlines", "10"),
            ("attachments", "0"),
            ("attachmentsrequired", "0"),
        ):
            etree.SubElement(element, tag).text = value
        if self.answers:
            has_model = any(cast(EssayQuestion[str], each.question).model_answer for each in versions)
            graderinfo = self.html(versions, _field("model_answer")) if has_model else ""
            sub_text(element, "graderinfo", graderinfo, "html")
        sub_text(element, "responsetemplate", "", "html")


def write_questions(
    root: etree._Element,
    quiz: LocalizedQuiz,
    questions: Sequence[Sequence[Version]],
    multilang: bool,
    answers: bool,
) -> None:
    writer = _Writer(root, quiz, multilang, answers, question_marks(quiz.quiz))
    for versions in questions:
        writer.write(versions)


MOST_MARKS = 100
"""The most marks a question is given so that a Cloze question counts as much as any other: a teacher
reads them in the quiz editor, and Moodle's own limit (``question.defaultmark``, NUMBER(12,7)) is far
above."""


def question_marks(quiz: Quiz) -> int:
    """What every question of a quiz is worth in Moodle: the least common multiple of its Cloze
    questions' blank counts, so that each blank's weight is a whole number, as Moodle requires, and each
    question totals the same marks. Blank counts whose multiple would pass MOST_MARKS are left out
    (smallest first are kept): those questions get the nearest whole weight (:func:`uneven_marks`).

    From the quiz's model, not a file's questions: every file of a quiz (each locale's, multilang, a
    locale that omits a question) gives a question the same mark."""
    counts = sorted(
        {len(question.blanks) for question in quiz.questions if isinstance(question, FillInBlanksQuestion)}
    )
    marks = 1
    for count in counts:
        if math.lcm(marks, count) <= MOST_MARKS:
            marks = math.lcm(marks, count)
    return marks


def blank_weight(marks: int, blanks: int) -> int:
    """The whole weight of each blank of a Cloze question of ``blanks`` blanks, nearest to an equal
    share of ``marks`` (halves up), and at least 1: Moodle reads 0 as a blank worth nothing."""
    return max(1, (2 * marks + blanks) // (2 * blanks))


def uneven_marks(quiz: Quiz) -> Iterator[tuple[str, str]]:
    """(question id, sentence) for each Cloze question Moodle cannot give the marks every other question
    of the quiz gets (see :func:`question_marks`)."""
    marks = question_marks(quiz)
    for question in quiz.questions:
        if not isinstance(question, FillInBlanksQuestion):
            continue
        blanks = len(question.blanks)
        weight = blank_weight(marks, blanks)
        if blanks * weight != marks:
            yield (
                question.id,
                f"cannot give a Cloze question of {blanks} blanks the {marks} marks every other question "
                f"of the quiz gets (a blank's weight is a whole number, and a question gets at most "
                f"{MOST_MARKS} marks): it is worth {blanks * weight} ({weight} a blank)",
            )
