"""The ``#,`` flags of a PO entry, read and normalized exactly as GNU gettext 0.21 reads and writes them.

GNU keeps one value per format language (the last one written wins), writes ``possible-X-format`` as
``X-format`` and drops ``impossible-X-format``, keeps one ``range: min..max`` only when it is well formed
(``min <= max``), keeps ``no-wrap`` but drops ``wrap`` (the default), and drops every flag it does not
know. Each ``#,`` line replaces what earlier ``#,`` lines of the entry said (``read_catalog``'s
``default_comment_special`` parses every line into the entry's flags afresh), so ``#, fuzzy`` followed
by ``#, c-format`` leaves the entry not fuzzy for msgfmt and msgcat alike; quizkit reads it the same way
so that what it reports matches what msgfmt compiles.
"""

from __future__ import annotations

import re

FUZZY = "fuzzy"
NO_WRAP = "no-wrap"

# Format languages in the order GNU gettext 0.21 writes them (its format_language table).
FORMAT_LANGUAGES = (
    "c",
    "objc",
    "python",
    "python-brace",
    "java",
    "java-printf",
    "csharp",
    "javascript",
    "scheme",
    "lisp",
    "elisp",
    "librep",
    "ruby",
    "sh",
    "awk",
    "lua",
    "object-pascal",
    "smalltalk",
    "qt",
    "qt-plural",
    "kde",
    "kde-kuit",
    "boost",
    "tcl",
    "perl",
    "perl-brace",
    "php",
    "gcc-internal",
    "gfc-internal",
    "ycp",
)
_LANGUAGE_INDEX = {language: index for index, language in enumerate(FORMAT_LANGUAGES)}
_SEPARATORS = re.compile(r"[\n \t\r\f\v,]+")
_INT_MAX = 2**31 - 1
_DIGITS = re.compile(r"[0-9]+")


def _format_flag(token: str) -> tuple[int, str] | None:
    """The language index and the value (``yes``, ``no``, ``possible``, ``impossible``) of a format flag."""
    if not token.endswith("-format"):
        return None
    name, value = token[: -len("-format")], "yes"
    for prefix in ("no-", "possible-", "impossible-"):
        if name.startswith(prefix):
            name, value = name[len(prefix) :], prefix[:-1]
            break
    index = _LANGUAGE_INDEX.get(name)
    return None if index is None else (index, value)


def _number(digits: str) -> int:
    return min(int(digits), _INT_MAX)


def _range(token: str) -> tuple[int, int] | None:
    """``min..max`` as GNU parses it: digits, two dots, digits, and whatever follows ignored."""
    first = _DIGITS.match(token)
    if first is None or token[first.end() : first.end() + 2] != "..":
        return None
    second = _DIGITS.match(token, first.end() + 2)
    if second is None:
        return None
    low, high = _number(first.group()), _number(second.group())
    return (low, high) if low <= high else None


def parse_flag_line(text: str) -> tuple[str, ...]:
    """The flags one ``#,`` line sets (the text after ``#,``), in the order GNU writes them."""
    fuzzy = False
    formats: dict[int, str] = {}
    argument_range: tuple[int, int] | None = None
    wrap: bool | None = None
    tokens = [token for token in _SEPARATORS.split(text) if token]
    position = 0
    while position < len(tokens):
        token = tokens[position]
        position += 1
        if token == FUZZY:
            fuzzy = True
        elif (format_flag := _format_flag(token)) is not None:
            formats[format_flag[0]] = format_flag[1]
        elif token == "range:":
            if position < len(tokens):
                parsed = _range(tokens[position])
                position += 1
                if parsed is not None:
                    argument_range = parsed
        elif token == "wrap":
            wrap = True
        elif token == NO_WRAP:
            wrap = False
    return _written(fuzzy, formats, argument_range, wrap)


def _written(
    fuzzy: bool, formats: dict[int, str], argument_range: tuple[int, int] | None, wrap: bool | None
) -> tuple[str, ...]:
    flags = [FUZZY] if fuzzy else []
    for index in sorted(formats):
        value, language = formats[index], FORMAT_LANGUAGES[index]
        if value in ("yes", "possible"):
            flags.append(f"{language}-format")
        elif value == "no":
            flags.append(f"no-{language}-format")
    if argument_range is not None:
        flags.append(f"range: {argument_range[0]}..{argument_range[1]}")
    if wrap is False:
        flags.append(NO_WRAP)
    return tuple(flags)


def normalized_flags(flags: tuple[str, ...]) -> tuple[str, ...]:
    """Flags of the model as GNU writes them: as if they all stood on one ``#,`` line."""
    return parse_flag_line(", ".join(flags))
