"""Checks of accepted answers (short answers and typed blanks) against the question they answer: the
script a learner of the locale types, a translated prompt that gives the answer away, and answers the
grader cannot tell apart."""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolkit.checks.comparable import comparable, contains_words, scripts
from toolkit.checks.context import EntryContext, shown
from toolkit.checks.registry import Finding, check
from toolkit.diagnostics import Severity
from toolkit.gettext.catalog import CatalogEntry
from toolkit.localization.grading import normalize_answer
from toolkit.model import ShortAnswerQuestion
from toolkit.text.locale_info import writing_script

# ISO 15924 codes (CLDR's) and the word Unicode's character names start with for the same script.
_UNICODE_SCRIPT = {
    "Latn": "LATIN",
    "Arab": "ARABIC",
    "Deva": "DEVANAGARI",
    "Cyrl": "CYRILLIC",
    "Grek": "GREEK",
    "Hebr": "HEBREW",
    "Beng": "BENGALI",
    "Guru": "GURMUKHI",
    "Gujr": "GUJARATI",
    "Taml": "TAMIL",
    "Telu": "TELUGU",
    "Knda": "KANNADA",
    "Mlym": "MALAYALAM",
    "Thai": "THAI",
    "Geor": "GEORGIAN",
    "Armn": "ARMENIAN",
    "Ethi": "ETHIOPIC",
    "Hang": "HANGUL",
    "Thaa": "THAANA",
    "Sinh": "SINHALA",
}


def _lines(entry: CatalogEntry) -> list[str]:
    return [line.strip() for line in entry.msgstr.split("\n") if line.strip()]


@check(
    "answer-script",
    Severity.ERROR,
    "An accepted answer is written in a script that is neither the locale's nor the source's: no learner "
    "of the locale types it.",
)
def answer_script(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not context.is_accepted_answer or not entry.msgstr:
        return
    expected = _UNICODE_SCRIPT.get(writing_script(context.rules.locale) or "")
    if expected is None:
        return  # a script this check cannot name: nothing to compare with
    allowed = {expected} | scripts(entry.msgid)
    for line in _lines(entry):
        wrong = sorted(scripts(line) - allowed)
        if wrong:
            yield Finding(
                "answer-script",
                f"the accepted answer “{line}” is written in {', '.join(name.title() for name in wrong)} "
                f"letters, but {context.rules.locale} is written in {expected.title()} letters: no learner "
                f"types it; write it in {expected.title()} script, or as the source spells it",
            )


_GIVERS = re.compile(r"\.(prompt|text|options\.[^.]+|pairs\.[^.]+\.(prompt|match)|items\.[^.]+)$")


def _giver_name(key: str, prefix: str) -> str:
    rest = key[len(prefix) + 1 :]
    if rest == "prompt":
        return "the prompt"
    if rest == "text":
        return "the text with blanks"
    return rest


@check(
    "answer-given-away",
    Severity.WARNING,
    "An accepted answer stands word for word in the translated prompt or options, though the source's do "
    "not give it away.",
)
def answer_given_away(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    prefix = context.question_prefix
    if not context.is_accepted_answer or not entry.msgstr or prefix is None:
        return
    givers = [
        other
        for other in context.entries_of_question()
        if shown(other) and other.context and _GIVERS.search(other.context[len(prefix) :])
    ]
    if any(contains_words(other.msgid, entry.msgid) for other in givers):
        return  # the source gives it away too: the author's choice, not the translation's
    for line in _lines(entry):
        if len(comparable(line)) < 3:
            continue
        for other in givers:
            if contains_words(other.msgstr, line):
                yield Finding(
                    "answer-given-away",
                    f"the accepted answer “{line}” stands word for word in {_giver_name(other.context or '', prefix)} "
                    f"of question {prefix.rsplit('.', 1)[-1]} in {context.rules.locale}, though the source "
                    "does not give its answer away: a learner can copy it from there; reword that text",
                )
                return


def _owner(key: str) -> str:
    """The question or blank whose answers ``key`` is one of: the key up to ``.answers.``."""
    return key.rsplit(".answers.", 1)[0]


@check(
    "duplicate-accepted-answer",
    Severity.WARNING,
    "Two accepted answers are the same once the grader normalizes them (case, spaces, the locale's letter "
    "forms): one is redundant, or another answer was meant.",
)
def duplicate_accepted_answer(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not context.is_accepted_answer or not entry.msgstr:
        return
    locale = context.rules.locale
    question = context.source_question
    case_sensitive = isinstance(question, ShortAnswerQuestion) and question.case_sensitive
    seen: dict[str, str] = {}
    for line in _lines(entry):
        graded = normalize_answer(line, locale, case_sensitive)
        if graded in seen:
            listed = (
                f"the answer “{line}” twice"
                if seen[graded] == line
                else f"“{seen[graded]}” and “{line}”, which the grader reads as one answer in {locale}"
            )
            yield Finding(
                "duplicate-accepted-answer",
                f"lists {listed}: keep one, or write the other answer that was meant",
            )
            return
        seen[graded] = line
    owner = _owner(context.key)
    for other in context.entries_of_question():
        if other.context == entry.context:
            return  # report on the later of two answers only
        if not other.msgstr or not (other.context or "").startswith(f"{owner}.answers."):
            continue
        for line in _lines(other):
            graded = normalize_answer(line, locale, case_sensitive)
            if graded in seen:
                yield Finding(
                    "duplicate-accepted-answer",
                    f"the answer “{seen[graded]}” is also accepted by {other.context}: the grader reads them "
                    f"as one answer in {locale}; keep one, or write the other answer that was meant",
                )
                return
