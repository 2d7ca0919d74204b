"""msgmerge's similarity measure (gnulib fstrcmp): 2 * LCS / (len(a) + len(b)) over UTF-8 bytes."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from toolkit.catalogs.similarity import common_subsequence_length, similarity


def _dynamic_programming(first: bytes, second: bytes) -> int:
    row = [0] * (len(second) + 1)
    for byte in first:
        diagonal = 0
        for index, other in enumerate(second, start=1):
            diagonal, row[index] = (
                row[index],
                diagonal + 1 if byte == other else max(row[index], row[index - 1]),
            )
    return row[-1]


@given(
    st.binary(max_size=80, min_size=0).map(lambda data: bytes(b % 4 for b in data)), st.binary(max_size=80)
)
def test_bit_parallel_subsequence_equals_dynamic_programming(first: bytes, second: bytes) -> None:
    second = bytes(b % 4 for b in second)
    assert common_subsequence_length(first, second) == _dynamic_programming(first, second)


def test_values_of_fstrcmp() -> None:
    # msgl-fsearch.c: '"close" and "c l o s e" ... fstrcmp() will find that they are quite similar (= 0.71)'.
    assert round(similarity(b"close", b"c l o s e"), 2) == 0.71
    assert similarity(b"", b"") == 1.0
    assert similarity(b"abc", b"") == 0.0
    assert similarity(b"Print file", b"Print files") == 20 / 21
    # Below the bound the cheap estimates answer 0.0 without the subsequence.
    assert similarity(b"a", b"abcdefgh", lower_bound=0.6) == 0.0
    assert similarity(b"a" * 10 + b"b" * 10, b"a" * 10 + b"c" * 10, lower_bound=0.6) == 0.0
    assert similarity(b"a" * 10 + b"b" * 10, b"a" * 10 + b"c" * 10) == 0.5
    assert similarity(b"abcdefghijkl", b"lkjihgfedcba", lower_bound=0.6) == 2 / 24  # no estimate applies
    # Bytes, not characters: "ü" is two bytes in UTF-8.
    assert similarity("über".encode(), b"uber") == 6 / 9
