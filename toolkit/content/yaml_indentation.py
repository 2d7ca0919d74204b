"""Indentation mistakes in YAML, said in words.

PyYAML reports a misindented line as "did not find expected key" or "mapping values are not allowed in
this context", which tells an author nothing about what to change. Most such errors are a line that
starts in a column where nothing above it starts: this module reads the lines above the error (the
fields and list items that enclose it) and says which columns the line could line up with.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

# A block scalar indicator ends the line: `key: >-`, `- |`, `key: |2+`.
_BLOCK_SCALAR = re.compile(r"(^|:\s|-\s)\s*[|>][-+0-9]*\s*(#.*)?$")
_KEY = re.compile(r"""^(?:[^\s#'"{}\[\],&*!|>%@`][^:#]*?|"[^"]*"|'[^']*')\s*:(\s|$)""")


@dataclass(frozen=True)
class _Line:
    number: int
    """1-based."""
    indent: int
    """Columns before the first character (the column of a ``- `` item marker, 0-based)."""
    key_column: int
    """0-based column where the line's content begins after any ``- `` markers."""
    is_item: bool
    opens_block: bool
    """The line ends with ``key:`` or ``-`` (its content follows on deeper lines) or a block scalar."""
    has_inline_value: bool


def _read(number: int, text: str) -> _Line | None:
    stripped = text.lstrip(" ")
    if not stripped or stripped.startswith("#"):
        return None
    indent = len(text) - len(stripped)
    content = stripped
    is_item = False
    while content == "-" or content.startswith("- "):
        is_item = True
        content = content[1:].lstrip(" ")
    key_column = len(text) - len(content)
    body = re.sub(r"\s+#.*$", "", content).rstrip()
    key = _KEY.match(body)
    value = body[key.end() :].strip() if key else body
    opens = not body or (key is not None and not value) or _BLOCK_SCALAR.search(body) is not None
    return _Line(number, indent, key_column, is_item, opens, bool(key) and bool(value) and not opens)


def _structure(lines: list[str], before: int) -> list[_Line]:
    """The fields and items on lines 1..before-1, block scalar text left out."""
    found: list[_Line] = []
    block_indent: int | None = None
    for number, text in enumerate(lines[: before - 1], start=1):
        line = _read(number, text)
        if block_indent is not None:
            if line is None or len(text) - len(text.lstrip(" ")) > block_indent:
                if line is not None and found[-1].opens_block:
                    # The scalar has its text: the next line at its indentation no longer nests in it.
                    found[-1] = replace(found[-1], opens_block=False)
                continue
            block_indent = None
        if line is None:
            continue
        found.append(line)
        body = re.sub(r"\s+#.*$", "", text.strip())
        if _BLOCK_SCALAR.search(body):
            block_indent = line.indent
    return found


def _enclosing(structure: list[_Line]) -> list[_Line]:
    """The line above, then each line further up that starts left of everything seen so far."""
    chain: list[_Line] = []
    leftmost: int | None = None
    for line in reversed(structure):
        if leftmost is None or line.indent < leftmost:
            chain.append(line)
            leftmost = line.indent
    return chain


def explain_indentation(text: str, line_number: int) -> str | None:
    """In words, what is wrong with the indentation of ``line_number``; None when it lines up with
    something above it (the error is then of another kind)."""
    lines = text.splitlines()
    if not 1 <= line_number <= len(lines):
        return None
    line = _read(line_number, lines[line_number - 1])
    chain = _enclosing(_structure(lines, line_number))
    if line is None or not chain:
        return None
    above = chain[0]
    column = line.indent
    if above.opens_block and column > above.indent:
        return None  # a new nested block: any deeper indentation starts one
    if above.has_inline_value and column > above.key_column:
        return (
            f"the line is indented more than the field above it (column {above.key_column + 1}, line "
            f"{above.number}), so YAML reads it as more of that field's value; line it up with that field"
        )
    # Where a line may start: beside a field of each enclosing mapping, or as a new item of each list.
    fields: dict[int, _Line] = {}
    items: dict[int, _Line] = {}
    for enclosing in chain:
        fields.setdefault(enclosing.key_column, enclosing)
        if enclosing.is_item:
            items.setdefault(enclosing.indent, enclosing)
    if line.is_item:
        if column in items or (above.opens_block and column >= above.indent):
            return None
        if column in fields:
            return (
                f"the line starts a list item ('- ') in the column of the fields above it (column "
                f"{column + 1}, line {fields[column].number}), where no list is open; indent it like the "
                "items of its list, or write the field that holds the list above it"
            )
    else:
        if column in fields:
            return None
        if column in items:
            item = items[column]
            return (
                f"the line starts in the column of the list's items (column {column + 1}, line "
                f"{item.number}) but is not an item: begin it with '- ' for a new item, or indent it to "
                f"column {item.key_column + 1} like the fields of that item"
            )
    places = {column: ("the fields", line.number) for column, line in fields.items()}
    places.update({column: ("the items of the list", line.number) for column, line in items.items()})
    deeper = [place for place in sorted(places) if place > column]
    shallower = [place for place in sorted(places) if place < column]
    parts: list[str] = []
    if deeper:
        kind, number = places[deeper[0]]
        belongs = "the list it belongs to" if kind == "the items of the list" else "the fields above it"
        parts.append(
            f"the line is indented less than {belongs} ({kind} start in column {deeper[0] + 1}, line {number})"
        )
    if shallower:
        kind, number = places[shallower[-1]]
        lead = "and more than" if parts else "the line is indented more than"
        parts.append(f"{lead} {kind} around it (column {shallower[-1] + 1}, line {number})")
    return " ".join(parts) + "; line it up with one of them"
