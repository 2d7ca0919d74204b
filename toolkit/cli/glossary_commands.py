"""``quizkit glossary export`` and ``quizkit glossary import``: glossaries exchanged as TBX."""

from __future__ import annotations

import sys
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


@click.group(name="glossary")
def glossary_group() -> None:
    """Exchange the glossaries (locales/glossary/<locale>.yaml) with CAT tools, as TBX."""


@glossary_group.command(name="export")
@click.option(
    "--format",
    "file_format",
    type=click.Choice(["tbx"]),
    default="tbx",
    show_default=True,
    help="The exchange format: TBX-Basic.",
)
@click.option(
    "--tbx-version",
    type=click.Choice(["3", "2"]),
    default="3",
    show_default=True,
    help="3: TBX v3 (ISO 30042:2019); 2: TBX v2 <martif> (ISO 30042:2008), which translate-toolkit and Weblate read.",
)
@click.option("--locale", "-l", "locales", multiple=True, help="Only this locale's glossary (repeatable).")
@click.option(
    "--output",
    "-o",
    type=click.Path(path_type=Path),
    default=None,
    help="Write to FILE (default: standard output).",
)
def export_command(file_format: str, tbx_version: str, locales: tuple[str, ...], output: Path | None) -> None:
    """Write the glossaries as one TBX file: a concept per English term, a language section per locale."""
    from toolkit.files import write_bytes_atomic
    from toolkit.interchange.tbx import export_glossaries

    config = project_config()
    with reported_errors():
        data = export_glossaries(config, checked_locales(config, locales), int(tbx_version))
        if output is None:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            return
        written = write_bytes_atomic(output, data)
    click.echo(f"{relative(output)}: {'written' if written else 'unchanged'}", err=True)


@glossary_group.command(name="import")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--locale",
    "-l",
    "locales",
    multiple=True,
    help="Only this locale's terms (repeatable; default: every target locale).",
)
@click.option(
    "--replace",
    is_flag=True,
    help="Make each glossary the file's terms (default: merge, adding the terms it lacks).",
)
def import_command(file: Path, locales: tuple[str, ...], replace: bool) -> None:
    """Merge a TBX file (v3 or v2) into locales/glossary/<locale>.yaml, one glossary per target locale.

    New terms are added and every term the glossary has is kept; a term the file has differently is
    listed as a conflict and left as it is. --replace makes the glossary the file's terms. The YAML is
    edited in place (comments stay); nothing is written unless the whole file is sound.
    """
    from toolkit.catalogs.glossary_import import import_glossaries
    from toolkit.diagnostics import terminal_safe

    config = project_config()
    with reported_errors(imported_glossary=file), changing_project(config, "glossary import"):
        results = import_glossaries(config, file, checked_locales(config, locales), replace)
    for result in results:
        state = "written" if result.written else "unchanged"
        if result.replaced:
            counts = (
                f"replaced by the file's terms: {len(result.added)} added, {len(result.changed)} changed, "
                f"{result.kept} unchanged, {len(result.removed)} removed"
            )
        else:
            counts = (
                f"{plural(len(result.added), 'term')} added, {result.kept} kept, "
                f"{len(result.conflicts)} conflicting"
            )
        rewritten = " (written whole: its layout could not be edited in place)" if result.rewritten else ""
        click.echo(terminal_safe(f"{relative(result.path)}: {state} ({counts}){rewritten}"))
        for conflict in result.conflicts:
            click.echo(
                terminal_safe(
                    f"  {conflict.english}: the file's term differs in {', '.join(conflict.fields)}; "
                    "the glossary's is kept (--replace takes the file's)"
                )
            )
