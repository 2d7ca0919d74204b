"""Canonical JSON (RFC 8785, JCS) for content hashes.

For data without floating-point numbers, JCS is: keys sorted by UTF-16 code units, no whitespace,
strings escaped only where JSON requires. Bundles hold strings, integers, booleans and null only.
"""

from __future__ import annotations

import hashlib
import json


def _check(value: object) -> bool:
    """Raise for what canonical JSON here cannot hold; True when every object key sorts the same by
    code points as by UTF-16 code units (no key holds a character from U+D800 up)."""
    if isinstance(value, float):
        raise TypeError("canonical JSON here supports no floating-point numbers")
    plain = True
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError("object keys must be strings")
            if key and max(key) >= "\ud800":
                plain = False
            plain = _check(item) and plain
    elif isinstance(value, list | tuple):
        for item in value:
            plain = _check(item) and plain
    return plain


def _utf16_key(item: tuple[str, object]) -> bytes:
    return item[0].encode("utf-16-be")


def _sorted(value: object) -> object:
    if isinstance(value, dict):
        return {key: _sorted(item) for key, item in sorted(value.items(), key=_utf16_key)}
    if isinstance(value, list | tuple):
        return [_sorted(item) for item in value]
    return value


def canonical_json(value: object) -> str:
    if _check(value):
        # Code-point order is UTF-16 order below U+D800, and json sorts keys in C.
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return json.dumps(_sorted(value), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def content_hash(value: object) -> str:
    return "sha256:" + hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()
