r"""``moodle``: Moodle XML question files, one per quiz and locale, plus one multilingual file per quiz.

Layout: ``moodle/<quiz>/<locale>.xml`` for every locale, and ``moodle/<quiz>/multilang.xml`` with every
locale in each text as Moodle multilang spans (``<span lang="ur" class="multilang">``, read by Moodle's
core "Multi-language content" filter). The delivery variant (``--no-answers``) is
``<quiz>/<locale>.no-answers.xml`` and ``<quiz>/multilang.no-answers.xml``: Moodle grades on the server,
so it keeps the answer fractions and leaves out option feedback and the explanation (general feedback).

Each file holds a category question (``$course$/quizkit/<quiz>``) and one question per quiz question,
whose ``idnumber`` is the question's key prefix (``<quiz>.questions.<question>``). Moodle keeps an
idnumber unique within a category and silently drops a duplicate on import, so import one file of a quiz
per course: a locale's file, or ``multilang.xml`` for all of them. (Moodle's importer reads no idnumber
for Cloze questions; the file carries it anyway.)

Kinds, as qformat_xml and the qtype importers read them (Moodle 4.4+, where ``ordering`` is core):

- ``single_choice``, ``multiple_choice``: ``multichoice`` (scoring below).
- ``true_false``: ``truefalse``, answers named ``true`` and ``false`` (the importer matches those words),
  fraction 100 on the right one. Moodle labels them from the reader's language pack, so ``ui.true`` and
  ``ui.false`` are not needed.
- ``short_answer``: ``shortanswer`` with ``usecase`` from ``case_sensitive`` and one answer, fraction
  100, per accepted line of the locale. ``*`` is Moodle's wildcard, so a literal one is written ``\*``.
  Moodle compares the trimmed response after NFC, ignoring case (PCRE's ``/i``) unless ``usecase``
  (qtype_shortanswer ``compare_string_with_wildcard``); unlike the reference grader it does not
  collapse inner spaces, drop bidi controls or apply the Urdu normalizer, so ``reduce   to all`` or an
  Arabic yeh typed for the Urdu one is wrong in Moodle.
- ``numeric``: ``numerical``, one answer with its ``tolerance`` (absolute, as in the library) and no
  units (``showunits`` 3: the number alone is graded); the unit is shown after the prompt. Moodle reads
  a response with ``qtype_numerical_answer_processor::apply_units``: it removes ASCII spaces, takes ``,``
  as the decimal point unless a ``.`` or a second ``,`` is there (then ``,`` separates thousands), and
  matches ``[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?`` without the ``u`` flag, so ASCII digits
  only. ``256`` is right in Urdu as in English, but ``۲۵۶`` and ``٢٥٦`` (which the library accepts
  through ``parse_number``) are not numbers to Moodle, nor are ``٫`` and ``٬``; and Moodle ignores the
  locale's own separators (its ``decsep`` is used only by a parser it keeps unused), where the library
  reads exactly the locale's.
- ``matching``: ``matching``, a ``subquestion`` per pair (its prompt as HTML, its match as the plain-text
  answer) and a distractor as a subquestion with an empty text, as Moodle's own form stores one. Moodle
  scores right pairs / pairs, the library's partial credit; it cannot score matching all or nothing.
  Answers are shown in a drop-down, which cannot hold markup: in right-to-left text their Latin runs
  and code are isolated with FSI and PDI instead.
- ``ordering``: ``ordering`` with every item (``selecttype`` ALL) in the correct order, which is how
  Moodle stores the key (it shuffles each attempt). ``gradingtype`` ABSOLUTE_POSITION (items in their
  correct position / items) with ``partial_credit``, else ALL_OR_NOTHING: the library's two definitions
  exactly. Moodle tells items apart by a hash of their text, so two items with the same text are one.
- ``fill_in_blanks``: ``cloze`` (``multianswer``), each blank an embedded subquestion where its marker
  is, in the locale's word order: ``{1:SHORTANSWER:=replica~=copy}`` (``SHORTANSWER_C`` when
  case-sensitive) or ``{1:MULTICHOICE:=all-reduce~broadcast}`` (a drop-down, in the content's order).
  Answers are escaped so that Moodle reads them back exactly (:mod:`toolkit.exporters.lms.moodle_cloze`).
  Moodle sums the blanks' grades, the library's partial credit; it cannot score blanks all or nothing.

Marks. Every question counts the same, as in every other format. Moodle makes a Cloze question's mark
the sum of its blanks' weights (``qtype_multianswer_extract_question`` and ``save_question`` in
question/type/multianswer/questiontype.php; qformat_xml's ``import_multianswer`` reads no
``defaultgrade``), and a weight is a whole number (``ANSWER_START_REGEX``, ``\{([0-9]*):``), so a Cloze
question cannot be worth 1 mark when it has several blanks. Instead every question of a quiz is worth
the least common multiple of its Cloze questions' blank counts (1 when there are none), at most
``MOST_MARKS`` (100): ``defaultgrade`` that many marks, and each blank of a Cloze question of n blanks
that many marks / n as its weight. The marks come from the quiz, so every file of it (each locale's,
multilang) agrees; they change when a Cloze question with a new blank count is added or removed. A
blank count that would pass the cap (7 beside 2, 3, 4, 5 …) is left out of the multiple: its questions
get the nearest whole weight a blank, so they are worth a little more or less than the others, and the
export warns (``unsupported-setting``).
- ``essay``: ``essay`` (editor, no attachments); the model answer is ``graderinfo``, only with answers.

Scoring of choice questions. ``single_choice`` is ``<single>true</single>`` with fraction 100 on the
correct option and 0 elsewhere. ``multiple_choice`` is ``<single>false</single>``: the correct options
share +100 and the wrong ones share -100, in Moodle's own fraction steps (50, 33.33333, 25, 20, 16.66667,
14.28571, 12.5). Moodle adds the fractions of the ticked options and clamps the sum to 0…100 %, so this
is exactly per-option scoring (``partial_credit: true``); without the negative share, ticking every box
would score 100 %. All-or-nothing scoring, the default for ``multiple_choice``, cannot be expressed by
Moodle's ``multichoice`` type: it gets the same fractions, so a partly right answer earns partial credit
in Moodle instead of nothing (the third-party ``multichoiceset`` plugin scores all-or-nothing, but core
Moodle cannot import it).

The delivery variant. Moodle grades on the server the file is imported into, so what it grades with
stays (fractions, accepted answers, the numeric answer and tolerance, pairs, the order of items, Cloze
answers): that is the key Moodle keeps server-side. What a learner would only read is left out: the
explanation (general feedback), option and answer feedback, the essay's model answer (grader
information), and ordering's grading details (``showgrading`` HIDE).

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
sites with ``forceclean``), and tests/exporters/lms/test_moodle.py runs that cleaner and the multilang filter.

``multilang.xml`` holds inline content only in each ``<span lang="ur" class="multilang">``: the cleaner
moves a ``<div>`` out of a ``<span>`` (every text would show both languages) and strips ``<bdi>``, and the
filter ends a language's text at the first ``</span>``. So Latin runs there are isolated with
``<bdo dir="ltr" lang="en">`` (see :func:`multilang_span`). Two texts of one field (a numeric prompt
and its unit) are each in a ``<p>``, since the filter reads spans in a row as one text's versions. One
question serves every language there: a short answer or a typed blank accepts every locale's answers
(Moodle has one answer list), a matching answer is a multilang span per locale of plain text (Moodle
shows it through ``format_string``, whose filters run only where the site filters headings too:
"Apply filters to: Content and headings"). A Cloze question there cannot hold its codes inside a
language's span (Moodle renders each blank inside a ``<span>``, which would end the multilang span): each
language's text shows the blanks as (1), (2) in its own word order, and the subquestions follow, each
after its number.

Images (:mod:`toolkit.exporters.media`) are embedded in the text field that shows them, as Moodle's own
export writes them: the prompt's in ``questiontext``, an option's in its ``answer``, the explanation's in
``generalfeedback`` (not in the delivery variant). The field's HTML ends with ``<p dir lang><img
src="@@PLUGINFILE@@/<name>" alt></p>`` (in ``multilang.xml`` a ``<p>`` of multilang spans, each holding
its locale's image and alt), and the field holds ``<file name="<name>" path="/" encoding="base64">``
beside its ``<text>``: qformat_xml's ``import_text_with_files`` decodes a field's files into that
field's draft area (``import_files_as_draft``), where saving the question resolves ``@@PLUGINFILE@@``.
A file's name is its copy's (``ring-<digest>.png``, :mod:`toolkit.exporters.media`): a locale's own
file and the source's never share a name, so ``multilang.xml`` holds both in the same field.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import PurePosixPath

from lxml import etree

from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportRequest, OutputFile
from toolkit.exporters.lms.html_text import html_element, html_text
from toolkit.exporters.lms.moodle_html import Version, multilang_span, sub_text, version
from toolkit.exporters.lms.moodle_questions import (
    answer_fractions,
    moodle_fraction,
    uneven_marks,
    write_questions,
)
from toolkit.localization import LocalizedQuiz
from toolkit.model import Quiz

__all__ = [
    "CATEGORY_ROOT",
    "MULTILANG_STEM",
    "MoodleExporter",
    "answer_fractions",
    "html_element",
    "html_text",
    "moodle_fraction",
    "multilang_span",
]

CATEGORY_ROOT = "$course$/quizkit"
MULTILANG_STEM = "multilang"


def _document(
    quiz: LocalizedQuiz, questions: Sequence[Sequence[Version]], multilang: bool, answers: bool
) -> bytes:
    root = etree.Element("quiz")
    category = etree.SubElement(root, "question", type="category")
    sub_text(category, "category", f"{CATEGORY_ROOT}/{quiz.quiz.id}")
    write_questions(root, quiz, questions, multilang, answers)
    return bytes(etree.tostring(root, encoding="UTF-8", xml_declaration=True, pretty_print=True))


def _multilang_questions(quizzes: Sequence[LocalizedQuiz]) -> list[list[Version]]:
    """Each question of the source in every locale; one left out (``omit``) in any locale is left out."""
    by_locale = [{question.id: question for question in quiz.questions} for quiz in quizzes]
    return [
        [version(quiz, questions[question.id]) for quiz, questions in zip(quizzes, by_locale, strict=True)]
        for question in quizzes[0].questions
        if all(question.id in questions for questions in by_locale)
    ]


class MoodleExporter(BaseExporter):
    name = "moodle"
    description = "Moodle XML question files per quiz and locale, and one multilang file"
    presents_quiz = True
    omits_answers = True
    question_types = ALL_QUESTION_TYPES

    @staticmethod
    def lost_in_quiz(quiz: Quiz) -> Iterator[tuple[str, str]]:
        return uneven_marks(quiz)

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        suffix = ".xml" if request.answers else ".no-answers.xml"
        for localized in request.every_localized():
            versions = [[version(localized, question)] for question in localized.questions]
            yield OutputFile.of_quiz(
                localized, suffix, _document(localized, versions, multilang=False, answers=request.answers)
            )
        for quiz, every in request.versions_by_quiz():
            yield OutputFile(
                PurePosixPath(quiz.id) / f"{MULTILANG_STEM}{suffix}",
                _document(every[0], _multilang_questions(every), multilang=True, answers=request.answers),
                quiz=quiz.id,
            )
