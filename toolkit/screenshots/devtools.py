"""A headless Chromium driven through the Chrome DevTools Protocol over a pipe.

``--remote-debugging-pipe`` makes Chromium read protocol messages on its file descriptor 3 and write its
own on 4, each a JSON object ended by a NUL byte: no port to open, no WebSocket, nothing but the standard
library. (playwright would do the same through a Node.js driver of ~100 MB and a pinned browser build; the
Chromium the machine has, the one the tests drive, is enough here.)
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import signal
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from toolkit.errors import QuizkitError

BROWSER_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
BROWSER_VARIABLE = "QUIZKIT_CHROMIUM"
"""An environment variable naming the browser to run, where it is not on the PATH under a usual name."""
TIMEOUT_SECONDS = 60.0
"""How long one command or event may take, by default, before the browser is said to have stopped
answering; the run then ends within it (the browser is killed, not asked to close). A run can allow longer
(``quizkit screenshots --browser-timeout``): a page's fonts and first paint take far longer on a machine
busy with other work."""
CLOSE_SECONDS = 5.0
"""How long a browser that still answers is given to close, and then to exit, before it is killed."""
ARGUMENTS = (
    "--headless",
    "--remote-debugging-pipe",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-extensions",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--hide-scrollbars",
    "--mute-audio",
    "--font-render-hinting=none",
    "--force-color-profile=srgb",
    "--disable-lcd-text",
    "--allow-file-access-from-files",
    "--num-raster-threads=1",
    "--disable-partial-raster",
    "--disable-skia-runtime-opts",
    "--disable-threaded-animation",
    "--disable-threaded-scrolling",
    "--disable-checker-imaging",
    "--run-all-compositor-stages-before-draw",
)
"""Headless, and everything that could make one run's pixels differ from another's off: no GPU, sRGB
colours, no hinting or subpixel text, no scrollbars."""


class BrowserError(QuizkitError):
    """No browser to run, or the browser failed or stopped answering."""


class BrowserStartError(BrowserError):
    """The program named as the browser did not start as Chromium: it cannot be run, or it ended before
    it answered on its DevTools pipe; the command that named it says how to name another."""


class BrowserTimeoutError(BrowserError):
    """The browser did not answer within the run's timeout (a busy machine, or a browser that hangs): the
    command that set the timeout says how to allow longer."""


def find_browser() -> Path:
    """The Chromium to run: ``$QUIZKIT_CHROMIUM``, else the first of the usual names on the PATH."""
    named = os.environ.get(BROWSER_VARIABLE)
    if named:
        path = Path(named)
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise BrowserError(f"{BROWSER_VARIABLE} names {named}, which is not a program that can be run")
        return path
    for name in BROWSER_NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    raise BrowserError(
        "no Chromium found (looked for " + ", ".join(BROWSER_NAMES) + " on the PATH): install it "
        f"(apt-get install chromium fonts-noto-core), or name it in {BROWSER_VARIABLE}"
    )


def _high(descriptor: int) -> int:
    """``descriptor`` moved above 9, so that placing the pipe ends on 3 and 4 clobbers neither."""
    moved = fcntl.fcntl(descriptor, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(descriptor)
    return moved


class Browser:
    """One running browser and its protocol connection; :func:`browser` starts and stops it."""

    def __init__(
        self, pid: int, commands: int, events: int, program: Path, timeout: float = TIMEOUT_SECONDS
    ) -> None:
        self.pid = pid
        self.program = program
        self.timeout = timeout
        self.answering = True
        """False once the browser missed a deadline or closed its pipe: it is killed, not asked to close."""
        self.answered = False
        """True once the browser sent its first message: a program that ends before it is not Chromium."""
        self._commands = commands
        self._events = events
        self._buffer = b""
        self._next_id = 0
        self._pending: list[dict[str, Any]] = []

    def _send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message).encode("utf-8") + b"\0"
        while data:
            try:
                written = os.write(self._commands, data)
            except BrokenPipeError:  # it exited before reading: the same as closing the pipe
                self.answering = False
                raise self._stopped() from None
            data = data[written:]

    def _stopped(self) -> BrowserError:
        """The error for a closed pipe: a browser that had answered stopped; a program that never did
        (``/bin/false``, a script, another browser) is probably not Chromium."""
        if self.answered:
            return BrowserError(f"the browser {self.program} stopped (it closed its DevTools pipe)")
        return BrowserStartError(
            f"the browser {self.program} stopped before it answered (it closed its DevTools pipe): it is probably not Chromium"
        )

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.answering = False
                unit = "second" if self.timeout == 1 else "seconds"
                raise BrowserTimeoutError(
                    f"the browser {self.program} did not answer within {self.timeout:g} {unit}"
                )
            ready, _, _ = select.select([self._events], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._events, 1 << 20)
            if not chunk:
                self.answering = False
                raise self._stopped()
            self.answered = True
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        found: dict[str, Any] = json.loads(message)
        return found

    def call(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str | None = None,
        timeout: float | None = None,
    ) -> Any:
        """Send one command and wait for its result (at most ``timeout`` seconds, default the browser's);
        events that arrive meanwhile are kept for :meth:`wait_for`."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        self._send(message)
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    raise BrowserError(f"the browser refused {method}: {answer['error'].get('message')}")
                return answer.get("result", {})
            if "method" in answer:
                self._pending.append(answer)

    def wait_for(self, method: str, session: str | None = None) -> dict[str, Any]:
        """The first event ``method`` (of ``session``) not yet waited for."""
        deadline = time.monotonic() + self.timeout
        while True:
            for index, event in enumerate(self._pending):
                if event.get("method") == method and event.get("sessionId") == session:
                    del self._pending[index]
                    return event
            self._pending.append(self._receive(deadline))

    def forget_events(self) -> None:
        self._pending.clear()


@contextmanager
def browser(
    program: Path | None = None, extra: Sequence[str] = (), timeout: float = TIMEOUT_SECONDS
) -> Iterator[Browser]:
    """A headless Chromium for the block's time, stopped afterwards whatever happens: asked to close
    while it answers, else killed at once. ``timeout``: seconds each command may take."""
    executable = program or find_browser()
    to_browser_read, to_browser_write = (_high(end) for end in os.pipe())
    from_browser_read, from_browser_write = (_high(end) for end in os.pipe())
    actions = [
        (os.POSIX_SPAWN_DUP2, to_browser_read, 3),
        (os.POSIX_SPAWN_DUP2, from_browser_write, 4),
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    try:
        pid = os.posix_spawn(
            str(executable),
            [str(executable), *ARGUMENTS, *extra, "about:blank"],
            os.environ,
            file_actions=actions,
        )
    except OSError as error:
        for end in (to_browser_read, to_browser_write, from_browser_read, from_browser_write):
            os.close(end)
        raise BrowserStartError(f"cannot run {executable}: {error.strerror}") from None
    os.close(to_browser_read)
    os.close(from_browser_write)
    connection = Browser(pid, to_browser_write, from_browser_read, executable, timeout)
    try:
        yield connection
    finally:
        if connection.answering:
            with suppress(BrowserError, OSError):
                connection.call("Browser.close", timeout=min(CLOSE_SECONDS, timeout))
        os.close(to_browser_write)
        os.close(from_browser_read)
        _reap(pid, min(CLOSE_SECONDS, timeout) if connection.answering else 0.0)


def _reap(pid: int, wait: float) -> None:
    """Wait ``wait`` seconds at most for the browser to end, then end it."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            return
        time.sleep(0.05)
    with suppress(OSError):
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
