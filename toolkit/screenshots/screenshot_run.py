"""``quizkit screenshots`` for a project: the marked player pages of every quiz in every locale (the source
and the target locales; pseudo-locales are for layout checks, not translators), captured in Chromium
(:mod:`toolkit.screenshots.capture`), written to ``<screenshots-dir>/<locale>/<key>.png``
(:mod:`toolkit.screenshots.naming`) atomically and only where the bytes changed, and the screenshots of
keys that are gone removed. The catalogs' references to them are the catalogs' business
(:mod:`toolkit.catalogs.screenshot_references`); the command runs both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from toolkit.config import ProjectConfig
from toolkit.content.player_messages import PLAYER_MESSAGES
from toolkit.exporters.export_run import build_request
from toolkit.exporters.player.html import asset_outputs, player_page
from toolkit.exporters.player.view import TRUE_FALSE_DEFAULTS
from toolkit.files import confined, write_bytes_atomic
from toolkit.model import Level
from toolkit.screenshots.capture import Page, capture_pages, scratch_folder
from toolkit.screenshots.devtools import find_browser
from toolkit.screenshots.naming import screenshot_path

PAGE_MESSAGES = frozenset(
    {
        *PLAYER_MESSAGES,
        *TRUE_FALSE_DEFAULTS,
        "language",
        "guide-linked-quiz",
        *(f"level-{level.value}" for level in Level),
    }
)
"""The interface messages a player page can show: the player's own, and the header's and the language
switch's (html.player_page). The others of ui.yaml (the index's heading, words kept for the importer)
never appear on it, so they are not looked for."""


@dataclass(frozen=True)
class ScreenshotReport:
    written: tuple[Path, ...]
    """Screenshots new or changed."""
    unchanged: int
    removed: tuple[Path, ...]
    """Screenshots of keys or locales the project no longer has."""
    not_shown: tuple[tuple[str, str], ...] = field(default=())
    """(locale, key) of catalog keys the player never showed in the walk, so without a screenshot."""


def _locales(config: ProjectConfig, locales: Sequence[str] | None) -> list[str]:
    every = [config.source_locale, *config.target_locales]
    return [locale for locale in every if not locales or locale in locales]


def take_screenshots(
    config: ProjectConfig,
    locales: Sequence[str] | None = None,
    program: Path | None = None,
    on_progress: Callable[[str, str], None] | None = None,
) -> ScreenshotReport:
    """Capture every translatable string of every quiz in ``locales`` (default: the source and every
    target locale) and write the screenshots; return what changed. ``program``: the browser to run
    (default: found on the PATH, :func:`toolkit.screenshots.devtools.find_browser`)."""
    program = program or find_browser()  # no browser: said before any work
    chosen = _locales(config, locales)
    # Every page is built with every locale of the project, whatever ``locales`` selects: the language
    # switch lists the locales of the build, so a run for one locale must draw the same page as a full run.
    targets = tuple(config.target_locales)
    # The translators' view: every translation that is not fuzzy shows, approved or not, so that a
    # translator sees their words in place before a reviewer approves them (the release gate's
    # require = "approved" decides what is published, not what is reviewed).
    request = build_request(replace(config, require="translated"), targets)
    interface = request.content.interface
    interface_keys = frozenset(
        message.key for message in (interface.messages if interface else ()) if message.name in PAGE_MESSAGES
    )
    pages: list[Page] = []
    keys: dict[tuple[str, str], frozenset[str]] = {}
    shots: dict[PurePosixPath, bytes] = {}
    with scratch_folder() as scratch:
        folder = Path(scratch)
        for output in asset_outputs():
            (folder / output.path).parent.mkdir(parents=True, exist_ok=True)
            (folder / output.path).write_bytes(output.data)
        for quiz, every in request.versions_by_quiz():
            quiz_keys = frozenset(text.key for text in quiz.texts()) | interface_keys
            for localized in every:
                locale = localized.locale.tag.replace("-", "_")
                if locale not in chosen:
                    continue
                path = PurePosixPath(quiz.id) / f"{localized.locale.tag}.html"
                (folder / path).parent.mkdir(parents=True, exist_ok=True)
                (folder / path).write_bytes(player_page(localized, every, marked=True))
                pages.append(Page(quiz.id, locale, path, len(localized.questions)))
                keys[(quiz.id, locale)] = quiz_keys
        for shot in capture_pages(folder, pages, keys, program):
            if on_progress is not None:
                on_progress(shot.locale, shot.key)
            shots[screenshot_path(shot.key, shot.locale)] = shot.png
    root = config.screenshots_path
    written = []
    unchanged = 0
    for relative, png in sorted(shots.items()):
        target = confined(root / relative, config.root)
        if write_bytes_atomic(target, png):
            written.append(target)
        else:
            unchanged += 1
    wanted = {(page.locale, key) for page in pages for key in keys[(page.quiz_id, page.locale)]}
    taken = {(relative.parts[0], relative.name.removesuffix(".png")) for relative in shots}
    removed = _remove_stale(root, chosen, set(shots))
    return ScreenshotReport(tuple(written), unchanged, tuple(removed), tuple(sorted(wanted - taken)))


def _remove_stale(root: Path, locales: Sequence[str], kept: set[PurePosixPath]) -> list[Path]:
    """Remove the screenshots in ``locales``' folders that this run did not take: their keys are gone.
    Only ``*.png`` files are touched; anything else a user put there stays."""
    removed = []
    for locale in locales:
        folder = root / locale
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("*.png")):
            if path.is_file() and PurePosixPath(locale, path.name) not in kept:
                path.unlink()
                removed.append(path)
    return removed
