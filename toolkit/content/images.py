"""Image files of a project: where they are, each locale's own, and reading one.

A quiz names an image by its path relative to the content folder (``media/ring.png``), written one way
only; a locale may have its own file beside it, in a folder named for the locale (``media/ur/ring.png``),
which replaces it in that locale. What a file's bytes are (its format, size, integrity, and whether an
SVG is safe to show) is toolkit.content.image_formats.
"""

from __future__ import annotations

import functools
import os
import posixpath
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from toolkit.config import find_project_root
from toolkit.content.image_formats import IMAGE_KINDS, ImageError, ImageFacts, image_facts
from toolkit.errors import QuizkitError
from toolkit.keys import text_fields
from toolkit.model import Image

MAX_IMAGE_BYTES = 20 * 1024 * 1024
"""A larger file is refused: a quiz image this size is a mistake, and every export copies it."""

LOCALE_FOLDER = re.compile(r"^[a-z]{2,3}([_-][A-Za-z0-9]{2,8})*$")
"""How a locale's folder is named (``ur``, ``pt_BR``, ``pt-BR``); it must name a locale CLDR knows too."""


def content_folder(quiz_file: Path) -> Path:
    """The content folder that images of ``quiz_file`` are relative to: the project's ``content-dir``
    where the quiz is inside it, else the quiz's own folder (a file validated outside any project)."""
    return _content_folder_of(quiz_file.resolve().parent)


@functools.cache
def _content_folder_of(folder: Path) -> Path:
    """:func:`content_folder` of the quizzes in ``folder`` (absolute): the configuration is read once
    per folder, since every quiz's images ask."""
    from toolkit.config import load_config

    root = find_project_root(folder)
    if root is not None:
        try:
            content = load_config(root).content_path.resolve()
        except QuizkitError:  # the configuration's own error is reported where it is read
            content = root / "content"
        if folder.is_relative_to(content):
            return content
    return folder


def replacements(root: Path, file: str) -> tuple[tuple[str, str], ...]:
    """(locale, file) of each locale's own file for ``file``: ``media/<locale>/ring.png`` beside
    ``media/ring.png``, in locale order."""
    written = PurePosixPath(file)
    folder = root / written.parent
    try:
        candidates = sorted(entry.name for entry in os.scandir(folder) if entry.is_dir())
    except OSError:
        return ()
    return tuple(
        (locale, str(written.parent / locale / written.name))
        for locale in candidates
        if _names_a_locale(locale) and (folder / locale / written.name).is_file()
    )


@functools.cache
def _names_a_locale(folder: str) -> bool:
    """Whether a folder's name is a locale CLDR knows, as the configuration spells it (``ur``, ``pt_BR``)
    or with a hyphen (``pt-BR``); a folder named ``old`` or ``big`` is no locale's."""
    from toolkit.config import locale_problem

    return LOCALE_FOLDER.fullmatch(folder) is not None and locale_problem(folder.replace("-", "_")) is None


def images_of(owner: object) -> Iterator[Image[Any]]:
    """Every image of a question or a part of one, in reading order (the model's text fields find them)."""
    for name, _declared in text_fields(type(owner)):
        value = getattr(owner, name)
        if isinstance(value, Image):
            yield value
        elif isinstance(value, tuple):
            for part in value:
                yield from images_of(part)


IMAGE_SUFFIXES = frozenset({*(kind.suffix for kind in IMAGE_KINDS.values()), ".jpeg"})
"""The names of image files as authors write them: each type's suffix, and ``.jpeg`` beside ``.jpg``."""


def media_state(root: Path) -> str:
    """What a cache must know of the image files in the content folder ``root`` to tell that one changed,
    appeared or went (a quiz's model names each locale's file, and its exports copy the bytes): each one's
    path, size and modification time. Empty where there are none, so a project without images keeps its
    keys."""
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() in IMAGE_SUFFIXES and path.is_file():
            stat = path.stat()
            found.append(f"{path.relative_to(root).as_posix()}\0{stat.st_size}\0{stat.st_mtime_ns}")
    return "\n".join(found)


def unused_replacements(root: Path, used: Iterable[str]) -> Iterator[tuple[Path, str, str, str | None]]:
    """Each file in a locale's folder of the content folder ``root`` that replaces no image a quiz shows
    (a typo in its name, or a file left behind): (path, locale, the file it would replace, the used file
    of that folder whose name is closest, if any)."""
    import difflib

    shown = set(used)
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() not in IMAGE_SUFFIXES or not _names_a_locale(path.parent.name):
            continue
        if not path.is_file():
            continue
        locale = path.parent.name
        replaced = (path.parent.parent / path.name).relative_to(root).as_posix()
        if replaced in shown or path.relative_to(root).as_posix() in shown:
            continue  # it replaces a file shown, or a quiz shows it itself
        folder = PurePosixPath(replaced).parent
        siblings = [PurePosixPath(file).name for file in shown if PurePosixPath(file).parent == folder]
        close = difflib.get_close_matches(path.name, siblings, n=1)
        yield path, locale, replaced, str(folder / close[0]) if close else None


def misnamed_locale_folders(
    root: Path, used: Iterable[str], locales: Sequence[str]
) -> Iterator[tuple[Path, str | None]]:
    """Each folder beside an image a quiz shows that holds a file of the same name, as a locale's folder
    does, but is named for none of the project's ``locales`` (source first) as :meth:`Image.file_in` looks
    them up (``UR``, ``ur_PK`` or ``urdu`` where the target is ``ur``; ``fr`` where the project has no
    ``fr``), so no quiz shows its files: (folder, the target locale it is meant for where its name says).
    A folder whose name is no locale's at all (``old``) is the author's own and is left alone."""
    from toolkit.text.locale_packs import language_of

    spellings = {
        name for locale in locales for name in (locale, locale.replace("_", "-"), language_of(locale))
    }
    reported: set[Path] = set()
    subfolders: dict[Path, list[str]] = {}
    # Each images' folder's own folders, read once however many images it holds.
    for file in sorted(set(used)):
        written = PurePosixPath(file)
        folder = root / written.parent
        if folder not in subfolders:
            try:
                subfolders[folder] = sorted(entry.name for entry in os.scandir(folder) if entry.is_dir())
            except OSError:
                subfolders[folder] = []
        for name in subfolders[folder]:
            candidate = folder / name
            if name in spellings or candidate in reported or not (candidate / written.name).is_file():
                continue
            meant = _meant_locale(name, locales[1:])
            if meant is not None or _names_a_locale(name.replace("-", "_").lower()):
                reported.add(candidate)
                yield candidate, meant


def _meant_locale(folder: str, targets: Sequence[str]) -> str | None:
    """The target locale that a folder's name means though it is not spelled so: the same language in
    another case, separator or with a region (``UR``, ``ur-pk``, ``ur_PK`` for ``ur``), or the language's
    name in English or in itself (``urdu``, ``اردو``)."""
    from babel import Locale, UnknownLocaleError

    from toolkit.text.locale_packs import language_of

    for target in targets:
        if LOCALE_FOLDER.fullmatch(folder.lower()) and language_of(folder) == language_of(target):
            return target
        try:
            language = Locale.parse(language_of(target))
        except (ValueError, UnknownLocaleError):
            continue
        names = {(language.english_name or "").casefold(), (language.display_name or "").casefold()}
        if folder.casefold() in names:
            return target
    return None


def image_path(root: Path, file: str) -> Path:
    """``file`` in the content folder ``root``; :class:`ImageError` if it leaves the project (an
    absolute path, ``..``, a link that leads out), since exports copy it into their packages."""
    written = PurePosixPath(file)
    if written.is_absolute() or re.match(r"^[A-Za-z]:", file) or file.startswith("\\"):
        raise ImageError(f"{file} is an absolute path; write the path relative to the content folder")
    normal = posixpath.normpath(file.replace("\\", "/"))
    if normal == ".." or normal.startswith("../"):
        raise ImageError(f"{file} is outside the project; copy the image into the content folder")
    # Every later use (each locale's file, the used files, the copies' names) compares the path as
    # written, so it is written one way only; a backslash would name another file on Linux and macOS.
    if "\\" in file:
        raise ImageError(f"{file} has a backslash; write / between folders: {normal}")
    if normal != file:
        raise ImageError(f"write {file} as {normal}, without ./, // or ..")
    resolved = (root / written).resolve()
    project = find_project_root(root) or root
    if not resolved.is_relative_to(project.resolve()):
        raise ImageError(f"{file} is outside the project; copy the image into the content folder")
    return root / written


def read_image(root: Path, file: str) -> tuple[bytes, ImageFacts]:
    """The bytes of the image ``file`` in the content folder ``root`` and what they are, or
    :class:`ImageError` saying why quizkit does not take it."""
    path = image_path(root, file)
    if path.exists() and not path.is_file():
        kind = (
            "a folder" if path.is_dir() else "a named pipe (FIFO)" if path.is_fifo() else "a device or socket"
        )
        raise ImageError(f"{file} is {kind}, not an image file; name the image file itself")
    if not path.is_file():
        raise ImageError(
            f"no file {file} in the content folder; check the path (relative to the content folder, "
            "not to the quiz file)"
        )
    if path.stat().st_size > MAX_IMAGE_BYTES:
        raise ImageError(f"{file} is larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MiB; make it smaller")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ImageError(f"{file} cannot be read: {error.strerror or error}") from error
    return data, image_facts(data, file)
