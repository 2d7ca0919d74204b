"""A deleted quiz's template and catalogs (toolkit/catalogs/retirement.py): update removes the template,
retires every catalog with a translation to locales/retired/, and takes it back when the quiz returns;
update --check and status agree before and after."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import run_quizkit_in_process as quizkit

from toolkit.catalogs.workflow import CatalogError, plan_catalog, templates, write_planned
from toolkit.config import load_config
from toolkit.gettext.po_reader import parse_po

QUIZ = Path("content/data-parallel.yaml")
CATALOG = Path("locales/ur/LC_MESSAGES/data-parallel.po")
RETIRED = Path("locales/retired/ur/data-parallel.po")


def add_french(project: Path) -> None:
    settings = project / "pyproject.toml"
    settings.write_text(
        settings.read_text(encoding="utf-8").replace(
            'target-locales = ["ur"]', 'target-locales = ["ur", "fr"]'
        ),
        encoding="utf-8",
    )
    assert quizkit(project, "update").returncode == 0


def domains_in_status(project: Path) -> list[str]:
    result = quizkit(project, "status", "--format", "json")
    return sorted({row["domain"] for row in json.loads(result.stdout)})


def test_update_removes_the_template_and_retires_the_catalogs_of_a_deleted_quiz(project: Path) -> None:
    add_french(project)  # its catalog of the quiz has no translation: nothing to keep
    catalog = (project / CATALOG).read_bytes()
    assert quizkit(project, "compile").returncode == 0
    (project / QUIZ).unlink()

    check = quizkit(project, "update", "--check")
    assert (check.returncode, check.stdout.splitlines()) == (
        1,
        [
            "locales/data-parallel.pot: stale",
            "locales/fr/LC_MESSAGES/data-parallel.po: stale",
            "locales/ur/LC_MESSAGES/data-parallel.po: stale",
            "3 files out of date with the content; run quizkit update",
        ],
    )
    # status still counts the quiz, and fails under 100% on its untranslated French catalog, as check does.
    assert quizkit(project, "status", "--fail-under", "100").returncode == 1

    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-5:] == [
        "locales/data-parallel.pot: removed (quiz data-parallel is gone)",
        "locales/fr/LC_MESSAGES/data-parallel.mo: removed (quiz data-parallel is gone)",
        "locales/fr/LC_MESSAGES/data-parallel.po: removed (quiz data-parallel is gone; it had no translation)",
        "locales/ur/LC_MESSAGES/data-parallel.mo: removed (quiz data-parallel is gone)",
        "locales/ur/LC_MESSAGES/data-parallel.po: retired to locales/retired/ur/data-parallel.po "
        "(quiz data-parallel is gone; 50 translations kept there, taken back by update if the quiz returns)",
    ]
    assert (project / RETIRED).read_bytes() == catalog
    for gone in ("locales/data-parallel.pot", CATALOG, "locales/fr/LC_MESSAGES/data-parallel.po"):
        assert not (project / gone).exists()
    assert not (project / "locales/ur/LC_MESSAGES/data-parallel.mo").exists()

    check = quizkit(project, "update", "--check")
    assert (check.returncode, check.stdout) == (0, "templates and catalogs are up to date\n")
    assert domains_in_status(project) == ["ui"]
    assert quizkit(project, "check").returncode == 0
    assert quizkit(project, "check", "locales").returncode == 0  # a folder's retired catalogs are not checked


def test_a_returning_quiz_takes_its_retired_catalog_back(project: Path) -> None:
    catalog = (project / CATALOG).read_bytes()
    quiz = (project / QUIZ).read_bytes()
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    (project / QUIZ).write_bytes(quiz)

    check = quizkit(project, "update", "--check")
    assert (check.returncode, check.stdout.splitlines()) == (
        1,
        [
            "locales/data-parallel.pot: stale",
            "locales/ur/LC_MESSAGES/data-parallel.po: stale",
            "2 files out of date with the content; run quizkit update",
        ],
    )
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert (
        "locales/ur/LC_MESSAGES/data-parallel.po: taken back from locales/retired/ur/data-parallel.po"
        in result.stdout.splitlines()
    )
    assert (project / CATALOG).read_bytes() == catalog
    assert not (project / "locales/retired").exists()
    assert domains_in_status(project) == ["data-parallel", "ui"]


def test_a_returning_quiz_that_changed_gets_its_translations_fuzzy_where_the_text_changed(
    project: Path,
) -> None:
    quiz = (project / QUIZ).read_text(encoding="utf-8")
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    (project / QUIZ).write_text(
        quiz.replace("Message size and topology", "Message size and network topology"), encoding="utf-8"
    )
    result = quizkit(project, "update")
    assert (
        "locales/ur/LC_MESSAGES/data-parallel.po: taken back from locales/retired/ur/data-parallel.po, "
        "1 changed (now fuzzy)" in result.stdout.splitlines()
    )
    entry = parse_po((project / CATALOG).read_text(encoding="utf-8"), "x.po").by_context()[
        "data-parallel.questions.nccl-factors.options.size-and-topology"
    ]
    assert (entry.is_fuzzy, entry.previous_msgid) == (True, "Message size and topology")


def test_a_catalog_that_cannot_be_read_is_retired_whole(project: Path) -> None:
    (project / CATALOG).write_bytes(b'msgid "unclosed\n')
    (project / QUIZ).unlink()
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == (
        "locales/ur/LC_MESSAGES/data-parallel.po: retired to locales/retired/ur/data-parallel.po "
        "(quiz data-parallel is gone; its translations kept there, taken back by update if the quiz returns)"
    )
    assert (project / RETIRED).read_bytes() == b'msgid "unclosed\n'


def test_a_second_retirement_never_overwrites_the_first(project: Path) -> None:
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    first = (project / RETIRED).read_bytes()
    # The catalog comes back by hand (not through update), different, and its quiz is gone again.
    (project / CATALOG).write_bytes(first.replace(b'msgstr "', b'msgstr "~', 1))
    assert quizkit(project, "update").returncode == 0
    assert (project / RETIRED).read_bytes() == first
    assert (project / "locales/retired/ur/data-parallel.2.po").read_bytes() == first.replace(
        b'msgstr "', b'msgstr "~', 1
    )


def test_build_takes_a_retired_catalog_back_too(project: Path) -> None:
    catalog = (project / CATALOG).read_bytes()
    quiz = (project / QUIZ).read_bytes()
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    (project / QUIZ).write_bytes(quiz)
    result = quizkit(project, "build")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (project / CATALOG).read_bytes() == catalog
    assert not (project / "locales/retired").exists()


def test_files_quizkit_did_not_make_are_left_alone(project: Path) -> None:
    """Another program's template and catalogs in the same folders are no quiz's: kept, and not stale."""
    theirs = {
        "locales/messages.pot": b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr ""\n',
        "locales/ur/LC_MESSAGES/messages.po": b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr "x"\n',
        "locales/ur/LC_MESSAGES/messages.mo": b"not ours",
    }
    for name, data in theirs.items():
        (project / name).write_bytes(data)
    check = quizkit(project, "update", "--check")
    assert (check.returncode, check.stdout) == (0, "templates and catalogs are up to date\n")
    assert quizkit(project, "update").returncode == 0
    assert {name: (project / name).read_bytes() for name in theirs} == theirs


NUMBERED = Path("locales/retired/ur/data-parallel.2.po")


def test_a_returning_quiz_names_the_retired_copies_it_did_not_take_back(project: Path) -> None:
    quiz = (project / QUIZ).read_bytes()
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    first = (project / RETIRED).read_bytes()
    second = first.replace(b'msgstr "', b'msgstr "~', 1)
    (project / CATALOG).write_bytes(second)  # back by hand, changed, and gone again: a numbered copy
    assert quizkit(project, "update").returncode == 0
    (project / QUIZ).write_bytes(quiz)
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert (
        "locales/ur/LC_MESSAGES/data-parallel.po: taken back from locales/retired/ur/data-parallel.po"
        in lines
    )
    assert lines[-1] == (
        "locales/retired/ur/data-parallel.2.po: kept (a retired catalog of quiz data-parallel, which is back; "
        "update takes back one retired catalog, not two): copy what you need from it into "
        "locales/ur/LC_MESSAGES/data-parallel.po, then delete it"
    )
    assert ((project / CATALOG).read_bytes(), (project / NUMBERED).read_bytes()) == (first, second)
    # Said again on every update until it is dealt with.
    again = quizkit(project, "update")
    assert again.stdout.splitlines()[-1] == lines[-1]


def test_a_returning_quiz_takes_back_a_numbered_copy_when_it_is_the_only_one(project: Path) -> None:
    catalog = (project / CATALOG).read_bytes()
    quiz = (project / QUIZ).read_bytes()
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    (project / NUMBERED).write_bytes((project / RETIRED).read_bytes())
    (project / RETIRED).unlink()
    (project / QUIZ).write_bytes(quiz)
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert (
        "locales/ur/LC_MESSAGES/data-parallel.po: taken back from locales/retired/ur/data-parallel.2.po"
        in result.stdout.splitlines()
    )
    assert (project / CATALOG).read_bytes() == catalog
    assert not (project / "locales/retired").exists()


def test_a_retired_catalog_that_cannot_be_read_says_what_to_do_when_its_quiz_returns(project: Path) -> None:
    quiz = (project / QUIZ).read_bytes()
    (project / CATALOG).write_bytes(b'msgid "unclosed\n')
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    (project / QUIZ).write_bytes(quiz)
    result = quizkit(project, "update")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "locales/retired/ur/data-parallel.po:1: error[catalog]: unterminated string: a string must start and "
        "end with a double quote on one line; this is the catalog of quiz "
        "data-parallel, retired when the quiz was deleted, which update takes back now that the quiz is "
        "back: mend the file, or move it out of the locales folder to start the quiz's catalog anew (and "
        "copy its translations in by hand), then run the command again\n"
    )
    assert (project / RETIRED).read_bytes() == b'msgid "unclosed\n'
    assert not (project / CATALOG).exists()


def test_build_retires_a_deleted_quizs_catalog_as_update_does(project: Path) -> None:
    catalog = (project / CATALOG).read_bytes()
    (project / QUIZ).unlink()
    result = quizkit(project, "build", "--format", "text")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-5:-1] == [
        "",
        "locales/data-parallel.pot: removed (quiz data-parallel is gone)",
        "locales/ur/LC_MESSAGES/data-parallel.po: retired to locales/retired/ur/data-parallel.po "
        "(quiz data-parallel is gone; 50 translations kept there, taken back by update if the quiz returns)",
        "",
    ]
    assert (project / RETIRED).read_bytes() == catalog
    assert not (project / CATALOG).exists()
    check = quizkit(project, "update", "--check")
    assert (check.returncode, check.stdout) == (0, "templates and catalogs are up to date\n")


def test_what_update_did_is_a_frozen_record_built_whole(project: Path) -> None:
    import dataclasses

    import pytest

    from toolkit.catalogs.workflow import update
    from toolkit.config import load_config

    (project / QUIZ).unlink()
    outcomes, _ = update(load_config(project))
    assert [retired.orphan.path.name for retired in outcomes.retired] == [
        "data-parallel.pot",
        "data-parallel.po",
    ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcomes.retired = ()  # type: ignore[misc]


def test_build_says_what_it_retired_to_machines_too(project: Path) -> None:
    (project / QUIZ).unlink()
    result = quizkit(project, "build", "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["retired"] == [
        {"path": "locales/data-parallel.pot", "quiz": "data-parallel", "retired_to": None},
        {
            "path": "locales/ur/LC_MESSAGES/data-parallel.po",
            "quiz": "data-parallel",
            "retired_to": "locales/retired/ur/data-parallel.po",
        },
    ]


def test_a_retired_catalog_saved_after_update_read_it_is_not_removed(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(project)
    quiz = (project / QUIZ).read_bytes()
    (project / QUIZ).unlink()
    assert quizkit(project, "update").returncode == 0
    (project / QUIZ).write_bytes(quiz)
    config = load_config(project)
    plan = plan_catalog(config, "ur", "data-parallel", templates(config)["data-parallel"], None)
    assert plan.restored_from == project / RETIRED
    # A translator saves the retired catalog after update read it: what they saved is not in the plan.
    saved = (project / RETIRED).read_bytes() + b"\n"
    (project / RETIRED).write_bytes(saved)
    with pytest.raises(CatalogError) as refused:
        write_planned([plan])
    assert str(refused.value) == (
        f"{RETIRED}: the file changed while quizkit was working on it (saved in an editor?), so it was "
        "left as it is now and nothing was written over it; run the command again to work on the saved version"
    )
    assert (project / RETIRED).read_bytes() == saved
    assert not (project / CATALOG).exists()
