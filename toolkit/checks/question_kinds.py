"""Checks for the texts of question kinds beyond choice, read from the keys like the quiz checks.

A fill-in-the-blanks text must keep every ``{{blank}}`` marker exactly once (in any order: word order
differs between languages); an accepted answer's translation lists the locale's answers one per line.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import Finding, check
from toolkit.diagnostics import Severity
from toolkit.text.answer_lines import joined_lines
from toolkit.text.blanks import blank_markers, marker

_BLANKS_TEXT_KEY = re.compile(r"^[^.]+\.questions\.[^.]+\.text$")


def _markers(text: str) -> Counter[str]:
    return Counter(found.name for found in blank_markers(text))


@check(
    "blank-markers",
    Severity.ERROR,
    "A fill-in-the-blanks translation must keep every {{blank}} marker exactly once, in any order.",
)
def blank_markers_kept(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not entry.msgstr or not _BLANKS_TEXT_KEY.match(context.key):
        return
    wanted, found = _markers(entry.msgid), _markers(entry.msgstr)
    if wanted == found:
        return
    problems = [f"{marker(name)} is missing" for name in wanted if found[name] == 0]
    problems += [f"{marker(name)} appears {found[name]} times" for name in wanted if found[name] > 1]
    problems += [f"{marker(name)} is not a blank of the source" for name in found if name not in wanted]
    yield Finding(
        "blank-markers",
        f"{'; '.join(problems)}: keep each of {', '.join(marker(name) for name in wanted)} exactly once, "
        "unchanged (they may move)",
    )


@check(
    "accepted-answers",
    Severity.WARNING,
    "An accepted answer's translation lists one answer per line: no empty lines, no answers joined into "
    "one line (an answer listed twice is duplicate-accepted-answer's).",
)
def accepted_answer_lines(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if not entry.msgstr or not context.is_accepted_answer:
        return
    lines = entry.msgstr.split("\n")
    if any(not line.strip() for line in lines):
        yield Finding(
            "accepted-answers",
            "has an empty line; write one accepted answer per line, with no empty lines",
        )
    joined = _joined(entry.msgstr, entry.msgid)
    if joined is not None:
        yield Finding(
            "accepted-answers",
            f"{joined}: were several accepted answers joined into one line? Write each on its own line",
        )


def _joined(translation: str, source: str) -> str | None:
    """Why ``translation`` looks like accepted answers joined into fewer lines (a tool that read its line
    breaks as spaces), or None: fewer lines than the source lists. A single line that holds the source's
    answer among other words is not taken for a join: "all-reduce آپریشن" or "ZZDE condensation" are
    answers a translator writes on purpose, and a warning on them would fail every ``build --strict``;
    ``import-xliff``, which sees the catalog's lines before a tool joined them, refuses a real join."""
    return joined_lines(translation, "", source)
