"""Terminal output shared by the commands: diagnostics, paths, exit codes (errors: toolkit/cli/error_report.py)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypeVar

import click

if TYPE_CHECKING:
    from toolkit.config import ProjectConfig
    from toolkit.diagnostics import Diagnostic

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

FORMAT_OPTION = click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text for people, json for machines (the same fields).",
)


def project_config() -> ProjectConfig:
    """The configuration for the working folder; a broken configuration, or none, ends the command."""
    from toolkit.cli.error_report import reported_errors
    from toolkit.config import load_config, no_project_message

    here = Path.cwd()
    with reported_errors():
        config = load_config(here)
    if config.config_file is None:
        click.echo(f"error[no-project]: {no_project_message(relative(here, absolute=True))}", err=True)
        raise SystemExit(EXIT_USAGE)
    for warning in config.warnings:  # a deprecated setting: said on stderr, the command goes on
        click.echo(replace(warning, file=relative(Path(warning.file))).to_text(), err=True)
    return config


def configured_formats(config: ProjectConfig) -> tuple[str, ...]:
    """``export-formats`` of the configuration, each a registered format (else the command ends)."""
    from toolkit.cli.error_report import reported_errors
    from toolkit.config import setting_line
    from toolkit.exporters.base import exporter_names

    with reported_errors():
        known = exporter_names()
    for name in config.export_formats:
        if name not in known and name != "all":
            assert config.config_file is not None
            file = relative(config.config_file)
            line = setting_line(config, "export-formats")
            location = file if line is None else f"{file}:{line}"
            fail(
                f"{location}: error[config]: export-formats names '{name}', which is no registered format; "
                f"the formats are: {', '.join(known)}"
            )
    return config.export_formats


def project_locale(configured: Sequence[str], locale: str) -> str | None:
    """The project's locale that ``locale`` names, in the configuration's spelling (``ar-EG`` and ``ar_eg``
    name ``ar_EG``); None when it names none of them."""
    from toolkit.text.locale_packs import normalized_locale

    if locale in configured:
        return locale
    return {normalized_locale(each): each for each in configured}.get(normalized_locale(locale))


def checked_locales(
    config: ProjectConfig, locales: Sequence[str], *, source_too: bool = False, pseudo_too: bool = False
) -> tuple[str, ...]:
    """The --locale values, each a locale of the project (else a usage error, exit 2), as the
    configuration spells it: ``ar-EG`` names the project's ``ar_EG``, as ``init`` and ``add-locale`` take it."""
    allowed = (
        *config.target_locales,
        *((config.source_locale,) if source_too else ()),
        *(config.pseudo_locales if pseudo_too else ()),
    )
    chosen = []
    for locale in locales:
        configured_as = project_locale(allowed, locale)
        if configured_as is None:
            configured = ", ".join(allowed) or "none"
            raise click.BadParameter(
                f"{locale} is not a {'' if source_too else 'target '}locale of this project (configured: {configured})",
                param_hint="'--locale' / '-l'",
            )
        chosen.append(configured_as)
    return tuple(chosen)


def fail(message: str) -> NoReturn:
    from toolkit.diagnostics import terminal_safe

    click.echo(terminal_safe(message), err=True)
    raise SystemExit(EXIT_PROBLEMS)


def print_diagnostics(diagnostics: Sequence[Diagnostic]) -> None:
    from toolkit.diagnostics import render_text

    if diagnostics:
        click.echo(render_text(diagnostics), nl=False)


def plural(count: int, singular: str, plural_form: str | None = None) -> str:
    from toolkit.text.counts import counted

    return counted(count, singular, plural_form)


@contextlib.contextmanager
def changing_project(config: ProjectConfig, command: str) -> Iterator[None]:
    """Hold the project's writer lock (toolkit.concurrency.lock) while a command rewrites its files."""
    from toolkit.concurrency.lock import project_lock

    with project_lock(config.root, command):
        yield


@contextlib.contextmanager
def bulk_work() -> Iterator[None]:
    """Pause the cyclic garbage collector while a short-lived command builds many small objects.

    Reading a 50,000-entry catalog makes about a million objects and no reference cycles; the
    collector's passes over them cost about a fifth of an update. The command exits soon after.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def relative(path: Path, *, absolute: bool = False) -> str:
    """A path as every message shows it: relative to the working folder where it can be (as it is with
    ``absolute``), each character a terminal would act on escaped (``\\x1b``): a file name given on the
    command line, or found in a project, may hold escape sequences that would retitle the terminal,
    clear it or rewrite the lines above. The one helper through which the commands echo a path."""
    from toolkit.content.validation import display_path
    from toolkit.diagnostics import terminal_safe

    return terminal_safe(str(path) if absolute else display_path(path))


def data_path(path: Path) -> str:
    """A path as machine output (``--format json``) carries it: relative where it can be, not escaped
    (json.dumps writes control characters as ``\\u`` escapes, and a program needs the real name)."""
    from toolkit.content.validation import display_path

    return display_path(path)


PSEUDO_OPTION = click.option(
    "--pseudo",
    is_flag=True,
    help="Also export the pseudo-locales en_XA and ar_XB (or pseudo-locales of the configuration), made from the source.",
)
"""``--pseudo`` of the commands that export (read by :func:`with_pseudo_locales`)."""


Command = TypeVar("Command", bound=Callable[..., object])


def jobs_option(help_text: str) -> Callable[[Command], Command]:
    """``--jobs``/``-j`` of a command that shares its work among processes; ``help_text`` says what."""
    return click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help=help_text)


def with_pseudo_locales(config: ProjectConfig, pseudo: bool) -> ProjectConfig:
    """``--pseudo``: the configured pseudo-locales, or every one where none is configured."""
    from dataclasses import replace

    from toolkit.text.locale_info import PSEUDO_LOCALES

    if not pseudo or config.pseudo_locales:
        return config
    return replace(config, pseudo_locales=tuple(PSEUDO_LOCALES))
