"""One writer at a time: commands that rewrite catalogs or content hold a lock on the project.

The lock is an advisory ``flock`` on the project folder itself (a descriptor of the directory, opened
without following a link). So it is one lock per project whatever path or environment leads to it (two
runs with different ``TMPDIR`` once both took "the" lock), no file is created anywhere (nothing another
user could plant a link at, and nothing added to the project), and only users who may read the project
can take it. The operating system releases it when the process ends, however it ends, so a crashed
build never leaves a stale lock. A second writer does not wait in silence: it stops at once with a
message naming the holder, which Linux tells (``/proc/locks``), its command line made safe to print.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from toolkit.errors import QuizkitError

HOLDER_LIMIT = 120
"""Characters of the holder's command line shown in the message."""


class ProjectLockedError(QuizkitError):
    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(
            f"another quizkit command is changing this project ({holder}); wait for it to finish and run "
            "this one again"
        )
        self.path = path
        self.holder = holder


def _holder(descriptor: int) -> str:
    """Who holds the flock on the folder ``descriptor`` is open on: its process and command line."""
    from toolkit.diagnostics import terminal_safe

    status = os.fstat(descriptor)
    device = f"{os.major(status.st_dev):02x}:{os.minor(status.st_dev):02x}:{status.st_ino}"
    try:
        with Path("/proc/locks").open(encoding="ascii", errors="replace") as locks:
            lines = locks.read(1 << 20).splitlines()
    except OSError:
        return "a process quizkit cannot name"
    for line in lines:
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF"
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == device and fields[4].isdigit():
            process = fields[4]
            try:
                with Path(f"/proc/{process}/cmdline").open("rb") as command:
                    words = command.read(4096).split(b"\0")
            except OSError:
                return f"process {process}"
            text = " ".join(word.decode("utf-8", "replace") for word in words if word)
            shown = terminal_safe(text)
            if len(shown) > HOLDER_LIMIT:
                shown = shown[: HOLDER_LIMIT - 1] + "…"
            return f"process {process}: {shown}" if shown else f"process {process}"
    return "a process quizkit cannot name"


@contextlib.contextmanager
def project_lock(root: Path, command: str) -> Iterator[None]:
    """Hold the writer lock of the project at ``root`` while ``command`` runs; others see its command line."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no advisory locks, and no concurrent writers to guard against here
        yield
        return
    folder = root.resolve()
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ProjectLockedError(folder, _holder(descriptor)) from None
        try:
            yield
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)
