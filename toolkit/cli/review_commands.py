"""``quizkit review``: approve translations, revoke approvals, list what awaits review."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import (
    EXIT_PROBLEMS,
    EXIT_USAGE,
    changing_project,
    checked_locales,
    fail,
    plural,
    project_config,
    relative,
)

if TYPE_CHECKING:
    from toolkit.catalogs.project_review import Selection


def _selection_options(function: Callable[..., None]) -> Callable[..., None]:
    for option in reversed(
        (
            click.option(
                "--key", "-k", "keys", multiple=True, help="This entry's key (msgctxt); repeatable."
            ),
            click.option(
                "--question", "questions", multiple=True, help="Every text of this question id; repeatable."
            ),
            click.option("--quiz", "-q", "quizzes", multiple=True, help="Every entry of this quiz (or ui)."),
            click.option("--locale", "-l", "locales", multiple=True, help="Only this target locale."),
        )
    ):
        function = option(function)
    return function


@click.group(name="review", invoke_without_command=True)
@click.option("--pending", is_flag=True, help="List the entries that await review (the default).")
@click.option("--locale", "-l", "locales", multiple=True, help="Only this target locale (with --pending).")
@click.pass_context
def review_command(context: click.Context, pending: bool, locales: tuple[str, ...]) -> None:
    """Approve translations, revoke approvals, or list what awaits review.

    An approval is a translator comment on the entry (# quizkit approved: NAME DATE HASH); its hash
    covers the key, the source and the translation, so any later edit voids it (quizkit check reports
    void approvals). build and export --require approved publish only approved questions.
    """
    if context.invoked_subcommand is not None:
        if pending or locales:
            click.echo(
                "error: --pending and --locale go before no subcommand; see quizkit review --help", err=True
            )
            raise SystemExit(EXIT_USAGE)
        return
    from toolkit.catalogs.project_review import pending as pending_entries

    config = project_config()
    with reported_errors():
        entries = pending_entries(config, checked_locales(config, locales))
    for entry in entries:
        click.echo(f"{relative(entry.path)}:{entry.line}: {entry.key}")
    click.echo(f"{plural(len(entries), 'entry', 'entries')} awaiting review")


def _selection(
    keys: tuple[str, ...], questions: tuple[str, ...], quizzes: tuple[str, ...], locales: tuple[str, ...]
) -> Selection:
    from toolkit.catalogs.project_review import Selection

    selection = Selection(keys, questions, quizzes, locales)
    if selection.is_empty:
        click.echo(
            "error: choose what to review with --key, --question, --quiz or --locale (--locale L alone: "
            "every entry of L)",
            err=True,
        )
        raise SystemExit(EXIT_USAGE)
    return selection


@review_command.command(name="approve")
@_selection_options
@click.option("--reviewer", required=True, help="Who approves (a name; recorded in each approval).")
def approve_command(
    keys: tuple[str, ...],
    questions: tuple[str, ...],
    quizzes: tuple[str, ...],
    locales: tuple[str, ...],
    reviewer: str,
) -> None:
    """Approve the chosen translated entries (fuzzy and untranslated ones are skipped, and listed)."""
    from toolkit.catalogs.project_review import approve
    from toolkit.gettext.review import checked_reviewer

    with reported_errors():
        checked_reviewer(reviewer)
    config = project_config()
    selection = _selection(keys, questions, quizzes, checked_locales(config, locales))
    with reported_errors(), changing_project(config, "review"):
        outcome = approve(config, selection, reviewer)
    for entry in outcome.not_translated:
        click.echo(f"{relative(entry.path)}:{entry.line}: {entry.key}: not approved: fuzzy or not translated")
    for path in outcome.written:
        click.echo(f"{relative(path)}: written")
    click.echo(
        f"{plural(len(outcome.changed), 'entry', 'entries')} approved, "
        f"{len(outcome.unchanged)} already approved, {len(outcome.not_translated)} not translated"
    )
    if not outcome.selected:
        fail("error[review]: nothing matched the selection")


@review_command.command(name="revoke")
@_selection_options
def revoke_command(
    keys: tuple[str, ...], questions: tuple[str, ...], quizzes: tuple[str, ...], locales: tuple[str, ...]
) -> None:
    """Remove the approvals of the chosen entries (valid or void)."""
    from toolkit.catalogs.project_review import revoke

    config = project_config()
    selection = _selection(keys, questions, quizzes, checked_locales(config, locales))
    with reported_errors(), changing_project(config, "review"):
        outcome = revoke(config, selection)
    for path in outcome.written:
        click.echo(f"{relative(path)}: written")
    click.echo(f"{plural(len(outcome.changed), 'approval')} revoked")
    if not outcome.selected:
        click.echo("error[review]: nothing matched the selection", err=True)
        raise SystemExit(EXIT_PROBLEMS)
