"""The ``quizkit`` command: a thin layer that parses options, calls the library and reports.

Only this package prints and picks exit codes: 0 success, 1 problems in the input, 2 wrong usage.
Library modules are imported inside each command so that ``quizkit --help`` starts fast.
"""

from __future__ import annotations

from pathlib import Path

import click

from toolkit import __version__
from toolkit.cli.build import build_command
from toolkit.cli.catalogs import compile_command, extract, import_xliff, status, update
from toolkit.cli.check import check_command
from toolkit.cli.export import export_command
from toolkit.cli.glossary_commands import glossary_group
from toolkit.cli.import_page import import_page
from toolkit.cli.init import init_command
from toolkit.cli.locales import add_locale_command
from toolkit.cli.memory_commands import memory_command
from toolkit.cli.merge_commands import merge_command
from toolkit.cli.output import EXIT_USAGE
from toolkit.cli.review_commands import review_command
from toolkit.cli.screenshots import screenshots_command
from toolkit.cli.serve import serve_command
from toolkit.cli.validate import validate
from toolkit.concurrency.collector import batch_collection


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="quizkit")
def main() -> None:
    """Localization toolkit for quiz content: YAML sources, gettext catalogs, localized bundles."""
    try:
        Path.cwd()
    except FileNotFoundError:
        # Every command finds its project from the current folder; a shell left in a deleted one has none.
        click.echo(
            "error: the current folder no longer exists (it was deleted or moved): cd into the project folder "
            "and run the command again",
            err=True,
        )
        raise SystemExit(EXIT_USAGE) from None
    # A process-wide setting, so the command's to choose: every command may hold a whole project.
    click.get_current_context().with_resource(batch_collection())


for command in (
    validate,
    extract,
    update,
    merge_command,
    check_command,
    compile_command,
    status,
    export_command,
    import_xliff,
    import_page,
    build_command,
    init_command,
    serve_command,
    screenshots_command,
    add_locale_command,
    glossary_group,
    memory_command,
    review_command,
):
    main.add_command(command)
