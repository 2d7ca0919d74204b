"""Files of the build cache kept one per item, each named by a digest: the validated model of each content
file (:mod:`toolkit.build.content`) and the memory units of each catalog (:mod:`toolkit.build.memory_cache`).

One file per item rather than all of them inside ``build.json``, so that a build reads only the items it
uses and writes only new ones: in a project of 10,000 quizzes, a build that redoes one quiz writes one
model, not 10,000, and a build with nothing to redo reads none.

Every file is sealed like ``build.json`` (:mod:`toolkit.build.seal`) and written atomically. One that is
missing, not this user's, or not JSON reads as None, and the caller does the work again. A name is the
digest of what the file holds, or of everything that decides it, so a file once written never changes;
:meth:`SealedStore.keep_only` removes the files no record refers to any more.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path

from toolkit.build.cache import CACHE_FOLDER, prepared_cache_folder, read_sealed, sealed_json, write_sealed
from toolkit.files import confined

MAX_ITEM_BYTES = 64 * 1024 * 1024
"""Largest file read: one quiz's model, or one catalog's units (a catalog is at most 64 MiB)."""
_NAME = re.compile(r"[0-9a-f]{64}")
_SUFFIX = ".json"


class SealedStore:
    """The files of one folder of the cache (``.quizkit-cache/<folder>/<name>.json``)."""

    def __init__(self, root: Path, folder: str) -> None:
        self.root = root
        self.name = folder
        self.folder = root / CACHE_FOLDER / folder

    def read(self, name: str) -> object | None:
        if not _NAME.fullmatch(name):
            return None
        return read_sealed(self.root, self._relative(name), MAX_ITEM_BYTES)

    def write(self, name: str, data: object) -> None:
        """Write ``data`` as ``name`` unless a file of that name is there (a name says what it holds)."""
        self.write_body(name, sealed_json(data))

    def write_body(self, name: str, body: bytes) -> None:
        """Write the JSON ``body`` (of :func:`~toolkit.build.cache.sealed_json`) as ``name``, unless that
        file is there."""
        if not _NAME.fullmatch(name):
            raise ValueError(f"not a store name: {name!r}")
        if (self.root / CACHE_FOLDER / self._relative(name)).is_file():
            return
        confined(prepared_cache_folder(self.root) / self.name, self.root).mkdir(exist_ok=True)
        write_sealed(self.root, self._relative(name), body)

    def keep_only(self, names: Collection[str]) -> None:
        """Remove every file of the store whose name is not in ``names``."""
        if not self.folder.is_dir():
            return
        for path in confined(self.folder, self.root).iterdir():
            stem = path.name[: -len(_SUFFIX)] if path.name.endswith(_SUFFIX) else None
            if stem is not None and _NAME.fullmatch(stem) and stem not in names:
                path.unlink(missing_ok=True)

    def _relative(self, name: str) -> str:
        return f"{self.name}/{name}{_SUFFIX}"
