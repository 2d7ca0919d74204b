"""Translations imported from scraped pages, taken into catalogs as fuzzy and marked unreviewed.

``quizkit import`` leaves a target-language text whose source text is still missing in the quiz YAML
(``prompt: {todo: …, ur: …}``); once a person writes the source text, the model carries the Urdu as
:attr:`toolkit.model.Text.imported`. :func:`apply_imported` runs after each merge in ``quizkit
update``: an entry with no translation yet receives the imported text, marked fuzzy, with
:data:`IMPORTED_NOTE` as a ``#.`` comment. Merges take ``#.`` comments from the template, so the note
is put back on every update while the entry is still the unreviewed import (fuzzy, same text); once a
translator reviews it (removes the fuzzy flag) or changes it, the note goes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry

IMPORTED_NOTE = "Imported from a scraped page; not reviewed."


def _with_note(entry: CatalogEntry) -> CatalogEntry:
    comments = tuple(comment for comment in entry.extracted_comments if comment != IMPORTED_NOTE)
    return replace(entry, extracted_comments=(*comments, IMPORTED_NOTE))


def apply_imported(merged: Catalog, previous: Catalog, imported: Mapping[str, str]) -> tuple[Catalog, int]:
    """``merged`` with imported translations (by key) filled in; also the number filled in."""
    earlier = previous.by_context()
    entries: list[CatalogEntry] = []
    filled = 0
    for entry in merged.entries:
        if entry.obsolete or entry.is_plural or entry.context is None:
            entries.append(entry)
            continue
        translation = imported.get(entry.context)
        before = earlier.get(entry.context)
        if translation and not entry.has_translation:
            entry = _with_note(replace(entry.with_flag(FUZZY), msgstr=translation))
            filled += 1
        elif (
            before is not None
            and IMPORTED_NOTE in before.extracted_comments
            and entry.is_fuzzy
            and entry.msgstr == before.msgstr
        ):
            entry = _with_note(entry)
        entries.append(entry)
    return replace(merged, entries=tuple(entries)), filled
