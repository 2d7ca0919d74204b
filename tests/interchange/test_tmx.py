"""TMX files: ours valid against the TMX 1.4b DTD and read back by translate-toolkit; po2tmx's imported;
bad files refused with the file, the line and nothing written (cases in tmx_cases/, messages in
tmx_cases/expected.txt)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lxml import etree

from tests.standard_schemas import TMX14, schema_file
from tests.support import TINY_QUIZ, fixture_project, run_quizkit, snapshot
from toolkit.interchange.tmx import TmxUnit, read_tmx, write_tmx

CASES = Path(__file__).resolve().parent / "tmx_cases"
UNITS = [
    TmxUnit("Data `all-reduce` & <parallel>", "ڈیٹا `all-reduce`", "ur", "quiz.title", "quiz"),
    TmxUnit("Which one is first?", "پہلا کون سا ہے؟", "ur", "quiz.questions.first.prompt", "quiz"),
    TmxUnit("Which one is first?", "Lequel est premier ?", "fr_CA", "other.questions.q.prompt", "other"),
]
PLURAL_UNITS = [
    TmxUnit("{count} question", "{count} سوال", "ur", "ui.question-count", "ui", plural_form=0),
    TmxUnit("{count} questions", "{count} سوالات", "ur", "ui.question-count", "ui", plural_form=1),
]


@pytest.mark.parametrize("units", [UNITS, PLURAL_UNITS], ids=["singular", "plural"])
def test_our_tmx_is_valid_against_the_tmx_1_4b_dtd(units: list[TmxUnit]) -> None:
    dtd = etree.DTD(str(schema_file(TMX14, "tmx14.dtd")))
    document = etree.fromstring(write_tmx(units, "en"))
    assert dtd.validate(document), dtd.error_log.filter_from_errors()


def test_our_tmx_reads_back_in_translate_toolkit_with_the_same_units() -> None:
    from translate.storage.tmx import tmxfile

    store = tmxfile.parsestring(write_tmx(UNITS, "en"))
    read = [(unit.source, unit.target, unit.getid()) for unit in store.units]
    assert read == [(unit.source, unit.target, unit.unit_id) for unit in UNITS]
    # And through our own reader, languages included.
    assert list(read_tmx(write_tmx(UNITS, "en"), "en").units) == [
        TmxUnit(unit.source, unit.target, unit.target_language.replace("_", "-"), unit.unit_id, unit.domain)
        for unit in UNITS
    ]


def test_plural_forms_are_units_of_their_own_marked_with_their_form() -> None:
    data = write_tmx(
        PLURAL_UNITS, "en"
    )  # valid against the DTD: test_our_tmx_is_valid_against_the_tmx_1_4b_dtd
    from translate.storage.tmx import tmxfile

    read = [(unit.source, unit.target, unit.getid()) for unit in tmxfile.parsestring(data).units]
    assert read == [
        ("{count} question", "{count} سوال", "ui.question-count[0]"),
        ("{count} questions", "{count} سوالات", "ui.question-count[1]"),
    ]
    assert list(read_tmx(data, "en").units) == PLURAL_UNITS


def test_a_tmx_written_by_po2tmx_imports_and_its_units_are_matched(tmp_path: Path) -> None:
    # Installed with translate-toolkit beside the interpreter (the dev extra), or on PATH.
    beside = Path(sys.executable).parent / "po2tmx"
    po2tmx = str(beside) if beside.exists() else shutil.which("po2tmx")
    if po2tmx is None:
        pytest.skip("translate-toolkit's po2tmx is not installed")
    agency = tmp_path / "agency.po"
    agency.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgctxt "theirs.one"\nmsgid "Which one is first?"\nmsgstr "پہلا کون سا ہے؟"\n\n'
        'msgid "The one on the right"\nmsgstr "دائیں والا"\n',
        encoding="utf-8",
    )
    subprocess.run(
        [po2tmx, "-l", "ur", str(agency), str(tmp_path / "Agency_2024.tmx")], check=True, capture_output=True
    )
    project = fixture_project(tmp_path / "project", {"tiny": TINY_QUIZ})

    imported = run_quizkit(project, "memory", "import", str(tmp_path / "Agency_2024.tmx"))

    assert imported.returncode == 0, imported.stderr
    assert imported.stdout == "locales/memory/agency-2024.tmx: added (2 translation units)\n"
    updated = run_quizkit(project, "update")
    assert updated.returncode == 0, updated.stderr
    text = (project / "locales/ur/LC_MESSAGES/tiny.po").read_text(encoding="utf-8")
    assert "# quizkit memory: 100% from agency-2024.tmx (theirs.one)\n" in text
    assert "# quizkit memory: 100% from agency-2024.tmx\n" in text
    assert 'msgid "Which one is first?"\nmsgstr "پہلا کون سا ہے؟"' in text
    searched = run_quizkit(project, "memory", "search", "the one on the right")
    assert searched.stdout == (
        " 95.0%  ur  agency-2024.tmx\n        The one on the right\n        دائیں والا\n"
        " 52.6%  ur  ui.choose-one (ui/ur)\n        Choose one answer.\n        ایک جواب منتخب کریں۔\n"
    )


EXPECTED = {
    line.split(":", 1)[0]: line for line in (CASES / "expected.txt").read_text(encoding="utf-8").splitlines()
}


@pytest.mark.parametrize("case", sorted(EXPECTED))
def test_a_bad_tmx_is_refused_with_its_line_and_nothing_is_written(tmp_path: Path, case: str) -> None:
    project = fixture_project(tmp_path / "project")
    shutil.copy(CASES / case, tmp_path / case)
    before = snapshot(project)

    result = run_quizkit(project, "memory", "import", str(tmp_path / case))

    assert (result.returncode, result.stdout) == (1, "")
    # The file is named relative to the working folder (the project), as every other message names one.
    assert result.stderr == f"../{EXPECTED[case]}\n"
    assert snapshot(project) == before


def test_every_bad_case_has_its_expected_message() -> None:
    assert sorted(EXPECTED) == sorted(path.name for path in CASES.glob("*.tmx"))
