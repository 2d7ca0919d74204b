"""Pseudo-locales: en_XA (accented, longer, bracketed) and ar_XB (right to left), made from the source."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from localization.test_grading import FLAT, every_type_quiz
from support import EVERY_TYPE_QUIZ, FIXTURE, fixture_project, run_quizkit_in_process, snapshot

from toolkit.content.validation import validate_paths
from toolkit.localization import LocalizedQuiz, grade, localize
from toolkit.localization.pseudo import PseudoLocalizer, pseudo_catalog
from toolkit.model import Content
from toolkit.text.blanks import blank_markers
from toolkit.text.tokens import scan

HERE = Path(__file__).resolve().parent / "pseudo"
TEXTS: list[dict[str, Any]] = yaml.safe_load((HERE / "texts.yaml").read_text(encoding="utf-8"))
PSEUDO = ("en_XA", "ar_XB")


@pytest.mark.parametrize("case", TEXTS, ids=[case["case"] for case in TEXTS])
@pytest.mark.parametrize("locale", PSEUDO)
def test_text(case: dict[str, Any], locale: str) -> None:
    assert PseudoLocalizer(locale, case["latin-terms"]).text(case["source"]) == case[locale]


def every_type_content() -> Content:
    return Content(quizzes=(every_type_quiz(),), interface=None)


def pseudo_localized(locale: str, content: Content | None = None) -> LocalizedQuiz:
    content = content or every_type_content()
    quiz = content.quizzes[0]
    catalog = pseudo_catalog(content, quiz.id, PseudoLocalizer(locale))
    ui = pseudo_catalog(content, "ui", PseudoLocalizer(locale)) if content.interface else None
    return localize(quiz, content.interface, locale, "en", catalog, ui)


@pytest.mark.parametrize("locale", PSEUDO)
def test_every_text_is_transformed_and_keeps_its_code_and_blank_markers(locale: str) -> None:
    quiz = every_type_quiz()
    catalog = pseudo_catalog(every_type_content(), quiz.id, PseudoLocalizer(locale))
    assert len(catalog.entries) == len(list(quiz.texts()))
    for entry in catalog.entries:
        assert entry.is_translated and entry.msgstr != entry.msgid, entry.context
        first_line = entry.msgstr.split("\n")[0]
        assert (
            scan(first_line, with_placeholders=False).code_spans
            == scan(entry.msgid, with_placeholders=False).code_spans
        )
        assert [marker.name for marker in blank_markers(first_line)] == [
            marker.name for marker in blank_markers(entry.msgid)
        ]
        if locale == "en_XA":
            assert len(first_line) >= math.ceil(len(entry.msgid) * 1.4), entry.context
            assert first_line.startswith("[") and first_line.endswith("]")


@pytest.mark.parametrize("locale", PSEUDO)
def test_no_question_falls_back(locale: str) -> None:
    quiz = pseudo_localized(locale)
    assert [question.id for question in quiz.questions if question.fell_back] == []
    assert quiz.locale.direction == ("rtl" if locale == "ar_XB" else "ltr")


ENGLISH_CASES = [case for case in FLAT if case[1] == "en"]


@pytest.mark.parametrize("locale", PSEUDO)
@pytest.mark.parametrize(("question_id", "source_locale", "response", "score"), ENGLISH_CASES)
def test_english_responses_grade_as_in_the_source(
    locale: str, question_id: str, source_locale: str, response: Any, score: Any
) -> None:
    (question,) = [question for question in pseudo_localized(locale).questions if question.id == question_id]
    result = grade(question, response, locale)
    if score is None:
        assert result is None
    else:
        assert result is not None and result.score == Fraction(str(score))


def test_accepted_answers_are_the_pseudo_form_shown_then_the_source() -> None:
    (question,) = [
        question for question in pseudo_localized("en_XA").questions if question.id == "name-collective"
    ]
    kept, translated = question.answers  # type: ignore[union-attr]
    assert kept.accepted == ("all-reduce",)  # translate: false
    assert translated.accepted == ("[ŕéðûçé ţö åļļ one two]", "reduce to all")
    assert grade(question, translated.accepted[0], "en_XA").score == 1  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("locale", "categories"),
    [("en_XA", ["one", "other"]), ("ar_XB", ["zero", "one", "two", "few", "many", "other"])],
)
def test_plural_messages_have_every_category_of_the_base_locale(locale: str, categories: list[str]) -> None:
    validated = validate_paths([FIXTURE / "content" / "ui.yaml", EVERY_TYPE_QUIZ])
    assert validated.error_count == 0, validated.diagnostics
    content = validated.content()
    interface = content.interface
    assert interface is not None
    quiz = pseudo_localized(locale, content)
    plural = [message for message in quiz.messages if message.forms]
    assert plural
    for message in plural:
        assert [category for category, _ in message.forms] == categories
        assert not message.fell_back
        source = next(item for item in interface.messages if item.name == message.name)
        by_category = dict(message.forms)
        assert by_category["one"] == PseudoLocalizer(locale).text(source.one or "")
        assert by_category["other"] == PseudoLocalizer(locale).text(source.other or "")


def pseudo_project(tmp_path: Path, config_extra: str = "") -> Path:
    project = fixture_project(tmp_path, {"every-type": EVERY_TYPE_QUIZ.read_text(encoding="utf-8")})
    config = project / "quizkit.toml"
    config.write_text(config.read_text(encoding="utf-8") + config_extra, encoding="utf-8")
    assert run_quizkit_in_process(project, "update").returncode == 0
    return project


def test_export_pseudo_writes_every_format_and_no_catalog(tmp_path: Path) -> None:
    project = pseudo_project(tmp_path)
    before = snapshot(project / "locales")
    result = run_quizkit_in_process(project, "export", "--pseudo")
    assert result.returncode == 0, result.stdout + result.stderr
    assert snapshot(project / "locales") == before
    dist = project / "dist"
    for path in (
        "json/every-type/en-XA.json",
        "json/every-type/ar-XB.json",
        "html/every-type/en-XA.html",
        "html/every-type/ar-XB.html",
        "mo/ar_XB/LC_MESSAGES/every-type.mo",
        "mo/en_XA/LC_MESSAGES/ui.mo",
        "i18next/ar-XB/every-type.json",
    ):
        assert (dist / path).is_file(), path
    assert "[en_XA]" not in result.stdout and "[ar_XB]" not in result.stdout  # nothing fell back
    page = (dist / "html/every-type/ar-XB.html").read_text(encoding="utf-8")
    assert '<html lang="ar-XB" dir="rtl"' in page


def test_pseudo_locales_are_not_in_statistics(tmp_path: Path) -> None:
    project = pseudo_project(tmp_path, 'pseudo-locales = ["en_XA", "ar_XB"]\n')
    result = run_quizkit_in_process(project, "status")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "XA" not in result.stdout and "XB" not in result.stdout


def test_configured_pseudo_locales_export_without_the_flag(tmp_path: Path) -> None:
    project = pseudo_project(tmp_path, 'pseudo-locales = ["ar_XB"]\n')
    result = run_quizkit_in_process(project, "export", "-f", "json", "--locale", "ar_XB")
    assert result.returncode == 0, result.stdout + result.stderr
    assert sorted(path.name for path in (project / "dist/json/every-type").iterdir()) == [
        "ar-XB.json",
        "en.json",
    ]


def test_a_pseudo_locale_is_not_a_locale_without_the_setting(tmp_path: Path) -> None:
    project = pseudo_project(tmp_path)
    result = run_quizkit_in_process(project, "export", "-f", "json", "--locale", "ar_XB")
    assert result.returncode == 2
    assert "ar_XB is not a locale of this project (configured: ur, en)" in result.stderr


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ('["en-XA"]', "quizkit.toml:3: error[config]: 'en-XA' is not a pseudo-locale; write it 'en_XA'"),
        (
            '["fr_XA"]',
            """quizkit.toml:3: error[config]: 'fr_XA' is not a pseudo-locale; the pseudo-locales are "en_XA", "ar_XB\"""",
        ),
        ('["ar_XB", "ar_XB"]', "quizkit.toml:3: error[config]: pseudo-locales lists a locale twice"),
        (
            '"ar_XB"',
            """quizkit.toml:3: error[config]: pseudo-locales must be a list such as ["en_XA", "ar_XB"]""",
        ),
    ],
)
def test_bad_pseudo_locales_setting(tmp_path: Path, value: str, message: str) -> None:
    project = pseudo_project(tmp_path)
    (project / "quizkit.toml").write_text(
        f'source-locale = "en"\ntarget-locales = ["ur"]\npseudo-locales = {value}\n', encoding="utf-8"
    )
    result = run_quizkit_in_process(project, "export")
    assert result.returncode == 1
    assert result.stderr.strip() == message


def test_build_pseudo_then_without_removes_the_pseudo_outputs(tmp_path: Path) -> None:
    project = pseudo_project(tmp_path)
    result = run_quizkit_in_process(project, "build", "--pseudo", "--format", "text")
    assert result.returncode == 0, result.stdout + result.stderr
    assert (project / "dist/html/every-type/ar-XB.html").is_file()
    result = run_quizkit_in_process(project, "build", "--format", "text")
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (project / "dist/html/every-type/ar-XB.html").exists()
    assert (project / "dist/html/every-type/ur.html").is_file()


def test_the_release_gate_does_not_hold_back_pseudo_locales(tmp_path: Path) -> None:
    # Nobody reviews a pseudo-locale (quizkit makes it from the source): under require = "approved" it
    # must still be exported transformed, not fall back to the source.
    project = pseudo_project(tmp_path, 'require = "approved"\npseudo-locales = ["en_XA", "ar_XB"]\n')
    result = run_quizkit_in_process(project, "export", "-f", "json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "[en_XA]" not in result.stdout and "[ar_XB]" not in result.stdout  # nothing fell back
    assert "[ur]" in result.stdout  # the unapproved Urdu catalog did fall back: the gate is on
