"""``quizkit add-locale``: the configuration gains the locale with its comments kept, its catalogs come
from the templates with CLDR's Plural-Forms, the report says what to translate, and a refused locale
writes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support import copy_project, fixture_interface_messages, run_quizkit, run_quizkit_in_process, snapshot

from toolkit.catalogs import read_po
from toolkit.text.locale_info import plural_index_categories

ARABIC_PLURAL_FORMS = (
    "nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : "
    "n % 100 >= 11 && n % 100 <= 99 ? 4 : 5);"
)


def test_add_locale_then_build_exports_six_arabic_plural_categories(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    config_before = (project / "pyproject.toml").read_text(encoding="utf-8")
    result = run_quizkit(project, "add-locale", "ar")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "added ar (Arabic, right-to-left, digits latn; locale pack: arabic) to pyproject.toml"
    assert lines[1] == f"Plural-Forms: {ARABIC_PLURAL_FORMS}  (6 forms: zero, one, two, few, many, other)"
    assert (
        f"locales/ar/LC_MESSAGES/ui.po: {fixture_interface_messages()} entries to translate" in result.stdout
    )
    assert lines[-1].startswith("next: translate ") and lines[-1].endswith("then quizkit build")
    # Only the list changed: every other line (comments included) is as the author wrote it.
    config_after = (project / "pyproject.toml").read_text(encoding="utf-8")
    assert config_after == config_before.replace('target-locales = ["ur"]', 'target-locales = ["ur", "ar"]')
    for catalog in (project / "locales" / "ar" / "LC_MESSAGES").glob("*.po"):
        header = read_po(catalog.read_bytes(), catalog.name).header
        assert header.plural_forms == ARABIC_PLURAL_FORMS
        assert plural_index_categories("ar", ARABIC_PLURAL_FORMS) == (
            "zero",
            "one",
            "two",
            "few",
            "many",
            "other",
        )

    built = run_quizkit(project, "build")
    assert built.returncode == 0, built.stderr
    resources = json.loads((project / "dist" / "i18next" / "ar" / "ui.json").read_text(encoding="utf-8"))
    plural_keys = {
        key.rsplit("_", 1)[1]
        for key in resources
        if key.rsplit("_", 1)[-1] in {"zero", "one", "two", "few", "many", "other"}
    }
    assert plural_keys == {"zero", "one", "two", "few", "many", "other"}


def test_a_locale_in_another_spelling_is_added_in_the_configuration_spelling(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    result = run_quizkit(project, "add-locale", "ar-eg")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(
        "added ar_EG (Arabic (Egypt), right-to-left, digits arab; locale pack: arabic)"
    )
    assert 'target-locales = ["ur", "ar_EG"]' in (project / "pyproject.toml").read_text(encoding="utf-8")
    assert (project / "locales" / "ar_EG" / "LC_MESSAGES" / "ui.po").is_file()


def test_a_locale_without_a_pack_is_added_with_cldr_rules(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    result = run_quizkit(project, "add-locale", "pl")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "added pl (Polish, left-to-right, digits latn; no locale pack (CLDR's rules only)) to pyproject.toml"
    )
    assert "(4 forms: one, few, many, other)" in result.stdout.splitlines()[1]


@pytest.mark.parametrize(
    ("locale", "message"),
    [
        (
            "ur",
            "pyproject.toml: error[add-locale]: ur is already a target locale; quizkit update brings its catalogs up to date",
        ),
        ("en", "pyproject.toml: error[add-locale]: 'en' is the source locale; it has no catalog"),
        (
            "xx",
            "pyproject.toml: error[add-locale]: 'xx' is not a locale CLDR knows; write it like 'ur' or 'ur_PK'",
        ),
        (
            "arabic",
            "pyproject.toml: error[add-locale]: 'arabic' is not a locale; write it like 'ur' or 'ur_PK'",
        ),
        (
            "und",
            "pyproject.toml: error[add-locale]: 'und' names no language ('und' is BCP 47's code for an "
            "undetermined language); name the language, such as 'ur' or 'ur_PK'",
        ),
        (
            "mul",
            "pyproject.toml: error[add-locale]: 'mul' names no language ('mul' is BCP 47's code for several "
            "languages); name the language, such as 'ur' or 'ur_PK'",
        ),
        ("iw", "pyproject.toml: error[add-locale]: 'iw' is an old code for Hebrew; write it 'he'"),
    ],
)
def test_a_refused_locale_writes_nothing(tmp_path: Path, locale: str, message: str) -> None:
    project = copy_project(tmp_path / "project")
    before = snapshot(project)
    result = run_quizkit(project, "add-locale", locale)
    assert (result.returncode, result.stderr.strip()) == (1, message)
    assert snapshot(project) == before


def test_a_project_with_quizkit_toml_keeps_its_comments(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    (project / "pyproject.toml").unlink()
    (project / "quizkit.toml").write_text(
        '# our locales\nsource-locale = "en"\ntarget-locales = [\n    "ur",  # Pakistan\n]\n',
        encoding="utf-8",
    )
    result = run_quizkit(project, "add-locale", "fa")
    assert result.returncode == 0, result.stderr
    text = (project / "quizkit.toml").read_text(encoding="utf-8")
    assert text.startswith("# our locales\n") and '"ur",  # Pakistan' in text and '"fa"' in text
    import tomllib

    assert tomllib.loads(text)["target-locales"] == ["ur", "fa"]


def test_a_project_configured_with_dotted_keys_gains_the_locale_in_place(tmp_path: Path) -> None:
    import tomllib

    project = copy_project(tmp_path / "project")
    text = 'tool.quizkit.source-locale = "en"\ntool.quizkit.target-locales = ["ur"]  # ours\n\n[project]\nname = "q"\n'
    (project / "pyproject.toml").write_text(text, encoding="utf-8")
    result = run_quizkit(project, "add-locale", "zh-Hant")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == (
        "added zh_Hant (Chinese (Traditional), left-to-right, digits latn; no locale pack (CLDR's rules "
        "only)) to pyproject.toml"
    )
    after = (project / "pyproject.toml").read_text(encoding="utf-8")
    assert after == text.replace('["ur"]', '["ur", "zh_Hant"]')
    assert tomllib.loads(after)["tool"]["quizkit"]["target-locales"] == ["ur", "zh_Hant"]


@pytest.mark.parametrize(
    "command",
    [
        ["status", "--locale", "ar-EG"],
        ["compile", "--locale", "ar-eg"],
        ["check", "--locale", "AR-EG"],
        ["export", "-f", "json", "--locale", "ar-EG"],
        ["update", "--locale", "ar-EG"],
        ["review", "--pending", "--locale", "ar-EG"],
    ],
    ids=lambda command: command[0],
)
def test_every_locale_option_takes_the_spelling_init_and_add_locale_take(
    tmp_path: Path, command: list[str]
) -> None:
    """One locale rule (issue 35): `init --locale ar-EG` makes the project's ar_EG, so every command's
    --locale names it in that spelling too, and works on ar_EG's files."""
    init = run_quizkit_in_process(tmp_path, "init", "demo", "--locale", "ar-EG")
    assert init.returncode == 0, init.stderr
    result = run_quizkit_in_process(tmp_path / "demo", *command)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "not a" not in result.stderr
    if command[0] == "export":
        assert (tmp_path / "demo/dist/json/first-quiz/ar-EG.json").is_file()


def test_a_locale_option_naming_no_locale_of_the_project_is_still_refused(tmp_path: Path) -> None:
    assert run_quizkit_in_process(tmp_path, "init", "demo", "--locale", "ar-EG").returncode == 0
    result = run_quizkit_in_process(tmp_path / "demo", "status", "--locale", "ar-SA")
    assert result.returncode == 2
    assert result.stderr.endswith(
        "Error: Invalid value for '--locale' / '-l': ar-SA is not a target locale of this project "
        "(configured: ar_EG)\n"
    )
