"""A quiz and a project's content: what holds the questions of :mod:`toolkit.model` and the interface
messages of :mod:`toolkit.model.messages`, apart from both."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: the package imports this module
    from toolkit.model import Level, Origin, Question, Text
    from toolkit.model.messages import InterfaceMessages


@dataclass(frozen=True, slots=True)
class Quiz:
    id: str
    level: Level
    title: Text
    description: Text
    questions: tuple[Question[Text], ...]
    origin: Origin
    guide: str | None = None
    shuffle: bool = False
    draft: bool = False
    """Unfinished: left out of exports unless asked for; questions with to-dos are not in the model."""

    def question(self, question_id: str) -> Question[Text]:
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


@dataclass(frozen=True, slots=True)
class Content:
    """All content of a project: its quizzes and its interface messages."""

    quizzes: tuple[Quiz, ...]
    interface: InterfaceMessages | None = None

    def quiz(self, quiz_id: str) -> Quiz:
        for quiz in self.quizzes:
            if quiz.id == quiz_id:
                return quiz
        raise KeyError(quiz_id)
