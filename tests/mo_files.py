"""Read the messages of a GNU ``.mo`` file, to compare quizkit's with msgfmt's (tests only)."""

from __future__ import annotations

import struct

MAGIC = 0x950412DE


def mo_messages(data: bytes) -> dict[bytes, bytes]:
    """Every original string (``msgctxt\\x04msgid\\x00msgid_plural``) and its translation, as bytes:
    the strings of a .mo file are in the catalog's charset, so they are compared undecoded."""
    (magic,) = struct.unpack("<I", data[:4])
    order = "<" if magic == MAGIC else ">"
    _, count, originals, translations = struct.unpack(f"{order}4I", data[4:20])
    messages: dict[bytes, bytes] = {}
    for index in range(count):
        length, offset = struct.unpack(f"{order}2I", data[originals + 8 * index : originals + 8 * index + 8])
        original = data[offset : offset + length]
        length, offset = struct.unpack(
            f"{order}2I", data[translations + 8 * index : translations + 8 * index + 8]
        )
        messages[original] = data[offset : offset + length]
    return messages
