"""``cc``: one IMS Common Cartridge 1.1 package (``.imscc``) per quiz and locale, its assessment in CC's
profile of QTI 1.2.1.

Layout: ``cc/<quiz>/<locale>.imscc``, a zip holding ``imsmanifest.xml`` (:mod:`toolkit.exporters.lms.cc_package`)
and ``<assessment>/assessment.xml``: a ``questestinterop`` with one assessment (metadata ``cc_profile``
``cc.exam.v0p1``, ``qmd_assessmenttype`` Examination, ``qmd_scoretype`` Percentage, ``cc_maxattempts`` 1;
the description as its rubric), one section and one item per question. The profile has no language
model (it drops QTI's ``language`` attributes), so each locale is its own cartridge and every text is
HTML with ``lang`` and ``dir`` (:class:`toolkit.exporters.lms.qti12_texts.QuizTexts`, shared with ``canvas``).
Identifiers come from keys and ``<quiz> [<locale>]``; zips have fixed timestamps, so the same content gives
byte-identical packages. A quiz left with no question the profile can carry gets no package (the export
has already warned about each question), as the profile requires at least one item.

Conventions follow the profile's schema (``ccv1p1_qtiasiv1p2p1_v1p0.xsd``) and Moodle's Common Cartridge
writer and importer (``backup/cc/cc_lib/cc_asssesment*.php``, ``backup/cc/entity11.quiz.class.php``), the
most used reader of these packages:
- Every item has ``itemmetadata`` with its ``cc_profile``. Scoring is one ``SCORE`` outcome from 0 to 100,
  set (the profile has no ``Add``) to 100 by a condition titled ``Correct`` with ``continue="No"``, and to
  nothing else: the profile has no partial scores, so a multiple-choice question declaring
  ``partial_credit`` is all or nothing here.
- The explanation is the general feedback ``general_fb``, shown by the first condition (``<other/>``,
  ``continue="Yes"``): Moodle imports exactly the feedback of conditions that continue as the general
  feedback. An option's feedback (``<option ident>_fb``) is shown by a condition on that option that does
  not continue (so Moodle imports it as that option's feedback, not as general feedback); the correct
  options' feedback is also shown by the ``Correct`` condition, which ends processing.

Kinds (``docs/exports.md`` has the table):
- single_choice ``cc.multiple_choice.v0p1``; multiple_choice ``cc.multiple_response.v0p1``: ``Correct`` is
  an ``<and>`` of every correct option and ``<not>`` every other one (``case="Yes"``, where Moodle's
  importer looks for the correct options). ``shuffle`` is the question's; a pinned option keeps its place
  (``rshuffle="No"``).
- true_false ``cc.true_false.v0p1``: two choices ``true`` and ``false`` (the idents Moodle requires),
  labelled with the interface messages ``ui.true``/``ui.false``.
- short_answer ``cc.fib.v0p1``: one typed field; the locale's accepted answers are ``varequal``s
  (``case="Yes"`` when the question is case-sensitive). Moodle's importer ignores ``case`` (every answer
  it reads gets ``'case' => 0`` in ``cc11_quiz::get_answers_fib``), so a case-sensitive question is
  graded ignoring case there: the export warns (``unsupported-setting``). The profile has no ``<or>``: its form for
  alternatives is several ``varequal``s in the ``Correct`` condition, which Moodle reads as the accepted
  answers, but a QTI 1.2 engine may read several tests in one condition as all having to hold (IMS's
  migration tool, which Canvas runs, does), so one more condition per accepted answer follows, each
  setting 100 alone: every reading gives full marks to exactly the accepted answers.
- essay ``cc.essay.v0p1``, ``qmd_scoringpermitted`` Yes and ``qmd_computerscored`` No: graded by hand.
  The model answer is left out (the profile's only place for it, a ``solution``, is shown to learners).
- numeric, matching, ordering and fill_in_blanks have no form in the profile (no range tests, no pairs
  or orders, one typed field per item) and are left out with a warning.

Images (:mod:`toolkit.exporters.media`) are web content of the cartridge: each file at its copy's path
(``media/ring-<digest>.png``), a ``webcontent`` resource the assessment depends on, and an ``<img
src="$IMS-CC-FILEBASE$/media/ring-<digest>.png" alt>`` in a ``<p dir lang>`` after its text (the prompt, an
option, the explanation). Canvas's cartridge import makes each ``webcontent`` resource's file a course
file (lib/cc/importer/standard/webcontent_converter.rb) and resolves the ``$IMS-CC-FILEBASE$`` path
against them (gems/canvas_link_migrator, as for ``canvas``).

Common Cartridge assessments are graded by the LMS from the answer key: there is no delivery variant
(``omits_answers`` is not declared).
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from toolkit.exporters.archive import package
from toolkit.exporters.base import BaseExporter, ExportRequest, OutputFile
from toolkit.exporters.lms import cc_package, qti12
from toolkit.exporters.lms.qti12 import RESPONSE, accepted_answers, ident, mattext, respcondition, sub
from toolkit.exporters.lms.qti12_texts import QuizTexts
from toolkit.exporters.media import package_entries
from toolkit.keys import question_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import (
    CHOICE_TYPES,
    ChoiceQuestion,
    EssayQuestion,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
)

CC_PROFILES = {
    QuestionType.SINGLE_CHOICE: "cc.multiple_choice.v0p1",
    QuestionType.MULTIPLE_CHOICE: "cc.multiple_response.v0p1",
    QuestionType.TRUE_FALSE: "cc.true_false.v0p1",
    QuestionType.SHORT_ANSWER: "cc.fib.v0p1",
    QuestionType.ESSAY: "cc.essay.v0p1",
}
"""The ``cc_profile`` of each kind the format carries."""
QTI_SCHEMA_LOCATION = f"{qti12.QTI12_NAMESPACE} {cc_package.PROFILE}/ccv1p1_qtiasiv1p2p1_v1p0.xsd"
ASSESSMENT_METADATA = [
    ("cc_profile", "cc.exam.v0p1"),
    ("qmd_assessmenttype", "Examination"),
    ("qmd_scoretype", "Percentage"),
    ("cc_maxattempts", "1"),
]
ESSAY_ROWS = "15"
"""Lines of an essay's field: Moodle's default for an essay."""
CORRECT = "Correct"


class _Writer(QuizTexts):
    """The cartridge of one quiz in one locale."""

    def __init__(self, localized: LocalizedQuiz, source: LocalizedQuiz | None) -> None:
        super().__init__(localized, source)
        self.base = f"{self.quiz_id} [{self.tag}]"

    def files(self) -> list[tuple[str, bytes]]:
        assessment = qti12.serialize(self.questestinterop())  # first: it adds the images to self.media
        images = package_entries(self.media)
        manifest = cc_package.manifest(self.base, self.title, self.tag, [path for path, _ in images])
        return [
            ("imsmanifest.xml", qti12.serialize(manifest)),
            (cc_package.assessment_path(self.base), assessment),
            *images,
        ]

    def questestinterop(self) -> etree._Element:
        root = qti12.root()
        root.set(qti12.SCHEMA_LOCATION, QTI_SCHEMA_LOCATION)
        assessment = sub(root, "assessment", ident=cc_package.assessment_ident(self.base), title=self.title)
        qti12.metadata(assessment, ASSESSMENT_METADATA)
        if self.localized.description:
            rubric = sub(sub(assessment, "rubric"), "material", label="Summary")
            sub(rubric, "mattext", self.html(None, self.localized.description), texttype="text/html")
        section = sub(assessment, "section", ident="root_section")
        for question in self.localized.questions:
            self.item(section, question)
        return root

    def item(self, section: etree._Element, question: Question[str]) -> None:
        key = question_key(self.quiz_id, question.id)
        item = sub(section, "item", ident=ident(f"{key} [{self.tag}]"), title=question.id)
        fields = [("cc_profile", CC_PROFILES[question.type])]
        if isinstance(question, EssayQuestion):
            fields += [("qmd_scoringpermitted", "Yes"), ("qmd_computerscored", "No")]
        qti12.metadata(sub(item, "itemmetadata"), fields)
        presentation = sub(item, "presentation")
        prompt = self.html(question, question.prompt) + self.image_html(question, question.image)
        mattext(presentation, prompt, html=True)
        resprocessing = sub(item, "resprocessing")
        qti12.score_outcome(resprocessing)
        general, conditionvar = respcondition(resprocessing, continue_=True, title="General feedback")
        sub(conditionvar, "other")
        if question.explanation:
            qti12.display_feedback(general, qti12.GENERAL_FEEDBACK)
        feedbacks = self.body(question, presentation, resprocessing)
        if question.explanation:
            explanation = self.html(question, question.explanation)
            explanation += self.image_html(question, question.explanation_image)
            qti12.item_feedback(item, qti12.GENERAL_FEEDBACK, explanation)
        for feedback_ident, text in feedbacks:
            qti12.item_feedback(item, feedback_ident, self.html(question, text))

    def body(
        self, question: Question[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[tuple[str, str]]:
        """The question's responses and scoring; its (feedback ident, text)s."""
        if isinstance(question, ChoiceQuestion):
            return self.choice(question, presentation, resprocessing)
        if isinstance(question, TrueFalseQuestion):
            self.true_false(question, presentation, resprocessing)
        elif isinstance(question, ShortAnswerQuestion):
            self.short_answer(question, presentation, resprocessing)
        else:
            assert isinstance(question, EssayQuestion), question.type
            response = sub(presentation, "response_str", ident=RESPONSE, rcardinality="Single")
            sub(response, "render_fib", rows=ESSAY_ROWS)
        return []

    # --- kinds ------------------------------------------------------------------------------------------

    def choice(
        self, question: ChoiceQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> list[tuple[str, str]]:
        single = question.type is QuestionType.SINGLE_CHOICE
        ids = [ident(self.key(question, f"options.{option.id}")) for option in question.options]
        response = sub(
            presentation, "response_lid", ident=RESPONSE, rcardinality="Single" if single else "Multiple"
        )
        render = sub(response, "render_choice", shuffle="Yes" if question.shuffle else "No")
        for option_ident, option in zip(ids, question.options, strict=True):
            label = sub(render, "response_label", ident=option_ident)
            if option.pinned:
                label.set("rshuffle", "No")
            mattext(
                label, self.html(question, option.text) + self.image_html(question, option.image), html=True
            )
        right = [option.id in question.correct for option in question.options]
        feedbacks = [
            (option_ident, f"{option_ident}_fb", option.feedback)
            for option_ident, option in zip(ids, question.options, strict=True)
            if option.feedback
        ]
        condition, conditionvar = respcondition(resprocessing, continue_=False, title=CORRECT)
        if single:
            sub(conditionvar, "varequal", ids[right.index(True)], respident=RESPONSE)
        else:
            every = sub(conditionvar, "and")
            for option_ident, is_right in zip(ids, right, strict=True):
                parent = every if is_right else sub(every, "not")
                sub(parent, "varequal", option_ident, respident=RESPONSE, case="Yes")
        qti12.set_score(condition, qti12.FULL_MARKS)
        correct_ids = {option_ident for option_ident, is_right in zip(ids, right, strict=True) if is_right}
        for option_ident, feedback_ident, _ in feedbacks:
            if option_ident in correct_ids:
                qti12.display_feedback(condition, feedback_ident)
        for option_ident, feedback_ident, _ in feedbacks:
            if single and option_ident in correct_ids:
                continue  # the Correct condition is this option's condition
            condition, conditionvar = respcondition(resprocessing, continue_=False)
            sub(conditionvar, "varequal", option_ident, respident=RESPONSE)
            qti12.display_feedback(condition, feedback_ident)
        return [(feedback_ident, text) for _, feedback_ident, text in feedbacks]

    def true_false(
        self, question: TrueFalseQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> None:
        response = sub(presentation, "response_lid", ident=RESPONSE, rcardinality="Single")
        render = sub(response, "render_choice", shuffle="No")
        for name, default in (("true", "True"), ("false", "False")):
            label = sub(render, "response_label", ident=name)
            mattext(label, self.label_html(question, name, default), html=True)
        condition, conditionvar = respcondition(resprocessing, continue_=False, title=CORRECT)
        sub(conditionvar, "varequal", "true" if question.correct else "false", respident=RESPONSE)
        qti12.set_score(condition, qti12.FULL_MARKS)

    def short_answer(
        self, question: ShortAnswerQuestion[str], presentation: etree._Element, resprocessing: etree._Element
    ) -> None:
        response = sub(presentation, "response_str", ident=RESPONSE, rcardinality="Single")
        sub(response, "render_fib", rows="1")
        texts = [text for _, text in accepted_answers(question.answers)]
        case = {"case": "Yes"} if question.case_sensitive else {}
        # Moodle's form first (every accepted answer in one condition), then one per answer (see above).
        groups = [texts] + ([[text] for text in texts] if len(texts) > 1 else [])
        for group in groups:
            condition, conditionvar = respcondition(resprocessing, continue_=False, title=CORRECT)
            for text in group:
                sub(conditionvar, "varequal", text, respident=RESPONSE, **case)
            qti12.set_score(condition, qti12.FULL_MARKS)


class CommonCartridgeExporter(BaseExporter):
    name = "cc"
    description = (
        "IMS Common Cartridge 1.1 packages, assessments in the CC QTI 1.2.1 profile (<quiz>/<locale>.imscc)"
    )
    presents_quiz = True
    question_types = CHOICE_TYPES | {
        QuestionType.TRUE_FALSE,
        QuestionType.SHORT_ANSWER,
        QuestionType.ESSAY,
    }
    # The LMS grades from the answer key: there is no delivery variant (omits_answers is not declared).

    @staticmethod
    def lost_settings(question: Question[Text]) -> tuple[str, ...]:
        if isinstance(question, ShortAnswerQuestion) and question.case_sensitive:
            # cc11_quiz::get_answers_fib (backup/cc/entity11.quiz.class.php) gives every answer 'case' => 0,
            # so the shortanswer's usecase is always 0, whatever case="Yes" the varequal carries.
            return (
                'cannot keep case_sensitive in Moodle (its Common Cartridge import ignores case="Yes" and '
                "grades ignoring case)",
            )
        return ()

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for localized in request.every_localized():
            if not localized.questions:
                continue  # the profile requires an item; every question was warned about
            source = request.localized.get((localized.quiz.id, request.source_locale))
            yield OutputFile.of_quiz(localized, ".imscc", package(_Writer(localized, source).files()))
