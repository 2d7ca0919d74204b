"""Bytes and the encoding a file says they are in: telling UTF-8 from the legacy encoding a header or an
XML declaration names.

UTF-8 saved under a declaration of another encoding (ISO-8859-1, windows-1252, or multi-byte as GBK,
GB18030, Shift_JIS, Big5) decodes into mojibake or fails at a wrong byte; text really written in such an
encoding almost never is valid UTF-8 with characters outside ASCII (Latin-1's accented letters would have
to be followed by C1 controls or symbols like ©, and GBK's and Shift_JIS's byte pairs rarely form UTF-8
sequences). The PO reader and the reader of untrusted XML both refuse such a file by this one rule.
"""

from __future__ import annotations

import codecs
import re

BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "UTF-32LE"),
    (codecs.BOM_UTF32_BE, "UTF-32BE"),
    (codecs.BOM_UTF8, "UTF-8"),
    (codecs.BOM_UTF16_LE, "UTF-16LE"),
    (codecs.BOM_UTF16_BE, "UTF-16BE"),
)
"""Byte order marks and the encoding each says, the longest first (UTF-32LE's begins with UTF-16LE's)."""


def byte_order_mark(data: bytes) -> tuple[bytes, str] | None:
    """The byte order mark ``data`` starts with and the encoding it names, or None."""
    return next(((mark, name) for mark, name in BYTE_ORDER_MARKS if data.startswith(mark)), None)


_UNMARKED_XML_STARTS = (
    (re.compile(rb"(?:[\t\n\r ]\x00\x00\x00)*<\x00\x00\x00"), "UTF-32LE"),
    (re.compile(rb"(?:\x00\x00\x00[\t\n\r ])*\x00\x00\x00<"), "UTF-32BE"),
    (re.compile(rb"(?:[\t\n\r ]\x00)*<\x00"), "UTF-16LE"),
    (re.compile(rb"(?:\x00[\t\n\r ])*\x00<"), "UTF-16BE"),
)
"""How a document's first '<' (after white space, which a document without a declaration may start
with) is written in each wide encoding; UTF-32's first, since its LE form begins as UTF-16LE's does."""


def unmarked_xml_encoding(data: bytes) -> str | None:
    """The wide encoding (UTF-16 or UTF-32) of an XML document without a byte order mark, told by how its
    first ``<`` is written (XML 1.0, appendix F); None when it starts as UTF-8 or another byte encoding
    does. Appendix F lists ``<?`` for UTF-16; any ``<`` is taken, as a NUL beside it can mean nothing
    else, so a file written without its declaration is read rather than refused as not well-formed."""
    return next((name for start, name in _UNMARKED_XML_STARTS if start.match(data)), None)


_BEYOND_ASCII = re.compile(rb"[\x80-\xff]")


def mislabelled_utf8_line(data: bytes) -> int | None:
    """The line of the first character outside ASCII when ``data`` is valid UTF-8 holding one (then a
    legacy encoding it is said to be in is almost surely wrong), else None."""
    first = _BEYOND_ASCII.search(data)
    if first is None:
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return data.count(b"\n", 0, first.start()) + 1
