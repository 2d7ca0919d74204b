"""``--from gift``: Moodle's GIFT question files as the content model (reading: :mod:`gift_syntax`).

What maps to what (docs/importing.md has the table):

- multichoice with one ``=`` answer and the others unweighted → single_choice; without ``=``, options
  weighted ``~%50%`` → multiple_choice, the options with a positive weight correct: Moodle adds the
  weights of the chosen options, so equal shares of 100 for the right ones and equal negative shares for
  the wrong ones (as quizkit's exporter writes them) are partial credit; any other scheme is kept as a
  draft with a to-do naming the bank's weights;
- truefalse → true_false (its two feedbacks have no place: reported); shortanswer → short_answer (not
  case-sensitive, as Moodle's GIFT import sets it; ``*`` is Moodle's wildcard, ``\\*`` a literal
  asterisk; a pattern is kept as a draft); numerical → numeric (``#a:t``, ``#min..max``; the text after
  the braces, as quizkit's exporter writes a unit, is the unit); match → matching with per-pair partial
  credit (Moodle's grading), an empty prompt a distractor; ordering (``{>n …}``) → ordering;
  ``{}`` → essay; a description (no braces) is reported and left out;
- the general feedback (``####``) is the explanation; a question without one is kept as a draft with a
  to-do, since every quiz question explains its answer;
- texts in ``[html]`` or ``[moodle]`` are reduced to quiz text (inline code kept; images and math
  reported); Moodle ``multilang`` spans give the other languages (``Text.imported``), as do the files
  given one per language (``--locale ur FILE``), aligned by question name, else by order.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from toolkit import keys
from toolkit.content.validation import display_path
from toolkit.importing.bank import (
    BankCategory,
    BankError,
    BankRequest,
    ImportedBank,
    bank_category,
    quiz_heading,
    same_answers_untranslated,
)
from toolkit.importing.gift_kinds import QuestionBuilder
from toolkit.importing.gift_parser import parse
from toolkit.importing.gift_syntax import GiftFile, GiftQuestion, looks_like_gift, read_text
from toolkit.importing.gift_texts import BankContext
from toolkit.importing.imported_drafts import place_last_draft
from toolkit.importing.multilang import other_declared_language
from toolkit.model import Origin, Question, Text
from toolkit.text.counts import counted
from toolkit.text.locale_packs import same_language

_LANG = re.compile(r"^\s*<(?:div|p|span)\b[^>]*\blang\s*=\s*[\"']([A-Za-z_-]+)[\"']", re.IGNORECASE)
"""The language quizkit's exporter marks a text with: a question that fell back to the source says so."""


class _Reader(BankContext):
    def read(self) -> ImportedBank:
        source = parse(read_text(self.request.path, self.file), self.file)
        if not source.questions:
            raise BankError(
                self.file,
                None,
                "holds no question: a GIFT question is its text followed by its answers in braces "
                "(What is 2 + 2?{=4 ~5}); is this a GIFT file?",
            )
        self.align(source)
        questions: list[Question[Text]] = []
        used: set[str] = set()
        members: dict[str, list[str]] = {}
        """The ids of each category's questions, by the category as written (``""`` before the first)."""
        self.named_ids = {
            name
            for question in source.questions
            for name in (question.name, question.idnumber)
            if name and keys.is_valid_id(name)
        }
        category: str | None = None
        for index, question in enumerate(source.questions):
            if self.request.by_category and question.category != category:
                # Each category is its own quiz: a question's id need only be unique in it.
                category, used = question.category, set()
            before = len(self.issues)
            builder = QuestionBuilder(self, question, index, used)
            built = builder.build()
            # A draft keeps its id too: the import writes it into the same quiz.
            used.add(builder.id)
            if built is not None or any(issue.draft is not None for issue in self.issues[before:]):
                members.setdefault(question.category or "", []).append(builder.id)
            if built is not None:
                questions.append(same_answers_untranslated(built) if self.request.translations else built)
            else:
                place_last_draft(self.issues, len(questions))
        tagged = [
            f"{question.title} ({', '.join(question.tags)})" for question in source.questions if question.tags
        ]
        if tagged:
            # Moodle's [tag:…] in a question's comment (qformat_gift::extract_idnumber_and_tags_from_comment).
            self.notes.append(f"{self.file}: quizkit has no tags; the bank tags {'; '.join(tagged)}")
        if self.made_ids:
            made = ", ".join(f"{made} (line {line})" for line, made in self.made_ids)
            self.notes.append(
                f"{self.file}: questions without a name usable as an id (lowercase words joined by hyphens, not "
                "taken by an earlier question) "
                f"got the ids {made}"
            )
        # GIFT has no quiz title, description or level.
        origin = Origin(self.file, 1)
        categories = self.categories(source, members)
        # Split by category, each quiz's heading is made, and reported, by the split.
        one_quiz = not self.request.by_category or not any(category.questions for category in categories)
        if one_quiz:
            for line, written in source.categories:
                self.notes.append(f"{self.file}:{line}: category {written!r}: its questions are in this quiz")
        first = next((category for category in categories if category.written), None)
        heading = quiz_heading(self.request.quiz_id, origin, category=first)
        if one_quiz:
            self.notes.append(heading.note)
        quiz = heading.quiz(self.request.quiz_id, questions, origin)
        return ImportedBank(
            quiz=quiz,
            source_locale=self.request.source_locale,
            locales=tuple(sorted(self.locales)),
            issues=tuple(self.issues),
            notes=tuple(self.notes),
            categories=categories,
            written_in=other_declared_language(self.declared, self.request.source_locale),
        )

    def categories(self, source: GiftFile, members: dict[str, list[str]]) -> tuple[BankCategory, ...]:
        """The file's categories in order, each with its questions (a category written twice is one); the
        questions before the first ``$CATEGORY`` in a category written ``""``; none for a file without."""
        if not source.categories:
            return ()
        lines: dict[str, int | None] = {}
        if "" in members:
            lines[""] = None
        for line, written in source.categories:
            lines.setdefault(written, line)
        return tuple(
            bank_category(
                written,
                self.request.quiz_id,
                self.request.source_locale,
                Origin(self.file, line or 1),
                members.get(written, ()),
            )
            for written, line in lines.items()
        )

    def align(self, source: GiftFile) -> None:
        """Each translation file's questions matched to the source's: by name where every question of
        both files has one, else by order; a file that does not hold the same questions is refused."""
        for locale, path in sorted(self.request.translations.items()):
            name = display_path(path)
            translated = parse(read_text(path, name), name).questions
            by_index: dict[int, GiftQuestion] = {}
            named = all(question.name for question in (*source.questions, *translated))
            if named:
                positions = {question.name: index for index, question in enumerate(source.questions)}
                for question in translated:
                    if question.name not in positions:
                        raise BankError(
                            name,
                            question.line,
                            f"question {question.name!r} is not in {self.file}; a file given with --locale must "
                            "hold the same questions, named the same",
                        )
                    by_index[positions[question.name]] = question
            else:
                if len(translated) != len(source.questions):
                    raise BankError(
                        name,
                        None,
                        f"holds {counted(len(translated), 'question')} and {self.file} {counted(len(source.questions), 'question')}; without "
                        "names (::name::) on every question the files are matched in order, so they must hold "
                        "the same questions in the same order",
                    )
                by_index = dict(enumerate(translated))
            for index, question in by_index.items():
                original = source.questions[index]
                if question.kind != original.kind:
                    raise BankError(
                        name,
                        question.line,
                        f"question {question.title!r} is a {question.kind} question here but a {original.kind} "
                        f"question in {self.file} (line {original.line}); the files must hold the same questions",
                    )
                if _shape(question) != _shape(original):
                    raise BankError(
                        name,
                        question.line,
                        f"question {question.title!r} has {_shape(question)[1]} answers here but "
                        f"{_shape(original)[1]} in {self.file} (line {original.line}); a translation keeps the "
                        "answers of its question, in their order",
                    )
                written_in = _LANG.match(question.prompt.text)
                if written_in and not same_language(written_in.group(1), locale):
                    # quizkit's exporter writes a question whose translation is unfinished in the source
                    # language, marked so: it is no translation.
                    self.notes.append(
                        f"{name}:{question.line}: question {question.title!r} is in {written_in.group(1)}, "
                        f"not {locale}: not taken as its translation"
                    )
                    continue
                self.translations.setdefault(locale, {})[index] = question
            missing = [
                original.title for index, original in enumerate(source.questions) if index not in by_index
            ]
            if missing:
                self.notes.append(f"{name} has no {locale} version of: {', '.join(missing)}")


def _shape(question: GiftQuestion) -> tuple[str, int]:
    if question.kind == "shortanswer":
        return (question.kind, 0)  # a locale may accept more or fewer answers
    count = len(question.answers) + len(question.pairs) + len(question.numbers)
    if question.ordering is not None:
        count = len(question.ordering.items)
    return (question.kind, count)


class GiftReader:
    name: ClassVar[str] = "gift"
    description: ClassVar[str] = (
        "Moodle GIFT question files (.gift, .txt), one file per language or multilang"
    )

    @staticmethod
    def detects(path: Path, head: bytes) -> bool:
        return bool(head) and not path.is_dir() and looks_like_gift(head)

    @staticmethod
    def read(request: BankRequest) -> ImportedBank:
        return _Reader(request).read()
