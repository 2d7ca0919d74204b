"""quizkit export as frontend developers run it: one quiz at a time."""

from __future__ import annotations

from pathlib import Path

from support import TINY_QUIZ, fixture_project, run_quizkit, translate

OTHER_QUIZ = TINY_QUIZ.replace("id: tiny", "id: other").replace("title: Tiny quiz", "title: Other quiz")


def two_quizzes(tmp_path: Path) -> Path:
    project = fixture_project(tmp_path / "project", {"tiny": TINY_QUIZ, "other": OTHER_QUIZ})
    assert run_quizkit(project, "update").returncode == 0
    return project


def test_export_of_one_quiz_writes_only_its_files(tmp_path: Path) -> None:
    project = two_quizzes(tmp_path)
    result = run_quizkit(project, "export", "--quiz", "tiny", "-f", "json,html,mo")
    assert result.returncode == 0, result.stderr
    written = sorted(
        str(path.relative_to(project / "dist")) for path in (project / "dist").rglob("*") if path.is_file()
    )
    # No index page and no interface catalog: those list or serve every quiz. The player's stylesheet
    # and script, which the pages need, are no quiz's and come with them.
    assets = [name for name in written if name.startswith("html/assets/")]
    assert [name.rsplit("-", 1)[0] for name in assets] == ["html/assets/player", "html/assets/player"]
    assert [name for name in written if name not in assets] == [
        "html/tiny/en.html",
        "html/tiny/ur.html",
        "json/tiny/en.json",
        "json/tiny/ur.json",
        "mo/ur/LC_MESSAGES/tiny.mo",
    ]
    assert result.stdout.splitlines()[-1] == "dist: 7 files written, 0 unchanged"


def test_check_errors_in_another_quiz_do_not_block_the_one_exported(tmp_path: Path) -> None:
    project = two_quizzes(tmp_path)
    # A placeholder-free text translated with a control character: an error of quizkit check.
    translate(project / "locales/ur/LC_MESSAGES/other.po", {"other.title": "دوسرا\x07کوئز"})
    blocked = run_quizkit(project, "export", "-f", "json")
    assert blocked.returncode == 1
    assert "error[control-characters]" in blocked.stdout
    result = run_quizkit(project, "export", "--quiz", "tiny", "-f", "json")
    assert result.returncode == 0, result.stdout + result.stderr


def test_an_unknown_quiz_is_named_with_the_quizzes_there_are(tmp_path: Path) -> None:
    project = two_quizzes(tmp_path)
    result = run_quizkit(project, "export", "--quiz", "tiyn")
    assert result.returncode == 1
    assert result.stderr == "error[export]: no quiz 'tiyn' in content; the quizzes are: other, tiny\n"
    assert not (project / "dist").exists()


def test_a_draft_quiz_named_is_said_to_be_a_draft_not_missing(tmp_path: Path) -> None:
    project = two_quizzes(tmp_path)
    (project / "content" / "tiny.yaml").write_text(
        TINY_QUIZ.replace("level: beginner\n", "level: beginner\ndraft: true\n"), encoding="utf-8"
    )
    result = run_quizkit(project, "export", "--quiz", "tiny", "-f", "json")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "error[export]: quiz 'tiny' is a draft, left out of exports until its draft: true is removed; "
        "quizkit export --drafts includes it, for a preview\n"
    )
    assert not (project / "dist").exists()
    included = run_quizkit(project, "export", "--quiz", "tiny", "-f", "json", "--drafts")
    assert (included.returncode, included.stderr) == (0, "")
    assert sorted(path.name for path in (project / "dist" / "json").iterdir()) == ["tiny"]


def test_export_takes_the_formats_of_the_configuration(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    config = project / "quizkit.toml"
    config.write_text(
        config.read_text(encoding="utf-8") + 'export-formats = ["json", "mo"]\n', encoding="utf-8"
    )
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(project, "export")
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in (project / "dist").iterdir()) == ["json", "mo"]
    chosen = run_quizkit(project, "export", "-f", "html")
    assert chosen.returncode == 0, chosen.stderr
    assert sorted(path.name for path in (project / "dist").iterdir()) == ["html", "json", "mo"]


def test_format_is_repeatable_as_locale_and_quiz_are(tmp_path: Path) -> None:
    """Review: ``-f canvas -f gift`` exported gift alone, the last one given, without a word."""
    project = fixture_project(tmp_path / "project")
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(project, "export", "-f", "json", "-f", "gift,mo", "-f", "gift", "--out", "out")
    assert result.returncode == 0, result.stderr
    assert sorted(path.name for path in (project / "out").iterdir()) == ["gift", "json", "mo"]


def test_the_delivery_variant_carries_no_answer_key_in_any_format(tmp_path: Path) -> None:
    from toolkit.exporters.base import exporter_names

    project = fixture_project(tmp_path / "project")
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(project, "export", "--no-answers")
    assert result.returncode == 0, result.stderr
    assert (
        "left out of the delivery variant: canvas, cc, gift, html, mo, scorm, xliff (these formats cannot leave out the answer key "
        "and explanations)"
    ) in result.stdout.splitlines()
    assert sorted(path.name for path in (project / "dist").iterdir()) == sorted(
        set(exporter_names())
        - {
            "canvas",
            "cc",
            "gift",
            "mo",
            "scorm",
            "xliff",
            "html",
        }
    )
    secrets = ["This one comes first.", "Both come second.", "Right, this one.", "correct answer"]
    import zipfile

    for path in (project / "dist").rglob("*"):
        if not path.is_file():
            continue
        if path.suffix == ".zip":
            with zipfile.ZipFile(path) as archive:
                texts = [archive.read(name).decode("utf-8", "replace") for name in archive.namelist()]
        else:
            texts = [path.read_text(encoding="utf-8", errors="replace")]
        assert [secret for secret in secrets for text in texts if secret in text] == [], path


def test_a_format_that_would_leak_the_answer_key_is_refused_by_name(tmp_path: Path) -> None:
    project = fixture_project(tmp_path / "project")
    assert run_quizkit(project, "update").returncode == 0
    for name in ("canvas", "cc", "gift", "html", "mo", "scorm", "xliff"):
        result = run_quizkit(project, "export", "--no-answers", "-f", name)
        assert result.returncode == 1
        assert result.stderr == (
            f"error[export]: format '{name}' cannot leave out the answer key and explanations, so it has no "
            "delivery variant; --no-answers exports: i18next, json, moodle, qti\n"
        )
    assert not (project / "dist").exists()


def test_the_delivery_variant_of_a_project_init_made_leaves_out_the_configured_formats_that_leak(
    tmp_path: Path,
) -> None:
    assert run_quizkit(tmp_path, "init", "demo").returncode == 0
    project = tmp_path / "demo"
    result = run_quizkit(project, "export", "--no-answers")
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines() == [
        "left out of the delivery variant: html, mo, xliff (these formats cannot leave out the answer key "
        "and explanations)",
        "dist: 6 files written, 0 unchanged",
    ]
    assert sorted(path.name for path in (project / "dist").iterdir()) == ["i18next", "json", "moodle", "qti"]


def test_an_export_that_writes_nothing_says_why(tmp_path: Path) -> None:
    assert run_quizkit(tmp_path, "init", "demo").returncode == 0
    project = tmp_path / "demo"
    config = project / "quizkit.toml"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        "\n".join(
            'export-formats = ["mo", "xliff"]' if line.startswith("export-formats") else line
            for line in text.splitlines()
        ),
        encoding="utf-8",
    )
    leaking = run_quizkit(project, "export", "--no-answers")
    assert leaking.returncode == 1
    assert leaking.stdout == (
        "left out of the delivery variant: mo, xliff (these formats cannot leave out the answer key and "
        "explanations)\n"
    )
    assert leaking.stderr == (
        "dist: error[export]: nothing was exported; every chosen format carries the answer key, so "
        "--no-answers leaves each out; name a format that can leave it out with --format (i18next, json, "
        "moodle, qti)\n"
    )
    source_only = run_quizkit(project, "export", "-f", "mo")
    assert (source_only.returncode, source_only.stdout) == (1, "")
    assert source_only.stderr == (
        "dist: error[export]: nothing was exported; mo wrote no file for these quizzes and locales (the "
        "catalog formats write only target locales; draft quizzes need --drafts)\n"
    )
    assert not (project / "dist").exists()


DRAFT_WARNING = (
    "content/tiny.yaml:2: warning[draft-quiz-left-out]: draft quiz 'tiny' is left out of the export until "
    "its draft: true is removed; quizkit export --drafts includes it, for a preview [$.draft]"
)


def test_a_draft_quiz_left_out_is_reported_and_included_with_drafts(tmp_path: Path) -> None:
    project = two_quizzes(tmp_path)
    quiz = project / "content" / "tiny.yaml"
    quiz.write_text(
        TINY_QUIZ.replace("level: beginner\n", "level: beginner\ndraft: true\n"), encoding="utf-8"
    )
    left_out = run_quizkit(project, "export", "-f", "json")
    assert (left_out.returncode, left_out.stderr) == (0, "")
    assert left_out.stdout.splitlines() == [
        DRAFT_WARNING,
        "other [ur]: 2 questions in the source language: first, second",
        "dist: 2 files written, 0 unchanged",
    ]
    # Left out on purpose, until a person finishes it: --strict does not stop for it.
    strict = run_quizkit(project, "export", "-f", "json", "--strict")
    assert (strict.returncode, strict.stdout.splitlines()[0]) == (0, DRAFT_WARNING)
    included = run_quizkit(project, "export", "-f", "json", "--drafts")
    assert (included.returncode, included.stderr) == (0, "")
    assert DRAFT_WARNING not in included.stdout
    assert sorted(path.name for path in (project / "dist" / "json").iterdir()) == ["other", "tiny"]


def test_a_quiz_the_fallback_policy_empties_is_not_called_left_out_by_a_format(tmp_path: Path) -> None:
    """``--fallback omit`` leaves every untranslated question out: the Urdu quiz is emptied by the policy
    (and said so), not by a format that cannot write its questions, so no format warns quiz-left-out and
    each writes it as the formats that carry every kind do."""
    project = fixture_project(tmp_path / "project")
    assert run_quizkit(project, "update").returncode == 0
    result = run_quizkit(
        project, "export", "-f", "qti,json", "--fallback", "omit", "--no-checks", "--locale", "ur"
    )
    assert result.returncode == 0, result.stderr
    assert "quiz-left-out" not in result.stdout + result.stderr
    assert "questions left out" in result.stdout + result.stderr
    assert (project / "dist/json/tiny/ur.json").is_file() and (project / "dist/qti/tiny/ur.zip").is_file()


RING_QUIZ = """\
id: ring
level: beginner
title: Ring traffic
description: One numeric question.
questions:
  - id: traffic
    type: numeric
    prompt: With N = 8 and 1 GB of gradients, how many GB does each GPU send?
    answer: 1.75
    tolerance: 0.01
    explanation: Each GPU sends 1.75 GB.
"""

ANSWER_PLUGIN = """\
from toolkit.checks import Finding, Severity, check


@check("answer-in-explanation", Severity.ERROR, "A numeric question's explanation gives its answer.")
def answer_in_explanation(context):
    answer = context.numeric_answer
    if answer is not None and context.is_explanation and context.entry.msgstr:
        if str(answer.value) not in context.entry.msgstr:
            yield Finding("answer-in-explanation", f"the explanation does not give the answer {answer.value}")
"""


def test_export_and_build_gate_on_the_checks_that_read_the_answer_key_from_the_content(
    tmp_path: Path,
) -> None:
    """A check that reads the numeric answer (in the content only, not in the catalog's comments) found
    an error in quizkit check and in quizkit build, but export checked the catalogs without the content,
    so the check said nothing there and the export went ahead. Every command gives the checks the same
    content and finds the same error. The check is a real plugin, installed the way pip lays one out."""
    import os
    import sys

    site = tmp_path / "site"
    (site / "quizkit_answer_plugin").mkdir(parents=True)
    (site / "quizkit_answer_plugin" / "__init__.py").write_text(ANSWER_PLUGIN, encoding="utf-8")
    info = site / "quizkit_answer_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: quizkit-answer-plugin\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[quizkit.checks]\nanswer-in-explanation = quizkit_answer_plugin:answer_in_explanation\n",
        encoding="utf-8",
    )
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}
    project = fixture_project(tmp_path / "project", {"ring": RING_QUIZ})
    assert run_quizkit(project, "update", env=environment).returncode == 0
    translate(
        project / "locales/ur/LC_MESSAGES/ring.po",
        {"ring.questions.traffic.explanation": "ہر GPU 1.57 GB بھیجتا ہے۔"},
    )
    finding = (
        "locales/ur/LC_MESSAGES/ring.po:{line}: error[answer-in-explanation]: the explanation does not "
        "give the answer 1.75 [ring.questions.traffic.explanation]"
    )
    checked = run_quizkit(project, "check", env=environment)
    assert checked.returncode == 1
    [line] = [line for line in checked.stdout.splitlines() if "answer-in-explanation" in line]
    number = line.split(":")[1]
    assert line == finding.format(line=number)
    exported = run_quizkit(project, "export", "-f", "json", env=environment)
    assert exported.returncode == 1
    assert finding.format(line=number) in exported.stdout.splitlines()
    assert not (project / "dist").exists()
    # Under CI=true a build reports in JSON by default; the finding's line is the text report's.
    built = run_quizkit(project, "build", "--format", "text", env=environment)
    assert built.returncode == 1
    assert finding.format(line=number) in built.stdout.splitlines()
