"""``quizkit screenshots`` for a project: the marked player pages of every quiz in every locale (the source
and the target locales; pseudo-locales are for layout checks, not translators), captured in Chromium
(:mod:`toolkit.screenshots.capture`), written to ``<screenshots-dir>/<locale>/<key>.png``
(:mod:`toolkit.screenshots.naming`) atomically and only where the bytes changed, and the screenshots it
wrote before whose keys are gone removed (:data:`MANIFEST`). The catalogs' references to them are the
catalogs' business (:mod:`toolkit.catalogs.screenshot_references`); the command runs both.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from toolkit.config import ProjectConfig
from toolkit.content import load_content
from toolkit.content.player_messages import PLAYER_MESSAGES
from toolkit.exporters.base import ExportRequest
from toolkit.exporters.export_run import build_request
from toolkit.exporters.media import MediaFiles
from toolkit.exporters.player.html import asset_outputs, player_page
from toolkit.exporters.player.index_page import index_page
from toolkit.exporters.player.view import TRUE_FALSE_DEFAULTS
from toolkit.files import confined, write_bytes_atomic
from toolkit.keys import message_key
from toolkit.localization import FallbackPolicy, LocalizedQuiz
from toolkit.model import ChoiceQuestion, Level, QuestionType
from toolkit.screenshots.capture import Page, capture_pages, scratch_folder
from toolkit.screenshots.devtools import TIMEOUT_SECONDS, find_browser
from toolkit.screenshots.naming import screenshot_path

INDEX_MESSAGES = frozenset(
    {"quiz-list", "question-count", "review-each-question", "answers-appear", "start-quiz"}
)
"""The interface messages of the index page's heading and start cards (index_page.index_page) that no player
page shows."""

PAGE_MESSAGES = frozenset(
    {
        *PLAYER_MESSAGES,
        *TRUE_FALSE_DEFAULTS,
        *INDEX_MESSAGES,
        "language",
        "guide-linked-quiz",
        *(f"level-{level.value}" for level in Level),
    }
)
"""The interface messages a page can show: the player's own, the header's and the language switch's
(html.player_page), and the index's. The others of ui.yaml (words kept for the importer) never appear
on a page, so they are not looked for."""

SPECIMEN_FOLDER = PurePosixPath("made-for-screenshots")
"""Where the pages made for a screenshot only are written among the marked pages (:func:`specimen_pages`)."""


SPECIMEN_GUIDE = "guide"
"""The guide of the page made for ``ui.guide-linked-quiz`` where no quiz has one (:func:`specimen_pages`)."""


@dataclass(frozen=True)
class ScreenshotReport:
    written: tuple[Path, ...]
    """Screenshots new or changed."""
    unchanged: int
    removed: tuple[Path, ...]
    """Screenshots of keys or locales the project no longer has."""
    not_shown: tuple[tuple[str, str], ...] = field(default=())
    """(locale, key) of catalog keys the player never showed in the walk, so without a screenshot."""
    off_page: tuple[tuple[str, str], ...] = field(default=())
    """(locale, key) of interface messages no page shows (the words kept for the importer,
    :data:`PAGE_MESSAGES`), so without a screenshot, said rather than skipped."""
    made_for_them: tuple[tuple[str, str], ...] = field(default=())
    """(locale, key) of interface messages no quiz of the project shows (a level no quiz has, the label of
    a guide-linked quiz where no quiz has a guide, the hint of a kind of question no quiz asks), captured on a page made for their screenshot
    (:func:`specimen_pages`)."""


def _locales(config: ProjectConfig, locales: Sequence[str] | None) -> list[str]:
    every = [config.source_locale, *config.target_locales]
    return [locale for locale in every if not locales or locale in locales]


def write_pages(
    config: ProjectConfig, chosen: Sequence[str], folder: Path
) -> tuple[list[Page], dict[tuple[str, str], frozenset[str]]]:
    """Write the marked player page of every quiz in each of the ``chosen`` locales into ``folder``, with
    the player's assets, then the marked index of each locale and the pages made for the screenshots of
    messages no quiz shows (:func:`specimen_pages`), and the images the pages show, in ``media/`` as the
    ``html`` export copies them; return the pages, in the order to walk them, and, by (page id, locale),
    the keys each may show."""
    # Every page is built with every locale of the project, whatever ``chosen`` selects: the language
    # switch lists the locales of the build, so a run for one locale draws the same page as a full run.
    # The translators' view: every translation that is not fuzzy shows, approved or not, so that a
    # translator sees their words in place before a reviewer approves them (the release gate's
    # require = "approved" decides what is published, not what is reviewed); and each one shows in its
    # question even while a sibling text is untranslated (the ``text`` fallback policy), where a learner
    # would get the whole question in the source language.
    request = build_request(replace(config, require="translated"), config.target_locales, FallbackPolicy.TEXT)
    interface = request.content.interface
    interface_keys = frozenset(
        message.key for message in (interface.messages if interface else ()) if message.name in PAGE_MESSAGES
    )
    pages: list[Page] = []
    keys: dict[tuple[str, str], frozenset[str]] = {}
    media = MediaFiles()
    for quiz, every in request.versions_by_quiz():
        quiz_keys = frozenset(text.key for text in quiz.texts()) | interface_keys
        for localized in every:
            locale = localized.locale.tag.replace("-", "_")
            if locale not in chosen:
                continue
            path = PurePosixPath(quiz.id) / f"{localized.locale.tag}.html"
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_bytes(player_page(localized, every, marked=True, media=media))
            pages.append(Page(quiz.id, locale, path, len(localized.questions)))
            keys[(quiz.id, locale)] = quiz_keys
    everything = (
        frozenset(text.key for quiz in request.content.quizzes for text in quiz.texts()) | interface_keys
    )
    for locale in chosen:
        # The index lists every locale; each locale's own is marked, so its keys are found in its card.
        path = PurePosixPath(f"index.{locale}.html")
        (folder / path).write_bytes(index_page(request, marked_locale=locale))
        # The page's name for its id: no quiz id has a dot.
        pages.append(Page(str(path), locale, path, 0, walk=False))
        keys[(str(path), locale)] = everything
    for page_id, message, localized, others in specimen_pages(request):
        locale = localized.locale.tag.replace("-", "_")
        if locale not in chosen or message_key(message) not in interface_keys:
            continue
        path = SPECIMEN_FOLDER / page_id / f"{localized.locale.tag}.html"
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_bytes(player_page(localized, others, marked=True, depth=2, media=media))
        pages.append(Page(f"{SPECIMEN_FOLDER}/{page_id}", locale, path, len(localized.questions)))
        keys[(f"{SPECIMEN_FOLDER}/{page_id}", locale)] = frozenset({message_key(message)})
    for output in [*asset_outputs(), *media.outputs()]:
        (folder / output.path).parent.mkdir(parents=True, exist_ok=True)
        (folder / output.path).write_bytes(output.data)
    return pages, keys


def specimen_pages(request: ExportRequest) -> Iterator[tuple[str, str, LocalizedQuiz, list[LocalizedQuiz]]]:
    """Pages made only for the screenshot of an interface message that no quiz of the project shows:
    (page id, message name, the quiz in a locale, the quiz in every locale for the language switch).
    A level no quiz has: the first quiz's header with that level. The label of a quiz that goes with a
    guide, where none does: the first quiz's header as such a quiz's. The hint of a question that may have
    several correct options, where no quiz has one: the first single-choice question asked as such a
    question. Each is the project's own quiz, changed only where the message shows."""
    versions = list(request.versions_by_quiz())
    if not versions:
        return
    levels = {quiz.level for quiz, _ in versions}
    first, every = versions[0]
    for level in Level:
        if level in levels:
            continue
        name = f"level-{level.value}"

        def with_level(localized: LocalizedQuiz, name: str = name, level: Level = level) -> LocalizedQuiz:
            label = next(
                (message.text for message in localized.messages if message.name == name and message.text),
                level.value,
            )
            return replace(localized, quiz=replace(localized.quiz, level=level), level_label=label)

        changed = [with_level(localized) for localized in every]
        for localized in changed:
            yield f"{first.id}-{name}", name, replace(localized, questions=localized.questions[:1]), changed
    if not any(quiz.guide for quiz, _ in versions):
        # No quiz goes with a guide: the first quiz's header as a guide-linked quiz's (the guide's id
        # shows nowhere on the page; the header shows the message beside the level).
        guided = [
            replace(localized, quiz=replace(localized.quiz, guide=SPECIMEN_GUIDE)) for localized in every
        ]
        for localized in guided:
            yield (
                f"{first.id}-guide-linked-quiz",
                "guide-linked-quiz",
                replace(localized, questions=localized.questions[:1]),
                guided,
            )
    asked = [question for quiz, _ in versions for question in quiz.questions]
    if any(question.type is QuestionType.MULTIPLE_CHOICE for question in asked):
        return
    for quiz, every in versions:
        single = next(
            (question for question in quiz.questions if question.type is QuestionType.SINGLE_CHOICE), None
        )
        if single is None:
            continue
        changed = []
        for localized in every:
            question = next(question for question in localized.questions if question.id == single.id)
            if not isinstance(question, ChoiceQuestion):
                break
            several = replace(question, type=QuestionType.MULTIPLE_CHOICE)
            changed.append(replace(localized, questions=(several,)))
        for localized in changed:
            yield f"{quiz.id}-choose-all", "choose-all", localized, changed
        return


def take_screenshots(
    config: ProjectConfig,
    locales: Sequence[str] | None = None,
    program: Path | None = None,
    on_progress: Callable[[str, str], None] | None = None,
    timeout: float = TIMEOUT_SECONDS,
) -> ScreenshotReport:
    """Capture every translatable string of every quiz in ``locales`` (default: the source and every
    target locale) and write the screenshots; return what changed. ``program``: the browser to run
    (default: found on the PATH, :func:`toolkit.screenshots.devtools.find_browser`); ``timeout``: the
    seconds each browser command may take."""
    program = program or find_browser()  # no browser: said before any work
    chosen = _locales(config, locales)
    shots: dict[PurePosixPath, bytes] = {}
    made_for_them = []
    with scratch_folder() as scratch:
        folder = Path(scratch)
        pages, keys = write_pages(config, chosen, folder)
        specimens = {
            (page.locale, key)
            for page in pages
            if page.quiz_id.startswith(f"{SPECIMEN_FOLDER}/")
            for key in keys[(page.quiz_id, page.locale)]
        }
        for shot in capture_pages(folder, pages, keys, program, timeout):
            if on_progress is not None:
                on_progress(shot.locale, shot.key)
            shots[screenshot_path(shot.key, shot.locale)] = shot.png
            if (shot.locale, shot.key) in specimens:
                made_for_them.append((shot.locale, shot.key))
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
    removed = remove_stale_screenshots(root, chosen, set(shots))
    interface = load_content(config.content_path).interface
    off_page = sorted(
        (locale, message.key)
        for locale in chosen
        for message in (interface.messages if interface else ())
        if message.name not in PAGE_MESSAGES
    )
    return ScreenshotReport(
        tuple(written),
        unchanged,
        tuple(removed),
        tuple(sorted(wanted - taken)),
        tuple(off_page),
        tuple(sorted(made_for_them)),
    )


MANIFEST = ".quizkit-screenshots.json"
"""The file in the screenshots folder listing the screenshots quizkit wrote there (``<locale>/<key>.png``,
relative to the folder): only those are ever removed, so a picture a user keeps in the same folder
(screenshots-dir = "docs/images") is never taken for a screenshot whose string is gone."""


def _written_before(root: Path) -> set[PurePosixPath]:
    """The screenshots the manifest says quizkit wrote; an entry not of the shape of a screenshot's path
    (a hand-edited or crafted manifest) is ignored, and so is a manifest that cannot be read: nothing is
    removed that quizkit cannot show it wrote."""
    try:
        listed = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return set()
    entries = listed.get("written") if isinstance(listed, dict) else None
    written = set()
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, str) or entry.count("/") != 1 or not entry.endswith(".png"):
            continue
        locale, name = entry.split("/")
        try:
            written.add(screenshot_path(name.removesuffix(".png"), locale))
        except ValueError:
            continue
    return written


def remove_stale_screenshots(root: Path, locales: Sequence[str], kept: set[PurePosixPath]) -> list[Path]:
    """Remove the screenshots of ``locales`` that quizkit wrote in an earlier run (the manifest,
    :data:`MANIFEST`) and this run did not take: their keys are gone. Any other file stays, whatever its
    name. The manifest is then rewritten (atomically) to list ``kept`` and the earlier screenshots of the
    other locales."""
    earlier = _written_before(root)
    removed = []
    for relative in sorted(earlier):
        if relative.parts[0] not in locales or relative in kept:
            continue
        path = root / relative
        if path.is_file() and not path.is_symlink():
            path.unlink()
            removed.append(path)
    still = {relative for relative in earlier if relative.parts[0] not in locales} | kept
    if still or (root / MANIFEST).exists():
        listing = {"written": sorted(str(relative) for relative in still)}
        write_bytes_atomic(root / MANIFEST, (json.dumps(listing, indent=1) + "\n").encode())
    return removed
