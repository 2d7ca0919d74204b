"""What a long-running process keeps between its builds (toolkit/build/resident.py): a build reads again only
what changed, and builds what a build from scratch builds."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.build.test_build import QUIZ, add_second_quiz, assert_same_as_from_scratch, build, replace_in
from toolkit.build import BuildResult, run_build
from toolkit.build.cache import CACHE_FOLDER
from toolkit.build.resident import ResidentState
from toolkit.build.steps import MODELS_FOLDER
from toolkit.config import load_config


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
