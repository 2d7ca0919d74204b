"""Cleaning up after a killed writer removes quizkit's own temporary files, never a user's."""

from __future__ import annotations

from pathlib import Path

from support import fixture_project, run_quizkit

from toolkit.files import TEMPORARY_SUFFIX, write_bytes_atomic


def test_a_users_own_dot_tmp_files_survive_update_and_build(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    (project / "dist").mkdir()
    mine = [project / "locales" / ".notes.tmp", project / "dist" / ".draft.json.1234.tmp"]
    for path in mine:
        path.write_text("mine\n", encoding="utf-8")
    left = project / "locales" / "ur" / "LC_MESSAGES" / f".ui.po.k3j4l5{TEMPORARY_SUFFIX}"
    left.write_text("a killed write\n", encoding="utf-8")
    for command in ("update", "build"):
        assert run_quizkit(project, command).returncode == 0
    assert [path.read_text(encoding="utf-8") for path in mine] == ["mine\n", "mine\n"]
    assert not left.exists()


def test_quizkit_writes_through_temporaries_of_its_own_pattern(tmp_path: Path) -> None:
    target = tmp_path / "ui.po"
    seen: list[str] = []
    original = Path.replace

    def watching(self: Path, destination: Path) -> Path:  # the rename shows the temporary's name
        seen.append(self.name)
        return original(self, destination)

    Path.replace = watching  # type: ignore[method-assign]
    try:
        write_bytes_atomic(target, b"x")
    finally:
        Path.replace = original  # type: ignore[method-assign]
    assert len(seen) == 1
    assert seen[0].startswith(".ui.po.") and seen[0].endswith(TEMPORARY_SUFFIX)
