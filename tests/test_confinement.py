"""Output folders that are links out of the project are refused before anything is written through them."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import fixture_project, run_quizkit, snapshot


@pytest.mark.parametrize(
    ("linked", "command"),
    [
        ("dist/json", ("export", "-f", "json")),
        ("dist/html", ("export", "-f", "html")),
        ("dist/mo", ("build",)),
        (".quizkit-cache", ("build",)),
    ],
)
def test_a_linked_output_folder_is_not_written_through(
    tmp_path: Path, linked: str, command: tuple[str, ...]
) -> None:
    project = fixture_project(tmp_path / "project")
    assert run_quizkit(project, "update").returncode == 0
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / linked).parent.mkdir(parents=True, exist_ok=True)
    (project / linked).symlink_to(outside, target_is_directory=True)
    result = run_quizkit(project, *command)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"error[confinement]: refusing to write {project / linked}: it leads outside" in result.stderr
    assert snapshot(outside) == {}
