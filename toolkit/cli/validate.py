"""``quizkit validate``: schema and semantic rules for content, every problem in one run."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    FORMAT_OPTION,
    plural,
    print_diagnostics,
    project_config,
    relative,
)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@FORMAT_OPTION
def validate(paths: tuple[Path, ...], output_format: str) -> None:
    """Validate quiz and interface-message YAML (default: the project's content folder).

    Reports every problem in every file as path:line:column: severity[code]: message,
    and exits 1 when there is an error.
    """
    from toolkit.content.validation import validate_paths
    from toolkit.diagnostics import render_json

    config = project_config()
    targets = list(paths) or [config.content_path]
    result = validate_paths(targets)
    questions = sum(len(quiz.questions) for quiz in result.quizzes)
    messages = len(result.interface.messages) if result.interface else 0
    summary = {
        "files": len(result.files),
        "quizzes": len(result.quizzes),
        "questions": questions,
        "messages": messages,
        "errors": result.error_count,
        "warnings": result.warning_count,
    }
    if output_format == "json":
        click.echo(render_json(result.diagnostics, summary), nl=False)
    else:
        print_diagnostics(result.diagnostics)
        if not result.files and not result.diagnostics:
            click.echo("no content files found", err=True)
            raise SystemExit(EXIT_PROBLEMS)
        if result.diagnostics:
            counts = f"{plural(result.error_count, 'error')}, {plural(result.warning_count, 'warning')}"
            if result.files:
                with_problems = {diagnostic.file for diagnostic in result.diagnostics}
                # A name refused unread (a pipe, a folder, a link out) counts among the files named.
                named = with_problems | {relative(path) for path in result.files}
                click.echo(f"{counts} in {len(with_problems)} of {plural(len(named), 'file')}")
            else:
                click.echo(f"{counts}; no content file was read")
        else:
            click.echo(
                f"{plural(len(result.files), 'file')} valid: {plural(len(result.quizzes), 'quiz', 'quizzes')} "
                f"({plural(questions, 'question')}), {plural(messages, 'interface message')}"
            )
    raise SystemExit(EXIT_PROBLEMS if result.error_count or not result.files else EXIT_OK)
