"""The numbers a QTI number pattern accepts, read back as the interval they span.

quizkit's ``qti`` export grades a numeric answer with a ``qti-pattern-match`` of every numeral within the
tolerance (``toolkit/exporters/qti/patterns.py``): a group of alternatives, one per run of digit ranges,
each digit a class of that digit in every script (``[2٢۲…]``), separators and signs as classes of their
own. Read back, the smallest and largest value of the alternatives are the answer minus and plus the
tolerance. The pattern is parsed, never run: it comes from outside, and a regular expression from
outside can take forever to match.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from toolkit.errors import QuizkitError

_SIGNS = frozenset("+-\u2212\u2012\u2013\ufe63\uff0d")
"""What quizkit's number patterns write as a sign: plus, and the minus signs a learner may type."""
MAX_PATTERN_LENGTH = 1024 * 1024
"""Longer than any pattern quizkit writes (256 KB at most); a longer one is not read."""


@dataclass(frozen=True)
class Interval:
    low: Decimal
    high: Decimal


@dataclass(frozen=True)
class _Token:
    kind: str
    """``class``, ``open``, ``close``, ``or``, ``char``."""
    characters: frozenset[str] = frozenset()
    quantifier: str = ""


class _UnreadableError(QuizkitError, ValueError):
    """Not a pattern in the form quizkit writes."""


def _atom(pattern: str, index: int) -> tuple[str, int]:
    """One character of a class (an escape read) and where the next begins."""
    character = pattern[index]
    if character != "\\":
        return character, index + 1
    if index + 1 >= len(pattern):
        raise _UnreadableError("an escape at the end")
    escaped = pattern[index + 1]
    if escaped.isalpha() and escaped not in "tnr":
        raise _UnreadableError("a class escape")
    return {"t": "\t", "n": "\n", "r": "\r"}.get(escaped, escaped), index + 2


def _class_characters(pattern: str, start: int) -> tuple[frozenset[str], int]:
    """The characters of the class that starts after ``[`` at ``start``, and where it ends."""
    characters: set[str] = set()
    index = start
    if pattern.startswith("^", index):
        raise _UnreadableError("a negated class")
    while index < len(pattern) and pattern[index] != "]":
        first, index = _atom(pattern, index)
        if pattern.startswith("-", index) and index + 1 < len(pattern) and pattern[index + 1] != "]":
            last, index = _atom(pattern, index + 1)
            if ord(last) < ord(first) or ord(last) - ord(first) > 0x100:
                raise _UnreadableError("a range")
            characters.update(chr(code) for code in range(ord(first), ord(last) + 1))
        else:
            characters.add(first)
    if index >= len(pattern):
        raise _UnreadableError("an unclosed class")
    return frozenset(characters), index + 1


def _tokens(pattern: str) -> list[_Token]:
    tokens: list[_Token] = []
    index = 0
    while index < len(pattern):
        character = pattern[index]
        if character == "[":
            characters, index = _class_characters(pattern, index + 1)
            tokens.append(_Token("class", characters))
            continue
        if character in "*+?":
            if not tokens or tokens[-1].quantifier:
                raise _UnreadableError("a quantifier")
            last = tokens.pop()
            tokens.append(_Token(last.kind, last.characters, character))
        elif character == "(":
            tokens.append(_Token("open"))
        elif character == ")":
            tokens.append(_Token("close"))
        elif character == "|":
            tokens.append(_Token("or"))
        elif character.isdigit():
            tokens.append(_Token("class", frozenset(character)))
        else:
            raise _UnreadableError(f"the character {character!r}")
        index += 1
    return tokens


def _digits(token: _Token) -> tuple[int, int] | None:
    ascii_digits = sorted(int(character) for character in token.characters if "0" <= character <= "9")
    return (ascii_digits[0], ascii_digits[-1]) if ascii_digits else None


def _alternatives(tokens: list[_Token]) -> list[list[_Token]]:
    """The alternatives of the one top-level group, spaces around it set aside."""
    opening = next((index for index, token in enumerate(tokens) if token.kind == "open"), None)
    if opening is None or tokens[opening].quantifier:
        raise _UnreadableError("no group of numerals")
    alternatives: list[list[_Token]] = [[]]
    depth = 0
    for position in range(opening + 1, len(tokens)):
        token = tokens[position]
        if token.kind == "open":
            depth += 1
        elif token.kind == "close":
            if depth == 0:
                if any(other.kind != "class" or other.quantifier != "*" for other in tokens[position + 1 :]):
                    raise _UnreadableError("something after the numerals")
                return alternatives
            depth -= 1
        elif token.kind == "or" and depth == 0:
            alternatives.append([])
            continue
        alternatives[-1].append(token)
    raise _UnreadableError("an unclosed group")


def _range(alternative: list[_Token]) -> tuple[Decimal, Decimal]:
    """The smallest value of the numerals of one alternative, and the largest (or their least upper
    bound, where any digits may follow)."""
    negative = False
    tokens = list(alternative)
    if tokens and tokens[0].kind == "class" and _digits(tokens[0]) is None:
        sign = tokens.pop(0)
        if not sign.characters <= _SIGNS:
            raise _UnreadableError("a sign")
        negative = "+" not in sign.characters
    whole: list[tuple[int, int]] = []
    fraction: list[tuple[int, int]] = []
    tail: tuple[int, int] | None = None
    after_separator = False
    index = 0
    while index < len(tokens):
        token = tokens[index]
        index += 1
        if token.kind == "open":
            # ``(<decimal separator>)?``: an optional separator with nothing after it.
            if index + 1 >= len(tokens) or tokens[index + 1].kind != "close":
                raise _UnreadableError("a group inside a numeral")
            index += 2
            continue
        if token.kind != "class" or any(character.isalpha() for character in token.characters):
            raise _UnreadableError("an unexpected token")
        digits = _digits(token)
        if digits is None:
            if token.quantifier == "?":
                continue  # a group separator
            after_separator = True
            continue
        if token.quantifier == "*":
            continue  # leading zeros
        if token.quantifier == "+":
            tail = digits
            continue
        if token.quantifier:
            raise _UnreadableError("an optional digit")
        (fraction if after_separator else whole).append(digits)
    if not whole and not fraction:
        raise _UnreadableError("no digits")
    places = len(fraction)
    scale = Decimal(10) ** places
    low = sum(
        Decimal(low) * Decimal(10) ** power for power, (low, _) in enumerate(reversed(whole + fraction))
    )
    high = sum(
        Decimal(high) * Decimal(10) ** power for power, (_, high) in enumerate(reversed(whole + fraction))
    )
    low, high = low / scale, high / scale
    if tail is not None and tail[1] > 0:
        high += 1 / scale
    if negative:
        return -high, -low
    return low, high


def accepted_interval(pattern: str) -> Interval | None:
    """The numbers ``pattern`` (a pattern in the form quizkit's ``qti`` export writes) accepts, or None
    for a pattern in any other form."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        return None
    try:
        alternatives = _alternatives(_tokens(pattern))
        ranges = [_range(alternative) for alternative in alternatives if alternative]
    except _UnreadableError:
        return None
    if not ranges:
        return None
    return Interval(min(low for low, _ in ranges), max(high for _, high in ranges))
