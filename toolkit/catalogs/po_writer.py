"""Write catalogs as PO files, byte for byte as GNU msgcat writes the same entries.

Translators' tools (Poedit, Lokalize, Weblate) and the GNU tools rewrite PO files with GNU's wrapping
and escaping; writing the same way means a catalog that went through an editor and back through
``quizkit update`` shows only real changes in version control. As GNU does, the writer normalizes: the
fuzzy flag is written only on entries with a translation, unknown flags are dropped, and obsolete
entries without a translation are dropped.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from dataclasses import replace

from toolkit.catalogs.catalog import FUZZY, Catalog, CatalogEntry
from toolkit.catalogs.line_breaking import fast_width_breaks, is_plain

PAGE_WIDTH = 79

# Format flags in the order GNU gettext 0.21 writes them (its format_language table).
_FORMAT_LANGUAGES = [
    "c",
    "objc",
    "python",
    "python-brace",
    "java",
    "java-printf",
    "csharp",
    "javascript",
    "scheme",
    "lisp",
    "elisp",
    "librep",
    "ruby",
    "sh",
    "awk",
    "lua",
    "object-pascal",
    "smalltalk",
    "qt",
    "qt-plural",
    "kde",
    "kde-kuit",
    "boost",
    "tcl",
    "perl",
    "perl-brace",
    "php",
    "gcc-internal",
    "gfc-internal",
    "ycp",
]
_FORMAT_ORDER = {
    flag: index
    for index, language in enumerate(_FORMAT_LANGUAGES)
    for flag in (f"{language}-format", f"no-{language}-format", f"possible-{language}-format")
}
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


def wrap_field(name: str, value: str, prefix: str = "") -> Iterator[str]:
    """The lines of one keyword and its string, e.g. ``msgid "..."``, wrapped as GNU wraps them."""
    portions = _portions(value)
    if len(portions) == 1:
        escaped, prohibited = _escape(portions[0])
        if len(prefix) + len(name) + len(escaped) + 3 <= PAGE_WIDTH and _is_narrow(escaped):
            yield f'{prefix}{name} "{escaped}"'
            return
    after_break = len(prefix) + 1
    width = PAGE_WIDTH - 1 - after_break
    first_line = True
    for index, portion in enumerate(portions):
        escaped, prohibited = _escape(portion)
        if escaped.endswith("\\n") and len(escaped) >= 2:
            prohibited.add(len(escaped) - 2)  # never break right before the final \n
        start = len(name) + 1 if first_line else 0
        breaks = fast_width_breaks(escaped, width, start, prohibited)
        if first_line and escaped and (index < len(portions) - 1 or start > width or breaks):
            yield f'{prefix}{name} ""'
            first_line = False
            breaks = fast_width_breaks(escaped, width, 0, prohibited)
        lead = f"{prefix}{name} " if first_line else prefix
        first_line = False
        previous = 0
        for position in breaks:
            yield f'{lead}"{escaped[previous:position]}"'
            lead = prefix
            previous = position
        yield f'{lead}"{escaped[previous:]}"'


def _flags_line(entry: CatalogEntry, first_translation: str) -> str | None:
    flags: list[str] = []
    if entry.is_fuzzy and first_translation:
        flags.append(FUZZY)
    formats = sorted((flag for flag in entry.flags if flag in _FORMAT_ORDER), key=_FORMAT_ORDER.__getitem__)
    flags.extend(formats)
    flags.extend(flag for flag in entry.flags if flag.startswith("range:"))
    flags.extend(flag for flag in entry.flags if flag in ("wrap", "no-wrap"))
    if not flags:
        return None
    return "#, " + ", ".join(flags)


def _comment_lines(entry: CatalogEntry) -> Iterator[str]:
    for comment in entry.translator_comments:
        for line in comment.split("\n"):
            yield f"# {line}" if line else "#"
    for comment in entry.extracted_comments:
        yield f"#. {comment}" if comment else "#."
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


def _entry_lines(entry: CatalogEntry) -> Iterator[str]:
    first_translation = _first_translation(entry)
    yield from _comment_lines(entry)
    flags = _flags_line(entry, first_translation)
    if flags:
        yield flags
    previous_prefix, prefix = ("#~| ", "#~ ") if entry.obsolete else ("#| ", "")
    if entry.previous_context is not None:
        yield from wrap_field("msgctxt", entry.previous_context, previous_prefix)
    if entry.previous_msgid is not None:
        yield from wrap_field("msgid", entry.previous_msgid, previous_prefix)
    if entry.previous_msgid_plural is not None:
        yield from wrap_field("msgid_plural", entry.previous_msgid_plural, previous_prefix)
    if entry.context is not None:
        yield from wrap_field("msgctxt", entry.context, prefix)
    yield from wrap_field("msgid", entry.msgid, prefix)
    if entry.msgid_plural is not None:
        yield from wrap_field("msgid_plural", entry.msgid_plural, prefix)
        for index, translation in enumerate(entry.msgstr_plural or ("",)):
            yield from wrap_field(f"msgstr[{index}]", translation, prefix)
    else:
        yield from wrap_field("msgstr", entry.msgstr, prefix)


def header_entry(catalog: Catalog) -> CatalogEntry:
    header = catalog.header
    return CatalogEntry(
        msgid="", msgstr=header.msgstr(), flags=header.flags, translator_comments=header.comments
    )


def format_po(catalog: Catalog) -> str:
    """The PO text of a catalog: header, active entries in order, then obsolete entries."""
    blocks: list[str] = []
    entries = [entry for entry in catalog.entries if not entry.obsolete]
    entries += [entry for entry in catalog.entries if entry.obsolete and _first_translation(entry)]
    if catalog.has_header:
        entries.insert(0, header_entry(catalog))
    for entry in entries:
        blocks.append("\n".join(_entry_lines(entry)) + "\n")
    return "\n".join(blocks)


def write_po(catalog: Catalog) -> bytes:
    """The PO file of a catalog, encoded as its header's ``charset`` says.

    A catalog whose text its declared charset cannot carry (Urdu in an ISO-8859-1 catalog) is written as
    UTF-8 with the header saying so: the bytes and the header never disagree.
    """
    text = format_po(catalog)
    charset = catalog.header.charset
    try:
        codec = codecs.lookup(charset).name
    except LookupError:
        codec = "utf-8"
    if codec == "utf-8":
        return text.encode("utf-8")
    try:
        return text.encode(codec)
    except UnicodeEncodeError:
        return format_po(replace(catalog, header=catalog.header.with_charset("UTF-8"))).encode("utf-8")
