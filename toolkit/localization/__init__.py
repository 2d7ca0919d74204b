"""Localization: the content model in one locale, with fallback decided per question.

The public names here are what exporters, checks of output and scripts use; the modules behind them
may move.
"""

from toolkit.localization.localize import localize
from toolkit.localization.localized import (
    FallbackError,
    FallbackPolicy,
    LocalizedMessage,
    LocalizedOption,
    LocalizedQuestion,
    LocalizedQuiz,
)

__all__ = [
    "FallbackError",
    "FallbackPolicy",
    "LocalizedMessage",
    "LocalizedOption",
    "LocalizedQuestion",
    "LocalizedQuiz",
    "localize",
]
