"""``quizkit screenshots``: a PNG of every translatable string where the learner sees it, in every locale,
and the catalogs' references to them (docs/translating.md)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import changing_project, plural, project_config, relative

if TYPE_CHECKING:
    from toolkit.config import ProjectConfig

NOT_SHOWN_LISTED = 5
"""Keys without a screenshot printed per locale; the rest are counted."""

DEFAULT_BROWSER_TIMEOUT = 60.0
"""Seconds each browser command may take, unless ``--browser-timeout`` says otherwise
(toolkit.screenshots.devtools.TIMEOUT_SECONDS, not imported here: the browser's modules load only when
screenshots are taken)."""

BROWSER_TIMEOUT_OPTION = click.option(
    "--browser-timeout",
    "browser_timeout",
    type=click.FloatRange(min=1),
    default=DEFAULT_BROWSER_TIMEOUT,
    show_default=True,
    metavar="SECONDS",
    help="How long the browser may take to answer each command before the run stops (longer on a busy machine).",
)


@click.command(name="screenshots")
@click.option(
    "--locale",
    "locales",
    multiple=True,
    metavar="LOCALE",
    help="Only this locale (repeatable); default: the source locale and every target locale.",
)
@click.option(
    "--browser",
    "browser",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The Chromium to run (default: $QUIZKIT_CHROMIUM, else chromium on the PATH).",
)
@BROWSER_TIMEOUT_OPTION
def screenshots_command(locales: tuple[str, ...], browser: Path | None, browser_timeout: float) -> None:
    """Capture every string the player shows, in every quiz and locale, into screenshots-dir.

    Each quiz is opened in headless Chromium and answered through the player, so that feedback,
    explanations and the results page are captured too; each string's box is outlined. Files that would
    not change are not rewritten, and the catalogs' '#. Screenshot:' comments are brought in line.
    """
    config = project_config()
    with reported_errors(), changing_project(config, "screenshots"):
        take_and_reference(config, locales, browser, browser_timeout=browser_timeout)


def take_and_reference(
    config: ProjectConfig,
    locales: Sequence[str],
    browser: Path | None,
    *,
    to_stderr: bool = False,
    browser_timeout: float = DEFAULT_BROWSER_TIMEOUT,
    browser_option: bool = True,
) -> None:
    """Take the screenshots and update the catalogs' references, saying what changed (also run by
    ``quizkit build --screenshots``; ``to_stderr`` where standard output is the build's JSON).
    ``browser_timeout``: the seconds each browser command may take (``--browser-timeout``);
    ``browser_option``: whether the command has ``--browser`` to name another browser with."""
    from toolkit.catalogs.screenshot_references import refresh
    from toolkit.screenshots.devtools import BROWSER_VARIABLE, BrowserStartError, BrowserTimeoutError
    from toolkit.screenshots.screenshot_run import take_screenshots

    unknown = [locale for locale in locales if locale not in (config.source_locale, *config.target_locales)]
    if unknown:
        raise click.BadParameter(
            f"{unknown[0]} is not a locale of this project (its locales: "
            f"{', '.join((config.source_locale, *config.target_locales))})",
            param_hint="'--locale'",
        )
    try:
        report = take_screenshots(config, locales or None, browser, timeout=browser_timeout)
    except BrowserTimeoutError as error:
        raise BrowserTimeoutError(
            f"{error}: on a busy machine, allow it longer with --browser-timeout SECONDS "
            f"(now {browser_timeout:g})"
        ) from None
    except BrowserStartError as error:
        where = (
            f"with --browser PATH or in {BROWSER_VARIABLE}" if browser_option else f"in {BROWSER_VARIABLE}"
        )
        raise BrowserStartError(f"{error}; name the Chromium to run {where}") from None
    targets = [locale for locale in (locales or config.target_locales) if locale != config.source_locale]
    catalogs = [outcome for outcome in refresh(config, targets) if outcome.changed]
    for path in report.written:
        click.echo(f"{relative(path)}: written", err=to_stderr)
    for path in report.removed:
        click.echo(f"{relative(path)}: removed (its string is gone)", err=to_stderr)
    for outcome in catalogs:
        click.echo(f"{relative(outcome.path)}: screenshot references updated", err=to_stderr)
    for locale, keys in _keys_by_locale(report.not_shown):
        listed = ", ".join(keys[:NOT_SHOWN_LISTED]) + (
            f" and {len(keys) - NOT_SHOWN_LISTED} more" if len(keys) > NOT_SHOWN_LISTED else ""
        )
        click.echo(
            f"{locale}: {plural(len(keys), 'string')} the player did not show, without a screenshot: {listed}"
        )
    for locale, keys in _keys_by_locale(report.off_page):
        click.echo(
            f"{locale}: {plural(len(keys), 'string')} not shown by the player, without a screenshot: "
            f"{', '.join(keys)}"
        )
    for locale, keys in _keys_by_locale(report.made_for_them):
        click.echo(
            f"{locale}: {plural(len(keys), 'string')} no quiz shows, taken on a page made for the screenshot "
            f"(a quiz's header with another level or a guide, a question asking for every answer that applies): "
            f"{', '.join(keys)}"
        )
    taken = len(report.written) + report.unchanged
    click.echo(
        f"screenshots done: {plural(taken, 'screenshot')} in {relative(config.screenshots_path)}, "
        f"{len(report.written)} written, {plural(len(catalogs), 'catalog')} updated",
        err=to_stderr,
    )


def _keys_by_locale(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """(locale, its keys in the report's order) for each locale, in locale order."""
    grouped: dict[str, list[str]] = {}
    for locale, key in pairs:
        grouped.setdefault(locale, []).append(key)
    return sorted(grouped.items())
