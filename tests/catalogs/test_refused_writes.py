"""A command that writes several files checks that it may write every one before it writes the first
(issue 17: ``update`` wrote the new template, then found the catalog read-only and stopped, leaving
the two out of step). A read-only file that would change stops the command with nothing written."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support import copy_project, run_quizkit, snapshot

UI_CATALOG = "locales/ur/LC_MESSAGES/ui.po"
QUIZ_CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"
REFUSED = "error[io]: the file is read-only; quizkit does not replace it (make it writable, chmod u+w, and run again)"


def edited(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def update_after_editing_both_quiz_and_ui(project: Path) -> tuple[list[str], str]:
    """The ui template and the quiz's catalog would change too; the ui catalog is read-only."""
    edited(project / "content/ui.yaml", "    text: Beginner\n", "    text: Beginners\n")
    edited(
        project / "content/data-parallel.yaml",
        "prompt: In standard data parallelism, what does each GPU hold?",
        "prompt: In plain data parallelism, what does each GPU hold?",
    )
    return ["update"], UI_CATALOG


def compile_after_translating_both(project: Path) -> tuple[list[str], str]:
    """Both .mo files would change; the second one written (ui.mo) is read-only."""
    assert run_quizkit(project, "compile").returncode == 0
    edited(project / QUIZ_CATALOG, 'msgstr "معیاری ڈیٹا', 'msgstr "نیا معیاری ڈیٹا')
    edited(project / UI_CATALOG, 'msgstr "ابتدائی"', 'msgstr "نوآموز"')
    return ["compile"], "locales/ur/LC_MESSAGES/ui.mo"


def import_into_both_catalogs(project: Path) -> tuple[list[str], str]:
    """One XLIFF file changes both catalogs; the second one written (ui.po) is read-only."""
    (project / "in.xlf").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="ur">\n'
        '<file id="data-parallel"><unit id="data-parallel.questions.gpu-holds.prompt">'
        '<segment state="final"><source>In standard data parallelism, what does each GPU hold?</source>'
        "<target>نیا</target></segment></unit></file>\n"
        '<file id="ui"><unit id="ui.level-beginner"><segment state="final"><source>Beginner</source>'
        "<target>نوآموز</target></segment></unit></file>\n"
        "</xliff>\n",
        encoding="utf-8",
    )
    return ["import-xliff", "in.xlf"], UI_CATALOG


SITUATIONS: dict[str, Callable[[Path], tuple[list[str], str]]] = {
    "update": update_after_editing_both_quiz_and_ui,
    "compile": compile_after_translating_both,
    "import-xliff": import_into_both_catalogs,
}


@pytest.mark.parametrize("situation", sorted(SITUATIONS))
def test_a_read_only_file_stops_the_command_before_anything_is_written(
    situation: str, tmp_path: Path
) -> None:
    project = copy_project(tmp_path / "project")
    command, read_only = SITUATIONS[situation](project)
    (project / read_only).chmod(0o444)
    before = snapshot(project)

    result = run_quizkit(project, *command)

    assert (result.returncode, result.stderr) == (1, f"{read_only}: {REFUSED}\n")
    after = snapshot(project)
    assert sorted(name for name in set(before) | set(after) if before.get(name) != after.get(name)) == []


SAVED_BY_THE_EDITOR = 'msgstr "نوآموز"'


@pytest.mark.parametrize(
    ("arguments", "module", "function"),
    [
        (("update",), "toolkit.catalogs.workflow", "merge"),
        (
            ("review", "approve", "--locale", "ur", "--reviewer", "Test Reviewer"),
            "toolkit.catalogs.project_review",
            "write_po",
        ),
    ],
)
def test_a_catalog_saved_in_an_editor_while_the_command_runs_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, arguments: tuple[str, ...], module: str, function: str
) -> None:
    """Issue 35: a translator saved the ui catalog while update (or review approve) ran, after the command
    had read it; the command wrote what it made from the older text over it (no message, exit 0). The
    editor's save is played at that moment by the function the command calls next, after the read; the
    library's own code runs unchanged."""
    import importlib

    from support import run_quizkit_in_process

    from toolkit.gettext.catalog import Catalog

    project = copy_project(tmp_path)
    edited(
        project / "content/ui.yaml", "    text: Beginner\n", "    text: Beginners\n"
    )  # update changes ui.po
    catalog = project / UI_CATALOG
    target = importlib.import_module(module)
    real = getattr(target, function)

    def editor_saves_then(*args: object, **kwargs: object) -> object:
        # When the command works on the ui catalog (its first argument), which it has read by then.
        working_on_ui = isinstance(args[0], Catalog) and any(
            (entry.context or "").startswith("ui.") for entry in args[0].entries
        )
        text = catalog.read_text(encoding="utf-8")
        if working_on_ui and SAVED_BY_THE_EDITOR not in text:
            catalog.write_text(text.replace('msgstr "ابتدائی"', SAVED_BY_THE_EDITOR), encoding="utf-8")
        return real(*args, **kwargs)

    monkeypatch.setattr(target, function, editor_saves_then)
    result = run_quizkit_in_process(project, *arguments)
    assert (result.returncode, result.stderr) == (
        1,
        f"{UI_CATALOG}: error[catalog]: the file changed while quizkit was working on it (saved in an "
        "editor?), so it was left as it is now and nothing was written over it; run the command again to "
        "work on the saved version\n",
    )
    assert SAVED_BY_THE_EDITOR in catalog.read_text(encoding="utf-8")


def test_a_catalog_saved_in_an_editor_while_import_xliff_runs_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same race as above for import-xliff: the translator saved the ui catalog after the import had
    read it. The editor's save is played by the next call the import makes on the catalog it read."""
    from support import run_quizkit_in_process

    from toolkit.catalogs import xliff_import
    from toolkit.gettext.catalog import Catalog

    project = copy_project(tmp_path)
    (project / "in.xlf").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.1" srcLang="en" trgLang="ur">\n'
        '<file id="ui"><unit id="ui.level-beginner"><segment state="translated"><source>Beginner</source>'
        "<target>مبتدی</target></segment></unit></file>\n"
        "</xliff>\n",
        encoding="utf-8",
    )
    catalog = project / UI_CATALOG
    real = xliff_import.write_po

    def editor_saves_then(catalog_read: Catalog) -> bytes:
        text = catalog.read_text(encoding="utf-8")
        if SAVED_BY_THE_EDITOR not in text:
            catalog.write_text(text.replace('msgstr "ابتدائی"', SAVED_BY_THE_EDITOR), encoding="utf-8")
        return real(catalog_read)

    monkeypatch.setattr(xliff_import, "write_po", editor_saves_then)
    result = run_quizkit_in_process(project, "import-xliff", "in.xlf")
    assert (result.returncode, result.stderr) == (
        1,
        f"{UI_CATALOG}: error[catalog]: the file changed while quizkit was working on it (saved in an "
        "editor?), so it was left as it is now and nothing was written over it; run the command again to "
        "work on the saved version\n",
    )
    text = catalog.read_text(encoding="utf-8")
    assert SAVED_BY_THE_EDITOR in text and "مبتدی" not in text


def test_a_catalog_saved_in_an_editor_while_check_fix_runs_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """check --fix rewrites a catalog from the bytes its findings came from; a save in an editor after
    that read is neither fixed over nor lost. The save is played by the call that applies the fixes."""
    from support import run_quizkit_in_process

    from toolkit.checks import project_checks as checks_project

    project = copy_project(tmp_path)
    catalog = project / UI_CATALOG
    # An Arabic yeh where Urdu has its own: a finding --fix repairs.
    edited(catalog, 'msgstr "ابتدائی"', 'msgstr "ابتدائي"')
    real = checks_project.apply_fixes

    def editor_saves_then(*args: object, **kwargs: object) -> object:
        text = catalog.read_text(encoding="utf-8")
        if 'msgstr "میانہ"' not in text:
            catalog.write_text(text.replace('msgstr "درمیانہ"', 'msgstr "میانہ"'), encoding="utf-8")
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(checks_project, "apply_fixes", editor_saves_then)
    result = run_quizkit_in_process(project, "check", "--fix", "--locale", "ur")
    assert (result.returncode, result.stderr) == (
        1,
        f"{UI_CATALOG}: error[catalog]: the file changed while quizkit was working on it (saved in an "
        "editor?), so it was left as it is now and nothing was written over it; run the command again to "
        "work on the saved version\n",
    )
    text = catalog.read_text(encoding="utf-8")
    assert 'msgstr "میانہ"' in text and 'msgstr "ابتدائي"' in text
