"""Merging a template into a catalog: ``quizkit update``'s key-aware merge, and msgmerge's.

An entry's identity is its msgctxt and msgid. The same identity, active or obsolete, always comes first:
a text changed and changed back finds the translation made for it. After that, two ways:

By key (quizkit's catalogs, where msgctxt is a stable key). Entries are matched by key, never by source
text alone, so two questions that share a text never trade translations (the flaw of Babel's update,
python-babel PR #1330). The outcome follows GNU msgmerge where it is defined:

* same key, same source: the entry is kept as it is; comments, references and format flags come from
  the template.
* same key, changed source: the translation is kept, marked fuzzy, with ``#| msgctxt``/``#| msgid``.
* key gone: the entry becomes obsolete (``#~``); when the key returns it is restored as it was.
* key renamed with the same source text: the translation moves to the new key, marked fuzzy, with the
  old key as ``#| msgctxt``. Candidates for this and for near-identical texts are found through an index
  of entries whose keys disappeared, never by a scan over all pairs.

By message (any other catalog): exactly msgmerge's choice, the same identity, else the most similar
translated text (:mod:`toolkit.gettext.similarity`) as fuzzy, else untranslated.

Either way a singular that became plural has its translation in every form (fuzzy), as msgmerge does.
Never a translation lost: every translated entry ends up active or obsolete, and no identity twice. A
form the merged entry has no place for (``msgstr[1]`` of a plural whose template is singular now, a form
beyond ``nplurals``), which msgmerge drops, is kept in a translator comment and the entry made fuzzy: an
obsolete twin cannot hold it, since msgfmt refuses an obsolete entry beside an active one with the same
msgctxt and msgid.
Merging a merged catalog again changes nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, fields, replace

from toolkit.errors import DocumentError
from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry

_WORDS = re.compile(r"\w+")


class MergeError(DocumentError):
    pass


@dataclass(frozen=True)
class MergeSummary:
    kept: int = 0
    added: int = 0
    changed: int = 0
    """Translated entries whose source changed: now fuzzy, for the translator to review."""
    changed_untranslated: int = 0
    """Entries whose source changed while they had no translation: nothing to review, still to translate."""
    renamed: int = 0
    restored: int = 0
    obsoleted: int = 0
    reverted: int = 0
    """Fuzzy entries whose text changed back to the one their translation was made for: no longer fuzzy."""
    forms_kept: int = 0
    """Plural forms the merged entry has no place for, kept in a translator comment (:func:`kept_form`)."""


def _zero_counts() -> dict[str, int]:
    """One counter per field of :class:`MergeSummary`, all zero: the merge counts into it."""
    return dict.fromkeys((field.name for field in fields(MergeSummary)), 0)


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


_KEPT_PREFIX = "Kept by quizkit: "


def kept_form(index: int, translation: str) -> str:
    """The translator comment that keeps ``msgstr[index]`` when the merged entry has no place for it."""
    return f"{_KEPT_PREFIX}msgstr[{index}] was {json.dumps(translation, ensure_ascii=False)}; this entry has no msgstr[{index}] now"


def _comments_keeping(comments: tuple[str, ...], translations: tuple[str, ...], kept: int) -> tuple[str, ...]:
    """``comments`` and one more for every non-empty form from index ``kept`` on (each once)."""
    added = [kept_form(index, text) for index, text in enumerate(translations) if index >= kept and text]
    return (*comments, *(comment for comment in added if comment not in comments))


def _carry(
    template: CatalogEntry,
    source: CatalogEntry,
    plural_count: int,
    *,
    fuzzy: bool,
    previous_from: CatalogEntry | None,
) -> CatalogEntry:
    """The template entry, carrying ``source``'s translation and translator comments; a form it has no
    place for goes into a comment, and makes it fuzzy."""
    translations = source.translations
    if template.is_plural and not source.is_plural:
        # A singular that became plural: its translation in every form, as msgmerge does (fuzzy).
        translations = translations * plural_count
    msgstr, msgstr_plural = _reshape(translations, template, plural_count)
    comments = _comments_keeping(
        source.translator_comments, translations, len(msgstr_plural) if template.is_plural else 1
    )
    fuzzy = fuzzy or comments != source.translator_comments
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
        translator_comments=comments,
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
    if _made_for(existing, template):
        # The source came back to the text this translation was made for, as its #| lines say (a change
        # reverted): it was reviewed for exactly this text, so it is no longer fuzzy.
        return _carry(template, existing, plural_count, fuzzy=False, previous_from=None)
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


def _made_for(entry: CatalogEntry, template: CatalogEntry) -> bool:
    """A fuzzy entry whose source changed, and whose previous text (#|) is the template's text again."""
    return (
        entry.is_fuzzy
        and not _same_source(entry, template)
        and entry.previous_msgid == template.msgid
        and entry.previous_msgid_plural == template.msgid_plural
        and entry.previous_context in (None, template.context)
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


def merge(
    template: Catalog, existing: Catalog, plural_count: int, *, keyed: bool = True
) -> tuple[Catalog, MergeSummary]:
    """Merge ``template`` into ``existing`` (whose header is kept).

    ``keyed``: msgctxt is each entry's stable key, as in quizkit's catalogs (a changed text or a renamed
    key keeps its translation as fuzzy). Otherwise entries are matched as msgmerge matches them: by
    msgctxt and msgid, then by similar text (:mod:`toolkit.gettext.similarity`).
    """
    _refuse_twins(existing)
    if keyed:
        return _merge_by_key(template, existing, plural_count)
    return _merge_by_message(template, existing, plural_count)


def _refuse_twins(existing: Catalog) -> None:
    """An active and an obsolete entry with one msgctxt and msgid: msgfmt and msgmerge refuse the file,
    and which translation is meant cannot be known."""
    active_lines = {entry.identity: entry.line for entry in existing.active()}
    for entry in existing.obsolete():
        if entry.identity in active_lines:
            what = f"msgctxt {entry.context!r} and msgid {entry.msgid!r}"
            if entry.context is None:
                what = f"msgid {entry.msgid!r}"
            where = f" (line {active_lines[entry.identity]})" if active_lines[entry.identity] else ""
            raise MergeError(
                entry.line or None,
                f"obsolete entry: {what} is also an active entry{where}; msgfmt refuses such a file: "
                "delete the one whose translation is not wanted",
            )


def _merge_by_key(template: Catalog, existing: Catalog, plural_count: int) -> tuple[Catalog, MergeSummary]:
    active_by_identity = {entry.identity: entry for entry in existing.active()}
    obsolete_by_identity = {entry.identity: entry for entry in existing.obsolete() if entry.has_translation}
    # Only a msgctxt is a key: entries without one are matched by their identity alone.
    active = {entry.context: entry for entry in existing.active() if entry.context is not None}
    # A key may have several obsolete entries (one per source text it once had).
    obsolete_by_key: dict[str | None, list[CatalogEntry]] = {}
    for entry in existing.obsolete():
        if entry.has_translation and entry.context is not None:
            obsolete_by_key.setdefault(entry.context, []).append(entry)
    template_keys = {entry.context for entry in template.entries if entry.context is not None}

    # Entries whose key has gone, indexed by text: the only candidates for renamed keys.
    orphans = [
        entry
        for entry in existing.entries
        if entry.context is not None and entry.context not in template_keys and entry.has_translation
    ]
    by_text: dict[tuple[str, str | None], CatalogEntry] = {}
    by_normalized: dict[str, CatalogEntry] = {}
    for entry in orphans:
        by_text.setdefault((entry.msgid, entry.msgid_plural), entry)
        by_normalized.setdefault(_normalized(entry.msgid), entry)

    counts = _zero_counts()
    merged: list[CatalogEntry] = []
    used: set[tuple[str | None, str, bool]] = set()

    def take(entry: CatalogEntry) -> CatalogEntry:
        used.add((*entry.identity, entry.obsolete))
        return entry

    for entry in template.entries:
        # The same msgctxt and msgid first, active or obsolete: a text changed and changed back finds
        # the translation made for it, even beside an active entry that has the key now.
        exact = active_by_identity.get(entry.identity)
        if exact is not None:
            merged.append(_follow(entry, take(exact), plural_count))
            counts["kept" if _same_source(exact, entry) else _changed(merged[-1])] += 1
            continue
        exact = obsolete_by_identity.get(entry.identity)
        if exact is not None:
            merged.append(_follow(entry, take(exact), plural_count))
            counts["restored"] += 1
            continue
        current = active.get(entry.context) if entry.context is not None else None
        if current is not None and (*current.identity, False) not in used:
            merged.append(_follow(entry, take(current), plural_count))
            counts["reverted" if _made_for(current, entry) else _changed(merged[-1])] += 1
            continue
        returning = _returning(obsolete_by_key.get(entry.context, []), entry)
        if returning is not None and (*returning.identity, True) not in used:
            merged.append(_follow(entry, take(returning), plural_count))
            counts["restored"] += 1
            continue
        candidate = by_text.get((entry.msgid, entry.msgid_plural)) or by_normalized.get(
            _normalized(entry.msgid)
        )
        if candidate is not None and entry.context is not None and _normalized(entry.msgid):
            merged.append(
                _carry(entry, candidate, plural_count, fuzzy=True, previous_from=_previous_of(candidate))
            )
            counts["renamed"] += 1
            continue
        merged.append(_untranslated(entry, plural_count))
        counts["added"] += 1

    counts["forms_kept"] = _forms_kept(merged, existing)
    # Nothing translated is dropped: active entries left unused become obsolete, and obsolete entries
    # stay unless they came back.
    newly_obsolete = [
        _to_obsolete(entry)
        for entry in existing.active()
        if (*entry.identity, False) not in used and entry.has_translation
    ]
    counts["obsoleted"] = len(newly_obsolete)
    kept_obsolete = [
        replace(entry, line=0)
        for entry in existing.obsolete()
        if (*entry.identity, True) not in used and entry.has_translation
    ]
    entries = (*merged, *newly_obsolete, *kept_obsolete)
    return replace(existing, entries=entries, has_header=True), MergeSummary(**counts)


def _changed(merged: CatalogEntry) -> str:
    """How a merged entry whose source changed is counted: made fuzzy only if it has a translation."""
    return "changed" if merged.has_translation else "changed_untranslated"


def _forms_kept(merged: list[CatalogEntry], existing: Catalog) -> int:
    """How many :func:`kept_form` comments the merge added: the merged entries' that no entry of the
    old catalog had."""
    before = {comment for entry in existing.entries for comment in entry.translator_comments}
    return sum(
        comment not in before and comment.startswith(_KEPT_PREFIX)
        for entry in merged
        for comment in entry.translator_comments
    )


def _untranslated(template: CatalogEntry, plural_count: int) -> CatalogEntry:
    msgstr, msgstr_plural = _reshape((), template, plural_count)
    return replace(
        template, msgstr=msgstr, msgstr_plural=msgstr_plural, flags=_format_flags(template), line=0
    )


def _merge_by_message(
    template: Catalog, existing: Catalog, plural_count: int
) -> tuple[Catalog, MergeSummary]:
    """msgmerge's matching (msgmerge.c, ``match_domain``): the same msgctxt and msgid, active or
    obsolete; else the most similar translated entry, as fuzzy; entries left unused become obsolete."""
    from toolkit.gettext.similarity import SimilarityIndex

    old = list(existing.entries)
    position = {(*entry.identity, entry.obsolete): index for index, entry in enumerate(old)}
    index: SimilarityIndex | None = None
    counts = _zero_counts()
    merged: list[CatalogEntry] = []
    used: set[int] = set()
    for entry in template.entries:
        found = position.get((*entry.identity, False))
        if found is None:
            found = position.get((*entry.identity, True))
        if found is not None:
            merged.append(_message_merge(old[found], entry, plural_count, force_fuzzy=False))
            counts["restored" if old[found].obsolete else "kept"] += 1
            used.add(found)
            continue
        if index is None:
            index = SimilarityIndex(old)
        found = index.best(entry.context, entry.msgid)
        if found is not None:
            merged.append(_message_merge(old[found], entry, plural_count, force_fuzzy=True))
            counts[_changed(merged[-1])] += 1
            used.add(found)
            continue
        merged.append(_untranslated(entry, plural_count))
        counts["added"] += 1
    counts["forms_kept"] = _forms_kept(merged, existing)
    obsolete: list[CatalogEntry] = []
    for number, entry in enumerate(old):
        if number not in used and entry.has_translation:
            if entry.obsolete:
                obsolete.append(replace(entry, line=0))
            else:
                obsolete.append(_to_obsolete(entry))
                counts["obsoleted"] += 1
    return replace(existing, entries=(*merged, *obsolete), has_header=True), MergeSummary(**counts)


def _message_merge(
    old: CatalogEntry, template: CatalogEntry, plural_count: int, *, force_fuzzy: bool
) -> CatalogEntry:
    """msgmerge's ``message_merge``: the template's source side, flags and comments for the program;
    the old entry's translation and translator comments; fuzzy when matched by similarity, when the
    old entry was, or when the plural source differs."""
    fuzzy = old.is_fuzzy or force_fuzzy or old.msgid_plural != template.msgid_plural
    translations = old.translations
    if template.is_plural:
        # A singular that became plural: its translation in every form, for the translator to adapt.
        forms = translations if old.is_plural else translations * plural_count
        msgstr, msgstr_plural = "", tuple(forms)
    else:
        msgstr, msgstr_plural = translations[0] if translations else "", ()
    # msgmerge drops the other forms of a plural that became singular; they are kept in comments.
    comments = _comments_keeping(old.translator_comments, translations, len(msgstr_plural) or 1)
    fuzzy = fuzzy or comments != old.translator_comments
    # msgmerge writes neither the fuzzy flag nor #| lines on an entry whose first form is empty.
    fuzzy = fuzzy and bool(msgstr_plural[0] if msgstr_plural else msgstr)
    # What the translation was made from: a fuzzy entry's own #| lines (none if it has none).
    if old.is_fuzzy:
        previous = (old.previous_context, old.previous_msgid, old.previous_msgid_plural)
    else:
        previous = (old.context, old.msgid, old.msgid_plural)
    if not fuzzy:
        previous = (None, None, None)
    return replace(
        template,
        msgstr=msgstr,
        msgstr_plural=msgstr_plural,
        flags=(FUZZY, *_format_flags(template)) if fuzzy else _format_flags(template),
        translator_comments=comments,
        previous_context=previous[0],
        previous_msgid=previous[1],
        previous_msgid_plural=previous[2],
        obsolete=False,
        line=0,
        msgstr_line=0,
    )
