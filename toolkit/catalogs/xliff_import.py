"""``quizkit import-xliff``: translations made in a CAT tool brought back into the project's catalogs.

The XLIFF documents themselves (reading them, applying their units to one catalog) are
:mod:`toolkit.interchange.xliff_document`; this module owns the project's side: which catalog each document names,
reading every file before the first write, and writing each changed catalog once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.workflow import (
    CatalogError,
    refuse_changed_since_read,
    templates,
    validated_catalog_read,
)
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.files import FileTooLargeError, read_regular_file, refuse_unwritable, write_bytes_atomic
from toolkit.gettext.po_writer import write_po


@dataclass(frozen=True)
class XliffImport:
    path: Path
    catalog: Path
    updated: tuple[str, ...]
    stale: tuple[str, ...]
    kept: tuple[str, ...]
    changed: bool
    fuzzy: tuple[str, ...] = ()
    """The updated entries that came in (or stayed) fuzzy; the others are translations now."""
    approved: tuple[str, ...] = ()
    """Entries that came back ``reviewed``/``final``: approved by the reviewer now."""
    unapproved: tuple[str, ...] = ()
    """Entries that came back ``reviewed``/``final`` with no reviewer named: translated, not approved."""
    warnings: tuple[Diagnostic, ...] = ()
    """What was left out of the file, with its line: approval comments the catalog does not have."""
    refused: tuple[Diagnostic, ...] = ()
    """Errors, with the unit's line: targets not imported because taking them would break the entry
    (accepted answers whose lines came back joined). The file's other units are imported."""


def import_xliff_files(
    config: ProjectConfig, paths: Sequence[Path], reviewer: str | None = None
) -> list[XliffImport]:
    """Bring translations made in a CAT tool back into the catalogs; all files are read before any write.

    Files (and documents) for the same catalog apply one after another to the same catalog, so each
    keeps what the previous ones brought in. Each catalog is read once and written once, however many
    files or ``<file>`` elements name it, and the content is read once: the time grows with the size
    of the input, not with the number of documents times the size of the catalogs. ``reviewer``:
    who approves the ``reviewed`` and ``final`` targets (nothing in the file approves).
    """
    from toolkit.interchange.xliff_document import MAX_XLIFF_BYTES, UnitImport, XliffError, parse_xliff

    layout = CatalogLayout.for_project(config)
    importing: dict[Path, UnitImport] = {}
    originals: dict[Path, bytes] = {}
    read_digests: dict[Path, str] = {}
    domains: set[str] | None = None
    outcomes: list[XliffImport] = []
    for path in paths:
        file = display_path(path)
        try:
            try:
                data = read_regular_file(path, MAX_XLIFF_BYTES)
            except FileTooLargeError:
                raise XliffError(None, f"file is larger than {MAX_XLIFF_BYTES:,} bytes") from None
            documents = parse_xliff(data)
        except XliffError as error:
            raise CatalogError(file, error.line, error.message) from None
        except OSError as error:
            raise CatalogError(file, None, error.strerror or str(error)) from None
        for document in documents:
            locale = document.target_tag.replace("-", "_")
            if locale not in config.target_locales:
                raise CatalogError(
                    file,
                    document.root_line or None,
                    f"trgLang {document.target_tag} is not a target locale of this project",
                )
            if domains is None:
                domains = set(templates(config))
            if document.domain not in domains:
                raise CatalogError(
                    file,
                    document.line or None,
                    f"file id {document.domain!r} names no quiz or ui domain of this project",
                )
            catalog_path = layout.catalog(locale, document.domain)
            if catalog_path not in importing:
                if not catalog_path.exists():
                    raise CatalogError(
                        file,
                        document.line or None,
                        f"there is no catalog {display_path(catalog_path)} to import into; "
                        "run quizkit update first",
                    )
                existing, read_digests[catalog_path] = validated_catalog_read(catalog_path, locale)
                importing[catalog_path] = UnitImport(existing, locale, reviewer=reviewer)
                originals[catalog_path] = write_po(existing)
            try:
                summary = importing[catalog_path].apply(document.units)
            except XliffError as error:
                raise CatalogError(file, error.line, error.message) from None
            outcomes.append(
                XliffImport(
                    path,
                    catalog_path,
                    tuple(summary.updated),
                    tuple(summary.stale),
                    tuple(summary.kept),
                    False,
                    tuple(summary.fuzzy),
                    tuple(summary.approved),
                    tuple(summary.unapproved),
                    tuple(
                        Diagnostic(
                            file,
                            line,
                            None,
                            Severity.WARNING,
                            "xliff-approval",
                            f"unit {key}: the approval comment in its notes is not imported; an approval "
                            "is given by the reviewer (quizkit review approve, or import-xliff --reviewer NAME)",
                        )
                        for line, key in summary.dropped_approvals
                    ),
                    tuple(
                        Diagnostic(
                            file,
                            line,
                            None,
                            Severity.ERROR,
                            "xliff-joined-lines",
                            f"unit {key}: {why}: were the lines joined? Not imported, the catalog keeps its "
                            "translation; put each accepted answer on its own line in the CAT tool (or in "
                            "the catalog) and import the file again",
                        )
                        for line, key, why in summary.joined
                    ),
                )
            )
    changes = {
        catalog_path: data
        for catalog_path, catalog_import in importing.items()
        if (data := write_po(catalog_import.catalog())) != originals[catalog_path]
        or not catalog_path.exists()
    }
    for catalog_path, data in changes.items():
        refuse_unwritable(catalog_path, data)
        # A translator may have saved the catalog in an editor since it was read: never write over it.
        refuse_changed_since_read(catalog_path, read_digests[catalog_path])
    changed = {}
    for catalog_path, data in changes.items():
        refuse_changed_since_read(catalog_path, read_digests[catalog_path])
        changed[catalog_path] = write_bytes_atomic(catalog_path, data, durable=True)
    return [
        replace(outcome, changed=bool(outcome.updated) and changed.get(outcome.catalog, False))
        for outcome in outcomes
    ]
