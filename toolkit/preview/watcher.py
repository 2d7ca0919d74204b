"""Rebuilds the preview when the project's sources change: content, catalogs, the configuration.

``watchfiles`` (Rust ``notify``: inotify, FSEvents, ReadDirectoryChangesW, polling where none works)
groups the bursts an editor's save makes (a temporary file, a rename) into one change set, and stops
through an event checked while it waits, so the thread can be joined on Ctrl-C.
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
        self, session: PreviewSession, on_rebuild: Callable[[PreviewState], None] | None = None
    ) -> None:
        self.session = session
        self.on_rebuild = on_rebuild
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self._run, name="quizkit-watch")

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

        for _changes in watch(
            mirror.root,
            watch_filter=wanted,
            stop_event=self.stop_event,
            debounce=DEBOUNCE_MILLISECONDS,
            rust_timeout=STOP_CHECK_MILLISECONDS,
            yield_on_timeout=False,
            raise_interrupt=False,
        ):
            # rebuild() reports every error in the state; nothing a report does may end the watching.
            state = self.session.rebuild()
            if self.on_rebuild is not None:
                with contextlib.suppress(Exception):
                    self.on_rebuild(state)
