"""Each format's own settings: the ``[formats.<name>]`` tables of the configuration, checked against what
the format declares (:attr:`~toolkit.exporters.base.BaseExporter.options`), defaults filled in."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping

from toolkit.config import ConfigError, ProjectConfig
from toolkit.exporters.base import Exporter, declared_options, exporter_names, load_exporter
from toolkit.schemas import setting_message, settings_refusals


def configured_options(config: ProjectConfig) -> dict[str, Mapping[str, object]]:
    """The settings of every format the configuration has a table for, by format name: each checked
    against what its format declares, with the defaults of the settings it leaves out. Raises
    :class:`~toolkit.config.ConfigError`, located, for a table of a format that is not registered and
    for a setting the format does not declare or whose value it refuses."""
    return {
        name: format_options(config, name, _registered(config, name))
        for name, table in sorted(config.format_settings.items())
    }


def default_options(exporter: type[Exporter]) -> dict[str, object]:
    """A format's settings where the configuration sets none: each declared setting's default."""
    return {
        name: schema["default"] for name, schema in declared_options(exporter).items() if "default" in schema
    }


def format_options(config: ProjectConfig, name: str, exporter: type[Exporter]) -> dict[str, object]:
    """The settings of format ``name`` (implemented by ``exporter``) as the configuration sets them,
    checked, with the defaults of the rest."""
    table = dict(config.format_settings.get(name, {}))
    declared = declared_options(exporter)
    for setting in table:
        if setting not in declared:
            raise _error(config, name, setting, _unknown_setting(name, setting, list(declared)))
    refusals = settings_refusals({"type": "object", "properties": dict(declared)}, table)
    errors = sorted(refusals, key=lambda error: list(declared).index(error.path[0]))
    for error in errors:
        setting = str(error.path[0])
        dotted = f"formats.{name}.{setting}"
        schema = declared[setting]
        if "x-message" in schema:
            message = setting_message(schema, dotted, table[setting], str(error.validator))
        else:
            message = f"{dotted} is {table[setting]!r}: {error.message}"
        raise _error(config, name, setting, message)
    return {**default_options(exporter), **table}


def _registered(config: ProjectConfig, name: str) -> type[Exporter]:
    known = exporter_names()
    if name not in known:
        raise _error(
            config,
            name,
            None,
            f"formats.{name} sets the settings of '{name}', which is no registered format; the formats "
            f"are: {', '.join(known)}",
        )
    return load_exporter(name)


def _unknown_setting(name: str, setting: str, declared: list[str]) -> str:
    message = f"unknown setting '{setting}' in formats.{name}"
    close = difflib.get_close_matches(setting, declared, n=1)
    if close:
        return f"{message}; did you mean '{close[0]}'?"
    if declared:
        return f"{message}; the format's settings are: {', '.join(declared)}"
    return f"{message}; the format has no settings of its own"


def _error(config: ProjectConfig, name: str, setting: str | None, message: str) -> ConfigError:
    assert config.config_file is not None, "format settings come from a configuration file"
    return ConfigError(str(config.config_file), _line(config, name, setting), message)


def _line(config: ProjectConfig, name: str, setting: str | None) -> int | None:
    """The line of a format's table (``[formats.scorm]``, ``formats.scorm.x = ...``, ``scorm = {...}``),
    or of ``setting`` in it: the first line that sets it after the table's."""
    assert config.config_file is not None
    try:
        lines = config.config_file.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    table = re.compile(rf"(?:formats\s*\.\s*{re.escape(name)}(?![\w-])|^\s*{re.escape(name)}\s*=\s*\{{)")
    key = re.compile(rf"(?:^\s*|[.{{,]\s*){re.escape(setting)}\s*=") if setting is not None else None
    start: int | None = None
    for number, line in enumerate(lines, start=1):
        if start is None and table.search(line):
            start = number
        if start is not None and (key is None or key.search(line)):
            return number
    return start
