"""``quizkit check``: translation QA that knows quizzes, glossaries and Urdu."""

from __future__ import annotations

import contextlib
from pathlib import Path

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    bulk_work,
    changing_project,
    checked_locales,
    plural,
    print_diagnostics,
    project_config,
    relative,
)
from toolkit.diagnostics import Severity

SUPPRESSION_RULES = {
    "suppression-without-reason": (
        "A quizkit-ignore comment must give a reason: quizkit-ignore: <check-id>: <reason>.",
        Severity.ERROR,
    ),
    "suppression-unknown-check": (
        "A quizkit-ignore comment names a check that does not exist.",
        Severity.WARNING,
    ),
}


@click.command(name="check")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--locale", "-l", "locales", multiple=True, help="Only this target locale (repeatable).")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json", "sarif"]),
    default="text",
    show_default=True,
    help="text for people, json for machines, sarif for code scanning.",
)
@click.option(
    "--fix", is_flag=True, help="Apply the safe fixes (Urdu code points, punctuation, spacing) in place."
)
@click.option("--strict", is_flag=True, help="Exit 1 on warnings too.")
@click.option("--list", "list_checks", is_flag=True, help="List the registered checks and exit.")
def check_command(
    paths: tuple[Path, ...],
    locales: tuple[str, ...],
    output_format: str,
    fix: bool,
    strict: bool,
    list_checks: bool,
) -> None:
    """Check translations in the catalogs (default: every catalog of every target locale).

    Errors block export; warnings do not, unless --strict. Exempt one entry from one check with a
    translator comment: # quizkit-ignore: <check-id>: <reason>
    """
    import json

    from toolkit.checks.registry import registered_checks
    from toolkit.diagnostics import count_errors, render_json, sort_diagnostics

    with reported_errors():
        checks = registered_checks()
    if list_checks:
        if output_format == "json":
            from toolkit.checks.runner import check_summaries

            click.echo(json.dumps(check_summaries(), indent=2, ensure_ascii=False))
        else:
            width = max(len(item.info.id) for item in checks)
            for item in checks:
                notes = ["fixable"] if item.info.fixable else []
                if item.locales:
                    notes.append(f"only {', '.join(item.locales)}")
                suffix = f" ({'; '.join(notes)})" if notes else ""
                click.echo(
                    f"{item.info.id.ljust(width)}  {item.info.severity.value:<7}  {item.info.summary}{suffix}"
                )
        return
    from toolkit.checks.project_checks import run_checks

    config = project_config()
    guard = changing_project(config, "check --fix") if fix else contextlib.nullcontext()
    with reported_errors(), guard, bulk_work():
        run = run_checks(config, checked_locales(config, locales), paths, fix=fix)
    diagnostics = sort_diagnostics(diagnostic for result in run.results for diagnostic in result.diagnostics)
    errors = count_errors(diagnostics)
    warnings = len(diagnostics) - errors
    suppressed = sum(result.suppressed for result in run.results)
    if output_format == "sarif":
        from toolkit.checks.sarif import render_sarif

        rules = {item.info.id: (item.info.summary, item.info.severity) for item in checks}
        rules.update(SUPPRESSION_RULES)
        from toolkit.catalogs.soundness import RULES as CATALOG_RULES

        rules.update({code: (summary, Severity.ERROR) for code, summary in CATALOG_RULES.items()})
        click.echo(render_sarif(diagnostics, rules), nl=False)
    elif output_format == "json":
        fixes = [
            {
                "file": file,
                "key": fix_item.key,
                "line": fix_item.line,
                "before": list(fix_item.before),
                "after": list(fix_item.after),
            }
            for file, items in run.fixes.items()
            for fix_item in items
        ]
        summary = {
            "catalogs": len(run.results),
            "errors": errors,
            "warnings": warnings,
            "suppressed": suppressed,
            "fixed": fixes,
        }
        click.echo(render_json(diagnostics, summary), nl=False)
    else:
        for file, items in run.fixes.items():
            for fix_item in items:
                click.echo(
                    f"{relative(Path(file))}:{fix_item.line}: fixed [{fix_item.key}]: {' | '.join(fix_item.before)} → {' | '.join(fix_item.after)}"
                )
        print_diagnostics(diagnostics)
        click.echo(
            f"{plural(len(run.results), 'catalog')} checked: {plural(errors, 'error')}, {plural(warnings, 'warning')}"
            + (f", {suppressed} suppressed" if suppressed else "")
        )
    raise SystemExit(EXIT_PROBLEMS if errors or (strict and warnings) else EXIT_OK)
