"""Every bad input in tests/bad_inputs/ is refused by the real command, exactly as its case.toml says.

One folder per case. ``case.toml`` holds:

- ``command``: the quizkit arguments, e.g. ``["update"]``;
- ``exit``: the expected exit code;
- ``stdout`` / ``stderr``: the exact expected text, or ``stdout_lines`` / ``stderr_lines``: its first
  lines; a stream with neither must be empty. ``{project}`` stands for the project copy's absolute path;
- ``about`` (optional): what the case is about;
- ``pad`` (optional): ``{file, size, start = "#", end = ""}`` grows ``file`` (overlaid or copied) to
  exactly ``size`` bytes with one more line, ``start`` + filler + ``end``, so size limits are tested
  without storing huge files.

Every other file in the folder is laid over a fresh copy of the project at the same relative path; a
name ending in ``.overlay`` loses that ending (``pyproject.toml.overlay`` becomes ``pyproject.toml``:
ruff and other tools would read a bad pyproject.toml in tests/ as their own configuration). A
``delete.txt`` lists project files or folders (one a line) to remove first. The copy sits three
folders below the test's temporary folder, and that whole folder must be unchanged after the run:
nothing written in the project, and nothing written next to it or above it by a hostile path.
"""

from __future__ import annotations

import hashlib
import shutil
import tomllib
from pathlib import Path

import pytest
from support import copy_project, run_quizkit

CORPUS = Path(__file__).parent / "bad_inputs"
CASES = sorted(path for path in CORPUS.iterdir() if path.is_dir())
CONTROL_FILES = {"case.toml", "delete.txt"}
OVERLAY_SUFFIX = ".overlay"
# A case's kind is the first word of its folder name.
KINDS = ("content", "ui", "glossary", "po", "config", "page", "bank", "xliff", "confine", "memory")
KNOWN_FIELDS = {"command", "exit", "stdout", "stderr", "stdout_lines", "stderr_lines", "about", "pad"}


def tree_snapshot(folder: Path) -> dict[str, str]:
    """Every file (by digest) and folder below ``folder``: a write, a new file or a new folder shows."""
    return {
        str(path.relative_to(folder)): (
            hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
        )
        for path in sorted(folder.rglob("*"))
    }


def prepare(case: Path, sandbox: Path) -> tuple[Path, dict[str, object]]:
    """A fresh project copy below ``sandbox`` with the case laid over it; returns it and the case."""
    spec = tomllib.loads((case / "case.toml").read_text(encoding="utf-8"))
    project = copy_project(sandbox / "outside" / "outside" / "outside" / "project")
    deletions = case / "delete.txt"
    if deletions.exists():
        for line in deletions.read_text(encoding="utf-8").splitlines():
            target = project / line.strip()
            if line.strip():
                assert target.exists(), f"delete.txt names {line.strip()}, which the project lacks"
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink()
    for source in sorted(case.rglob("*")):
        if source.is_file() and source.relative_to(case).as_posix() not in CONTROL_FILES:
            target = project / source.relative_to(case)
            target = target.with_name(target.name.removesuffix(OVERLAY_SUFFIX))
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    pad = spec.get("pad")
    if pad is not None:
        assert isinstance(pad, dict)
        path = project / str(pad["file"])
        start, end = str(pad.get("start", "#")).encode(), (str(pad.get("end", "")) + "\n").encode()
        existing = path.read_bytes() if path.exists() else b""
        filler = int(pad["size"]) - len(existing) - len(start) - len(end)
        assert filler >= 0, f"{path} is already larger than pad.size"
        path.write_bytes(existing + start + b"#" * filler + end)
    return project, spec


def test_corpus_covers_every_kind() -> None:
    assert len(CASES) >= 40
    for case in CASES:
        assert case.name.split("-")[0] in KINDS, f"{case.name}: name it <kind>-<what>, kind in {KINDS}"
    for kind in KINDS:
        assert sum(case.name.startswith(kind + "-") for case in CASES) >= 4, kind


def expect_stream(spec: dict[str, object], name: str, actual: str, project: Path) -> None:
    def fill(text: object) -> str:
        return str(text).replace("{project}", str(project))

    if name in spec:
        assert actual == fill(spec[name]), name
    elif f"{name}_lines" in spec:
        expected = spec[f"{name}_lines"]
        assert isinstance(expected, list)
        assert actual.splitlines()[: len(expected)] == [fill(line) for line in expected], name
    else:
        assert actual == "", f"{name} should be empty"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_bad_input_is_refused_and_nothing_is_written(case: Path, tmp_path: Path) -> None:
    project, spec = prepare(case, tmp_path)
    assert set(spec) <= KNOWN_FIELDS, f"unknown fields in case.toml: {set(spec) - KNOWN_FIELDS}"
    before = tree_snapshot(tmp_path)
    command = spec["command"]
    assert isinstance(command, list)
    result = run_quizkit(project, *map(str, command))
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode == spec["exit"], result.stdout + result.stderr
    expect_stream(spec, "stdout", result.stdout, project)
    expect_stream(spec, "stderr", result.stderr, project)
    after = tree_snapshot(tmp_path)
    assert after == before, sorted(set(after.items()) ^ set(before.items()))
