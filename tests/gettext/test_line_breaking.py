"""Line-break opportunities agree with GNU libunistring, the library msgcat wraps PO files with.

The tables in ``toolkit/gettext/line_break_table.py`` are read out of libunistring by
``scripts/generate_line_break_table.py``; these tests check them, and the port of libunistring's loops,
against the installed library: every line-breaking property, in pairs and in random strings, with the
widths and the greedy pass, in UTF-8 and in a CJK charset.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import importlib.util
import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.gettext import line_break_table
from toolkit.gettext.line_breaking import (
    _PROPERTIES,
    _WIDTHS,
    break_property,
    display_width,
    fast_width_breaks,
    possible_breaks,
    width_breaks,
)

ROOT = Path(__file__).resolve().parents[2]


def _load_libunistring() -> ctypes.CDLL | None:
    for name in ("libunistring.so.2", "libunistring.so.5", ctypes.util.find_library("unistring")):
        if not name:
            continue
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


LIBUNISTRING = _load_libunistring()
needs_libunistring = pytest.mark.skipif(
    LIBUNISTRING is None,
    reason="libunistring is not installed (it comes with GNU gettext: apt-get install gettext)",
)

# Every character class quiz content uses: ASCII, Urdu letters, marks and punctuation, Arabic-Indic
# digits, typographic punctuation, joiners and bidi controls.
ALPHABET = (
    list("aZ09 !\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~\t")
    + list("سلامیہھۓ۔،؟؛٪۰۹٠٩ًٌَُِّْٰٓٔـ")
    + list("\u00a0\u00ab\u00bb\u00d7\u00e9\u0301\u00b0\u00ad\u2010\u2011\u2013\u2014\u2018\u2019\u201c\u201d")
    + list("\u2026\u200b\u200c\u200d\u200e\u200f\u2066\u2069\u202a\u2060\u2212\u20ac")
)


def gnu_breaks(text: str, encoding: bytes = b"UTF-8") -> list[bool]:
    assert LIBUNISTRING is not None
    encoded = text.encode("utf-8")
    result = ctypes.create_string_buffer(len(encoded))
    LIBUNISTRING.u8_possible_linebreaks(encoded, ctypes.c_size_t(len(encoded)), encoding, result)
    return _per_character(text, result.raw)


def _per_character(text: str, flags: bytes) -> list[bool]:
    breaks: list[bool] = []
    position = 0
    for character in text:
        breaks.append(flags[position] == 2)  # UC_BREAK_POSSIBLE
        position += len(character.encode("utf-8"))
    return breaks


def gnu_width_breaks(text: str, width: int, start: int, encoding: bytes = b"UTF-8") -> list[int]:
    """Where u8_width_linebreaks breaks ``text`` (character indexes)."""
    assert LIBUNISTRING is not None
    encoded = text.encode("utf-8")
    result = ctypes.create_string_buffer(len(encoded))
    LIBUNISTRING.u8_width_linebreaks(
        encoded, ctypes.c_size_t(len(encoded)), width, start, 0, None, encoding, result
    )
    return [index for index, possible in enumerate(_per_character(text, result.raw)) if possible]


def _generator() -> object:
    spec = importlib.util.spec_from_file_location("generator", ROOT / "scripts/generate_line_break_table.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _representatives() -> list[str]:
    """Up to three characters of every line-breaking property in the table (first, middle, last)."""
    found: dict[int, list[int]] = {}
    for code, value in enumerate(_PROPERTIES):
        if not 0xD800 <= code <= 0xDFFF:
            found.setdefault(value, []).append(code)
    chosen: list[str] = []
    for codes in found.values():
        chosen.extend(chr(code) for code in dict.fromkeys((codes[0], codes[len(codes) // 2], codes[-1])))
    return chosen


# Every property, the characters issue 15 names, and what quiz content uses.
EVERY_CLASS = sorted(
    {
        *_representatives(),
        *"₨₹£¥¢¤±‰%¡¿।。、ァィゥッャュョぁぃっゃー々✅❤👍🏽🇵🇰\u200d\u05d0-\u2010\u00ad\u0085\u2028",
        *ALPHABET,
    }
)


@needs_libunistring
def test_every_pair_with_and_without_spaces() -> None:
    differences = [
        text
        for first, second in itertools.product(ALPHABET, repeat=2)
        for middle in ("", " ", "  ")
        if possible_breaks(text := f"x{first}{middle}{second}x") != gnu_breaks(text)
    ]
    assert differences == []


@needs_libunistring
@settings(max_examples=examples(3000), deadline=None)
@given(st.text(alphabet=st.sampled_from(ALPHABET), max_size=24))
def test_random_strings(text: str) -> None:
    assert possible_breaks(text) == gnu_breaks(text)


@needs_libunistring
def test_tables_are_the_installed_libunistrings() -> None:
    generator = _generator()
    assert LIBUNISTRING is not None
    properties = generator._Properties.in_dll(LIBUNISTRING, "libunistring_unilbrkprop")  # type: ignore[attr-defined]
    assert bytes(generator._property(properties, code) for code in range(0x110000)) == _PROPERTIES  # type: ignore[attr-defined]
    uc_width = LIBUNISTRING.uc_width
    uc_width.argtypes = [ctypes.c_uint32, ctypes.c_char_p]
    uc_width.restype = ctypes.c_int
    sample = [*range(0, 0x3400), *range(0xA000, 0x20000, 7), *range(0xE0000, 0xE0200)]
    assert [uc_width(code, b"UTF-8") & 0xFF for code in sample if not 0xD800 <= code <= 0xDFFF] == [
        _WIDTHS[code] for code in sample if not 0xD800 <= code <= 0xDFFF
    ]
    pairs = (ctypes.c_ubyte * (33 * 33)).in_dll(LIBUNISTRING, "libunistring_unilbrk_table")
    assert ["".join(" DIP"[pairs[row * 33 + column]] for column in range(33)) for row in range(33)] == list(
        line_break_table.PAIRS
    )


@needs_libunistring
@pytest.mark.parametrize("encoding", [b"UTF-8", b"EUC-JP"])
def test_every_class_pair_with_and_without_spaces(encoding: bytes) -> None:
    cjk = encoding != b"UTF-8"
    differences = [
        text
        for first, second in itertools.product(EVERY_CLASS, repeat=2)
        for middle in ("", " ")
        if possible_breaks(text := f"x{first}{middle}{second}", cjk) != gnu_breaks(text, encoding)
    ]
    assert differences == []


@needs_libunistring
@settings(max_examples=examples(2000), deadline=None)
@given(st.text(alphabet=st.sampled_from([*EVERY_CLASS, " "]), max_size=30), st.booleans())
def test_random_strings_of_every_class(text: str, cjk: bool) -> None:
    assert possible_breaks(text, cjk) == gnu_breaks(text, b"EUC-JP" if cjk else b"UTF-8")


@needs_libunistring
@settings(max_examples=examples(1500), deadline=None)
@given(
    st.text(alphabet=st.sampled_from([*EVERY_CLASS, " ", "a", "b"]), max_size=120),
    st.integers(3, 80),
    st.integers(0, 12),
    st.booleans(),
)
def test_greedy_pass_and_widths_equal_libunistrings(text: str, width: int, start: int, cjk: bool) -> None:
    encoding = b"EUC-JP" if cjk else b"UTF-8"
    assert width_breaks(text, width, start, cjk=cjk) == gnu_width_breaks(text, width, start, encoding)


@needs_libunistring
def test_widths_in_a_cjk_charset() -> None:
    assert LIBUNISTRING is not None
    uc_width = LIBUNISTRING.uc_width
    uc_width.argtypes = [ctypes.c_uint32, ctypes.c_char_p]
    uc_width.restype = ctypes.c_int
    for character in EVERY_CLASS:
        expected = max(uc_width(ord(character), b"EUC-JP"), 0)
        assert display_width(character, cjk=True) == expected, hex(ord(character))


def test_issue_15_characters_have_libunistrings_classes() -> None:
    """Read off libunistring 1.0: PR and PO signs, opening punctuation, the danda, small kana."""
    from toolkit.gettext import line_breaking as classes

    expected = {
        "₨": classes.PR,
        "₹": classes.PR,
        "£": classes.PR,
        "¥": classes.PR,
        "±": classes.PR,
        "¢": classes.PO,
        "‰": classes.PO,
        "¡": classes.OP1,
        "¿": classes.OP1,
        "।": classes.BA,
        "ァ": classes.NS,
        "。": classes.CL,
        "、": classes.CL,
        "¤": classes.PR,
        "✅": classes.AL,
        "❤": classes.ID1,
    }
    assert {character: break_property(character) for character in expected} == expected


def test_greedy_width_breaks_at_the_last_opportunity() -> None:
    text = "aaaa bbbb cccc dddd"
    assert width_breaks(text, 10, 0) == [10]
    assert width_breaks(text, 100, 0) == []
    assert width_breaks("averyveryverylongword", 5, 0) == []


def test_prohibited_positions_are_respected() -> None:
    assert width_breaks("aaaa bbbb", 6, 0, prohibited={5}) == []


@settings(max_examples=examples(2000), deadline=None)
@given(
    st.lists(st.sampled_from([*EVERY_CLASS, "中", "  ", "   "]), max_size=160).map("".join),
    st.integers(3, 80),
    st.integers(0, 12),
    st.sets(st.integers(0, 160), max_size=8),
)
def test_fast_path_breaks_exactly_like_the_exact_loop(
    text: str, width: int, start: int, prohibited: set[int]
) -> None:
    prohibited = {index for index in prohibited if index < len(text)}
    assert fast_width_breaks(text, width, start, prohibited) == width_breaks(text, width, start, prohibited)
