"""quizkit build: the main job, as authors and CI run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import process_server
from support import copy_project, fixture_interface_messages, fixture_project, snapshot, translate


def build(
    project: Path, *arguments: str, ci: bool = False, hash_seed: str | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != "CI"}
    if ci:
        environment["CI"] = "true"
    if hash_seed is not None:
        environment["PYTHONHASHSEED"] = hash_seed
    return process_server.run(
        [sys.executable, "-m", "toolkit", "build", *arguments], cwd=project, env=environment, timeout=300
    )


HUGE_NUMBER_QUIZ = """id: huge-number
level: beginner
title: Huge number
description: A numeric answer whose tolerance spans many digits.
questions:
  - id: spread
    type: numeric
    prompt: Any number near zero?
    answer: "-1111.2222"
    tolerance: "1111.2222"
    explanation: Any number from one bound to the other.
  - id: exact
    type: numeric
    prompt: How many GPUs are in one node of eight?
    answer: "8"
    explanation: Eight.
"""


PRIVATE_USE_QUIZ = """id: odd
level: beginner
title: Odd
description: D
questions:
  - id: pick-words
    type: fill_in_blanks
    prompt: Complete the sentence.
    text: "An \U000f0000 {{collective}} averages the gradients."
    blanks:
      - id: collective
        options: [{id: all-reduce, text: all-reduce}, {id: broadcast, text: broadcast}]
        correct: all-reduce
    explanation: E
"""


def test_an_export_error_is_json_when_json_was_asked_for(tmp_path: Path) -> None:
    """A text the canvas format cannot write stops the build at its export; a CI job that reads the JSON
    report gets it as JSON, not as a line of text it cannot parse."""
    project = fixture_project(tmp_path, {"odd": PRIVATE_USE_QUIZ})
    result = build(project, "--format", "json")
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == {
        "ok": False,
        "step": "export",
        "errors": [
            {
                "severity": "error",
                "code": "export",
                "message": "odd.questions.pick-words [en]: the text holds private-use characters (U+F0000 and "
                "above) that the canvas format needs for its blanks; remove them",
            }
        ],
    }


def test_a_number_qti_cannot_grade_is_left_out_of_qti_with_a_located_warning(tmp_path: Path) -> None:
    """Review of issue 35: such a number passed validate, then stopped the whole build at its export with
    no file or line, and no QTI item was written for any question. Now the question is left out of qti
    only, with a warning at its place in the content (in the JSON report too), and the rest is built."""
    project = fixture_project(tmp_path, {"huge-number": HUGE_NUMBER_QUIZ})
    result = build(project, "--format", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] is True
    assert [warning for warning in report["warnings"] if "qti" in warning["message"]] == [
        {
            "file": "content/huge-number.yaml",
            "line": 8,
            "column": None,
            "severity": "warning",
            "code": "unsupported-question",
            "message": "format qti cannot grade this numeric answer: the numbers it accepts need a pattern of "
            "more than 256 KB (the tolerance spans too many digits); round the answer or the tolerance to "
            "fewer digits: question 'spread' of quiz 'huge-number' is left out of qti in en, ur",
            "path": None,
            "key": "huge-number.questions.spread",
        }
    ]
    assert {"dist/qti/huge-number/en.zip", "dist/json/huge-number/en.json"} <= set(report["written"])
    bundle = json.loads((project / "dist/json/huge-number/en.json").read_text(encoding="utf-8"))
    assert [question["id"] for question in bundle["questions"]] == ["spread", "exact"]
    strict = build(project, "--format", "json", "--strict")
    assert strict.returncode == 1, strict.stdout + strict.stderr
    strict_report = json.loads(strict.stdout)
    assert (strict_report["ok"], strict_report["failed"]) == (
        False,
        f"--strict: {len(report['warnings'])} warnings",
    )
    assert strict_report["warnings"] == report["warnings"]
    assert report["ok"] is True and "failed" not in report


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
    entries = 50 + fixture_interface_messages()  # the quiz's 50 and one per interface message
    assert f"ur      100.0% ({entries}/{entries})" in first.stdout
    from toolkit.exporters.base import exporter_names

    assert sorted(path.name for path in (project / "dist").iterdir()) == sorted(exporter_names())
    before = snapshot(project)
    second = build(project)
    assert second.returncode == 0
    assert second.stdout.splitlines()[-1] == "build done: 0 files written"
    assert snapshot(project) == before


def test_every_output_is_the_same_whatever_the_hash_seed(tmp_path: Path) -> None:
    # Each seed gets an interpreter of its own (tests/process_server.py serves only its own seed), so an
    # output that follows the iteration order of a set of strings differs between the two builds.
    outputs = []
    for seed in ("1", "2"):
        project = copy_project(tmp_path / f"seed-{seed}")
        result = build(project, hash_seed=seed)
        assert result.returncode == 0, result.stdout + result.stderr
        outputs.append(
            {name: data for name, data in snapshot(project).items() if not name.startswith(".quizkit")}
        )
    assert outputs[0].keys() == outputs[1].keys()
    assert [name for name in outputs[0] if outputs[0][name] != outputs[1][name]] == []


def test_json_in_ci(project: Path) -> None:
    result = build(project, ci=True)
    document = json.loads(result.stdout)
    entries = 50 + fixture_interface_messages()
    assert document["ok"] is True
    assert [step["name"] for step in document["steps"]] == [
        "validate",
        "update",
        "check",
        "compile",
        "export",
    ]
    assert document["locales"] == [
        {
            "locale": "ur",
            "translated": entries,
            "total": entries,
            "percent": 100.0,
            "errors": 0,
            "warnings": 0,
        }
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


URDU = {
    "tiny.title": "چھوٹا کوئز",
    "tiny.description": "کسی خاص چیز کے بارے میں دو سوال۔",
    "tiny.questions.first.prompt": "پہلا کون سا ہے؟",
    "tiny.questions.first.options.this": "یہ والا",
    "tiny.questions.first.options.this.feedback": "درست، یہ والا۔",
    "tiny.questions.first.options.that": "وہ والا",
    "tiny.questions.first.explanation": "یہ والا پہلے آتا ہے۔",
    "tiny.questions.second.prompt": "دوسرے نمبر پر کون سے آتے ہیں؟",
    "tiny.questions.second.options.one": "بائیں والا",
    "tiny.questions.second.options.other": "دائیں والا",
    "tiny.questions.second.explanation": "دونوں دوسرے نمبر پر آتے ہیں۔",
}


def test_the_report_lists_warnings_and_the_questions_that_fell_back(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    assert build(project).returncode == 0  # creates the catalog, every quiz text untranslated
    catalog = project / "locales/ur/LC_MESSAGES/tiny.po"
    untranslated = {key: text for key, text in URDU.items() if key != "tiny.questions.first.prompt"}
    translate(catalog, untranslated, fuzzy=frozenset({"tiny.questions.second.explanation"}))
    from toolkit.catalogs import read_po

    line = {entry.context: entry.msgstr_line for entry in read_po(catalog.read_bytes(), catalog.name)}
    first = build(project)
    assert first.returncode == 0, first.stderr
    report = first.stdout.split("\n\n", 2)[2].splitlines()
    assert report == [
        "2 warnings (quizkit check lists them all):",
        "  fuzzy: 1",
        f"    locales/ur/LC_MESSAGES/tiny.po:{line['tiny.questions.second.explanation']}: warning[fuzzy]: "
        "fuzzy translation needs review "
        "[tiny.questions.second.explanation]",
        "  untranslated: 1",
        f"    locales/ur/LC_MESSAGES/tiny.po:{line['tiny.questions.first.prompt']}: warning[untranslated]: "
        "not translated yet "
        "[tiny.questions.first.prompt]",
        "",
        "in the source language (a text untranslated or fuzzy):",
        "  tiny [ur]: 2 questions: first, second",
        "",
        f"build done: {first.stdout.splitlines()[-1].split(': ')[1]}",
    ]
    # A build with nothing to redo reports the same, from its cache.
    second = build(project)
    assert second.stdout.split("\n\n", 2)[2].splitlines()[:-1] == report[:-1]
    machine = json.loads(build(project, ci=True).stdout)
    assert [(item["code"], item["key"]) for item in machine["warnings"]] == [
        ("untranslated", "tiny.questions.first.prompt"),
        ("fuzzy", "tiny.questions.second.explanation"),
    ]
    assert machine["fell_back"] == [{"quiz": "tiny", "locale": "ur", "questions": ["first", "second"]}]


def test_many_warnings_of_one_check_show_the_first_few_and_a_count(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    result = build(project)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    start = lines.index("11 warnings (quizkit check lists them all):")
    assert lines[start + 1] == "  untranslated: 11"
    assert [line.split(": ", 1)[1] for line in lines[start + 2 : start + 5]] == [
        "warning[untranslated]: not translated yet [tiny.title]",
        "warning[untranslated]: not translated yet [tiny.description]",
        "warning[untranslated]: not translated yet [tiny.questions.first.prompt]",
    ]
    assert lines[start + 5] == "    … and 8 more"


def test_a_build_of_one_quiz_leaves_the_others_and_the_index_as_they_were(tmp_path: Path) -> None:
    from support import TINY_QUIZ

    other = TINY_QUIZ.replace("id: tiny", "id: other").replace("Tiny quiz", "Other quiz")
    project = fixture_project(tmp_path / "project", {"tiny": TINY_QUIZ, "other": other})
    assert build(project).returncode == 0
    before = snapshot(project / "dist")
    (project / "content/tiny.yaml").write_text(TINY_QUIZ.replace("Tiny quiz", "Small quiz"), encoding="utf-8")
    (project / "content/other.yaml").write_text(other.replace("Other quiz", "Another quiz"), encoding="utf-8")
    for arguments in (("tiny",), ("--clean", "tiny")):
        result = build(project, *arguments)
        assert result.returncode == 0, result.stdout + result.stderr
        after = snapshot(project / "dist")
        changed = sorted(name for name in after if after[name] != before.get(name))
        assert changed and all("tiny" in name for name in changed), changed
        assert sorted(after) == sorted(before)  # the other quiz's files and the index are all still there
        assert b"Small quiz" in after["json/tiny/en.json"]
        assert b"Another quiz" not in after["json/other/en.json"]
    whole = build(project)
    assert whole.returncode == 0
    assert b"Another quiz" in (project / "dist/json/other/en.json").read_bytes()
    assert b"Another quiz" in (project / "dist/html/index.html").read_bytes()


def test_a_build_of_an_unknown_quiz_names_the_quizzes_there_are(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    result = build(project, "tiyn")
    assert result.returncode == 1
    assert result.stdout == "content: error[unknown-quiz]: no quiz 'tiyn' to build; the quizzes are: tiny\n"
    assert result.stderr == "build stopped at validate: 1 error\n"


def test_an_output_edited_since_the_build_wrote_it_is_never_removed(tmp_path: Path) -> None:
    from support import TINY_QUIZ

    other = TINY_QUIZ.replace("id: tiny", "id: other")
    project = fixture_project(tmp_path / "project", {"tiny": TINY_QUIZ, "other": other})
    assert build(project).returncode == 0
    edited = project / "dist/json/other/en.json"
    edited.write_text('{"mine": true}\n', encoding="utf-8")
    untouched = project / "dist/json/other/ur.json"
    assert untouched.exists()
    (project / "content/other.yaml").unlink()
    result = build(project)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not untouched.exists()  # as the build left it: the quiz is gone, so is its bundle
    assert edited.read_text(encoding="utf-8") == '{"mine": true}\n'


def test_a_draft_quiz_left_out_is_a_warning_in_text_and_json(tmp_path: Path) -> None:
    from support import TINY_QUIZ

    draft = TINY_QUIZ.replace("level: beginner\n", "level: beginner\ndraft: true\n")
    project = fixture_project(tmp_path / "project", {"tiny": draft})
    expected = [
        "  draft-quiz-left-out: 1",
        "    content/tiny.yaml:2: warning[draft-quiz-left-out]: draft quiz 'tiny' is left out of the export "
        "until its draft: true is removed; quizkit export --drafts includes it, for a preview [$.draft]",
    ]
    for _ in range(2):  # the second build from its cache
        result = build(project, "--format", "text")
        assert (result.returncode, result.stderr) == (0, "")
        lines = result.stdout.splitlines()
        start = lines.index(expected[0])
        assert lines[start : start + 2] == expected
    machine = json.loads(build(project, ci=True).stdout)
    # Left out on purpose: --strict does not count it, as export --strict does not.
    strict = build(project, "--format", "text", "--strict")
    others = len(machine["warnings"]) - 1
    assert (strict.returncode, strict.stderr) == (1, f"build failed (--strict): {others} warnings\n")
    assert [item for item in machine["warnings"] if item["code"] == "draft-quiz-left-out"] == [
        {
            "file": "content/tiny.yaml",
            "line": 2,
            "column": None,
            "severity": "warning",
            "code": "draft-quiz-left-out",
            "message": "draft quiz 'tiny' is left out of the export until its draft: true is removed; "
            "quizkit export --drafts includes it, for a preview",
            "path": "$.draft",
            "key": None,
        }
    ]
