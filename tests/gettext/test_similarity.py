"""msgmerge's similarity measure (gnulib fstrcmp): 2 * LCS / (len(a) + len(b)) over UTF-8 bytes."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.gettext.similarity import FUZZY_THRESHOLD, common_subsequence_length, similarity


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


def _python_subsequence(first: bytes, second: bytes) -> int:
    """The reference: the bit-parallel LCS (Hyyrö 2004) quizkit computed in Python before rapidfuzz."""
    if not first or not second:
        return 0
    masks: dict[int, int] = {}
    for position, byte in enumerate(first):
        masks[byte] = masks.get(byte, 0) | (1 << position)
    full = (1 << len(first)) - 1
    row = full
    for byte in second:
        matches = row & masks.get(byte, 0)
        row = ((row + matches) | (row - matches)) & full
    return len(first) - row.bit_count()


def _python_similarity(first: bytes, second: bytes, lower_bound: float) -> float:
    """The reference: fstrcmp with its cheap bounds, as quizkit computed it in Python before rapidfuzz."""
    total = len(first) + len(second)
    if not first or not second:
        return 1.0 if total == 0 else 0.0
    if lower_bound > 0:
        if 2 * min(len(first), len(second)) / total < lower_bound:
            return 0.0
        if total >= 20:
            histogram = Counter(first)
            pairs = sum(min(count, histogram.get(byte, 0)) for byte, count in Counter(second).items())
            if 2 * pairs / total < lower_bound:
                return 0.0
    return 2 * _python_subsequence(first, second) / total


# Few distinct characters, so that texts share long subsequences: Latin, Urdu letters (U+0600-U+06FF,
# whose UTF-8 bytes share a lead byte), combining marks (Arabic harakat, Latin accents), the zero-width
# non-joiner and astral characters (four UTF-8 bytes each).
_CHARACTERS = st.one_of(
    st.sampled_from("ab ?"),
    st.sampled_from("سوالجوابکیںےھ"),
    st.characters(min_codepoint=0x0600, max_codepoint=0x06FF),
    st.sampled_from("\u064b\u064e\u0650\u0651\u0670\u0301\u0308\u200c"),
    st.characters(min_codepoint=0x1F300, max_codepoint=0x1F6FF),
    st.sampled_from("𝑥𝑦😀"),
)


@st.composite
def _text_pairs(draw: st.DrawFn) -> tuple[str, str]:
    """Two texts, the second either unrelated to the first or the first with a few edits (so that the
    similarity lands on both sides of msgmerge's threshold)."""
    first = draw(st.text(_CHARACTERS, max_size=60))
    if draw(st.booleans()):
        return first, draw(st.text(_CHARACTERS, max_size=60))
    second = list(first)
    for _ in range(draw(st.integers(0, 6))):
        position = draw(st.integers(0, len(second)))
        edit = draw(st.sampled_from(("insert", "delete", "replace")))
        if edit == "insert" or position == len(second):
            second.insert(position, draw(_CHARACTERS))
        elif edit == "delete":
            del second[position]
        else:
            second[position] = draw(_CHARACTERS)
    return first, "".join(second)


@settings(max_examples=examples(1000), deadline=None)
@given(
    _text_pairs(),
    st.one_of(
        st.sampled_from((0.0, FUZZY_THRESHOLD, FUZZY_THRESHOLD - 0.00001 * 1.01)),
        st.floats(min_value=0.0, max_value=1.0),
    ),
)
def test_rapidfuzz_gives_what_the_python_algorithm_gave(texts: tuple[str, str], lower_bound: float) -> None:
    first, second = (text.encode("utf-8") for text in texts)
    assert common_subsequence_length(first, second) == _python_subsequence(first, second)
    assert similarity(first, second, lower_bound) == _python_similarity(first, second, lower_bound)
    assert similarity(second, first, lower_bound) == _python_similarity(second, first, lower_bound)
