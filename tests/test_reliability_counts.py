"""docs/reliability.md counts the bad-input corpora; the counts it gives are the folders' own, so the
page does not go stale as cases are added."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cases(folder: Path) -> int:
    return sum(1 for case in folder.iterdir() if case.is_dir())


def test_reliability_page_counts_the_bad_input_cases_there_are() -> None:
    page = (ROOT / "docs/reliability.md").read_text(encoding="utf-8")
    bad_inputs = _cases(ROOT / "tests/bad_inputs")
    invalid_content = _cases(ROOT / "tests/content/invalid")
    summary = re.search(r"`tests/content/test_invalid_corpus.py` \| (\d+) \+ (\d+) cases \|", page)
    assert summary is not None
    assert (int(summary.group(1)), int(summary.group(2))) == (bad_inputs, invalid_content)
    holds = re.search(r"`tests/bad_inputs/` holds (\d+) cases", page)
    assert holds is not None
    assert int(holds.group(1)) == bad_inputs
