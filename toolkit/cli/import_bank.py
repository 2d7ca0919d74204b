"""``quizkit import`` of a question bank: reading it with its format's reader, the writing, the report.

The command itself (toolkit/cli/import_page.py) parses the options and picks the format; this module
runs a bank import and prints its report.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import BankRefusal
from toolkit.cli.output import EXIT_OK, EXIT_PROBLEMS, changing_project, fail, plural, relative

if TYPE_CHECKING:
    from toolkit.config import ProjectConfig

VALUE_OPTIONS = frozenset({"--quiz", "--source-locale", "--from", "--format"})
"""The import's options that take a value, besides ``--locale``: what :func:`paired_locales` skips."""


def paired_locales(arguments: Sequence[str]) -> list[str]:
    """The arguments with each ``--locale XX FILE`` made ``--translation XX FILE``.

    ``--locale`` takes one value (the page import's catalog language) or two (a bank's language and its
    file). A value after ``--locale XX`` that is not an option is that language's file, unless it is the
    only file on the line: then it is the file to import (``quizkit import --locale ur page.txt``).
    """
    positions: list[int] = []
    pairs: list[tuple[int, int]] = []
    """(index of the --locale argument, index of the file after it)."""
    index = 0
    while index < len(arguments):
        argument = arguments[index]
        if argument == "--":
            positions.extend(range(index + 1, len(arguments)))
            break
        if argument in VALUE_OPTIONS:
            index += 2
            continue
        if argument == "--locale" or argument.startswith("--locale="):
            option = index
            index += 1 if argument.startswith("--locale=") else 2
            if index < len(arguments) and not arguments[index].startswith("-"):
                pairs.append((option, index))
                index += 1
            continue
        if not argument.startswith("-"):
            positions.append(index)
        index += 1
    if not positions and pairs:
        pairs.pop()  # the file to import, given after --locale
    rewritten: dict[int, list[str]] = {}
    for option, _file in pairs:
        argument = arguments[option]
        rewritten[option] = (
            ["--translation", argument[len("--locale=") :]]
            if argument.startswith("--locale=")
            else ["--translation"]
        )
    return [part for index, argument in enumerate(arguments) for part in rewritten.get(index, [argument])]


class ImportCommand(click.Command):
    """``quizkit import``, whose ``--locale`` takes a file after its language for a bank."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, paired_locales(args))


def run_bank_import(
    config: ProjectConfig,
    bank: Path,
    format_name: str | None,
    quiz_id: str,
    source_locale: str | None,
    translations: Mapping[str, Path],
    dry_run: bool,
    force: bool,
    by_category: bool = False,
) -> dict[str, object]:
    """Read ``bank``, plan and (unless ``dry_run``) write its quiz and catalogs, or with ``by_category``
    a quiz per category, all written as one; the report's data."""
    from toolkit.importing.bank import BankRequest
    from toolkit.importing.bank_categories import OPTION, category_hint, holding_questions, split_by_category
    from toolkit.importing.bank_languages import settled_languages
    from toolkit.importing.bank_readers import load_reader
    from toolkit.importing.bank_report import bank_report, category_report, refused_report
    from toolkit.importing.bank_writing import (
        NothingImportedError,
        origin_name,
        plan_bank_import,
        plan_bank_imports,
        write_bank_import,
    )
    from toolkit.importing.source_language import in_source_language

    assert format_name is not None
    reader = load_reader(format_name)
    request = BankRequest(
        bank,
        relative(bank),
        quiz_id,
        source_locale or config.source_locale,
        dict(translations),
        by_category,
    )
    # One spelling per locale of the project before anything is planned: the catalogs are the project's.
    imported = settled_languages(
        reader.read(request),
        request.source_locale,
        config.target_locales,
        {locale: relative(path) for locale, path in request.translations.items()},
    )
    imported = in_source_language(imported, request.display_name, config.target_locales, force)
    if by_category and not holding_questions(imported):
        # Nothing to split by: one quiz, as without the option, and the report says why.
        imported = replace(
            imported,
            notes=(
                *imported.notes,
                f"{request.display_name}: no category holds an imported question, so {OPTION} made one quiz",
            ),
        )
        by_category = False
    elif not by_category:
        hint = category_hint(imported, request.display_name)
        if hint is not None:
            imported = replace(imported, notes=(*imported.notes, hint))
    guard = contextlib.nullcontext() if dry_run else changing_project(config, "import")
    with guard:
        locale_files = {
            locale: origin_name(path, config.root) for locale, path in request.translations.items()
        }
        if by_category:
            split = split_by_category(imported, request.display_name)
            plans = plan_bank_imports(
                config,
                [part.bank for part in split.quizzes],
                request.display_name,
                locale_files,
                origin=origin_name(bank, config.root),
                by_category=True,
            )
            if not dry_run:
                write_bank_import(plans, force=force)
            notes = (*imported.notes, *split.notes)
            return category_report(imported, plans, notes, format_name, not dry_run)
        try:
            plan = plan_bank_import(
                config, imported, request.display_name, locale_files, origin=origin_name(bank, config.root)
            )
        except NothingImportedError as error:
            return refused_report(error, format_name)
        if not dry_run:
            write_bank_import(plan, force=force)
    return bank_report(plan, format_name, not dry_run)


def print_bank_report(data: dict[str, object], output_format: str) -> None:
    """Print the report and end the command: exit 1 when the import was refused (``error``), after the
    issues that say why."""
    error = data["error"]
    # As every refusal (toolkit/cli/error_report.py): the error's parts, the bank its file.
    refusal = None if error is None else BankRefusal(**error) if isinstance(error, dict) else None
    if output_format == "json":
        click.echo(
            json.dumps(
                {"ok": error is None, **data, "error": None if refusal is None else refusal.to_dict()},
                ensure_ascii=False,
                indent=2,
            )
        )
        raise SystemExit(EXIT_OK if error is None else EXIT_PROBLEMS)
    drafts = data["drafts"]
    click.echo(
        f"{data['bank']} ({data['format']}): {plural(_int(data['questions']), 'question')} imported, "
        f"{plural(_int(drafts), 'draft')}"
    )
    issues = list(_dicts(data["issues"]))
    click.echo(f"{plural(len(issues), 'issue')}")
    for issue in issues:
        place = f"{issue['file']}:{issue['line']}" if issue["line"] else str(issue["file"])
        if issue["question"]:
            click.echo(f"  {place}: {_shortened(str(issue['question']))}: {issue['reason']}")
        else:
            click.echo(f"  {place}: {issue['reason']}")
    for note in _strings(data["notes"]):
        click.echo(f"note: {note}")
    if data.get("by_category"):
        quizzes = list(_dicts(data["quizzes"]))
        click.echo(f"{plural(len(quizzes), 'quiz', 'quizzes')}, one per category:")
        for quiz in quizzes:
            category = f" (category {quiz['category']})" if quiz["category"] else ""
            click.echo(
                f"  {quiz['quiz']}: {quiz['title']!s}{category}: {plural(_int(quiz['questions']), 'question')}, "
                f"{plural(_int(quiz['drafts']), 'draft')}"
            )
            for note in _strings(quiz["notes"]):
                click.echo(f"    note: {note}")
            _print_locales(quiz["locales"], "    ")
    else:
        _print_locales(data["locales"], "")
    if refusal is not None:
        fail(refusal.text())
    files = ", ".join(_strings(data["files"]))
    click.echo(f"wrote {files}" if data["written"] else f"dry run: would write {files}")
    existing = ", ".join(_strings(data["existing"]))
    if existing and not data["written"]:
        click.echo(f"  existing, replaced only with --force: {existing}")
    raise SystemExit(EXIT_OK)


def _print_locales(locales: object, indent: str) -> None:
    for locale in _dicts(locales):
        count = plural(_int(locale["translations"]), "translation")
        if locale["catalog"] is not None:
            kept = f", {plural(_int(locale['kept']), 'existing translation')} kept" if locale["kept"] else ""
            click.echo(f"{indent}{locale['locale']}: {count} into {locale['catalog']}{kept}")
        elif locale["translations"]:
            click.echo(f"{indent}{locale['locale']}: {count}, no catalog written: {locale['skipped']}")
        else:
            click.echo(f"{indent}{locale['locale']}: no catalog written: {locale['skipped']}")


def _shortened(name: str, limit: int = 60) -> str:
    """A question's name as the report shows it: on one line, at most ``limit`` characters."""
    name = " ".join(name.split())
    return name if len(name) <= limit else f"{name[: limit - 1]}…"


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _dicts(value: object) -> Iterator[dict[str, object]]:
    assert isinstance(value, list)
    yield from value


def _strings(value: object) -> Iterator[str]:
    assert isinstance(value, list)
    yield from (str(item) for item in value)
