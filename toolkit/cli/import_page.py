"""``quizkit import``: a scraped quiz page into quiz YAML, a catalog and a list of to-dos."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import (
    EXIT_OK,
    FORMAT_OPTION,
    changing_project,
    plural,
    project_config,
    project_locale,
    relative,
)


@click.command(name="import")
@click.argument("page", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--quiz", "quiz_id", required=True, help="Id of the new quiz: writes content/<ID>.yaml.")
@click.option("--source-locale", default=None, help="Language of the YAML texts (default: the project's).")
@click.option("--locale", "target_locale", default="ur", show_default=True, help="Language of the catalog.")
@click.option("--dry-run", is_flag=True, help="Report what would be written; write nothing.")
@click.option("--force", is_flag=True, help="Overwrite an existing quiz file or catalog.")
@FORMAT_OPTION
def import_page(
    page: Path,
    quiz_id: str,
    source_locale: str | None,
    target_locale: str,
    dry_run: bool,
    force: bool,
    output_format: str,
) -> None:
    """Import a scraped quiz page: content/<ID>.yaml, locales/<LOCALE>/LC_MESSAGES/<ID>.po and a report.

    Texts in the source language go into the YAML; texts only in the target language wait there as
    to-dos until their source text is written (quizkit validate fails until then). Correct answers and
    explanations are to-dos too. Exits 1 for a page that cannot be read, naming the line.
    """
    from toolkit.importing.plan import plan_import, report, write_import
    from toolkit.keys import UI_DOMAIN, is_valid_id

    if not is_valid_id(quiz_id) or quiz_id == UI_DOMAIN:
        raise click.BadParameter(
            "use lowercase letters and digits in words joined by hyphens (not 'ui')", param_hint="--quiz"
        )
    config = project_config()
    configured_as = project_locale(config.target_locales, target_locale)
    if configured_as is None:
        configured = ", ".join(config.target_locales) or "none"
        raise click.BadParameter(
            f"{target_locale} is not a target locale of this project (configured: {configured})",
            param_hint="--locale",
        )
    target_locale = configured_as
    with reported_errors(imported_page=page):
        # The plan looks at what exists already, so it is made under the lock the writing holds.
        guard = contextlib.nullcontext() if dry_run else changing_project(config, "import")
        with guard:
            plan = plan_import(config, page, quiz_id, source_locale, target_locale)
            if not dry_run:
                write_import(plan, force=force)
        written = not dry_run
    data = report(plan, written)
    if output_format == "json":
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        _print_report(data)
    raise SystemExit(EXIT_OK)


def _print_report(data: dict[str, object]) -> None:
    questions = data["questions"]
    assert isinstance(questions, list)
    counts = " ".join(str(len(question["options"])) for question in questions)
    click.echo(
        f"{relative(Path(str(data['page'])))}: {plural(len(questions), 'question')} (options: {counts}), level {data['level']}"
    )
    for question in questions:
        languages = "".join(option["language"] + " " for option in question["options"]).strip()
        click.echo(
            f"  line {question['line']}: {question['id']} [{question['language']}] options [{languages}]"
        )
    for found in _list(data["interface"]):
        click.echo(f"  line {found['line']}: interface text ui.{found['message']}, not imported")
    if data["repeated_first_question"]:
        click.echo(f"  line {data['repeated_first_question']}: the first question shown on its own, left out")
    for item in _list(data["unrecognized"]):
        click.echo(f"  line {item['line']}: not recognized, left out: {item['text']}")
    normalizations = _list(data["normalizations"])
    click.echo(f"{plural(len(normalizations), 'normalization')} applied")
    for change in normalizations:
        click.echo(f"  line {change['line']}: {change['rule']}: '{change['before']}' → '{change['after']}'")
    todos = _list(data["todos"])
    click.echo(f"{plural(len(todos), 'to-do')}")
    for todo in todos:
        suggestions = todo["suggestions"]
        assert isinstance(suggestions, list)
        hint = f" (suggested: {', '.join(map(str, suggestions))})" if suggestions else ""
        click.echo(f"  {todo['path']} [{todo['kind']}] page line {todo['line']}: {todo['message']}{hint}")
    files = ", ".join(relative(Path(str(file))) for file in _list(data["files"]))
    click.echo(f"wrote {files}" if data["written"] else f"dry run: would write {files}")


def _list(value: object) -> list[dict[str, object]]:
    assert isinstance(value, list)
    return value
