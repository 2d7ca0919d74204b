from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.config import ConfigError, load_config

ROOT = Path(__file__).resolve().parents[1]


def test_project_configuration() -> None:
    config = load_config(ROOT / "content")
    assert config.root == ROOT
    assert config.source_locale == "en"
    assert config.target_locales == ("ur",)
    assert config.content_path == ROOT / "content"
    assert config.locales_path == ROOT / "locales"


def test_quizkit_toml_takes_precedence(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text('target-locales = ["ur", "ur_IN"]\ncontent-dir = "quizzes"\n')
    config = load_config(tmp_path)
    assert config.target_locales == ("ur", "ur_IN")
    assert config.content_path == tmp_path / "quizzes"


def test_defaults_without_configuration(tmp_path: Path) -> None:
    config = load_config(tmp_path)
    assert (config.source_locale, config.target_locales, config.config_file) == ("en", (), None)


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('target-locales = "ur"\n', 1, 'target-locales must be a list of locales such as ["ur"]'),
        ('target-locales = ["Urdu"]\n', 1, "'Urdu' is not a locale; write it like 'ur' or 'ur_PK'"),
        (
            'target-locales = ["ar-EG"]\n',
            1,
            "'ar-EG' is not a locale as the configuration spells it; write it 'ar_EG'",
        ),
        (
            'source-locale = "und"\n',
            1,
            "'und' names no language ('und' is BCP 47's code for an undetermined language); name the "
            "language, such as 'ur' or 'ur_PK'",
        ),
        (
            'source-locale = "en"\ntarget-locales = ["en"]\n',
            2,
            "'en' is the source locale; it has no catalog",
        ),
        ('locales-dir = "../elsewhere"\n', 1, None),
        ('target-locale = ["ur"]\n', 1, None),
        ("target-locales = [\n", 1, "invalid TOML: Invalid value (at end of document)"),
    ],
)
def test_bad_configuration(tmp_path: Path, text: str, line: int, message: str | None) -> None:
    (tmp_path / "quizkit.toml").write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert caught.value.line == line
    assert caught.value.file == str(tmp_path / "quizkit.toml")
    if message is not None:
        assert caught.value.message == message


def test_export_formats(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text('export-formats = ["json", "html"]\n')
    assert load_config(tmp_path).export_formats == ("json", "html")
    (tmp_path / "quizkit.toml").write_text('export-formats = "json"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert caught.value.message == 'export-formats must be a list of format names such as ["json", "html"]'


def test_locales_must_be_known_to_cldr(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text('target-locales = ["xx"]\n')
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert caught.value.message == "'xx' is not a locale CLDR knows; write it like 'ur' or 'ur_PK'"


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("", "80"),
        ("scorm-mastery-score = 62.5\n", "62.5"),
        ("scorm-mastery-score = 100\n", "100"),
        # Exactly two decimals, which binary floating point would call no multiple of 0.01.
        ("scorm-mastery-score = 0.07\n", "0.07"),
        ("[formats.scorm]\nmastery-score = 62.57\n", "62.57"),
    ],
)
def test_scorm_mastery_score(tmp_path: Path, written: str, read: str) -> None:
    from toolkit.exporters.format_options import format_options
    from toolkit.exporters.player.scorm import ScormExporter

    (tmp_path / "quizkit.toml").write_text(written)
    config = load_config(tmp_path)
    assert str(format_options(config, "scorm", ScormExporter)["mastery-score"]) == read


def test_the_mastery_score_is_no_core_setting(tmp_path: Path) -> None:
    from dataclasses import fields

    from toolkit.exporters.base import ExportRequest

    (tmp_path / "quizkit.toml").write_text("scorm-mastery-score = 70\n")
    config = load_config(tmp_path)
    assert config.format_settings == {"scorm": {"mastery-score": 70}}
    assert [field.name for field in fields(config) if "mastery" in field.name] == []
    assert [field.name for field in fields(ExportRequest) if "mastery" in field.name] == []


def test_a_deprecated_setting_is_a_warning_of_the_configuration(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text('source-locale = "en"\nscorm-mastery-score = 62.5\n')
    (warning,) = load_config(tmp_path).warnings
    assert warning.to_text() == (
        f"{tmp_path / 'quizkit.toml'}:2: warning[config]: scorm-mastery-score is deprecated; write "
        "mastery-score = 62.5 under [formats.scorm] instead"
    )
    (tmp_path / "quizkit.toml").write_text('source-locale = "en"\n')
    assert load_config(tmp_path).warnings == ()


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        # TOML tells an integer from a float: the schema's "integer" is an integer, as the checks were.
        (
            "memory-similarity = 75.0\n",
            1,
            "memory-similarity must be a whole percentage from 1 to 100, such as 75, found 75.0",
        ),
        (
            "memory-similarity = true\n",
            1,
            "memory-similarity must be a whole percentage from 1 to 100, such as 75, found True",
        ),
        (
            "scorm-mastery-score = 62.555\n",
            1,
            "scorm-mastery-score must be a percentage from 0 to 100 (such as 80 or 62.5), found 62.555",
        ),
        (
            'require = "aproved"\n',
            1,
            'require must be "approved" (publish only approved translations) or "translated" (the default), found \'aproved\'',
        ),
        ("numbering-systems = 3\n", 1, 'numbering-systems must be a table such as { ar = "arab" }'),
        ('pseudo-locales = "en_XA"\n', 1, 'pseudo-locales must be a list such as ["en_XA", "ar_XB"]'),
        ('pseudo-locales = ["en_XA", "en_XA"]\n', 1, "pseudo-locales lists a locale twice"),
        (
            'pseudo-locales = ["xx", "xx"]\n',
            1,
            '\'xx\' is not a pseudo-locale; the pseudo-locales are "en_XA", "ar_XB"',
        ),
        ('target-locales = ["ur", "ur"]\n', 1, "target-locales lists a locale twice"),
        # The items' own problems come before a repeat, as they always did.
        (
            'target-locales = ["xx", "xx"]\n',
            1,
            "'xx' is not a locale CLDR knows; write it like 'ur' or 'ur_PK'",
        ),
        ('content-dir = " "\n', 1, "content-dir must be a folder name"),
        ("output-dir = 3\n", 1, "output-dir must be a folder name"),
        (
            'export-formats = ["json", ""]\n',
            1,
            'export-formats must be a list of format names such as ["json", "html"]',
        ),
        (
            'formats = "scorm"\n',
            1,
            "formats must be a table of tables, one per format, such as [formats.scorm]",
        ),
        (
            "[formats]\nscorm = 80\n",
            2,
            "formats.scorm must be a table of the format's settings, such as [formats.scorm], found 80",
        ),
        (
            'source-locale = "en"\nsource-locale-x = 1\n',
            2,
            "unknown setting 'source-locale-x'; did you mean 'source-locale'?",
        ),
    ],
)
def test_each_refusal_of_the_schema_has_its_message(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    (tmp_path / "quizkit.toml").write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert (caught.value.line, caught.value.message) == (line, message)


@pytest.mark.parametrize(
    "text",
    [
        '[tool.quizkit]\ntarget-locales = ["ur"]\nrequire = "approved"\n',
        'tool.quizkit.target-locales = ["ur"]\ntool.quizkit.require = "approved"\n',
        '[tool]\nquizkit = { target-locales = ["ur"], require = "approved" }\n',
        'tool = { quizkit = { target-locales = ["ur"], require = "approved" } }\n',
    ],
    ids=["table", "dotted-keys", "inline-table", "inline-tool"],
)
def test_pyproject_configuration_is_read_from_the_parsed_toml(tmp_path: Path, text: str) -> None:
    project = tmp_path / "project"
    (project / "content").mkdir(parents=True)
    # Top-level keys (dotted, inline) come before the first table header.
    (project / "pyproject.toml").write_text(text + '\n[project]\nname = "quizzes"\n')
    config = load_config(project / "content")
    assert (config.root, config.config_file) == (project, project / "pyproject.toml")
    assert (config.target_locales, config.require) == (("ur",), "approved")


@pytest.mark.parametrize(
    "text",
    [
        '[project]\nname = "quizzes"\n# [tool.quizkit] comes later\n',
        '[project]\nname = "quizzes"\ndescription = "[tool.quizkit]"\n',
        '[tool.other]\nnote = """\n[tool.quizkit]\n"""\n',
    ],
    ids=["comment", "string", "multiline-string"],
)
def test_the_words_tool_quizkit_outside_the_toml_make_no_project(tmp_path: Path, text: str) -> None:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text(text)
    assert load_config(project).config_file is None


def test_tool_quizkit_that_is_not_a_table_is_refused_located(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "quizzes"\n\n[tool]\nquizkit = "en"\n')
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert (caught.value.file, caught.value.line) == (str(tmp_path / "pyproject.toml"), 5)
    assert caught.value.message == "tool.quizkit must be a table of settings ([tool.quizkit]), found 'en'"


def test_a_bad_setting_given_as_a_dotted_key_is_located(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        'tool.quizkit.source-locale = "en"\ntool.quizkit.target-locales = ["en"]\n\n[project]\nname = "q"\n'
    )
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    assert (caught.value.line, caught.value.message) == (2, "'en' is the source locale; it has no catalog")


def test_another_projects_broken_pyproject_above_is_not_taken_for_a_project(tmp_path: Path) -> None:
    # Some other tool's project, with a pyproject.toml that does not parse (an unquoted value).
    (tmp_path / "pyproject.toml").write_text("[project]\nname = quizzes\n[tool.black]\nline-length = 100\n")
    below = tmp_path / "notes"
    below.mkdir()
    assert load_config(below).config_file is None


def test_a_broken_pyproject_above_does_not_hide_the_quizkit_project_further_up(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.quizkit]\ntarget-locales = ["ur"]\n')
    other = tmp_path / "vendored"
    other.mkdir()
    (other / "pyproject.toml").write_text("[project\nname = 'other'\n")
    config = load_config(other)
    assert (config.root, config.target_locales) == (tmp_path, ("ur",))


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            '[tool.quizkit]\ntarget-locales = ["ur"]\noutput-dir = dist\n',
            3,
            "invalid TOML: Invalid value (at line 3, column 14)",
        ),
        (
            '[project]\nname = "q"\n\n[tool.quizkit.extra\n',
            4,
            "invalid TOML: Expected ']' at the end of a table declaration (at line 4, column 20)",
        ),
        (
            'tool.quizkit.target-locales = ["ur"\n[project]\n',
            2,
            "invalid TOML: Unclosed array (at line 2, column 1)",
        ),
        (
            "[project]\nname = quizzes\n\n[tool]\nquizkit = { target-locales = [] }\n",
            2,
            "invalid TOML: Invalid value (at line 2, column 8)",
        ),
        (
            "tool = { quizkit = { require = approved } }\n",
            1,
            "invalid TOML: Invalid value (at line 1, column 32)",
        ),
        (
            '"tool"."quizkit".require = approved  # the release gate\n',
            1,
            "invalid TOML: Invalid value (at line 1, column 28)",
        ),
    ],
    ids=["table", "sub-table", "dotted-keys", "key-of-the-tool-table", "inline-table", "quoted-keys"],
)
def test_a_broken_pyproject_that_names_tool_quizkit_is_reported_located(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    below = tmp_path / "content"
    below.mkdir()
    with pytest.raises(ConfigError) as caught:
        load_config(below)
    assert (caught.value.file, caught.value.line) == (str(tmp_path / "pyproject.toml"), line)
    assert caught.value.message == message


@pytest.mark.parametrize(
    "text",
    [
        "[project]\nname = quizzes\n# [tool.quizkit] comes later\n",
        "[project]\nname = quizzes  # tool.quizkit.require = 'approved', one day\n",
        '[project]\nname = "quiz#zes"  # [tool.quizkit]\nversion = 0.1.0\n',
        "[tool.quizkitten]\nname = quizzes\n",
        "[project]\nname = mytool.quizkit\n",
        "[tool.black]\nquizkit = yes\n",
    ],
    ids=[
        "comment-line",
        "comment-after-a-value",
        "hash-in-a-string",
        "longer-name",
        "other-word",
        "other-table",
    ],
)
def test_a_broken_pyproject_that_names_tool_quizkit_only_in_a_comment_is_another_projects(
    tmp_path: Path, text: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text)
    assert load_config(tmp_path).config_file is None
