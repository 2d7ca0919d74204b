"""``quizkit extract``, ``update``, ``compile`` and ``status``: the gettext catalog workflow."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.export import REQUIRE_OPTION, with_requirement
from toolkit.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    FORMAT_OPTION,
    bulk_work,
    changing_project,
    checked_locales,
    data_path,
    fail,
    jobs_option,
    plural,
    print_diagnostics,
    project_config,
    relative,
)

if TYPE_CHECKING:
    from toolkit.catalogs.retirement import Retirement

LOCALE_OPTION = click.option(
    "--locale", "-l", "locales", multiple=True, help="Only this target locale (repeatable; default: all)."
)


@click.command()
@click.option(
    "--with-lines", is_flag=True, help="Add line numbers to #: references (they churn on every edit)."
)
def extract(with_lines: bool) -> None:
    """Write locales/<domain>.pot for every quiz and for ui from the content."""
    from toolkit.catalogs.workflow import extract as extract_templates

    with reported_errors():
        outcomes = extract_templates(project_config(), with_lines)
    for outcome in outcomes.files:
        click.echo(
            f"{relative(outcome.path)}: {'written' if outcome.changed else 'unchanged'} ({outcome.detail})"
        )


def _finite(value: float | None) -> float | None:
    # FloatRange lets NaN through (every comparison with it is false), and NaN would never fail.
    if value is not None and value != value:
        raise click.BadParameter("must be a number from 0 to 100, not nan")
    return value


def merge_changes(summary: object) -> list[str]:
    """What a merge changed, in words; the same for ``update`` and ``merge``."""
    from toolkit.gettext.merge import MergeSummary

    assert isinstance(summary, MergeSummary)
    parts = [
        f"{summary.added} new" if summary.added else "",
        f"{summary.changed} changed (now fuzzy)" if summary.changed else "",
        f"{summary.changed_untranslated} changed (untranslated)" if summary.changed_untranslated else "",
        f"{summary.renamed} carried over from renamed keys (fuzzy)" if summary.renamed else "",
        f"{summary.restored} restored from obsolete" if summary.restored else "",
        f"{summary.reverted} back to the text translated (no longer fuzzy)" if summary.reverted else "",
        f"{summary.obsoleted} made obsolete" if summary.obsoleted else "",
        f"{plural(summary.forms_kept, 'plural form')} with no place now kept in a translator comment"
        if summary.forms_kept
        else "",
    ]
    return [part for part in parts if part]


def _describe(summary: object, created: bool, prefilled: int = 0) -> str:
    from toolkit.gettext.merge import MergeSummary

    assert isinstance(summary, MergeSummary)
    from_memory = f"{prefilled} pre-filled from the translation memory (fuzzy)" if prefilled else ""
    if created:
        return f"created ({', '.join(part for part in (plural(summary.added, 'entry', 'entries'), from_memory) if part)})"
    return ", ".join([*merge_changes(summary), *([from_memory] if from_memory else [])])


@click.command()
@LOCALE_OPTION
@click.option("--check", is_flag=True, help="Change nothing; exit 1 if templates or catalogs are stale.")
@click.option(
    "--no-memory", is_flag=True, help="Do not pre-fill untranslated entries from the translation memory."
)
def update(locales: tuple[str, ...], check: bool, no_memory: bool) -> None:
    """Extract templates, then merge them into every catalog by key (creating missing catalogs).

    Changed source text marks the translation fuzzy with the previous text (#|); removed keys become
    obsolete (#~) and are restored when they return; a deleted quiz's catalogs are retired to
    locales/retired/ and taken back if it returns; no translation is ever dropped. Untranslated
    entries are pre-filled (fuzzy) from the translation memory, with their origin in a comment.
    """
    from toolkit.catalogs import workflow as project

    config = project_config()
    if check:
        with reported_errors():
            stale = project.stale_files(config, checked_locales(config, locales), use_memory=not no_memory)
        for path in stale:
            click.echo(f"{relative(path)}: stale")
        if stale:
            click.echo(f"{plural(len(stale), 'file')} out of date with the content; run quizkit update")
            raise SystemExit(EXIT_PROBLEMS)
        click.echo("templates and catalogs are up to date")
        return
    with reported_errors(), changing_project(config, "update"), bulk_work():
        from toolkit.files import remove_stale_temporaries

        remove_stale_temporaries(config.locales_path)  # left by a killed writer; none can be in progress now
        written_templates, results = project.update(
            config, checked_locales(config, locales), use_memory=not no_memory
        )
    for outcome in written_templates.files:
        click.echo(
            f"{relative(outcome.path)}: {'written' if outcome.changed else 'unchanged'} ({outcome.detail})"
        )
    for plan, changed in results:
        detail = _describe(plan.summary, plan.created, plan.prefilled)
        state = "unchanged" if not changed else (detail or "updated comments and references")
        if plan.restored_from is not None:
            state = ", ".join(
                part for part in (f"taken back from {relative(plan.restored_from)}", detail) if part
            )
        click.echo(f"{relative(plan.path)}: {state}")
    for retired in written_templates.retired:
        click.echo(f"{relative(retired.orphan.path)}: {retired_state(retired)}")
    for kept in written_templates.left_behind:
        click.echo(
            f"{relative(kept.path)}: kept (a retired catalog of quiz {kept.domain}, which is back; update "
            f"takes back one retired catalog, not two): copy what you need from it into "
            f"{relative(kept.catalog)}, then delete it"
        )
    prefilled = sum(plan.prefilled for plan, _ in results)
    if prefilled:
        click.echo(
            f"{plural(prefilled, 'entry', 'entries')} pre-filled from the translation memory (fuzzy: review them)"
        )


def retired_state(retired: Retirement) -> str:
    """What update did with a file of a quiz that is gone."""
    gone = f"quiz {retired.orphan.domain} is gone"
    if retired.retired_to is None:
        kept = "; it had no translation" if retired.orphan.is_catalog else ""
        return f"removed ({gone}{kept})"
    count = plural(retired.translations, "translation") if retired.translations else "its translations"
    return (
        f"retired to {relative(retired.retired_to)} ({gone}; {count} kept there, "
        "taken back by update if the quiz returns)"
    )


@click.command(name="compile")
@LOCALE_OPTION
@click.option("--use-fuzzy", is_flag=True, help="Include fuzzy translations (left out by default).")
@jobs_option("Processes that share many catalogs (default: one per core).")
@REQUIRE_OPTION
def compile_command(locales: tuple[str, ...], use_fuzzy: bool, jobs: int | None, require: str | None) -> None:
    """Compile every catalog to locales/<locale>/LC_MESSAGES/<domain>.mo.

    Under the release gate (require = "approved" or --require approved) only approved translations
    are compiled, as build and export publish them.
    """
    from toolkit.catalogs.compiling import compile_catalogs
    from toolkit.concurrency.workers import available_jobs

    config = with_requirement(project_config(), require)
    if use_fuzzy and config.require_approved:
        fail(
            "error[compile]: --use-fuzzy compiles fuzzy translations, which the release gate "
            '(require = "approved") holds back; leave out --use-fuzzy, or pass --require translated for this run'
        )
    with reported_errors(), changing_project(config, "compile"), bulk_work():
        outcomes = compile_catalogs(
            config,
            checked_locales(config, locales),
            use_fuzzy=use_fuzzy,
            jobs=jobs if jobs is not None else available_jobs(),
        )
    for outcome in outcomes.files:
        click.echo(
            f"{relative(outcome.path)}: {'written' if outcome.changed else 'unchanged'} ({outcome.detail})"
        )


@click.command()
@LOCALE_OPTION
@FORMAT_OPTION
@click.option(
    "--fail-under",
    type=click.FloatRange(0, 100),
    default=None,
    callback=lambda _context, _parameter, value: _finite(value),
    help="Exit 1 if any catalog has less than this percent of its entries translated.",
)
def status(locales: tuple[str, ...], output_format: str, fail_under: float | None) -> None:
    """Translated, fuzzy, untranslated and obsolete entries and words, per locale and domain.

    Fuzzy entries and plural entries with an empty form never count as translated.
    """
    from toolkit.catalogs.workflow import status as catalog_status

    with reported_errors(), bulk_work():
        config = project_config()
        rows = catalog_status(config, checked_locales(config, locales))
    below = [
        row
        for row in rows
        if row.statistics is None
        or (fail_under is not None and row.statistics.percent_translated < fail_under)
    ]
    if output_format == "json":
        document = [
            {
                "locale": row.locale,
                "domain": row.domain,
                "catalog": data_path(row.path),
                **(row.statistics.to_dict() if row.statistics else {"missing": True}),
                **({"below_fail_under": row in below} if fail_under is not None else {}),
            }
            for row in rows
        ]
        click.echo(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        headings = (
            "locale",
            "domain",
            "translated",
            "fuzzy",
            "untranslated",
            "obsolete",
            "ignored",
            "words",
            "entries done",
            "approved",
        )
        table = [headings]
        for row in rows:
            statistics = row.statistics
            if statistics is None:
                table.append(
                    (row.locale, row.domain, "missing: run quizkit update", "", "", "", "", "", "", "")
                )
                continue
            table.append(
                (
                    row.locale,
                    row.domain,
                    f"{statistics.translated}/{statistics.total}",
                    str(statistics.fuzzy),
                    str(statistics.untranslated),
                    str(statistics.obsolete),
                    str(statistics.suppressions),
                    f"{statistics.translated_words}/{statistics.source_words}",
                    f"{statistics.percent_translated:.1f}%",
                    f"{statistics.approved}/{statistics.translated}",
                )
            )
        widths = [max(len(line[column]) for line in table) for column in range(len(headings))]
        for line in table:
            click.echo(
                "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
            )
    if fail_under is not None and below:
        for row in below:
            if row.statistics is not None:
                click.echo(
                    f"{relative(row.path)}: {row.statistics.percent_translated:.1f}% of entries translated, "
                    f"below --fail-under {fail_under:g}",
                    err=True,
                )
        raise SystemExit(EXIT_PROBLEMS)
    if any(row.statistics is None for row in rows):
        raise SystemExit(EXIT_PROBLEMS)
    raise SystemExit(EXIT_OK)


@click.command(name="import-xliff")
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--reviewer",
    default=None,
    help="Who approves the reviewed and final targets (without it, nothing is approved: a returned file cannot approve).",
)
def import_xliff(paths: tuple[Path, ...], reviewer: str | None) -> None:
    """Bring translations made in a CAT tool (XLIFF 2.0/2.1 from quizkit export -f xliff) into the catalogs.

    Units are matched by key; translated targets become translations, initial ones (translate-toolkit's
    and Weblate's "needs work") come in fuzzy, reviewed and final ones are translations approved by
    --reviewer (nothing in the file approves), and a target whose source text has changed
    since export is imported as fuzzy. A target that would break its entry (accepted answers joined
    into one line) is refused with its line; the other units are imported, and the command exits 1.
    """
    from toolkit.catalogs.xliff_import import import_xliff_files
    from toolkit.gettext.review import checked_reviewer

    if reviewer is not None:
        with reported_errors():
            reviewer = checked_reviewer(reviewer)
    config = project_config()
    with reported_errors(), changing_project(config, "import-xliff"):
        results = import_xliff_files(config, paths, reviewer)
    for result in results:
        translated = len(result.updated) - len(result.fuzzy)
        state = (
            f"{plural(len(result.updated), 'entry', 'entries')} updated "
            f"({translated} translated, {len(result.fuzzy)} fuzzy)"
            if result.changed
            else "unchanged"
        )
        if result.changed and result.approved:
            state += f", {len(result.approved)} approved"
        if result.refused:
            state += f", {plural(len(result.refused), 'unit')} refused"
        click.echo(f"{relative(result.path)} → {relative(result.catalog)}: {state}")
        for key in result.stale:
            click.echo(f"  {key}: the source text changed since export; imported as fuzzy")
        for key in result.kept:
            click.echo(
                f"  {key}: the source text changed since export and the catalog has a reviewed translation; kept it"
            )
        for key in result.unapproved:
            click.echo(
                f"  {key}: reviewed in the file, but only a reviewer approves (import-xliff --reviewer NAME, "
                "or quizkit review approve); imported as translated, not approved"
            )
        print_diagnostics(sorted((*result.refused, *result.warnings), key=lambda item: item.line or 0))
    refused = sum(len(result.refused) for result in results)
    if refused:
        fail(
            f"import-xliff: {plural(refused, 'unit')} not imported (the errors above say why and what to do); "
            "every other unit was imported"
        )
