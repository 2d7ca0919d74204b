"""The generated benchmark project is a valid, translated project that quizkit builds without errors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from support import ROOT
from support import run_quizkit as quizkit

sys.path.insert(0, str(ROOT / "benchmarks"))

import corpus  # lives in benchmarks/, put on the path above

from toolkit.catalogs.extraction import template_header
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.po_writer import format_po

QUIZZES = 3


def catalogs(project: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(project)): path.read_bytes()
        for pattern in ("*.pot", "*/LC_MESSAGES/*.po")
        for path in sorted((project / "locales").glob(pattern))
    }


def combined_by_format_po(project: Path) -> tuple[str, str]:
    """The combined template and catalog as format_po writes them, from the domains' files read as catalogs."""
    locales = project / "locales"
    domains = sorted((path.stem for path in locales.glob("*.pot")), key=lambda name: (name != "ui", name))
    template: list[CatalogEntry] = []
    entries: list[CatalogEntry] = []
    for domain in domains:
        template += read_po((locales / f"{domain}.pot").read_bytes(), domain).active()
        entries += read_po((locales / "ur" / "LC_MESSAGES" / f"{domain}.po").read_bytes(), domain).active()
    first = read_po((locales / "ur" / "LC_MESSAGES" / "ui.po").read_bytes(), "ui")
    header = first.header.with_field("Project-Id-Version", corpus.COMBINED_DOMAIN)
    return (
        format_po(Catalog(template_header(corpus.COMBINED_DOMAIN, "content/"), tuple(template))),
        format_po(Catalog(header, tuple(entries))),
    )


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
    combined = project / "locales-babel"
    assert combined_by_format_po(project) == (
        (combined / "messages.pot").read_text(encoding="utf-8"),
        (combined / "ur" / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8"),
    )
    update = quizkit(project, "update")
    assert update.returncode == 0, update.stdout + update.stderr
    assert catalogs(project) == before, "the translated catalogs are not what quizkit update writes"

    build = quizkit(project, "build")
    assert build.returncode == 0, build.stdout + build.stderr
    for quiz in quiz_ids:
        for locale in (corpus.SOURCE_LOCALE, corpus.TARGET_LOCALE):
            assert (project / "dist" / "json" / quiz / f"{locale}.json").is_file()
        assert (project / "dist" / "mo" / corpus.TARGET_LOCALE / "LC_MESSAGES" / f"{quiz}.mo").is_file()


def test_generation_is_deterministic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = corpus.generate_corpus(tmp_path / "first", 2, seed=7)
    # The catalogs are filled in worker processes when there are many: the same, filled in any order.
    monkeypatch.setattr(corpus, "TRANSLATIONS_PER_TASK", 1)
    second = corpus.generate_corpus(tmp_path / "second", 2, seed=7)
    assert first.translations == second.translations
    assert (first.entries, first.untranslated) == (second.entries, second.untranslated)
    assert catalogs(first.root) == catalogs(second.root)
    for name in ("content/quiz-0001.yaml", "locales-babel/ur/LC_MESSAGES/messages.po"):
        assert (first.root / name).read_bytes() == (second.root / name).read_bytes()


def test_generated_catalogs_carry_a_fixed_date_not_the_clocks(tmp_path: Path) -> None:
    # With the clock's minute in its headers, two generations either side of a minute differ.
    project = corpus.generate_corpus(tmp_path / "project", 1, seed=7).root
    for path in sorted((project / "locales" / corpus.TARGET_LOCALE / "LC_MESSAGES").glob("*.po")):
        header = read_po(path.read_bytes(), path.stem).header
        assert header.get("PO-Revision-Date") == "2026-01-01 00:00+0000", path
