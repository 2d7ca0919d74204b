"""Glossary files edited in place: the terms an import changes, and nothing else."""

from __future__ import annotations

from toolkit.content.glossary import Term
from toolkit.content.glossary_file import edited_glossary, term_lines

TEXT = """\
# The author's opening comment.
locale: ur
terms:
  # Names stay in Latin script.
  - english: GPU
    preferred: GPU
    keep_latin: true  # a name
  - english: gradient
    preferred: گریڈیئنٹ
    note: >-
      Folded by hand,
      over two lines.

  # Verbs.
  - english: compress
    preferred: کمپریس کرنا
# The end.
"""
NEW = Term("overlap", "اوورلیپ")


def test_an_added_term_follows_the_last_one_and_every_line_stays() -> None:
    assert edited_glossary(TEXT, {}, [NEW]) == TEXT.replace(
        "# The end.\n", "  - english: overlap\n    preferred: اوورلیپ\n# The end.\n"
    )


def test_a_replaced_or_removed_term_leaves_the_comments_that_head_the_next_one() -> None:
    edited = edited_glossary(TEXT, {1: None, 2: Term("compress", "سکیڑنا")}, [])
    assert edited == (
        "# The author's opening comment.\nlocale: ur\nterms:\n  # Names stay in Latin script.\n"
        "  - english: GPU\n    preferred: GPU\n    keep_latin: true  # a name\n"
        "\n  # Verbs.\n  - english: compress\n    preferred: سکیڑنا\n# The end.\n"
    )


def test_a_layout_that_is_not_one_block_item_per_term_is_not_edited() -> None:
    assert edited_glossary("locale: ur\nterms: [{english: a, preferred: b}]\n", {}, [NEW]) is None
    assert edited_glossary("locale: ur\nterms:\n- - x\n", {}, [NEW]) is None


def test_a_term_is_written_as_the_glossaries_are() -> None:
    term = Term("gradient", "گریڈیئنٹ", forms=("گریڈیئنٹس",), note="A note.")
    assert term_lines(term, 2) == (
        "  - english: gradient\n    preferred: گریڈیئنٹ\n    forms:\n      - گریڈیئنٹس\n    note: A note.\n"
    )
