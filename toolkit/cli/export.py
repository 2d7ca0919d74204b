"""``quizkit export``: localized bundles for frontends and platforms."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import (
    PSEUDO_OPTION,
    bulk_work,
    checked_locales,
    configured_formats,
    fail,
    plural,
    project_config,
    relative,
    with_pseudo_locales,
)

REQUIRE_OPTION = click.option(
    "--require",
    type=click.Choice(["translated", "approved"]),
    default=None,
    help="approved: a question with any text a reviewer has not approved falls back like an untranslated "
    "one (default: the require setting, else translated).",
)


def with_requirement(config: ProjectConfig, require: str | None) -> ProjectConfig:
    """``config`` with ``--require`` in place of its ``require`` setting, where the option is given."""
    return config if require is None else replace(config, require=require)


if TYPE_CHECKING:
    from toolkit.config import ProjectConfig


@click.command(name="export")
@click.option(
    "--format",
    "-f",
    "formats",
    multiple=True,
    help="NAME[,NAME...] or all (repeatable; default: export-formats of the configuration, else all).",
)
@click.option("--locale", "-l", "locales", multiple=True, help="Only this locale (repeatable; default: all).")
@click.option(
    "--out", "out", type=click.Path(path_type=Path), default=None, help="Output folder (default: dist/)."
)
@click.option(
    "--fallback",
    type=click.Choice(["question", "omit", "fail"]),
    default="question",
    show_default=True,
    help="A question with untranslated or fuzzy text (or, with --require approved, text not approved): "
    "export it in the source language, leave it out, or stop.",
)
@click.option(
    "--no-answers", is_flag=True, help="Delivery variant: no correct ids, feedback or explanations."
)
@click.option(
    "--no-checks", is_flag=True, help="Export even when quizkit check finds errors (not for releases)."
)
@click.option(
    "--quiz",
    "-q",
    "quizzes",
    multiple=True,
    help="Only this quiz's files (repeatable; default: every quiz, the index and the interface catalogs).",
)
@click.option("--drafts", is_flag=True, help="Include draft quizzes (draft: true), for a preview.")
@click.option(
    "--strict",
    is_flag=True,
    help="Treat warnings (a question a format cannot carry) as errors: write nothing, exit 1.",
)
@click.option("--list", "list_formats", is_flag=True, help="List the registered formats and exit.")
@PSEUDO_OPTION
@REQUIRE_OPTION
def export_command(
    formats: tuple[str, ...],
    locales: tuple[str, ...],
    quizzes: tuple[str, ...],
    drafts: bool,
    out: Path | None,
    fallback: str,
    no_answers: bool,
    no_checks: bool,
    strict: bool,
    list_formats: bool,
    pseudo: bool,
    require: str | None,
) -> None:
    """Export every quiz to the chosen formats, for the source locale and every target locale.

    Formats that present a quiz are written for every locale; catalog formats for target locales.
    Layout: <out>/<format>/..., described in docs/exports.md.
    """
    from toolkit.cli.output import print_diagnostics
    from toolkit.exporters.base import declared_options, question_types, registered_exporters
    from toolkit.exporters.export_run import run_export
    from toolkit.localization import FallbackPolicy
    from toolkit.model import QuestionType

    if list_formats:
        with reported_errors():
            exporters = registered_exporters()
        width = max(map(len, exporters))
        for name, exporter in sorted(exporters.items()):
            scope = "all locales" if exporter.presents_quiz else "target locales"
            click.echo(f"{name.ljust(width)}  {exporter.description} ({scope})")
            carried = question_types(exporter)
            kinds = (
                "every kind"
                if carried >= frozenset(QuestionType)
                else ", ".join(kind.value for kind in QuestionType if kind in carried)
            )
            click.echo(f"{' ' * width}  questions: {kinds}")
            settings = declared_options(exporter)
            if settings:  # what [formats.<name>] may set, so that it can be found without the docs
                listed = ", ".join(
                    f"{setting} (default {schema['default']!r})" if "default" in schema else setting
                    for setting, schema in settings.items()
                )
                click.echo(f"{' ' * width}  settings: {listed}")
        return
    config = with_requirement(with_pseudo_locales(project_config(), pseudo), require)
    if not formats:
        names = list(configured_formats(config)) or ["all"]
    else:
        names = [name.strip() for given in formats for name in given.split(",") if name.strip()]
    with reported_errors(), bulk_work():
        result = run_export(
            config,
            names,
            out or config.output_path,
            checked_locales(config, locales, source_too=True, pseudo_too=True),
            FallbackPolicy(fallback),
            answers=not no_answers,
            run_checks=not no_checks,
            quiz_ids=frozenset(quizzes) if quizzes else None,
            drafts=drafts,
            strict=strict,
            formats_named=bool(formats),
        )
    if result.warnings:
        print_diagnostics(result.warnings)
    for (quiz_id, locale), questions in sorted(result.fell_back.items()):
        click.echo(
            f"{quiz_id} [{locale}]: {plural(len(questions), 'question')} in the source language: {', '.join(questions)}"
        )
    for (quiz_id, locale), questions in sorted(result.omitted.items()):
        click.echo(
            f"{quiz_id} [{locale}]: {plural(len(questions), 'question')} left out: {', '.join(questions)}"
        )
    for note in result.notes:
        click.echo(f"note: {note}")
    if result.left_out:
        click.echo(
            f"left out of the delivery variant: {', '.join(result.left_out)} (these formats cannot leave out "
            "the answer key and explanations)"
        )
    folder = relative(out or config.output_path)
    if not result.written and not result.unchanged:
        fail(f"{folder}: error[export]: nothing was exported; {_why_nothing(result.formats)}")
    click.echo(f"{folder}: {plural(len(result.written), 'file')} written, {len(result.unchanged)} unchanged")


def _why_nothing(formats: list[str]) -> str:
    """What a user can change when an export wrote no file at all."""
    from toolkit.exporters.base import exporter_names, load_exporter, omits_answers

    if not formats:
        able = ", ".join(name for name in exporter_names() if omits_answers(load_exporter(name)))
        return (
            "every chosen format carries the answer key, so --no-answers leaves each out; name a format "
            f"that can leave it out with --format ({able})"
        )
    return (
        f"{', '.join(formats)} wrote no file for these quizzes and locales (the catalog formats write "
        "only target locales; draft quizzes need --drafts)"
    )
