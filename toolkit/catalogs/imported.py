"""Translations waiting in quiz YAML, taken into catalogs by ``quizkit update``.

Two kinds wait beside a text (``ur:`` beside ``text:``), as :attr:`toolkit.model.Text.imported`:

* from a scraped page (``ur: …``): a target-language text whose source text was still missing. It is
  taken in marked fuzzy, with :data:`IMPORTED_NOTE` as a ``#.`` comment: nobody has checked it. Merges
  take ``#.`` comments from the template, so the note is put back on every update while the entry is
  still the unreviewed import (fuzzy, same text); once a translator reviews it (removes the fuzzy flag)
  or changes it, the note goes.
* from a question bank (``ur: {text: …, from: bank.xml, source: …}``,
  :attr:`toolkit.model.Text.imported_from`): a draft question's translation, made by a person in the
  bank, waiting for the draft to be finished. It is taken in as ``quizkit import`` takes a bank's
  translations into the catalogs it writes: translated, not fuzzy, not approved, with the translator
  comment :data:`IMPORTED_FROM` naming the file, while the text is still the source text it translates
  (``source``, :attr:`toolkit.model.Text.imported_source`). A person finishing the draft may have changed
  that text: the translation then comes in fuzzy, with the text it was made for as the previous source
  (``#| msgid``), so a translator sees what changed. It is taken in once, when its entry first enters
  the catalog (a draft's texts are in no template): an entry the catalog already had is the
  translators' from then on, so an entry a translator emptied or changed stays as they left it.

:func:`apply_imported` runs after each merge in ``quizkit update``; a waiting translation only fills an
entry that has none, never over a translator's work (nor a fuzzy entry: the source text may have
changed since the bank was translated).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry
from toolkit.gettext.review import IMPORTED_FROM

IMPORTED_NOTE = "Imported from a scraped page; not reviewed."


@dataclass(frozen=True)
class WaitingTranslation:
    """A translation waiting in the YAML for a catalog entry."""

    text: str
    bank_file: str | None = None
    """The bank it was translated in; None for a scraped page's."""
    source: str | None = None
    """The source text a bank's translation was made for; None when the YAML does not say."""


def _with_note(entry: CatalogEntry) -> CatalogEntry:
    comments = tuple(comment for comment in entry.extracted_comments if comment != IMPORTED_NOTE)
    return replace(entry, extracted_comments=(*comments, IMPORTED_NOTE))


def from_bank(entry: CatalogEntry, translation: str, bank_file: str) -> CatalogEntry:
    """``entry`` translated as the bank ``bank_file`` translated it: not fuzzy, with :data:`IMPORTED_FROM`
    as a translator comment (translator comments survive every merge, msgmerge and XLIFF round trip)."""
    comment = IMPORTED_FROM.format(file=bank_file)
    comments = tuple(each for each in entry.translator_comments if each != comment)
    return replace(
        entry,
        msgstr=translation,
        flags=tuple(flag for flag in entry.flags if flag != FUZZY),
        translator_comments=(*comments, comment),
        previous_msgid=None,
        previous_context=None,
    )


def _waiting_from_bank(entry: CatalogEntry, waiting: WaitingTranslation, bank_file: str) -> CatalogEntry:
    """``entry`` with a draft's waiting bank translation: translated while its text is still the one the
    translation was made for; otherwise fuzzy, that text shown as the previous source."""
    taken = from_bank(entry, waiting.text, bank_file)
    if waiting.source == entry.msgid:
        return taken
    return replace(taken.with_flag(FUZZY), previous_msgid=waiting.source)


def apply_imported(
    merged: Catalog, previous: Catalog, imported: Mapping[str, WaitingTranslation]
) -> tuple[Catalog, int]:
    """``merged`` with the waiting translations (by key) filled in; also the number filled in."""
    earlier = previous.by_context()
    # Obsolete entries too: a bank's translation is never put back into an entry the catalog had.
    known = {entry.context for entry in previous.entries}
    entries: list[CatalogEntry] = []
    filled = 0
    for entry in merged.entries:
        if entry.obsolete or entry.is_plural or entry.context is None:
            entries.append(entry)
            continue
        waiting = imported.get(entry.context)
        before = earlier.get(entry.context)
        if waiting is not None and waiting.bank_file is not None:
            if waiting.text and entry.context not in known and not entry.has_translation:
                entry = _waiting_from_bank(entry, waiting, waiting.bank_file)
                filled += 1
        elif waiting is not None and waiting.text and not entry.has_translation:
            entry = _with_note(replace(entry.with_flag(FUZZY), msgstr=waiting.text))
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


__all__ = ["IMPORTED_FROM", "IMPORTED_NOTE", "WaitingTranslation", "apply_imported", "from_bank"]
