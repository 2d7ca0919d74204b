"""The preview's copy of the project: deletions reach it (while serve runs and while it did not), links
out of the project are not followed, and a copy folder reached through a link is refused."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support import TINY_QUIZ, run_quizkit, snapshot

from toolkit.config import load_config
from toolkit.content.validation import ContentError
from toolkit.files import OutsideProjectError
from toolkit.preview import PREVIEW_FOLDER, PreviewSession
from toolkit.preview.mirror import ProjectMirror
from toolkit.scaffold import create_project


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    create_project(tmp_path / "demo", ["fr"])
    monkeypatch.chdir(tmp_path / "demo")  # messages name files relative to the working folder
    return tmp_path / "demo"


def copy_of(project: Path, name: str) -> Path:
    return project / PREVIEW_FOLDER / "project" / name


def one_run(project: Path) -> tuple[tuple[str, ...], bool]:
    """A serve session's first build, as the located problems and whether pages exist."""
    session = PreviewSession(load_config(project))
    with session.opened():
        state = session.rebuild()
    return tuple(problem.to_text() for problem in state.problems), state.built


def test_a_file_deleted_while_serve_was_stopped_leaves_the_copy(project: Path) -> None:
    broken = project / "content" / "tiny.yaml"
    broken.write_text(TINY_QUIZ.replace("level: beginner", "level: expert"), encoding="utf-8")
    problems, built = one_run(project)
    assert problems and not built
    assert copy_of(project, "content/tiny.yaml").is_file()
    broken.unlink()  # while serve is stopped
    assert one_run(project) == ((), True)  # before: the copy kept the broken quiz, and so its error
    assert not copy_of(project, "content/tiny.yaml").exists()
    assert copy_of(project, "content/first-quiz.yaml").is_file()


def test_a_file_deleted_while_serve_runs_leaves_the_copy(project: Path) -> None:
    extra = project / "content" / "tiny.yaml"
    extra.write_text(TINY_QUIZ, encoding="utf-8")
    session = PreviewSession(load_config(project))
    with session.opened():
        assert session.rebuild().problems == ()
        assert (session.site / "tiny" / "en.html").is_file()
        extra.unlink()
        assert session.rebuild().problems == ()
    assert not copy_of(project, "content/tiny.yaml").exists()


def test_a_link_out_of_the_project_is_not_copied_and_named_as_the_build_names_it(
    project: Path, tmp_path: Path
) -> None:
    private = tmp_path / "private.txt"
    private.write_text("password: hunter2\n", encoding="utf-8")
    (project / "content" / "notes.yaml").symlink_to(private)
    problems, built = one_run(project)
    expected = (
        f"content/notes.yaml: error[link-outside-project]: a link to {private}, outside the project; quizkit "
        "does not follow it (copy the file into the project instead)"
    )
    assert problems == (expected,)
    assert not built
    assert not copy_of(project, "content/notes.yaml").exists()
    assert not any(b"hunter2" in data for data in snapshot(project / PREVIEW_FOLDER).values())
    built_by_command = run_quizkit(project, "build")
    assert built_by_command.stdout.splitlines()[0] == expected


@pytest.mark.parametrize("linked", [".quizkit", ".quizkit/preview", ".quizkit/preview/project"])
def test_a_copy_folder_reached_through_a_link_is_refused_and_nothing_is_written_there(
    project: Path, tmp_path: Path, linked: str
) -> None:
    elsewhere = tmp_path / "another-project"
    elsewhere.mkdir()
    link = project / linked
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(elsewhere)
    session = PreviewSession(load_config(project))
    with pytest.raises(OutsideProjectError) as refused, session.opened():
        session.rebuild()
    assert str(refused.value) == (
        f"{project.resolve() / linked}: it is a link; the preview writes only into the plain folder "
        f"{project.resolve() / PREVIEW_FOLDER / 'project'} (remove it, and quizkit serve makes the folder)"
    )
    assert list(elsewhere.iterdir()) == []


def test_serve_refuses_a_preview_folder_that_is_a_link_into_the_project(project: Path) -> None:
    # .quizkit/preview/project pointing at the project itself: the build would write over its sources.
    before = snapshot(project / "content")
    folder = project / ".quizkit" / "preview"
    folder.mkdir(parents=True)
    (folder / "project").symlink_to(project)
    result = run_quizkit(project, "serve", "--port", "0")
    link = project.resolve() / PREVIEW_FOLDER / "project"
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"error[confinement]: refusing to write {link}: it is a link; the preview writes only into the plain "
        f"folder {link} (remove it, and quizkit serve makes the folder)\n"
    )
    assert snapshot(project / "content") == before
    assert [path.name for path in folder.iterdir()] == ["project"]


def test_a_folder_replaced_by_a_file_of_its_name_is_followed_in_the_copy(project: Path) -> None:
    folder = project / "content" / "part"
    folder.mkdir()
    (folder / "tiny.yaml").write_text(TINY_QUIZ, encoding="utf-8")
    session = PreviewSession(load_config(project))
    with session.opened():
        assert session.rebuild().problems == ()
        (folder / "tiny.yaml").unlink()
        folder.rmdir()
        folder.write_text("notes beside the quizzes, not a quiz\n", encoding="utf-8")
        assert session.rebuild().problems == ()  # before: the copy's folder was in the way of the file
        assert copy_of(project, "content/part").read_text(encoding="utf-8").startswith("notes")
        folder.unlink()
        folder.mkdir()
        (folder / "tiny.yaml").write_text(TINY_QUIZ, encoding="utf-8")
        assert session.rebuild().problems == ()
    assert copy_of(project, "content/part/tiny.yaml").is_file()


def test_a_copy_whose_content_folder_is_the_project_root_is_pruned_too(tmp_path: Path) -> None:
    # load_config refuses content-dir "." today (output-dir would lie inside it), but the mirror takes
    # any configuration and must not depend on that: its prune once skipped a content folder that is
    # the root, and files deleted while serve was stopped stayed in the copy.
    from toolkit.config import ProjectConfig
    from toolkit.preview.mirror import ProjectMirror

    project = tmp_path / "flat"
    files = {
        "quizkit.toml": 'content-dir = "."\n',
        "kept.yaml": TINY_QUIZ,
        "deleted.yaml": TINY_QUIZ,
        "locales/fr/LC_MESSAGES/kept.po": "",
        "dist/html/index.html": "the project's own build",  # outputs: neither copied nor pruned
        ".quizkit-cache/build.json": "{}",
    }
    for name, text in files.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text, encoding="utf-8")
    config = ProjectConfig(project, project / "quizkit.toml", target_locales=("fr",), content_dir=".")
    copy = project / PREVIEW_FOLDER / "project"
    ProjectMirror(config, copy).sync()
    built = ["dist/html/index.html", ".quizkit-cache/build.json", "locales/fr/LC_MESSAGES/kept.mo"]
    for name in built:  # what the copy's build writes there
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        (copy / name).write_text("the copy's build", encoding="utf-8")
    (project / "deleted.yaml").unlink()  # while serve is stopped
    mirror = ProjectMirror(config, copy)
    mirror.sync()
    sources = ["kept.yaml", "locales/fr/LC_MESSAGES/kept.po", "quizkit.toml"]
    assert sorted(mirror.sources()) == sources
    assert sorted(name for name in snapshot(copy)) == sorted([*sources, *built])
    assert all((copy / name).read_text(encoding="utf-8") == "the copy's build" for name in built)


def test_a_linked_folder_out_of_the_project_is_named_as_a_linked_file_is(
    project: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "tiny.yaml").write_text(TINY_QUIZ, encoding="utf-8")
    (project / "content" / "shared").symlink_to(elsewhere, target_is_directory=True)
    problems, built = one_run(project)
    assert problems == (  # before: nothing said, and the quizzes in it silently left out
        f"content/shared: error[link-outside-project]: a link to {elsewhere}, outside the project; quizkit "
        "does not follow it (copy the file into the project instead)",
    )
    assert not built
    assert not copy_of(project, "content/shared").exists()


def sources_of(folder: Path) -> dict[str, bytes]:
    """The configuration, content and catalogs under ``folder`` (a project, or its copy), by name."""
    return {
        name: data
        for name, data in snapshot(folder).items()
        if name == "quizkit.toml" or name.startswith("content/") or name.endswith((".po", ".pot"))
        if not name.startswith(".quizkit")
    }


def watched_mirror(project: Path) -> ProjectMirror:
    """The copy after its first sync (a scan), as a watcher's first rebuild leaves it."""
    mirror = ProjectMirror(load_config(project), project / PREVIEW_FOLDER / "project")
    mirror.sync()
    return mirror


def test_a_sync_given_the_paths_a_watcher_saw_takes_in_each_added_changed_and_deleted_file(
    project: Path,
) -> None:
    mirror = watched_mirror(project)
    # Folders and regular files only: the paths a watcher saw stand for a scan.
    assert mirror._changed_sources([project / "content" / "first-quiz.yaml"]) is not None
    added = project / "content" / "tiny.yaml"
    added.write_text(TINY_QUIZ, encoding="utf-8")
    edited = project / "content" / "first-quiz.yaml"
    edited.write_text(
        edited.read_text(encoding="utf-8").replace("The Water Cycle", "Water"), encoding="utf-8"
    )
    deleted = project / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    deleted.unlink()
    assert mirror.sync([added, edited, deleted])
    assert sources_of(mirror.folder) == sources_of(project)


def test_a_folder_deleted_under_a_watcher_takes_its_files_out_of_the_copy(project: Path) -> None:
    """The watcher names the folder, not each file it held: the sync scans."""
    mirror = watched_mirror(project)
    shutil.rmtree(project / "locales" / "fr")
    assert mirror.sync([project / "locales" / "fr"])
    assert sources_of(mirror.folder) == sources_of(project)
    assert not copy_of(project, "locales/fr/LC_MESSAGES/first-quiz.po").exists()


def test_a_link_out_of_the_project_saved_under_a_watcher_is_refused_as_a_scan_refuses_it(
    project: Path, tmp_path: Path
) -> None:
    mirror = watched_mirror(project)
    outside = tmp_path / "outside.yaml"
    outside.write_text(TINY_QUIZ, encoding="utf-8")
    link = project / "content" / "tiny.yaml"
    link.symlink_to(outside)
    with pytest.raises(ContentError) as raised:
        mirror.sync([link])
    assert [item.code for item in raised.value.diagnostics] == ["link-outside-project"]
    assert not copy_of(project, "content/tiny.yaml").exists()
