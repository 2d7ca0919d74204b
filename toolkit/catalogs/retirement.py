"""Templates and catalogs of quizzes that are gone: found, retired, and taken back when the quiz returns.

A quiz deleted from the content leaves ``locales/<quiz>.pot`` and a catalog per locale, which status
would go on counting. The template is made from the content: it is removed. A catalog holds
translations, and no translation is ever lost: a catalog with any translation (or one that cannot be
read, whose translations cannot be told) is retired, moved unchanged to
``locales/retired/<locale>/<quiz>.po``, where no command takes it for a catalog of the project; when a
quiz with that id returns, ``update`` and ``build`` merge it back (:func:`retired_catalog`) and remove
the retired copy. A catalog with no translation and a compiled catalog (``.mo``, made from a catalog)
are removed. A quiz retired again while a retired catalog of it is kept gets a numbered copy beside it
(``<quiz>.2.po``): the returning quiz takes back one (the plain one, else the lowest number), and
``update`` names every other copy of a quiz that is back (:func:`left_behind`) until it is dealt with.

A quiz that still has its file is never retired, even when it has no template (a draft whose title is
still a to-do), and files quizkit did not make (another program's ``messages.po``) are never touched.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from toolkit.catalogs.layout import CatalogLayout
from toolkit.config import ProjectConfig
from toolkit.content.validation import collect_files, display_path
from toolkit.files import FileTooLargeError, confined, read_regular_file, refuse_unwritable, sync_folder
from toolkit.gettext.po_reader import MAX_PO_BYTES, PoSyntaxError, read_po
from toolkit.keys import is_valid_id

RETIRED_FOLDER = "retired"
"""The folder of ``locales/`` that keeps the catalogs of quizzes that are gone."""


@dataclass(frozen=True)
class Orphan:
    """A template, catalog or compiled catalog whose quiz is gone."""

    path: Path
    domain: str
    locale: str | None
    """None for a template."""

    @property
    def is_catalog(self) -> bool:
        return self.path.suffix == ".po"


@dataclass(frozen=True)
class Retirement:
    """What became of an orphan: removed, or (a catalog with translations) moved to ``retired_to``."""

    orphan: Orphan
    retired_to: Path | None
    translations: int = 0
    """The retired catalog's entries with a translation (0 when it could not be read)."""


def live_domains(config: ProjectConfig, templates: Iterable[str]) -> set[str]:
    """The domains that still have their source: a template made now, or a content file of that name."""
    files, _ = collect_files([config.content_path]) if config.content_path.is_dir() else ([], [])
    return {*templates, *(path.stem for path in files)}


def orphans(config: ProjectConfig, live: set[str]) -> list[Orphan]:
    """quizkit's templates, catalogs and compiled catalogs of domains not in ``live``, in path order.

    Only what quizkit made is an orphan: a template it generated (its header says so), a catalog of a
    domain whose template that is, or whose entries carry the domain's keys, and a compiled catalog
    beside such a catalog. Another program's files in the same folders (``messages.po``) are left alone.
    """
    layout = CatalogLayout.for_project(config)
    root = config.locales_path
    if not root.is_dir():
        return []
    found = [
        Orphan(layout.template(path.stem), path.stem, None)
        for path in sorted(root.glob("*.pot"))
        if is_valid_id(path.stem) and path.stem not in live and _generated_template(path)
    ]
    templated = {orphan.domain for orphan in found}
    for folder in sorted(root.glob("*/LC_MESSAGES")):
        locale = folder.parent.name
        if locale == RETIRED_FOLDER:
            continue
        catalogs = [
            Orphan(layout.catalog(locale, path.stem), path.stem, locale)
            for path in sorted(folder.glob("*.po"))
            if is_valid_id(path.stem) and path.stem not in live
        ]
        owned = [orphan for orphan in catalogs if orphan.domain in templated or _keyed(orphan)]
        domains = templated | {orphan.domain for orphan in owned}
        compiled = [
            Orphan(layout.compiled(locale, path.stem), path.stem, locale)
            for path in sorted(folder.glob("*.mo"))
            if path.stem in domains
        ]
        found.extend(sorted([*owned, *compiled], key=lambda orphan: orphan.path))
    return found


def _generated_template(path: Path) -> bool:
    try:
        catalog = read_po(read_regular_file(path, MAX_PO_BYTES), display_path(path))
    except (PoSyntaxError, OSError):
        return False  # FileTooLargeError is an OSError
    return any(comment.startswith(_GENERATOR) for comment in catalog.header.comments)


def _keyed(orphan: Orphan) -> bool:
    """A catalog whose entries carry its domain's keys (``<quiz>.title``): one quizkit made."""
    try:
        catalog = read_po(read_regular_file(orphan.path, MAX_PO_BYTES), display_path(orphan.path))
    except (PoSyntaxError, OSError):
        return False
    prefix = f"{orphan.domain}."
    return any((entry.context or "").startswith(prefix) for entry in catalog.entries)


_GENERATOR = "Generated by quizkit extract"
"""How the header comment of a template quizkit wrote begins (toolkit.catalogs.extraction)."""


def _retired(config: ProjectConfig, locale: str, domain: str) -> Path:
    assert is_valid_id(domain), domain
    return confined(config.locales_path / RETIRED_FOLDER / locale / f"{domain}.po", config.locales_path)


_RETIRED_NAME = re.compile(r"(?P<domain>[a-z0-9-]+)(?:\.(?P<number>[2-9]|[1-9][0-9]+))?\.po")
"""A retired catalog's name: ``<domain>.po``, or a numbered copy, ``<domain>.<n>.po`` (n from 2)."""


def _retired_by_domain(config: ProjectConfig, locale: str) -> dict[str, list[Path]]:
    """The retired catalogs of ``locale`` by domain, each domain's ``<domain>.po`` first, then its
    numbered copies by number; the folder is listed once."""
    folder = config.locales_path / RETIRED_FOLDER / locale
    if not folder.is_dir():
        return {}
    found: dict[str, list[tuple[int, Path]]] = {}
    for path in folder.iterdir():
        match = _RETIRED_NAME.fullmatch(path.name)
        if match and is_valid_id(match["domain"]) and path.is_file():
            found.setdefault(match["domain"], []).append((int(match["number"] or 1), path))
    return {
        domain: [confined(path, config.locales_path) for _, path in sorted(copies)]
        for domain, copies in found.items()
    }


def retired_copies(config: ProjectConfig, locale: str, domain: str) -> list[Path]:
    """The retired catalogs of ``domain`` for ``locale``: ``<domain>.po``, then ``<domain>.<n>.po`` by n."""
    assert is_valid_id(domain), domain
    return _retired_by_domain(config, locale).get(domain, [])


def retired_catalog(config: ProjectConfig, locale: str, domain: str) -> Path | None:
    """The retired catalog a returning quiz takes back, if there is one: ``<domain>.po``, else the
    lowest-numbered copy."""
    copies = retired_copies(config, locale, domain)
    return copies[0] if copies else None


@dataclass(frozen=True)
class LeftBehind:
    """A retired catalog of a quiz that is back, which its catalog did not take back."""

    path: Path
    domain: str
    catalog: Path
    """The quiz's catalog, where the translations the copy holds belong."""


def left_behind(config: ProjectConfig, catalogs: Iterable[tuple[str, str, Path]]) -> list[LeftBehind]:
    """The retired catalogs still kept for the (locale, domain, catalog path) of live quizzes."""
    by_locale: dict[str, dict[str, list[Path]]] = {}
    kept: list[LeftBehind] = []
    for locale, domain, catalog in catalogs:
        if locale not in by_locale:
            by_locale[locale] = _retired_by_domain(config, locale)
        kept.extend(LeftBehind(path, domain, catalog) for path in by_locale[locale].get(domain, []))
    return kept


def taken_back_problem(domain: str, message: str) -> str:
    """``message`` (why a retired catalog cannot be read) with what to do about it: the returning quiz
    cannot take it back as it is, and update writes nothing rather than lose what it holds."""
    return (
        f"{message}; this is the catalog of quiz {domain}, retired when the quiz was deleted, which update "
        "takes back now that the quiz is back: mend the file, or move it out of the locales folder to "
        "start the quiz's catalog anew (and copy its translations in by hand), then run the command again"
    )


def remove_taken_back(retired: Path) -> None:
    """Remove the retired catalog ``retired`` once the catalog that took it back is written, and its
    folders once empty: what it held is in that catalog now."""
    retired.unlink(missing_ok=True)
    remove_empty_retired_folders(retired.parent)


def remove_empty_retired_folders(folder: Path) -> None:
    """Remove ``folder`` (a locale's folder of retired catalogs) and the retired folder, once empty."""
    for empty in (folder, folder.parent):
        if empty.name == RETIRED_FOLDER or empty.parent.name == RETIRED_FOLDER:
            with contextlib.suppress(OSError):  # not empty: it keeps other retired catalogs
                empty.rmdir()


def _translations(path: Path) -> int | None:
    """How many entries of a catalog have a translation (obsolete ones too); None if it cannot be read
    as a catalog (then it is kept: what it holds cannot be told)."""
    try:
        catalog = read_po(read_regular_file(path, MAX_PO_BYTES), display_path(path))
    except (PoSyntaxError, FileTooLargeError):
        return None
    return sum(entry.has_translation for entry in catalog.entries)


def plan_retirement(config: ProjectConfig, found: list[Orphan]) -> list[tuple[Orphan, int | None]]:
    """Each orphan with what it keeps: for a catalog, its translations (None: unreadable, kept whole);
    for the others, 0. Every file is checked to be removable first, so a refused one stops the update
    before anything is written."""
    planned: list[tuple[Orphan, int | None]] = []
    for orphan in found:
        translations = _translations(orphan.path) if orphan.is_catalog else 0
        refuse_unwritable(orphan.path, b"")
        planned.append((orphan, translations))
    return planned


def retire(config: ProjectConfig, planned: list[tuple[Orphan, int | None]]) -> list[Retirement]:
    """Move each planned catalog with translations to the retired folder; remove the other orphans.

    A move is one rename within ``locales/``: a stop leaves the catalog in one place or the other."""
    done: list[Retirement] = []
    for orphan, translations in planned:
        retired_to = None
        if orphan.is_catalog and orphan.locale is not None and translations != 0:
            retired_to = _free_place(_retired(config, orphan.locale, orphan.domain), orphan.path)
            retired_to.parent.mkdir(parents=True, exist_ok=True)
            if retired_to.exists():
                orphan.path.unlink()  # the same bytes are already kept there
            else:
                orphan.path.replace(retired_to)
            sync_folder(retired_to.parent)
        else:
            with contextlib.suppress(FileNotFoundError):
                orphan.path.unlink()
        sync_folder(orphan.path.parent)
        done.append(Retirement(orphan, retired_to, translations or 0))
    return done


def _free_place(path: Path, catalog: Path) -> Path:
    """``path``, or where it already holds other bytes (a quiz retired, restored by hand and retired
    again), the first free ``<domain>.<n>.po`` beside it: a retired catalog is never overwritten."""
    candidate = path
    number = 1
    while candidate.exists():
        if candidate.read_bytes() == catalog.read_bytes():
            return candidate
        number += 1
        candidate = path.with_name(f"{path.stem}.{number}.po")
    return candidate
