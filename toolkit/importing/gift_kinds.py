"""GIFT questions as the content model, one kind at a time (what maps to what: :mod:`gift_bank`).

Every text comes with its versions in the bank's other languages: Moodle ``multilang`` spans inside it,
and the same question in the files given one per language. Whatever a kind cannot hold is an
:class:`~toolkit.importing.bank.ImportIssue`; what needs a person's decision keeps the question as a
draft with a to-do (:mod:`toolkit.importing.question_drafts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from toolkit import keys
from toolkit.importing.bank import MOODLE_WILDCARD, ImportIssue, shared_texts_translated
from toolkit.importing.gift_syntax import GiftQuestion, GiftText, has_escape_placeholder, unescape
from toolkit.importing.gift_texts import BankContext, Part, quoted
from toolkit.importing.markup_reduction import only_images
from toolkit.importing.multilang import multilang_answer_reason, split_versions
from toolkit.importing.question_drafts import beyond_limits, draft_mapping, part_id
from toolkit.model import (
    AcceptedAnswer,
    ChoiceQuestion,
    EssayQuestion,
    Item,
    MatchingQuestion,
    NumericQuestion,
    Option,
    OrderingQuestion,
    Origin,
    Pair,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
)


@dataclass
class _Draft:
    """What stops a question from coming in whole: to-dos by the key of the text (or field) they concern."""

    todos: dict[str, str] = field(default_factory=dict)


class QuestionBuilder:
    """One GIFT question as a model question, or an issue (left out, or kept as a draft)."""

    def __init__(self, reader: BankContext, question: GiftQuestion, index: int, used: set[str]) -> None:
        self.reader = reader
        self.question = question
        self.index = index
        self.draft = _Draft()
        self.origin = Origin(reader.file, question.line)
        self.quiz_id = reader.request.quiz_id
        self.id = self.question_id(used) if question.kind != "description" else ""
        self.locale_questions = reader.translated(index)
        self.in_source_spans: set[str] = set()
        """The keys of texts written in a source-language span only (not shared with other languages)."""

    def issue(self, reason: str, line: int | None = None, draft: Mapping[str, object] | None = None) -> None:
        self.reader.issues.append(
            ImportIssue(self.reader.file, line or self.question.line, self.question.title, reason, draft)
        )

    def question_id(self, used: set[str]) -> str:
        """The question's name or id number where it is a quiz id no earlier question took, else ``q`` and
        its position, passing over the ids that questions of the file are named."""
        for candidate in (self.question.name, self.question.idnumber):
            if candidate and keys.is_valid_id(candidate) and candidate not in used:
                return candidate
        number = self.index + 1
        while f"q{number}" in used or f"q{number}" in self.reader.named_ids:
            number += 1
        made = f"q{number}"
        self.reader.made_ids.append((self.question.line, made))
        return made

    def text(
        self, key: str, text: GiftText | None, part: Part, what: str, *, required: bool = True
    ) -> Text | None:
        """The Text of one part, its translations and origin; a missing required text is a to-do."""
        versions = self.reader.versions(text, part, self.locale_questions)
        if versions.in_source_span:
            self.in_source_spans.add(key)
        line = text.line if text is not None else self.question.line
        for lost in versions.lost:
            self.issue(f"{what}: {lost} is not carried (quiz texts hold plain text and inline code)", line)
        for repeated in versions.repeated:
            self.issue(f"{what} holds {repeated}", line)
        if versions.source is None:
            if not required and not versions.imported:
                return None
            images = only_images(text.text) if text is not None and not versions.imported else None
            if images:
                todo = f"write the text of {what}: {images}"
            elif text is not None and text.text:
                todo = f"write the {self.reader.request.source_locale} text: the bank gives this only in " + (
                    ", ".join(sorted(versions.imported)) or "other languages"
                )
            else:
                todo = f"write the {what}"
            self.draft.todos[key] = todo
        return Text(
            key,
            versions.source or "",
            Origin(self.reader.file, line),
            imported=(*sorted(versions.imported.items()), *versions.differing),
        )

    def explanation(self) -> Text:
        key = keys.explanation_key(self.quiz_id, self.id)
        text = self.text(key, self.question.general_feedback, lambda q: q.general_feedback, "explanation")
        assert text is not None
        if self.question.general_feedback is None or not self.question.general_feedback.text:
            self.draft.todos[key] = (
                "write the explanation: the bank has no general feedback (####) for this question, and every "
                "quiz question explains its answer"
            )
        return text

    def prompt(self) -> Text:
        text = self.text(
            keys.prompt_key(self.quiz_id, self.id), self.question.prompt, lambda q: q.prompt, "prompt"
        )
        assert text is not None
        return text

    def build(self) -> Question[Text] | None:
        kind = self.question.kind
        if kind == "description":
            self.issue(
                f"a description ({quoted(self.question.prompt)!r}) is text without answers, not a question; "
                "quizkit has no such kind: put its text into a question's prompt or the quiz description if it "
                "matters"
            )
            return None
        kinds = {
            "multichoice": self._multichoice,
            "truefalse": self._truefalse,
            "shortanswer": self._shortanswer,
            "numerical": self._numerical,
            "match": self._match,
            "ordering": self._ordering,
            "essay": self._essay,
        }
        built = kinds[kind]()
        if built is None:
            return None
        if not self.reader.request.translations:
            # Text outside multilang spans shows to every language; from one file per language each
            # text has its own translation already.
            built = shared_texts_translated(built, self.in_source_spans)
        beyond = beyond_limits(built)
        if beyond is not None:
            self.issue(f"{beyond}: left out")
            return None
        if self.draft.todos:
            self.issue(
                "kept as a draft: " + "; ".join(dict.fromkeys(self.draft.todos.values())),
                draft=draft_mapping(built, self.draft.todos),
            )
            return None
        return built

    # --- the kinds -------------------------------------------------------------------------------

    def _after_as_prompt(self, prompt: Text) -> Text:
        """A missing-word question's text as Moodle shows it: ``_____`` where the answers were."""
        after = self.question.after
        if after is None:
            return prompt
        rest = self.reader.versions(after, lambda q: q.after, self.locale_questions)
        imported = dict(prompt.imported)
        for locale, text in rest.imported.items():
            imported[locale] = f"{imported.get(locale, '')} _____ {text}".strip()
        return replace(
            prompt,
            source=f"{prompt.source} _____ {rest.source or ''}".strip(),
            imported=tuple(sorted(imported.items())),
        )

    def _multichoice(self) -> Question[Text] | None:
        question = self.question
        prompt = self._after_as_prompt(self.prompt())
        options = []
        for index, answer in enumerate(question.answers):
            option_id = part_id(index)
            text = self.text(
                keys.option_key(self.quiz_id, self.id, option_id),
                answer.text,
                _part("answer", index),
                f"option {option_id}",
            )
            feedback = self.text(
                keys.feedback_key(self.quiz_id, self.id, option_id),
                answer.feedback,
                _part("feedback", index),
                f"feedback of option {option_id}",
                required=False,
            )
            assert text is not None
            options.append(Option(option_id, text, feedback))
        weights = [answer.weight or Decimal(0) for answer in question.answers]
        correct = tuple(option.id for option, weight in zip(options, weights, strict=True) if weight > 0)
        question_type = QuestionType.SINGLE_CHOICE
        partial_credit = False
        scheme = ", ".join(
            f"{option.id} {weight.normalize():f}%" for option, weight in zip(options, weights, strict=True)
        )
        full_marks = tuple(
            option.id for option, weight in zip(options, weights, strict=True) if weight == 100
        )
        # A single_choice question as Moodle has it: one right answer, no credit for the others.
        exact_single = question.single and len(correct) == 1 and correct == full_marks
        if not question.single and correct:
            question_type = QuestionType.MULTIPLE_CHOICE
            partial_credit = True
            if not _per_option_scheme(weights):
                self.draft.todos["correct"] = (
                    f"the bank weights the options {scheme}; quizkit scores a multiple_choice question all "
                    "or nothing, or with partial_credit +1 for each right option and -1 for each wrong one: "
                    f"list the correct options (those weighted above 0 are {', '.join(correct)}) and choose"
                )
        elif not exact_single:
            self.draft.todos["correct"] = (
                f"the bank weights the options {scheme}; a single_choice question has exactly one correct "
                "option and no partial credit: list it, or make the question multiple_choice"
            )
        built = ChoiceQuestion(
            id=self.id,
            type=question_type,
            prompt=prompt,
            options=tuple(options),
            correct=correct or (options[0].id,),
            explanation=self.explanation(),
            partial_credit=partial_credit,
        )
        return built

    def _truefalse(self) -> Question[Text] | None:
        wrong, right = self.question.true_false_feedback
        for feedback, which in ((wrong, "a wrong answer"), (right, "the right answer")):
            if feedback is not None:
                self.issue(
                    f"the feedback for {which} ({quoted(feedback)!r}) has no place in a true_false "
                    "question; add it to the explanation if it matters",
                    feedback.line,
                )
        prompt = self._after_as_prompt(self.prompt())
        assert self.question.truth is not None
        return TrueFalseQuestion(
            id=self.id, prompt=prompt, correct=self.question.truth, explanation=self.explanation()
        )

    def _shortanswer(self) -> Question[Text] | None:
        prompt = self._after_as_prompt(self.prompt())
        # An empty answer is no answer: Moodle saves none for it (qtype_shortanswer::save_question_options).
        given = [answer for answer in self.question.answers if answer.text.text.strip()]
        full = [answer for answer in given if answer.weight == 100]
        by_locale = {
            locale: [
                _literal(answer.text.text)
                for answer in translated.answers
                if answer.weight == 100 and answer.text.text.strip()
            ]
            for locale, translated in self.locale_questions.items()
        }
        for answer in given:
            if answer.weight != 100:
                self.issue(
                    f"answer {answer.text.text!r} earned {answer.weight.normalize() if answer.weight else 0:f}% "
                    "in the bank; quizkit accepts an answer fully or not at all: left out",
                    answer.text.line,
                )
            elif answer.feedback is not None:
                self.issue(
                    f"the feedback for answer {answer.text.text!r} ({quoted(answer.feedback)!r}) has no place in a "
                    "short_answer question; "
                    "add it to the explanation if it matters",
                    answer.feedback.line,
                )
        answers = []
        for index, answer in enumerate(full):
            answer_id = part_id(index)
            key = keys.answer_key(self.quiz_id, self.id, answer_id)
            imported = {}
            for locale, accepted in by_locale.items():
                # A locale may accept more answers than the source: the last answer takes the rest, one per
                # line, as a translation lists several accepted answers.
                lines = accepted[index:] if index == len(full) - 1 else accepted[index : index + 1]
                if lines:
                    imported[locale] = "\n".join(lines)
            self.reader.locales.update(imported)
            if MOODLE_WILDCARD.search(answer.text.text):
                self.draft.todos[key] = (
                    f"the bank accepts the pattern {answer.text.text!r}, where * stands for any text; quizkit "
                    "compares whole answers: write the answers it should accept"
                )
            literal = _literal(answer.text.text)
            if split_versions(answer.text.text).by_language:
                literal = self._multilang_answer(answer.text, imported)
            origin = Origin(self.reader.file, answer.text.line)
            text = Text(key, literal, origin, imported=tuple(sorted(imported.items())))
            answers.append(AcceptedAnswer(answer_id, text))
        if not answers:
            self.issue("no answer earns full marks, so quizkit has no answer to accept: left out")
            return None
        return ShortAnswerQuestion(
            id=self.id, prompt=prompt, answers=tuple(answers), explanation=self.explanation()
        )

    def _multilang_answer(self, written: GiftText, imported: dict[str, str]) -> str:
        """An answer written in multilang spans as the source language's answer, its other languages'
        versions added to ``imported``; reported (:func:`multilang_answer_reason`)."""
        versions = self.reader.versions(written)
        source = _literal(versions.source or "")
        for locale, version in versions.imported.items():
            imported.setdefault(locale, _literal(version))
        self.issue(
            multilang_answer_reason(written.text, source, sorted(versions.imported.items())), written.line
        )
        return source

    def _numerical(self) -> Question[Text] | None:
        numbers = self.question.numbers
        full = [number for number in numbers if number.weight == 100 and number.answer != "*"]
        for number in numbers:
            if number not in full[:1]:
                self.issue(
                    f"answer {number.written!r} ({number.weight.normalize():f}%) is not carried: a numeric "
                    "question has one answer and its tolerance",
                    number.line,
                )
            if number.feedback is not None:
                self.issue(
                    f"the feedback for answer {number.written!r} ({quoted(number.feedback)!r}) has no place in a "
                    "numeric question; add it to the explanation if it matters",
                    number.feedback.line,
                )
        wrong = self.question.wrong_feedback
        if wrong is not None:
            self.issue(
                f"the feedback for any other number ({quoted(wrong)!r}) has no place in a numeric question; add "
                "it to the explanation if it matters",
                wrong.line,
            )
        if not full:
            self.issue("no number earns full marks: left out")
            return None
        unit = None
        prompt = self.prompt()
        if self.question.after is not None:
            unit = self.text(
                keys.unit_key(self.quiz_id, self.id), self.question.after, lambda q: q.after, "unit"
            )
        tolerance = abs(Decimal(full[0].tolerance))
        return NumericQuestion(
            id=self.id,
            prompt=prompt,
            answer=Decimal(full[0].answer),
            tolerance=tolerance,
            unit=unit,
            explanation=self.explanation(),
        )

    def _match(self) -> Question[Text] | None:
        prompt = self._after_as_prompt(self.prompt())
        pairs = []
        distractors = []
        for index, (left, right) in enumerate(self.question.pairs):
            pair_id = part_id(index)
            match_text = GiftText(right, "plain", left.line)

            def match_of(q: GiftQuestion, index: int = index) -> GiftText:
                return GiftText(q.pairs[index][1], "plain", q.pairs[index][0].line)

            if not left.text:
                text = self.text(
                    keys.distractor_key(self.quiz_id, self.id, pair_id), match_text, match_of, "distractor"
                )
                assert text is not None
                distractors.append(Item(pair_id, text))
                continue
            pair_prompt = self.text(
                keys.pair_prompt_key(self.quiz_id, self.id, pair_id),
                left,
                _part("pair", index),
                f"pair {pair_id}",
            )
            match = self.text(
                keys.pair_match_key(self.quiz_id, self.id, pair_id),
                match_text,
                match_of,
                f"match of pair {pair_id}",
            )
            assert pair_prompt is not None and match is not None
            pairs.append(Pair(pair_id, pair_prompt, match))
        # Moodle scores each pair of a matching question (qtype_match grades per subquestion).
        return MatchingQuestion(
            id=self.id,
            prompt=prompt,
            pairs=tuple(pairs),
            distractors=tuple(distractors),
            explanation=self.explanation(),
            partial_credit=True,
        )

    def _ordering(self) -> Question[Text] | None:
        ordering = self.question.ordering
        assert ordering is not None
        prompt = self._after_as_prompt(self.prompt())
        items = []
        for index, item in enumerate(ordering.items):
            item_id = part_id(index)
            if has_escape_placeholder(item.text):
                self.issue(
                    f"item {unescape(item.text)!r} holds a GIFT escape, which Moodle keeps in an ordering item "
                    "as written (qtype_ordering never undoes them): check the item",
                    item.line,
                )
            text = self.text(
                keys.item_key(self.quiz_id, self.id, item_id),
                replace(item, text=unescape(item.text)),
                _part("item", index),
                f"item {item_id}",
            )
            assert text is not None
            items.append(Item(item_id, text))
        if ordering.settings_beyond_first_line and items:
            self.draft.todos[items[0].text.key] = (
                f"Moodle's reader takes {ordering.settings_beyond_first_line!r} at the start of the items as "
                "settings of the question, not as the first item's text: check the first item"
            )
        partial_credit = ordering.grading in ("ABSOLUTE_POSITION", "ABSOLUTE", "ABS")
        if ordering.select_type not in ("ALL", "EXACT") and ordering.select_count < len(items):
            self.draft.todos[keys.prompt_key(self.quiz_id, self.id)] = (
                f"Moodle shows {ordering.select_count} of the {len(items)} items ({ordering.select_type}); quizkit "
                "shows them all: check the question"
            )
        if ordering.grading not in ("ALL_OR_NOTHING", "ABSOLUTE_POSITION", "ABSOLUTE", "ABS"):
            self.draft.todos[keys.prompt_key(self.quiz_id, self.id)] = (
                f"Moodle grades this question {ordering.grading or 'RELATIVE_NEXT_EXCLUDE_LAST'} (its default); "
                "quizkit grades all or nothing, or with partial_credit by position: choose"
            )
        return OrderingQuestion(
            id=self.id,
            prompt=prompt,
            items=tuple(items),
            explanation=self.explanation(),
            partial_credit=partial_credit,
        )

    def _essay(self) -> Question[Text] | None:
        prompt = self._after_as_prompt(self.prompt())
        return EssayQuestion(id=self.id, prompt=prompt, explanation=self.explanation())


def _literal(answer: str) -> str:
    """A short answer as quizkit compares it: Moodle's ``\\*`` is a literal asterisk."""
    return answer.replace("\\*", "*")


def _per_option_scheme(weights: list[Decimal]) -> bool:
    """Whether Moodle's option weights are quizkit's partial credit: the right options share 100 equally,
    the wrong ones share -100 equally (as quizkit writes it) or lose a right option's share each."""
    right = [weight for weight in weights if weight > 0]
    wrong = [weight for weight in weights if weight <= 0]
    if (
        not right
        or abs(sum(right, Decimal(0)) - 100) > Decimal("0.01")
        or max(right) - min(right) > Decimal("0.01")
    ):
        return False
    if not wrong:
        return True
    if max(wrong) - min(wrong) > Decimal("0.01"):
        return False
    share = -wrong[0]
    return any(
        abs(share - expected) <= Decimal("0.01")
        for expected in (Decimal(100) / len(wrong), Decimal(100) / len(right))
    )


def _part(which: str, index: int) -> Part:
    """The text at ``index`` of a question's answers (``answer``, ``feedback``), pairs or ordering items,
    picked the same way out of each language's version of the question."""

    def pick(question: GiftQuestion) -> GiftText | None:
        if which == "answer":
            return question.answers[index].text
        if which == "feedback":
            return question.answers[index].feedback
        if which == "pair":
            return question.pairs[index][0]
        assert question.ordering is not None
        item = question.ordering.items[index]
        return replace(item, text=unescape(item.text))

    return pick
