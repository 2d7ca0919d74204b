"""Localization: the content model in one locale, with fallback decided per question.

The public names here are what exporters, checks of output and scripts use; the modules behind them
may move.
"""

from toolkit.localization.grading import Grade, grade
from toolkit.localization.localize import localize
from toolkit.localization.localized import (
    FallbackError,
    FallbackPolicy,
    LocalizedAnswer,
    LocalizedBlank,
    LocalizedChoiceBlank,
    LocalizedChoiceQuestion,
    LocalizedEssayQuestion,
    LocalizedFillInBlanksQuestion,
    LocalizedItem,
    LocalizedMatchingQuestion,
    LocalizedMessage,
    LocalizedNumericQuestion,
    LocalizedOption,
    LocalizedOrderingQuestion,
    LocalizedPair,
    LocalizedQuestion,
    LocalizedQuiz,
    LocalizedShortAnswerQuestion,
    LocalizedTrueFalseQuestion,
    LocalizedTypedBlank,
)

__all__ = [
    "FallbackError",
    "FallbackPolicy",
    "Grade",
    "LocalizedAnswer",
    "LocalizedBlank",
    "LocalizedChoiceBlank",
    "LocalizedChoiceQuestion",
    "LocalizedEssayQuestion",
    "LocalizedFillInBlanksQuestion",
    "LocalizedItem",
    "LocalizedMatchingQuestion",
    "LocalizedMessage",
    "LocalizedNumericQuestion",
    "LocalizedOption",
    "LocalizedOrderingQuestion",
    "LocalizedPair",
    "LocalizedQuestion",
    "LocalizedQuiz",
    "LocalizedShortAnswerQuestion",
    "LocalizedTrueFalseQuestion",
    "LocalizedTypedBlank",
    "grade",
    "localize",
]
