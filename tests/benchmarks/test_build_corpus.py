"""The generated benchmark project is a valid, translated project that quizkit builds without errors."""

from __future__ import annotations

import sys
from pathlib import Path

from support import ROOT
from support import run_quizkit as quizkit

sys.path.insert(0, str(ROOT / "benchmarks"))

import corpus  # lives in benchmarks/, put on the path above

QUIZZES = 3


def catalogs(project: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(project)): path.read_bytes()
        for pattern in ("*.pot", "*/LC_MESSAGES/*.po")
        for path in sorted((project / "locales").glob(pattern))
    }


def test_generated_project_validates_builds_and_is_up_to_date(tmp_path: Path) -> None:
    project = tmp_path / "corpus"
    generated = corpus.generate_corpus(project, QUIZZES, seed=7)
    quiz_ids = [corpus.quiz_id(number) for number in range(1, QUIZZES + 1)]
    assert sorted(path.stem for path in (project / "content").glob("*.yaml")) == [*quiz_ids, "ui"]
    assert generated.entries > QUIZZES * corpus.QUESTIONS_PER_QUIZ * (corpus.OPTIONS_PER_QUESTION + 2)

    validation = quizkit(project, "validate")
    assert validation.returncode == 0, validation.stdout + validation.stderr

    before = catalogs(project)
    assert len(before) == 2 * (QUIZZES + 1)
    update = quizkit(project, "update")
    assert update.returncode == 0, update.stdout + update.stderr
    assert catalogs(project) == before, "the translated catalogs are not what quizkit update writes"

    build = quizkit(project, "build")
    assert build.returncode == 0, build.stdout + build.stderr
    for quiz in quiz_ids:
        for locale in (corpus.SOURCE_LOCALE, corpus.TARGET_LOCALE):
            assert (project / "dist" / "json" / quiz / f"{locale}.json").is_file()
        assert (project / "dist" / "mo" / corpus.TARGET_LOCALE / "LC_MESSAGES" / f"{quiz}.mo").is_file()


def test_generation_is_deterministic(tmp_path: Path) -> None:
    first = corpus.generate_corpus(tmp_path / "first", 1, seed=7)
    second = corpus.generate_corpus(tmp_path / "second", 1, seed=7)
    assert first.translations == second.translations
    assert catalogs(first.root) == catalogs(second.root)
    for name in ("content/quiz-0001.yaml", "locales-babel/ur/LC_MESSAGES/messages.po"):
        assert (first.root / name).read_bytes() == (second.root / name).read_bytes()
