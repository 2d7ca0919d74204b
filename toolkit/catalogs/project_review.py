"""The review of a project's catalogs: approve, revoke, and list what awaits review (``quizkit review``).

Entries are chosen by key, question, quiz (domain) and locale; the kinds given must all match, any one
value of a kind will do. Like the rest of the catalog workflow, nothing is printed and nothing is
written unless every catalog was read and every target is writable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.workflow import (
    CatalogError,
    _locales,
    refuse_changed_since_read,
    template_domains,
    validated_catalog_read,
)
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path
from toolkit.files import refuse_unwritable, write_bytes_atomic
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.po_writer import write_po
from toolkit.gettext.review import approvals, approved, checked_reviewer, is_pending, revoked, valid_approval


@dataclass(frozen=True)
class Selection:
    keys: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()
    quizzes: tuple[str, ...] = ()
    locales: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not (self.keys or self.questions or self.quizzes or self.locales)

    def matches(self, domain: str, key: str) -> bool:
        if self.keys and key not in self.keys:
            return False
        if self.quizzes and domain not in self.quizzes:
            return False
        if self.questions:
            parts = key.split(".")
            question = parts[2] if len(parts) > 2 and parts[1] == "questions" else None
            if question not in self.questions:
                return False
        return True


@dataclass(frozen=True)
class ReviewedEntry:
    locale: str
    domain: str
    path: Path
    line: int
    key: str


@dataclass
class ReviewOutcome:
    changed: list[ReviewedEntry] = field(default_factory=list)
    """Approved (or revoked) by this run."""
    unchanged: list[ReviewedEntry] = field(default_factory=list)
    """Already approved by the same reviewer (approve), or without an approval (revoke)."""
    not_translated: list[ReviewedEntry] = field(default_factory=list)
    """Selected but fuzzy, untranslated or incomplete: there is nothing to approve yet."""
    written: list[Path] = field(default_factory=list)

    @property
    def selected(self) -> int:
        return len(self.changed) + len(self.unchanged) + len(self.not_translated)


def _catalogs(config: ProjectConfig, locales: Sequence[str]) -> list[tuple[str, str, Path, Catalog, str]]:
    """(locale, domain, path, catalog, digest of the bytes read) of every catalog of ``locales``."""
    layout = CatalogLayout.for_project(config)
    found = []
    for locale in _locales(config, locales):
        for domain in template_domains(config):
            path = layout.catalog(locale, domain)
            if not path.exists():
                raise CatalogError(
                    display_path(path), None, "catalog missing; run quizkit update to create it"
                )
            found.append((locale, domain, path, *validated_catalog_read(path, locale)))
    return found


def _apply(
    config: ProjectConfig,
    selection: Selection,
    change: Callable[[CatalogEntry], CatalogEntry | None],
) -> ReviewOutcome:
    """``change`` applied to every selected entry: it returns the new entry, or None for "cannot"."""
    outcome = ReviewOutcome()
    planned: list[tuple[Path, bytes, str]] = []
    found_keys: set[str] = set()
    for locale, domain, path, catalog, read_digest in _catalogs(config, selection.locales):
        entries = []
        for entry in catalog.entries:
            key = entry.context
            if entry.obsolete or key is None or not selection.matches(domain, key):
                entries.append(entry)
                continue
            found_keys.add(key)
            reviewed = ReviewedEntry(locale, domain, path, entry.line, key)
            new = change(entry)
            if new is None:
                outcome.not_translated.append(reviewed)
                entries.append(entry)
                continue
            (outcome.changed if new != entry else outcome.unchanged).append(reviewed)
            entries.append(new)
        data = write_po(Catalog(catalog.header, tuple(entries), catalog.has_header))
        if data != write_po(catalog):
            planned.append((path, data, read_digest))
            # Lines as the file will be, for the entries the report names.
            lines = {entry.context: entry.line for entry in read_po(data, display_path(path)).active()}
            outcome.not_translated = [
                replace(entry, line=lines.get(entry.key, entry.line)) if entry.path == path else entry
                for entry in outcome.not_translated
            ]
    missing = [key for key in selection.keys if key not in found_keys]
    if missing:
        raise CatalogError(
            display_path(config.locales_path),
            None,
            f"no catalog entry has the key {missing[0]} (quizkit review --pending lists the keys)",
        )
    for path, data, read_digest in planned:
        refuse_unwritable(path, data)
        refuse_changed_since_read(path, read_digest)
    for path, data, read_digest in planned:
        # Again at the last moment: a translator may save the file while the others are written.
        refuse_changed_since_read(path, read_digest)
        if write_bytes_atomic(path, data, durable=True):
            outcome.written.append(path)
    return outcome


def approve(
    config: ProjectConfig, selection: Selection, reviewer: str, date: str | None = None
) -> ReviewOutcome:
    """Approve every selected translated entry as ``reviewer``; an entry this reviewer already approved
    in its present form keeps its approval (and date)."""

    name = checked_reviewer(reviewer)

    def change(entry: CatalogEntry) -> CatalogEntry | None:
        if not entry.is_translated:
            return None
        current = valid_approval(entry)
        if current is not None and current.reviewer == name and len(approvals(entry)) == 1:
            return entry
        return approved(entry, reviewer, date)

    return _apply(config, selection, change)


def revoke(config: ProjectConfig, selection: Selection) -> ReviewOutcome:
    """Remove every approval (valid, void or unreadable) from the selected entries."""
    return _apply(config, selection, revoked)


def pending(config: ProjectConfig, locales: Sequence[str] = ()) -> list[ReviewedEntry]:
    """Every entry that awaits review, in catalog order: translated, not fuzzy, no valid approval."""
    return [
        ReviewedEntry(locale, domain, path, entry.line, entry.context or entry.msgid)
        for locale, domain, path, catalog, _ in _catalogs(config, locales)
        for entry in catalog.active()
        if is_pending(entry)
    ]
