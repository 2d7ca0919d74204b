"""One Moodle XML ``<question>`` as a quiz question of the kind that holds it, or an issue saying why not
(see :mod:`toolkit.importing.moodle_bank` for the mapping)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from typing import Any

from toolkit import keys
from toolkit.errors import QuizkitError
from toolkit.importing.bank import MOODLE_WILDCARD, ImportIssue
from toolkit.importing.markup_reduction import only_images
from toolkit.importing.moodle_bank_texts import (
    AUTO_FORMAT,
    HTML,
    PLAIN,
    FieldText,
    field_text,
    text_markup,
    top_level_blocks,
)
from toolkit.importing.multilang import multilang_answer_reason, split_versions
from toolkit.importing.question_drafts import part_id
from toolkit.model import (
    AcceptedAnswer,
    EssayQuestion,
    Item,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Origin,
    Pair,
    Question,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
)
from toolkit.text.counts import counted

Element = Any
"""An lxml element of the bank."""

QUIZKIT_CATEGORY = "$course$/quizkit/"
"""The category quizkit's exporter files its questions under (toolkit/exporters/lms/moodle.py)."""

UNSUPPORTED = {
    "description": "a description only shows text and asks nothing; quizkit has no such question",
    "calculated": "a calculated question draws its numbers from a formula; quizkit has no such question",
    "calculatedsimple": "a calculated question draws its numbers from a formula; quizkit has no such question",
    "calculatedmulti": "a calculated question draws its numbers from a formula; quizkit has no such question",
    "ddimageortext": "a drag-and-drop onto an image needs the image; quizkit has no such question",
    "ddmarker": "a drag-and-drop onto an image needs the image; quizkit has no such question",
    "ddwtos": "a drag-and-drop into text has no quizkit kind (a dragged word fills one gap only; quizkit's drop-downs are each blank's own)",
    "randomsamatch": "a random short-answer matching draws its questions from a category when it is attempted",
    "random": "a random question draws from a category when it is attempted",
}
_DEFAULT_COMBINED_FEEDBACK = frozenset(
    {"", "Your answer is correct.", "Your answer is partially correct.", "Your answer is incorrect."}
)
_FRACTION_SLACK = Decimal("0.01")
"""Moodle writes 33.33333 for a third; a fraction this close to quizkit's is quizkit's."""


class UnsupportedQuestionError(QuizkitError):
    """A question the quiz cannot hold: ``issue`` says which and why."""

    def __init__(self, issue: ImportIssue) -> None:
        super().__init__(issue.reason)
        self.issue = issue


def fraction_of(element: Element) -> Decimal:
    try:
        return Decimal(element.get("fraction", "0").strip())
    except InvalidOperation:
        return Decimal(0)


def percent(value: Decimal) -> str:
    return f"{value.normalize():f}"


def close_to(value: Decimal, wanted: Decimal) -> bool:
    return abs(value - wanted) <= _FRACTION_SLACK


def _names(element: Element) -> list[str]:
    """The names a question may have as its id: its name, else the bank's own id (quizkit's export writes
    ``<quiz>.questions.<question>`` in ``idnumber``)."""
    name = " ".join((element.findtext("name/text") or "").split())
    idnumber = (element.findtext("idnumber") or "").strip()
    return [name, idnumber.rsplit(".questions.", 1)[-1]]


def question_names(questions: Iterable[Element]) -> set[str]:
    """The quizkit ids the ``questions`` of a file are named (:attr:`QuestionReader.named_ids`)."""
    return {name for element in questions for name in _names(element) if keys.is_valid_id(name)}


class QuestionReader:
    """Reads the questions of one file in turn; what it decides goes into ``issues`` and ``notes``."""

    def __init__(self, file: str, quiz_id: str, source_locale: str) -> None:
        self.file = file
        self.quiz_id = quiz_id
        self.source_locale = source_locale
        self.issues: list[ImportIssue] = []
        self.notes: list[str] = []
        self.languages: list[str] = []
        self.declared: list[str] = []
        """The language each text without multilang markup says it is in, where it says so."""
        self.written_by_quizkit = False
        self.used_ids: set[str] = set()
        self.named_ids: set[str] = set()
        """The ids the file's questions are named (:func:`question_names`): a made-up id passes over them,
        so that a later question named ``q1`` keeps its name."""
        self.count = 0
        # Per question:
        self.label = ""
        self.line = 0
        self.question_id = ""
        self.lost: list[str] = []
        self.todos: dict[str, str] = {}
        self.correct_todo: str | None = None
        self.in_source_spans: set[str] = set()
        """The keys of the question's texts written in a source-language span (:attr:`FieldText.in_source_span`)."""
        self.marks: list[tuple[int, str, str]] = []
        """(line, question, defaultgrade) of each question read that has one."""

    # -- helpers -------------------------------------------------------------------------------------------

    def uneven_marks(self) -> None:
        """Moodle weighs each question by its default mark; every quizkit question counts the same. The
        questions whose mark is not the file's most common one are reported."""
        counts: dict[Decimal, int] = {}
        for _line, _label, grade in self.marks:
            value = _decimal(grade)
            if value is not None:
                counts[value] = counts.get(value, 0) + 1
        if len(counts) < 2:
            return
        usual = max(counts, key=lambda value: counts[value])
        for line, label, grade in self.marks:
            value = _decimal(grade)
            if value is not None and value != usual:
                self.issues.append(
                    ImportIssue(
                        self.file,
                        line,
                        label,
                        f"it is worth {percent(value)} marks in Moodle, the others {percent(usual)}; every "
                        "quizkit question counts the same",
                    )
                )

    def import_issue(
        self, reason: str, line: int | None = None, draft: dict[str, object] | None = None
    ) -> ImportIssue:
        """``reason`` as an issue of the question being read, at ``line`` or else at the question's."""
        return ImportIssue(self.file, line or self.line, self.label, reason, draft)

    def issue(self, reason: str, line: int | None = None, draft: dict[str, object] | None = None) -> None:
        """Add ``reason`` to :attr:`issues`, as an issue of the question being read."""
        self.issues.append(self.import_issue(reason, line, draft))

    def unsupported(self, reason: str, line: int | None = None) -> UnsupportedQuestionError:
        return UnsupportedQuestionError(self.import_issue(f"{reason}; left out", line))

    def field(self, owner: Element | None) -> tuple[FieldText, int]:
        """The ``<text>`` of ``owner`` (``<questiontext>``, ``<answer>``, …) in every language."""
        if owner is None:
            return FieldText(None, (), ()), self.line
        text = owner.find("text")
        raw = text_markup(text)
        line = text.sourceline if text is not None else owner.sourceline
        return self.texts(raw, owner.get("format", AUTO_FORMAT), line), line

    def texts(self, raw: str, text_format: str, line: int) -> FieldText:
        found = field_text(raw, text_format, self.source_locale)
        if found.declared is not None:
            self.declared.append(found.declared)
        self.lost.extend(what for what in found.lost if what not in self.lost)
        self.issues.extend(self.import_issue(f"a text holds {reason}", line) for reason in found.repeated)
        for locale in found.languages:
            if locale not in self.languages:
                self.languages.append(locale)
        if found.source is None and found.translations:
            languages = ", ".join(locale for locale, _text in found.translations)
            raise self.unsupported(
                f"a text of the question has no version in {self.source_locale} (only in {languages}); "
                f"write its {self.source_locale} version in the bank, then import again",
                line,
            )
        return found

    def make(self, key: str, found: FieldText, line: int) -> Text:
        if found.in_source_span:
            self.in_source_spans.add(key)
        return Text(key, found.source or "", Origin(self.file, line), imported=found.translations)

    def text(self, key: str, owner: Element | None, what: str) -> Text:
        """A text the question needs: a question without it is refused, unless the bank shows an image
        there, which a person can put in words (the question is then a draft with that to-do)."""
        found, line = self.field(owner)
        if not found.source:
            images = only_images(text_markup(owner.find("text")) if owner is not None else "")
            if images is None:
                raise self.unsupported(f"the question has no {what}")
            self.todos[key] = f"write the {what}: {images}"
        return self.make(key, found, line)

    def optional(self, key: str, owner: Element | None) -> Text | None:
        found, line = self.field(owner)
        return self.make(key, found, line) if found.source else None

    def plain(self, key: str, raw: str, line: int, what: str) -> Text:
        found = self.texts(raw, AUTO_FORMAT, line)
        if not found.source:
            raise self.unsupported(f"the question has {what} with no text", line)
        return self.make(key, found, line)

    # -- a question ----------------------------------------------------------------------------------------

    def start(self, element: Element) -> None:
        self.count += 1
        self.line = element.sourceline
        self.lost, self.todos, self.correct_todo = [], {}, None
        self.in_source_spans = set()
        name = " ".join((element.findtext("name/text") or "").split())
        self.label = name or f"question {self.count}"
        candidates = [candidate for candidate in _names(element) if keys.is_valid_id(candidate)]
        chosen = next((candidate for candidate in candidates if candidate not in self.used_ids), None)
        if chosen is None:
            number = self.count
            while f"q{number}" in self.used_ids or f"q{number}" in self.named_ids:
                number += 1
            chosen = f"q{number}"
            why = (
                f"is named '{candidates[0]}', the id of an earlier question"
                if candidates
                else "has no name that is a quizkit id (lowercase words joined by hyphens, unique)"
            )
            self.notes.append(f"{self.file}:{self.line}: question '{self.label}' {why}: it is {chosen}")
        self.question_id = chosen

    def report_lost(self, element: Element) -> None:
        tags = [" ".join(tag.split()) for tag in element.xpath("tags/tag/text/text()")]
        if tags:
            self.notes.append(f"{self.file}:{self.line}: {self.question_id}: tags {', '.join(tags)}")
        grade = (element.findtext("defaultgrade") or "").strip()
        if grade:
            self.marks.append((self.line, self.label, grade))
        if self.lost:
            self.issue(
                f"its texts hold {', '.join(self.lost)}, which a quiz text cannot: their words were "
                "kept, the rest left out"
            )
        lost = [
            tag
            for tag in ("correctfeedback", "partiallycorrectfeedback", "incorrectfeedback")
            if (element.findtext(f"{tag}/text") or "").strip() not in _DEFAULT_COMBINED_FEEDBACK
        ]
        if lost:
            self.issue(f"its combined feedback ({', '.join(lost)}) has no place in a quiz; not imported")
        hints = [hint for hint in element.findall("hint") if (hint.findtext("text") or "").strip()]
        if hints:
            self.issue(
                f"its {counted(len(hints), 'hint')} for further tries "
                f"{'has' if len(hints) == 1 else 'have'} no place in a quiz; not imported"
            )

    def explanation(self, element: Element) -> Text:
        key = keys.explanation_key(self.quiz_id, self.question_id)
        found, line = self.field(element.find("generalfeedback"))
        if not found.source:
            self.todos[key] = (
                "write the explanation (the bank's question has no general feedback): one to three "
                "sentences on why the answer is right"
            )
        return self.make(key, found, line)

    def prompt(self, element: Element) -> Text:
        return self.text(
            keys.prompt_key(self.quiz_id, self.question_id), element.find("questiontext"), "text"
        )

    # -- kinds ---------------------------------------------------------------------------------------------

    def truefalse(self, element: Element) -> Question[Text]:
        prompt = self.prompt(element)
        correct: bool | None = None
        feedback = False
        for answer in element.findall("answer"):
            value = (answer.findtext("text") or "").strip().lower()
            if value in ("true", "false") and close_to(fraction_of(answer), Decimal(100)):
                correct = value == "true"
            feedback = feedback or bool((answer.findtext("feedback/text") or "").strip())
        if correct is None:
            raise self.unsupported("neither its true nor its false answer is worth 100 %")
        if feedback:
            self.issue("the feedback of its true and false answers has no place in quizkit; not imported")
        return TrueFalseQuestion(
            id=self.question_id, prompt=prompt, correct=correct, explanation=self.explanation(element)
        )

    def accepted(
        self,
        alternatives: list[tuple[str, Decimal, str, int]],
        key_of: Callable[[str], str],
        case_sensitive: bool,
    ) -> tuple[AcceptedAnswer[Text], ...]:
        """Typed answers: those worth 100 % accepted, ``*`` patterns to-dos, the rest reported."""
        accepted: list[AcceptedAnswer[Text]] = []
        for answer, fraction, feedback, line in alternatives:
            if feedback:
                self.issue(
                    f"the feedback of the answer '{answer}' has no place in quizkit; not imported", line
                )
            if close_to(fraction, Decimal(100)):
                answer_id = part_id(len(accepted))
                key = key_of(answer_id)
                if MOODLE_WILDCARD.search(answer):
                    self.todos[key] = (
                        f"Moodle accepts the pattern '{answer}' (* stands for any text{'' if case_sensitive else ', any case'}); "
                        "quizkit compares whole answers: list the answers it stands for, one per line"
                    )
                literal = answer.replace("\\*", "*")
                accepted.append(AcceptedAnswer(answer_id, Text(key, literal, Origin(self.file, line))))
            elif fraction > 0:
                self.issue(
                    f"the answer '{answer}' earns {percent(fraction)} % in Moodle; quizkit accepts an answer or not: left out",
                    line,
                )
        if not accepted:
            raise self.unsupported("no answer is worth 100 %")
        return tuple(accepted)

    def shortanswer(self, element: Element) -> Question[Text]:
        prompt = self.prompt(element)
        case_sensitive = (element.findtext("usecase") or "0").strip() == "1"
        alternatives = []
        translated: dict[str, tuple[tuple[str, str], ...]] = {}
        for answer in element.findall("answer"):
            written = (answer.findtext("text") or "").strip()
            fraction = fraction_of(answer)
            if split_versions(written).by_language:
                written = self.multilang_answer(written, fraction, answer.sourceline, translated)
            feedback = (answer.findtext("feedback/text") or "").strip()
            alternatives.append((written, fraction, feedback, answer.sourceline))
        answers = self.accepted(
            alternatives,
            lambda answer_id: keys.answer_key(self.quiz_id, self.question_id, answer_id),
            case_sensitive,
        )
        answers = tuple(
            replace(answer, text=replace(answer.text, imported=translated[answer.text.source]))
            if answer.text.source in translated
            else answer
            for answer in answers
        )
        return ShortAnswerQuestion(
            id=self.question_id,
            prompt=prompt,
            answers=answers,
            explanation=self.explanation(element),
            case_sensitive=case_sensitive,
        )

    def multilang_answer(
        self, written: str, fraction: Decimal, line: int, translated: dict[str, tuple[tuple[str, str], ...]]
    ) -> str:
        """A typed answer written in multilang spans as the source language's answer, its other languages'
        versions kept in ``translated`` by it; reported (:func:`multilang_answer_reason`)."""
        found = self.texts(written, PLAIN, line)
        source = found.source or ""
        if close_to(fraction, Decimal(100)) and source:
            translated[source] = found.translations
            self.issue(multilang_answer_reason(written, source, list(found.translations)), line)
        return source

    def numerical(self, element: Element) -> Question[Text]:
        questiontext = element.find("questiontext")
        html = text_markup(questiontext.find("text")) if questiontext is not None else ""
        text_format = questiontext.get("format", HTML) if questiontext is not None else HTML
        unit: Text | None = None
        units = element.findall("units/unit")
        blocks = top_level_blocks(html) if text_format == HTML else []
        prompt_key = keys.prompt_key(self.quiz_id, self.question_id)
        unit_key = keys.unit_key(self.quiz_id, self.question_id)
        line = questiontext.sourceline if questiontext is not None else self.line
        if not units and self.written_by_quizkit and len(blocks) >= 2:
            # quizkit writes the unit as the text's last paragraph (toolkit/exporters/lms/moodle.py, numeric).
            unit = self.make(unit_key, self.texts(blocks[-1], HTML, line), line)
            found = self.texts("".join(blocks[:-1]), HTML, line)
            if not found.source:
                raise self.unsupported("the question has no text")
            prompt = self.make(prompt_key, found, line)
        else:
            prompt = self.prompt(element)
        for each in units:
            name = (each.findtext("unit_name") or "").strip()
            multiplier = (each.findtext("multiplier") or "1").strip()
            if unit is None and name and _decimal(multiplier) == 1:
                unit = self.plain(unit_key, name, each.sourceline, "a unit")
            elif name:
                self.issue(
                    f"the unit '{name}' (× {multiplier}) is not imported: a quizkit number has one unit",
                    each.sourceline,
                )
        right = []
        for answer in element.findall("answer"):
            value = (answer.findtext("text") or "").strip()
            fraction = fraction_of(answer)
            if (answer.findtext("feedback/text") or "").strip():
                self.issue(
                    f"the feedback of the answer '{value}' has no place in quizkit; not imported",
                    answer.sourceline,
                )
            if close_to(fraction, Decimal(100)) and value != "*":
                right.append((value, answer))
            elif fraction > 0:
                self.issue(
                    f"the answer '{value}' earns {percent(fraction)} % in Moodle; quizkit has one right number: left out",
                    answer.sourceline,
                )
        if len(right) != 1:
            listed = ", ".join(value for value, _answer in right) or "none"
            raise self.unsupported(
                f"quizkit's numeric question has one right number, and this one has {len(right)} ({listed})"
            )
        value, answer = right[0]
        number = _decimal(value)
        tolerance = _decimal((answer.findtext("tolerance") or "0").strip())
        if number is None or tolerance is None:
            raise self.unsupported(f"its answer '{value}' is not a number", answer.sourceline)
        return NumericQuestion(
            id=self.question_id,
            prompt=prompt,
            answer=number,
            tolerance=abs(tolerance),
            unit=unit,
            explanation=self.explanation(element),
        )

    def matching(self, element: Element) -> Question[Text]:
        prompt = self.prompt(element)
        pairs: list[Pair[Text]] = []
        distractors: list[Item[Text]] = []
        for index, subquestion in enumerate(element.findall("subquestion")):
            pair_id = part_id(index)
            answer = subquestion.find("answer")
            raw = text_markup(answer.find("text")) if answer is not None else ""
            line = answer.sourceline if answer is not None else subquestion.sourceline
            found, _line = self.field(subquestion)
            if found.source:
                match = self.plain(
                    keys.pair_match_key(self.quiz_id, self.question_id, pair_id), raw, line, "a match"
                )
                pairs.append(
                    Pair(
                        pair_id,
                        self.make(
                            keys.pair_prompt_key(self.quiz_id, self.question_id, pair_id), found, _line
                        ),
                        match,
                    )
                )
            elif raw.strip():
                distractors.append(
                    Item(
                        pair_id,
                        self.plain(
                            keys.distractor_key(self.quiz_id, self.question_id, pair_id),
                            raw,
                            line,
                            "a choice",
                        ),
                    )
                )
        if len(pairs) < 2:
            raise self.unsupported(
                f"it has {counted(len(pairs), 'prompt')} with an answer; a matching question needs two"
            )
        matches = [pair.match.source for pair in pairs] + [item.text.source for item in distractors]
        if len(set(matches)) != len(matches):
            raise self.unsupported(
                "two of its prompts share one answer (Moodle shows it once in the drop-down); quizkit gives "
                "each prompt a match of its own"
            )
        return MatchingQuestion(
            id=self.question_id,
            prompt=prompt,
            pairs=tuple(pairs),
            distractors=tuple(distractors),
            explanation=self.explanation(element),
            partial_credit=True,
        )

    def ordering(self, element: Element) -> Question[Text]:
        prompt = self.prompt(element)
        answers = sorted(element.findall("answer"), key=fraction_of)  # the fraction is the item's place
        items = tuple(
            Item(
                part_id(index),
                self.text(
                    keys.item_key(self.quiz_id, self.question_id, part_id(index)),
                    answer,
                    f"text for item {index + 1}",
                ),
            )
            for index, answer in enumerate(answers)
        )
        if len(items) < 2:
            raise self.unsupported(f"it has {counted(len(items), 'item')}; an ordering question needs two")
        grading = (element.findtext("gradingtype") or "ALL_OR_NOTHING").strip().upper()
        partial_credit = grading != "ALL_OR_NOTHING"
        if grading not in ("ALL_OR_NOTHING", "ABSOLUTE_POSITION"):
            self.issue(
                f"Moodle grades it by {grading}; quizkit's partial credit counts the items in their "
                "right place (ABSOLUTE_POSITION): imported with that"
            )
        select = (element.findtext("selecttype") or "ALL").strip().upper()
        count = (element.findtext("selectcount") or "").strip()
        if select != "ALL" and count.isdigit() and 0 < int(count) < len(items):
            self.issue(f"Moodle shows {count} of its {len(items)} items ({select}); quizkit shows them all")
        return OrderingQuestion(
            id=self.question_id,
            prompt=prompt,
            items=items,
            explanation=self.explanation(element),
            partial_credit=partial_credit,
        )

    def essay(self, element: Element) -> Question[Text]:
        prompt = self.prompt(element)
        model_answer = self.optional(
            keys.model_answer_key(self.quiz_id, self.question_id), element.find("graderinfo")
        )
        if (element.findtext("attachments") or "0").strip() not in ("", "0"):
            self.issue("it asks for attached files, which quizkit's essay cannot take; not imported")
        if (element.findtext("responsetemplate/text") or "").strip():
            self.issue("its response template has no place in quizkit; not imported")
        return EssayQuestion(
            id=self.question_id,
            prompt=prompt,
            model_answer=model_answer,
            explanation=self.explanation(element),
        )


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text.replace(",", ".")) if text else None
    except InvalidOperation:
        return None
    return value if value is not None and value.is_finite() else None
