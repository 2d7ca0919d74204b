"""Writing an import's files (toolkit/importing/bank_files.py): every catalog as ``quizkit update`` writes
it. A catalog a translator saved after the import read it is never written over (nothing is written at
all), and a catalog that took back the retired catalog of a deleted quiz of the same id removes the
retired copy, so that the import leaves exactly the files ``quizkit update`` leaves."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process, snapshot

from toolkit.catalogs.extraction import quiz_template
from toolkit.catalogs.workflow import CatalogError, plan_catalog
from toolkit.config import load_config
from toolkit.content.validation import validate_file
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.po_writer import write_po
from toolkit.importing.bank import ImportedBank
from toolkit.importing.bank_files import dropped_translations, retired_notes
from toolkit.importing.bank_writing import plan_bank_import, write_bank_import
from toolkit.model import Quiz

BANK = "banks/every-type.xml"
CATALOG = Path("locales/ur/LC_MESSAGES/every-type.po")
RETIRED = Path("locales/retired/ur/every-type.po")


def every_type() -> Quiz:
    diagnostics, model = validate_file(EVERY_TYPE_QUIZ)
    assert isinstance(model, Quiz), diagnostics
    return model


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = fixture_project(tmp_path / "project", {})
    (root / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur", "ar"]\n', encoding="utf-8"
    )
    monkeypatch.chdir(root)
    return root


def with_imported(quiz: Quiz, translations: dict[str, dict[str, str]]) -> Quiz:
    """``quiz`` with the title's translations as a reader gives them (locale → key → text)."""
    title = quiz.title
    found = tuple(
        (locale, by_key[title.key]) for locale, by_key in translations.items() if title.key in by_key
    )
    return replace(quiz, title=replace(title, imported=found))


def translated(path: Path, key: str, translation: str) -> None:
    """The catalog at ``path`` with the entry ``key`` translated, as a translator saves it."""
    catalog = read_po(path.read_bytes(), str(path))
    entries = tuple(
        replace(entry, msgstr=translation) if entry.context == key else entry for entry in catalog.entries
    )
    path.write_bytes(write_po(replace(catalog, entries=entries)))


def test_a_catalog_saved_after_the_plan_read_it_is_refused_and_nothing_is_written(project: Path) -> None:
    quiz = every_type()
    bank = ImportedBank(quiz, "en", ())
    config = load_config(project)
    write_bank_import(plan_bank_import(config, bank, BANK))
    plan = plan_bank_import(config, bank, BANK)
    # A translator saves the catalog in Poedit between the plan and the write of an import with --force.
    translated(project / CATALOG, quiz.title.key, "ہر قسم")
    before = snapshot(project)
    with pytest.raises(CatalogError) as refused:
        write_bank_import(plan, force=True)
    assert str(refused.value) == (
        f"{CATALOG}: the file changed while quizkit was working on it (saved in an editor?), so it was left as "
        "it is now and nothing was written over it; run the command again to work on the saved version"
    )
    assert snapshot(project) == before
    # Run again, the import takes the saved translation over.
    write_bank_import(plan_bank_import(config, bank, BANK), force=True)
    entries = {entry.context: entry for entry in read_po((project / CATALOG).read_bytes(), "").entries}
    assert entries[quiz.title.key].msgstr == "ہر قسم"


def test_a_catalog_created_after_the_plan_is_refused_and_nothing_is_written(project: Path) -> None:
    bank = ImportedBank(every_type(), "en", ())
    plan = plan_bank_import(load_config(project), bank, BANK)
    # A translator starts the Urdu catalog meanwhile.
    (project / CATALOG).write_text('msgid ""\nmsgstr ""\n"Language: ur\\n"\n', encoding="utf-8")
    before = snapshot(project)
    with pytest.raises(CatalogError) as refused:
        write_bank_import(plan, force=True)
    assert refused.value.message.startswith("the file was created while quizkit was working on it")
    assert snapshot(project) == before


def retired_quiz(project: Path, translation: str) -> None:
    """The project after the quiz every-type was written, its title translated into Urdu and the quiz
    deleted: ``quizkit update`` retired its Urdu catalog to locales/retired/ur/."""
    shutil.copy(EVERY_TYPE_QUIZ, project / "content" / "every-type.yaml")
    assert run_quizkit_in_process(project, "update").returncode == 0
    translated(project / CATALOG, every_type().title.key, translation)
    (project / "content" / "every-type.yaml").unlink()
    assert run_quizkit_in_process(project, "update").returncode == 0
    assert (project / RETIRED).exists() and not (project / CATALOG).exists()


def test_an_import_takes_back_a_retired_catalog_and_leaves_the_files_update_leaves(
    project: Path, tmp_path: Path
) -> None:
    retired_quiz(project, "ہر قسم")
    updated = shutil.copytree(project, tmp_path / "updated")
    plan = plan_bank_import(load_config(project), ImportedBank(every_type(), "en", ()), BANK)
    assert plan.bank.notes[-1] == (
        f"ur: {CATALOG} takes back the translations of {RETIRED}, retired when a quiz every-type was "
        "deleted, as quizkit update does; the retired copy is removed once the catalog is written"
    )
    write_bank_import(plan)
    # The same quiz written by hand, then quizkit update.
    quiz_file = Path("content/every-type.yaml")
    (updated / quiz_file).write_bytes((project / quiz_file).read_bytes())
    result = run_quizkit_in_process(updated, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{CATALOG}: taken back from {RETIRED}" in result.stdout
    assert snapshot(project) == snapshot(updated)
    assert not (project / "locales" / "retired").exists()
    entries = {entry.context: entry for entry in read_po((project / CATALOG).read_bytes(), "").entries}
    assert entries[every_type().title.key].msgstr == "ہر قسم"


def test_a_failed_import_puts_the_retired_catalog_back(project: Path) -> None:
    retired_quiz(project, "ہر قسم")
    plan = plan_bank_import(load_config(project), ImportedBank(every_type(), "en", ()), BANK)
    before = snapshot(project)
    # The quiz YAML, written last, cannot be written: a folder stands where it goes.
    (project / "content" / "every-type.yaml").mkdir()
    with pytest.raises(OSError):
        write_bank_import(plan, force=True)
    (project / "content" / "every-type.yaml").rmdir()
    assert snapshot(project) == before


def test_a_second_retired_copy_is_kept_and_named_as_update_names_it(project: Path, tmp_path: Path) -> None:
    retired_quiz(project, "ہر قسم")
    # The quiz was retired twice: a numbered copy beside the first, which no catalog takes back.
    second = RETIRED.with_name("every-type.2.po")
    (project / second).write_bytes((project / RETIRED).read_bytes().replace("ہر قسم".encode(), "سب".encode()))
    updated = shutil.copytree(project, tmp_path / "updated")
    plan = plan_bank_import(load_config(project), ImportedBank(every_type(), "en", ()), BANK)
    assert plan.bank.notes[-1] == (
        f"ur: {second} is kept (a retired catalog of quiz every-type, which is back; a catalog takes back "
        f"one retired catalog, not two): copy what you need from it into {CATALOG}, then delete it"
    )
    write_bank_import(plan)
    quiz_file = Path("content/every-type.yaml")
    (updated / quiz_file).write_bytes((project / quiz_file).read_bytes())
    result = run_quizkit_in_process(updated, "update")
    assert f"{second}: kept (a retired catalog of quiz every-type, which is back;" in result.stdout
    assert snapshot(project) == snapshot(updated)
    assert (project / second).exists() and not (project / RETIRED).exists()


def fuzzy(path: Path, key: str) -> None:
    """The entry ``key`` of the catalog at ``path`` marked fuzzy, as a translator leaves one unfinished."""
    catalog = read_po(path.read_bytes(), str(path))
    entries = tuple(entry.with_flag("fuzzy") if entry.context == key else entry for entry in catalog.entries)
    path.write_bytes(write_po(replace(catalog, entries=entries)))


def test_a_fuzzy_translation_taken_back_is_kept_as_update_keeps_it(project: Path, tmp_path: Path) -> None:
    # A translator's unfinished title (fuzzy) in the retired catalog; the bank translates the title too.
    retired_quiz(project, "میرا ترجمہ")
    fuzzy(project / RETIRED, every_type().title.key)
    title = every_type().title.key
    bank_title = "ہر قسم کا سوال"
    updated = shutil.copytree(project, tmp_path / "updated")
    quiz = with_imported(every_type(), {"ur": {title: bank_title}})
    plan = plan_bank_import(load_config(project), ImportedBank(quiz, "en", ()), BANK)
    assert [(each.locale, each.kept) for each in plan.locales] == [("ar", 0), ("ur", 1)]
    write_bank_import(plan)
    entries = {entry.context: entry for entry in read_po((project / CATALOG).read_bytes(), "").entries}
    assert (entries[title].msgstr, entries[title].is_fuzzy) == ("میرا ترجمہ", True)
    assert not (project / "locales" / "retired").exists()  # every translation it held is in the catalog
    # quizkit update, taking the bank's title in from the YAML (where a draft's translation waits), keeps
    # the same entry: the import's catalog is update's, byte for byte.
    quiz_file = Path("content/every-type.yaml")
    waiting = f"title:\n  text: Every question type\n  ur:\n    text: {bank_title}\n    from: {BANK}\n"
    (updated / quiz_file).write_text(
        (project / quiz_file).read_text(encoding="utf-8").replace("title: Every question type\n", waiting, 1),
        encoding="utf-8",
    )
    result = run_quizkit_in_process(updated, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (updated / CATALOG).read_bytes() == (project / CATALOG).read_bytes()


def test_a_retired_catalog_saved_after_the_plan_is_refused_and_nothing_is_written(project: Path) -> None:
    retired_quiz(project, "ہر قسم")
    plan = plan_bank_import(load_config(project), ImportedBank(every_type(), "en", ()), BANK)
    # A translator saves the retired catalog between the plan and the write: what they saved is not in the
    # catalog the plan made, so removing the retired copy would lose it.
    translated(project / RETIRED, every_type().title.key, "ہر قسم کا سوال")
    before = snapshot(project)
    with pytest.raises(CatalogError) as refused:
        write_bank_import(plan)
    assert str(refused.value) == (
        f"{RETIRED}: the file changed while quizkit was working on it (saved in an editor?), so it was left as "
        "it is now and nothing was written over it; run the command again to work on the saved version"
    )
    assert snapshot(project) == before


def test_a_retired_copy_holding_a_translation_the_catalog_lacks_is_kept_and_named(project: Path) -> None:
    """What the plan does with the retired copy when the catalog it wrote does not hold one of its
    translations as it held it (nothing in today's merge drops one: this guards the removal itself)."""
    retired_quiz(project, "ہر قسم")
    config = load_config(project)
    title = every_type().title.key
    plan = plan_catalog(config, "ur", "every-type", quiz_template(every_type(), project), None)
    assert plan.catalog is not None
    assert dropped_translations(project / RETIRED, plan.catalog) == ()
    without = replace(plan.catalog, entries=tuple(e for e in plan.catalog.entries if e.context != title))
    dropped = dropped_translations(project / RETIRED, without)
    assert dropped == (title,)
    assert retired_notes(config, plan, dropped) == [
        f"ur: {CATALOG} takes back the translations of {RETIRED}, retired when a quiz every-type was deleted, "
        f"but not {title}: the retired copy is kept; copy what you need from it into {CATALOG}, then delete it"
    ]
