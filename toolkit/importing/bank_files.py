"""The files a bank import writes, written as ``quizkit update`` writes catalogs, and all or none of them.

:mod:`toolkit.importing.bank_writing` plans every file (:class:`PlannedFile`); :func:`write_files` writes
them in the order given, each atomically and durably, with update's two rules for a catalog
(:mod:`toolkit.catalogs.workflow`):

* a catalog changed on disk since the plan read it (a translator saved it in Poedit meanwhile) is never
  written over: :func:`~toolkit.catalogs.workflow.refuse_changed_since_read` is asked for every catalog
  before the first write and for each again just before it is replaced, and its
  :class:`~toolkit.catalogs.workflow.CatalogError` names the file and what to do;
* a catalog that took back the retired catalog of a deleted quiz of the same id
  (:mod:`toolkit.catalogs.retirement`) removes that retired copy once it is written, as update does,
  unless the copy changed since the plan read it (refused, as a catalog is) or holds a translation the
  catalog does not (then the plan keeps it: :attr:`PlannedFile.restored_from` is None).

A write that fails (a full disk, Ctrl-C, a catalog saved meanwhile) puts back every file written or
removed before it, so a failed import leaves the project as it was.

:func:`retired_notes` says what becomes of the retired catalogs, as update says it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.catalogs.retirement import left_behind, remove_taken_back
from toolkit.catalogs.workflow import PlannedCatalog, refuse_changed_since_read
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path
from toolkit.files import write_bytes_atomic
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.po_reader import read_po


@dataclass(frozen=True)
class PlannedFile:
    path: Path
    data: bytes
    existed: bool
    read_digest: str | None = None
    """For a catalog: the SHA-256 of the file as the plan read it (None: there was none), which the write
    compares first (:func:`toolkit.catalogs.workflow.refuse_changed_since_read`), as ``quizkit update``
    does: a translator who saved it meanwhile would lose what they saved."""
    restored_from: Path | None = None
    """For a catalog: the retired catalog of a quiz of this id that was deleted, merged here as
    ``quizkit update`` merges it; removed once this file is written, as update removes it (None also where
    the catalog does not hold every translation it holds: then it is kept)."""
    restored_digest: str | None = None
    """The SHA-256 of ``restored_from`` as the plan read it: one saved in an editor since is not removed."""


def write_files(ordered: Sequence[PlannedFile], catalogs: Sequence[PlannedFile]) -> None:
    """Write ``ordered`` in order; those that are also in ``catalogs`` (the same objects) as update
    writes a catalog (see the module's description). Nothing is left changed when one fails."""
    for catalog in catalogs:
        refuse_changed_since_read(catalog.path, catalog.read_digest)
        if catalog.restored_from is not None:
            refuse_changed_since_read(catalog.restored_from, catalog.restored_digest)
    written: list[tuple[Path, bytes | None]] = []
    try:
        for planned in ordered:
            if any(planned is catalog for catalog in catalogs):
                refuse_changed_since_read(planned.path, planned.read_digest)  # saved in an editor meanwhile
            before = planned.path.read_bytes() if planned.path.exists() else None
            write_bytes_atomic(planned.path, planned.data, durable=True)
            written.append((planned.path, before))
            if planned.restored_from is not None:
                refuse_changed_since_read(planned.restored_from, planned.restored_digest)
                kept = planned.restored_from.read_bytes()
                remove_taken_back(planned.restored_from)
                written.append((planned.restored_from, kept))
    except BaseException:
        _put_back(written)
        raise


def _put_back(written: list[tuple[Path, bytes | None]]) -> None:
    """Each file as it was before the import: removed where it did not exist, written again where the
    import removed it (a retired catalog taken back)."""
    for path, before in reversed(written):
        with contextlib.suppress(OSError):
            if before is None:
                path.unlink()
            else:
                write_bytes_atomic(path, before, durable=True)


def dropped_translations(retired: Path | None, written: Catalog) -> tuple[str, ...]:
    """The keys of the translations of the retired catalog ``retired`` (None: none is taken back) that
    ``written`` does not hold as it held them: while there is one, the retired copy is not removed."""
    if retired is None:
        return ()
    held = {(entry.context, entry.translations) for entry in written.entries}
    return tuple(
        entry.context or entry.msgid
        for entry in read_po(retired.read_bytes(), display_path(retired)).entries
        if entry.has_translation and (entry.context, entry.translations) not in held
    )


def retired_notes(config: ProjectConfig, planned: PlannedCatalog, dropped: Sequence[str] = ()) -> list[str]:
    """What becomes of the retired catalogs of a deleted quiz of this id, as ``quizkit update`` says it:
    the one the catalog takes back, and any other copy, which stays until a person deals with it.
    A retired copy holding translations the catalog does not (``dropped``) is kept and named."""
    notes = []
    if planned.restored_from is not None and dropped:
        notes.append(
            f"{planned.locale}: {display_path(planned.path)} takes back the translations of "
            f"{display_path(planned.restored_from)}, retired when a quiz {planned.domain} was deleted, but not "
            f"{_listed(dropped)}: the retired copy is kept; copy what you need from it into "
            f"{display_path(planned.path)}, then delete it"
        )
    elif planned.restored_from is not None:
        notes.append(
            f"{planned.locale}: {display_path(planned.path)} takes back the translations of "
            f"{display_path(planned.restored_from)}, retired when a quiz {planned.domain} was deleted, as "
            "quizkit update does; the retired copy is removed once the catalog is written"
        )
    for kept in left_behind(config, [(planned.locale, planned.domain, planned.path)]):
        if kept.path != planned.restored_from:
            notes.append(
                f"{planned.locale}: {display_path(kept.path)} is kept (a retired catalog of quiz {kept.domain}, "
                "which is back; a catalog takes back one retired catalog, not two): copy what you need from "
                f"it into {display_path(kept.catalog)}, then delete it"
            )
    return notes


def _listed(keys: Sequence[str]) -> str:
    shown = ", ".join(keys[:3])
    return shown if len(keys) <= 3 else f"{shown} and {len(keys) - 3} more"


__all__ = ["PlannedFile", "dropped_translations", "retired_notes", "write_files"]
