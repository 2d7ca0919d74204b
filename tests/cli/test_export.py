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
    # No index page and no interface catalog: those list or serve every quiz.
    assert written == [
        "html/tiny/en.html",
        "html/tiny/ur.html",
        "json/tiny/en.json",
        "json/tiny/ur.json",
        "mo/ur/LC_MESSAGES/tiny.mo",
    ]
    assert result.stdout.splitlines()[-1] == "dist: 5 files written, 0 unchanged"


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
