"""The protected tokens inside a text: inline code, code blocks and placeholders.

Inline code is written in backticks (`` `all-reduce` ``) in every text and must appear unchanged in
every translation. A code block is fenced, as in Markdown: a line of three backticks (with an optional
language name, ```` ```python ````), the code's lines, and a line of three backticks; its lines are
code, backticks included. Placeholders (``{count}``) exist only in interface messages, where they are
declared; in quiz texts a brace is literal text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")
_BRACE_RUN = re.compile(r"\{[^{}`]*\}?|\}")


@dataclass(frozen=True)
class TextTokens:
    code_spans: tuple[str, ...]
    placeholders: tuple[str, ...]
    problems: tuple[str, ...]


# A fence opens at the start of a line and the first fence line after it closes the block.
_CODE_BLOCK = re.compile(r"^```([A-Za-z0-9_+.#-]*)[ \t]*\n(.*?)\n```[ \t]*$", re.MULTILINE | re.DOTALL)
_FENCE_LINE = re.compile(r"^```", re.MULTILINE)
CodeKind = Literal["text", "code", "code-block"]


def code_block_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each fenced code block of ``text``, its fence lines included."""
    if "```" not in text:
        return []
    return [match.span() for match in _CODE_BLOCK.finditer(text)]


def split_code(text: str) -> list[tuple[str, CodeKind]]:
    """``text`` as plain text, inline code (backticks removed) and code blocks (fence lines removed).

    A block stands on lines of its own: the line break before its opening fence and the one after its
    closing fence belong to the block, not to the text around it."""
    if "```" not in text:
        return _kinds(text)
    parts: list[tuple[str, CodeKind]] = []
    position = 0
    for block in _CODE_BLOCK.finditer(text):
        before = text[position : block.start()]
        parts += _kinds(before[:-1] if before.endswith("\n") else before)
        parts.append((block.group(2), "code-block"))
        position = block.end() + (1 if text.startswith("\n", block.end()) else 0)
    parts += _kinds(text[position:])
    return parts


def _kinds(text: str) -> list[tuple[str, CodeKind]]:
    return [(piece, "code" if is_code else "text") for piece, is_code in _split_inline(text)]


def split_inline_code(text: str) -> list[tuple[str, bool]]:
    """``a `b` c`` → ``[('a ', False), ('b', True), (' c', False)]``; an unclosed backtick stays text.

    A fenced code block is one piece of code too (its fence lines removed)."""
    if "```" not in text:
        return _split_inline(text)
    return [(piece, kind != "text") for piece, kind in split_code(text)]


def _split_inline(text: str) -> list[tuple[str, bool]]:
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


_NO_TOKENS = TextTokens((), (), ())


def scan(text: str, *, with_placeholders: bool) -> TextTokens:
    """Find inline code and (in interface messages) placeholders, and what is malformed about them."""
    if not with_placeholders and "`" not in text:
        # No backtick: no code and nothing malformed (validation scans every text of every quiz).
        return _NO_TOKENS
    problems: list[str] = []
    outside_blocks = _CODE_BLOCK.sub(lambda block: " " * len(block.group(0)), text) if "```" in text else text
    if fence := _FENCE_LINE.search(outside_blocks):
        line = text.count("\n", 0, fence.start()) + 1
        problems.append(
            f"code block is not closed: the ``` on line {line} of the text has no closing ``` line; "
            "end the block with a line of three backticks"
        )
    elif outside_blocks.count("`") % 2:
        at = outside_blocks.rfind("`") + 1
        problems.append(f"inline code is not closed: a ` at character {at} has no partner")
    pieces = split_inline_code(text)
    code_spans = tuple(piece for piece, is_code in pieces if is_code)
    if not problems and any(not span.strip() for span in code_spans):
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
