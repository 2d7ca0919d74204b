"""A preview rebuild after each save reuses what the serving process kept from its earlier rebuilds (the
decoded models, the translation memory's units: :mod:`toolkit.build.resident`) and copies only the sources
whose files changed (:mod:`toolkit.preview.mirror`). What it leaves must be what a build from scratch of
the same sources leaves, byte for byte, after every kind of save an author makes."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import polib
import pytest

import toolkit.memory.index
from toolkit.config import load_config
from toolkit.preview import PreviewSession
from toolkit.preview.session import MIRROR_FOLDER, PREVIEW_FOLDER
from toolkit.scaffold import create_project

CACHE_FOLDER = ".quizkit-cache"
"""The build's own record: it holds when each output was written, so it differs between any two builds."""
RETIRED_FOLDER = "locales/retired"
"""A deleted quiz's catalog, retired as the project's copy of it stands: the preview's copy was merged by
every earlier rebuild, the author's never is (the preview writes only its copy), so the two differ by
that history, not by what a rebuild reuses. Compared apart: both retire the catalog, nothing else."""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    # A new catalog's PO-Revision-Date is the minute it is made: the preview's and the build from
    # scratch's could fall in different minutes on a slow machine, so both take one fixed time, as a
    # reproducible build does.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764547200")
    create_project(tmp_path / "demo", ["fr"])
    monkeypatch.chdir(tmp_path / "demo")  # messages name files relative to the working folder
    return tmp_path / "demo"


@pytest.fixture
def session(project: Path) -> Iterator[PreviewSession]:
    opened = PreviewSession(load_config(project))
    with opened.opened():
        yield opened


def files_of(folder: Path) -> dict[str, bytes]:
    """Every file of the preview's copy of the project (the catalogs, the outputs), by its name in it;
    a retired catalog's bytes left out (:data:`RETIRED_FOLDER`)."""
    return {
        name: b"" if name.startswith(RETIRED_FOLDER) else path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        and CACHE_FOLDER not in path.relative_to(folder).parts
        and (name := path.relative_to(folder).as_posix())
    }


def scratch_build(project: Path, folder: Path) -> dict[str, bytes]:
    """The preview's files of a new session on a copy of the project's sources: a build from scratch."""
    copy = folder / "demo"
    shutil.copytree(project, copy, ignore=shutil.ignore_patterns(".quizkit"))
    fresh = PreviewSession(load_config(copy))
    with fresh.opened():
        state = fresh.rebuild()
    assert state.problems == ()
    return files_of(copy / PREVIEW_FOLDER / MIRROR_FOLDER)


def replace_text(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def change_a_prompt(project: Path) -> None:
    replace_text(
        project / "content/first-quiz.yaml",
        "What gives water the energy to evaporate from the sea?",
        "What gives sea water the energy to evaporate?",
    )


def change_the_title(project: Path) -> None:
    replace_text(project / "content/first-quiz.yaml", "title: The Water Cycle", "title: Where Water Goes")


def translate_an_option(project: Path) -> None:
    path = project / "locales/fr/LC_MESSAGES/first-quiz.po"
    catalog = polib.pofile(str(path))
    entry = catalog.find("Heat from the Sun")
    assert entry is not None
    entry.msgstr = "La chaleur du Soleil"
    catalog.save(str(path))


def add_a_quiz(project: Path) -> None:
    """A second quiz whose option the memory pre-fills from the first quiz's translation."""
    text = (project / "content/first-quiz.yaml").read_text(encoding="utf-8")
    text = text.replace("id: first-quiz", "id: second-quiz").replace("title: Where Water Goes", "title: Rain")
    (project / "content/second-quiz.yaml").write_text(text, encoding="utf-8")


def change_the_interface(project: Path) -> None:
    replace_text(project / "content/ui.yaml", "text: Beginner", "text: Starter")


def delete_the_first_quiz(project: Path) -> None:
    (project / "content/first-quiz.yaml").unlink()


def change_the_configuration(project: Path) -> None:
    replace_text(project / "quizkit.toml", '"qti", "xliff"]', '"qti"]')


SAVES: list[Callable[[Path], None]] = [
    change_a_prompt,
    change_the_title,
    translate_an_option,
    add_a_quiz,
    change_the_interface,
    delete_the_first_quiz,
    change_the_configuration,
]


def sources(project: Path) -> dict[Path, bytes]:
    return {
        path: path.read_bytes()
        for path in project.rglob("*")
        if path.is_file() and ".quizkit" not in path.relative_to(project).parts
    }


def saved(project: Path, save: Callable[[Path], None]) -> list[Path]:
    """Make ``save``; the files it wrote, added or deleted, as a watcher names them."""
    before = sources(project)
    save(project)
    after = sources(project)
    return sorted(path for path in {*before, *after} if before.get(path) != after.get(path))


@pytest.mark.parametrize("watched", [False, True], ids=["scanned", "watched"])
def test_every_rebuild_leaves_what_a_build_from_scratch_leaves(
    project: Path, session: PreviewSession, tmp_path: Path, watched: bool
) -> None:
    """Each rebuild told nothing of what changed (every source looked at), or told the paths a watcher
    saw change (only they looked at)."""
    assert session.rebuild().problems == ()
    for number, save in enumerate(SAVES):
        paths = saved(project, save)
        state = session.rebuild(paths if watched else None)
        assert state.problems == (), save.__name__
        preview = files_of(session.mirror.folder)
        expected = scratch_build(project, tmp_path / f"scratch-{number}")
        assert sorted(preview) == sorted(expected), save.__name__
        differing = [name for name in expected if preview[name] != expected[name]]
        assert differing == [], save.__name__


def test_the_memory_prefills_the_new_quiz_in_the_preview_as_a_build_from_scratch_does(
    project: Path, session: PreviewSession
) -> None:
    """The memory kept between rebuilds holds the translation made after the preview started."""
    assert session.rebuild().problems == ()
    translate_an_option(project)
    assert session.rebuild().problems == ()
    change_the_title(project)
    add_a_quiz(project)
    assert session.rebuild().problems == ()
    catalog = polib.pofile(str(session.mirror.folder / "locales/fr/LC_MESSAGES/second-quiz.po"))
    entry = catalog.find("Heat from the Sun")
    assert entry is not None
    assert (entry.msgstr, entry.fuzzy) == ("La chaleur du Soleil", True)


def test_a_save_mid_edit_is_shown_and_the_fix_is_built_as_from_scratch(
    project: Path, session: PreviewSession, tmp_path: Path
) -> None:
    assert session.rebuild().problems == ()
    quiz = project / "content/first-quiz.yaml"
    good = quiz.read_text(encoding="utf-8")
    quiz.write_text(good.replace("title: The Water Cycle", "title: [The Water Cycle"), encoding="utf-8")
    broken = session.rebuild()
    assert [(problem.file, problem.code) for problem in broken.problems] == [
        ("content/first-quiz.yaml", "yaml-syntax")
    ]
    quiz.write_text(good.replace("The Water Cycle", "The Water Cycle Again"), encoding="utf-8")
    assert session.rebuild().problems == ()
    assert files_of(session.mirror.folder) == scratch_build(project, tmp_path / "scratch")


def test_the_memory_index_kept_between_rebuilds_with_the_changes_laid_over_it_builds_as_from_scratch(
    project: Path, session: PreviewSession, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However much of the memory a save changes, its units are laid over the index the first rebuild
    made (never made again here): each rebuild's catalogs are what a build from scratch makes, the new
    quiz's option pre-filled from the translation made after the preview started."""
    monkeypatch.setattr(toolkit.memory.index, "MAX_CHANGED_SHARE", 1.0)
    assert session.rebuild().problems == ()
    kept = dict(session.resident.memory_indexes)
    assert kept  # the first rebuild pre-filled from the memory: its index is kept
    for number, save in enumerate([translate_an_option, change_the_title, add_a_quiz]):
        save(project)
        assert session.rebuild().problems == (), save.__name__
        assert files_of(session.mirror.folder) == scratch_build(project, tmp_path / f"scratch-{number}")
    assert {key: item.index for key, item in session.resident.memory_indexes.items()} == {
        key: item.index for key, item in kept.items()
    }
    catalog = polib.pofile(str(session.mirror.folder / "locales/fr/LC_MESSAGES/second-quiz.po"))
    entry = catalog.find("Heat from the Sun")
    assert entry is not None
    assert (entry.msgstr, entry.fuzzy) == ("La chaleur du Soleil", True)
