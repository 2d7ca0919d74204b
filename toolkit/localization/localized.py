"""A quiz in one locale: the localized model that checks of output and every exporter read.

Built by :func:`toolkit.localization.localize.localize`; frozen, like the content model it comes from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from toolkit.errors import QuizkitError
from toolkit.model import QuestionType, Quiz
from toolkit.text.locale_info import LocaleInfo


class FallbackPolicy(enum.Enum):
    QUESTION = "question"
    OMIT = "omit"
    FAIL = "fail"


class FallbackError(QuizkitError):
    def __init__(
        self, quiz_id: str, locale: str, questions: list[str], require_approved: bool = False
    ) -> None:
        unusable = "untranslated, fuzzy or unapproved" if require_approved else "untranslated or fuzzy"
        super().__init__(
            f"quiz {quiz_id} is not fully translated into {locale}: questions {', '.join(questions)} "
            f"have {unusable} texts (fallback policy 'fail')"
        )
        self.quiz_id = quiz_id
        self.locale = locale
        self.questions = questions


@dataclass(frozen=True)
class LocalizedOption:
    id: str
    text: str
    feedback: str | None
    pinned: bool


@dataclass(frozen=True)
class LocalizedItem:
    id: str
    text: str


@dataclass(frozen=True)
class LocalizedAnswer:
    """One accepted answer in a locale: its translation may list several, one per line; the first is the
    one shown in review."""

    id: str
    accepted: tuple[str, ...]

    @property
    def shown(self) -> str:
        return self.accepted[0]


@dataclass(frozen=True)
class LocalizedPair:
    id: str
    prompt: str
    match: str


@dataclass(frozen=True)
class LocalizedTypedBlank:
    id: str
    answers: tuple[LocalizedAnswer, ...]
    case_sensitive: bool


@dataclass(frozen=True)
class LocalizedChoiceBlank:
    id: str
    options: tuple[LocalizedItem, ...]
    correct: str


LocalizedBlank = LocalizedTypedBlank | LocalizedChoiceBlank


# Every localized kind has id, type, prompt, explanation and fell_back, and lists its texts with texts():
# (key relative to the question, text) in reading order, with the key grammar's suffixes.


@dataclass(frozen=True)
class LocalizedChoiceQuestion:
    id: str
    type: QuestionType
    prompt: str
    options: tuple[LocalizedOption, ...]
    correct: tuple[str, ...]
    explanation: str
    shuffle: bool
    """Resolved: the question's own setting, else the quiz's."""
    partial_credit: bool
    fell_back: bool
    """True when the question is in the source language because its translation is incomplete."""

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        for option in self.options:
            yield f"options.{option.id}", option.text
            if option.feedback is not None:
                yield f"options.{option.id}.feedback", option.feedback
        yield "explanation", self.explanation


@dataclass(frozen=True, kw_only=True)
class LocalizedTrueFalseQuestion:
    id: str
    prompt: str
    correct: bool
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.TRUE_FALSE

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        yield "explanation", self.explanation


def _answer_texts(prefix: str, answers: tuple[LocalizedAnswer, ...]) -> Iterator[tuple[str, str]]:
    for answer in answers:
        yield f"{prefix}answers.{answer.id}", "\n".join(answer.accepted)


@dataclass(frozen=True, kw_only=True)
class LocalizedShortAnswerQuestion:
    id: str
    prompt: str
    answers: tuple[LocalizedAnswer, ...]
    case_sensitive: bool
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.SHORT_ANSWER

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        yield from _answer_texts("", self.answers)
        yield "explanation", self.explanation


@dataclass(frozen=True, kw_only=True)
class LocalizedNumericQuestion:
    id: str
    prompt: str
    answer: Decimal
    tolerance: Decimal
    unit: str | None
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.NUMERIC

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        if self.unit is not None:
            yield "unit", self.unit
        yield "explanation", self.explanation


@dataclass(frozen=True, kw_only=True)
class LocalizedMatchingQuestion:
    id: str
    prompt: str
    pairs: tuple[LocalizedPair, ...]
    distractors: tuple[LocalizedItem, ...]
    partial_credit: bool
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.MATCHING

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        for pair in self.pairs:
            yield f"pairs.{pair.id}.prompt", pair.prompt
            yield f"pairs.{pair.id}.match", pair.match
        for distractor in self.distractors:
            yield f"distractors.{distractor.id}", distractor.text
        yield "explanation", self.explanation


@dataclass(frozen=True, kw_only=True)
class LocalizedOrderingQuestion:
    id: str
    prompt: str
    items: tuple[LocalizedItem, ...]
    """In the correct order."""
    partial_credit: bool
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.ORDERING

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        for item in self.items:
            yield f"items.{item.id}", item.text
        yield "explanation", self.explanation


@dataclass(frozen=True, kw_only=True)
class LocalizedFillInBlanksQuestion:
    id: str
    prompt: str
    text: str
    """With one ``{{id}}`` marker per blank, in this locale's order."""
    blanks: tuple[LocalizedBlank, ...]
    partial_credit: bool
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.FILL_IN_BLANKS

    def blank(self, blank_id: str) -> LocalizedBlank:
        for blank in self.blanks:
            if blank.id == blank_id:
                return blank
        raise KeyError(blank_id)

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        yield "text", self.text
        for blank in self.blanks:
            if isinstance(blank, LocalizedTypedBlank):
                yield from _answer_texts(f"blanks.{blank.id}.", blank.answers)
            else:
                for option in blank.options:
                    yield f"blanks.{blank.id}.options.{option.id}", option.text
        yield "explanation", self.explanation


@dataclass(frozen=True, kw_only=True)
class LocalizedEssayQuestion:
    id: str
    prompt: str
    model_answer: str | None
    explanation: str
    fell_back: bool
    type: QuestionType = QuestionType.ESSAY

    def texts(self) -> Iterator[tuple[str, str]]:
        yield "prompt", self.prompt
        if self.model_answer is not None:
            yield "model-answer", self.model_answer
        yield "explanation", self.explanation


LocalizedQuestion = (
    LocalizedChoiceQuestion
    | LocalizedTrueFalseQuestion
    | LocalizedShortAnswerQuestion
    | LocalizedNumericQuestion
    | LocalizedMatchingQuestion
    | LocalizedOrderingQuestion
    | LocalizedFillInBlanksQuestion
    | LocalizedEssayQuestion
)
"""Any localized question; ``question.type`` says which kind, ``isinstance`` narrows it."""


@dataclass(frozen=True)
class LocalizedMessage:
    name: str
    text: str | None
    forms: tuple[tuple[str, str], ...]
    """Plural messages: (CLDR category, text) in CLDR order."""
    plural: str | None
    placeholders: tuple[str, ...]
    fell_back: bool


@dataclass(frozen=True)
class LocalizedQuiz:
    quiz: Quiz
    locale: LocaleInfo
    source: LocaleInfo
    title: str
    description: str
    level_label: str
    questions: tuple[LocalizedQuestion, ...]
    messages: tuple[LocalizedMessage, ...]
    policy: FallbackPolicy
    fallen_back_texts: tuple[str, ...]
    omitted: tuple[str, ...]

    @property
    def fallen_back_questions(self) -> tuple[str, ...]:
        return tuple(question.id for question in self.questions if question.fell_back)

    @property
    def is_source(self) -> bool:
        return self.locale.locale == self.source.locale

    def message_text(self, name: str) -> str | None:
        """The text of a singular interface message (``true``, ``false``), if the project has it."""
        for message in self.messages:
            if message.name == name:
                return message.text
        return None
