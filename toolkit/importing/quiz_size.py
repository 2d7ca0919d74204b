"""How large the quiz file of an imported bank is, and the refusal of one too large for quizkit to read.

Writing a quiz's YAML is the slowest step of an import (tens of seconds for a bank of tens of thousands
of questions), so a bank far too large for one quiz file is refused before it is written, by a size its
YAML cannot be below (:func:`least_yaml_bytes`); one near the limit is measured on the YAML itself.
"""

from __future__ import annotations

from toolkit.content.yaml_document import MAX_FILE_BYTES
from toolkit.model import Quiz


def least_yaml_bytes(quiz: Quiz) -> int:
    """A size the quiz YAML of ``quiz`` is at least: every source text is written whole in it (plain,
    quoted or as a block, never in fewer bytes than its UTF-8), and every question's id."""
    return sum(len(text.source.encode("utf-8")) for text in quiz.texts()) + sum(
        len(question.id) for question in quiz.questions
    )


def too_large(bank_file: str, size: int, *, at_least: bool = False) -> str | None:
    """Why the bank's quiz cannot be one quiz file when its YAML is ``size`` bytes (``at_least``: that
    many or more), and what to do; None when it can be."""
    if size <= MAX_FILE_BYTES:
        return None
    return (
        f"{bank_file} is too large for one quiz: its quiz YAML would be {'at least ' if at_least else ''}"
        f"{size:,} bytes, and quizkit reads quiz files of at most {MAX_FILE_BYTES:,} bytes; nothing written. "
        "Split the bank (for a Moodle bank, export one category at a time) and import each part as its own quiz"
    )
