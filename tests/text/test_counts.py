"""A count with its noun (toolkit/text/counts.py), as every message counts things."""

from __future__ import annotations

import pytest

from toolkit.text.counts import counted


@pytest.mark.parametrize(
    ("count", "singular", "plural", "expected"),
    [
        (0, "question", None, "0 questions"),
        (1, "question", None, "1 question"),
        (2, "question", None, "2 questions"),
        (1, "question bank", None, "1 question bank"),
        (3, "entry", "entries", "3 entries"),
        (1, "entry", "entries", "1 entry"),
    ],
)
def test_one_is_singular_and_every_other_count_plural(
    count: int, singular: str, plural: str | None, expected: str
) -> None:
    assert counted(count, singular, plural) == expected
