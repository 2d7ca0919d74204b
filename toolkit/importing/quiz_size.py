"""How large the quiz file of an imported bank is at least, so that one too large for quizkit to read is
refused early.

Writing a quiz's YAML is the slowest step of an import (tens of seconds for a bank of tens of thousands
of questions), so a bank far too large for one quiz file is refused before it is written, by a size its
YAML cannot be below (:func:`least_yaml_bytes`); one near the limit is measured on the YAML itself.
"""

from __future__ import annotations

from toolkit.model import Quiz


def least_yaml_bytes(quiz: Quiz) -> int:
    """A size the quiz YAML of ``quiz`` is at least: every source text is written whole in it (plain,
    quoted or as a block, never in fewer bytes than its UTF-8), and every question's id."""
    return sum(len(text.source.encode("utf-8")) for text in quiz.texts()) + sum(
        len(question.id) for question in quiz.questions
    )
