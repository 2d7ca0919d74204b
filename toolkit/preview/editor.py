"""The translator view's edits: one entry's translation saved into the author's catalog.

The view edits the project's own catalog (``locales/<locale>/LC_MESSAGES/<quiz>.po``), not the preview's
copy: the file is written by the catalog writer every catalog command uses (as GNU ``msgcat`` writes it),
atomically, under the project's writer lock, and the preview is rebuilt from it.

A translator may have the same file open in a PO editor. The page's form carries what it read: the
entry's translations and fuzzy flag, and the digest of the file. When the file changed on disk since:

- if this entry is as the page read it, the edit is applied to the file as it is now, so what the PO
  editor saved in other entries is kept (:attr:`Saved.merged` says so);
- if this entry changed, nothing is written: :class:`Conflict` holds both versions, and the page lets
  the translator keep either.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.content.glossary import Glossary
from toolkit.diagnostics import Diagnostic
from toolkit.errors import QuizkitError
from toolkit.gettext.catalog import Catalog, CatalogEntry

_SAVING = threading.Lock()
# Findings that repeat the entry's state, which the view shows already.
STATE_CHECKS = frozenset({"untranslated", "fuzzy"})


class EditError(QuizkitError):
    """A save that cannot be made: ``status`` is the HTTP status it is answered with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Edit:
    quiz: str
    locale: str
    key: str
    translations: tuple[str, ...]
    """The new text of each form (one, or one per plural form)."""
    fuzzy: bool
    read: tuple[str, ...]
    """The translations the page showed when it was read."""
    read_fuzzy: bool
    digest: str
    """The SHA-256 of the catalog file the page was read from."""


@dataclass(frozen=True)
class Saved:
    file: str
    """The catalog, relative to the project."""
    entry: CatalogEntry
    digest: str
    """Of the file as written: the page's next save carries it."""
    merged: bool
    """The file had changed on disk since the page read it (in other entries), and those changes are kept."""
    findings: tuple[Diagnostic, ...]
    """The checks' findings on the saved entry."""


@dataclass(frozen=True)
class Conflict:
    file: str
    key: str
    yours: tuple[str, ...]
    yours_fuzzy: bool
    on_disk: tuple[str, ...]
    disk_fuzzy: bool
    digest: str
    """Of the file as it is now: keeping yours saves again with it."""


def digest_of_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def catalog_file(config: ProjectConfig, quiz: str, locale: str) -> Path | None:
    """The author's catalog of ``quiz`` in ``locale``; None unless both are the project's (a target locale,
    a quiz id whose catalog exists, inside the locales folder)."""
    from toolkit.catalogs.layout import CatalogLayout
    from toolkit.files import confined
    from toolkit.keys import is_valid_id

    if locale not in config.target_locales or not is_valid_id(quiz):
        return None
    path = CatalogLayout.for_project(config).catalog(locale, quiz)
    confined(path, config.locales_path, action="read")
    return path if path.is_file() else None


def relative_name(config: ProjectConfig, path: Path) -> str:
    root = config.root.absolute()
    absolute = path.absolute()
    return absolute.relative_to(root).as_posix() if absolute.is_relative_to(root) else str(path)


def edited(entry: CatalogEntry, translations: tuple[str, ...], fuzzy: bool) -> CatalogEntry:
    """``entry`` with new translations and fuzzy flag; a reviewed entry (no longer fuzzy) drops the
    previous source that ``msgmerge`` kept for the review, as PO editors do."""
    if entry.is_plural:
        changed = replace(entry, msgstr_plural=translations)
    else:
        changed = replace(entry, msgstr=translations[0])
    changed = changed.with_flag("fuzzy", fuzzy)
    if not fuzzy:
        changed = replace(changed, previous_context=None, previous_msgid=None, previous_msgid_plural=None)
    return changed


def save(config: ProjectConfig, edit: Edit) -> Saved | Conflict:
    """Write ``edit`` into the author's catalog, or say why not (:class:`EditError`) or that the entry
    changed on disk meanwhile (:class:`Conflict`)."""
    from toolkit.catalogs.workflow import CatalogError, read_with_problems, refuse_changed_since_read
    from toolkit.concurrency.lock import ProjectLockedError, project_lock
    from toolkit.files import write_bytes_atomic
    from toolkit.gettext.po_writer import write_po

    path = catalog_file(config, edit.quiz, edit.locale)
    if path is None:
        raise EditError(404, "no such quiz or target locale")
    if any("\0" in text for text in edit.translations):
        raise EditError(400, "a translation cannot hold a NUL character")
    file = relative_name(config, path)
    try:
        # One save at a time in this process (two saves from one page must not find the flock taken by
        # each other), and none while another quizkit command writes the project.
        with _SAVING, project_lock(config.root, "serve"):
            try:
                catalog, problems, data = read_with_problems(path, edit.locale)
            except CatalogError as error:
                raise EditError(
                    409, f"{_where(error.line, file)}: {error.message}; fix it, then save"
                ) from None
            if problems:
                first = problems[0]
                raise EditError(409, f"{_where(first.line, file)}: {first.message}; fix it, then save")
            entry = catalog.by_context().get(edit.key)
            if entry is None:
                raise EditError(
                    409, f"{file} has no entry {edit.key} now (changed on disk?); reload the page"
                )
            if len(edit.translations) != len(entry.translations):
                raise EditError(
                    400,
                    f"{edit.key} has {len(entry.translations)} translation form(s); the save sent "
                    f"{len(edit.translations)}",
                )
            digest = digest_of_bytes(data)
            now = (entry.translations, entry.is_fuzzy)
            if now != (edit.read, edit.read_fuzzy) and now != (edit.translations, edit.fuzzy):
                return Conflict(
                    file, edit.key, edit.translations, edit.fuzzy, entry.translations, entry.is_fuzzy, digest
                )
            new_entry = edited(entry, edit.translations, edit.fuzzy)
            entries = tuple(new_entry if item is entry else item for item in catalog.entries)
            new_catalog = Catalog(catalog.header, entries, catalog.has_header)
            written = write_po(new_catalog)
            try:
                refuse_changed_since_read(path, digest)
                write_bytes_atomic(path, written, durable=True)
            except CatalogError as error:
                raise EditError(409, f"{file}: {error.message}") from None
            except OSError as error:  # read-only, a full disk: said, and the file is as it was
                raise EditError(409, f"{file}: {error.strerror or error}; nothing was written") from None
    except ProjectLockedError as error:
        # Said to someone in a browser, where there is no command to run again.
        raise EditError(
            409,
            f"another quizkit command is changing this project ({error.holder}); nothing was saved: "
            "try saving again in a moment",
        ) from None
    return Saved(
        file,
        new_entry,
        digest_of_bytes(written),
        digest != edit.digest,
        entry_findings(config, new_catalog, file, edit.locale, edit.key),
    )


def _where(line: int | None, file: str) -> str:
    return f"{file}:{line}" if line else file


def entry_findings(
    config: ProjectConfig, catalog: Catalog, file: str, locale: str, key: str | None = None
) -> tuple[Diagnostic, ...]:
    """The checks' findings in ``catalog`` (those on ``key`` only, when given), but the ones that only
    repeat an entry's state."""
    from toolkit.checks.runner import check_catalog

    findings = check_catalog(
        catalog, file, locale, glossary_of(config, locale), source_locale=config.source_locale
    )
    return tuple(
        item
        for item in findings.diagnostics
        if item.code not in STATE_CHECKS and (key is None or item.key == key)
    )


def glossary_of(config: ProjectConfig, locale: str) -> Glossary | None:
    """The locale's glossary; None when it has none, or one that cannot be read (the build names that
    problem, and the view lists it with the others)."""
    from toolkit.content.glossary import GlossaryError, glossary_path, load_glossary
    from toolkit.files import OutsideProjectError

    try:
        path = glossary_path(config.locales_path, locale)
        return load_glossary(path) if path.is_file() else None
    except (GlossaryError, OutsideProjectError, OSError):
        return None


def edit_from_form(quiz: str, locale: str, body: bytes) -> tuple[Edit, str | None]:
    """The edit a save's form (``application/x-www-form-urlencoded``) asks for, and the token it carries;
    :class:`EditError` (400) naming what is missing or malformed."""
    from urllib.parse import parse_qs

    try:
        fields = parse_qs(body.decode("ascii"), keep_blank_values=True, strict_parsing=False, errors="strict")
    except (UnicodeDecodeError, ValueError):
        raise EditError(400, "the form is not URL-encoded UTF-8") from None

    def one(name: str) -> str | None:
        values = fields.get(name)
        if values is not None and len(values) > 1:
            raise EditError(400, f"the form gives the field {name} {len(values)} times")
        # A browser sends a textarea's line breaks as CRLF; a catalog's are LF.
        return None if values is None else values[0].replace("\r\n", "\n")

    def numbered(prefix: str) -> tuple[str, ...]:
        texts: list[str] = []
        while (text := one(f"{prefix}-{len(texts)}")) is not None:
            texts.append(text)
        return tuple(texts)

    key = one("key")
    if not key:
        raise EditError(400, "the form names no entry (the field key)")
    translations, read = numbered("target"), numbered("read")
    if not translations:
        raise EditError(400, "the form has no translation (the field target-0)")
    if len(read) != len(translations):
        raise EditError(400, "the form does not say what the page read (a read-N field for each target-N)")
    edit = Edit(
        quiz,
        locale,
        key,
        translations,
        one("fuzzy") == "1",
        read,
        one("read-fuzzy") == "1",
        one("digest") or "",
    )
    return edit, one("token")
