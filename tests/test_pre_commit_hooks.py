"""``.pre-commit-hooks.yaml``: valid for pre-commit's own manifest schema, and each hook runs a real
quizkit command (``update --check`` fails on a stale catalog and writes nothing)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from support import run_quizkit, snapshot

ROOT = Path(__file__).resolve().parents[1]
clientlib = pytest.importorskip(
    "pre_commit.clientlib", reason="pre-commit is missing (pip install -e '.[dev]')"
)


def test_the_manifest_passes_pre_commits_schema() -> None:
    hooks = clientlib.load_manifest(str(ROOT / ".pre-commit-hooks.yaml"))
    assert [(hook["id"], hook["entry"], hook["language"]) for hook in hooks] == [
        ("quizkit-validate", "quizkit validate", "python"),
        ("quizkit-check", "quizkit check", "python"),
        ("quizkit-update-check", "quizkit update --check", "python"),
    ]


def test_the_schema_check_can_fail(tmp_path: Path) -> None:
    # A hook without an entry is not a hook: the check above is not one that passes whatever the file says.
    manifest = tmp_path / ".pre-commit-hooks.yaml"
    manifest.write_text(
        "- id: quizkit-validate\n  name: quizkit validate\n  language: python\n", encoding="utf-8"
    )
    with pytest.raises(clientlib.InvalidManifestError):
        clientlib.load_manifest(str(manifest))


def test_each_hook_names_a_quizkit_command_and_its_options() -> None:
    from click.testing import CliRunner

    from toolkit.cli import main

    for hook in clientlib.load_manifest(str(ROOT / ".pre-commit-hooks.yaml")):
        words = shlex.split(hook["entry"])
        assert words[0] == "quizkit"
        result = CliRunner().invoke(main, [*words[1:], "--help"])
        assert result.exit_code == 0, (hook["id"], result.output)


def test_update_check_fails_on_a_stale_catalog_and_writes_nothing(tmp_path: Path) -> None:
    assert run_quizkit(tmp_path, "init", "demo", "--locale", "fr").returncode == 0
    project = tmp_path / "demo"
    quiz = project / "content" / "first-quiz.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace("The Water Cycle", "The Water Cycle, Again"),
        encoding="utf-8",
    )
    before = snapshot(project)
    result = run_quizkit(project, "update", "--check")
    assert result.returncode == 1
    assert result.stdout == (
        "locales/first-quiz.pot: stale\n"
        "locales/fr/LC_MESSAGES/first-quiz.po: stale\n"
        "2 files out of date with the content; run quizkit update\n"
    )
    assert snapshot(project) == before
