"""The validated content model: what catalogs, checks and exporters see.

Frozen dataclasses only: never YAML nodes, Babel or polib objects. Every translatable text carries its
translation key and its origin (file and 1-based line), so any output string and any error traces back
to the YAML it came from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass


class QuestionType(enum.Enum):
    SINGLE_CHOICE = "single_choice"
    MULTIPLE_CHOICE = "multiple_choice"


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
class Question:
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
