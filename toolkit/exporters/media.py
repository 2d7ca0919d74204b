"""The image files an export copies into its format's folder, one copy per distinct file.

Each is read through :func:`toolkit.content.images.read_image` again (the file may have changed since
validation), and written under ``media/`` with its content's digest in its name
(``media/ring-3fa9c2e1b0d4.png``): a locale's own file and the source's never collide, one file used by
many quizzes is one copy, and a changed file gets a new name, so no cache serves the old one. The
formats reference them by that path; nothing exported points outside its own folder.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from toolkit.content.images import ImageError, ImageFacts, read_image
from toolkit.exporters.base import ExportError, OutputFile
from toolkit.model import Image

MEDIA_FOLDER = PurePosixPath("media")
_SUFFIXES = {"png": ".png", "jpeg": ".jpg", "gif": ".gif", "webp": ".webp", "svg": ".svg"}
MEDIA_TYPES = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
    "svg": "image/svg+xml",
}


@dataclass(frozen=True)
class MediaFile:
    """One image file as an export copies it: ``path`` inside the format's folder."""

    path: PurePosixPath
    data: bytes
    facts: ImageFacts

    @property
    def media_type(self) -> str:
        return MEDIA_TYPES[self.facts.kind]


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
            found = MediaFile(MEDIA_FOLDER / f"{stem}-{digest}{_SUFFIXES[facts.kind]}", data, facts)
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
    """An image as the JSON formats give it: its copy's path, alt text, whether it is decorative, its
    media type and, where its header says so, its size in pixels."""
    if image is None:
        return None
    copy = media.file(image)
    fields: dict[str, Any] = {
        "src": str(copy.path),
        "alt": "" if image.decorative or image.alt is None else image.alt,
        "decorative": image.decorative,
        "type": copy.media_type,
    }
    if copy.facts.width and copy.facts.height:
        fields["width"] = copy.facts.width
        fields["height"] = copy.facts.height
    return fields
