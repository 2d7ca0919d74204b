"""The images of localized questions as the package formats carry them (``qti``, ``canvas``, ``cc``,
``moodle``): where each file goes inside a package, its bytes, and its alt text.

A localized question's images are its prompt's (``image``), its options' and, where the export carries
the answer key, its explanation's (``explanation_image``), each already the locale's own file where the
project has one (:meth:`toolkit.model.Image.file_in`, applied by localization).

Inside a package an image keeps its path relative to the content folder (``media/ring.png``,
``media/ur/ring.png``) when that path is safe in a URL as it is written (ASCII letters, digits, ``.``,
``_``, ``-``, and ``/`` between names): every consumer then finds the file by the same string, with no
percent-encoding that one reader decodes and another encodes once more (@citolab/qti-components'
``setLocation`` passes every ``src`` through ``encodeURI``). Any other path is packaged as
``media/<SHA-256 of the path, 16 hex digits>.<its extension>``, the same name in every export.

The alt text is the alt of the locale as a reader hears it: a formula as its plain text
(:func:`toolkit.text.formulas.plain_text`), inline code without its backticks; a decorative image has
``alt=""``, which tells screen readers to skip it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Generic

from toolkit.content.images import ImageError, read_image
from toolkit.exporters.base import ExportError
from toolkit.model import ChoiceQuestion, Image, Question, TextType
from toolkit.text.formulas import plain_formulas
from toolkit.text.tokens import split_code

_URL_SAFE = re.compile(r"[A-Za-z0-9._-]+(/[A-Za-z0-9._-]+)*")


@dataclass(frozen=True)
class QuestionImage(Generic[TextType]):
    """An image of a question, with where the question shows it: ``prompt``, ``options.<id>`` or
    ``explanation``."""

    where: str
    image: Image[TextType]


def question_images(question: Question[TextType], answers: bool) -> list[QuestionImage[TextType]]:
    """The images ``question`` shows, in reading order; the explanation's only with ``answers``."""
    found: list[QuestionImage[TextType]] = []
    if question.image is not None:
        found.append(QuestionImage("prompt", question.image))
    if isinstance(question, ChoiceQuestion):
        found += [
            QuestionImage(f"options.{option.id}", option.image)
            for option in question.options
            if option.image is not None
        ]
    if answers and question.explanation_image is not None:
        found.append(QuestionImage("explanation", question.explanation_image))
    return found


def package_path(image: Image[str]) -> str:
    """Where ``image``'s file goes inside a package (see the module docstring)."""
    written = image.file.replace("\\", "/")
    if _URL_SAFE.fullmatch(written) and ".." not in written.split("/"):
        return written
    digest = hashlib.sha256(written.encode("utf-8")).hexdigest()[:16]
    suffix = re.sub(r"[^A-Za-z0-9]", "", PurePosixPath(written).suffix)
    return f"media/{digest}.{suffix.lower()}" if suffix else f"media/{digest}"


def flat_name(image: Image[str]) -> str:
    """A file name without folders for ``image``, unique as its package path is: Moodle XML stores every
    file of a text in one folder."""
    return package_path(image).replace("/", "_")


def alt_text(image: Image[str]) -> str:
    """The ``alt`` of ``image``: empty when decorative, else its localized alt as a reader hears it."""
    if image.decorative or image.alt is None:
        return ""
    return "".join(
        piece if kind != "text" else plain_formulas(piece) for piece, kind in split_code(image.alt)
    )


def image_bytes(image: Image[str]) -> bytes:
    """The bytes of ``image``'s file; :class:`ExportError` naming it when it cannot be read (validation
    checks every image, so only a file changed since, or an export that skips validation, meets one)."""
    try:
        data, _ = read_image(Path(image.root), image.file)
    except ImageError as error:
        raise ExportError(f"image {image.file}: {error}") from None
    return data


def package_images(questions: Sequence[Question[str]], answers: bool) -> Iterator[tuple[str, bytes]]:
    """(package path, bytes) of every image the questions show, each file once, in question order."""
    seen: set[str] = set()
    for question in questions:
        for shown in question_images(question, answers):
            path = package_path(shown.image)
            if path not in seen:
                seen.add(path)
                yield path, image_bytes(shown.image)
