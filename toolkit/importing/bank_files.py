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
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.catalogs.retirement import remove_taken_back
from toolkit.catalogs.workflow import refuse_changed_since_read
from toolkit.files import write_bytes_atomic


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


__all__ = ["PlannedFile", "write_files"]
