"""``quizkit merge``: a catalog and a template named by path, merged as ``msgmerge --previous`` does.

Works on any gettext catalog, quizkit's or not. A template whose msgctxt values are quizkit keys (every
entry has one, no two share it, each follows the key grammar) is merged by key, as ``quizkit update``
merges; any other by msgctxt and msgid, then by similar text, exactly as msgmerge chooses
(:func:`toolkit.gettext.merge.merge`). The header is merged as msgmerge merges it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.catalogs.soundness import shared_keys
from toolkit.catalogs.workflow import CatalogError, read_catalog
from toolkit.content.validation import display_path
from toolkit.gettext.catalog import Catalog, Header
from toolkit.gettext.merge import MergeError, MergeSummary, check_plural_counts, merge
from toolkit.gettext.po_writer import write_po
from toolkit.keys import is_valid_id

# msgmerge writes the fields it knows in this order, then the others in theirs (msgmerge.c,
# ``message_merge``); two of them come from the template.
_KNOWN_FIELDS = (
    "Project-Id-Version",
    "Report-Msgid-Bugs-To",
    "POT-Creation-Date",
    "PO-Revision-Date",
    "Last-Translator",
    "Language-Team",
    "Language",
    "MIME-Version",
    "Content-Type",
    "Content-Transfer-Encoding",
)
_FROM_TEMPLATE = ("Report-Msgid-Bugs-To", "POT-Creation-Date")


@dataclass(frozen=True)
class MergedFile:
    data: bytes
    summary: MergeSummary
    keyed: bool
    """Whether msgctxt was taken as each entry's key."""


def merged_header(existing: Header, template: Header) -> Header:
    """The old catalog's header with the template's Report-Msgid-Bugs-To and POT-Creation-Date, its
    known fields in msgmerge's order."""
    fields = list(existing.fields)
    for name in _FROM_TEMPLATE:
        value = template.get(name)
        if value is not None:
            known = [index for index, (field, _) in enumerate(fields) if field.lower() == name.lower()]
            if known:
                fields[known[0]] = (name, value)
            else:
                fields.append((name, value))
    canonical = {name.lower(): name for name in _KNOWN_FIELDS}
    known_fields = sorted(
        ((canonical[name.lower()], value) for name, value in fields if name.lower() in canonical),
        key=lambda field: _KNOWN_FIELDS.index(field[0]),
    )
    # msgmerge keeps one line per known field, the last one given.
    unique = list({name: (name, value) for name, value in known_fields}.values())
    unknown = [(name, value) for name, value in fields if name.lower() not in canonical]
    return replace(existing, fields=(*unique, *unknown))


def _declares_utf8(header: Header) -> bool:
    _, found, rest = (header.get("Content-Type") or "").partition("charset=")
    words = rest.split()
    return bool(found and words) and words[0].upper() == "UTF-8"


def _plural_count(catalog: Catalog) -> int:
    declared = catalog.header.plural_count
    if declared is not None:
        return declared
    # Without Plural-Forms, the forms the entries have (msgmerge assumes two when there are none).
    for entry in catalog.entries:
        if entry.is_plural and entry.msgstr_plural:
            return len(entry.msgstr_plural)
    return 2


def _refuse_shared_keys(catalog: Catalog, file: str) -> None:
    shared = next(shared_keys(catalog), None)
    if shared is None:
        return
    entry, first_line = shared
    raise CatalogError(
        file,
        entry.line or None,
        f"msgctxt {entry.context!r} is used by two entries (the first on line {first_line}); merging by "
        "key needs one entry per key: remove one of them, or merge with --no-keys",
    )


def merge_files(old_path: Path, template_path: Path, *, keyed: bool | None = None) -> MergedFile:
    """The merged catalog file's bytes. ``keyed``: None decides from the template (see above).

    Raises :class:`CatalogError` (file, line, message) for input that cannot be read or merged.
    """
    existing = read_catalog(old_path)
    template = read_catalog(template_path)
    old_name = display_path(old_path)
    plural_count = _plural_count(existing)
    try:
        check_plural_counts(existing, plural_count)
    except MergeError as error:
        raise CatalogError(old_name, error.line, error.message) from None
    by_key = keyed_by_context(template) if keyed is None else keyed
    if by_key:
        _refuse_shared_keys(existing, old_name)
    try:
        merged, summary = merge(template, existing, plural_count, keyed=by_key)
    except MergeError as error:
        raise CatalogError(old_name, error.line, error.message) from None
    # Without a header of its own, the catalog takes the template's, as msgmerge does.
    header = merged_header(existing.header, template.header) if existing.has_header else template.header
    if _declares_utf8(template.header) and not _declares_utf8(header):
        # msgmerge converts the catalog to the template's UTF-8 (msgmerge.c, ``merge``).
        header = header.with_charset("UTF-8")
    return MergedFile(write_po(replace(merged, header=header)), summary, by_key)


def keyed_by_context(template: Catalog) -> bool:
    """Whether msgctxt is a stable key here, as in quizkit's catalogs: every entry has one, no two
    share it, and each follows quizkit's key grammar (dot-separated ids, docs/design.md)."""
    contexts = [entry.context for entry in template.entries]
    return (
        bool(contexts)
        and len(set(contexts)) == len(contexts)
        and all(context is not None and _is_key(context) for context in contexts)
    )


def _is_key(context: str) -> bool:
    parts = context.split(".")
    return len(parts) >= 2 and all(is_valid_id(part) for part in parts)
