"""Compile catalogs to GNU ``.mo`` files in linear time.

polib's and translate-toolkit's writers are quadratic (minutes at 50,000 entries); this one builds the
two string tables in one pass. Like ``msgfmt``, it leaves out untranslated entries and, unless asked,
fuzzy ones; the header entry is always included. The hash table is left empty, which GNU gettext and
Python's :mod:`gettext` both accept (lookups fall back to binary search over the sorted keys).
"""

from __future__ import annotations

import array
import codecs
import sys
from dataclasses import replace

from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_writer import header_entry
from toolkit.gettext.review import is_approved

MAGIC = 0x950412DE


def _included(entry: CatalogEntry, use_fuzzy: bool, require_approved: bool) -> bool:
    if entry.obsolete:
        return False
    if require_approved:
        # The release gate: an approval is valid only for a translated (never a fuzzy) entry.
        return is_approved(entry)
    translations = entry.translations
    if not translations or not translations[0]:
        return False
    return use_fuzzy or not entry.is_fuzzy


def compile_mo(catalog: Catalog, *, use_fuzzy: bool = False, require_approved: bool = False) -> bytes:
    """The ``.mo`` file of a catalog. Its strings are in the charset the header declares, as msgfmt
    writes them (gettext converts from that charset at run time); a catalog its charset cannot carry
    is compiled as UTF-8 with the header saying so, as :func:`~toolkit.catalogs.write_po` writes it.
    ``require_approved`` (the release gate): only approved translations go in; gettext shows the
    source text for the others."""
    codec = _codec(catalog.header.charset)
    try:
        return _compile(catalog, use_fuzzy, require_approved, codec)
    except UnicodeEncodeError:
        utf8 = replace(catalog, header=catalog.header.with_charset("UTF-8"))
        return _compile(utf8, use_fuzzy, require_approved, "utf-8")


def _codec(charset: str) -> str:
    try:
        return codecs.lookup(charset).name
    except LookupError:
        return "utf-8"


def _reproducible(header: str) -> str:
    """The header without its first ``POT-Creation-Date:`` line, which msgfmt leaves out so that the
    same catalog always compiles to the same bytes (write-mo.c, "reproducible builds")."""
    position = 0
    while not header.startswith("POT-Creation-Date:", position):
        newline = header.find("\n", position)
        if newline < 0:
            return header
        position = newline + 1
    end = header.find("\n", position)
    return header[:position] + ("" if end < 0 else header[end + 1 :])


def _compile(catalog: Catalog, use_fuzzy: bool, require_approved: bool, codec: str) -> bytes:
    pairs: list[tuple[bytes, bytes]] = []
    if catalog.has_header:
        header = header_entry(catalog)
        pairs.append((b"", _reproducible(header.msgstr).encode(codec)))
    for entry in catalog.entries:
        if not _included(entry, use_fuzzy, require_approved):
            continue
        key = entry.msgid if entry.context is None else f"{entry.context}\x04{entry.msgid}"
        if entry.msgid_plural is not None:
            key = f"{key}\x00{entry.msgid_plural}"
            value = "\x00".join(entry.msgstr_plural)
        else:
            value = entry.msgstr
        pairs.append((key.encode(codec), value.encode(codec)))
    pairs.sort(key=lambda pair: pair[0])

    count = len(pairs)
    header_size = 7 * 4
    originals_offset = header_size
    translations_offset = originals_offset + count * 8
    strings_offset = translations_offset + count * 8
    table = array.array("I")
    chunks: list[bytes] = []
    original_table, position = _string_table([original for original, _ in pairs], strings_offset, chunks)
    translation_table, _ = _string_table([translation for _, translation in pairs], position, chunks)
    table.extend((MAGIC, 0, count, originals_offset, translations_offset, 0, strings_offset))
    if sys.byteorder != "little":
        for part in (table, original_table, translation_table):
            part.byteswap()
    return table.tobytes() + original_table.tobytes() + translation_table.tobytes() + b"".join(chunks)


def _string_table(strings: list[bytes], position: int, chunks: list[bytes]) -> tuple[array.array[int], int]:
    """The (length, offset) table of ``strings``, stored NUL-terminated from ``position`` on by appending
    each to ``chunks``; and the position after the last."""
    table = array.array("I")
    for string in strings:
        table.extend((len(string), position))
        chunks.append(string + b"\x00")
        position += len(string) + 1
    return table, position
