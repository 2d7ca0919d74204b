"""The configuration's JSON Schema: a schema editors can use, describing what quizkit checks, and the
check itself (the compiled validator first; jsonschema, with TOML's rules, for what it refuses)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_schema_is_a_json_schema_that_refuses_unknown_settings() -> None:
    from jsonschema import Draft202012Validator

    from toolkit.schemas import config_schema

    schema = config_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["additionalProperties"] is False


def test_the_schema_describes_each_built_in_formats_settings_as_the_format_declares_them() -> None:
    from toolkit.exporters.base import declared_options, registered_exporters
    from toolkit.schemas import config_schema

    described = config_schema()["properties"]["formats"]["properties"]
    declared = {
        name: {
            setting: {word: value for word, value in schema.items() if not word.startswith("x-")}
            for setting, schema in declared_options(exporter).items()
        }
        for name, exporter in registered_exporters().items()
        if declared_options(exporter)
    }
    assert {name: table["properties"] for name, table in described.items()} == declared


def test_the_shipped_configuration_passes_the_schema() -> None:
    import tomllib

    from toolkit.schemas import config_schema, settings_refusals

    table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["quizkit"]
    assert settings_refusals(config_schema(), table) == []


def test_a_valid_configuration_is_read_without_importing_jsonschema(tmp_path: Path) -> None:
    """Most commands never need jsonschema (the quizzes pass the compiled validator too): reading a valid
    configuration must not import it, nor one with a float, which only jsonschema reads as TOML means."""
    import subprocess
    import sys

    (tmp_path / "quizkit.toml").write_text(
        'target-locales = ["ur"]\nexport-formats = ["scorm"]\n[formats.scorm]\nmastery-score = 80\n'
    )
    script = (
        "import sys; from pathlib import Path; from toolkit.config import load_config; "
        "from toolkit.exporters.format_options import configured_options; "
        f"config = load_config(Path({str(tmp_path)!r})); configured_options(config); "
        "print('jsonschema' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout == "False\n"


def test_a_stock_validator_reads_quizkit_toml_with_the_schema(tmp_path: Path) -> None:
    """What an editor or CI does with the schema: check-jsonschema reads TOML, and passes a configuration
    quizkit takes and refuses one with a value quizkit refuses too."""
    import json
    import subprocess

    from content.test_schemas import check_jsonschema

    good = tmp_path / "good" / "quizkit.toml"
    good.parent.mkdir()
    good.write_text(
        "#:schema ../schema/config.schema.json\n"
        'target-locales = ["ur"]\nexport-formats = ["json", "scorm"]\nrequire = "approved"\n'
        "[formats.scorm]\nmastery-score = 62.5\n",
        encoding="utf-8",
    )
    bad = tmp_path / "bad" / "quizkit.toml"
    bad.parent.mkdir()
    bad.write_text('target-locales = ["ur"]\nmemory-similarity = 0\n', encoding="utf-8")
    result = subprocess.run(
        [
            check_jsonschema(),
            "-o",
            "json",
            "--schemafile",
            str(ROOT / "schema" / "config.schema.json"),
            str(good),
            str(bad),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    errors = json.loads(result.stdout)["errors"]
    assert [(error["filename"], error["path"]) for error in errors] == [(str(bad), "$['memory-similarity']")]


def test_a_setting_pattern_the_compiled_validator_cannot_build_is_checked_by_jsonschema() -> None:
    # Rust's regex engine refuses Python's \Z; building the compiled validator raised, and a plugin's
    # format setting with such a pattern ended export and build in a traceback.
    from toolkit.schemas import settings_refusals

    schema = {"type": "object", "properties": {"suffix": {"type": "string", "pattern": "^[a-z]+\\Z"}}}
    assert settings_refusals(schema, {"suffix": "abc"}) == []
    assert [error.message for error in settings_refusals(schema, {"suffix": "ABC"})] == [
        "'ABC' does not match '^[a-z]+\\\\Z'"
    ]
