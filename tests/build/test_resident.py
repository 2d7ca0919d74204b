"""What a long-running process keeps between its builds (toolkit/build/resident.py): a build reads again only
what changed, and builds what a build from scratch builds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.build.test_build import (
    QUIZ,
    SECOND,
    add_second_quiz,
    assert_same_as_from_scratch,
    build,
    replace_in,
)
from toolkit.build import BuildResult, run_build
from toolkit.build.cache import CACHE_FILE, CACHE_FOLDER, load_cache, save_cache
from toolkit.build.resident import ResidentState
from toolkit.build.steps import MODELS_FOLDER
from toolkit.config import load_config
from toolkit.content.validation import ContentError


def resident_build(project: Path, resident: ResidentState, monkeypatch: pytest.MonkeyPatch) -> BuildResult:
    monkeypatch.chdir(project)
    return run_build(load_config(project), resident=resident)


def validated(result: BuildResult) -> str:
    return next(step.detail for step in result.steps if step.name == "validate")


def test_the_models_of_unchanged_files_come_from_the_process_not_from_the_cache_folder(
    project: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the models' files gone, a build on its own validates every file again; one of a process that
    built before validates only the changed file, and builds the same files as a build from scratch."""
    add_second_quiz(project)
    resident = ResidentState()
    resident_build(project, resident, monkeypatch)
    # An author saving the same quiz again and again: the other files' models are decoded once, and kept.
    replace_in(project / f"content/{QUIZ}.yaml", "title: ", "title: New ")
    resident_build(project, resident, monkeypatch)
    replace_in(project / f"content/{QUIZ}.yaml", "title: New ", "title: Newer ")
    shutil.rmtree(project / CACHE_FOLDER / MODELS_FOLDER)
    assert validated(resident_build(project, resident, monkeypatch)) == "3 files, 1 changed"
    scratch = tmp_path_factory.mktemp("scratch") / "project"
    assert assert_same_as_from_scratch(project, scratch, monkeypatch) == "built"


def test_without_the_process_state_the_same_build_validates_every_file_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The contrast that shows where the models of the test above came from."""
    add_second_quiz(project)
    build(project, monkeypatch)
    replace_in(project / f"content/{QUIZ}.yaml", "title: ", "title: New ")
    shutil.rmtree(project / CACHE_FOLDER / MODELS_FOLDER)
    assert validated(build(project, monkeypatch)) == "3 files, 3 changed"


def test_a_record_written_by_another_build_is_read_again_not_taken_from_the_process(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process keeps build.json by the digest of its bytes: once another build wrote it, the process
    reads the new record (which holds the changed file's validation) instead of its own."""
    add_second_quiz(project)
    resident = ResidentState()
    resident_build(project, resident, monkeypatch)
    replace_in(project / f"content/{QUIZ}.yaml", "title: ", "title: New ")
    build(project, monkeypatch)  # no process state: its record names the new file's bytes
    assert validated(resident_build(project, resident, monkeypatch)) == "3 files, 0 changed"


def test_the_record_a_process_writes_is_the_bytes_a_build_of_its_own_writes(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each record's JSON is kept from the build before; written whole, the cache is the same bytes."""
    add_second_quiz(project)
    resident = ResidentState()
    resident_build(project, resident, monkeypatch)
    replace_in(project / f"content/{QUIZ}.yaml", "title: ", "title: New ")
    resident_build(project, resident, monkeypatch)
    written = (project / CACHE_FOLDER / CACHE_FILE).read_bytes()
    assert resident.build_record is not None
    save_cache(project, resident.build_record[1])  # encoded afresh, every record
    assert (project / CACHE_FOLDER / CACHE_FILE).read_bytes() == written
    assert load_cache(project) == resident.build_record[1]


def test_after_a_failed_build_every_output_is_checked_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process trusts the outputs its last successful build recorded; a failed build may have written
    some, so the next one checks them all: here a deleted output of the quiz that did not change."""
    add_second_quiz(project)
    resident = ResidentState()
    resident_build(project, resident, monkeypatch)
    deleted = project / f"dist/i18next/en/{SECOND}.json"
    deleted.unlink()
    quiz = project / f"content/{QUIZ}.yaml"
    good = quiz.read_bytes()
    quiz.write_text("title: [broken\n", encoding="utf-8")
    with pytest.raises(ContentError):
        resident_build(project, resident, monkeypatch)
    quiz.write_bytes(good)
    assert resident_build(project, resident, monkeypatch).rebuilt == [SECOND]
    assert deleted.is_file()


def test_a_build_that_changed_nothing_leaves_the_kept_models_kept(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A no-change build decodes no model; the models kept before it stay for the next save's build."""
    add_second_quiz(project)
    resident = ResidentState()
    resident_build(project, resident, monkeypatch)
    replace_in(project / f"content/{QUIZ}.yaml", "title: ", "title: New ")
    resident_build(project, resident, monkeypatch)
    assert validated(resident_build(project, resident, monkeypatch)) == "3 files, 0 changed"
    replace_in(project / f"content/{QUIZ}.yaml", "title: New ", "title: Newer ")
    shutil.rmtree(project / CACHE_FOLDER / MODELS_FOLDER)
    assert validated(resident_build(project, resident, monkeypatch)) == "3 files, 1 changed"
