"""Question kinds a format cannot carry: left out of that format with a warning, an error under --strict;
catalog formats (mo, xliff) carry every kind. GIFT has no form for fill_in_blanks (its missing-word
question holds one blank), so it is the format these tests use."""

from __future__ import annotations

from pathlib import Path

from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process, snapshot

UNSUPPORTED = [("fill-replica", "fill_in_blanks", 58)]


def project(tmp_path: Path) -> Path:
    root = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    assert run_quizkit_in_process(root, "update").returncode == 0
    return root


def warnings(format_name: str) -> list[str]:
    return [
        f"content/every-type.yaml:{line}: warning[unsupported-question]: format {format_name} cannot carry "
        f"{kind} questions: question '{question}' of quiz 'every-type' is left out of {format_name} "
        f"[every-type.questions.{question}]"
        for question, kind, line in UNSUPPORTED
    ]


def test_a_format_that_cannot_carry_a_kind_leaves_its_questions_out_with_a_warning(tmp_path: Path) -> None:
    root = project(tmp_path)
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[: len(UNSUPPORTED)] == warnings("gift")
    exported = (root / "dist" / "gift" / "every-type" / "en.txt").read_text(encoding="utf-8")
    assert "every-type.questions.gpu-holds" in exported
    assert "every-type.questions.step-order" in exported  # Moodle 4.4+ reads ordering from GIFT
    assert "every-type.questions.fill-replica" not in exported


def test_strict_turns_the_warnings_into_errors_and_writes_nothing(tmp_path: Path) -> None:
    root = project(tmp_path)
    before = snapshot(root)
    result = run_quizkit_in_process(root, "export", "--format", "gift", "--no-checks", "--strict")
    assert result.returncode == 1
    assert result.stdout.splitlines() == warnings("gift")
    assert result.stderr.strip() == "export stopped (--strict): 1 warning; nothing was written"
    assert snapshot(root) == before


def test_catalog_formats_carry_every_kind(tmp_path: Path) -> None:
    root = project(tmp_path)
    result = run_quizkit_in_process(root, "export", "--format", "xliff,mo", "--no-checks", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "unsupported-question" not in result.stdout
    xliff = (root / "dist" / "xliff" / "ur" / "every-type.xlf").read_text(encoding="utf-8")
    assert 'id="every-type.questions.fill-replica.blanks.copy.answers.replica"' in xliff


def test_build_lists_the_warnings_and_fails_under_strict(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur"]\nexport-formats = ["gift"]\n', encoding="utf-8"
    )
    result = run_quizkit_in_process(root, "build", "--format", "text")
    assert result.returncode == 0, result.stderr
    assert "  unsupported-question: 1" in result.stdout.splitlines()
    strict = run_quizkit_in_process(root, "build", "--format", "text", "--strict")
    assert strict.returncode == 1
    assert strict.stderr.strip().splitlines()[-1].startswith("build failed (--strict): ")
