"""The memory through the real command: a second quiz that repeats texts of the first is pre-filled."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import TINY_QUIZ, fixture_project, run_quizkit, translate
from toolkit.catalogs import read_po

SECOND_QUIZ = """\
id: second
level: beginner
title: Second quiz
description: Texts the tiny quiz already has, and one it has almost.
questions:
  - id: again
    type: single_choice
    prompt: Which one is first?
    options:
      - id: left
        text: The one on the left
      - id: right
        text: The one on the rights
    correct: [left]
    explanation: Nothing is second here.
"""

TINY_URDU = {
    "tiny.questions.first.prompt": "پہلا کون سا ہے؟",
    "tiny.questions.second.options.one": "بائیں والا",
    "tiny.questions.second.options.other": "دائیں والا",
}


def _entries(path: Path) -> dict[str, object]:
    return {entry.context: entry for entry in read_po(path.read_bytes(), path.name).active()}


def test_a_second_quiz_that_repeats_texts_of_the_first_is_pre_filled_as_fuzzy(tmp_path: Path) -> None:
    project = fixture_project(tmp_path, {"tiny": TINY_QUIZ})
    assert run_quizkit(project, "update").returncode == 0
    tiny = project / "locales/ur/LC_MESSAGES/tiny.po"
    translate(tiny, TINY_URDU, fuzzy=frozenset({"tiny.questions.second.options.one"}))
    (project / "content" / "second.yaml").write_text(SECOND_QUIZ, encoding="utf-8")
    # "The one on the left" is 82% like "The one on the right": above the default, below this.
    with (project / "quizkit.toml").open("a", encoding="utf-8") as config:
        config.write("memory-similarity = 90\n")

    result = run_quizkit(project, "update")

    assert result.returncode == 0, result.stderr
    assert (
        "locales/ur/LC_MESSAGES/second.po: created (6 entries, 2 pre-filled from the translation memory (fuzzy))"
        in result.stdout
    )
    assert "2 entries pre-filled from the translation memory (fuzzy: review them)" in result.stdout
    text = (project / "locales/ur/LC_MESSAGES/second.po").read_text(encoding="utf-8")
    # A translator comment (#), before the extracted ones, as msgcat orders them.
    assert (
        "# quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)\n"
        "#. Question 1 of 1 (one correct answer).\n"
    ) in text
    entries = _entries(project / "locales/ur/LC_MESSAGES/second.po")
    prompt = entries["second.questions.again.prompt"]
    assert prompt.msgstr == "پہلا کون سا ہے؟" and prompt.is_fuzzy
    assert prompt.translator_comments == ("quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)",)
    # "The one on the rights" is 97% like "The one on the right", translated and reviewed.
    right = entries["second.questions.again.options.right"]
    assert right.msgstr == "دائیں والا" and right.is_fuzzy
    assert right.translator_comments == (
        "quizkit memory: 97% from tiny.questions.second.options.other (tiny/ur)",
    )
    # A fuzzy translation never feeds the memory (the tiny quiz's "The one on the left" is fuzzy).
    assert entries["second.questions.again.options.left"].msgstr == ""


def _two_quizzes(tmp_path: Path) -> Path:
    project = fixture_project(tmp_path, {"tiny": TINY_QUIZ})
    assert run_quizkit(project, "update").returncode == 0
    translate(project / "locales/ur/LC_MESSAGES/tiny.po", TINY_URDU)
    (project / "content" / "second.yaml").write_text(SECOND_QUIZ, encoding="utf-8")
    return project


def test_no_memory_leaves_new_entries_empty_and_check_agrees(tmp_path: Path) -> None:
    project = _two_quizzes(tmp_path)

    result = run_quizkit(project, "update", "--no-memory")

    assert result.returncode == 0, result.stderr
    assert "locales/ur/LC_MESSAGES/second.po: created (6 entries)\n" in result.stdout
    assert "pre-filled" not in result.stdout
    entries = _entries(project / "locales/ur/LC_MESSAGES/second.po")
    assert all(entry.msgstr == "" for entry in entries.values() if entry.context)
    assert run_quizkit(project, "update", "--check", "--no-memory").returncode == 0
    # With the memory, the same catalog is stale: update would pre-fill it.
    stale = run_quizkit(project, "update", "--check")
    assert (stale.returncode, stale.stdout.splitlines()[0]) == (1, "locales/ur/LC_MESSAGES/second.po: stale")


def test_build_pre_fills_too_unless_told_not_to(tmp_path: Path) -> None:
    project = _two_quizzes(tmp_path)
    assert run_quizkit(project, "build", "--no-memory").returncode == 0
    assert "quizkit memory" not in (project / "locales/ur/LC_MESSAGES/second.po").read_text(encoding="utf-8")
    (project / "content" / "third.yaml").write_text(
        SECOND_QUIZ.replace("id: second", "id: third"), encoding="utf-8"
    )
    assert run_quizkit(project, "build").returncode == 0
    third = _entries(project / "locales/ur/LC_MESSAGES/third.po")
    assert third["third.questions.again.prompt"].translator_comments == (
        "quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)",
    )


def test_reviewing_a_suggestion_removes_its_note_on_the_next_update(tmp_path: Path) -> None:
    project = _two_quizzes(tmp_path)
    assert run_quizkit(project, "update").returncode == 0
    second = project / "locales/ur/LC_MESSAGES/second.po"
    again = run_quizkit(project, "update")
    assert "locales/ur/LC_MESSAGES/second.po: unchanged" in again.stdout  # kept while fuzzy
    translate(second, {"second.questions.again.prompt": "پہلا کون سا ہے؟"})  # reviewed: fuzzy removed
    assert run_quizkit(project, "update").returncode == 0
    prompt = _entries(second)["second.questions.again.prompt"]
    assert (prompt.msgstr, prompt.is_fuzzy, prompt.translator_comments) == ("پہلا کون سا ہے؟", False, ())


def test_export_writes_every_reviewed_translation_as_tmx(tmp_path: Path) -> None:
    from translate.storage.tmx import tmxfile

    project = _two_quizzes(tmp_path)
    result = run_quizkit(project, "memory", "export", "-o", "out.tmx", "--locale", "ur")
    assert result.returncode == 0, result.stderr
    store = tmxfile.parsestring((project / "out.tmx").read_bytes())
    units = {unit.getid(): (unit.source, unit.target) for unit in store.units}
    for key, translation in TINY_URDU.items():
        assert units[key][1] == translation
    assert result.stdout == f"out.tmx: written ({len(units)} translation units)\n"
    assert all(not key.startswith("second.") for key in units)  # nothing of the untranslated quiz


def test_search_shows_the_best_matches_with_their_origin(tmp_path: Path) -> None:
    project = _two_quizzes(tmp_path)
    result = run_quizkit(project, "memory", "search", "The one on the rights", "--limit", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (
        " 97.6%  ur  tiny.questions.second.options.other (tiny/ur)\n"
        "        The one on the right\n"
        "        دائیں والا\n"
        " 80.0%  ur  tiny.questions.second.options.one (tiny/ur)\n"
        "        The one on the left\n"
        "        بائیں والا\n"
    )
    nothing = run_quizkit(project, "memory", "search", "zzzz")
    assert (nothing.returncode, nothing.stdout) == (0, "no match in the translation memory\n")


def test_build_pre_fills_from_the_catalogs_as_they_were_before_it_rewrote_any(tmp_path: Path) -> None:
    # One build changes the tiny quiz's prompt (its translation turns fuzzy: no memory any more) and adds
    # a quiz with the old prompt. The old translation is what the memory held when the build began, as
    # with `quizkit update`, whichever catalog the build happens to rewrite first.
    project = fixture_project(tmp_path, {"tiny": TINY_QUIZ})
    assert run_quizkit(project, "update").returncode == 0
    catalog = project / "locales/ur/LC_MESSAGES/tiny.po"
    # Every entry translated: nothing in the tiny quiz asks the memory before its catalog is rewritten.
    every = {
        entry.context: f"ترجمہ {number}"
        for number, entry in enumerate(read_po(catalog.read_bytes(), "tiny.po").active())
    }
    translate(catalog, {**every, **TINY_URDU})
    tiny = project / "content" / "tiny.yaml"
    tiny.write_text(
        tiny.read_text(encoding="utf-8").replace("Which one is first?", "Which one comes first?"),
        encoding="utf-8",
    )
    (project / "content" / "zzz.yaml").write_text(
        SECOND_QUIZ.replace("id: second", "id: zzz"), encoding="utf-8"
    )

    assert run_quizkit(project, "build", "--jobs", "1").returncode == 0

    assert _entries(project / "locales/ur/LC_MESSAGES/tiny.po")["tiny.questions.first.prompt"].is_fuzzy
    prompt = _entries(project / "locales/ur/LC_MESSAGES/zzz.po")["zzz.questions.again.prompt"]
    assert (prompt.msgstr, prompt.translator_comments) == (
        "پہلا کون سا ہے؟",
        ("quizkit memory: 100% from tiny.questions.first.prompt (tiny/ur)",),
    )


def test_export_writes_each_plural_form_as_po2tmx_pairs_them(tmp_path: Path) -> None:
    from translate.storage.tmx import tmxfile

    project = fixture_project(tmp_path / "project")
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(project, "memory", "export", "-o", "out.tmx")
    assert result.returncode == 0, result.stderr
    units = {
        unit.getid(): (unit.source, unit.target)
        for unit in tmxfile.parsestring((project / "out.tmx").read_bytes()).units
    }
    assert units["ui.question-count[0]"] == ("{count} question", "{count} سوال")
    assert units["ui.question-count[1]"] == ("{count} questions", "{count} سوالات")
    assert "ui.question-count" not in units

    # Imported by a project that has no interface translations yet: the forms serve a plural entry whole.
    other = fixture_project(tmp_path / "other")
    (other / "locales/ur/LC_MESSAGES/ui.po").unlink()
    imported = run_quizkit(other, "memory", "import", str(project / "out.tmx"))
    assert imported.returncode == 0, imported.stderr
    assert run_quizkit(other, "update").returncode == 0
    count = _entries(other / "locales/ur/LC_MESSAGES/ui.po")["ui.question-count"]
    assert (count.msgstr_plural, count.is_fuzzy) == (("{count} سوال", "{count} سوالات"), True)
    assert count.translator_comments == ("quizkit memory: 100% from out.tmx (ui.question-count)",)
    # And each form is a unit of its own too, which a concordance finds.
    found = run_quizkit(other, "memory", "search", "{count} questions", "--limit", "1")
    assert found.stdout.splitlines()[:3] == [
        "100.0%  ur  out.tmx (ui.question-count)",
        "        {count} questions",
        "        {count} سوالات",
    ]


def test_import_never_stores_a_memory_file_the_reader_would_refuse(tmp_path: Path) -> None:
    from tests.support import snapshot
    from toolkit.interchange.tmx import MAX_TMX_BYTES

    project = fixture_project(tmp_path / "project")
    # A '>' may stand bare in XML text, and is written back escaped as &gt;: the stored file is about four
    # times larger than the one read. The limit is the real one: nothing is patched.
    text = ">" * 1_000_000
    unit = f'<tu><tuv xml:lang="en"><seg>{text}{{}}</seg></tuv><tuv xml:lang="ur"><seg>b</seg></tuv></tu>'
    body = "".join(unit.format(number) for number in range(MAX_TMX_BYTES // 3_000_000))
    source = tmp_path / "agency.tmx"
    source.write_text(f'<tmx version="1.4"><header srclang="en"/><body>{body}</body></tmx>', encoding="utf-8")
    assert source.stat().st_size < MAX_TMX_BYTES
    before = snapshot(project)

    result = run_quizkit(project, "memory", "import", str(source))

    assert (result.returncode, result.stdout) == (1, "")
    message = result.stderr.removeprefix(
        "../agency.tmx: error[memory]: stored with its units' origins, the memory would be "
    )
    size, rest = message.split(" ", 1)
    assert int(size.replace(",", "")) > MAX_TMX_BYTES
    assert rest == (
        f"bytes; memory files are limited to {MAX_TMX_BYTES:,}: split the file into smaller TMX files and "
        "import each one\n"
    )
    assert snapshot(project) == before


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        (
            "Agency 2024!.tmx",
            '<tmx version="1.4"><header srclang="en"/><body/></tmx>',
            "'Agency 2024!' cannot name a memory file; rename the file to lowercase letters, digits and "
            "hyphens (such as agency-2024.tmx)",
        ),
        (
            "agency.tmx",
            '<tmx version="1.4"><header srclang="en"/><body/></tmx>',
            "no translation unit has a en segment and a translation",
        ),
    ],
    ids=["name", "no-units"],
)
def test_import_names_the_file_as_every_other_message_does(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    """Review finding 14: import's messages named the file as given (here an absolute path), where every
    other message names it relative to the working folder."""
    project = fixture_project(tmp_path / "project")
    source = project / name
    source.write_text(text, encoding="utf-8")

    result = run_quizkit(project, "memory", "import", str(source))

    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == f"{name}: error[memory]: {message}\n"


def test_update_says_what_to_do_about_a_stored_memory_file_over_the_limit(tmp_path: Path) -> None:
    from toolkit.interchange.tmx import MAX_TMX_BYTES

    project = fixture_project(tmp_path / "project")
    (project / "locales" / "memory").mkdir()
    with (project / "locales" / "memory" / "agency.tmx").open("wb") as stored:
        stored.truncate(MAX_TMX_BYTES + 1)  # stored before imports enforced the limit

    result = run_quizkit(project, "update")

    assert result.returncode == 1
    assert result.stderr.endswith(
        f"locales/memory/agency.tmx: error[memory]: file is {MAX_TMX_BYTES + 1:,} bytes; the limit is "
        f"{MAX_TMX_BYTES:,}; move it out of the memory folder, split the TMX it came from into smaller "
        "files and import each one with quizkit memory import\n"
    )


def test_a_tmx_written_by_po2tmx_pre_fills_every_plural_entry(tmp_path: Path) -> None:
    """Issue 36: translate-toolkit's po2tmx writes a plural entry as a unit per form, unmarked, the first
    with the singular source and the others with the plural source; none of its plural messages was
    pre-filled (0 of 3), where quizkit's own TMX pre-fills all."""
    beside = Path(sys.executable).parent / "po2tmx"
    po2tmx = str(beside) if beside.exists() else shutil.which("po2tmx")
    if po2tmx is None:
        pytest.skip("translate-toolkit's po2tmx is not installed")
    translated = fixture_project(tmp_path / "project") / "locales/ur/LC_MESSAGES/ui.po"
    subprocess.run(
        [po2tmx, "-l", "ur", str(translated), str(tmp_path / "ui.tmx")], check=True, capture_output=True
    )
    plurals = {key: entry for key, entry in _entries(translated).items() if entry.msgid_plural}  # type: ignore[attr-defined]
    assert len(plurals) == 3

    other = fixture_project(tmp_path / "other")
    (other / "locales/ur/LC_MESSAGES/ui.po").unlink()
    imported = run_quizkit(other, "memory", "import", str(tmp_path / "ui.tmx"))
    assert imported.returncode == 0, imported.stderr
    assert run_quizkit(other, "update").returncode == 0
    entries = _entries(other / "locales/ur/LC_MESSAGES/ui.po")
    assert {key: (entries[key].msgstr_plural, entries[key].is_fuzzy) for key in plurals} == {  # type: ignore[attr-defined]
        key: (entry.msgstr_plural, True) for key, entry in plurals.items()
    }


IMPORTED_BANK = """\
<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>first</text></name>
    <questiontext format="html">
      <text><![CDATA[<span lang="en" class="multilang">Which one is first?</span><span lang="ur" class="multilang">بینک میں پہلا کون سا ہے؟</span>]]></text>
    </questiontext>
    <generalfeedback format="html">
      <text><![CDATA[<span lang="en" class="multilang">Up comes first.</span><span lang="ur" class="multilang">اوپر پہلے آتا ہے۔</span>]]></text>
    </generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html"><text>Up</text></answer>
    <answer fraction="0" format="html"><text>Down</text></answer>
  </question>
</quiz>
"""


def test_a_bank_translation_nobody_reviewed_is_offered_saying_so(tmp_path: Path) -> None:
    project = fixture_project(tmp_path, {})
    (project / "bank.xml").write_text(IMPORTED_BANK, encoding="utf-8")
    imported = run_quizkit(project, "import", "bank.xml", "--from", "moodle", "--quiz", "bank")
    assert imported.returncode == 0, imported.stdout + imported.stderr
    (project / "content" / "tiny.yaml").write_text(TINY_QUIZ, encoding="utf-8")

    assert run_quizkit(project, "update").returncode == 0
    prompt = _entries(project / "locales/ur/LC_MESSAGES/tiny.po")["tiny.questions.first.prompt"]
    assert prompt.msgstr == "بینک میں پہلا کون سا ہے؟" and prompt.is_fuzzy
    assert prompt.translator_comments == (
        "quizkit memory: 100% from bank.questions.first.prompt (bank/ur), an unreviewed translation "
        "imported from bank.xml",
    )
    search = run_quizkit(project, "memory", "search", "Which one is first?", "--limit", "1")
    assert search.stdout == (
        "100.0%  ur  bank.questions.first.prompt (bank/ur)  (not reviewed: imported from bank.xml)\n"
        "        Which one is first?\n"
        "        بینک میں پہلا کون سا ہے؟\n"
    )


def test_an_unreviewed_import_stays_unreviewed_through_memory_export_and_import(tmp_path: Path) -> None:
    """``memory export`` marks a bank's translation nobody approved (``x-quizkit-unreviewed-import``), so
    that a project importing the TMX still ranks it below reviewed ones and says where it came from;
    before, the mark was dropped and the unit became as trusted as a reviewed one."""
    project = fixture_project(tmp_path / "project", {})
    (project / "bank.xml").write_text(IMPORTED_BANK, encoding="utf-8")
    imported = run_quizkit(project, "import", "bank.xml", "--from", "moodle", "--quiz", "bank")
    assert imported.returncode == 0, imported.stdout + imported.stderr
    exported = run_quizkit(project, "memory", "export", "-o", "out.tmx", "--locale", "ur")
    assert exported.returncode == 0, exported.stderr
    assert b'<prop type="x-quizkit-unreviewed-import">bank.xml</prop>' in (project / "out.tmx").read_bytes()

    other = fixture_project(tmp_path / "other", {})
    assert run_quizkit(other, "memory", "import", str(project / "out.tmx")).returncode == 0
    search = run_quizkit(other, "memory", "search", "Which one is first?", "--limit", "1")
    assert search.stdout.splitlines()[0] == (
        "100.0%  ur  out.tmx (bank.questions.first.prompt)  (not reviewed: imported from bank.xml)"
    )
