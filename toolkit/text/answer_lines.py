"""Accepted-answer translations: one answer a learner may type per line, and how to tell when a tool
joined the lines.

A translation of a short answer's (or a typed blank's) accepted answer lists the locale's answers one
per line. A tool that normalizes whitespace (translate-toolkit, and so Weblate, reading XLIFF without
``xml:space="preserve"``) saves them as one line, which then accepts none of them: a learner who types
either answer is marked wrong.

Which keys name an accepted answer is the key grammar's to say (:func:`toolkit.keys.is_accepted_answer_key`).
"""

from __future__ import annotations


def answer_lines(text: str) -> list[str]:
    """The accepted answers a translation lists: its lines that hold text."""
    return [line for line in text.split("\n") if line.strip()]


def _words(lines: list[str]) -> int:
    return sum(len(line.split()) for line in lines)


def joined_lines(returned: str, previous: str, source: str) -> str | None:
    """Why ``returned`` (a translation coming back from a tool) looks like the lines of ``previous`` (the
    catalog's translation) or of ``source`` joined into fewer lines, or None when it does not.

    Against the catalog's translation: fewer lines and no word lost (an answer deleted on purpose takes
    its words with it). Against the source (a first translation): fewer lines than the source lists.
    """
    lines = answer_lines(returned)
    before = answer_lines(previous)
    if len(before) > 1 and len(lines) < len(before) and _words(lines) >= _words(before):
        return f"the catalog's {len(before)} accepted answers came back as {_count(len(lines))} with all their words"
    wanted = answer_lines(source)
    if len(wanted) > 1 and len(lines) < len(wanted):
        return (
            f"the source lists {len(wanted)} accepted answers, one per line, and it has {_count(len(lines))}"
        )
    return None


def _count(lines: int) -> str:
    return "1 line" if lines == 1 else f"{lines} lines"
