"""Terminal output shared by the commands: diagnostics, configuration errors, exit codes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

if TYPE_CHECKING:
    from toolkit.config import ProjectConfig
    from toolkit.diagnostics import Diagnostic

EXIT_OK = 0
EXIT_PROBLEMS = 1

FORMAT_OPTION = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for machines (the same fields).",
)


def project_config() -> ProjectConfig:
    """The configuration for the working folder; a broken configuration ends the command."""
    from toolkit.config import ConfigError, load_config

    try:
        return load_config(Path.cwd())
    except ConfigError as error:
        location = error.file if error.line is None else f"{error.file}:{error.line}"
        fail(f"{location}: error[config]: {error.message}")


def fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    raise SystemExit(EXIT_PROBLEMS)


def print_diagnostics(diagnostics: Sequence[Diagnostic]) -> None:
    from toolkit.diagnostics import render_text

    if diagnostics:
        click.echo(render_text(diagnostics), nl=False)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    return f"{count} {singular if count == 1 else (plural_form or singular + 's')}"
