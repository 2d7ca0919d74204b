"""Catalogs in a legacy charset stay in it when quizkit writes them (issue 15).

``legacy_charsets/ui.po`` is an interface catalog in Windows-1256, as an editor on Windows may save it.
``quizkit update`` and ``quizkit build`` used to write it back as UTF-8 under its ``charset=CP1256``
header: msgfmt then read mojibake, and quizkit itself read ``مبتدئ`` back as ``Ù…Ø¨ØªØ¯Ø¦``.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from support import FIXTURE as PROJECT

from toolkit.build import run_build
from toolkit.catalogs import read_po, write_po
from toolkit.catalogs.workflow import stale_files, update
from toolkit.config import load_config

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = Path(__file__).parent / "legacy_charsets" / "ui.po"
CATALOG = "locales/ur/LC_MESSAGES/ui.po"


def copy_with_fixture(target: Path) -> Path:
    shutil.copytree(PROJECT / "content", target / "content")
    shutil.copytree(PROJECT / "locales", target / "locales", ignore=shutil.ignore_patterns("*.mo"))
    (target / "quizkit.toml").write_text('source-locale = "en"\ntarget-locales = ["ur"]\n', encoding="utf-8")
    shutil.copy(FIXTURE, target / CATALOG)
    return target


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_with_fixture(tmp_path)


def assert_still_cp1256(path: Path) -> None:
    data = path.read_bytes()
    assert b"charset=CP1256" in data
    assert "مبتدئ".encode("cp1256") in data
    catalog = read_po(data, path.name)
    assert catalog.header.charset == "CP1256"
    assert {entry.context: entry.msgstr for entry in catalog.active()}["ui.level-beginner"] == "مبتدئ"
    if shutil.which("msgfmt") is not None:
        checked = subprocess.run(
            ["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, check=False
        )
        assert checked.returncode == 0, checked.stderr.decode("utf-8", "replace")


def test_update_writes_the_catalog_in_its_charset(project: Path) -> None:
    config = load_config(project)
    update(config)
    assert_still_cp1256(project / CATALOG)
    assert project / CATALOG not in stale_files(config)


def test_build_writes_the_catalog_in_its_charset(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(project)
    run_build(load_config(project))
    assert_still_cp1256(project / CATALOG)


def test_text_the_charset_cannot_carry_switches_header_and_bytes_to_utf8(tmp_path: Path) -> None:
    """Windows-1256 has no U+06CC FARSI YEH, which Urdu writes: such a catalog becomes UTF-8, header
    and bytes together."""
    catalog = read_po(FIXTURE.read_bytes(), FIXTURE.name)
    entries = tuple(
        replace(entry, msgstr="ابتدائی") if entry.context == "ui.level-beginner" else entry
        for entry in catalog.entries
    )
    data = write_po(replace(catalog, entries=entries))
    assert b"charset=UTF-8" in data and b"CP1256" not in data
    assert read_po(data, "ui.po").entries[0].msgstr == "ابتدائی"
    if shutil.which("msgfmt") is not None:
        path = tmp_path / "ui.po"
        path.write_bytes(data)
        checked = subprocess.run(
            ["msgfmt", "-c", "-o", "/dev/null", str(path)], capture_output=True, check=False
        )
        assert checked.returncode == 0, checked.stderr.decode("utf-8", "replace")
