"""Checks of the answer key across languages: a translation that changes which answer is right.

A wrong translation of a graded question is worse than a missing one. These checks know the question
(its kind, its correct options, its numeric answer: :mod:`toolkit.checks.question_facts`) and compare
what the answer key depends on between the source and the translation: the length of the correct
option against its distractors, the answer among an explanation's numbers, the negation of a true/false
statement.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from statistics import fmean

from toolkit.checks.comparable import comparable
from toolkit.checks.context import EntryContext, shown
from toolkit.checks.negation import lexicon as negation_lexicon
from toolkit.checks.negation import negations, positive_counterpart
from toolkit.checks.registry import Finding, check
from toolkit.checks.text_features import numbers
from toolkit.diagnostics import Severity
from toolkit.model import CHOICE_TYPES, QuestionType
from toolkit.text.numbers import plain_number

LENGTH_CUE_RATIO = 1.5
"""The correct option is a length cue once it is this many times as long as the distractors' mean (or
as short as its inverse), the item-writing guides' "longest option is correct" flaw plainly visible; the
check reports it where the translation crosses this line and the source does not (a source that cues
is the author's to fix, and quizkit validate's)."""
LENGTH_CUE_GROWTH = 1.25
"""...and the translation made that ratio at least this much larger (or smaller) than the source's: a
source at 1.45 and a translation at 1.55 is the same question, not a new cue."""
LENGTH_CUE_AMPLIFIED = 2.0
"""A source that cues already is the author's to fix, but a translation that makes its ratio this many times
larger (a 1.5× option become 8×) is a new, far plainer cue, and is reported too."""
LENGTH_CUE_MINIMUM = 8
"""...and the difference is at least this many letters: 3 against 1.5 letters is no cue."""


def _length(text: str) -> int:
    """Letters and digits, as a reader measures an option: no spaces, punctuation or marks of code."""
    return len(comparable(text).replace(" ", ""))


def question_id(context: EntryContext) -> str:
    prefix = context.question_prefix or context.key
    return prefix.rsplit(".", 1)[-1]


@check(
    "length-cue",
    Severity.WARNING,
    "The one correct option is much longer or shorter than its distractors in the translation, though not "
    "in the source: a learner can pick it by its length.",
)
def length_cue(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not context.is_option or not entry.msgstr or context.question_kind not in (*CHOICE_TYPES, None):
        return
    correct = context.correct_options()
    if correct is None or correct != {entry.context}:
        return  # several correct options: which of them would a length cue point at?
    distractors = [option for option in context.options_of_question() if option.context not in correct]
    if len(distractors) < 2 or not all(shown(option) for option in distractors):
        return  # of two options one is always the longer
    source = _ratio(entry.msgid, [option.msgid for option in distractors])
    translated = _ratio(entry.msgstr, [option.msgstr for option in distractors])
    if source is None or translated is None:
        return
    mine, others = _length(entry.msgstr), [_length(option.msgstr) for option in distractors]
    longer = (
        translated >= LENGTH_CUE_RATIO
        and (source < LENGTH_CUE_RATIO or translated >= source * LENGTH_CUE_AMPLIFIED)
        and translated >= source * LENGTH_CUE_GROWTH
        and mine > max(others)
        and mine - fmean(others) >= LENGTH_CUE_MINIMUM
    )
    shorter = (
        translated <= 1 / LENGTH_CUE_RATIO
        and (source > 1 / LENGTH_CUE_RATIO or translated <= source / LENGTH_CUE_AMPLIFIED)
        and translated <= source / LENGTH_CUE_GROWTH
        and mine < min(others)
        and fmean(others) - mine >= LENGTH_CUE_MINIMUM
    )
    if longer or shorter:
        how = "longer" if longer else "shorter"
        yield Finding(
            "length-cue",
            f"the correct option of question {question_id(context)} is {translated:.1f}× the distractors' "
            f"mean length in {context.rules.locale} (the only {how} one), {source:.1f}× in the source: a "
            f"learner can pick it by its length; make the options about as long as one another, as the "
            "source's are",
        )


def _ratio(correct: str, distractors: list[str]) -> float | None:
    mean = fmean(_length(text) for text in distractors)
    return _length(correct) / mean if mean else None


def _decimals(text: str, locale: str) -> set[Decimal]:
    return {value for value in numbers(text, locale) if isinstance(value, Decimal)}


@check(
    "numeric-answer-explanation",
    Severity.WARNING,
    "A numeric question's explanation states the answer in the source but not in the translation.",
)
def numeric_answer_explanation(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    answer = context.numeric_answer
    if not context.is_explanation or not entry.msgstr or answer is None:
        return
    source = _decimals(entry.msgid, context.rules.source_locale)
    if not any(answer.matches(number) for number in source):
        return
    translated = _decimals(entry.msgstr, context.rules.locale) | _decimals(
        entry.msgstr, context.rules.source_locale
    )
    if any(answer.matches(number) for number in translated):
        return
    within = f" (within {plain_number(answer.tolerance)})" if answer.tolerance else ""
    found = ", ".join(plain_number(number) for number in sorted(translated)) or "none"
    yield Finding(
        "numeric-answer-explanation",
        f"the explanation of question {question_id(context)} states the answer "
        f"{plain_number(answer.value)}{within} in the source but not in {context.rules.locale} (its numbers "
        f"there: {found}): a learner who typed the right answer reads another; write the answer as the "
        "source does",
    )


@check(
    "negation-changed",
    # A warning, not an error: the words are a lexical reading, and an error would stop every export on
    # a reading that is wrong for one sentence.
    Severity.WARNING,
    "A true/false statement is negated in the source and not in the translation, or the other way: the "
    "right answer flips.",
)
def negation_changed(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    prefix = context.question_prefix
    if not entry.msgstr or prefix is None or context.key != f"{prefix}.prompt":
        return
    if context.question_kind is not QuestionType.TRUE_FALSE:
        return
    source_language = negation_lexicon(context.rules.source_locale)
    target_language = negation_lexicon(context.rules.locale)
    if not source_language.known or not target_language.known:
        return  # a language quizkit knows no negations of: nothing to compare
    in_source = negations(entry.msgid, source_language)
    in_translation = negations(entry.msgstr, target_language)
    locale = context.rules.locale
    # A word's negation (impossible, ناممکن) may say what a predicate's does (not possible, ممکن نہیں):
    # only a side with neither is the opposite of a negated one.
    if in_source.predicate and not in_translation.predicate and not in_translation.affixal:
        yield Finding(
            "negation-changed",
            f"the statement of question {question_id(context)} is negated in the source "
            f"({in_source.predicate[0]}) but not in {locale}: the translation states the opposite, and the "
            "right answer flips; translate the negation",
        )
    elif (
        in_source.affixal
        and not in_source.predicate
        and not in_translation.predicate
        and not in_translation.affixal
        and (positive := positive_counterpart(entry.msgstr, target_language)) is not None
    ):
        # A word's negation (impossible) against none is mostly a fair rendering (unusual: strange), so
        # only the positive of a negated word the pack lists (संभव, where असंभव is listed) is reported.
        yield Finding(
            "negation-changed",
            f"the statement of question {question_id(context)} negates a word in the source "
            f"({in_source.affixal[0]}) but {locale} says {positive}, that word without its negation: the "
            "translation states the opposite, and the right answer flips; translate the negation",
        )
    elif in_translation.predicate and not in_source.predicate and not in_source.affixal:
        yield Finding(
            "negation-changed",
            f"the statement of question {question_id(context)} is negated in {locale} "
            f"({in_translation.predicate[0]}) but not in the source: the translation states the opposite, "
            "and the right answer flips; remove the negation",
        )
