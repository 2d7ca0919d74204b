"""``quizkit memory search|export|import``: the project translation memory and TMX files."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import (
    changing_project,
    checked_locales,
    plural,
    project_config,
    relative,
)

LOCALE_OPTION = click.option(
    "--locale", "-l", "locales", multiple=True, help="Only this target locale (repeatable; default: all)."
)


@click.group(name="memory")
def memory_command() -> None:
    """The translation memory: every reviewed translation of the project and its imported TMX files."""


@memory_command.command(name="search")
@click.argument("text")
@LOCALE_OPTION
@click.option(
    "--limit", "-n", type=click.IntRange(min=1), default=10, show_default=True, help="Matches shown."
)
def search_command(text: str, locales: tuple[str, ...], limit: int) -> None:
    """Show the memory's best matches for TEXT: similarity, source, translation and origin."""
    from toolkit.diagnostics import terminal_safe
    from toolkit.memory.exchange import search_memory

    config = project_config()
    with reported_errors():
        results = search_memory(config, text, checked_locales(config, locales), limit)
    if not results:
        click.echo("no match in the translation memory")
        return
    for result in results:
        unit = result.unit
        unreviewed = (
            ""
            if unit.unreviewed_import is None
            else f"  (not reviewed: imported from {unit.unreviewed_import})"
        )
        click.echo(
            terminal_safe(
                f"{result.similarity:5.1f}%  {unit.origin.locale}  {unit.origin.describe()}{unreviewed}"
            )
        )
        click.echo(terminal_safe(f"        {unit.source}"))
        click.echo(terminal_safe(f"        {unit.targets[0]}"))


@memory_command.command(name="export")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="TMX file to write.",
)
@LOCALE_OPTION
def export_command(output: Path, locales: tuple[str, ...]) -> None:
    """Write the memory as a TMX 1.4b file (one unit per source and translation)."""
    from toolkit.files import write_bytes_atomic
    from toolkit.memory.exchange import export_memory

    config = project_config()
    with reported_errors():
        data, count = export_memory(config, checked_locales(config, locales))
        write_bytes_atomic(output, data)
    click.echo(f"{relative(output)}: written ({plural(count, 'translation unit')})")


@memory_command.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
def import_command(file: Path) -> None:
    """Validate a TMX file and keep it in locales/memory/, where update and search use it."""
    from toolkit.memory.exchange import import_tmx

    config = project_config()
    with reported_errors(), changing_project(config, "memory import"):
        result = import_tmx(config, file)
    state = "replaced" if result.replaced else "added"
    click.echo(f"{relative(result.stored)}: {state} ({plural(result.units, 'translation unit')})")
