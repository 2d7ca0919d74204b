"""Preview rebuilds that fail: every error a command reports is shown in the command's words, located in
the author's file; any other error is shown as a defect; and the watcher goes on to build the next save."""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterator
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


FOLDER_PROBLEM = "a folder, not a regular file; quizkit reads only regular files"
PIPE_PROBLEM = "a named pipe (FIFO), not a regular file; quizkit reads only regular files"
CATALOG = "locales/fr/LC_MESSAGES/first-quiz.po"


def make_folder(path: Path) -> None:
    path.mkdir()


def make_link_to_nothing(path: Path) -> None:
    path.symlink_to("missing.yaml")


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        (
            "content/notes.yaml",
            make_folder,
            "content/notes.yaml: error[not-a-file]: a folder named like a content file; quizkit reads only "
            "regular files",
        ),
        ("content/notes.yaml", os.mkfifo, f"content/notes.yaml: error[not-a-file]: {PIPE_PROBLEM}"),
        (
            "content/notes.yaml",
            make_link_to_nothing,
            "content/notes.yaml: error[no-such-file]: a link to missing.yaml, which does not exist",
        ),
        (CATALOG, make_folder, f"{CATALOG}: error[catalog]: {FOLDER_PROBLEM}"),
        (CATALOG, os.mkfifo, f"{CATALOG}: error[catalog]: {PIPE_PROBLEM}"),
        ("locales/first-quiz.pot", make_folder, "locales/first-quiz.pot: error[io]: Is a directory"),
        (
            "locales/first-quiz.pot",
            os.mkfifo,
            f"locales/first-quiz.pot: error[io]: {PIPE_PROBLEM}; quizkit does not replace it",
        ),
        (
            "locales/glossary/fr.yaml",
            make_folder,
            f"locales/glossary/fr.yaml: error[file-unreadable]: {FOLDER_PROBLEM}",
        ),
        (
            "locales/glossary/fr.yaml",
            os.mkfifo,
            f"locales/glossary/fr.yaml: error[file-unreadable]: {PIPE_PROBLEM}",
        ),
    ],
    ids=[
        "content-folder",
        "content-pipe",
        "content-link-to-nothing",
        "catalog-folder",
        "catalog-pipe",
        "template-folder",
        "template-pipe",
        "glossary-folder",
        "glossary-pipe",
    ],
)
def test_a_source_that_is_no_regular_file_is_shown_as_the_build_command_says_it(
    project: Path, session: PreviewSession, name: str, make: Callable[[Path], None], message: str
) -> None:
    """A folder or a pipe named like a quiz or a catalog was left out of the copy without a word: the
    preview built without it (a fresh, empty catalog in the copy) and said there was no problem."""
    assert session.rebuild().problems == ()
    source = project / name
    original = source.read_bytes() if source.exists() else None
    source.unlink(missing_ok=True)
    source.parent.mkdir(exist_ok=True)
    make(source)
    state = session.rebuild()
    assert [problem.to_text() for problem in state.problems] == [message]
    assert not (session.mirror.folder / name).is_file()  # nothing made in its place in the copy
    built = run_quizkit(project, "build")
    assert built.returncode == 1
    assert message in (built.stdout + built.stderr).splitlines()
    # The fix is built.
    source.rmdir() if source.is_dir() else source.unlink()
    if original is not None:
        source.write_bytes(original)
    assert session.rebuild().problems == ()
    assert (session.mirror.folder / name).exists() == (original is not None)


@pytest.mark.parametrize("make", [make_folder, os.mkfifo], ids=["folder", "pipe"])
def test_a_memory_file_that_is_no_regular_file_is_passed_over_as_the_build_command_does(
    project: Path, session: PreviewSession, make: Callable[[Path], None]
) -> None:
    """The build reads only the regular .tmx files of the memory folder: the preview does not stop on
    what the command passes over."""
    assert session.rebuild().problems == ()
    memory = project / "locales" / "memory" / "old.tmx"
    memory.parent.mkdir()
    make(memory)
    assert session.rebuild().problems == ()
    assert run_quizkit(project, "build").returncode == 0


@pytest.mark.parametrize("make", [make_folder, os.mkfifo, None], ids=["folder", "pipe", "deleted"])
def test_a_configuration_that_is_no_regular_file_is_shown_as_every_command_says_it(
    project: Path, session: PreviewSession, make: Callable[[Path], None] | None
) -> None:
    """A quizkit.toml made a folder or a pipe, or deleted, was taken for no configuration: the preview
    built on the defaults and said there was no problem, where every command refuses to run."""
    assert session.rebuild().problems == ()
    config = project / "quizkit.toml"
    original = config.read_bytes()
    config.unlink()
    if make is not None:
        make(config)
    message = (
        f"error[no-project]: {project} is not inside a quizkit project: there is no quizkit.toml, and no "
        "pyproject.toml with a [tool.quizkit] table, in this folder or any folder above it. Run the command "
        "inside a project, or make one with quizkit init or a [tool.quizkit] table (docs/configuration.md)."
    )
    assert [problem.to_text() for problem in session.rebuild().problems] == [message]
    built = run_quizkit(project, "build")
    assert (built.returncode, built.stderr.splitlines()) == (2, [message])
    if make is not None:
        config.rmdir() if config.is_dir() else config.unlink()
    config.write_bytes(original)
    assert session.rebuild().problems == ()


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


def said_lines(said: list[str], count: int) -> list[str]:
    """``said`` once it holds ``count`` lines (the watcher's thread says them after the state changes)."""
    import threading

    pause = threading.Event()
    for _ in range(int(HANG_SECONDS * 10)):
        if len(said) >= count:
            return list(said)
        pause.wait(0.1)
    raise AssertionError(f"the watcher said {said}, not {count} lines")


def test_a_report_that_fails_is_said_once_with_what_failed_and_the_watching_goes_on(
    project: Path, session: PreviewSession
) -> None:
    first = session.rebuild()
    reports: list[PreviewState] = []
    said: list[str] = []

    def report(state: PreviewState) -> None:
        reports.append(state)
        if len(reports) == 1:
            raise RuntimeError("the report broke")

    watcher = Watcher(session, report, on_error=said.append)
    watcher.start()
    try:
        state = watching(session, project, first)
        assert said_lines(said, 1) == [
            "quizkit: error[internal]: unexpected RuntimeError: the report broke; this is a defect in "
            "quizkit, please report it with the file that caused it (reporting a rebuild)"
        ]
        quiz = project / "content" / "first-quiz.yaml"
        quiz.write_text(quiz.read_text(encoding="utf-8").replace("Water", "Rain"), encoding="utf-8")
        state = next_state(session, state)
        while state.rebuilt != ("first-quiz",):  # the configuration saves may still come first
            state = next_state(session, state)
    finally:
        watcher.stop()
    assert reports[-1] == state  # reported: the watching went on after the failed report
    assert len(said) == 1  # once: the reports after the first did not fail


def test_an_error_with_a_file_named_in_bytes_is_shown_and_the_watcher_goes_on(
    project: Path, session: PreviewSession
) -> None:
    import errno

    import toolkit.build

    def failing_disk(*_arguments: object, **_options: object) -> None:
        # A test double of a disk that fails (none can be made to here), raising as os functions given
        # a bytes path do: describing it once raised TypeError in rebuild(), and the watcher died.
        raise OSError(errno.EIO, "Input/output error", b"content/first-quiz.yaml")

    first = session.rebuild()
    watcher = Watcher(session)
    watcher.start()
    try:
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(toolkit.build, "run_build", failing_disk)
            state = watching(session, project, first)
            assert [problem.to_text() for problem in state.problems] == [
                "content/first-quiz.yaml: error[io]: Input/output error"
            ]
        quiz = project / "content" / "first-quiz.yaml"
        quiz.write_text(quiz.read_text(encoding="utf-8").replace("Water", "Rain"), encoding="utf-8")
        state = next_state(session, state)
        while state.problems or state.rebuilt != ("first-quiz",):  # configuration saves may come first
            state = next_state(session, state)
    finally:
        watcher.stop()
    assert "The Rain Cycle" in (session.site / "first-quiz" / "en.html").read_text(encoding="utf-8")


def test_a_rebuild_that_raises_is_said_once_and_the_watching_goes_on(
    project: Path, session: PreviewSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = session.rebuild()
    rebuild = PreviewSession.rebuild
    calls: list[int] = []

    def failing_once(self: PreviewSession, paths: Collection[Path] | None = None) -> PreviewState:
        calls.append(len(calls))
        if len(calls) == 1:
            # A test double of a defect beyond the build's problems (rebuild() catches those): no input
            # makes it happen.
            raise RuntimeError("a simulated defect")
        return rebuild(self, paths)

    monkeypatch.setattr(PreviewSession, "rebuild", failing_once)
    said: list[str] = []
    watcher = Watcher(session, on_error=said.append)
    watcher.start()
    try:
        state = watching(session, project, first)  # the rebuild after the failed one
    finally:
        watcher.stop()
    assert state.problems == ()
    assert said == [
        "quizkit: error[internal]: unexpected RuntimeError: a simulated defect; this is a defect in quizkit, "
        "please report it with the file that caused it (rebuilding the preview)"
    ]


def test_an_error_below_screenshot_comments_names_the_authors_file_and_line(
    project: Path, session: PreviewSession
) -> None:
    """The copy's catalogs keep the author's ``#. Screenshot:`` comments (its build's update reads the
    project's screenshots folder), so a line the preview names is the line in the author's file."""
    for key in ("first-quiz.title", "first-quiz.description", "first-quiz.questions.sun-drives.prompt"):
        shot = project / "screenshots" / "fr" / f"{key}.png"
        shot.parent.mkdir(parents=True, exist_ok=True)
        shot.write_bytes(b"\x89PNG\r\n\x1a\n")
    assert run_quizkit(project, "update").returncode == 0
    catalog = project / CATALOG
    text = catalog.read_text(encoding="utf-8")
    assert text.count("#. Screenshot: screenshots/fr/") == 3
    blank = 'msgid ""\n"Water that soaks into the ground becomes {{store}}, and plants return water "\n'
    blank += '"to the air by {{process}}."\nmsgstr ""\n'
    assert blank in text
    catalog.write_text(
        text.replace(blank, blank.replace('msgstr ""', 'msgstr "L\'eau devient {{store}}."')),
        encoding="utf-8",
    )
    checked = run_quizkit(project, "check")
    expected = [
        line for line in checked.stdout.splitlines() + checked.stderr.splitlines() if "error[" in line
    ]
    assert checked.returncode == 1 and len(expected) == 1 and expected[0].startswith(f"{CATALOG}:")
    state = session.rebuild()
    # check adds the entry's key, which the preview's list shows beside it
    key = " [first-quiz.questions.fill-the-cycle.text]"
    assert [problem.to_text() + key for problem in state.problems] == expected
    assert expected[0].startswith(f"{CATALOG}:286: error[blank-markers]: {{{{process}}}} is missing")
    assert (session.mirror.folder / CATALOG).read_bytes() == catalog.read_bytes()


def test_a_message_that_names_a_file_of_the_copy_names_the_authors_file(
    project: Path, session: PreviewSession
) -> None:
    copy = session.mirror.folder / CATALOG
    error = ValueError(f"{copy} disagrees with .quizkit/preview/project/content/first-quiz.yaml")
    assert [problem.to_text() for problem in session.problems_of(error)] == [
        f"quizkit: error[internal]: unexpected ValueError: {project / CATALOG} disagrees with "
        "content/first-quiz.yaml; this is a defect in quizkit, please report it with the file that caused it"
    ]
