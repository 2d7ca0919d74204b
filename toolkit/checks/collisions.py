"""Texts a learner must tell apart that the translation made alike: the prompts or the matches of a
matching question, the items of an ordering question, the options of one drop-down blank (Cloze).

Two such texts collide when they read the same once letter forms, optional diacritics, the script of
their digits, spacing and punctuation are set aside (:func:`toolkit.checks.comparable.alike`), while their
sources differ: the question has become one a learner cannot answer for sure.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolkit.checks.comparable import alike, comparable, exact
from toolkit.checks.context import EntryContext, shown
from toolkit.checks.registry import Finding, check
from toolkit.diagnostics import Severity
from toolkit.gettext.catalog import CatalogEntry

# Each group's texts must differ from one another: the group's name (as a message says it), its pattern.
_ITEM_GROUPS = (
    ("prompts to match", re.compile(r"^(?P<question>[^.]+\.questions\.[^.]+)\.pairs\.[^.]+\.prompt$")),
    (
        "matches",
        re.compile(r"^(?P<question>[^.]+\.questions\.[^.]+)\.(pairs\.[^.]+\.match|distractors\.[^.]+)$"),
    ),
    ("items to order", re.compile(r"^(?P<question>[^.]+\.questions\.[^.]+)\.items\.[^.]+$")),
)
_CLOZE_OPTION = re.compile(r"^(?P<question>[^.]+\.questions\.[^.]+\.blanks\.[^.]+)\.options\.[^.]+$")


def earlier_collision(context: EntryContext, group: re.Pattern[str], owner: str) -> CatalogEntry | None:
    """The first entry before this one in ``group`` of the same ``owner`` whose translation reads like
    this one's though their sources differ; None if there is none."""
    entry = context.entry
    if not comparable(entry.msgstr):
        return None
    for other in context.entries_of_question():
        if other.context == entry.context:
            return None  # report on the later of two texts only
        match = group.match(other.context or "")
        if (
            match
            and match.group("question") == owner
            and shown(other)
            and alike(other.msgstr, entry.msgstr)
            # Sources that differ in anything a learner sees (a sign, a case) are two texts to keep apart.
            and exact(other.msgid) != exact(entry.msgid)
        ):
            return other
    return None


def _part(key: str, owner: str) -> str:
    return key[len(owner) + 1 :]


def _collision_message(key: str, other: str, owner: str, what: str, locale: str) -> str:
    return (
        f"{_part(key, owner)} reads like {_part(other, owner)} in {locale} ({what} of question "
        f"{owner.split('.')[2]}), though their sources differ: a learner cannot tell them apart; translate "
        "them so they differ as the sources do"
    )


@check(
    "items-collide",
    Severity.ERROR,
    "Two prompts or two matches of a matching question, or two items of an ordering question, read the "
    "same in the translation though their sources differ.",
)
def items_collide(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not entry.msgstr or not entry.context:
        return
    for what, group in _ITEM_GROUPS:
        match = group.match(entry.context)
        if match:
            owner = match.group("question")
            other = earlier_collision(context, group, owner)
            if other is not None:
                yield Finding(
                    "items-collide",
                    _collision_message(entry.context, other.context or "", owner, what, context.rules.locale),
                )
            return


@check(
    "cloze-options-collide",
    Severity.ERROR,
    "Two options of one drop-down blank read the same in the translation though their sources differ.",
)
def cloze_options_collide(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    match = _CLOZE_OPTION.match(entry.context or "")
    if not entry.msgstr or match is None:
        return
    owner = match.group("question")
    other = earlier_collision(context, _CLOZE_OPTION, owner)
    if other is not None:
        yield Finding(
            "cloze-options-collide",
            _collision_message(
                entry.context or "",
                other.context or "",
                owner,
                f"options of blank {{{{{owner.rsplit('.', 1)[-1]}}}}}",
                context.rules.locale,
            ),
        )
