"""``quizkit serve`` in a subprocess, for the tests that open its pages in a browser: started on a free
port (its address is the one line it prints on stdout), and stopped with Ctrl-C (SIGINT)."""

from __future__ import annotations

import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

START_SECONDS = 120.0
"""Generous for a slow, shared machine: the first build comes before the address."""


class Serve:
    def __init__(self, project: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "toolkit", "serve", "--port", "0"],
            cwd=project,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.url = self._first_line()

    def _first_line(self) -> str:
        assert self.process.stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(self.process.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if selector.select(timeout=1.0):
                line = self.process.stdout.readline()
                assert line, self.process.stderr.read() if self.process.stderr else ""
                return line.strip()
            assert self.process.poll() is None, self.process.stderr.read() if self.process.stderr else ""
        raise AssertionError("quizkit serve printed no address")

    @property
    def port(self) -> int:
        return int(self.url.rstrip("/").rsplit(":", 1)[1])

    def interrupt(self) -> tuple[int, str, str]:
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=60)
        return self.process.returncode, out, err

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()
