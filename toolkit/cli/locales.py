"""``quizkit add-locale``: a new target locale, its catalogs, and what there is to translate."""

from __future__ import annotations

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import (
    bulk_work,
    changing_project,
    plural,
    project_config,
    relative,
)


@click.command(name="add-locale")
@click.argument("locale")
def add_locale_command(locale: str) -> None:
    """Add LOCALE (a CLDR locale: ar, fa, hi, ar_EG) to the target locales and create its catalogs.

    The catalogs' Plural-Forms comes from CLDR's plural rules and is checked against CLDR on the numbers
    0 to 1000 first; the configuration keeps its comments and layout.
    """
    from toolkit.catalogs.new_locale import add_locale

    config = project_config()
    with reported_errors(), changing_project(config, "add-locale"), bulk_work():
        added = add_locale(config, locale)
    direction = "right-to-left" if added.direction == "rtl" else "left-to-right"
    pack = f"; locale pack: {added.pack}" if added.pack else "; no locale pack (CLDR's rules only)"
    click.echo(
        f"added {added.locale} ({added.english_name}, {direction}, digits {added.numbering_system}{pack}) "
        f"to {relative(added.config_file)}"
    )
    categories = ", ".join(added.plural_categories)
    click.echo(f"Plural-Forms: {added.plural_forms}  ({len(added.plural_categories)} forms: {categories})")
    total = 0
    for catalog in added.catalogs:
        total += catalog.to_translate
        click.echo(
            f"{relative(catalog.path)}: {plural(catalog.to_translate, 'entry', 'entries')} to translate "
            f"({plural(catalog.source_words, 'source word')})"
        )
    click.echo(
        f"next: translate {plural(total, 'entry', 'entries')} (Poedit, Lokalize, Weblate, or quizkit export -f xliff), "
        "then quizkit build"
    )
