"""Every invalid fixture yields exactly its expected message, exit code 1, no traceback, no write."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import run_quizkit_in_process, snapshot

CORPUS = Path(__file__).parent / "invalid"
CASES = sorted(path for path in CORPUS.iterdir() if path.is_dir())


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 15


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_invalid_case(case: Path) -> None:
    before = snapshot(case)
    result = run_quizkit_in_process(case, "validate", ".")
    expected = (case / "expected.txt").read_text(encoding="utf-8")
    assert "Traceback" not in result.stderr
    assert result.stdout == expected
    assert result.returncode == 1
    assert snapshot(case) == before


def test_file_over_size_limit(tmp_path: Path) -> None:
    from toolkit.content.yaml_document import MAX_FILE_BYTES

    (tmp_path / "quizkit.toml").write_text("", encoding="utf-8")
    (tmp_path / "big.yaml").write_text("id: big\n" + "#" * MAX_FILE_BYTES + "\n", encoding="utf-8")
    result = run_quizkit_in_process(tmp_path, "validate", ".")
    assert result.stdout.splitlines()[0] == (
        f"big.yaml: error[file-too-large]: file is {MAX_FILE_BYTES + 9:,} bytes; quizkit reads YAML files of at "
        f"most {MAX_FILE_BYTES:,} bytes"
    )
    assert result.returncode == 1
