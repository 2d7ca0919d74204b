"""What the answer-key checks know of a question beyond its texts: its kind, which options are correct,
a numeric answer and its tolerance.

A catalog made by ``quizkit extract`` and ``update`` says the kind and the correct options in its
translator comments (``Question 2 of 10 (a statement the learner marks true or false).``, ``This option is
the correct answer.``): every check reads those, so ``build`` and ``export`` check the answer key too. The
numeric answer is in the content only; ``quizkit check`` gives the checks the project's questions, and
where none are given (a catalog checked on its own) the checks that need the answer say nothing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from toolkit.gettext.catalog import CatalogEntry
from toolkit.keys import question_key
from toolkit.model import ChoiceQuestion, Content, NumericQuestion, Question, QuestionType, Text

_KINDS = {kind.described: kind for kind in QuestionType}
_PROMPT_COMMENT = re.compile(r"^Question \d+ of \d+ \((?P<kind>.+)\)\.$")
_CORRECT_OPTION_COMMENT = "This option is the correct answer."
_DISTRACTOR_COMMENT = "This option is a distractor (a wrong answer)."


@dataclass(frozen=True)
class NumericAnswer:
    value: Decimal
    tolerance: Decimal

    def matches(self, number: Decimal) -> bool:
        return abs(number - self.value) <= self.tolerance


SourceQuestions = Mapping[str, Question[Text]]
"""The source questions by key prefix (``quiz.questions.q1``)."""


def source_questions(content: Content | None) -> SourceQuestions:
    if content is None:
        return {}
    return {
        question_key(quiz.id, question.id): question
        for quiz in content.quizzes
        for question in quiz.questions
    }


def kind_in_comments(prompt: CatalogEntry | None) -> QuestionType | None:
    """The kind a prompt's translator comment names, or None."""
    for comment in prompt.extracted_comments if prompt else ():
        match = _PROMPT_COMMENT.match(comment)
        if match and match.group("kind") in _KINDS:
            return _KINDS[match.group("kind")]
    return None


def question_kind(question: Question[Text] | None, prompt: CatalogEntry | None) -> QuestionType | None:
    return question.type if question is not None else kind_in_comments(prompt)


def correct_options(
    question: Question[Text] | None, prefix: str, options: Sequence[CatalogEntry]
) -> frozenset[str] | None:
    """The keys of the correct options of a choice question, or None when neither the content nor the
    comments say which they are."""
    if isinstance(question, ChoiceQuestion):
        return frozenset(f"{prefix}.options.{option_id}" for option_id in question.correct)
    correct, known = set(), False
    for option in options:
        comments = option.extracted_comments
        if _CORRECT_OPTION_COMMENT in comments:
            correct.add(option.context or "")
            known = True
        elif _DISTRACTOR_COMMENT in comments:
            known = True
    return frozenset(correct) if known and correct else None


def numeric_answer(question: Question[Text] | None) -> NumericAnswer | None:
    if isinstance(question, NumericQuestion):
        return NumericAnswer(question.answer, question.tolerance)
    return None
