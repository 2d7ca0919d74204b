"""quizkit check's outputs: SARIF valid against the 2.1.0 schema, JSON, suppressions, strictness."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from standard_schemas import sarif_schema
from support import run_quizkit as quizkit

ROOT = Path(__file__).resolve().parents[2]
CATALOG = "locales/ur/LC_MESSAGES/data-parallel.po"


def edit(project: Path, old: str, new: str) -> None:
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_clean_project(project: Path) -> None:
    result = quizkit(project, "check", "--strict")
    assert (result.returncode, result.stdout) == (0, "2 catalogs checked: 0 errors, 0 warnings\n")


def test_sarif_output_is_valid(project: Path) -> None:
    from jsonschema import Draft4Validator

    schema = json.loads(sarif_schema().read_text(encoding="utf-8"))

    edit(project, "آپٹیمائزر کی حالت، جبکہ", "اصلاح کی حالت، جبکہ")
    result = quizkit(project, "check", "--format", "sarif")
    assert result.returncode == 1
    log = json.loads(result.stdout)
    errors = sorted(Draft4Validator(schema).iter_errors(log), key=str)
    assert errors == []
    results = log["runs"][0]["results"]
    assert {item["ruleId"] for item in results} == {"glossary-wrong-term"}
    wrong = next(item for item in results if item["ruleId"] == "glossary-wrong-term")
    assert wrong["level"] == "error"
    location = wrong["locations"][0]
    assert location["physicalLocation"]["artifactLocation"]["uri"] == CATALOG
    assert (
        location["logicalLocations"][0]["fullyQualifiedName"]
        == "data-parallel.questions.gpu-holds.options.optimizer-only"
    )
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[wrong["ruleIndex"]]["id"] == "glossary-wrong-term"


def test_json_output(project: Path) -> None:
    edit(project, "اسکیٹر، جو", "سکیٹر، جو")
    result = quizkit(project, "check", "--format", "json")
    document = json.loads(result.stdout)
    codes = [(item["severity"], item["code"]) for item in document["diagnostics"]]
    assert codes == [("warning", "glossary-discouraged-term")]
    assert document["diagnostics"][0]["key"] == "data-parallel.questions.sync-operation.options.scatter"
    assert (document["summary"]["errors"], document["summary"]["warnings"]) == (0, 1)


def test_suppression_with_reason_silences_one_check_and_is_counted(project: Path) -> None:
    edit(
        project,
        'msgctxt "data-parallel.questions.sync-operation.options.scatter"',
        "# quizkit-ignore: glossary-discouraged-term: the page style guide keeps سکیٹر here\n"
        "# quizkit-ignore: latin-tokens: an exemption that matches no finding is still counted by status\n"
        'msgctxt "data-parallel.questions.sync-operation.options.scatter"',
    )
    edit(project, "اسکیٹر، جو", "سکیٹر، جو")
    result = quizkit(project, "check")
    assert result.returncode == 0
    assert result.stdout == "2 catalogs checked: 0 errors, 0 warnings, 1 suppressed\n"
    status = quizkit(project, "status", "--format", "json")
    rows = {row["domain"]: row for row in json.loads(status.stdout)}
    assert rows["data-parallel"]["suppressions"] == 2


def test_suppression_of_an_unknown_check(project: Path) -> None:
    edit(
        project,
        'msgctxt "data-parallel.title"',
        '# quizkit-ignore: glosary: typo in the check id\nmsgctxt "data-parallel.title"',
    )
    result = quizkit(project, "check")
    assert result.returncode == 0
    assert (
        "warning[suppression-unknown-check]: quizkit-ignore names no known check (glosary)" in result.stdout
    )
    assert quizkit(project, "check", "--strict").returncode == 1


def test_update_keeps_suppressions(project: Path) -> None:
    edit(
        project,
        'msgctxt "data-parallel.title"',
        '# quizkit-ignore: identical-to-source: fine\nmsgctxt "data-parallel.title"',
    )
    assert quizkit(project, "update").returncode == 0
    assert "# quizkit-ignore: identical-to-source: fine\n" in (project / CATALOG).read_text(encoding="utf-8")


def test_list_checks() -> None:
    result = quizkit(ROOT, "check", "--list", "--format", "json")
    checks = json.loads(result.stdout)
    assert len(checks) >= 20
    documented = (
        (ROOT / "docs" / "checks.md").read_text(encoding="utf-8")
        if (ROOT / "docs" / "checks.md").exists()
        else ""
    )
    if documented:
        missing = [item["id"] for item in checks if f"## {item['id']}" not in documented]
        assert missing == []


def test_gnu_tools_keep_suppressions(project: Path) -> None:
    if shutil.which("msgmerge") is None or shutil.which("msgcat") is None:
        pytest.skip("GNU gettext (msgmerge, msgcat) is not installed")
    edit(
        project,
        'msgctxt "data-parallel.title"',
        '# quizkit-ignore: identical-to-source: fine\nmsgctxt "data-parallel.title"',
    )
    catalog = project / CATALOG
    for command in (
        ["msgmerge", "--quiet", "-o", str(catalog), str(catalog), str(project / "locales/data-parallel.pot")],
        ["msgcat", "-o", str(catalog), str(catalog)],
    ):
        subprocess.run(command, check=True)
        assert "# quizkit-ignore: identical-to-source: fine\n" in catalog.read_text(encoding="utf-8")


def test_errors_in_a_fuzzy_entry_are_shown_but_block_nothing(project: Path) -> None:
    """A fuzzy translation is not exported (it falls back to the source), so its faults are warnings."""
    path = project / CATALOG
    text = path.read_text(encoding="utf-8")
    anchor = 'msgctxt "data-parallel.questions.gpu-holds.options.optimizer-only"'
    assert text.count(anchor) == 1
    path.write_text(
        text.replace(anchor, "#, fuzzy\n" + anchor).replace("آپٹیمائزر کی حالت، جبکہ", "اصلاح کی حالت، جبکہ"),
        encoding="utf-8",
    )
    result = quizkit(project, "check")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(": ")[1] for line in lines[:-1]] == ["warning[fuzzy]", "warning[glossary-wrong-term]"]
    assert lines[1].endswith(
        "(in a fuzzy entry, not used until reviewed) [data-parallel.questions.gpu-holds.options.optimizer-only]"
    )
    assert lines[-1] == "2 catalogs checked: 0 errors, 2 warnings"


@pytest.mark.parametrize(
    ("data", "what"), [(b"", "empty (0 bytes)"), (b"\n  \n", "only white space")], ids=["empty", "blank"]
)
def test_an_empty_catalog_is_an_error_of_check_and_of_compile(project: Path, data: bytes, what: str) -> None:
    (project / CATALOG).write_bytes(data)
    problem = (
        f"the catalog is {what}: no header and no entry. If it held translations, restore it (from version "
        "control); else run quizkit update, which makes it again from the template"
    )
    checked = quizkit(project, "check")
    assert checked.returncode == 1
    assert checked.stdout == (
        f"{CATALOG}: error[empty-catalog]: {problem}\n2 catalogs checked: 1 error, 0 warnings\n"
    )
    compiled = quizkit(project, "compile")
    assert (compiled.returncode, compiled.stdout) == (1, "")
    assert compiled.stderr == f"{CATALOG}: error[catalog]: {problem}\n"
    assert not list(project.rglob("*.mo"))
    updated = quizkit(project, "update")
    assert updated.returncode == 0, updated.stderr
    assert quizkit(project, "check").stdout.startswith(f"{CATALOG}:")  # made again: untranslated


def broken_plugin_site(site: Path, group: str, name: str) -> Path:
    """A package whose ``group`` entry point fails to import with a message holding a terminal escape
    (one that would retitle the terminal), installed the way pip lays it out."""
    (site / "quizkit_broken_plugin").mkdir(parents=True)
    (site / "quizkit_broken_plugin" / "__init__.py").write_text(
        'raise RuntimeError("retitled \\x1b]0;owned\\x07 here")\n', encoding="utf-8"
    )
    info = site / "quizkit_broken_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: quizkit-broken-plugin\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[{group}]\n{name} = quizkit_broken_plugin:PLUGIN\n", encoding="utf-8"
    )
    return site


@pytest.mark.parametrize(
    ("group", "name", "message"),
    [
        (
            "quizkit.checks",
            "broken-check",
            "error[check-plugin]: check plugin broken-check (quizkit_broken_plugin:PLUGIN) failed to load: "
            "retitled \\x1b]0;owned\\x07 here\n",
        ),
        (
            "quizkit.locales",
            "broken-pack",
            "error[locale-pack]: locale pack broken-pack (quizkit_broken_plugin:PLUGIN) failed to load: "
            "retitled \\x1b]0;owned\\x07 here\n",
        ),
    ],
    ids=["check-plugin", "locale-pack"],
)
def test_a_broken_plugins_load_error_is_escaped_for_the_terminal(
    project: Path, tmp_path_factory: pytest.TempPathFactory, group: str, name: str, message: str
) -> None:
    # quizkit check printed these two errors itself, escape sequence and all; every command now
    # reports them in one place (toolkit/cli/error_report.py), escaped as the other commands did.
    site = broken_plugin_site(tmp_path_factory.mktemp("site"), group, name)
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}
    result = quizkit(project, "check", env=environment)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", message)


NUMERIC_QUIZ = """\
id: ring
level: beginner
title: Ring traffic
description: One numeric question and one statement.
questions:
  - id: traffic
    type: numeric
    prompt: With N = 8 and 1 GB of gradients, how many GB does each GPU send?
    answer: 1.75
    tolerance: 0.01
    explanation: Each GPU sends 2 × 7 / 8 = 1.75 times its 1 GB, that is 1.75 GB.
  - id: halves
    type: true_false
    prompt: Doubling the GPUs does not halve the time of one epoch.
    correct: true
    explanation: Communication grows with the number of GPUs.
"""


def test_answer_key_findings_from_the_content_in_sarif(tmp_path: Path) -> None:
    from jsonschema import Draft4Validator
    from support import fixture_project, translate

    project = fixture_project(tmp_path / "project", {"ring": NUMERIC_QUIZ})
    assert quizkit(project, "update").returncode == 0
    translate(
        project / "locales/ur/LC_MESSAGES/ring.po",
        {
            "ring.title": "رنگ ٹریفک",
            "ring.description": "ایک عددی سوال اور ایک بیان۔",
            "ring.questions.traffic.prompt": "N = 8 اور 1 GB گریڈیئنٹس کے ساتھ ہر GPU کتنے GB بھیجتا ہے؟",
            "ring.questions.traffic.explanation": "ہر GPU اپنے 1 GB کا 2 × 7 / 8 = 1.57 گنا، یعنی 1.57 GB بھیجتا ہے۔",
            "ring.questions.halves.prompt": "GPUs دگنے کرنے سے ایک ایپوک کا وقت آدھا ہو جاتا ہے۔",
            "ring.questions.halves.explanation": "کمیونیکیشن GPUs کی تعداد کے ساتھ بڑھتی ہے۔",
        },
    )
    result = quizkit(project, "check", "--format", "sarif")
    assert result.returncode == 1
    log = json.loads(result.stdout)
    schema = json.loads(sarif_schema().read_text(encoding="utf-8"))
    assert sorted(Draft4Validator(schema).iter_errors(log), key=str) == []
    results = {item["ruleId"]: item for item in log["runs"][0]["results"]}
    assert set(results) == {
        "negation-changed",
        "numeric-answer-explanation",
        "explanation-lost-content",
        "numbers",
    }
    answer = results["numeric-answer-explanation"]
    assert answer["level"] == "warning"
    assert answer["message"]["text"] == (
        "the explanation of question traffic states the answer 1.75 (within 0.01) in the source but not in ur "
        "(its numbers there: 1, 1.57, 2, 7, 8): a learner who typed the right answer reads another; write the "
        "answer as the source does"
    )
    assert (
        answer["locations"][0]["logicalLocations"][0]["fullyQualifiedName"]
        == "ring.questions.traffic.explanation"
    )
    negation = results["negation-changed"]
    assert negation["level"] == "error"
    assert negation["message"]["text"] == (
        "the statement of question halves is negated in the source (not) but not in ur: the translation states "
        "the opposite, and the right answer flips; translate the negation"
    )
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules[answer["ruleIndex"]]["id"] == "numeric-answer-explanation"
    assert rules[answer["ruleIndex"]]["helpUri"].endswith("docs/checks.md#numeric-answer-explanation")
