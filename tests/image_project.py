"""A project of the tests' own with images: on a prompt, on options, on an explanation, a decorative one,
and an Urdu file of its own for the prompt's image, with the Urdu catalog translated (alt texts included).

The images are real PNG and SVG files written here (:func:`png`), so every test reads bytes a browser
decodes: the prompt's image is red in English and blue in Urdu, each 40×20 pixels.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

from support import fixture_project, run_quizkit_in_process, translate

IMAGES_QUIZ = """\
id: images
level: beginner
title: Pictures of collectives
description: Questions that show a picture.
questions:
  - id: ring
    type: single_choice
    prompt: What does the picture show?
    image:
      file: media/ring.png
      alt: Four GPUs in a ring, each sending to the next
    options:
      - id: ring-shape
        text: A ring all-reduce
        image: {file: media/square.png, alt: A green square}
      - id: tree-shape
        text: A tree all-reduce
        image: {file: media/tree.svg, alt: A tree of three circles}
    correct: [ring-shape]
    explanation: Each GPU sends to its neighbour.
    explanation_image:
      file: media/divider.png
      decorative: true
  - id: steps
    type: true_false
    prompt: A ring all-reduce takes 2(N - 1) steps.
    correct: true
    explanation: N - 1 steps to reduce and N - 1 to share.
    explanation_image: {file: media/square.png, alt: Steps drawn as squares}
"""

URDU = {
    "images.title": "اجتماعی عمل کی تصویریں",
    "images.description": "ایسے سوال جو تصویر دکھاتے ہیں۔",
    "images.questions.ring.prompt": "تصویر کیا دکھاتی ہے؟",
    "images.questions.ring.image-alt": "چار جی پی یو ایک دائرے میں، ہر ایک اگلے کو بھیجتا ہے",
    "images.questions.ring.options.ring-shape": "دائرہ وار all-reduce",
    "images.questions.ring.options.ring-shape.image-alt": "ایک سبز مربع",
    "images.questions.ring.options.tree-shape": "درخت نما all-reduce",
    "images.questions.ring.options.tree-shape.image-alt": "تین دائروں کا ایک درخت",
    "images.questions.ring.explanation": "ہر جی پی یو اپنے پڑوسی کو بھیجتا ہے۔",
    "images.questions.steps.prompt": "دائرہ وار all-reduce میں 2(N - 1) قدم ہوتے ہیں۔",
    "images.questions.steps.explanation": "N - 1 قدم جمع کرنے کے اور N - 1 بانٹنے کے۔",
    "images.questions.steps.explanation-image-alt": "قدم مربعوں کی صورت میں",
}

RED, BLUE, GREEN, GREY = (200, 0, 0), (0, 0, 200), (0, 160, 0), (128, 128, 128)

TREE_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20">'
    '<circle cx="15" cy="5" r="4" fill="#333"/><circle cx="7" cy="15" r="4" fill="#333"/>'
    '<circle cx="23" cy="15" r="4" fill="#333"/></svg>\n'
)


def png(width: int, height: int, colour: tuple[int, int, int]) -> bytes:
    """A PNG of one colour: truecolour, 8 bits, no filter."""
    rows = b"".join(b"\x00" + bytes(colour) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def write_media(content: Path) -> None:
    media = content / "media"
    (media / "ur").mkdir(parents=True)
    (media / "ring.png").write_bytes(png(40, 20, RED))
    (media / "ur" / "ring.png").write_bytes(png(40, 20, BLUE))
    (media / "square.png").write_bytes(png(16, 16, GREEN))
    (media / "divider.png").write_bytes(png(30, 2, GREY))
    (media / "tree.svg").write_text(TREE_SVG, encoding="utf-8")


def images_project(target: Path, translated: bool = True) -> Path:
    """The project in ``target``: the images quiz, its media, and (``translated``) its Urdu catalog."""
    fixture_project(target, {"images": IMAGES_QUIZ})
    write_media(target / "content")
    if translated:
        result = run_quizkit_in_process(target, "update")
        assert result.returncode == 0, result.stdout + result.stderr
        translate(target / "locales/ur/LC_MESSAGES/images.po", URDU)
    return target
