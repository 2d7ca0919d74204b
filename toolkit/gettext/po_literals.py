"""PO string literals: the text of a quoted string, with its escapes read as GNU gettext reads them.

Octal and hexadecimal escapes are bytes in the file's charset, and a character's bytes may be split
across the lines of one string (``"\\303"`` then ``"\\251"``); so a literal's text may hold bytes that are
no character yet, and the entry decodes them once all its lines are read (:func:`decoded_bytes`).
The reader (:mod:`toolkit.gettext.po_reader`) turns the ``ValueError`` raised here into a message
naming the file and line.
"""

from __future__ import annotations

import re

# The escapes GNU's lexer knows (po-lex.c, control_sequence); \' and \? are C but not PO.
_ESCAPE = re.compile(r"\\(?:([abfnrtv\\\"])|([0-7]{1,3})|x([0-9A-Fa-f]+)|(.)|$)", re.DOTALL)
_SIMPLE_ESCAPES = {
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\\": "\\",
    '"': '"',
}
# A quoted string: everything between the quotes, with escaped characters (\\" included) inside.
_LITERAL = re.compile(r'\s*"([^"\\]*(?:\\.[^"\\]*)*)"\s*', re.DOTALL)
# Escaped bytes that were no complete character are kept as surrogate escapes until the entry ends.
_SURROGATE_ESCAPE = re.compile("[\udc80-\udcff]")


def literal_value(literal: str, codec: str) -> str:
    """The text of a quoted string (``literal``, stripped, quotes included); ``codec`` is the file's
    charset, which escaped bytes are bytes of. Raises ``ValueError`` with the message for the line."""
    match = _LITERAL.fullmatch(literal)
    if match is None:
        if (
            len(literal) < 2
            or literal[0] != '"'
            or literal[-1] != '"'
            or (literal.endswith('\\"') and _odd_backslashes(literal))
        ):
            raise ValueError(
                "unterminated string: a string must start and end with a double quote on one line"
            )
        raise ValueError('unescaped double quote inside a string; write it as \\"')
    return _unescape(match.group(1), codec)


def holds_escaped_bytes(value: str) -> bool:
    """Whether ``value`` holds escaped bytes that were no complete character on their own."""
    return _SURROGATE_ESCAPE.search(value) is not None


def decoded_bytes(value: str, codec: str) -> str:
    """``value`` with the surrogate escapes of escaped bytes decoded in the file's charset."""
    if _SURROGATE_ESCAPE.search(value) is None:
        return value
    raw = value.encode(codec, "surrogateescape")
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as error:
        raise ValueError(
            f"escaped bytes {raw[error.start : error.end]!r} are not valid {codec}; "
            "write the characters themselves"
        ) from None


def _unescape(text: str, codec: str) -> str:
    """The text between a literal's quotes. Octal and hexadecimal escapes are bytes in the file's
    charset, as GNU reads them (``"caf\\303\\251"`` in a UTF-8 file is ``café``); bytes that are no
    complete character are surrogate escapes (:func:`decoded_bytes` finishes them)."""
    pieces: list[str] = []
    escaped_bytes = bytearray()
    position = 0

    def flush_bytes() -> None:
        if escaped_bytes:
            # A character's bytes may continue on the next line ("\\303" "\\251"), so bytes that do
            # not decode yet are kept as surrogate escapes; the entry decodes them once complete.
            pieces.append(escaped_bytes.decode(codec, "surrogateescape"))
            escaped_bytes.clear()

    for match in _ESCAPE.finditer(text):
        if match.start() > position:
            flush_bytes()
            pieces.append(text[position : match.start()])
        position = match.end()
        simple, octal, hexadecimal, other = match.groups()
        if octal is not None:
            escaped_bytes.append(int(octal, 8) & 0xFF)
        elif hexadecimal is not None:
            escaped_bytes.append(int(hexadecimal, 16) & 0xFF)
        elif simple is not None:
            flush_bytes()
            pieces.append(_SIMPLE_ESCAPES[simple])
        else:
            raise ValueError(f"invalid escape sequence '\\{other or ''}'")
    if position < len(text):
        flush_bytes()
        pieces.append(text[position:])
    flush_bytes()
    return "".join(pieces)


def _odd_backslashes(literal: str) -> bool:
    """Whether the quote ending ``literal`` is escaped (preceded by an odd number of backslashes)."""
    count = 0
    for character in reversed(literal[:-1]):
        if character != "\\":
            break
        count += 1
    return count % 2 == 1
