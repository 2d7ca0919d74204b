"""Key-aware merging of a template into a catalog: ``quizkit update``'s semantics.

Entries are matched by key (msgctxt), never by source text alone, so two questions that share a text
never trade translations (the flaw of Babel's update, python-babel PR #1330). The outcome follows GNU
msgmerge where it is defined:

* same key, same source: the entry is kept as it is; comments, references and format flags come from
  the template.
* same key, changed source: the translation is kept, marked fuzzy, with ``#| msgctxt``/``#| msgid``.
* key gone: the entry becomes obsolete (``#~``); when the key returns it is restored as it was.
* key renamed with the same source text: the translation moves to the new key, marked fuzzy, with the
  old key as ``#| msgctxt``. Candidates for this and for near-identical texts are found through an index
  of entries whose keys disappeared, never by a scan over all pairs.

Never a translation lost: every translated entry ends up active or obsolete. Merging a merged catalog
again changes nothing.
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass, replace

from toolkit.catalogs.catalog import FUZZY, Catalog, CatalogEntry, Header

_WORDS = re.compile(r"\w+")


class MergeError(Exception):
    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True)
class MergeSummary:
    kept: int = 0
    added: int = 0
    changed: int = 0
    renamed: int = 0
    restored: int = 0
    obsoleted: int = 0


def _normalized(text: str) -> str:
    """Text compared for near-identity: case, spacing and punctuation ignored."""
    return " ".join(_WORDS.findall(text.casefold()))


def _format_flags(template: CatalogEntry) -> tuple[str, ...]:
    return tuple(flag for flag in template.flags if flag != FUZZY)


def _reshape(
    translations: tuple[str, ...], template: CatalogEntry, plural_count: int
) -> tuple[str, tuple[str, ...]]:
    """Translations fitted to the template's shape: singular, or ``plural_count`` plural forms."""
    if template.is_plural:
        forms = tuple(translations[:plural_count]) + ("",) * (plural_count - len(translations))
        return "", forms
    return (translations[0] if translations else ""), ()


def _carry(
    template: CatalogEntry,
    source: CatalogEntry,
    plural_count: int,
    *,
    fuzzy: bool,
    previous_from: CatalogEntry | None,
) -> CatalogEntry:
    """The template entry, carrying ``source``'s translation and translator comments."""
    msgstr, msgstr_plural = _reshape(source.translations, template, plural_count)
    flags = _format_flags(template)
    has_translation = bool(msgstr) or any(msgstr_plural)
    previous_context = previous_msgid = previous_msgid_plural = None
    if fuzzy and has_translation:
        flags = (FUZZY, *flags)
        if previous_from is not None:
            previous_context = previous_from.context
            previous_msgid = previous_from.msgid
            previous_msgid_plural = previous_from.msgid_plural
    return replace(
        template,
        msgstr=msgstr,
        msgstr_plural=msgstr_plural,
        flags=flags,
        translator_comments=source.translator_comments,
        previous_context=previous_context,
        previous_msgid=previous_msgid,
        previous_msgid_plural=previous_msgid_plural,
        obsolete=False,
        line=0,
        msgstr_line=0,
    )


def _same_source(entry: CatalogEntry, template: CatalogEntry) -> bool:
    return entry.msgid == template.msgid and entry.msgid_plural == template.msgid_plural


def _previous_of(entry: CatalogEntry) -> CatalogEntry:
    """What a fuzzy entry was translated from: its own #| lines if it has them, else itself."""
    if entry.is_fuzzy and entry.previous_msgid is not None:
        return replace(
            entry,
            context=entry.previous_context,
            msgid=entry.previous_msgid,
            msgid_plural=entry.previous_msgid_plural,
        )
    return entry


def _follow(template: CatalogEntry, existing: CatalogEntry, plural_count: int) -> CatalogEntry:
    """The template entry carrying the translation of the entry with its key (active or obsolete).

    Same source: kept as it was, fuzzy state and #| lines included. Changed source: fuzzy, with #|
    naming what the translation was made from.
    """
    if not _same_source(existing, template):
        return _carry(template, existing, plural_count, fuzzy=True, previous_from=_previous_of(existing))
    result = _carry(template, existing, plural_count, fuzzy=existing.is_fuzzy, previous_from=None)
    if not existing.is_fuzzy:
        return result
    return replace(
        result,
        previous_context=existing.previous_context,
        previous_msgid=existing.previous_msgid,
        previous_msgid_plural=existing.previous_msgid_plural,
    )


def _to_obsolete(entry: CatalogEntry) -> CatalogEntry:
    return replace(entry, obsolete=True, extracted_comments=(), references=(), line=0)


def check_plural_counts(catalog: Catalog, plural_count: int) -> None:
    """Every plural entry must have as many forms as the header's nplurals."""
    for entry in catalog.entries:
        if entry.is_plural and entry.msgstr_plural and len(entry.msgstr_plural) != plural_count:
            raise MergeError(
                entry.line or None,
                f"entry {entry.context or entry.msgid!r} has {len(entry.msgstr_plural)} plural forms but the "
                f"header's Plural-Forms says nplurals={plural_count}",
            )


def _returning(candidates: list[CatalogEntry], template: CatalogEntry) -> CatalogEntry | None:
    """The obsolete entry a returning key comes back from: the one for the same text, else the latest."""
    for candidate in candidates:
        if _same_source(candidate, template):
            return candidate
    return candidates[0] if candidates else None


def merge(template: Catalog, existing: Catalog, plural_count: int) -> tuple[Catalog, MergeSummary]:
    """Merge ``template`` into ``existing`` (whose header is kept)."""
    active = {entry.context: entry for entry in existing.active()}
    # A key may have several obsolete entries (one per source text it once had).
    obsolete_by_key: dict[str | None, list[CatalogEntry]] = {}
    for entry in existing.obsolete():
        if entry.has_translation:
            obsolete_by_key.setdefault(entry.context, []).append(entry)
    template_keys = {entry.context for entry in template.entries}

    # Entries whose key has gone, indexed by text: the only candidates for renamed keys.
    orphans = [
        entry for entry in existing.active() if entry.context not in template_keys and entry.has_translation
    ]
    orphans += [
        entry for entry in existing.obsolete() if entry.context not in template_keys and entry.has_translation
    ]
    by_text: dict[tuple[str, str | None], CatalogEntry] = {}
    by_normalized: dict[str, CatalogEntry] = {}
    for entry in orphans:
        by_text.setdefault((entry.msgid, entry.msgid_plural), entry)
        by_normalized.setdefault(_normalized(entry.msgid), entry)

    counts = dict.fromkeys(("kept", "added", "changed", "renamed", "restored", "obsoleted"), 0)
    merged: list[CatalogEntry] = []
    restored: set[tuple[str | None, str]] = set()
    for entry in template.entries:
        current = active.get(entry.context)
        if current is not None:
            merged.append(_follow(entry, current, plural_count))
            counts["kept" if _same_source(current, entry) else "changed"] += 1
            continue
        returning = _returning(obsolete_by_key.get(entry.context, []), entry)
        if returning is not None:
            restored.add(returning.identity)
            merged.append(_follow(entry, returning, plural_count))
            counts["restored"] += 1
            continue
        candidate = by_text.get((entry.msgid, entry.msgid_plural)) or by_normalized.get(
            _normalized(entry.msgid)
        )
        if candidate is not None and _normalized(entry.msgid):
            merged.append(
                _carry(entry, candidate, plural_count, fuzzy=True, previous_from=_previous_of(candidate))
            )
            counts["renamed"] += 1
            continue
        msgstr, msgstr_plural = _reshape((), entry, plural_count)
        merged.append(
            replace(entry, msgstr=msgstr, msgstr_plural=msgstr_plural, flags=_format_flags(entry), line=0)
        )
        counts["added"] += 1

    # Nothing translated is dropped: entries whose key left the template become obsolete, and obsolete
    # entries stay unless their key came back.
    newly_obsolete = [
        _to_obsolete(entry)
        for entry in existing.active()
        if entry.context not in template_keys and entry.has_translation
    ]
    counts["obsoleted"] = len(newly_obsolete)
    new_identities = {entry.identity for entry in newly_obsolete}
    kept_obsolete = [
        replace(entry, line=0)
        for entry in existing.obsolete()
        if entry.identity not in restored and entry.identity not in new_identities and entry.has_translation
    ]
    entries = (*merged, *newly_obsolete, *kept_obsolete)
    return replace(existing, entries=entries, has_header=True), MergeSummary(**counts)


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
