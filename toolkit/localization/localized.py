"""A quiz in one locale: the localized model that checks of output and every exporter read.

Built by :func:`toolkit.localization.localize.localize`; frozen, like the content model it comes from.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from toolkit.model import QuestionType, Quiz
from toolkit.text.locale_info import LocaleInfo


class FallbackPolicy(enum.Enum):
    QUESTION = "question"
    OMIT = "omit"
    FAIL = "fail"


class FallbackError(Exception):
    def __init__(self, quiz_id: str, locale: str, questions: list[str]) -> None:
        super().__init__(
            f"quiz {quiz_id} is not fully translated into {locale}: questions {', '.join(questions)} "
            "have untranslated or fuzzy texts (fallback policy 'fail')"
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
class LocalizedQuestion:
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
