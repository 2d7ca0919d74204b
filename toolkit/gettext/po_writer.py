"""Write catalogs as PO files, byte for byte as GNU msgcat writes the same entries.

Translators' tools (Poedit, Lokalize, Weblate) and the GNU tools rewrite PO files with GNU's wrapping
and escaping; writing the same way means a catalog that went through an editor and back through
``quizkit update`` shows only real changes in version control. As GNU does, the writer normalizes: the
fuzzy flag is written only on entries with a translation, unknown flags are dropped, and obsolete
entries without a translation are dropped (one with any form translated is kept, where msgcat drops it
unless ``msgstr[0]`` is filled in).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import replace

from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry
from toolkit.gettext.flags import NO_WRAP, normalized_flags
from toolkit.gettext.format_directives import directive_interiors, first_format_language
from toolkit.gettext.line_breaking import fast_width_breaks, is_plain

PAGE_WIDTH = 79
NO_WRAP_WIDTH = 2**31 - 1
"""GNU's width for ``#, no-wrap`` entries (INT_MAX): their strings break only after newlines."""

# The charsets in which libunistring treats ambiguous characters as ideographs, under the names
# GNU's po_charset_canonicalize gives them (is_cjk_encoding in libunistring's uniwidth/cjk.h).
_CJK_CHARSETS = {"EUC-JP", "GB2312", "GBK", "EUC-TW", "BIG5", "EUC-KR", "CP949", "JOHAB"}
_ESCAPES = {"\a": "\\a", "\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\v": "\\v"}
_ESCAPES.update({"\\": "\\\\", '"': '\\"'})


_ESCAPE_TABLE = str.maketrans(_ESCAPES)
_ESCAPED_PAIR = re.compile(r"\\.", re.DOTALL)


_NEEDS_ESCAPE_PATTERN = re.compile('[\a\b\f\n\r\t\v\\\\"]')


def _escape(portion: str) -> tuple[str, set[int]]:
    """The escaped text and the indexes inside it where a line must not break (inside escapes)."""
    if _NEEDS_ESCAPE_PATTERN.search(portion) is None:
        return portion, set()
    escaped = portion.translate(_ESCAPE_TABLE)
    # Every backslash in the escaped text starts an escape (a literal one was doubled).
    return escaped, {match.start() + 1 for match in _ESCAPED_PAIR.finditer(escaped)}


def _escaped_positions(portion: str, offset: int, interiors: set[int]) -> set[int]:
    """Where, in the escaped ``portion`` (which starts at ``offset`` of its value), the characters at
    the value indexes ``interiors`` begin."""
    positions: set[int] = set()
    position = 0
    for index, character in enumerate(portion, start=offset):
        if index in interiors:
            positions.add(position)
        position += 2 if character in _ESCAPES else 1
    return positions


def _portions(value: str) -> list[str]:
    """Split after each newline, as GNU does: every portion but the last ends with its newline."""
    if "\n" not in value:
        return [value]
    portions = value.split("\n")
    result = [portion + "\n" for portion in portions[:-1]]
    if portions[-1]:
        result.append(portions[-1])
    return result


def _is_narrow(text: str) -> bool:
    """Every character takes one column (no wide characters), so the text is as wide as it is long."""
    return text.isascii() or is_plain(text)


def wrap_field(
    name: str,
    value: str,
    prefix: str = "",
    *,
    wrap: bool = True,
    cjk: bool = False,
    format_language: str | None = None,
) -> Iterator[str]:
    """The lines of one keyword and its string, e.g. ``msgid "..."``, wrapped as GNU wraps them: at
    :data:`PAGE_WIDTH`, or only after newlines when ``wrap`` is false (``#, no-wrap``); ``cjk`` for
    the legacy CJK charsets, where libunistring counts widths and ambiguous characters differently;
    never inside a directive of ``format_language`` (the entry's first format flag)."""
    page_width = PAGE_WIDTH if wrap else NO_WRAP_WIDTH
    portions = _portions(value)
    if len(portions) == 1:
        escaped, prohibited = _escape(portions[0])
        if len(prefix) + len(name) + len(escaped) + 3 <= page_width and (not cjk and _is_narrow(escaped)):
            yield f'{prefix}{name} "{escaped}"'
            return
    after_break = len(prefix) + 1
    width = page_width - 1 - after_break
    first_line = True
    interiors = directive_interiors(value, format_language, name.startswith("msgstr"))
    offset = 0
    for index, portion in enumerate(portions):
        escaped, prohibited = _escape(portion)
        if interiors:
            prohibited |= _escaped_positions(portion, offset, interiors)
        offset += len(portion)
        if escaped.endswith("\\n") and len(escaped) >= 2:
            prohibited.add(len(escaped) - 2)  # never break right before the final \n
        start = len(name) + 1 if first_line else 0
        breaks = fast_width_breaks(escaped, width, start, prohibited, cjk)
        if first_line and escaped and (index < len(portions) - 1 or start > width or breaks):
            yield f'{prefix}{name} ""'
            first_line = False
            breaks = fast_width_breaks(escaped, width, 0, prohibited, cjk)
        lead = f"{prefix}{name} " if first_line else prefix
        first_line = False
        previous = 0
        for position in breaks:
            yield f'{lead}"{escaped[previous:position]}"'
            lead = prefix
            previous = position
        yield f'{lead}"{escaped[previous:]}"'


def _flags_line(entry: CatalogEntry, first_translation: str) -> str | None:
    # GNU writes fuzzy only on an entry with a translation, and no range on an obsolete entry
    # (write-po.c, message_print_obsolete keeps only fuzzy, format flags and no-wrap).
    flags = [
        flag
        for flag in normalized_flags(entry.flags)
        if (flag != FUZZY or first_translation) and not (entry.obsolete and flag.startswith("range:"))
    ]
    if not flags:
        return None
    return "#, " + ", ".join(flags)


# A comment is one line: a line break inside one (a carriage return from an XLIFF note's &#13;, a
# multi-line note in the content) would start a line that is no comment, and readers such as polib,
# which read with universal newlines, would take what follows for an entry of its own.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _comment_lines(entry: CatalogEntry) -> Iterator[str]:
    for comment in entry.translator_comments:
        for line in _LINE_BREAK.split(comment):
            yield f"# {line}" if line else "#"
    for comment in entry.extracted_comments:
        for line in _LINE_BREAK.split(comment):
            yield f"#. {line}" if line else "#."
    if entry.references:
        line = "#:"
        for reference in dict.fromkeys(entry.references):  # GNU keeps each position once
            if len(line) > 2 and len(line) + len(reference) + 1 > PAGE_WIDTH:
                yield line
                line = "#:"
            line += " " + reference
        yield line


def _first_translation(entry: CatalogEntry) -> str:
    translations = entry.translations
    return translations[0] if translations else ""


def _entry_lines(entry: CatalogEntry, cjk: bool = False) -> Iterator[str]:
    first_translation = _first_translation(entry)
    yield from _comment_lines(entry)
    flags = _flags_line(entry, first_translation)
    if flags:
        yield flags
    wrap = NO_WRAP not in normalized_flags(entry.flags)
    previous_prefix, prefix = ("#~| ", "#~ ") if entry.obsolete else ("#| ", "")
    fields: list[tuple[str, str, str]] = []
    if entry.previous_context is not None:
        fields.append(("msgctxt", entry.previous_context, previous_prefix))
    if entry.previous_msgid is not None:
        fields.append(("msgid", entry.previous_msgid, previous_prefix))
    if entry.previous_msgid_plural is not None:
        fields.append(("msgid_plural", entry.previous_msgid_plural, previous_prefix))
    if entry.context is not None:
        fields.append(("msgctxt", entry.context, prefix))
    fields.append(("msgid", entry.msgid, prefix))
    if entry.msgid_plural is not None:
        fields.append(("msgid_plural", entry.msgid_plural, prefix))
        for index, translation in enumerate(entry.msgstr_plural or ("",)):
            fields.append((f"msgstr[{index}]", translation, prefix))
    else:
        fields.append(("msgstr", entry.msgstr, prefix))
    language = first_format_language(normalized_flags(entry.flags))
    for name, value, field_prefix in fields:
        yield from wrap_field(name, value, field_prefix, wrap=wrap, cjk=cjk, format_language=language)


def header_entry(catalog: Catalog) -> CatalogEntry:
    header = catalog.header
    return CatalogEntry(
        msgid="",
        msgstr=header.msgstr(),
        flags=header.flags,
        translator_comments=header.comments,
        extracted_comments=header.extracted_comments,
        references=header.references,
    )


def format_po(catalog: Catalog) -> str:
    """The PO text of a catalog: header, active entries in order, then obsolete entries with a
    translation. Lines are broken as msgcat breaks them in the charset the header declares."""
    blocks: list[str] = []
    entries = [entry for entry in catalog.entries if not entry.obsolete]
    # msgcat drops an obsolete entry whose msgstr[0] is empty even when another form is filled in;
    # that would lose the translation, so such an entry is written.
    entries += [entry for entry in catalog.entries if entry.obsolete and any(entry.translations)]
    if catalog.has_header:
        entries.insert(0, header_entry(catalog))
    cjk = catalog.header.charset.upper() in _CJK_CHARSETS
    for entry in entries:
        blocks.append("\n".join(_entry_lines(entry, cjk)) + "\n")
    return "\n".join(blocks)


def write_po(catalog: Catalog) -> bytes:
    """The PO file of a catalog, encoded as its header's ``charset`` says.

    A catalog whose text its declared charset cannot carry (Urdu in an ISO-8859-1 catalog), or whose
    charset Python does not know, is written as UTF-8 with the header saying so: the bytes and the
    header never disagree.
    """
    try:
        codec = codecs.lookup(catalog.header.charset).name
    except LookupError:
        codec = None
    if codec is not None:
        try:
            return format_po(catalog).encode(codec)
        except UnicodeEncodeError:
            pass
    return format_po(replace(catalog, header=catalog.header.with_charset("UTF-8"))).encode("utf-8")
