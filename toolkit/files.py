"""Writing files safely: atomically, only when the content changes, and only inside the project.

Every write goes to a temporary file in the same folder and is then renamed over the target, so a crash
or a full disk leaves the old file or the new one, never half of one. Files that cannot be regenerated
(catalogs, content) are also flushed to disk before the rename.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Literal

from toolkit.errors import QuizkitError

Access = Literal["read", "write"]
"""What a confined path is for: a refusal says which (``refusing to read …``, ``refusing to write …``)."""


class OutsideProjectError(QuizkitError):
    """A path that leads outside the folder it is confined to: refused for ``action``, writing there
    (what most confinement guards) or reading from there."""

    def __init__(self, message: str, *, action: Access = "write") -> None:
        super().__init__(message)
        self.action: Access = action


class NotRegularFileError(QuizkitError, OSError):
    """A path that names a folder, a pipe, a device or a socket where a regular file was expected."""


class FileTooLargeError(QuizkitError, OSError):
    """A file larger than the limit of what is read from it; ``size`` is what was found (at least)."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(errno.EFBIG, f"file is {size:,} bytes; the limit is {limit:,}", os.fspath(path))
        self.size = size
        self.limit = limit


_READ_CHUNK = 1024 * 1024


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def not_regular_problem(mode: int) -> str:
    return f"{_kind(mode)}, not a regular file; quizkit reads only regular files"


def _open_regular_file(path: Path) -> tuple[int, os.stat_result]:
    """A descriptor open for reading on ``path`` and its status, provided it is a regular file: opened
    without blocking and checked on the descriptor (see :func:`read_regular_file`)."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as error:
        if error.errno == errno.ENXIO:  # a socket cannot be opened
            raise NotRegularFileError(errno.ENXIO, "a socket, not a regular file", os.fspath(path)) from None
        raise
    try:
        status = os.fstat(descriptor)
    except BaseException:
        os.close(descriptor)
        raise
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        raise NotRegularFileError(errno.EINVAL, not_regular_problem(status.st_mode), os.fspath(path))
    return descriptor, status


def read_regular_file_head(path: Path, count: int) -> bytes:
    """The first ``count`` bytes (or fewer) of ``path``, provided it is a regular file, checked as
    :func:`read_regular_file` checks it: a FIFO or a device is refused, never waited on."""
    descriptor, _status = _open_regular_file(path)
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        return handle.read(count)


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of ``path``, provided it is a regular file of at most ``limit`` bytes.

    Every reader of project input goes through here: a FIFO would block the open and the read forever
    (with the writer lock held), and ``/dev/zero`` or a file still growing would be read until memory
    runs out. So the file is opened without blocking, checked on its descriptor (no race with a rename),
    and read with a bound: ``st_size`` alone is a promise, not a limit.
    """
    descriptor, status = _open_regular_file(path)
    with os.fdopen(descriptor, "rb", buffering=0) as handle:
        if status.st_size > limit:
            raise FileTooLargeError(path, status.st_size, limit)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = handle.read(min(_READ_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileTooLargeError(path, total, limit)
        return b"".join(chunks)


def confined(path: Path, root: Path, *, action: Access = "write") -> Path:
    """``path`` resolved, provided it lies inside ``root``; ``action`` is what the path is for."""
    resolved = path.resolve()
    if not resolved.is_relative_to(root.resolve()):
        raise OutsideProjectError(f"{path}: it leads outside {root}", action=action)
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


def confined_name(folder: Path, name: str, root: Path, *, action: Access = "write") -> Path:
    """``folder / name``, for a ``folder`` already resolved inside ``root``: only a file name that is a
    link needs resolving (and confining), which spares thousands of full resolutions in a build."""
    path = folder / name
    if path.is_symlink():
        return confined(path, root, action=action)
    return path


TEMPORARY_SUFFIX = ".quizkit.tmp"
"""The ending of quizkit's own temporary files, so that cleaning up never touches a user's ``.x.tmp``."""
TEMPORARY_PATTERN = f".*{TEMPORARY_SUFFIX}"


def write_bytes_atomic(path: Path, data: bytes, *, durable: bool = False) -> bool:
    """Write ``data`` to ``path`` atomically; return False (and write nothing) if it already holds it.

    A file the user may not write is refused, not replaced: the rename needs only the folder's
    permission, and would silently undo a ``chmod a-w`` meant to protect the file. An error while
    writing (a full disk) names ``path``: the temporary file's descriptor has no name of its own.
    """
    try:
        if _read_existing(path, len(data)) == data:
            return False
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        pass
    _refuse_unwritable(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary_name = tempfile.mkstemp(
            prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX, dir=path.parent
        )
    except FileExistsError:
        raise NotADirectoryError(
            errno.ENOTDIR, "a folder on the way is a file, not a folder", os.fspath(path)
        ) from None
    except OSError as error:
        raise _naming(error, path) from None
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
    except BaseException as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        if isinstance(error, OSError):
            raise _naming(error, path) from None
        raise
    if durable:
        sync_folder(path.parent)
    return True


def _read_existing(path: Path, length: int) -> bytes | None:
    """What ``path`` holds, enough to compare it with ``length`` bytes; None for what is not a file."""
    try:
        return read_regular_file(path, length)
    except FileTooLargeError:
        return None  # larger than the new data, so different
    except NotRegularFileError as error:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "is a folder", os.fspath(path)) from None
        # Renaming over a pipe or a device would replace it with a file; refuse instead.
        raise NotRegularFileError(
            errno.EINVAL, f"{error.strerror}; quizkit does not replace it", os.fspath(path)
        ) from None
    except PermissionError:
        return None  # unreadable: _refuse_unwritable decides


def refuse_unwritable(path: Path, data: bytes) -> None:
    """Raise what :func:`write_bytes_atomic` would raise for writing ``data`` over a read-only
    ``path``, without writing: a command that writes several files checks them all first, so that a
    refused one leaves every other untouched too."""
    try:
        if _read_existing(path, len(data)) == data:
            return
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return  # the write reports these itself
    _refuse_unwritable(path)


def _refuse_unwritable(path: Path) -> None:
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # missing: a new file
    # Root may write anything, so os.access alone would let root replace a read-only catalog.
    if not os.access(path, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise PermissionError(
            errno.EACCES,
            "the file is read-only; quizkit does not replace it (make it writable, chmod u+w, and run again)",
            os.fspath(path),
        )


def _naming(error: OSError, path: Path) -> OSError:
    """``error`` with ``path`` as its file name, when it names none or only the temporary file."""
    if error.filename is not None and Path(os.fspath(error.filename)).name == path.name:
        return error
    # OSError picks the subclass for the errno (PermissionError, FileNotFoundError, ...) by itself.
    return OSError(error.errno, error.strerror or str(error), os.fspath(path))


def digest_of(path: Path, limit: int) -> str | None:
    """The SHA-256 of the file's bytes (read with ``limit``), None when there is no such file; a file grown
    past the limit has a digest no bytes have. Other read errors are raised."""
    try:
        return hashlib.sha256(read_regular_file(path, limit)).hexdigest()
    except FileNotFoundError:
        return None
    except FileTooLargeError:
        return "grown past the limit"


def changed_since_read(path: Path, read_digest: str | None, limit: int) -> str | None:
    """Why a command must not write over ``path``: it is no longer what the command read (``read_digest``;
    None: it did not exist), because someone saved it in an editor meanwhile; None when it is the same,
    or cannot be read now (the write names that problem)."""
    try:
        now = digest_of(path, limit)
    except OSError:
        return None
    if now == read_digest:
        return None
    happened = "was created" if read_digest is None else "changed"
    return (
        f"the file {happened} while quizkit was working on it (saved in an editor?), so it was left as it "
        "is now and nothing was written over it; run the command again to work on the saved version"
    )


def write_text_atomic(path: Path, text: str, *, durable: bool = False) -> bool:
    return write_bytes_atomic(path, text.encode("utf-8"), durable=durable)


def sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries: a rename, a creation or a removal in it is durable only then (POSIX; a
    no-op elsewhere)."""
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
