"""The memory's units kept between builds (toolkit/build/memory_cache.py): a build parses only the catalogs
whose bytes changed since the memory was last read, and pre-fills exactly what a build from scratch does."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import toolkit.build.memory_cache
from tests.support import TINY_QUIZ, fixture_project, snapshot, translate
from toolkit.build import run_build
from toolkit.build.cache import CACHE_FOLDER
from toolkit.build.memory_cache import MEMORY_FOLDER
from toolkit.build.seal import cache_key, seal
from toolkit.catalogs import read_po
from toolkit.config import load_config
from toolkit.memory.translation_memory import MemoryUnit, parsed_catalog_units

TINY_URDU = {
    "tiny.questions.first.prompt": "پہلا کون سا ہے؟",
    "tiny.questions.second.options.one": "بائیں والا",
    "tiny.questions.second.options.other": "دائیں والا",
}


def quiz(quiz_id: str, prompt: str) -> str:
    return TINY_QUIZ.replace("id: tiny\n", f"id: {quiz_id}\n", 1).replace("Which one is first?", prompt)


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The catalogs (locale/domain) the builds of the test parse for the memory."""
    names: list[str] = []

    def counting(locale: str, domain: str, path: Path, data: bytes) -> list[MemoryUnit]:
        names.append(f"{locale}/{domain}")
        return parsed_catalog_units(locale, domain, path, data)

    monkeypatch.setattr(toolkit.build.memory_cache, "parsed_catalog_units", counting)
    return names


def build(
    project: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str], clean: bool = False
) -> list[str]:
    """Build; the catalogs it parsed for the memory."""
    monkeypatch.chdir(project)
    parsed.clear()
    run_build(load_config(project), clean=clean)
    return sorted(parsed)


def prompt_entry(project: Path, domain: str) -> tuple[str, tuple[str, ...]]:
    path = project / f"locales/ur/LC_MESSAGES/{domain}.po"
    entry = next(
        item
        for item in read_po(path.read_bytes(), path.name).active()
        if item.context == f"{domain}.questions.first.prompt"
    )
    return entry.msgstr, entry.translator_comments


def built_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]) -> Path:
    """Three quizzes, tiny translated, built twice."""
    project = fixture_project(tmp_path / "project", {"tiny": TINY_QUIZ, "other": quiz("other", "Pick one?")})
    # New catalogs are empty: the memory is read, from the one catalog there is, and what the build
    # writes is kept.
    assert build(project, monkeypatch, parsed) == ["ur/ui"]
    translate(project / "locales/ur/LC_MESSAGES/tiny.po", TINY_URDU)
    (project / "content/third.yaml").write_text(quiz("third", "Which one is first?"), encoding="utf-8")
    assert build(project, monkeypatch, parsed) == ["ur/tiny"]
    return project


def test_a_build_parses_only_the_catalogs_changed_since_the_memory_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    project = built_project(tmp_path, monkeypatch, parsed)
    assert prompt_entry(project, "third") == (
        "پہلا کون سا ہے؟",
        ("quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)",),
    )
    # The catalogs that build rewrote were kept as it wrote them: a new quiz parses none of them.
    (project / "content/fourth.yaml").write_text(quiz("fourth", "Which one is first?"), encoding="utf-8")
    assert build(project, monkeypatch, parsed) == []
    assert prompt_entry(project, "fourth")[0] == "پہلا کون سا ہے؟"
    # A translator's edit is parsed again, and is what the memory offers next.
    translate(project / "locales/ur/LC_MESSAGES/other.po", {"other.questions.first.prompt": "ایک چنیں؟"})
    (project / "content/fifth.yaml").write_text(quiz("fifth", "Pick one?"), encoding="utf-8")
    assert build(project, monkeypatch, parsed) == ["ur/other"]
    assert prompt_entry(project, "fifth") == (
        "ایک چنیں؟",
        ("quizkit memory: 100% from other.questions.first.prompt (other/ur)",),
    )
    # And every catalog is what a build from scratch writes.
    scratch = tmp_path / "scratch"
    shutil.copytree(project, scratch, ignore=shutil.ignore_patterns(CACHE_FOLDER, "dist", "*.mo"))
    build(scratch, monkeypatch, parsed)
    for path in sorted((project / "locales/ur/LC_MESSAGES").glob("*.po")):
        assert path.read_bytes() == (scratch / "locales/ur/LC_MESSAGES" / path.name).read_bytes()


def test_a_build_that_uses_no_memory_reads_and_writes_no_memory_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    project = built_project(tmp_path, monkeypatch, parsed)
    # Files no build could use: read, each would have its catalog parsed and be written again.
    folder = project / CACHE_FOLDER / MEMORY_FOLDER
    for path in folder.iterdir():
        path.write_bytes(b"unusable")
    before = snapshot(folder)
    # A build with nothing to redo, and a build with the memory turned off.
    assert build(project, monkeypatch, parsed) == []
    path = project / "content/tiny.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("title: Tiny quiz", "title:  Tiny quiz"))
    run_build(load_config(project), use_memory=False)
    assert parsed == []
    assert snapshot(folder) == before


@pytest.mark.parametrize("damage", ["not sealed", "unit not a list", "target not a string", "not json"])
def test_a_memory_file_found_wanting_is_ignored_and_its_catalog_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str], damage: str
) -> None:
    project = built_project(tmp_path, monkeypatch, parsed)
    key = cache_key()
    assert key is not None
    kept = sorted((project / CACHE_FOLDER / MEMORY_FOLDER).glob("*.json"))
    # One file for each catalog as it is now.
    assert len(kept) == 4
    for path in kept:
        body = path.read_bytes().split(b"\n", 1)[1]
        units = json.loads(body)
        if damage == "unit not a list":
            units.append("unit")
        elif damage == "target not a string":
            units.append(["tiny.title", "Tiny quiz", None, [7]])
        if damage == "not sealed":
            path.write_bytes(body)
        elif damage == "not json":
            path.write_bytes(seal(b"[not json", key, f"{path.parent.name}/{path.name}"))
        else:
            path.write_bytes(seal(json.dumps(units).encode("utf-8"), key, f"{path.parent.name}/{path.name}"))
    (project / "content/fourth.yaml").write_text(quiz("fourth", "Which one is first?"), encoding="utf-8")
    assert build(project, monkeypatch, parsed) == ["ur/other", "ur/third", "ur/tiny", "ur/ui"]
    assert prompt_entry(project, "fourth")[0] == "پہلا کون سا ہے؟"


def test_files_of_catalogs_as_they_no_longer_are_are_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    project = built_project(tmp_path, monkeypatch, parsed)
    folder = project / CACHE_FOLDER / MEMORY_FOLDER
    before = {path.name for path in folder.iterdir()}
    translate(project / "locales/ur/LC_MESSAGES/other.po", {"other.questions.first.prompt": "ایک چنیں؟"})
    (project / "content/fifth.yaml").write_text(quiz("fifth", "Pick one?"), encoding="utf-8")
    assert build(project, monkeypatch, parsed) == ["ur/other"]
    after = {path.name for path in folder.iterdir()}
    # other's file is new, and fifth's; the one of other before the translator's edit is gone.
    assert len(after) == 5 and len(before - after) == 1


def test_clean_parses_every_catalog(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    project = built_project(tmp_path, monkeypatch, parsed)
    (project / "content/fourth.yaml").write_text(quiz("fourth", "Which one is first?"), encoding="utf-8")
    assert build(project, monkeypatch, parsed, clean=True) == ["ur/other", "ur/third", "ur/tiny", "ur/ui"]


def test_a_kept_unit_still_says_it_is_an_unreviewed_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, parsed: list[str]
) -> None:
    from dataclasses import replace

    from toolkit.catalogs import write_po
    from toolkit.catalogs.imported import IMPORTED_FROM

    project = fixture_project(tmp_path / "project", {"tiny": TINY_QUIZ, "other": quiz("other", "Pick one?")})
    build(project, monkeypatch, parsed)
    catalog_file = project / "locales/ur/LC_MESSAGES/tiny.po"
    translate(catalog_file, TINY_URDU)
    # The prompt's translation as quizkit import takes it from a bank: translated, not approved.
    catalog = read_po(catalog_file.read_bytes(), catalog_file.name)
    comment = IMPORTED_FROM.format(file="banks/tiny.xml")
    catalog = replace(
        catalog,
        entries=tuple(
            replace(entry, translator_comments=(comment,))
            if entry.context == "tiny.questions.first.prompt"
            else entry
            for entry in catalog.entries
        ),
    )
    catalog_file.write_bytes(write_po(catalog))
    assert build(project, monkeypatch, parsed) == ["ur/tiny"]
    (project / "content/third.yaml").write_text(quiz("third", "Which one is first?"), encoding="utf-8")
    # tiny's units come from the file the last build kept, not from parsing the catalog again.
    assert build(project, monkeypatch, parsed) == []
    assert prompt_entry(project, "third") == (
        TINY_URDU["tiny.questions.first.prompt"],
        (
            "quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur), an unreviewed translation "
            "imported from banks/tiny.xml",
        ),
    )
