"""The validated content model: what catalogs, checks and exporters see.

Frozen dataclasses only: never YAML nodes, Babel or polib objects. Every translatable text carries its
translation key and its origin (file and 1-based line), so any output string and any error traces back
to the YAML it came from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal


class QuestionType(enum.Enum):
    SINGLE_CHOICE = "single_choice"
    MULTIPLE_CHOICE = "multiple_choice"
    TRUE_FALSE = "true_false"
    SHORT_ANSWER = "short_answer"
    NUMERIC = "numeric"
    MATCHING = "matching"
    ORDERING = "ordering"
    FILL_IN_BLANKS = "fill_in_blanks"
    ESSAY = "essay"


CHOICE_TYPES = frozenset({QuestionType.SINGLE_CHOICE, QuestionType.MULTIPLE_CHOICE})
"""The two types every format has carried from the start."""


class Level(enum.Enum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"


@dataclass(frozen=True)
class Origin:
    file: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Text:
    """One translatable text in the source language."""

    key: str
    source: str
    origin: Origin
    note: str | None = None
    imported: tuple[tuple[str, str], ...] = ()
    """Translations by locale imported from a scraped page (``ur:`` beside ``text:`` in the YAML);
    ``quizkit update`` takes them into a catalog as fuzzy while it has no translation for the key."""


@dataclass(frozen=True)
class Option:
    id: str
    text: Text
    feedback: Text | None = None
    pinned: bool = False


@dataclass(frozen=True)
class Item:
    """A text with an id in a list: a matching distractor, an ordering step, a drop-down option."""

    id: str
    text: Text


@dataclass(frozen=True)
class AcceptedAnswer:
    """One answer a learner may type. ``translate`` false: the same in every locale (a name, code, a
    number), so it has no catalog entry and ``text`` is never translated."""

    id: str
    text: Text
    translate: bool = True


@dataclass(frozen=True)
class Pair:
    """One prompt of a matching question and the match that belongs to it."""

    id: str
    prompt: Text
    match: Text


@dataclass(frozen=True)
class TypedBlank:
    """A blank the learner types into; graded like a short answer."""

    id: str
    answers: tuple[AcceptedAnswer, ...]
    case_sensitive: bool = False

    def texts(self) -> Iterator[Text]:
        yield from (answer.text for answer in self.answers if answer.translate)


@dataclass(frozen=True)
class ChoiceBlank:
    """A blank with a drop-down of options, one of them correct."""

    id: str
    options: tuple[Item, ...]
    correct: str

    def texts(self) -> Iterator[Text]:
        yield from (option.text for option in self.options)


Blank = TypedBlank | ChoiceBlank


# One class per kind of question: each carries exactly the fields its kind has, so an exporter that
# handles a kind cannot read a field that kind lacks. Every kind has an id, a prompt and an explanation,
# and lists its translatable texts in reading order with texts().


@dataclass(frozen=True)
class ChoiceQuestion:
    """single_choice (exactly one correct option) or multiple_choice (one or more)."""

    id: str
    type: QuestionType
    prompt: Text
    options: tuple[Option, ...]
    correct: tuple[str, ...]
    explanation: Text
    shuffle: bool | None = None
    partial_credit: bool = False

    def option(self, option_id: str) -> Option:
        for option in self.options:
            if option.id == option_id:
                return option
        raise KeyError(option_id)

    def is_correct(self, option_id: str) -> bool:
        return option_id in self.correct

    def texts(self) -> Iterator[Text]:
        """Texts in reading order: prompt, each option (and its feedback), explanation."""
        yield self.prompt
        for option in self.options:
            yield option.text
            if option.feedback is not None:
                yield option.feedback
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class TrueFalseQuestion:
    """A statement that is true or false; the labels are interface messages (ui.true, ui.false)."""

    id: str
    prompt: Text
    correct: bool
    explanation: Text
    type: QuestionType = QuestionType.TRUE_FALSE

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class ShortAnswerQuestion:
    id: str
    prompt: Text
    answers: tuple[AcceptedAnswer, ...]
    explanation: Text
    case_sensitive: bool = False
    type: QuestionType = QuestionType.SHORT_ANSWER

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        yield from (answer.text for answer in self.answers if answer.translate)
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class NumericQuestion:
    """Answered with a number; right when it is within ``tolerance`` (absolute) of ``answer``."""

    id: str
    prompt: Text
    answer: Decimal
    explanation: Text
    tolerance: Decimal = Decimal(0)
    unit: Text | None = None
    type: QuestionType = QuestionType.NUMERIC

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        if self.unit is not None:
            yield self.unit
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class MatchingQuestion:
    id: str
    prompt: Text
    pairs: tuple[Pair, ...]
    explanation: Text
    distractors: tuple[Item, ...] = ()
    partial_credit: bool = False
    type: QuestionType = QuestionType.MATCHING

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        for pair in self.pairs:
            yield pair.prompt
            yield pair.match
        yield from (distractor.text for distractor in self.distractors)
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class OrderingQuestion:
    """``items`` in the correct order; players always show them shuffled."""

    id: str
    prompt: Text
    items: tuple[Item, ...]
    explanation: Text
    partial_credit: bool = False
    type: QuestionType = QuestionType.ORDERING

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        yield from (item.text for item in self.items)
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class FillInBlanksQuestion:
    """``text`` holds one ``{{id}}`` marker per blank, in the source's order; a translation may reorder
    them."""

    id: str
    prompt: Text
    text: Text
    blanks: tuple[Blank, ...]
    explanation: Text
    partial_credit: bool = False
    type: QuestionType = QuestionType.FILL_IN_BLANKS

    def blank(self, blank_id: str) -> Blank:
        for blank in self.blanks:
            if blank.id == blank_id:
                return blank
        raise KeyError(blank_id)

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        yield self.text
        for blank in self.blanks:
            yield from blank.texts()
        yield self.explanation


@dataclass(frozen=True, kw_only=True)
class EssayQuestion:
    """Answered in free text and graded by a person; ``model_answer`` is for graders only."""

    id: str
    prompt: Text
    explanation: Text
    model_answer: Text | None = None
    type: QuestionType = QuestionType.ESSAY

    def texts(self) -> Iterator[Text]:
        yield self.prompt
        if self.model_answer is not None:
            yield self.model_answer
        yield self.explanation


Question = (
    ChoiceQuestion
    | TrueFalseQuestion
    | ShortAnswerQuestion
    | NumericQuestion
    | MatchingQuestion
    | OrderingQuestion
    | FillInBlanksQuestion
    | EssayQuestion
)
"""Any question; ``question.type`` says which kind, ``isinstance`` narrows it."""


@dataclass(frozen=True)
class Quiz:
    id: str
    level: Level
    title: Text
    description: Text
    questions: tuple[Question, ...]
    origin: Origin
    guide: str | None = None
    shuffle: bool = False
    draft: bool = False
    """Unfinished: left out of exports unless asked for; questions with to-dos are not in the model."""

    def question(self, question_id: str) -> Question:
        for question in self.questions:
            if question.id == question_id:
                return question
        raise KeyError(question_id)

    def texts(self) -> Iterator[Text]:
        """Every translatable text of the quiz, in content order."""
        yield self.title
        yield self.description
        for question in self.questions:
            yield from question.texts()


@dataclass(frozen=True)
class Placeholder:
    name: str
    meaning: str


@dataclass(frozen=True)
class Variant:
    """A wording of a message seen on a scraped page, with numbers replaced by placeholders."""

    locale: str
    text: str


@dataclass(frozen=True)
class Message:
    """One interface message; either ``text``, or plural forms ``one``/``other`` selected by ``plural``."""

    name: str
    key: str
    origin: Origin
    text: str | None = None
    one: str | None = None
    other: str | None = None
    plural: str | None = None
    placeholders: tuple[Placeholder, ...] = ()
    comment: str | None = None
    variants: tuple[Variant, ...] = ()

    @property
    def is_plural(self) -> bool:
        return self.plural is not None

    @property
    def source(self) -> str:
        """The singular (or only) source text: the gettext msgid."""
        source = self.one if self.is_plural else self.text
        assert source is not None, "a validated message always has its text"
        return source


@dataclass(frozen=True)
class InterfaceMessages:
    messages: tuple[Message, ...]
    origin: Origin

    def message(self, name: str) -> Message:
        for message in self.messages:
            if message.name == name:
                return message
        raise KeyError(name)


@dataclass(frozen=True)
class Content:
    """All content of a project: its quizzes and its interface messages."""

    quizzes: tuple[Quiz, ...]
    interface: InterfaceMessages | None = None

    def quiz(self, quiz_id: str) -> Quiz:
        for quiz in self.quizzes:
            if quiz.id == quiz_id:
                return quiz
        raise KeyError(quiz_id)
