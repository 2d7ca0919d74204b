"""Where the screenshot of one string in one locale lives: a name made from the key and the locale alone,
so it never changes while the key does not, and every reader of it (the capture, the catalogs' references,
the translator view) agrees without asking the others.

This module is vocabulary (layer 0 in docs/architecture.md): it imports nothing of quizkit, so that the
catalogs can reference screenshots without depending on the browser that takes them.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

DEFAULT_SCREENSHOTS_DIR = "screenshots"
"""The project folder the screenshots are written to, unless ``screenshots-dir`` names another."""

REFERENCE_PREFIX = "Screenshot: "
"""How a catalog entry's ``#.`` comment names its screenshot (``#. Screenshot: screenshots/ur/….png``)."""

# A key is dot-joined ids ([a-z0-9-]) and ui message names; a locale is ``ur`` or ``ur_PK``. Anything else
# would make a path that escapes the folder or differs by file system, so it is refused, not escaped.
_KEY = re.compile(r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$")
_LOCALE = re.compile(r"^[A-Za-z0-9_-]+$")


def screenshot_path(key: str, locale: str) -> PurePosixPath:
    """The screenshot of ``key`` in ``locale``, relative to the screenshots folder: ``<locale>/<key>.png``
    (``ur/data-parallel.questions.q1.prompt.png``). One folder per locale, so a translator's locale is one
    folder to open, and the key whole in the file name, so a file names its entry."""
    if not _KEY.fullmatch(key):
        raise ValueError(f"not a translation key: {key!r}")
    if not _LOCALE.fullmatch(locale):
        raise ValueError(f"not a locale: {locale!r}")
    return PurePosixPath(locale, f"{key}.png")


def project_screenshot_path(
    key: str, locale: str, screenshots_dir: str = DEFAULT_SCREENSHOTS_DIR
) -> PurePosixPath:
    """The screenshot of ``key`` in ``locale`` relative to the project root, as the catalogs reference it
    (``screenshots/ur/data-parallel.questions.q1.prompt.png``); ``screenshots_dir`` is the configuration's
    ``screenshots-dir``."""
    return PurePosixPath(screenshots_dir) / screenshot_path(key, locale)


def split_screenshot_reference(comments: tuple[str, ...]) -> tuple[str | None, tuple[str, ...]]:
    """The screenshot path an entry's ``#.`` comments name, or None, and the other comments. The reference
    is read whole, or as a PO editor that wraps long comments left it (polib at 78 columns:
    ``#. Screenshot:`` alone, then ``#. <path>.png``), so a catalog saved in Poedit names it still."""
    kept: list[str] = []
    path: str | None = None
    split = False
    for comment in comments:
        if comment.startswith(REFERENCE_PREFIX):
            path = comment.removeprefix(REFERENCE_PREFIX)
            continue
        if comment.rstrip() == REFERENCE_PREFIX.rstrip():
            split = True
            continue
        if split and comment.endswith(".png") and not any(character.isspace() for character in comment):
            path = comment
            split = False
            continue
        split = False
        kept.append(comment)
    return path, tuple(kept)


def without_screenshot_references(comments: tuple[str, ...]) -> tuple[str, ...]:
    """``comments`` (an entry's ``#.`` lines) without its screenshot reference, whole or wrapped
    (:func:`split_screenshot_reference`)."""
    return split_screenshot_reference(comments)[1]


def screenshot_reference(key: str, locale: str, screenshots_dir: str = DEFAULT_SCREENSHOTS_DIR) -> str:
    """The ``#.`` comment that names the screenshot of ``key`` in ``locale`` in a catalog entry."""
    return f"{REFERENCE_PREFIX}{project_screenshot_path(key, locale, screenshots_dir)}"
