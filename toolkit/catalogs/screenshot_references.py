"""Each catalog entry names its screenshot: a ``#. Screenshot: screenshots/ur/<key>.png`` comment (the
path relative to the project root, :mod:`toolkit.screenshots.naming`), where that screenshot exists.

A ``#.`` comment, not a ``#:`` reference: Poedit, Lokalize and Weblate all show extracted comments to
the translator beside the entry, while a ``#:`` reference is offered as a source location (Poedit opens
it in a text editor, Weblate links it into the repository browser), and quizkit's references already name
the quiz's YAML file. The comment follows the template's own comments, so a merge (which takes those from
the template, as msgmerge does) and this module agree on its place.

The comment is written exactly where the file is: ``quizkit update`` (every catalog it plans,
:func:`toolkit.catalogs.workflow.plan_catalog`) and ``quizkit screenshots`` (:func:`refresh`, after it
wrote them) both apply :func:`with_screenshot_references`, so a catalog never names a screenshot that is
not there, and names every one that is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.config import ProjectConfig
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.screenshots.naming import (
    screenshot_path,
    screenshot_reference,
    without_screenshot_references,
)

if TYPE_CHECKING:
    from toolkit.catalogs.workflow import FileOutcome


def screenshot_file(config: ProjectConfig, key: str, locale: str) -> Path | None:
    """The screenshot of ``key`` in ``locale`` if the project has it (what the translator view shows)."""
    try:
        path = config.screenshots_path / screenshot_path(key, locale)
    except ValueError:
        return None
    return path if path.is_file() else None


def _referenced(entry: CatalogEntry, config: ProjectConfig, locale: str) -> CatalogEntry:
    comments = without_screenshot_references(entry.extracted_comments)
    if not entry.obsolete and entry.context and screenshot_file(config, entry.context, locale) is not None:
        comments = (*comments, screenshot_reference(entry.context, locale, config.screenshots_dir))
    if comments == entry.extracted_comments:
        return entry
    return replace(entry, extracted_comments=comments)


def with_screenshot_references(catalog: Catalog, locale: str, config: ProjectConfig) -> Catalog:
    """``catalog`` with a ``#. Screenshot:`` comment on each entry whose screenshot exists in
    ``locale``, and on no other."""
    entries = tuple(_referenced(entry, config, locale) for entry in catalog.entries)
    if all(new is old for new, old in zip(entries, catalog.entries, strict=True)):
        return catalog
    return replace(catalog, entries=entries)


def refresh(config: ProjectConfig, locales: Sequence[str]) -> list[FileOutcome]:
    """Bring every existing catalog of ``locales`` (target locales) in line with the screenshots on
    disk, through the catalog writer; a catalog saved in an editor meanwhile is refused, not overwritten.
    Each catalog with whether it changed."""
    from toolkit.catalogs.layout import CatalogLayout
    from toolkit.catalogs.workflow import (
        FileOutcome,
        refuse_changed_since_read,
        template_domains,
        validated_catalog_read,
    )
    from toolkit.files import write_bytes_atomic
    from toolkit.gettext.po_writer import write_po

    layout = CatalogLayout.for_project(config)
    outcomes = []
    for locale in locales:
        for domain in template_domains(config):
            path = layout.catalog(locale, domain)
            if not path.is_file():
                continue
            catalog, digest = validated_catalog_read(path, locale)
            updated = with_screenshot_references(catalog, locale, config)
            changed = False
            if updated is not catalog:
                refuse_changed_since_read(path, digest)
                changed = write_bytes_atomic(path, write_po(updated), durable=True)
            outcomes.append(FileOutcome(path, changed))
    return outcomes
