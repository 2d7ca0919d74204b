"""``quizkit build``: the main job, from content to every bundle in dist/."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.export import REQUIRE_OPTION, with_requirement
from toolkit.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    PSEUDO_OPTION,
    bulk_work,
    changing_project,
    configured_formats,
    fail,
    jobs_option,
    plural,
    project_config,
    relative,
    with_pseudo_locales,
)
from toolkit.cli.screenshots import BROWSER_TIMEOUT_OPTION

if TYPE_CHECKING:
    from toolkit.config import ProjectConfig
    from toolkit.diagnostics import Diagnostic


@click.command(name="build")
@click.argument("quizzes", nargs=-1, metavar="[QUIZ]...")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default=None,
    help="text on a terminal; json in CI (CI is set) or on request.",
)
@click.option(
    "--clean",
    is_flag=True,
    help="Ignore the cache of the last build (.quizkit-cache/) and redo every step for every quiz.",
)
@jobs_option("Processes that share the work on many quizzes (default: one per core).")
@click.option(
    "--strict",
    is_flag=True,
    help="Fail (exit 1) when the build has warnings: check warnings, or a question a format cannot carry.",
)
@PSEUDO_OPTION
@click.option(
    "--no-memory", is_flag=True, help="Do not pre-fill untranslated entries from the translation memory."
)
@REQUIRE_OPTION
@click.option(
    "--screenshots",
    "screenshots",
    is_flag=True,
    help="Also take the screenshots (quizkit screenshots; build-screenshots = true in the configuration "
    "does it on every build). Needs Chromium.",
)
@BROWSER_TIMEOUT_OPTION
def build_command(
    quizzes: tuple[str, ...],
    output_format: str | None,
    clean: bool,
    jobs: int | None,
    strict: bool,
    pseudo: bool,
    no_memory: bool,
    require: str | None,
    screenshots: bool,
    browser_timeout: float,
) -> None:
    """Validate, extract, update, check, compile and export: content to every bundle.

    Stops at the first step with errors and lists them (exit 1). Only quizzes whose inputs changed
    since the last build are redone, and files that would not change are not rewritten. With QUIZ
    ids, only those quizzes are built (the whole content is still validated; the index and the
    interface catalogs wait for a build of the whole project).
    """
    from toolkit.build import run_build

    machine = output_format == "json" or (
        output_format is None and os.environ.get("CI", "") not in ("", "false", "0")
    )
    interactive = not machine and sys.stdout.isatty()
    config = with_requirement(with_pseudo_locales(project_config(), pseudo), require)
    configured_formats(config)

    program: Path | None = None
    if screenshots or config.build_screenshots:
        from toolkit.screenshots.devtools import find_browser

        with reported_errors(json_report=machine):
            program = find_browser()  # no browser: said before the build writes anything
    progress = _ProgressBar() if interactive else None

    def announce(step: str) -> None:
        if progress is not None:
            progress.finish()
            click.echo(f"… {step}", err=True)

    with reported_errors(json_report=machine), changing_project(config, "build"), bulk_work():
        try:
            result = run_build(
                config,
                announce,
                clean=clean,
                jobs=jobs,
                on_progress=progress.show if progress is not None else None,
                quizzes=frozenset(quizzes) if quizzes else None,
                use_memory=not no_memory,
            )
        finally:
            if progress is not None:
                progress.finish()
    if machine:
        if screenshots or config.build_screenshots:
            _take_screenshots(config, program, browser_timeout, to_stderr=True)
        click.echo(json.dumps(result.to_dict(strict=strict), ensure_ascii=False, indent=2))
        raise SystemExit(EXIT_PROBLEMS if strict and result.strict_warnings else EXIT_OK)
    for step in result.steps:
        click.echo(
            f"{step.name:<9} {step.seconds:6.2f} s  {step.detail}, {plural(step.written, 'file')} written"
        )
    click.echo("")
    click.echo("locale  translated        errors  warnings")
    for row in result.locales:
        click.echo(
            f"{row.locale:<7} {row.percent:5.1f}% ({row.translated}/{row.total})".ljust(25)
            + f" {row.errors:>6}  {row.warnings:>8}"
        )
    _print_warnings(result.warnings)
    if result.fell_back:
        click.echo("")
        reason = "untranslated, fuzzy or not approved" if config.require_approved else "untranslated or fuzzy"
        click.echo(f"in the source language (a text {reason}):")
        for (quiz_id, locale), questions in sorted(result.fell_back.items()):
            click.echo(
                f"  {quiz_id} [{locale}]: {plural(len(questions), 'question')}: {', '.join(questions)}"
            )
    if result.retired:
        from toolkit.cli.catalogs import retired_state

        click.echo("")
        for retired in result.retired:
            click.echo(f"{relative(retired.orphan.path)}: {retired_state(retired)}")
    click.echo("")
    click.echo(f"build done: {plural(len(result.written), 'file')} written")
    if screenshots or config.build_screenshots:
        click.echo("")
        _take_screenshots(config, program, browser_timeout, to_stderr=False)
    if strict and result.strict_warnings:
        fail(f"build failed (--strict): {plural(len(result.strict_warnings), 'warning')}")


def _take_screenshots(
    config: ProjectConfig, program: Path | None, browser_timeout: float, *, to_stderr: bool
) -> None:
    """The screenshots after a build, with the catalogs it wrote (``--screenshots``), in ``program``."""
    from toolkit.cli.screenshots import take_and_reference

    with reported_errors(), changing_project(config, "build"):
        take_and_reference(
            config, (), program, to_stderr=to_stderr, browser_timeout=browser_timeout, browser_option=False
        )


WARNINGS_SHOWN = 3
"""Warnings printed per check; quizkit check lists them all."""


def _print_warnings(warnings: Sequence[Diagnostic]) -> None:
    from toolkit.diagnostics import render_text, sort_diagnostics

    if not warnings:
        return
    by_check: dict[str, list[Diagnostic]] = {}
    for item in sort_diagnostics(warnings):
        by_check.setdefault(item.code, []).append(item)
    click.echo("")
    click.echo(f"{plural(len(warnings), 'warning')} (quizkit check lists them all):")
    for code, items in sorted(by_check.items(), key=lambda pair: (-len(pair[1]), pair[0])):
        click.echo(f"  {code}: {len(items)}")
        for line in render_text(items[:WARNINGS_SHOWN]).splitlines():
            click.echo(f"    {line}")
        if len(items) > WARNINGS_SHOWN:
            click.echo(f"    … and {len(items) - WARNINGS_SHOWN} more")


class _ProgressBar:
    """One line on stderr, redrawn in place, for steps that work through many quizzes."""

    WIDTH = 30

    def __init__(self) -> None:
        self._shown = False
        self._last = 0.0

    def show(self, step: str, done: int, total: int) -> None:
        import time

        now = time.monotonic()
        # Redrawing costs a write per quiz; ten times a second is enough for the eye.
        if total <= 1 or (done < total and now - self._last < 0.1):
            return
        self._last = now
        filled = self.WIDTH * done // total
        click.echo(
            f"\r  {step:<8} [{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{total}", nl=False, err=True
        )
        self._shown = True

    def finish(self) -> None:
        if self._shown:
            click.echo("", err=True)
            self._shown = False
