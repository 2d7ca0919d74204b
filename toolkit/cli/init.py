"""``quizkit init``: a new project with an example quiz, ready to build."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import plural, print_diagnostics, relative


@click.command(name="init")
@click.argument("folder", required=False, default=".", type=click.Path(path_type=Path))
@click.option(
    "--locale", "-l", "locales", multiple=True, help="A target locale, such as ur or pt_BR (repeatable)."
)
@click.option(
    "--force",
    is_flag=True,
    help="Write into a folder that is not empty (existing files are kept as they are).",
)
def init_command(folder: Path, locales: tuple[str, ...], force: bool) -> None:
    """Make FOLDER (default: the working folder) a new quizkit project that builds at once.

    Writes quizkit.toml (unless FOLDER is configured already: a quizkit.toml, or [tool.quizkit] in
    pyproject.toml, is kept and used), content/ with an example quiz (every question kind) and ui.yaml, schema/ for
    editor completion, .gitignore, a CI workflow (.github/workflows/quizkit.yml), and the templates
    and catalogs of locales/ as quizkit update makes them.
    """
    from toolkit.scaffold import create_project

    with reported_errors():
        result = create_project(folder, locales, force=force)
    if result.configuration is not None:
        click.echo(
            f"{relative(result.configuration)}: kept; init uses its configuration "
            "(and writes no quizkit.toml, which would take precedence over it)"
            if result.configuration.name != "quizkit.toml"
            else f"{relative(result.configuration)}: kept; init uses its configuration"
        )
    for path in result.written:
        click.echo(f"{relative(path)}: written")
    for path in result.kept:
        click.echo(f"{relative(path)}: kept (it exists already)")
    for path in result.catalogs:
        click.echo(f"{relative(path)}: written")
    print_diagnostics(result.warnings)
    here = result.root == Path.cwd().resolve()
    step = "quizkit serve --open" if here else f"cd {relative(result.root)} && quizkit serve --open"
    click.echo(
        f"project ready: {plural(len(result.written) + len(result.catalogs), 'file')} written; next: {step}"
    )
