"""Real-world PO files read and written back exactly as GNU msgcat writes them (issue 15).

Each ``msgcat_cases/NAME.po`` is a minimal file for one defect; ``NAME.msgcat.po`` is what msgcat 0.21
writes for it (``msgcat NAME.po > NAME.msgcat.po``), byte for byte and in the file's own charset; and
``NAME.error.txt`` is the message for a file that msgcat refuses. Where GNU gettext is installed, the
tests also check that the expected files are still what msgcat writes and that msgfmt accepts them.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from mo_files import mo_messages

from toolkit.catalogs import compile_mo, read_po, write_po
from toolkit.gettext.po_reader import PoSyntaxError

CASES = Path(__file__).parent / "msgcat_cases"
WRITTEN = sorted(path for path in CASES.glob("*.po") if not path.name.endswith(".msgcat.po"))
ROUND_TRIPS = [path for path in WRITTEN if path.with_suffix(".msgcat.po").exists()]
REFUSED = [path for path in WRITTEN if path.with_suffix(".error.txt").exists()]
needs_gettext = pytest.mark.skipif(
    shutil.which("msgcat") is None or shutil.which("msgfmt") is None,
    reason="GNU gettext (msgcat, msgfmt) is not installed",
)


def test_every_case_has_an_expected_result() -> None:
    assert sorted(ROUND_TRIPS + REFUSED) == WRITTEN


@pytest.mark.parametrize("path", ROUND_TRIPS, ids=[path.stem for path in ROUND_TRIPS])
def test_read_then_write_equals_msgcat(path: Path) -> None:
    expected = path.with_suffix(".msgcat.po").read_bytes()
    assert write_po(read_po(path.read_bytes(), path.name)) == expected


@pytest.mark.parametrize("path", ROUND_TRIPS, ids=[path.stem for path in ROUND_TRIPS])
def test_writing_msgcats_output_changes_nothing(path: Path) -> None:
    expected = path.with_suffix(".msgcat.po").read_bytes()
    assert write_po(read_po(expected, path.name)) == expected


@needs_gettext
@pytest.mark.parametrize("path", ROUND_TRIPS, ids=[path.stem for path in ROUND_TRIPS])
def test_expected_file_is_what_msgcat_writes_and_msgfmt_accepts(path: Path, tmp_path: Path) -> None:
    result = subprocess.run(["msgcat", str(path)], capture_output=True, check=True)
    assert result.stdout == path.with_suffix(".msgcat.po").read_bytes()
    checked = subprocess.run(
        ["msgfmt", "-c", "-o", str(tmp_path / "out.mo"), str(path.with_suffix(".msgcat.po"))],
        capture_output=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stderr.decode("utf-8", "replace")


@needs_gettext
@pytest.mark.parametrize("path", ROUND_TRIPS, ids=[path.stem for path in ROUND_TRIPS])
def test_compiled_catalog_equals_msgfmt(path: Path, tmp_path: Path) -> None:
    """msgfmt keeps the file's charset in the .mo; quizkit's .mo must hold the same bytes."""
    subprocess.run(["msgfmt", "-o", str(tmp_path / "gnu.mo"), str(path)], capture_output=True, check=True)
    ours = compile_mo(read_po(path.read_bytes(), path.name))
    assert mo_messages(ours) == mo_messages((tmp_path / "gnu.mo").read_bytes())


@pytest.mark.parametrize("path", REFUSED, ids=[path.stem for path in REFUSED])
def test_refused_with_file_line_and_advice(path: Path) -> None:
    with pytest.raises(PoSyntaxError) as caught:
        read_po(path.read_bytes(), path.name)
    assert str(caught.value) == path.with_suffix(".error.txt").read_text(encoding="utf-8").strip()


@needs_gettext
@pytest.mark.parametrize("path", REFUSED, ids=[path.stem for path in REFUSED])
def test_msgcat_refuses_it_too(path: Path) -> None:
    result = subprocess.run(["msgcat", str(path)], capture_output=True, check=False)
    assert result.returncode != 0
