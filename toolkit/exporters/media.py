"""The image files an export copies into its format's folder, one copy per distinct file.

Each is read through :func:`toolkit.content.images.read_image` again (the file may have changed since
validation), and written under ``media/`` with its content's digest in its name
(``media/ring-3fa9c2e1b0d4.png``): a locale's own file and the source's never collide, one file used by
many quizzes is one copy, and a changed file gets a new name, so no cache serves the old one. The
formats reference them by that path; nothing exported points outside its own folder. The package
formats (``qti``, ``canvas``, ``cc``, ``moodle``) put the same copies inside their packages.

Which images a localized question shows (:func:`question_images`: the prompt's, its options', and the
explanation's where the export carries the answer key), and the alt text a reader hears where markup
cannot carry a formula (:func:`alt_text`), are here too, for the formats that write ``<img>`` themselves.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Generic

from toolkit.content.image_formats import IMAGE_KINDS, ImageError, ImageFacts
from toolkit.content.images import read_image
from toolkit.exporters.base import ExportError, OutputFile
from toolkit.model import ChoiceQuestion, Image, Question, TextType
from toolkit.text.formulas import plain_formulas
from toolkit.text.tokens import split_code

MEDIA_FOLDER = PurePosixPath("media")


@dataclass(frozen=True)
class MediaFile:
    """One image file as an export copies it: ``path`` inside the format's folder."""

    path: PurePosixPath
    data: bytes
    facts: ImageFacts

    @property
    def media_type(self) -> str:
        return IMAGE_KINDS[self.facts.kind].media_type


class MediaFiles:
    """The image files of one exporter's run, each read once, in the order first used."""

    def __init__(self) -> None:
        self._found: dict[tuple[str, str], MediaFile] = {}

    def file(self, image: Image[Any]) -> MediaFile:
        """The copy of ``image``'s file (the locale's own, in a localized quiz)."""
        found = self._found.get((image.root, image.file))
        if found is None:
            try:
                data, facts = read_image(Path(image.root), image.file)
            except ImageError as error:
                raise ExportError(f"image {error}; run quizkit validate") from error
            digest = hashlib.sha256(data).hexdigest()[:12]
            stem = re.sub(r"[^A-Za-z0-9_-]+", "-", PurePosixPath(image.file).stem).strip("-") or "image"
            found = MediaFile(MEDIA_FOLDER / f"{stem}-{digest}{IMAGE_KINDS[facts.kind].suffix}", data, facts)
            self._found[(image.root, image.file)] = found
        return found

    def outputs(self) -> Iterator[OutputFile]:
        """Every file used so far, once: files of no one quiz (a build records them with the shared
        files), as the player's assets are."""
        written: set[PurePosixPath] = set()
        for media in self._found.values():
            if media.path not in written:
                written.add(media.path)
                yield OutputFile(media.path, media.data)


def image_fields(image: Image[str] | None, media: MediaFiles) -> dict[str, Any] | None:
    """An image as the JSON formats give it: its copy's path, alt text (as a reader hears it, like every
    other format's), whether it is decorative, its media type and, where its header says so, its size in
    pixels."""
    if image is None:
        return None
    copy = media.file(image)
    fields: dict[str, Any] = {
        "src": str(copy.path),
        "alt": alt_text(image),
        "decorative": image.decorative,
        "type": copy.media_type,
    }
    if copy.facts.width and copy.facts.height:
        fields["width"] = copy.facts.width
        fields["height"] = copy.facts.height
    return fields


def package_entries(media: MediaFiles) -> list[tuple[str, bytes]]:
    """Every file ``media`` holds, as (path, bytes) entries of a package."""
    return [(str(output.path), output.data) for output in media.outputs()]


@dataclass(frozen=True)
class QuestionImage(Generic[TextType]):
    """An image of a question, with where the question shows it: ``prompt``, ``options.<id>`` or
    ``explanation``."""

    where: str
    image: Image[TextType]


def question_images(question: Question[TextType], answers: bool) -> list[QuestionImage[TextType]]:
    """The images ``question`` shows, in reading order; the explanation's only with ``answers`` (a
    delivery variant carries no explanation)."""
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


def alt_text(image: Image[str]) -> str:
    """The ``alt`` of ``image`` in an HTML attribute: empty when decorative, else its localized alt as a
    reader hears it (a formula as its plain text, inline code without its backticks)."""
    if image.decorative or image.alt is None:
        return ""
    return "".join(
        piece if kind != "text" else plain_formulas(piece) for piece, kind in split_code(image.alt)
    )
