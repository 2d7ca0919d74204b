"""PO string literals read alone: the escapes GNU's lexer knows, escaped bytes in the file's charset,
and the messages for a broken literal (the reader adds the file and line; test_po_files.py checks that)."""

from __future__ import annotations

import pytest

from toolkit.gettext.po_literals import decoded_bytes, holds_escaped_bytes, literal_value


@pytest.mark.parametrize(
    ("literal", "codec", "text"),
    [
        ('"plain"', "utf-8", "plain"),
        ('""', "utf-8", ""),
        ('"a\\nb\\tc\\\\d\\"e"', "utf-8", 'a\nb\tc\\d"e'),
        ('"\\a\\b\\f\\r\\v"', "utf-8", "\a\b\f\r\v"),
        ('"caf\\303\\251"', "utf-8", "café"),  # octal bytes of one UTF-8 character
        ('"caf\\xc3\\xa9"', "utf-8", "café"),
        ('"caf\\351"', "latin-1", "café"),  # the same bytes mean the file's charset
        ('"\\101\\x42"', "utf-8", "AB"),
    ],
)
def test_escapes_are_read_as_gnu_reads_them(literal: str, codec: str, text: str) -> None:
    assert literal_value(literal, codec) == text


def test_bytes_of_a_character_split_across_lines_decode_once_joined() -> None:
    first, second = literal_value('"\\303"', "utf-8"), literal_value('"\\251"', "utf-8")
    assert holds_escaped_bytes(first) and holds_escaped_bytes(second)
    assert decoded_bytes(first + second, "utf-8") == "é"
    assert not holds_escaped_bytes("é")


def test_escaped_bytes_that_never_make_a_character_are_refused() -> None:
    with pytest.raises(ValueError) as caught:
        decoded_bytes(literal_value('"\\303"', "utf-8"), "utf-8")
    assert str(caught.value) == "escaped bytes b'\\xc3' are not valid utf-8; write the characters themselves"


@pytest.mark.parametrize(
    ("literal", "message"),
    [
        ('"open', "unterminated string: a string must start and end with a double quote on one line"),
        (
            '"ends in an escaped quote\\"',
            "unterminated string: a string must start and end with a double quote on one line",
        ),
        ('"', "unterminated string: a string must start and end with a double quote on one line"),
        ('"say "hi""', 'unescaped double quote inside a string; write it as \\"'),
        ('"\\q"', "invalid escape sequence '\\q'"),
        ('"\\\'"', "invalid escape sequence '\\''"),  # C's \' is no PO escape
        (
            '"ends in a backslash\\\\\\"',
            "unterminated string: a string must start and end with a double quote on one line",
        ),
    ],
)
def test_a_broken_literal_says_what_is_wrong(literal: str, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        literal_value(literal, "utf-8")
    assert str(caught.value) == message
