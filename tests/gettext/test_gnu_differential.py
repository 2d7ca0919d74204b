"""quizkit's PO layer against GNU gettext on generated PO files (issue 15, deliverable 2).

For each seed, ``po_generator.po_file`` writes a PO file (every line-breaking class, escape, flag and
comment kind, legacy charsets, obsolete and previous entries, plurals). Then:

- ``write_po(read_po(file))`` must equal ``msgcat file`` byte for byte;
- ``msgfmt -c`` must accept that output;
- ``compile_mo(read_po(file))`` must hold the same messages (the same bytes) as ``msgfmt file``'s .mo.

The suite runs a bounded number of seeds (a few seconds). For a long run:

    QUIZKIT_DIFFERENTIAL_CASES=5000 .venv/bin/python -m pytest tests/gettext/test_gnu_differential.py -q

``QUIZKIT_DIFFERENTIAL_FIRST_SEED`` starts elsewhere; a failure names its seed, and
``po_generator.po_file(seed)`` gives the file again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from mo_files import mo_messages
from po_generator import po_file

from toolkit.catalogs import compile_mo, read_po, write_po
from toolkit.gettext.po_reader import PoSyntaxError

CASES = int(os.environ.get("QUIZKIT_DIFFERENTIAL_CASES", "30"))
FIRST_SEED = int(os.environ.get("QUIZKIT_DIFFERENTIAL_FIRST_SEED", "0"))
SEEDS = range(FIRST_SEED, FIRST_SEED + CASES)

pytestmark = pytest.mark.skipif(
    shutil.which("msgcat") is None or shutil.which("msgfmt") is None,
    reason="GNU gettext (msgcat, msgfmt) is not installed",
)


def run(*arguments: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(list(arguments), capture_output=True, check=False)


def test_the_generator_is_deterministic() -> None:
    assert po_file(7) == po_file(7)
    assert po_file(7) != po_file(8)


@pytest.mark.parametrize("seed", SEEDS)
def test_read_then_write_equals_msgcat_and_mo_equals_msgfmt(seed: int, tmp_path: Path) -> None:
    source = tmp_path / f"seed-{seed}.po"
    source.write_bytes(po_file(seed))
    gnu = run("msgcat", str(source))
    if gnu.returncode != 0:
        # msgcat refuses the file: quizkit must refuse it too, never write it differently.
        with pytest.raises(PoSyntaxError):
            read_po(source.read_bytes(), source.name)
        return
    catalog = read_po(source.read_bytes(), source.name)
    written = write_po(catalog)
    assert written == gnu.stdout, f"seed {seed}: quizkit and msgcat write {source.name} differently"

    (tmp_path / "written.po").write_bytes(written)
    checked = run("msgfmt", "-c", "-o", str(tmp_path / "checked.mo"), str(tmp_path / "written.po"))
    assert checked.returncode == 0, f"seed {seed}: " + checked.stderr.decode("utf-8", "replace")

    compiled = run("msgfmt", "-o", str(tmp_path / "gnu.mo"), str(source))
    assert compiled.returncode == 0, f"seed {seed}: " + compiled.stderr.decode("utf-8", "replace")
    assert mo_messages(compile_mo(catalog)) == mo_messages((tmp_path / "gnu.mo").read_bytes()), f"seed {seed}"
