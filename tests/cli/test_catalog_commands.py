"""extract, update, compile and status as translators and CI run them, on a copy of the project."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from support import fixture_interface_messages, fixture_interface_words, snapshot
from support import run_quizkit as quizkit

from toolkit.gettext.po_reader import parse_po

ROOT = Path(__file__).resolve().parents[2]
CATALOG = Path("locales/ur/LC_MESSAGES/data-parallel.po")
UI = fixture_interface_messages()
WORDS = fixture_interface_words()


def test_update_names_a_changed_source_fuzzy_only_where_it_was_translated(project: Path) -> None:
    """A changed source makes a translation fuzzy; where the entry has no translation (a new locale),
    nothing became fuzzy, and update says so for that locale."""
    settings = project / "pyproject.toml"
    settings.write_text(
        settings.read_text(encoding="utf-8").replace(
            'target-locales = ["ur"]', 'target-locales = ["ur", "fr"]'
        ),
        encoding="utf-8",
    )
    assert quizkit(project, "update").returncode == 0
    quiz = project / "content" / "data-parallel.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace(
            "Message size and topology", "Message size and network topology"
        ),
        encoding="utf-8",
    )
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert [line for line in result.stdout.splitlines() if "/LC_MESSAGES/data-parallel.po" in line] == [
        "locales/ur/LC_MESSAGES/data-parallel.po: 1 changed (now fuzzy)",
        "locales/fr/LC_MESSAGES/data-parallel.po: 1 changed (untranslated)",
    ]
    french = parse_po(
        (project / "locales/fr/LC_MESSAGES/data-parallel.po").read_text(encoding="utf-8"), "x.po"
    )
    entry = french.by_context()["data-parallel.questions.nccl-factors.options.size-and-topology"]
    assert (entry.msgid, entry.msgstr, entry.is_fuzzy) == ("Message size and network topology", "", False)


def test_update_on_the_shipped_project_changes_nothing(project: Path) -> None:
    before = snapshot(project)
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "locales/data-parallel.pot: unchanged (50 entries)",
        f"locales/ui.pot: unchanged ({UI} entries)",
        "locales/ur/LC_MESSAGES/data-parallel.po: unchanged",
        "locales/ur/LC_MESSAGES/ui.po: unchanged",
    ]
    assert snapshot(project) == before
    check = quizkit(project, "update", "--check")
    assert (check.returncode, check.stdout) == (0, "templates and catalogs are up to date\n")


def test_edit_content_then_update(project: Path) -> None:
    quiz = project / "content" / "data-parallel.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace(
            "Message size and topology", "Message size and network topology"
        ),
        encoding="utf-8",
    )
    check = quizkit(project, "update", "--check")
    assert check.returncode == 1
    assert check.stdout.splitlines() == [
        "locales/data-parallel.pot: stale",
        "locales/ur/LC_MESSAGES/data-parallel.po: stale",
        "2 files out of date with the content; run quizkit update",
    ]
    result = quizkit(project, "update")
    assert result.stdout.splitlines()[:3] == [
        "locales/data-parallel.pot: written (50 entries)",
        f"locales/ui.pot: unchanged ({UI} entries)",
        "locales/ur/LC_MESSAGES/data-parallel.po: 1 changed (now fuzzy)",
    ]
    catalog = parse_po((project / CATALOG).read_text(encoding="utf-8"), "x.po")
    entry = catalog.by_context()["data-parallel.questions.nccl-factors.options.size-and-topology"]
    assert entry.is_fuzzy
    assert entry.previous_msgid == "Message size and topology"
    assert entry.msgid == "Message size and network topology"
    assert entry.msgstr  # the old translation waits for review
    status = quizkit(project, "status", "--format", "json", "--fail-under", "100")
    assert status.returncode == 1
    rows = {row["domain"]: row for row in json.loads(status.stdout)}
    assert (rows["data-parallel"]["translated"], rows["data-parallel"]["fuzzy"]) == (49, 1)
    assert rows["data-parallel"]["percent_translated"] == 98.0
    second = quizkit(project, "update")
    assert "unchanged" in second.stdout.splitlines()[0]


def test_status_table(project: Path) -> None:
    result = quizkit(project, "status", "--fail-under", "100")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "locale  domain         translated  fuzzy  untranslated  obsolete  ignored  words    entries done  approved",
        "ur      data-parallel  50/50       0      0             0         0        680/680  100.0%        0/50",
        f"ur      ui             {f'{UI}/{UI}':<12}0      0             0         0        "
        f"{f'{WORDS}/{WORDS}':<9}100.0%        0/{UI}",
    ]


def test_compile_writes_mo_files(project: Path) -> None:
    result = quizkit(project, "compile")
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "locales/ur/LC_MESSAGES/data-parallel.mo: written (50 of 50 messages translated)",
        f"locales/ur/LC_MESSAGES/ui.mo: written ({UI} of {UI} messages translated)",
    ]
    again = quizkit(project, "compile")
    assert "unchanged" in again.stdout


def test_compile_and_status_cover_the_domains_with_templates(project: Path) -> None:
    # compile reads no content: a broken quiz does not stop it; the templates say which domains exist.
    (project / "content/data-parallel.yaml").write_text("id: [", encoding="utf-8")
    assert quizkit(project, "compile").returncode == 0
    for template in (project / "locales").glob("*.pot"):
        template.unlink()
    for command in ("compile", "status"):
        result = quizkit(project, command)
        assert (result.returncode, result.stderr) == (
            1,
            "locales: error[catalog]: no templates (.pot) here; run quizkit update first\n",
        )


def test_translator_round_trip_through_polib(project: Path) -> None:
    """A translator's editor (polib here, as Poedit-like tools do) saves; update loses nothing."""
    path = project / CATALOG
    original = parse_po(path.read_text(encoding="utf-8"), "x.po")
    edited = polib.pofile(str(path))
    key = "data-parallel.questions.gpu-holds.options.compressed"
    target = next(entry for entry in edited if entry.msgctxt == key)
    target.msgstr = "کم پیرامیٹرز والا ماڈل کا کمپریسڈ ورژن"
    target.tcomment = "reviewed"
    edited.save(str(path))
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    merged = parse_po(path.read_text(encoding="utf-8"), "x.po")
    changed = {
        entry.context for entry, old in zip(merged.entries, original.entries, strict=True) if entry != old
    }
    assert changed == {key}
    assert merged.by_context()[key].msgstr == "کم پیرامیٹرز والا ماڈل کا کمپریسڈ ورژن"
    assert merged.by_context()[key].translator_comments == ("reviewed",)


def test_hand_reordered_catalog_merges_without_loss(project: Path) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    header, *blocks = text.split("\n\n")
    path.write_text("\n\n".join([header, *reversed(blocks)]).rstrip("\n") + "\n", encoding="utf-8")
    result = quizkit(project, "update")
    assert result.returncode == 0, result.stderr
    assert path.read_text(encoding="utf-8") == text


BAD_CATALOGS = [
    (
        "syntax-error",
        lambda text: text.replace('msgid "Data Parallelism Quiz"', 'msgid "Data Parallelism Quiz'),
        "locales/ur/LC_MESSAGES/data-parallel.po:18: error[catalog]: unterminated string: a string must start "
        "and end with a double quote on one line",
    ),
    (
        "unknown-charset",
        lambda text: text.replace("charset=UTF-8", "charset=KLINGON-8"),
        "locales/ur/LC_MESSAGES/data-parallel.po:11: error[catalog]: unknown charset 'KLINGON-8' in the header; "
        "save the catalog as UTF-8",
    ),
    (
        "another-language",
        lambda text: text.replace('"Language: ur\\n"', '"Language: fr\\n"'),
        "locales/ur/LC_MESSAGES/data-parallel.po:1: error[catalog]: the header says Language: fr, but this "
        "catalog is for 'ur'; fix the header or move the file to the right locale folder",
    ),
    (
        "duplicate-entry",
        lambda text: text + '\nmsgctxt "data-parallel.title"\nmsgid "Data Parallelism Quiz"\nmsgstr "x"\n',
        "locales/ur/LC_MESSAGES/data-parallel.po:{end}: error[catalog]: duplicate entry: msgctxt "
        "'data-parallel.title' and msgid 'Data Parallelism Quiz' is already defined on line 15",
    ),
]


@pytest.mark.parametrize(("name", "damage", "message"), BAD_CATALOGS, ids=[case[0] for case in BAD_CATALOGS])
def test_bad_catalogs_are_refused_and_nothing_is_written(
    project: Path, name: str, damage: object, message: str
) -> None:
    path = project / CATALOG
    assert callable(damage)
    text = path.read_text(encoding="utf-8")
    message = message.replace("{end}", str(text.count("\n") + 2))  # the appended entry's first line
    path.write_text(damage(text), encoding="utf-8")
    before = snapshot(project)
    for command in ("update", "compile", "status"):
        result = quizkit(project, command)
        assert result.returncode == 1, command
        assert result.stderr == message + "\n", command
        assert "Traceback" not in result.stderr
        assert snapshot(project) == before, command


def test_plural_count_mismatch(project: Path) -> None:
    path = project / "locales/ur/LC_MESSAGES/ui.po"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('msgstr[1] "{count} سوالات"', 'msgstr[1] "{count} سوالات"\nmsgstr[2] "x"'),
        encoding="utf-8",
    )
    result = quizkit(project, "update")
    assert result.returncode == 1
    line = next(
        number
        for number, content in enumerate(text.splitlines(), 1)
        if content.startswith("#. Number of questions in the quiz,")
    )
    assert result.stderr == (
        f"locales/ur/LC_MESSAGES/ui.po:{line}: error[catalog]: entry 'ui.question-count' has 3 plural forms but "
        "the header's Plural-Forms says nplurals=2\n"
    )


def test_invalid_content_stops_update(project: Path) -> None:
    (project / "content" / "data-parallel.yaml").write_text("id: data-parallel\n", encoding="utf-8")
    before = snapshot(project)
    result = quizkit(project, "update")
    assert result.returncode == 1
    assert result.stdout.startswith("content/data-parallel.yaml:1:1: error[missing-field]: quiz is missing")
    assert result.stderr.endswith(
        "content has errors; fix them and run the command again (quizkit validate lists them)\n"
    )
    assert snapshot(project) == before


def test_new_locale_gets_a_catalog_with_cldr_plural_forms(project: Path) -> None:
    pyproject = project / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8").replace(
            'target-locales = ["ur"]', 'target-locales = ["ur", "ar"]'
        ),
        encoding="utf-8",
    )
    result = quizkit(project, "update", "--locale", "ar")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "locales/data-parallel.pot: unchanged (50 entries)",
        f"locales/ui.pot: unchanged ({UI} entries)",
        "locales/ar/LC_MESSAGES/data-parallel.po: created (50 entries)",
        f"locales/ar/LC_MESSAGES/ui.po: created ({UI} entries)",
    ]
    header = parse_po((project / "locales/ar/LC_MESSAGES/ui.po").read_text(encoding="utf-8"), "ui.po").header
    assert header.get("Language") == "ar"
    assert header.plural_count == 6
    counts = parse_po(
        (project / "locales/ar/LC_MESSAGES/ui.po").read_text(encoding="utf-8"), "ui.po"
    ).by_context()
    assert len(counts["ui.question-count"].msgstr_plural) == 6


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")
def test_a_created_catalog_has_a_header_msgfmt_accepts_without_warnings(project: Path) -> None:
    pyproject = project / "pyproject.toml"
    pyproject.write_text(
        pyproject.read_text(encoding="utf-8").replace(
            'target-locales = ["ur"]', 'target-locales = ["ur", "fa"]'
        ),
        encoding="utf-8",
    )
    assert quizkit(project, "update", "--locale", "fa").returncode == 0
    for path in sorted((project / "locales/fa/LC_MESSAGES").glob("*.po")):
        header = parse_po(path.read_text(encoding="utf-8"), path.name).header
        # As msginit --no-translator writes it: nobody has translated yet, and the date is the creation's.
        assert header.get("Last-Translator") == "Automatically generated"
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d[+-]\d{4}", header.get("PO-Revision-Date") or "")
        checked = subprocess.run(
            ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True, check=False
        )
        assert (checked.returncode, checked.stderr) == (0, "")


def test_two_active_entries_with_one_key_are_refused(project: Path) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    line = text.count("\n") + 2
    path.write_text(
        text + '\nmsgctxt "data-parallel.title"\nmsgid "Another title"\nmsgstr "دوسرا"\n', encoding="utf-8"
    )
    before = snapshot(project)
    result = quizkit(project, "update")
    assert result.returncode == 1
    assert result.stderr == (
        f"locales/ur/LC_MESSAGES/data-parallel.po:{line}: error[catalog]: msgctxt 'data-parallel.title' is used "
        "by two entries (the first on line 15); a key names one entry: remove one of them\n"
    )
    assert snapshot(project) == before


def test_a_latin1_catalog_is_rewritten_in_latin1_as_its_header_says(project: Path) -> None:
    """As msgmerge and msgcat do, update keeps a catalog in the charset its header declares (issue 15)."""
    path = project / "locales/ur/LC_MESSAGES/ui.po"
    text = path.read_text(encoding="utf-8")
    original = parse_po(text, "x").by_context()["ui.check-answer"].msgstr
    latin = text.replace("charset=UTF-8", "charset=ISO-8859-1").replace(original, "café é")
    path.write_bytes(latin.encode("utf-8").decode("utf-8").encode("latin-1", errors="replace"))
    for _ in range(2):
        assert quizkit(project, "update").returncode == 0
        rewritten = path.read_bytes().decode("latin-1")
        assert "charset=ISO-8859-1" in rewritten
        assert parse_po(rewritten, "x").by_context()["ui.check-answer"].msgstr == "café é"


def test_a_change_reverted_before_review_leaves_the_translation_as_it_was(tmp_path: Path) -> None:
    from support import TINY_QUIZ, fixture_project, translate

    project = fixture_project(tmp_path / "project")
    assert quizkit(project, "update").returncode == 0
    catalog = project / "locales/ur/LC_MESSAGES/tiny.po"
    translate(catalog, {"tiny.questions.first.prompt": "پہلا کون سا ہے؟"})
    reviewed = catalog.read_bytes()
    quiz = project / "content/tiny.yaml"
    quiz.write_text(TINY_QUIZ.replace("Which one is first?", "Which one comes first?"), encoding="utf-8")
    changed = quizkit(project, "update")
    assert "locales/ur/LC_MESSAGES/tiny.po: 1 changed (now fuzzy)" in changed.stdout.splitlines()
    quiz.write_text(TINY_QUIZ, encoding="utf-8")
    reverted = quizkit(project, "update")
    assert (
        "locales/ur/LC_MESSAGES/tiny.po: 1 back to the text translated (no longer fuzzy)"
        in reverted.stdout.splitlines()
    )
    assert catalog.read_bytes() == reviewed
