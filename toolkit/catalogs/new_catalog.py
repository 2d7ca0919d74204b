"""A catalog quizkit creates (``update`` for a new locale or quiz, ``import``): its header, as
``msginit --no-translator`` writes it, and the revision date PO headers carry."""

from __future__ import annotations

import datetime
import os

from toolkit.gettext.catalog import Header


def revision_date() -> str:
    """Now, as PO headers write it (``2026-12-01 19:23+0000``); ``SOURCE_DATE_EPOCH``, where set, for
    reproducible files."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    moment = (
        datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
        if epoch.isdigit()
        else datetime.datetime.now().astimezone()
    )
    return moment.strftime("%Y-%m-%d %H:%M%z")


def new_catalog_header(domain: str, locale: str, plural_forms: str, language_team: str) -> Header:
    """The header of a catalog quizkit creates. As ``msginit --no-translator`` writes it: no person has
    translated yet, and msgfmt -c warns about the template's placeholders (``FULL NAME``, ``YEAR-MO-DA``)."""
    return Header(
        (
            ("Project-Id-Version", domain),
            ("Report-Msgid-Bugs-To", ""),
            ("PO-Revision-Date", revision_date()),
            ("Last-Translator", "Automatically generated"),
            ("Language-Team", language_team),
            ("Language", locale),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            ("Plural-Forms", plural_forms),
        ),
        (
            f"{language_team} translation of {'the interface messages' if domain == 'ui' else f'the quiz {domain}'}.",
        ),
    )
