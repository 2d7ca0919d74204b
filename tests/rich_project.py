"""The question issue 41 names: a formula, a code block and an image with Urdu alt text, in one question,
in a project of the tests' own (the media of :mod:`image_project`: the prompt's image is red in English
and blue in Urdu, each 40×20 pixels), translated into Urdu. Every format that can carry them is
exported from it. The quiz's file name is its own: toolkit.content.images.content_folder caches by the
path as given (content/<quiz>.yaml, relative), so two in-process tests with the same quiz file name
would share an image root."""

from __future__ import annotations

from pathlib import Path

from image_project import BLUE, GREEN, GREY, RED, TREE_SVG, png, write_media
from support import fixture_project, run_quizkit_in_process, translate

RICH_QUIZ = """\
id: rich-question
level: beginner
title: Ring all-reduce
description: A formula, a code block and an image in one question.
questions:
  - id: ring
    type: single_choice
    prompt: |-
      Each GPU sends $\\frac{2(N-1)}{N}$ of its data, with:
      ```python
      dist.all_reduce(t)
      ```
      What does the picture show?
    image:
      file: media/ring.png
      alt: Four GPUs in a ring
    options:
      - id: ring
        text: A ring all-reduce
        image: {file: media/square.png, alt: A green square}
      - id: tree
        text: A tree all-reduce
    correct: [ring]
    explanation: "In total each GPU sends $2(N-1)/N$ times its data."
    explanation_image: {file: media/divider.png, decorative: true}
"""
RING = "\\frac{2(N-1)}{N}"
CODE = "dist.all_reduce(t)"
URDU_ALT = "چار جی پی یو ایک دائرے میں"
URDU = {
    "rich-question.title": "رنگ آل ریڈیوس",
    "rich-question.description": "ایک سوال میں فارمولا، کوڈ اور تصویر۔",
    "rich-question.questions.ring.prompt": (
        f"ہر GPU اپنے ڈیٹا کا ${RING}$ حصہ بھیجتا ہے:\n```python\n{CODE}\n```\nتصویر کیا دکھاتی ہے؟"
    ),
    "rich-question.questions.ring.image-alt": URDU_ALT,
    "rich-question.questions.ring.options.ring": "دائرہ وار all-reduce",
    "rich-question.questions.ring.options.ring.image-alt": "ایک سبز مربع",
    "rich-question.questions.ring.options.tree": "درخت نما all-reduce",
    "rich-question.questions.ring.explanation": "کل ملا کر ہر GPU اپنے ڈیٹا کا $2(N-1)/N$ گنا بھیجتا ہے۔",
}
IMAGE_BYTES = {"en": png(40, 20, RED), "ur": png(40, 20, BLUE)}
"""The bytes of the prompt's image in each locale (media/ring.png and media/ur/ring.png)."""


def rich_project(target: Path) -> Path:
    """The project in ``target``: the rich quiz, its media and its Urdu catalog, fully translated."""
    fixture_project(target, {"rich-question": RICH_QUIZ})
    write_media(target / "content")
    result = run_quizkit_in_process(target, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    translate(target / "locales/ur/LC_MESSAGES/rich-question.po", URDU)
    return target


def media_path(stem: str, data: bytes, suffix: str = ".png") -> str:
    """Where an export copies an image (toolkit.exporters.media): ``media/<stem>-<12 hex of its SHA-256>``."""
    import hashlib

    return f"media/{stem}-{hashlib.sha256(data).hexdigest()[:12]}{suffix}"


RING = {"en": media_path("ring", IMAGE_BYTES["en"]), "ur": media_path("ring", IMAGE_BYTES["ur"])}
"""The prompt's image as each locale's package holds it."""
SQUARE = media_path("square", png(16, 16, GREEN))
DIVIDER = media_path("divider", png(30, 2, GREY))
TREE = media_path("tree", TREE_SVG.encode(), ".svg")
