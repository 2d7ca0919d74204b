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

import json
import re
from collections.abc import Collection
from pathlib import Path

from toolkit.files import confined, read_regular_file, write_bytes_atomic

MAX_ITEM_BYTES = 64 * 1024 * 1024
"""Largest file read: one quiz's model, or one catalog's units (a catalog is at most 64 MiB)."""
_NAME = re.compile(r"[0-9a-f]{64}")
_SUFFIX = ".json"


class SealedStore:
    """The files of one folder of the cache (``.quizkit-cache/<folder>/<name>.json``)."""

    def __init__(self, root: Path, folder: str) -> None:
        from toolkit.build.cache import CACHE_FOLDER

        self.root = root
        self.folder = root / CACHE_FOLDER / folder

    def read(self, name: str) -> object | None:
        from toolkit.build.seal import cache_key, unsealed

        if not _NAME.fullmatch(name):
            return None
        try:
            body = unsealed(read_regular_file(self._path(name), MAX_ITEM_BYTES), cache_key())
            if body is None:
                return None
            found: object = json.loads(body)
        except (OSError, ValueError):
            return None
        return found

    def write(self, name: str, data: object) -> None:
        """Write ``data`` as ``name`` unless a file of that name is there (a name says what it holds)."""
        self.write_body(name, stored_body(data))

    def write_body(self, name: str, body: bytes) -> None:
        """Write the JSON ``body`` (of :func:`stored_body`) as ``name``, unless that file is there."""
        from toolkit.build.cache import prepared_cache_folder
        from toolkit.build.seal import cache_key, seal

        if not _NAME.fullmatch(name):
            raise ValueError(f"not a store name: {name!r}")
        key = cache_key()
        if key is None:
            return  # nothing sealed could be trusted next time: nothing is kept
        path = self._path(name)
        if path.is_file():
            return
        prepared_cache_folder(self.root)
        confined(self.folder, self.root).mkdir(exist_ok=True)
        write_bytes_atomic(path, seal(body, key))

    def keep_only(self, names: Collection[str]) -> None:
        """Remove every file of the store whose name is not in ``names``."""
        if not self.folder.is_dir():
            return
        for path in confined(self.folder, self.root).iterdir():
            stem = path.name[: -len(_SUFFIX)] if path.name.endswith(_SUFFIX) else None
            if stem is not None and _NAME.fullmatch(stem) and stem not in names:
                path.unlink(missing_ok=True)

    def _path(self, name: str) -> Path:
        return self.folder / f"{name}{_SUFFIX}"


def stored_body(data: object) -> bytes:
    """``data`` as a file of the store holds it (JSON)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def content_name(data: object) -> str:
    """The name of a file that holds ``data``: the digest of its JSON."""
    from toolkit.build.cache import digest_bytes

    return digest_bytes(stored_body(data))
