"""Localization: the content model in one locale, with fallback decided per question.

The public names here are what exporters, checks of output and scripts use; the modules behind them
may move. A localized question is the content model's own class over strings (``ChoiceQuestion[str]``);
the former ``Localized*`` question and part classes remain importable from here as deprecated aliases
of those classes (``isinstance`` keeps working), each warning once it is imported.
"""

from __future__ import annotations

import functools
import operator
import typing
import warnings
from typing import TYPE_CHECKING

from toolkit import model
from toolkit.localization.grading import Grade, grade
from toolkit.localization.localize import localize
from toolkit.localization.localized import FallbackError, FallbackPolicy, LocalizedMessage, LocalizedQuiz

if TYPE_CHECKING:
    LocalizedAnswer = model.AcceptedAnswer[str]
    LocalizedBlank = model.Blank[str]
    LocalizedChoiceBlank = model.ChoiceBlank[str]
    LocalizedChoiceQuestion = model.ChoiceQuestion[str]
    LocalizedEssayQuestion = model.EssayQuestion[str]
    LocalizedFillInBlanksQuestion = model.FillInBlanksQuestion[str]
    LocalizedItem = model.Item[str]
    LocalizedMatchingQuestion = model.MatchingQuestion[str]
    LocalizedNumericQuestion = model.NumericQuestion[str]
    LocalizedOption = model.Option[str]
    LocalizedOrderingQuestion = model.OrderingQuestion[str]
    LocalizedPair = model.Pair[str]
    LocalizedQuestion = model.Question[str]
    LocalizedShortAnswerQuestion = model.ShortAnswerQuestion[str]
    LocalizedTrueFalseQuestion = model.TrueFalseQuestion[str]
    LocalizedTypedBlank = model.TypedBlank[str]

_DEPRECATED_ALIASES: dict[str, tuple[str, object]] = {
    "LocalizedAnswer": ("AcceptedAnswer[str]", model.AcceptedAnswer),
    "LocalizedBlank": ("Blank[str]", model.TypedBlank | model.ChoiceBlank),
    "LocalizedChoiceBlank": ("ChoiceBlank[str]", model.ChoiceBlank),
    "LocalizedChoiceQuestion": ("ChoiceQuestion[str]", model.ChoiceQuestion),
    "LocalizedEssayQuestion": ("EssayQuestion[str]", model.EssayQuestion),
    "LocalizedFillInBlanksQuestion": ("FillInBlanksQuestion[str]", model.FillInBlanksQuestion),
    "LocalizedItem": ("Item[str]", model.Item),
    "LocalizedMatchingQuestion": ("MatchingQuestion[str]", model.MatchingQuestion),
    "LocalizedNumericQuestion": ("NumericQuestion[str]", model.NumericQuestion),
    "LocalizedOption": ("Option[str]", model.Option),
    "LocalizedOrderingQuestion": ("OrderingQuestion[str]", model.OrderingQuestion),
    "LocalizedPair": ("Pair[str]", model.Pair),
    # The kinds of the model's own union, so that a new kind is in it without a change here.
    "LocalizedQuestion": (
        "Question[str]",
        functools.reduce(operator.or_, (typing.get_origin(kind) for kind in typing.get_args(model.Question))),
    ),
    "LocalizedShortAnswerQuestion": ("ShortAnswerQuestion[str]", model.ShortAnswerQuestion),
    "LocalizedTrueFalseQuestion": ("TrueFalseQuestion[str]", model.TrueFalseQuestion),
    "LocalizedTypedBlank": ("TypedBlank[str]", model.TypedBlank),
}
"""Former name: (what to write instead, the class or union it names). Bare classes and unions of them,
so that ``isinstance`` works as it did."""


def __getattr__(name: str) -> object:
    if name not in _DEPRECATED_ALIASES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    replacement, target = _DEPRECATED_ALIASES[name]
    warnings.warn(
        f"toolkit.localization.{name} is deprecated: a localized question is the model's own class, "
        f"write toolkit.model.{replacement}",
        DeprecationWarning,
        stacklevel=2,
    )
    return target


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
