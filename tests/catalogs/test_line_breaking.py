"""Line-break opportunities agree with GNU libunistring, the library msgcat wraps PO files with."""

from __future__ import annotations

import ctypes
import ctypes.util
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.catalogs.line_breaking import possible_breaks, width_breaks


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


def gnu_breaks(text: str) -> list[bool]:
    assert LIBUNISTRING is not None
    encoded = text.encode("utf-8")
    result = ctypes.create_string_buffer(len(encoded))
    LIBUNISTRING.u8_possible_linebreaks(encoded, ctypes.c_size_t(len(encoded)), b"UTF-8", result)
    breaks: list[bool] = []
    position = 0
    for character in text:
        breaks.append(result.raw[position] == 2)  # UC_BREAK_POSSIBLE
        position += len(character.encode("utf-8"))
    return breaks


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
@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet=st.sampled_from(ALPHABET), max_size=24))
def test_random_strings(text: str) -> None:
    assert possible_breaks(text) == gnu_breaks(text)


def test_greedy_width_breaks_at_the_last_opportunity() -> None:
    text = "aaaa bbbb cccc dddd"
    assert width_breaks(text, 10, 0) == [10]
    assert width_breaks(text, 100, 0) == []
    assert width_breaks("averyveryverylongword", 5, 0) == []


def test_prohibited_positions_are_respected() -> None:
    assert width_breaks("aaaa bbbb", 6, 0, prohibited={5}) == []


@settings(max_examples=2000, deadline=None)
@given(
    st.lists(st.sampled_from([*ALPHABET, "中", "  ", "   "]), max_size=160).map("".join),
    st.integers(3, 80),
    st.integers(0, 12),
    st.sets(st.integers(0, 160), max_size=8),
)
def test_fast_path_breaks_exactly_like_the_exact_loop(
    text: str, width: int, start: int, prohibited: set[int]
) -> None:
    from toolkit.catalogs.line_breaking import fast_width_breaks

    prohibited = {index for index in prohibited if index < len(text)}
    assert fast_width_breaks(text, width, start, prohibited) == width_breaks(text, width, start, prohibited)
