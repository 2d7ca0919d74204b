"""Canonical JSON (RFC 8785) as content hashes use it: keys in UTF-16 order, with or without the fast
path for keys that sort the same by code points."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from toolkit.exporters.canonical_json import _sorted, canonical_json, content_hash


def test_keys_sort_by_utf16_code_units_as_rfc_8785_shows() -> None:
    # RFC 8785, 3.2.3: U+1F600 (D83D DE00 in UTF-16) sorts before U+FB33, unlike in code-point order.
    keys = ["\u20ac", "\r", "\ufb33", "1", "\U0001f600", "\u0080", "\u00f6"]
    text = canonical_json({key: index for index, key in enumerate(keys)})
    assert list(json.loads(text)) == ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\U0001f600", "\ufb33"]


def test_keys_below_the_surrogates_sort_by_code_point() -> None:
    value = {"b": [{"z": 1, "é": 2, "a": None}], "a": True, "ab": "ٹیسٹ"}
    assert canonical_json(value) == '{"a":true,"ab":"ٹیسٹ","b":[{"a":null,"z":1,"é":2}]}'


def test_floating_point_numbers_are_refused() -> None:
    with pytest.raises(TypeError, match="no floating-point numbers"):
        canonical_json({"a": [1, 2.5]})


keys = st.text(max_size=4)
values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(keys, children, max_size=4),
    max_leaves=12,
)


@given(values)
def test_the_fast_path_writes_what_sorting_by_utf16_writes(value: object) -> None:
    slow = json.dumps(_sorted(value), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    assert canonical_json(value) == slow
    assert content_hash(value).startswith("sha256:")
