"""quizkit build: the main job, as authors and CI run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from support import snapshot


def build(project: Path, *arguments: str, ci: bool = False) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != "CI"}
    if ci:
        environment["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "toolkit", "build", *arguments],
        cwd=project,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=environment,
        timeout=300,
        check=False,
    )


def test_full_build_then_no_op(project: Path) -> None:
    first = build(project)
    assert first.returncode == 0, first.stdout + first.stderr
    assert [line.split()[0] for line in first.stdout.splitlines()[:5]] == [
        "validate",
        "update",
        "check",
        "compile",
        "export",
    ]
    assert "ur      100.0% (75/75)" in first.stdout
    from toolkit.exporters.base import exporter_names

    assert sorted(path.name for path in (project / "dist").iterdir()) == sorted(exporter_names())
    before = snapshot(project)
    second = build(project)
    assert second.returncode == 0
    assert second.stdout.splitlines()[-1] == "build done: 0 files written"
    assert snapshot(project) == before


def test_json_in_ci(project: Path) -> None:
    result = build(project, ci=True)
    document = json.loads(result.stdout)
    assert document["ok"] is True
    assert [step["name"] for step in document["steps"]] == [
        "validate",
        "update",
        "check",
        "compile",
        "export",
    ]
    assert document["locales"] == [
        {"locale": "ur", "translated": 75, "total": 75, "percent": 100.0, "errors": 0, "warnings": 0}
    ]


def test_check_errors_stop_the_build_before_export(project: Path) -> None:
    catalog = project / "locales/ur/LC_MESSAGES/data-parallel.po"
    catalog.write_text(
        catalog.read_text(encoding="utf-8").replace("آپٹیمائزر کی حالت، جبکہ", "اصلاح کی حالت، جبکہ"),
        encoding="utf-8",
    )
    result = build(project)
    assert result.returncode == 1
    assert "error[glossary-wrong-term]" in result.stdout
    assert result.stderr == "build stopped at check: 1 error\n"
    assert not (project / "dist").exists()
    machine = json.loads(build(project, "--format", "json").stdout)
    assert (machine["ok"], machine["step"], machine["errors"][0]["code"]) == (
        False,
        "check",
        "glossary-wrong-term",
    )


def test_content_errors_stop_the_build(project: Path) -> None:
    (project / "content" / "data-parallel.yaml").write_text("id: data-parallel\n", encoding="utf-8")
    before = snapshot(project)
    result = build(project)
    assert result.returncode == 1
    assert "error[missing-field]" in result.stdout
    assert snapshot(project) == before
