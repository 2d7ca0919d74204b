"""``quizkit import``: a question bank (toolkit/cli/import_bank.py) or a scraped quiz page into quiz YAML,
catalogs and a report."""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.import_bank import ImportCommand, print_bank_report, run_bank_import
from toolkit.cli.output import (
    EXIT_OK,
    FORMAT_OPTION,
    changing_project,
    plural,
    project_config,
    project_locale,
    relative,
)

if TYPE_CHECKING:
    from toolkit.config import ProjectConfig


@click.command(name="import", cls=ImportCommand)
@click.argument("bank", metavar="FILE", type=click.Path(path_type=Path))
@click.option("--quiz", "quiz_id", required=True, help="Id of the new quiz: writes content/<ID>.yaml.")
@click.option(
    "--from",
    "format_name",
    default=None,
    metavar="FORMAT",
    help="The file's format: aiken, gift, moodle, canvas, cc, qti (the registered readers) or page; "
    "detected from the content when left out.",
)
@click.option("--source-locale", default=None, help="Language of the YAML texts (default: the project's).")
@click.option(
    "--locale",
    "target_locale",
    default=None,
    metavar="LOCALE [FILE]",
    help="With a FILE (repeatable): the same bank in another language, aligned question by question. "
    "Without one: the language of a scraped page's catalog (default ur).",
)
@click.option("--translation", "translations", nargs=2, multiple=True, hidden=True)
@click.option(
    "--quiz-per-category",
    "by_category",
    is_flag=True,
    help="One quiz per category of a GIFT or Moodle XML bank (per assessment of a Canvas or Common Cartridge "
    "package): content/<ID>-<category>.yaml, titled by the category.",
)
@click.option("--dry-run", is_flag=True, help="Report what would be written; write nothing.")
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite an existing quiz file or catalog (keeping its translations); import a bank that reads as "
    "another language than the source as the source all the same.",
)
@FORMAT_OPTION
def import_page(
    bank: Path,
    quiz_id: str,
    format_name: str | None,
    source_locale: str | None,
    target_locale: str | None,
    translations: tuple[tuple[str, str], ...],
    by_category: bool,
    dry_run: bool,
    force: bool,
    output_format: str,
) -> None:
    """Import a question bank or a scraped quiz page: content/<ID>.yaml, a catalog per language, a report.

    A bank (Aiken, GIFT, Moodle XML, Canvas, Common Cartridge, QTI 3.0) becomes the quiz in the source
    language and a catalog per other language it carries, its translations translated but not
    reviewed; what quizkit cannot hold is listed, left out or kept as a draft with a to-do. A scraped
    page's texts in the source language go into the YAML; texts only in the target language wait there
    as to-dos until their source text is written. Exits 1 for a file that cannot be read, naming the
    line; nothing is written then. See docs/importing.md.
    """
    from toolkit.importing.bank_readers import PAGE, detect_format

    _check_quiz_id(quiz_id)
    config = project_config()
    as_json = output_format == "json"
    with reported_errors(imported_bank=bank, json_report=as_json):
        chosen = format_name or detect_format(bank, relative(bank))
    if chosen != PAGE:
        if target_locale is not None:
            raise click.BadParameter(
                f"give the file of {target_locale} after it (--locale {target_locale} FILE): a bank's languages "
                "come from the bank, or from one file per language",
                param_hint="--locale",
            )
        by_locale = _translation_files(config, translations)
        if source_locale is not None:
            from toolkit.importing.source_language import source_locale_refusal

            refusal = source_locale_refusal(source_locale, config.source_locale, config.target_locales)
            if refusal is not None:
                raise click.BadParameter(refusal, param_hint="--source-locale")
        with reported_errors(imported_bank=bank, json_report=as_json):
            data = run_bank_import(
                config, bank, chosen, quiz_id, source_locale, by_locale, dry_run, force, by_category
            )
        print_bank_report(data, output_format)
    if by_category:
        raise click.BadParameter(
            "a scraped page has no categories: it is one quiz", param_hint="--quiz-per-category"
        )
    if translations:
        raise click.BadParameter(
            "a scraped page is one file: its languages are told apart by script (--locale names the catalog's)",
            param_hint="--locale",
        )
    if bank.is_dir():
        raise click.BadParameter(f"{relative(bank)} is a folder; a scraped page is a file", param_hint="FILE")
    _import_page(config, bank, quiz_id, source_locale, target_locale or "ur", dry_run, force, output_format)


def _check_quiz_id(quiz_id: str) -> None:
    """A usage error for a ``--quiz`` that cannot name a quiz, saying why and, where one is near, the id
    to give instead."""
    from toolkit.keys import ID_MAX_LENGTH, UI_DOMAIN, is_valid_id

    if quiz_id == UI_DOMAIN:
        raise click.BadParameter(
            f"'{UI_DOMAIN}' is reserved for the interface messages' catalog: choose another id",
            param_hint="--quiz",
        )
    if is_valid_id(quiz_id):
        return
    near = re.sub(r"[^a-z0-9]+", "-", quiz_id.lower()).strip("-")
    suggestion = f" (--quiz {near})" if is_valid_id(near) and near != UI_DOMAIN else ""
    raise click.BadParameter(
        f"'{quiz_id}' is not a quiz id: use lowercase letters and digits in words joined by hyphens, starting "
        f"with a letter, at most {ID_MAX_LENGTH} characters{suggestion}",
        param_hint="--quiz",
    )


def _not_the_source(config: ProjectConfig, locale: str) -> None:
    """A usage error for ``--locale`` naming the project's source locale: the imported file is in it."""
    from toolkit.text.locale_packs import normalized_locale

    if normalized_locale(locale) == normalized_locale(config.source_locale):
        configured = ", ".join(config.target_locales) or "none"
        raise click.BadParameter(
            f"{locale} is the project's source locale, the language of FILE itself; --locale names a "
            f"language to translate into (target locales: {configured})",
            param_hint="--locale",
        )


def _translation_files(config: ProjectConfig, translations: tuple[tuple[str, str], ...]) -> dict[str, Path]:
    """The files of ``--locale XX FILE`` by locale, each a target locale of the project (its catalog is
    where the translations go), in the configuration's spelling: as a bank's own spellings of a locale
    are taken (``ur-PK``, ``UR`` or Moodle 1.9's ``ur_utf8`` for a project's ``ur``). The source locale is
    among the candidates, so that ``pt`` in a ``pt`` project is its source (refused), never its only
    target of that language (``pt_BR``)."""
    from toolkit.importing.bank_languages import project_spelling

    by_locale: dict[str, Path] = {}
    for given, file in translations:
        _not_the_source(config, given)
        spelled = project_spelling(given, (config.source_locale, *config.target_locales))
        locale = spelled if spelled in config.target_locales else None
        if locale is None:
            configured = ", ".join(config.target_locales) or "none"
            raise click.BadParameter(
                f"{given} is not a target locale of this project (configured: {configured}); add it first "
                f"with quizkit add-locale {given}",
                param_hint="--locale",
            )
        if locale in by_locale:
            raise click.BadParameter(f"{locale} is given twice", param_hint="--locale")
        path = Path(file)
        if not path.exists():
            raise click.BadParameter(f"{file} does not exist", param_hint="--locale")
        by_locale[locale] = path
    return by_locale


def _import_page(
    config: ProjectConfig,
    page: Path,
    quiz_id: str,
    source_locale: str | None,
    target_locale: str,
    dry_run: bool,
    force: bool,
    output_format: str,
) -> None:
    from toolkit.importing.plan import plan_import, report, write_import

    configured_as = project_locale(config.target_locales, target_locale)
    if configured_as is None:
        _not_the_source(config, target_locale)
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
