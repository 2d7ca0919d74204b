"""A glossary file edited in place: terms replaced, removed or added, every other line kept as it is.

A glossary is written by people: comments head groups of terms and explain decisions, notes are folded
by hand. An import that rewrote the file from its parsed terms lost all of that, so changes are made
to the lines of the terms they concern. A term's lines run from its ``-`` to the line before the next
term's; comment and blank lines at the end of that run, at or left of the ``-``, head what follows and
stay where they are.

Only the block layout every glossary uses (``terms:`` with one ``- english: …`` item per term) is
edited this way; for any other, :func:`edited_glossary` says so by returning None.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from toolkit.content.glossary import Term, glossary_yaml, raw_term

_ITEM_PREFIX = re.compile(r"( *)- +")


def term_lines(term: Term, indent: int) -> str:
    """The term as one list item whose ``-`` is at column ``indent``."""
    text = glossary_yaml([raw_term(term)], width=max(40, 100 - indent))
    return "".join(" " * indent + line if line.strip() else line for line in text.splitlines(keepends=True))


def _indentation(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def edited_glossary(text: str, changes: Mapping[int, Term | None], added: Sequence[Term]) -> str | None:
    """``text`` with the term at each index of ``changes`` replaced (None: removed) and ``added``
    appended after the last term; None when the file's layout cannot be edited line by line."""
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    if not isinstance(root, yaml.MappingNode):
        return None
    terms = next(
        (value for key, value in root.value if isinstance(key, yaml.ScalarNode) and key.value == "terms"),
        None,
    )
    if not isinstance(terms, yaml.SequenceNode) or terms.flow_style or not terms.value:
        return None
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    starts: list[int] = []
    columns: set[int] = set()
    for item in terms.value:
        if not isinstance(item, yaml.MappingNode) or item.flow_style:
            return None
        prefix = _ITEM_PREFIX.fullmatch(lines[item.start_mark.line][: item.start_mark.column])
        if prefix is None:
            return None
        starts.append(item.start_mark.line)
        columns.add(len(prefix.group(1)))
    if len(columns) != 1:
        return None
    (dash,) = columns

    def heads_what_follows(line: str) -> bool:
        return not line.strip() or (line.lstrip(" ").startswith("#") and _indentation(line) <= dash)

    ends = [*starts[1:], len(lines)]
    last = starts[-1] + 1
    while last < len(lines) and (heads_what_follows(lines[last]) or _indentation(lines[last]) > dash):
        last += 1
    ends[-1] = last
    for index, start in enumerate(starts):
        while ends[index] > start + 1 and heads_what_follows(lines[ends[index] - 1]):
            ends[index] -= 1
    output: list[str] = []
    previous_end = 0
    for index, (start, end) in enumerate(zip(starts, ends, strict=True)):
        output += lines[previous_end:start]
        if index not in changes:
            output += lines[start:end]
        elif (term := changes[index]) is not None:
            output.append(term_lines(term, dash))
        previous_end = end
    output += [term_lines(term, dash) for term in added]
    output += lines[previous_end:]
    return "".join(output)
