"""One writer at a time: commands that rewrite catalogs or content hold a lock on the project.

The lock is an advisory ``flock`` on a file in the temporary folder named after the project's path
(nothing is added to the project itself). The operating system releases it when the process ends,
however it ends, so a crashed build never leaves a stale lock. A second writer does not wait in
silence: it stops at once with a message that names the holder.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


def lock_path(root: Path) -> Path:
    digest = hashlib.sha256(str(root.resolve()).encode("utf-8")).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"quizkit-{digest}.lock"


class ProjectLockedError(Exception):
    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(
            f"another quizkit command is changing this project ({holder}); wait for it to finish and run "
            "this one again"
        )
        self.path = path


@contextlib.contextmanager
def project_lock(root: Path, command: str) -> Iterator[None]:
    try:
        import fcntl
    except ImportError:  # not POSIX: no advisory locks, and no concurrent writers to guard against here
        yield
        return
    path = lock_path(root)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(descriptor, 200, 0).decode("utf-8", errors="replace").strip() or "unknown"
            raise ProjectLockedError(path, holder) from None
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"quizkit {command}, process {os.getpid()}".encode(), 0)
        try:
            yield
        finally:
            os.ftruncate(descriptor, 0)
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)
