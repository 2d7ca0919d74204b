"""Run quizkit with a fault injected into the k-th file write, without any hook in the library.

Run as a script (``python tests/fault_injection.py <quizkit arguments>``) in the project folder. Before the
CLI runs it wraps the primitives that ``toolkit.files.write_bytes_atomic`` uses, so the library's
own code runs unchanged and only the operating system seems to misbehave:

* ``tempfile.mkstemp`` (as seen by toolkit.files) counts the writes: a write is a call that reaches the
  temporary file, i.e. one whose bytes differ from the file on disk;
* ``os.fdopen`` (as seen by toolkit.files) hands out a handle whose ``write`` can fail or kill midway;
* ``pathlib.Path.replace`` of that write's temporary file can fail, or kill before or after the rename;
* ``os.open``/``os.fsync`` (as seen by toolkit.files) are logged, to prove which writes are flushed.

Environment:
    QUIZKIT_FAULT_MODE   one of MODES, or "none" (count and log only)
    QUIZKIT_FAULT_AT     k, the 1-based number of the write to break
    QUIZKIT_FAULT_LOG    a file that gets one line per event, appended with O_APPEND and no buffering so
                         that it survives SIGKILL: ``write <k> <target>``, ``fsync-file <k>``,
                         ``fsync-dir <k> <folder>``, ``renamed <k>``, ``fault <k> <mode>``
"""

from __future__ import annotations

import errno
import os
import pathlib
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

# Failures that the process survives (it must clean up and stop with exit code 1) ...
RAISING_MODES = ("enospc", "rename-error", "interrupt")
# ... and SIGKILL at three moments of one write.
KILLING_MODES = ("kill-mid-write", "kill-before-rename", "kill-after-rename")
MODES = RAISING_MODES + KILLING_MODES

SCRIPT = Path(__file__).resolve()


def parse_log(text: str) -> list[tuple[str, ...]]:
    return [tuple(line.split(" ", 2)) for line in text.splitlines() if line]


def run_with_fault(
    project: Path, arguments: tuple[str, ...], mode: str, at: int, python_path: tuple[Path, ...]
) -> tuple[int, str, list[tuple[str, ...]]]:
    """quizkit ``arguments`` run in ``project`` through this script, write ``at`` broken by ``mode``
    (``none``: counted and logged only), with ``python_path`` first on the import path: the exit code,
    the standard error and the log of the writes."""
    import process_server

    log = project.parent / "faults.log"
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(str(folder) for folder in python_path),
        "QUIZKIT_FAULT_MODE": mode,
        "QUIZKIT_FAULT_AT": str(at),
        "QUIZKIT_FAULT_LOG": str(log),
    }
    result = process_server.run(
        [sys.executable, str(SCRIPT), *arguments], cwd=project, env=environment, timeout=120
    )
    return (
        result.returncode,
        result.stderr,
        parse_log(log.read_text(encoding="utf-8") if log.exists() else ""),
    )


def written_targets(log: list[tuple[str, ...]]) -> list[str]:
    """The target of every write, in order (index 0 is write 1)."""
    return [event[2] for event in log if event[0] == "write"]


class _Injector:
    def __init__(self, mode: str, at: int, log_path: str | None) -> None:
        self.mode = mode
        self.at = at
        self.count = 0
        self.temporary: str | None = None  # the temporary file of the write being broken
        self.folders: dict[int, str] = {}
        self.log_descriptor = (
            os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644) if log_path else None
        )

    def log(self, line: str) -> None:
        if self.log_descriptor is not None:
            os.write(self.log_descriptor, (line + "\n").encode("utf-8"))

    def fault(self) -> None:
        self.log(f"fault {self.count} {self.mode}")
        if self.mode == "enospc":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if self.mode == "rename-error":
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        if self.mode == "interrupt":
            raise KeyboardInterrupt
        os.kill(os.getpid(), signal.SIGKILL)

    def install(self) -> None:
        import toolkit.files as files

        injector = self
        real_mkstemp = tempfile.mkstemp
        real_replace = pathlib.Path.replace

        class TempfileShim:
            @staticmethod
            def mkstemp(*arguments: Any, **options: Any) -> tuple[int, str]:
                injector.count += 1
                target = Path(options["dir"]) / options["prefix"][1:-1]
                # Logged before the temporary file exists: a SIGKILL between the two then leaves a write
                # in flight without a file (allowed), never a file that no logged write accounts for.
                injector.log(f"write {injector.count} {target}")
                descriptor, name = real_mkstemp(*arguments, **options)
                injector.temporary = name if injector.count == injector.at else None
                return descriptor, name

        class FailingHandle:
            def __init__(self, handle: Any) -> None:
                self.handle = handle

            def __enter__(self) -> FailingHandle:
                self.handle.__enter__()
                return self

            def __exit__(self, *exception: object) -> None:
                self.handle.__exit__(*exception)

            def write(self, data: bytes) -> int:
                half = len(data) // 2
                self.handle.write(data[:half])
                self.handle.flush()
                injector.fault()
                return half

            def __getattr__(self, name: str) -> Any:
                return getattr(self.handle, name)

        class OsShim:
            def __getattr__(self, name: str) -> Any:
                return getattr(os, name)

            @staticmethod
            def fdopen(descriptor: int, *arguments: Any, **options: Any) -> Any:
                handle = os.fdopen(descriptor, *arguments, **options)
                if injector.temporary is not None and injector.mode in ("enospc", "kill-mid-write"):
                    return FailingHandle(handle)
                return handle

            @staticmethod
            def open(path: Any, flags: int, *arguments: Any) -> int:
                descriptor = os.open(path, flags, *arguments)
                # toolkit.files opens folders (to flush them) and, to read them, files.
                if Path(path).is_dir():
                    injector.folders[descriptor] = str(path)
                return descriptor

            @staticmethod
            def fsync(descriptor: int) -> None:
                os.fsync(descriptor)
                folder = injector.folders.pop(descriptor, None)
                if folder is None:
                    injector.log(f"fsync-file {injector.count}")
                else:
                    injector.log(f"fsync-dir {injector.count} {folder}")

        def replace(self: pathlib.Path, target: Any) -> pathlib.Path:
            broken = injector.temporary is not None and str(self) == injector.temporary
            if broken and injector.mode in ("rename-error", "interrupt", "kill-before-rename"):
                injector.fault()
            result = real_replace(self, target)
            if str(self).endswith(".tmp"):
                injector.log(f"renamed {injector.count}")
            if broken and injector.mode == "kill-after-rename":
                injector.fault()
            return result

        files.tempfile = TempfileShim  # type: ignore[assignment]
        files.os = OsShim()  # type: ignore[assignment]
        pathlib.Path.replace = replace  # type: ignore[method-assign]


def main() -> None:
    mode = os.environ.get("QUIZKIT_FAULT_MODE", "none")
    if mode != "none" and mode not in MODES:
        raise SystemExit(f"unknown QUIZKIT_FAULT_MODE {mode!r}")
    _Injector(
        mode, int(os.environ.get("QUIZKIT_FAULT_AT", "0")), os.environ.get("QUIZKIT_FAULT_LOG")
    ).install()
    from toolkit.cli import main as quizkit

    quizkit(sys.argv[1:], prog_name="quizkit")


if __name__ == "__main__":
    # Run as a script: the tests folder must not shadow anything the command imports.
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != SCRIPT.parent]
    main()
