"""A bank import that fails part way leaves the project as it was (toolkit/importing/bank_writing.py).

The fault injection of tests/test_crash_safety.py (tests/fault_injection.py wraps the operating-system
primitives toolkit.files uses; no hook in the library) breaks the first and then the second write of an
import that writes a catalog and the quiz YAML, with a full disk, a failed rename and Ctrl-C: the command
exits 1 without a traceback, every file is as before (the one already written is put back), and the
import run again plainly succeeds. The bank is read by a third-party reader installed as pip lays it out
(tests/importing/test_bank_readers.py), the one reader here whose questions come in whole.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fault_injection import RAISING_MODES, run_with_fault, written_targets
from importing.test_bank_readers import plugin_site
from support import ROOT, fixture_project, run_quizkit, snapshot

ARGUMENTS = ("import", "gpu.lines", "--quiz", "lines")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return plugin_site(tmp_path, "[quizkit.importers]\nlines = quizkit_example_bank:LinesReader\n")


def project_in(folder: Path) -> Path:
    root = fixture_project(folder / "project", {})
    (root / "gpu.lines").write_text(
        "What does each GPU hold?;A full copy;A slice;Each GPU holds a replica.;ہر GPU کیا رکھتا ہے؟\n",
        encoding="utf-8",
    )
    return root


def injected(project: Path, site: Path, mode: str, at: int) -> tuple[int, str, list[tuple[str, ...]]]:
    return run_with_fault(project, ARGUMENTS, mode, at, (site, ROOT))


def test_a_clean_import_writes_the_template_and_catalog_then_the_quiz(tmp_path: Path, site: Path) -> None:
    project = project_in(tmp_path)
    code, stderr, log = injected(project, site, "none", 0)
    assert code == 0, stderr
    assert [str(Path(target).relative_to(project.resolve())) for target in written_targets(log)] == [
        "locales/lines.pot",
        "locales/ur/LC_MESSAGES/lines.po",
        "content/lines.yaml",
    ]


@pytest.mark.parametrize("at", [1, 2, 3])  # the template, the catalog, the quiz
@pytest.mark.parametrize("mode", RAISING_MODES)
def test_a_failed_write_leaves_the_project_as_it_was(tmp_path: Path, site: Path, mode: str, at: int) -> None:
    project = project_in(tmp_path)
    before = snapshot(project)
    code, stderr, log = injected(project, site, mode, at)
    assert [event[1] for event in log if event[0] == "fault"] == [str(at)]
    assert code == 1 and "Traceback" not in stderr, stderr
    assert snapshot(project) == before
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    again = run_quizkit(project, *ARGUMENTS, env=environment)
    assert again.returncode == 0, again.stderr
    assert (project / "content" / "lines.yaml").exists()
