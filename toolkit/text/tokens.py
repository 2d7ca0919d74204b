"""The two kinds of protected tokens inside a text: inline code and placeholders.

Inline code is written in backticks (`` `all-reduce` ``) in every text and must appear unchanged in
every translation. Placeholders (``{count}``) exist only in interface messages, where they are declared;
in quiz texts a brace is literal text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_BRACE_RUN = re.compile(r"\{[^{}`]*\}?|\}")


@dataclass(frozen=True)
class TextTokens:
    code_spans: tuple[str, ...]
    placeholders: tuple[str, ...]
    problems: tuple[str, ...]


def split_inline_code(text: str) -> list[tuple[str, bool]]:
    """``a `b` c`` → ``[('a ', False), ('b', True), (' c', False)]``; an unclosed backtick stays text."""
    if "`" not in text:  # most texts: checks and exporters ask about every one of them
        return [(text, False)] if text else []
    parts: list[tuple[str, bool]] = []
    position = 0
    while True:
        start = text.find("`", position)
        end = text.find("`", start + 1) if start != -1 else -1
        if start == -1 or end == -1:
            if position < len(text):
                parts.append((text[position:], False))
            return parts
        if start > position:
            parts.append((text[position:start], False))
        parts.append((text[start + 1 : end], True))
        position = end + 1


def scan(text: str, *, with_placeholders: bool) -> TextTokens:
    """Find inline code and (in interface messages) placeholders, and what is malformed about them."""
    problems: list[str] = []
    if text.count("`") % 2:
        problems.append(f"inline code is not closed: a ` at character {text.rfind('`') + 1} has no partner")
    pieces = split_inline_code(text)
    code_spans = tuple(piece for piece, is_code in pieces if is_code)
    if any(not span.strip() for span in code_spans):
        problems.append("inline code is empty: write something between the backticks")
    placeholders: list[str] = []
    if with_placeholders:
        for piece, is_code in pieces:
            if is_code:
                continue
            for match in _BRACE_RUN.finditer(piece):
                token = match.group(0)
                found = _PLACEHOLDER.fullmatch(token)
                if found:
                    placeholders.append(found.group(1))
                else:
                    problems.append(
                        f"malformed placeholder '{token}': placeholders are written {{name}} with a "
                        "lowercase name, and interface messages have no literal braces"
                    )
    return TextTokens(code_spans, tuple(placeholders), tuple(problems))
