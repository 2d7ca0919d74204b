"""Preview rebuilds that fail: every error a command reports is shown in the command's words, located in
the author's file; any other error is shown as a defect; and the watcher goes on to build the next save."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support import run_quizkit

from toolkit.config import load_config
from toolkit.preview import PreviewSession, PreviewState
from toolkit.preview.watcher import Watcher
from toolkit.scaffold import create_project

HANG_SECONDS = 120.0
"""What a test waits for a rebuild before it calls it lost: never reached unless the watcher died."""
BROKEN_MEMORY = b'<tmx version="1.4"><body><tu>'
MEMORY_MESSAGE = (
    "locales/memory/old.tmx:1: error[memory]: not well-formed XML: Premature end of data in tag tu line 1"
)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    create_project(tmp_path / "demo", ["fr"])
    monkeypatch.chdir(tmp_path / "demo")  # messages name files relative to the working folder
    return tmp_path / "demo"


@pytest.fixture
def session(project: Path) -> Iterator[PreviewSession]:
    opened = PreviewSession(load_config(project))
    with opened.opened():
        yield opened


def next_state(session: PreviewSession, after: PreviewState) -> PreviewState:
    state = session.wait(after.serial, HANG_SECONDS)
    assert state is not None, "no rebuild: the watcher stopped watching"
    return state


def watching(session: PreviewSession, project: Path, after: PreviewState) -> PreviewState:
    """The first state the started watcher builds: the watcher sees changes only once it has set up its
    watches, so the configuration is saved again (same bytes) until a rebuild shows it does."""
    config = project / "quizkit.toml"
    for _ in range(int(HANG_SECONDS)):
        config.write_bytes(config.read_bytes())
        state = session.wait(after.serial, 1.0)
        if state is not None:
            return state
    raise AssertionError("the watcher never rebuilt")


def test_a_malformed_memory_file_is_shown_as_the_build_command_says_it(
    project: Path, session: PreviewSession
) -> None:
    assert session.rebuild().problems == ()
    memory = project / "locales" / "memory" / "old.tmx"
    memory.parent.mkdir()
    memory.write_bytes(BROKEN_MEMORY)
    quiz = project / "content" / "first-quiz.yaml"
    quiz.write_text(quiz.read_text(encoding="utf-8").replace("Water", "Rain"), encoding="utf-8")
    state = session.rebuild()
    assert [problem.to_text() for problem in state.problems] == [MEMORY_MESSAGE]
    assert state.built  # the pages of the last good build stay, under the overlay
    built = run_quizkit(project, "build")
    assert (built.returncode, built.stderr.splitlines()[-1]) == (1, MEMORY_MESSAGE)


def test_the_watcher_survives_a_failed_build_and_builds_the_fix(
    project: Path, session: PreviewSession
) -> None:
    first = session.rebuild()
    heard: list[PreviewState] = []

    def report(state: PreviewState) -> None:
        heard.append(state)
        raise BrokenPipeError  # a terminal that went away: no reason to stop watching

    watcher = Watcher(session, report)
    watcher.start()
    try:
        first = watching(session, project, first)
        memory = project / "locales" / "memory" / "old.tmx"
        memory.parent.mkdir()
        memory.write_bytes(BROKEN_MEMORY)
        quiz = project / "content" / "first-quiz.yaml"
        quiz.write_text(quiz.read_text(encoding="utf-8").replace("Water", "Rain"), encoding="utf-8")
        state = next_state(session, first)
        while not state.problems:  # the two saves may come as two change sets
            state = next_state(session, state)
        assert [problem.to_text() for problem in state.problems] == [MEMORY_MESSAGE]
        memory.unlink()
        state = next_state(session, state)
        while state.problems:
            state = next_state(session, state)
        assert state.rebuilt == ("first-quiz",)
        assert "The Rain Cycle" in (session.site / "first-quiz" / "en.html").read_text(encoding="utf-8")
    finally:
        watcher.stop()
    assert heard and heard[-1] == state


def test_an_error_no_command_expects_is_shown_and_the_next_save_is_built(
    project: Path, session: PreviewSession
) -> None:
    # `questions: []` once crashed validation (IndexError, issue 35): whatever a build raises, the state
    # must say the build did not happen, and a fix must be built.
    assert session.rebuild().problems == ()
    quiz = project / "content" / "first-quiz.yaml"
    good = quiz.read_text(encoding="utf-8")
    head, _ = good.split("\nquestions:", 1)
    quiz.write_text(head + "\nquestions: []\n", encoding="utf-8")
    broken = session.rebuild()
    assert broken.problems != ()
    assert broken.built
    quiz.write_text(good, encoding="utf-8")
    assert session.rebuild().problems == ()
