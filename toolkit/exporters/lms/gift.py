"""``gift``: Moodle's plain-text GIFT format, one file per quiz and locale.

Layout: ``gift/<quiz>/<locale>.txt`` (Moodle imports GIFT from ``.txt`` files, UTF-8): a ``$CATEGORY``
block (``$course$/quizkit/<quiz>``), then one block per question, blocks separated by a blank line.

The grammar is Moodle's own (``question/format/gift/format.php``): a question is ``::name::text{answers}``;
inside the answers ``=`` marks a right answer, ``~`` a wrong one (``~%50%`` a weighted one), ``#`` starts an
answer's feedback, ``####`` the general feedback (our explanation), and ``\\`` escapes ``~ = # { } :``
and itself, ``\\n`` a line break. Every text a learner reads is written ``[html]`` with its ``lang`` and
``dir`` (the format has no language model of its own), code as ``<code dir="ltr">`` and Latin runs in
right-to-left text isolated, as in Moodle XML. Accepted short answers and the matches of a matching
question are plain text, as Moodle's GIFT reader takes them.

Kinds and how Moodle grades them (``docs/exports.md`` has the table):
- single_choice ``{=right ~wrong}``; multiple_choice ``{~%50%a ~%50%b ~%-100%c}``: the correct options share
  +100 and the wrong ones -100, which is per-option scoring. As in Moodle XML, all-or-nothing scoring
  cannot be expressed, so a multiple_choice question without partial credit earns partial credit in
  Moodle. Moodle shuffles options by its own default; pinned options cannot be kept in place.
- true_false ``{TRUE}`` / ``{FALSE}``, labelled by Moodle's own strings.
- short_answer ``{=%100%answer ...}``: one answer per accepted answer of the locale. GIFT cannot mark an
  answer case-sensitive; Moodle then ignores case (the library honours ``case_sensitive``), and the export
  warns (``unsupported-setting``). Moodle grades
  a short answer as a pattern in which ``*`` is a wildcard and ``\\*`` a literal asterisk
  (``qtype_shortanswer_question::compare_string_with_wildcard``, question/type/shortanswer/question.php),
  so a literal ``*`` is written ``\\*``, which GIFT's escaping turns into ``\\\\*``.
- numeric ``{#answer:tolerance}``, the unit after the field (GIFT's missing-word form). Moodle reads the
  response with its own number parser (Latin digits and the site's decimal separator), not the locale's
  digits as the library and the player do.
- matching ``{=prompt -> match}``; a distractor is a match without a prompt (``= -> text``), which Moodle
  keeps as an extra choice. Moodle scores each pair (partial credit) whatever the question declares.
- essay ``{}``; the model answer has no place in GIFT and is left out.
- ordering ``{>n ALL VERTICAL ALL_OR_NOTHING SHOW none`` then one item per line, in the correct order,
  then the general feedback and ``}`` (``ABSOLUTE_POSITION`` with partial credit), as Moodle's ordering
  question type reads GIFT (``qtype_ordering::import_from_gift`` in question/type/ordering/questiontype.php,
  which qformat_gift lets read a question before its own types): part of standard Moodle since 4.4 (the
  qtype_ordering add-on reads the same form in earlier versions). Every option is written out (the
  reader's optional fields would otherwise swallow an item that starts with one of their words). The
  items are not unescaped by Moodle (it splits the raw text at line breaks and keeps each line as the
  item's HTML), so an item is written as HTML with its ``lang`` and ``dir`` and no GIFT escapes. An item
  holding ``}`` or ``\\`` cannot be carried: qformat_gift ends the answers at the first unescaped
  ``}`` and turns an escaped one into a placeholder that the ordering reader never turns back, so that
  question is left out of the locale's file with a warning (``unsupported-question``), as the kinds
  GIFT does not carry are. The same settings as in
  Moodle XML: every item shown (``selectcount`` n, ``selecttype`` ALL), grading the library's two.
- fill_in_blanks has no GIFT form (GIFT's missing-word question holds one blank): it is left out with a
  warning.

Images: a GIFT file holds text only, so it carries no image. Each image's alt text (the locale's) stands
in brackets where the image would be, after the prompt, the option or the explanation: the learner
still reads what the image shows, and the teacher sees where to add it in Moodle's editor. A decorative
image is left out unsaid. The export warns once per quiz (``unsupported-setting``) naming the files
left out; the ``moodle`` format embeds them.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.exporters.base import BaseExporter, ExportError, ExportRequest, OutputFile
from toolkit.exporters.lms.html_text import html_text
from toolkit.exporters.lms.moodle import CATEGORY_ROOT
from toolkit.exporters.lms.moodle_cloze import wildcard_escaped
from toolkit.exporters.lms.moodle_questions import answer_fractions
from toolkit.exporters.media import alt_text, question_images
from toolkit.keys import question_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import (
    CHOICE_TYPES,
    ChoiceQuestion,
    EssayQuestion,
    Image,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    Quiz,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
)
from toolkit.text.numbers import plain_number

_SPECIAL = {
    "\\": "\\\\",
    "~": "\\~",
    "=": "\\=",
    "#": "\\#",
    "{": "\\{",
    "}": "\\}",
    ":": "\\:",
    "\n": "\\n",
    "\r": "",
}


_SPECIAL_TABLE = str.maketrans(_SPECIAL)


def escape(text: str) -> str:
    """``text`` with every character GIFT reserves escaped, and line breaks as ``\\n``."""
    return text.translate(_SPECIAL_TABLE)


class _Writer:
    """The GIFT of one quiz in one locale."""

    def __init__(self, localized: LocalizedQuiz) -> None:
        self.localized = localized

    def html(self, question: Question[str], text: str) -> str:
        info = self.localized.source if question.fell_back else self.localized.locale
        return escape(html_text(text, info.tag, info.direction, latin_lang=self.localized.source.tag))

    def document(self) -> str:
        quiz = self.localized.quiz
        blocks = [
            f"// {quiz.id} [{self.localized.locale.tag}]: written by quizkit; in Moodle, import it with "
            "Question bank > Import > GIFT format.\n"
            f"$CATEGORY: {CATEGORY_ROOT}/{quiz.id}"
        ]
        blocks.extend(self.question(question) for question in self.localized.questions)
        return "\n\n".join(blocks) + "\n"

    def in_place_of(self, question: Question[str], image: Image[str] | None) -> str:
        """What stands where an image would (GIFT holds no file): its alt text in brackets, in the
        text's language; nothing for a decorative image, whose absence loses nothing."""
        alt = alt_text(image) if image is not None else ""
        return self.html(question, f"[{alt}]") if alt else ""

    def question(self, question: Question[str]) -> str:
        prompt = self.html(question, question.prompt) + self.in_place_of(question, question.image)
        head = (
            f"// {question_key(self.localized.quiz.id, question.id)} ({question.type.value})\n"
            f"::{escape(question.id)}::[html]{prompt}"
        )
        explanation = self.html(question, question.explanation)
        explanation += self.in_place_of(question, question.explanation_image)
        general = f"\t####{explanation}\n"
        if isinstance(question, ChoiceQuestion):
            lines = []
            for option, fraction in zip(question.options, answer_fractions(question), strict=True):
                if question.type is QuestionType.SINGLE_CHOICE:
                    mark = "=" if fraction == "100" else "~"
                else:
                    mark = f"~%{fraction}%"
                feedback = f"#{self.html(question, option.feedback)}" if option.feedback else ""
                text = self.html(question, option.text) + self.in_place_of(question, option.image)
                lines.append(f"\t{mark}{text}{feedback}\n")
            return f"{head}{{\n{''.join(lines)}{general}}}"
        if isinstance(question, TrueFalseQuestion):
            return f"{head}{{{'TRUE' if question.correct else 'FALSE'}\n{general}}}"
        if isinstance(question, ShortAnswerQuestion):
            lines = [
                f"\t=%100%{self.plain(question, wildcard_escaped(accepted))}\n"
                for accepted in _accepted(question)
            ]
            return f"{head}{{\n{''.join(lines)}{general}}}"
        if isinstance(question, NumericQuestion):
            answer = f"{plain_number(question.answer)}:{plain_number(question.tolerance)}"
            unit = f" {self.html(question, question.unit)}" if question.unit else ""
            return f"{head}{{#{answer}\n{general}}}{unit}"
        if isinstance(question, OrderingQuestion):
            grading = "ABSOLUTE_POSITION" if question.partial_credit else "ALL_OR_NOTHING"
            items = [f"{self.ordering_item(question, item.text)}\n" for item in question.items]
            return f"{head}{{>{len(question.items)} ALL VERTICAL {grading} SHOW none\n{''.join(items)}{general}}}"
        if isinstance(question, MatchingQuestion):
            lines = [
                f"\t={self.html(question, pair.prompt)} -> {self.plain(question, pair.match)}\n"
                for pair in question.pairs
            ]
            lines += [f"\t= -> {self.plain(question, item.text)}\n" for item in question.distractors]
            return f"{head}{{\n{''.join(lines)}{general}}}"
        assert isinstance(question, EssayQuestion), question.type
        return f"{head}{{\n{general}}}"

    def ordering_item(self, question: Question[str], text: str) -> str:
        """An ordering item as Moodle's reader takes it: one line of HTML, not unescaped."""
        info = self.localized.source if question.fell_back else self.localized.locale
        item = html_text(
            " ".join(text.split()), info.tag, info.direction, latin_lang=self.localized.source.tag
        )
        if "}" in item or "\\" in item:
            # The export leaves such a question out (GiftExporter.unwritable); an exporter called
            # directly refuses it rather than write a file Moodle misreads.
            raise ExportError(
                f"{question_key(self.localized.quiz.id, question.id)} [{self.localized.locale.tag}]: GIFT "
                f"cannot carry '}}' or '\\' in an ordering item ({text!r}); reword it, or leave gift out of "
                "the formats"
            )
        return item

    def plain(self, question: Question[str], text: str) -> str:
        """A text Moodle's GIFT reader takes as plain text (an accepted answer, a match)."""
        if "->" in text:
            # The reader splits a pair at its first "->", and a short answer with one reads as a pair.
            raise ExportError(
                f"{question_key(self.localized.quiz.id, question.id)} [{self.localized.locale.tag}]: GIFT "
                f"cannot carry '->' in an answer or a match ({text!r}); reword it, or leave gift out of "
                "the formats"
            )
        return escape(" ".join(text.split()))


def _accepted(question: ShortAnswerQuestion[str]) -> list[str]:
    return list(dict.fromkeys(accepted for answer in question.answers for accepted in answer.accepted))


class GiftExporter(BaseExporter):
    name = "gift"
    description = "GIFT question files for Moodle's plain-text import (<quiz>/<locale>.txt)"
    presents_quiz = True
    question_types = CHOICE_TYPES | {
        QuestionType.TRUE_FALSE,
        QuestionType.SHORT_ANSWER,
        QuestionType.NUMERIC,
        QuestionType.MATCHING,
        QuestionType.ORDERING,
        QuestionType.ESSAY,
    }

    @staticmethod
    def lost_settings(question: Question[Text]) -> tuple[str, ...]:
        if isinstance(question, ShortAnswerQuestion) and question.case_sensitive:
            # qformat_gift's shortanswer import sets no usecase: Moodle's default, 0 (case ignored).
            return ("cannot keep case_sensitive (GIFT has no form for it; Moodle grades ignoring case)",)
        return ()

    @staticmethod
    def lost_in_quiz(quiz: Quiz) -> Iterator[tuple[str, str]]:
        # Once per quiz, at its first question with an image: the files are the quiz's, not a question's.
        shown = [
            (question.id, shown.image)
            for question in quiz.questions
            for shown in question_images(question, answers=True)
        ]
        if not shown:
            return
        files = list(
            dict.fromkeys(
                file for _, image in shown for file in (image.file, *(own for _, own in image.replacements))
            )
        )
        listed = ", ".join(files[:-1]) + (" and " if len(files) > 1 else "") + files[-1]
        yield (
            shown[0][0],
            f"cannot carry images (a GIFT file holds no files): {listed} "
            f"{'is' if len(files) == 1 else 'are'} left out, each alt text written in brackets where its "
            "image stood; the moodle format embeds them",
        )

    @staticmethod
    def unwritable(question: Question[str]) -> str | None:
        if isinstance(question, OrderingQuestion):
            for item in question.items:
                if "}" in item.text or "\\" in item.text:
                    # qformat_gift ends the answers at the first "}" and keeps an escaped one as a
                    # placeholder; qtype_ordering::import_from_gift only splits the lines and trims them
                    # (question/type/ordering/questiontype.php): no GIFT escape in an item is ever undone.
                    return (
                        f"cannot carry '}}' or '\\' in an ordering item ({item.text!r}; Moodle never "
                        "unescapes one)"
                    )
        plain_texts: list[str] = []
        if isinstance(question, ShortAnswerQuestion):
            plain_texts = _accepted(question)
        elif isinstance(question, MatchingQuestion):
            plain_texts = [pair.match for pair in question.pairs] + [
                item.text for item in question.distractors
            ]
        for text in plain_texts:
            if "->" in text:
                # qformat_gift splits a matching pair at its first "->" and reads a short answer holding
                # one as a pair; no escape of "->" exists.
                return f"cannot carry '->' in an answer or a match ({text!r}; Moodle reads it as a pair)"
        return None

    # GIFT is imported into a question bank that grades: it always carries the answer key, so it has no
    # delivery variant (omits_answers is not declared).

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for localized in request.every_localized():
            yield OutputFile.of_quiz(localized, ".txt", _Writer(localized).document().encode("utf-8"))
