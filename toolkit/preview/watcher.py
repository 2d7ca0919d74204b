"""Rebuilds the preview when the project's sources change: content, catalogs, the configuration.

``watchfiles`` (Rust ``notify``: inotify, FSEvents, ReadDirectoryChangesW, polling where none works)
groups the bursts an editor's save makes (a temporary file, a rename) into one change set, and stops
through an event checked while it waits, so the thread can be joined on Ctrl-C.

Nothing ends the watching but :meth:`Watcher.stop`: an error in a rebuild or in reporting one is told to
``on_error`` (one line per failure, saying what failed, as the server tells a failed request), and the
next change is built as usual.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path

from toolkit.preview.session import PreviewSession, PreviewState

DEBOUNCE_MILLISECONDS = 100
STOP_CHECK_MILLISECONDS = 200


class Watcher:
    def __init__(
        self,
        session: PreviewSession,
        on_rebuild: Callable[[PreviewState], None] | None = None,
        *,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.session = session
        self.on_rebuild = on_rebuild
        self.on_error = on_error
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self._run, name="quizkit-watch")
        self._scan_next = True
        """Whether the next rebuild looks at every source rather than the paths the watcher saw."""

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stop_event.set()
        self.thread.join()

    def _run(self) -> None:
        from watchfiles import watch

        mirror = self.session.mirror

        def wanted(_change: object, path: str) -> bool:
            return mirror.is_source(Path(path))

        # What changed before the watching began is no event: the first rebuild looks at every source,
        # and so does the one after a rebuild that raised (it may not have taken in what it was told).
        self._scan_next = True
        for changes in watch(
            mirror.root,
            watch_filter=wanted,
            stop_event=self.stop_event,
            debounce=DEBOUNCE_MILLISECONDS,
            rust_timeout=STOP_CHECK_MILLISECONDS,
            yield_on_timeout=False,
            raise_interrupt=False,
        ):
            self._rebuild(None if self._scan_next else [Path(path) for _, path in changes])

    def _rebuild(self, paths: list[Path] | None) -> None:
        """One rebuild (of the sources at ``paths``, None: every source) and its report. rebuild() puts
        every error of the build in the state; an error beyond that, or in the report, is told to
        ``on_error`` and may not end the watching."""
        self._scan_next = True
        try:
            state = self.session.rebuild(paths)
        except Exception as error:
            self._failed(error, "rebuilding the preview")
            return
        self._scan_next = False
        if self.on_rebuild is None:
            return
        try:
            self.on_rebuild(state)
        except Exception as error:
            self._failed(error, "reporting a rebuild")

    def _failed(self, error: Exception, doing: str) -> None:
        from toolkit.build.failures import failure_diagnostics, failure_text

        if self.on_error is None:
            return
        text = "\n".join(failure_text(diagnostic) for diagnostic in failure_diagnostics(error))
        # The last channel there is: when telling fails too, nothing is left to tell it through.
        with contextlib.suppress(Exception):
            self.on_error(f"{text} ({doing})")
