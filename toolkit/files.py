"""Writing files safely: atomically, only when the content changes, and only inside the project.

Every write goes to a temporary file in the same folder and is then renamed over the target, so a crash
or a full disk leaves the old file or the new one, never half of one. Files that cannot be regenerated
(catalogs, content) are also flushed to disk before the rename.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


class OutsideProjectError(Exception):
    """A path that would write outside the folder it is confined to."""


def confined(path: Path, root: Path) -> Path:
    """``path`` resolved, provided it lies inside ``root``."""
    resolved = path.resolve()
    if not resolved.is_relative_to(root.resolve()):
        raise OutsideProjectError(f"{path}: it leads outside {root}")
    return resolved


def name_below(path: Path, folder: str) -> str | None:
    """``path`` relative to ``folder`` (absolute), when it plainly lies below it; else None, and
    ``os.path.relpath`` decides. Much cheaper than relpath, which a build would call for every output."""
    text, separator = os.fspath(path), os.sep
    prefix = folder if folder.endswith(separator) else folder + separator
    rest = text[len(prefix) :]
    wrapped = f"{separator}{rest}{separator}"
    odd = (f"{separator}..{separator}", f"{separator}.{separator}", separator * 2)
    if text.startswith(prefix) and rest and not any(part in wrapped for part in odd):
        return rest
    return None


def confined_name(folder: Path, name: str, root: Path) -> Path:
    """``folder / name``, for a ``folder`` already resolved inside ``root``: only a file name that is a
    link needs resolving (and confining), which spares thousands of full resolutions in a build."""
    path = folder / name
    if path.is_symlink():
        return confined(path, root)
    return path


TEMPORARY_SUFFIX = ".quizkit.tmp"
"""The ending of quizkit's own temporary files, so that cleaning up never touches a user's ``.x.tmp``."""
TEMPORARY_PATTERN = f".*{TEMPORARY_SUFFIX}"


def write_bytes_atomic(path: Path, data: bytes, *, durable: bool = False) -> bool:
    """Write ``data`` to ``path`` atomically; return False (and write nothing) if it already holds it."""
    try:
        if path.read_bytes() == data:
            return False
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary_name = tempfile.mkstemp(
        prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX, dir=path.parent
    )
    temporary = Path(temporary_name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        with contextlib.suppress(OSError):
            # Keep the permissions of the file being replaced; new files get the usual 0644.
            temporary.chmod(path.stat().st_mode & 0o7777 if path.exists() else 0o644)
        temporary.replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    if durable:
        _sync_folder(path.parent)
    return True


def write_text_atomic(path: Path, text: str, *, durable: bool = False) -> bool:
    return write_bytes_atomic(path, text.encode("utf-8"), durable=durable)


def _sync_folder(folder: Path) -> None:
    # The rename itself is durable only once the folder entry is flushed (POSIX; a no-op elsewhere).
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove temporary files that a killed writer left behind (``.<name>.<random>.quizkit.tmp``).

    Call only while holding the project's writer lock: then no other write can be in progress.
    """
    removed: list[Path] = []
    if not folder.is_dir():
        return removed
    for candidate in folder.rglob(TEMPORARY_PATTERN):
        if candidate.is_file() and candidate.name.count(".") >= 4:
            with contextlib.suppress(OSError):
                candidate.unlink()
                removed.append(candidate)
    return removed
