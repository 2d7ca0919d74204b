"""``mo``: compiled gettext catalogs in the standard layout, ``mo/<locale>/LC_MESSAGES/<domain>.mo``.

Fuzzy and untranslated entries are left out, as msgfmt does, and under the release gate
(``--require approved``) the unapproved ones too; gettext then shows the source text for them.
Fallback stays per question here too: every entry of a question that fell back (or was omitted) is
left out, so gettext shows that whole question in the source language rather than an English option
among translated ones. Written for target locales only.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import PurePosixPath

from toolkit.exporters.base import CatalogExporter, ExportRequest
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.mo_writer import compile_mo
from toolkit.keys import question_key


def _published(catalog: Catalog, locale: str, prefixes: tuple[str, ...], request: ExportRequest) -> Catalog:
    """``catalog`` with the translations that may not be published emptied: those of questions that fell
    back or were left out, and any the release gate holds back."""
    entries = tuple(
        entry
        if request.publishes(entry, locale) and not (entry.context or "").startswith(prefixes)
        else replace(entry, msgstr="", msgstr_plural=tuple("" for _ in entry.msgstr_plural))
        for entry in catalog.entries
    )
    return replace(catalog, entries=entries)


class MoExporter(CatalogExporter):
    name = "mo"
    description = "compiled gettext catalogs (<locale>/LC_MESSAGES/<domain>.mo)"

    def catalog_file(
        self, request: ExportRequest, locale: str, domain: str, catalog: Catalog
    ) -> tuple[PurePosixPath, bytes]:
        localized = request.localized.get((domain, locale))
        prefixes: tuple[str, ...] = ()
        if localized is not None:
            untranslated = (*localized.fallen_back_questions, *localized.omitted)
            prefixes = tuple(question_key(domain, question) + "." for question in untranslated)
        if prefixes or request.require_approved:
            catalog = _published(catalog, locale, prefixes, request)
        return PurePosixPath(locale) / "LC_MESSAGES" / f"{domain}.mo", compile_mo(catalog)
