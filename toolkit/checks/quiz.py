"""Checks that know quiz structure, read from the keys (``<quiz>.questions.<q>.options.<o>``)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.checks.comparable import alike, contains_words, exact
from toolkit.checks.context import EntryContext, shown
from toolkit.checks.registry import Finding, check
from toolkit.checks.text_features import lost_latin_tokens, lost_numbers
from toolkit.diagnostics import Severity
from toolkit.gettext.catalog import CatalogEntry


@check(
    "duplicate-option-translation",
    Severity.ERROR,
    "Two options of one question have the same translation, or translations a learner cannot tell apart "
    "(letter forms, optional diacritics, digits, spacing, punctuation), so the question cannot be answered.",
)
def duplicate_option_translation(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not context.is_option or not entry.msgstr:
        return
    mine = exact(entry.msgstr)
    for other in context.options_of_question():
        if other.context == entry.context:
            break  # report on the later option of each pair only
        if not shown(other):
            continue
        # Sources a learner reads as one text are one option written twice: the author's to fix. Any
        # visible difference (a sign, a case, a full stop) makes them two answers the translation must keep.
        if exact(other.msgid) == exact(entry.msgid):
            continue
        if exact(other.msgstr) == mine:
            how = "exactly like"
        elif alike(other.msgstr, entry.msgstr):
            how = "like"
        else:
            continue
        but_for = (
            ""
            if how == "exactly like"
            else " but for letter forms, optional diacritics, digits, spacing or punctuation"
        )
        yield Finding(
            "duplicate-option-translation",
            f"{_option(entry)} of question {_question(context)} is translated {how} {_option(other)} in "
            f"{context.rules.locale}{but_for}, though the sources differ: a learner cannot tell the two "
            "apart; translate them so they differ as the sources do",
        )
        return


@check("option-repeats-prompt", Severity.WARNING, "An option's translation repeats the question's prompt.")
def option_repeats_prompt(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    prefix = context.question_prefix
    if not context.is_option or not entry.msgstr or prefix is None:
        return
    prompt = context.sibling(f"{prefix}.prompt")
    if prompt is None or not shown(prompt) or contains_words(entry.msgid, prompt.msgid):
        return
    if contains_words(entry.msgstr, prompt.msgstr):
        yield Finding(
            "option-repeats-prompt",
            f"{_option(entry)} of question {_question(context)} repeats the prompt in {context.rules.locale}, "
            "which its source does not: translate the option itself, not the question",
        )


def _option(entry: CatalogEntry) -> str:
    return f"option {(entry.context or '').rsplit('.', 1)[-1]}"


def _question(context: EntryContext) -> str:
    return (context.question_prefix or "").rsplit(".", 1)[-1]


@check(
    "explanation-lost-content",
    Severity.WARNING,
    "An explanation's translation lost a number, a name or a glossary term the source has.",
)
def explanation_lost_content(context: EntryContext) -> Iterator[Finding]:
    if not context.is_explanation or not context.entry.msgstr:
        return
    source, translation = context.entry.msgid, context.entry.msgstr
    locale = context.rules.locale
    numbers = lost_numbers(source, context.rules.source_locale, translation, locale)
    names = lost_latin_tokens(source, translation)
    terms = (
        [
            term.english
            for term in context.glossary.terms_in(source)
            # A misspelt or mistranslated term is not lost: the glossary check that names it reports it.
            if not term.rendered_in(translation)
            and not term.misrendered_in(translation)
            and term.english not in names
        ]
        if context.glossary is not None
        else []
    )
    lost = list(dict.fromkeys([*numbers, *names, *terms]))
    if not lost:
        return
    # What to do, for each kind of content lost: the locale named as the answer-key checks name it.
    advice = [
        f"{verb} {'the ' + noun if len(found) == 1 else 'the ' + noun + 's'} {how}"
        for found, verb, noun, how in (
            (numbers, "write", "number", f"in {locale}'s digits or the source's"),
            (names, "keep", "name", "in Latin script"),
            (terms, "translate", "term", "as the glossary does"),
        )
        if found
    ]
    yield Finding(
        "explanation-lost-content",
        f"the explanation of question {_question(context)} lost {', '.join(lost)} in {locale}: "
        f"{' and '.join([', '.join(advice[:-1]), advice[-1]] if len(advice) > 1 else advice)}",
    )
