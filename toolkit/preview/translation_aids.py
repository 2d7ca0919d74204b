"""What the translator view shows beside each entry to help translate it: the glossary's terms in its
source, the translation memory's suggestions, and its screenshot (``quizkit screenshots``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from toolkit.config import ProjectConfig
from toolkit.gettext.catalog import CatalogEntry

MAX_SUGGESTIONS = 3
SCREENSHOT_PREFIX = "/__quizkit/screenshots/"
MAX_SCREENSHOT_BYTES = 32 * 1024 * 1024


@dataclass(frozen=True)
class Suggestion:
    similarity: float
    """0 to 100."""
    translations: tuple[str, ...]
    origin: str
    """Where it comes from, as ``quizkit memory search`` says it."""


def memory_suggestions(
    config: ProjectConfig, quiz: str, locale: str
) -> tuple[Callable[[CatalogEntry], list[Suggestion]], str | None]:
    """A function giving an entry's suggestions from the project's memory (never the entry itself), and
    why there are none (the memory cannot be read: the build names the problem too), or None."""
    from toolkit.memory.index import MemoryIndex, text_of_entry
    from toolkit.memory.translation_memory import MemoryFileError, build_memory, locale_key

    try:
        memory = build_memory(config)
    except (MemoryFileError, OSError) as error:
        return (lambda _entry: []), f"the translation memory cannot be read: {error}"
    units = memory.for_locale(locale)
    indexes = {
        plural: MemoryIndex([unit for unit in units if unit.is_plural == plural]) for plural in (False, True)
    }
    wanted = locale_key(locale)

    def suggestions(entry: CatalogEntry) -> list[Suggestion]:
        found: list[Suggestion] = []
        text = text_of_entry(entry.msgid, entry.msgid_plural)
        for match in indexes[entry.is_plural].matches(text, float(config.memory_similarity)):
            origin = match.unit.origin
            if (
                not origin.from_tmx
                and origin.key == entry.context
                and origin.place == quiz
                and locale_key(origin.locale) == wanted
            ):
                continue  # the entry's own translation
            if len(match.unit.targets) != len(entry.translations):
                continue
            found.append(Suggestion(match.similarity, match.unit.targets, origin.describe()))
            if len(found) == MAX_SUGGESTIONS:
                break
        return found

    return suggestions, None


def screenshot_url(config: ProjectConfig, key: str, locale: str) -> str | None:
    """Where the view loads ``key``'s screenshot in ``locale`` from; None when there is none yet."""
    if screenshot_file(config, key, locale) is None:
        return None
    from urllib.parse import quote

    return SCREENSHOT_PREFIX + quote(f"{locale}/{key}.png")


def screenshot_file(config: ProjectConfig, key: str, locale: str) -> Path | None:
    """The screenshot file of ``key`` in ``locale`` (the one the catalogs reference), resolved and inside
    the project, since the server sends it: a link leading out of the project is none."""
    from toolkit.catalogs.screenshot_references import screenshot_file as referenced_file
    from toolkit.files import OutsideProjectError, confined

    found = referenced_file(config, key, locale)
    if found is None:
        return None
    try:
        return confined(found, config.root, action="read")
    except OutsideProjectError:
        return None


def screenshot_of_request(config: ProjectConfig, rest: str) -> Path | None:
    """The file a request for ``SCREENSHOT_PREFIX + rest`` names (``<locale>/<key>.png``): a locale of
    the project and a key, nothing else."""
    parts = PurePosixPath(rest).parts
    if len(parts) != 2 or not parts[1].endswith(".png"):
        return None
    locale, key = parts[0], parts[1].removesuffix(".png")
    if locale not in (config.source_locale, *config.target_locales):
        return None
    return screenshot_file(config, key, locale)
