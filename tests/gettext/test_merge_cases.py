"""Merge cases from issue 15, as files: ``merge_cases/<case>/`` holds ``old.po``, ``template.pot`` and
``expected.po``, the output of GNU ``msgmerge --previous`` (0.21) on them, checked by eye; a case where
quizkit is deliberately better (its ``case.toml`` says how) keeps msgmerge's output as ``msgmerge.po``.

quizkit's merge of every case equals ``expected.po`` byte for byte, through ``quizkit merge``'s library
function and, for catalogs keyed by msgctxt, through the ``merge`` that ``quizkit update`` calls; where
msgmerge is installed, the fixtures are checked to be still what it writes, and ``msgfmt -c`` to accept
them.
"""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from toolkit.catalogs.file_merge import merge_files
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.merge import MergeError, merge
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.po_writer import format_po

CASES = Path(__file__).parent / "merge_cases"
NAMES = sorted(path.name for path in CASES.iterdir() if path.is_dir())
KEYED = [name for name in NAMES if tomllib.loads((CASES / name / "case.toml").read_text())["keyed"]]


def _read(path: Path) -> Catalog:
    return read_po(path.read_bytes(), path.name)


@pytest.mark.parametrize("name", NAMES)
def test_quizkit_merge_writes_what_msgmerge_writes(name: str) -> None:
    case = CASES / name
    merged = merge_files(case / "old.po", case / "template.pot")

    assert merged.data.decode("utf-8") == (case / "expected.po").read_text(encoding="utf-8")
    assert merged.keyed == (name in KEYED)


@pytest.mark.parametrize("name", KEYED)
def test_update_merges_keyed_cases_as_msgmerge_does(name: str) -> None:
    """``quizkit update``'s merge (keyed, the catalog's header kept) gives the same entries."""
    case = CASES / name
    existing, template = _read(case / "old.po"), _read(case / "template.pot")

    merged, _ = merge(template, existing, 2)

    assert merged.entries == _read(case / "expected.po").entries


def test_entries_without_context_keep_their_own_translations_in_update() -> None:
    """All entries without msgctxt once shared one key: each took the last one's translation."""
    case = CASES / "without-context"

    merged, _ = merge(_read(case / "template.pot"), _read(case / "old.po"), 2)

    assert [(entry.msgid, entry.msgstr, entry.obsolete) for entry in merged] == [
        ("Open", "Öffnen", False),
        ("Quit", "Beenden", False),
        ("Save", "Speichern", False),
        ("Print the documents", "", False),  # by key, a context-less text is matched exactly only
        ("Close", "", False),
        ("Print the document", "Das Dokument drucken", True),
        ("Export", "Exportieren", True),
    ]


def test_an_active_and_an_obsolete_entry_with_one_identity_are_refused() -> None:
    """read_po refuses such a file already (as msgcat does); the merge refuses such a catalog too, for
    catalogs a program builds."""
    from dataclasses import replace

    from toolkit.gettext.catalog import CatalogEntry

    read = _read(CASES / "without-context" / "old.po")
    twin = CatalogEntry("Save", "Sichern", obsolete=True, line=30)
    existing = replace(read, entries=(*read.entries, twin))

    with pytest.raises(MergeError) as raised:
        merge(_read(CASES / "without-context" / "template.pot"), existing, 2, keyed=False)

    assert (raised.value.line, raised.value.message) == (
        30,
        "obsolete entry: msgid 'Save' is also an active entry (line 13); msgfmt refuses such a file: "
        "delete the one whose translation is not wanted",
    )


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="GNU gettext's msgmerge is not installed")
@pytest.mark.parametrize("name", NAMES)
def test_expected_output_is_what_msgmerge_writes(name: str, tmp_path: Path) -> None:
    case = CASES / name
    output = tmp_path / "out.po"
    subprocess.run(
        [
            "msgmerge",
            "--quiet",
            "--previous",
            "-o",
            str(output),
            str(case / "old.po"),
            str(case / "template.pot"),
        ],
        check=True,
    )
    subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(output)], check=True)
    subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(case / "expected.po")], check=True)

    # A case where quizkit is deliberately better than msgmerge keeps msgmerge's output beside its own.
    reference = case / "msgmerge.po" if (case / "msgmerge.po").exists() else case / "expected.po"
    assert output.read_bytes() == reference.read_bytes()


def test_merged_cases_round_trip() -> None:
    for name in NAMES:
        text = (CASES / name / "expected.po").read_text(encoding="utf-8")
        assert format_po(read_po(text.encode("utf-8"), "expected.po")) == text
