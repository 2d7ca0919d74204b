"""``canvas``: one QTI 1.2 package per quiz and locale, in the form Canvas imports as a "QTI .zip file".

Layout: ``canvas/<quiz>/<locale>.zip`` holding ``imsmanifest.xml``, ``<assessment>/<assessment>.xml`` (the
``questestinterop``: one assessment, one section, one item per question) and
``<assessment>/assessment_meta.xml`` (Canvas's quiz settings, namespace ``cccv1p0``), as Canvas's own
exports and text2qti (a tool whose packages Canvas is known to import) lay them out. Canvas has no
language model for a quiz: each locale is its own quiz, and its identifiers include the locale, so
importing the ``ur`` package next to the ``en`` one adds a quiz instead of replacing it (Canvas updates
whatever has the same migration identifier). Identifiers depend only on keys: the same content always
gives byte-identical packages (fixed zip timestamps too).

Every item has Canvas's ``qtimetadata`` (``question_type``, ``points_possible`` 1,
``original_answer_ids``: the answer ids Canvas keeps, ``assessment_question_identifierref``). Canvas reads
answer and match ids as integers, so those are decimal (:func:`toolkit.exporters.lms.qti12.number_ident`).
The explanation is the general feedback (``itemfeedback general_fb``, shown through an ``<other/>``
condition); an option's feedback is ``<answer id>_fb``. Texts are HTML with ``lang`` and ``dir`` (the
source locale's for a question that fell back), Latin runs isolated in right-to-left text, as in Moodle
XML; Canvas takes the right side of a matching question and the answers of a blank as plain text only.

Kinds, in Canvas's conventions (from Canvas's QTI exporter ``lib/cc/qti/qti_items.rb`` and its importer
``gems/plugins/qti_exporter``); ``docs/exports.md`` has the table:
- single_choice ``multiple_choice_question``; multiple_choice ``multiple_answers_question`` (full marks
  for exactly the correct set). Canvas grades multiple answers with partial credit (each right choice
  adds, each wrong one takes away) whatever the question declares. Canvas shuffles answers per quiz,
  not per question: the quiz shuffles only if every choice question does and no option is pinned.
- true_false ``true_false_question``, its two answers labelled with the interface messages ``ui.true`` and
  ``ui.false``, where those read "True" and "False". Canvas keeps the type only then: its importer
  (``ChoiceInteraction#process_true_false_question`` in
  ``gems/plugins/qti_exporter/lib/qti/choice_interaction.rb``) wants two answers, one matching ``/true/i``
  and another ``/false/i``, rewrites them to "True" and "False", and makes anything else a
  ``multiple_choice_question``. So in a locale whose labels are its own words (ur ``صحیح``/``غلط``, ar) the
  question is written as the ``multiple_choice_question`` Canvas would make of it: the same two answers,
  the learner's labels, the same grading; only the type differs. There is no warning: the package says
  what Canvas makes of it, learners see and are graded on the same, and a warning would fail every
  ``--strict`` build of a project in another language.
- short_answer ``short_answer_question``: one answer per accepted answer of the locale. Alternatives are
  joined with ``<or>``; a case-sensitive question's tests say ``case="Yes"`` (QTI's ``varequal`` ignores
  case by default), but Canvas compares answers ignoring case and surrounding spaces whatever the QTI
  says, and without the library's Urdu normalization: the export warns (``unsupported-setting``), as it
  does for a case-sensitive typed blank.
- numeric ``numerical_question``: an exact answer with a margin (``<vargte>``/``<varlte>`` answer ±
  tolerance); the unit follows the prompt. Canvas reads responses with Latin digits only, not Urdu ones.
- matching ``matching_question``: one ``response_lid`` per prompt (``response_<answer id>``), the matches
  (distractors included) listed in an order that does not give the answer (by SHA-256 of their text);
  each right pair adds its share of 100.
- fill_in_blanks: ``multiple_dropdowns_question`` when every blank is a drop-down, else
  ``fill_in_multiple_blanks_question`` (Canvas has no question mixing both: a drop-down blank in such a
  question becomes a typed blank accepting its correct option's text). The question text marks each blank
  ``[id]``; each blank is a ``response_lid`` ``response_<id>`` listing its answers (typed) or options
  (drop-down), and each right blank adds its share of 100. Canvas grades matching and blanks per part,
  whatever ``partial_credit`` says.
- essay ``essay_question``, graded by hand; the model answer has no place in Canvas and is left out.
- ordering has no Canvas classic-quiz form: it is left out with a warning.

Images (:mod:`toolkit.exporters.media`) are files of the package at their copy's path
(``media/ring-<digest>.png``), each a ``webcontent`` resource without ``href`` that the assessment depends on, and
each an ``<img src="$IMS-CC-FILEBASE$/media/ring-<digest>.png" alt>`` in a ``<p dir lang>`` after its text (the
prompt, an option, the explanation). Canvas's QTI import makes an attachment of every manifest
``<file>`` that is no resource's ``href`` (``Qti.convert_files`` in gems/plugins/qti_exporter/lib/qti.rb),
and its link migrator reads ``$IMS-CC-FILEBASE$/<path>`` as that relative file path
(``LinkParser#parse_url``, gems/canvas_link_migrator/lib/canvas_link_migrator/link_parser.rb), resolved
against the imported files whole, then without its leading folders (``resolve_relative_file_url_with_qs``
in link_resolver.rb).

Canvas grades on its server: there is no delivery variant (``omits_answers`` is not declared).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

from lxml import etree

from toolkit.exporters.archive import package
from toolkit.exporters.base import BaseExporter, ExportError, ExportRequest, OutputFile
from toolkit.exporters.lms import canvas_package, qti12
from toolkit.exporters.lms.qti12 import (
    RESPONSE,
    accepted_answers,
    ident,
    mattext,
    number_ident,
    respcondition,
    sub,
)
from toolkit.exporters.lms.qti12_texts import QuizTexts
from toolkit.exporters.media import package_entries
from toolkit.keys import question_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import (
    CHOICE_TYPES,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
    TypedBlank,
)
from toolkit.text.blanks import split_at_blanks
from toolkit.text.numbers import plain_number

POINTS = "1"
# A blank's place while the text is made HTML: one character no text holds (checked), so the Latin
# isolation of right-to-left text can never split the "[id]" Canvas looks for.
_BLANK_PLACE = 0xF0000

_QUESTION_TYPES = {
    QuestionType.SINGLE_CHOICE: "multiple_choice_question",
    QuestionType.MULTIPLE_CHOICE: "multiple_answers_question",
    QuestionType.TRUE_FALSE: "true_false_question",
    QuestionType.SHORT_ANSWER: "short_answer_question",
    QuestionType.NUMERIC: "numerical_question",
    QuestionType.MATCHING: "matching_question",
    QuestionType.ESSAY: "essay_question",
}


def canvas_question_type(question: Question[str]) -> str:
    """The ``question_type`` Canvas knows ``question`` as (see the module docstring for blanks)."""
    if isinstance(question, FillInBlanksQuestion):
        if all(isinstance(blank, ChoiceBlank) for blank in question.blanks):
            return "multiple_dropdowns_question"
        return "fill_in_multiple_blanks_question"
    return _QUESTION_TYPES[question.type]


def canvas_keeps_true_false(true_label: str, false_label: str) -> bool:
    """Whether Canvas imports a true/false question whose answers read ``true_label`` and ``false_label``
    as a ``true_false_question``: one answer must match ``/true/i`` and the other ``/false/i``
    (``ChoiceInteraction#process_true_false_question``), else it is a ``multiple_choice_question``."""
    answers = [true_label, false_label]
    true_answer = next((index for index, text in enumerate(answers) if re.search("true", text, re.I)), None)
    return true_answer is not None and re.search("false", answers[1 - true_answer], re.I) is not None


def _by_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class _Writer(QuizTexts):
    """The package of one quiz in one locale."""

    def __init__(self, localized: LocalizedQuiz, source: LocalizedQuiz | None) -> None:
        super().__init__(localized, source)
        self.base = f"{self.quiz_id} [{self.tag}]"
        self.assessment = canvas_package.assessment_ident(self.base)

    # --- documents --------------------------------------------------------------------------------------

    def files(self) -> list[tuple[str, bytes]]:
        folder, title = self.assessment, self.title
        meta = canvas_package.assessment_meta(
            self.base,
            title,
            self.html(None, self.localized.description),
            len(self.localized.questions),
            self.shuffles(),
        )
        assessment = qti12.serialize(self.questestinterop())  # first: it adds the images to self.media
        images = package_entries(self.media)
        manifest = canvas_package.manifest(self.base, title, self.tag, [path for path, _ in images])
        return [
            ("imsmanifest.xml", qti12.serialize(manifest)),
            (f"{folder}/{folder}.xml", assessment),
            (f"{folder}/{canvas_package.META_FILE}", qti12.serialize(meta)),
            *images,
        ]

    def questestinterop(self) -> etree._Element:
        root = qti12.root()
        assessment = sub(root, "assessment", ident=self.assessment, title=self.title)
        qti12.metadata(assessment, [("cc_maxattempts", "1")])
        section = sub(assessment, "section", ident="root_section")
        for question in self.localized.questions:
            self.item(section, question)
        return root

    def item(self, section: etree._Element, question: Question[str]) -> None:
        key = question_key(self.quiz_id, question.id)
        item = sub(section, "item", ident=ident(f"{key} [{self.tag}]"), title=question.id)
        metadata = sub(item, "itemmetadata")
        presentation = sub(item, "presentation")
        resprocessing = sub(item, "resprocessing")
        qti12.score_outcome(resprocessing)
        general, conditionvar = respcondition(resprocessing, continue_=True)
        sub(conditionvar, "other")
        qti12.display_feedback(general, qti12.GENERAL_FEEDBACK)
        answer_ids, feedbacks = self.body(question, presentation, resprocessing)
        qti12.metadata(
            metadata,
            [
                ("question_type", self.question_type(question)),
                ("points_possible", POINTS),
                ("original_answer_ids", ",".join(answer_ids)),
                ("assessment_question_identifierref", ident(f"{key} [{self.tag}] bank")),
            ],
        )
        explanation = self.html(question, question.explanation)
        explanation += self.image_html(question, question.explanation_image)
        qti12.item_feedback(item, qti12.GENERAL_FEEDBACK, explanation)
        for feedback_ident, text in feedbacks:
            qti12.item_feedback(item, feedback_ident, self.html(question, text))

    def question_type(self, question: Question[str]) -> str:
        """The ``question_type`` to declare: what Canvas imports the question as."""
        if isinstance(question, TrueFalseQuestion) and not canvas_keeps_true_false(
            self.label(question, "true", "True")[0], self.label(question, "false", "False")[0]
        ):
            return "multiple_choice_question"
        return canvas_question_type(question)

    def body(
        self, question: Question[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> tuple[list[str], list[tuple[str, str]]]:
        """The question's text, responses and scoring: its answer ids and its (feedback ident, text)s."""
        if isinstance(question, FillInBlanksQuestion):
            text = self.blanks_text(question) + self.image_html(question, question.image)
            mattext(presentation, text, html=True)
            return self.blanks(question, presentation, resprocessing), []
        prompt = self.html(question, question.prompt)
        if isinstance(question, NumericQuestion) and question.unit:
            prompt += self.html(question, question.unit)
        mattext(presentation, prompt + self.image_html(question, question.image), html=True)
        if isinstance(question, ChoiceQuestion):
            return self.choice(question, presentation, resprocessing)
        if isinstance(question, TrueFalseQuestion):
            return self.true_false(question, presentation, resprocessing), []
        if isinstance(question, ShortAnswerQuestion):
            return self.short_answer(question, presentation, resprocessing), []
        if isinstance(question, NumericQuestion):
            return self.numeric(question, presentation, resprocessing), []
        if isinstance(question, MatchingQuestion):
            return self.matching(question, presentation, resprocessing), []
        assert isinstance(question, EssayQuestion), question.type
        self.typed_field(presentation, numeric=False)
        _, conditionvar = respcondition(resprocessing, continue_=False)
        sub(conditionvar, "other")
        return [], []

    # --- kinds ------------------------------------------------------------------------------------------

    def choices(self, presentation: etree._Element, cardinality: str, labels: list[tuple[str, str]]) -> None:
        response = sub(presentation, "response_lid", ident=RESPONSE, rcardinality=cardinality)
        render = sub(response, "render_choice")
        for label_ident, html in labels:
            mattext(sub(render, "response_label", ident=label_ident), html, html=True)

    def choice(
        self, question: ChoiceQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> tuple[list[str], list[tuple[str, str]]]:
        ids = [number_ident(self.key(question, f"options.{option.id}")) for option in question.options]
        single = question.type is QuestionType.SINGLE_CHOICE
        self.choices(
            presentation,
            "Single" if single else "Multiple",
            [
                (option_ident, self.html(question, option.text) + self.image_html(question, option.image))
                for option_ident, option in zip(ids, question.options, strict=True)
            ],
        )
        feedbacks = []
        for option_ident, option in zip(ids, question.options, strict=True):
            if option.feedback:
                condition, conditionvar = respcondition(resprocessing, continue_=True)
                sub(conditionvar, "varequal", option_ident, respident=RESPONSE)
                qti12.display_feedback(condition, f"{option_ident}_fb")
                feedbacks.append((f"{option_ident}_fb", option.feedback))
        condition, conditionvar = respcondition(resprocessing, continue_=False)
        correct = [option.id in question.correct for option in question.options]
        if single:
            sub(conditionvar, "varequal", ids[correct.index(True)], respident=RESPONSE)
        else:
            every = sub(conditionvar, "and")
            for option_ident, right in zip(ids, correct, strict=True):
                sub(every if right else sub(every, "not"), "varequal", option_ident, respident=RESPONSE)
        qti12.set_score(condition, qti12.FULL_MARKS)
        return ids, feedbacks

    def true_false(
        self, question: TrueFalseQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[str]:
        ids = [number_ident(self.key(question, "true")), number_ident(self.key(question, "false"))]
        labels = [
            (label_ident, self.label_html(question, name, default))
            for label_ident, (name, default) in zip(ids, (("true", "True"), ("false", "False")), strict=True)
        ]
        self.choices(presentation, "Single", labels)
        condition, conditionvar = respcondition(resprocessing, continue_=False)
        sub(conditionvar, "varequal", ids[0 if question.correct else 1], respident=RESPONSE)
        qti12.set_score(condition, qti12.FULL_MARKS)
        return ids

    def typed_field(self, presentation: etree._Element, *, numeric: bool) -> None:
        response = sub(presentation, "response_str", ident=RESPONSE, rcardinality="Single")
        if numeric:
            sub(sub(response, "render_fib", fibtype="Decimal"), "response_label", ident="answer1")
        else:
            sub(sub(response, "render_fib"), "response_label", ident="answer1", rshuffle="No")

    def short_answer(
        self, question: ShortAnswerQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[str]:
        self.typed_field(presentation, numeric=False)
        accepted = accepted_answers(question.answers)
        condition, conditionvar = respcondition(resprocessing, continue_=False)
        qti12.any_of(
            conditionvar, RESPONSE, [text for _, text in accepted], case_sensitive=question.case_sensitive
        )
        qti12.set_score(condition, qti12.FULL_MARKS)
        return [number_ident(self.key(question, suffix)) for suffix, _ in accepted]

    def numeric(
        self, question: NumericQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[str]:
        self.typed_field(presentation, numeric=True)
        condition, conditionvar = respcondition(resprocessing, continue_=False)
        either = sub(conditionvar, "or")
        sub(either, "varequal", plain_number(question.answer), respident=RESPONSE)
        within = sub(either, "and")
        low, high = question.answer - question.tolerance, question.answer + question.tolerance
        sub(within, "vargte", plain_number(low), respident=RESPONSE)
        sub(within, "varlte", plain_number(high), respident=RESPONSE)
        qti12.set_score(condition, qti12.FULL_MARKS)
        return [number_ident(self.key(question, "answer"))]

    def matching(
        self, question: MatchingQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[str]:
        matches = [
            (number_ident(self.key(question, f"pairs.{pair.id}.match")), pair.match)
            for pair in question.pairs
        ]
        matches += [
            (number_ident(self.key(question, f"distractors.{item.id}")), item.text)
            for item in question.distractors
        ]
        listed = sorted(matches, key=lambda match: (_by_digest(match[1]), match[0]))
        ids = []
        pairs = matches[: len(question.pairs)]
        for pair, (match_ident, _), share in zip(
            question.pairs, pairs, qti12.score_shares(len(question.pairs)), strict=True
        ):
            answer_ident = number_ident(self.key(question, f"pairs.{pair.id}.prompt"))
            ids.append(answer_ident)
            response = sub(presentation, "response_lid", ident=f"response_{answer_ident}")
            mattext(response, self.html(question, pair.prompt), html=True)
            render = sub(response, "render_choice")
            for listed_ident, text in listed:
                mattext(sub(render, "response_label", ident=listed_ident), _plain(text), html=False)
            condition, conditionvar = respcondition(resprocessing, continue_=True)
            sub(conditionvar, "varequal", match_ident, respident=f"response_{answer_ident}")
            qti12.set_score(condition, share, add=True)
        return ids

    def blanks_text(self, question: FillInBlanksQuestion[str]) -> str:
        """The prompt and the text, each blank marked ``[id]`` where Canvas puts its field."""
        pieces: list[str] = []
        places: dict[str, str] = {}
        for piece, is_blank in split_at_blanks(question.text):
            if is_blank:
                places[piece] = chr(_BLANK_PLACE + len(places))
                pieces.append(places[piece])
            else:
                pieces.append(piece)
        text = "".join(pieces)
        if any(_BLANK_PLACE <= ord(character) < _BLANK_PLACE + 0x10000 for character in question.text):
            raise ExportError(
                f"{question_key(self.quiz_id, question.id)} [{self.tag}]: the text holds private-use "
                "characters (U+F0000 and above) that the canvas format needs for its blanks; remove them"
            )
        html = self.html(question, text)
        for blank_id, place in places.items():
            html = html.replace(place, f"[{blank_id}]")
        return self.html(question, question.prompt) + html

    def blanks(
        self, question: FillInBlanksQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[str]:
        dropdowns = canvas_question_type(question) == "multiple_dropdowns_question"
        ids: list[str] = []
        for blank, share in zip(question.blanks, qti12.score_shares(len(question.blanks)), strict=True):
            base = f"blanks.{blank.id}."
            if isinstance(blank, TypedBlank):
                labels = [
                    (number_ident(self.key(question, base + suffix)), text)
                    for suffix, text in accepted_answers(blank.answers)
                ]
                right = [label_ident for label_ident, _ in labels]
            else:
                options = (
                    blank.options
                    if dropdowns
                    else [blank.options[[option.id for option in blank.options].index(blank.correct)]]
                )
                labels = [
                    (number_ident(self.key(question, f"{base}options.{option.id}")), option.text)
                    for option in options
                ]
                right = [number_ident(self.key(question, f"{base}options.{blank.correct}"))]
            response = sub(presentation, "response_lid", ident=f"response_{blank.id}")
            mattext(response, blank.id, html=False)
            render = sub(response, "render_choice")
            for label_ident, text in labels:
                mattext(sub(render, "response_label", ident=label_ident), _plain(text), html=False)
            ids.extend(label_ident for label_ident, _ in labels)
            condition, conditionvar = respcondition(resprocessing, continue_=True)
            qti12.any_of(conditionvar, f"response_{blank.id}", right)
            qti12.set_score(condition, share, add=True)
        return ids

    # --- package ---------------------------------------------------------------------------------------

    def shuffles(self) -> bool:
        choices = [question for question in self.localized.questions if isinstance(question, ChoiceQuestion)]
        return bool(choices) and all(
            question.shuffle and not any(option.pinned for option in question.options) for question in choices
        )


def _plain(text: str) -> str:
    """A text Canvas takes as plain text (a match, a blank's answer): on one line."""
    return " ".join(text.split())


class CanvasExporter(BaseExporter):
    name = "canvas"
    description = 'Canvas QTI 1.2 packages for Canvas\'s "QTI .zip file" import (<quiz>/<locale>.zip)'
    presents_quiz = True
    question_types = CHOICE_TYPES | {
        QuestionType.TRUE_FALSE,
        QuestionType.SHORT_ANSWER,
        QuestionType.NUMERIC,
        QuestionType.MATCHING,
        QuestionType.FILL_IN_BLANKS,
        QuestionType.ESSAY,
    }
    # Canvas grades on its server from the answer key: there is no delivery variant (omits_answers is
    # not declared).

    @staticmethod
    def lost_settings(question: Question[Text]) -> tuple[str, ...]:
        # Canvas grades a short answer (Quizzes::QuizQuestion::ShortAnswerQuestion#matching_answer,
        # app/models/quizzes/quiz_question/short_answer_question.rb) and a typed blank
        # (FillInMultipleBlanksQuestion#find_chosen_answer, fill_in_multiple_blanks_question.rb) by
        # comparing the response and each answer stripped and downcased, whatever case="Yes" says.
        if isinstance(question, ShortAnswerQuestion) and question.case_sensitive:
            return ("cannot keep case_sensitive (Canvas grades short answers ignoring case)",)
        if isinstance(question, FillInBlanksQuestion):
            cased = [
                f"'{blank.id}'"
                for blank in question.blanks
                if isinstance(blank, TypedBlank) and blank.case_sensitive
            ]
            if cased:
                blanks = f"blank {cased[0]}" if len(cased) == 1 else f"blanks {', '.join(cased)}"
                return (f"cannot keep case_sensitive of {blanks} (Canvas grades typed blanks ignoring case)",)
        return ()

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for localized in request.every_localized():
            source = request.localized.get((localized.quiz.id, request.source_locale))
            yield OutputFile.of_quiz(localized, ".zip", package(_Writer(localized, source).files()))
