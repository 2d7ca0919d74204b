"""A quiz in one locale: the localized model that checks of output and every exporter read.

Its questions are the content model's classes over strings (``Question[str]``), not a model of their
own; this module adds what only a locale has: the fallback policy, interface messages, the quiz wrapper.

Built by :func:`toolkit.localization.localize.localize`; frozen, like the content model it comes from.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from toolkit.errors import QuizkitError
from toolkit.model import Question, Quiz
from toolkit.text.locale_info import LocaleInfo


class FallbackPolicy(enum.Enum):
    QUESTION = "question"
    OMIT = "omit"
    FAIL = "fail"
    TEXT = "text"
    """Each text on its own: a question shows every translation it has, its untranslated texts in the
    source language. Never for learners (a source-language correct option among translated distractors
    gives the answer away); for the translators' screenshots, which must show a translation in place as
    soon as it is usable (docs/translating.md), so not offered by ``quizkit export --fallback``."""


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
    questions: tuple[Question[str], ...]
    """The quiz's questions in this locale: the model's own classes, over the picked strings."""
    messages: tuple[LocalizedMessage, ...]
    policy: FallbackPolicy
    fallen_back_texts: tuple[str, ...]
    omitted: tuple[str, ...]
    fallen_back_keys: frozenset[str] = frozenset()
    """Under the ``text`` policy: the catalog keys of question texts shown in the source language (a
    question partly translated), each to be given the source's ``lang``/``dir`` where it is shown."""

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
