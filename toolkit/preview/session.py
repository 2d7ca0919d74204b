"""One preview: builds of the project's copy (:mod:`.mirror`), and the state the open pages are told.

Every rebuild leaves a :class:`PreviewState`: the problems that stopped it (located in the author's
files, not in the copy) or none, and a page ``version`` that changes when a build changed what the
pages show. Pages wait for a new state through :meth:`PreviewSession.wait` (the server's event stream).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.build.resident import ResidentState
from toolkit.config import ProjectConfig
from toolkit.diagnostics import Diagnostic, format_location
from toolkit.preview.mirror import ProjectMirror

PREVIEW_FOLDER = ".quizkit/preview"
"""Below the project root: everything ``quizkit serve`` writes goes here."""
MIRROR_FOLDER = "project"


@dataclass(frozen=True)
class Problem:
    """Something that stopped a preview build, where the author can fix it."""

    file: str
    line: int | None
    column: int | None
    code: str
    message: str

    def location(self) -> str:
        return format_location(self.file, self.line, self.column)

    def to_text(self) -> str:
        """As a command prints it: ``file:line: error[code]: message`` (no file: no location)."""
        from toolkit.diagnostics import terminal_safe

        where = f"{self.location()}: " if self.file else ""
        return terminal_safe(f"{where}error[{self.code}]: {self.message}")

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "message": self.message,
            "location": self.location(),
        }


@dataclass(frozen=True)
class PreviewState:
    serial: int = 0
    """Changes with every new state, for the pages waiting on one."""
    version: int = 0
    """Changes when a build changed the pages: open pages reload."""
    built: bool = False
    """Whether a build succeeded yet (pages exist to serve)."""
    problems: tuple[Problem, ...] = ()
    fell_back: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    """Questions shown in the source language, by (quiz, locale), from the last build that succeeded."""
    rebuilt: tuple[str, ...] = ()
    """The domains the last build redid."""

    def to_dict(self) -> dict[str, object]:
        return {
            "version": self.version,
            "built": self.built,
            "problems": [problem.to_dict() for problem in self.problems],
        }


class PreviewSession:
    def __init__(self, config: ProjectConfig) -> None:
        self.root = config.root.absolute()
        self.folder = self.root / PREVIEW_FOLDER
        self.mirror = ProjectMirror(config, self.folder / MIRROR_FOLDER)
        self.resident = ResidentState()
        """The models and memory units earlier rebuilds decoded: a rebuild reads only what changed."""
        self._state = PreviewState()
        self._changed = threading.Condition()
        self._building = threading.Lock()
        self._stopping = False

    @contextmanager
    def opened(self) -> Iterator[PreviewSession]:
        """Hold the copy's writer lock: a second preview of the same project is refused, not mixed in."""
        from toolkit.concurrency.lock import project_lock
        from toolkit.files import write_text_atomic

        self.mirror.check_folder()
        self.mirror.folder.mkdir(parents=True, exist_ok=True)
        self.mirror.check_folder()  # a link made while the folders were made
        with project_lock(self.mirror.folder, "serve"):
            # Git leaves the whole preview folder alone, in projects that do not ignore it yet.
            write_text_atomic(self.folder / ".gitignore", "*\n")
            yield self

    @property
    def site(self) -> Path:
        """The folder the player pages are served from."""
        return self.mirror.config.output_path / "html"

    @property
    def state(self) -> PreviewState:
        with self._changed:
            return self._state

    @property
    def stopping(self) -> bool:
        return self._stopping

    def stop(self) -> None:
        with self._changed:
            self._stopping = True
            self._changed.notify_all()

    def wait(self, serial: int, timeout: float) -> PreviewState | None:
        """The state once it is newer than ``serial``; None after ``timeout`` or when stopping."""
        with self._changed:
            self._changed.wait_for(lambda: self._state.serial != serial or self._stopping, timeout)
            if self._stopping or self._state.serial == serial:
                return None
            return self._state

    def rebuild(self, paths: Collection[Path] | None = None) -> PreviewState:
        """Copy what changed and build the copy; the new state. ``paths``: the files a watcher saw
        change since the last rebuild (None: unknown, every source is looked at).

        Every error a command reports is shown as that command words it (toolkit.build.failures), and
        any other is shown as the defect it is: the preview never stops watching, and never says there
        is no problem when the last build did not run."""
        from toolkit.build import run_build
        from toolkit.config import load_config, no_project_message

        with self._building:
            previous = self.state
            problems: list[Problem] = []
            result = None
            synced = False
            try:
                config = load_config(self.root)
                if config.config_file is None:
                    # The configuration was deleted, or made a folder or a pipe: every command refuses
                    # to run on defaults here, and the preview says so instead of building on them.
                    problems.append(Problem("", None, None, "no-project", no_project_message(str(self.root))))
                else:
                    self.mirror.configure(config)
                    self.mirror.sync(paths)
                    synced = True
                    result = run_build(self.mirror.config, jobs=1, resident=self.resident)
            except Exception as error:  # every one: the preview keeps watching
                problems += self.problems_of(error)
            if not synced:
                self.mirror.forget_sources()  # the changes seen now wait for the next rebuild's scan
            if result is not None:
                changed = bool(result.written or result.removed) or not previous.built
                state = PreviewState(
                    previous.serial + 1,
                    previous.version + 1 if changed else previous.version,
                    True,
                    (),
                    dict(result.fell_back),
                    tuple(result.rebuilt),
                )
            else:
                state = PreviewState(
                    previous.serial + 1,
                    previous.version,
                    previous.built,
                    tuple(problems),
                    previous.fell_back,
                )
            with self._changed:
                self._state = state
                self._changed.notify_all()
            return state

    def problems_of(self, error: Exception) -> list[Problem]:
        """What ``error`` says is wrong, as a command says it, in the author's files; an error no
        command expects is shown as the defect in quizkit it is. Never an empty list."""
        from toolkit.build.failures import INPUT_ERRORS, failure_diagnostics, unexpected_diagnostic

        if isinstance(error, INPUT_ERRORS):
            found = [self._located(item) for item in failure_diagnostics(error) if item.is_error]
            if found:
                return found
        return [self._located(unexpected_diagnostic(error))]

    def _located(self, diagnostic: Diagnostic) -> Problem:
        return self._problem(
            diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.code, diagnostic.message
        )

    def _problem(self, file: str, line: int | None, column: int | None, code: str, message: str) -> Problem:
        """A problem named by the author's file, relative to the project, never by its copy."""
        message = self.mirror.in_project(message)
        if not file or file == "quizkit":
            return Problem(file, line, column, code, message)  # about no one file of the project
        absolute = Path(os.path.normpath(Path.cwd() / self.mirror.original(Path(file))))
        name = absolute.relative_to(self.root).as_posix() if absolute.is_relative_to(self.root) else file
        return Problem(name, line, column, code, message)
