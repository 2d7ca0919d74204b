"""Blank markers of fill-in-the-blanks texts: ``{{id}}``, one per blank, in any order in a translation.

A contract like the key grammar: content validation, the catalog check and every exporter find the
blanks of a text with :func:`blank_markers`, so none can read a marker differently from another.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.keys import ID_PATTERN

MARKER = re.compile(r"\{\{([^{}]*)\}\}")


@dataclass(frozen=True)
class Marker:
    name: str
    """What stands between the braces; a well-formed marker's name is a blank id."""
    start: int
    end: int

    @property
    def is_well_formed(self) -> bool:
        return ID_PATTERN.fullmatch(self.name) is not None  # a blank id is an id of the key grammar


def blank_markers(text: str) -> list[Marker]:
    """The markers of ``text`` in the order they appear."""
    return [Marker(match.group(1), match.start(), match.end()) for match in MARKER.finditer(text)]


def split_at_blanks(text: str) -> Iterator[tuple[str, bool]]:
    """``text`` as pieces: (literal text, False) and (blank id, True), in order."""
    position = 0
    for marker in blank_markers(text):
        if marker.start > position:
            yield text[position : marker.start], False
        yield marker.name, True
        position = marker.end
    if position < len(text):
        yield text[position:], False


def marker(blank_id: str) -> str:
    return "{{" + blank_id + "}}"
