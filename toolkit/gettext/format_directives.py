"""Where the format directives of a string lie, so that lines never break inside one (as msgcat).

GNU's writer asks the parser of an entry's first format language (``c-format``, ``python-format``...)
for the extent of each directive and forbids breaks inside valid ones (write-po.c: "Don't break inside
format directives"). This module ports the C and Python parsers' scanning (format-c-parse.h,
format-python.c of gettext 0.21): directives in order, up to the first invalid one, where GNU's parser
stops. Other languages' directives are not located (GNU would forbid breaks inside them too; their
directives rarely hold a break opportunity).
"""

from __future__ import annotations

import re

from toolkit.gettext.flags import FORMAT_LANGUAGES

_DIGITS = re.compile(r"[0-9]+")
_C_SIZES = ("hh", "ll", "h", "l", "L", "q", "j", "z", "Z", "t")
_C_CONVERSIONS = set("%mcCsSidouxXeEfFgGaApn")
_C_WITHOUT_ARGUMENT = set("%m")
_PYTHON_CONVERSIONS = set("%csridouxXeEfgG")


def first_format_language(flags: tuple[str, ...]) -> str | None:
    """The language GNU parses directives of: the first, in its table's order, flagged as a format."""
    present = set(flags)
    for language in FORMAT_LANGUAGES:
        if f"{language}-format" in present:
            return language
    return None


def directive_interiors(text: str, language: str | None, is_msgstr: bool) -> set[int]:
    """Indexes ``i`` of ``text`` where a line must not break before ``text[i]``."""
    if "%" not in text:
        return set()
    if language == "c":
        spans = _c_directives(text, is_msgstr)
    elif language == "python":
        spans = _python_directives(text)
    else:
        return set()
    return {index for start, end in spans for index in range(start + 1, end + 1)}


def _at(text: str, index: int) -> str:
    """The character at ``index``; past the end, "" (where GNU's parsers read the terminating NUL)."""
    return text[index] if index < len(text) else ""


def _c_directives(text: str, is_msgstr: bool) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    numbered = unnumbered = False
    position = text.find("%")
    while position >= 0:
        start = position
        position += 1
        number = _DIGITS.match(text, position)
        is_numbered = False
        if number is not None and _at(text, number.end()) == "$":
            if int(number.group()) == 0:
                return spans
            is_numbered = True
            position = number.end() + 1
        while _at(text, position) in (" ", "+", "-", "#", "0", "'") or (
            is_msgstr and _at(text, position) == "I"
        ):
            if _at(text, position) == "":
                break
            position += 1
        arguments: list[bool] = []  # per argument taken: numbered or not
        for part in ("width", "precision"):
            if part == "precision":
                if _at(text, position) != ".":
                    break
                position += 1
            if _at(text, position) == "*":
                position += 1
                star_number = _DIGITS.match(text, position)
                if star_number is not None and _at(text, star_number.end()) == "$":
                    if int(star_number.group()) == 0:
                        return spans
                    arguments.append(True)
                    position = star_number.end() + 1
                else:
                    arguments.append(False)
            else:
                digits = _DIGITS.match(text, position)
                if digits is not None:
                    position = digits.end()
        for size in _C_SIZES:
            while text.startswith(size, position):
                position += len(size)
        conversion = _at(text, position)
        if conversion not in _C_CONVERSIONS or conversion == "":
            return spans
        if conversion not in _C_WITHOUT_ARGUMENT:
            arguments.append(is_numbered)
        for argument_numbered in arguments:
            if (argument_numbered and unnumbered) or (not argument_numbered and numbered):
                return spans  # numbered and unnumbered arguments mixed
            numbered = numbered or argument_numbered
            unnumbered = unnumbered or not argument_numbered
        spans.append((start, position))
        position = text.find("%", position + 1)
    return spans


def _python_width(text: str, position: int) -> tuple[int, bool]:
    """A Python width or precision at ``position`` (``*``: taken from the arguments, or digits, or
    none): where it ends, and whether it is ``*``."""
    if _at(text, position) == "*":
        return position + 1, True
    digits = _DIGITS.match(text, position)
    return (position if digits is None else digits.end()), False


def _python_directives(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    named = unnamed = False
    length = len(text)
    position = text.find("%")
    while position >= 0:
        start = position
        position += 1
        has_name = False
        if _at(text, position) == "(":
            depth = 0
            position += 1
            while position < length:
                if text[position] == "(":
                    depth += 1
                elif text[position] == ")":
                    if depth == 0:
                        break
                    depth -= 1
                position += 1
            if position >= length:
                return spans
            position += 1
            has_name = True
        while _at(text, position) in ("-", "+", " ", "#", "0") and _at(text, position) != "":
            position += 1
        position, width_star = _python_width(text, position)
        stars = int(width_star)
        if _at(text, position) == ".":
            position, precision_star = _python_width(text, position + 1)
            stars += precision_star
        if stars and named:
            return spans
        unnamed = unnamed or stars > 0
        if _at(text, position) in ("h", "l", "L") and _at(text, position) != "":
            position += 1
        conversion = _at(text, position)
        if conversion == "" or conversion not in _PYTHON_CONVERSIONS:
            return spans
        if has_name:
            if unnamed:
                return spans
            named = True
        elif conversion != "%":
            if named:
                return spans
            unnamed = True
        spans.append((start, position))
        position = text.find("%", position + 1)
    return spans
