"""The protected spans of a catalog text as XLIFF 2 inline elements, so that a CAT tool cannot break them.

Inline code (`` `all-reduce` ``), fenced code blocks and TeX formulas (``$…$``, ``$$…$$``) appear
unchanged in every translation (``quizkit check``'s inline-code). Written into ``<source>`` and
``<target>`` as plain text, a CAT tool offers them to the translator as words to translate, and its
machine translation or spelling fixes change them. So each is written as a standalone placeholder,
``<ph>`` (XLIFF 2.1 §4.2.3.1, "Placeholder"), which a tool shows as one tag the translator places but
cannot edit:

- the original text, delimiters included, is the unit's ``<originalData>`` entry its ``dataRef`` names
  (§4.2.2.1, where XLIFF 2 keeps the native data an inline code stands for), and also its ``equiv``
  (the text a tool puts in its place when it flattens the unit, for word counts or machine translation)
  and ``disp`` (what the tool shows on the tag);
- ``type="other"`` with ``subType`` ``quizkit:code``, ``quizkit:code-block`` or ``quizkit:formula`` says
  which it is; ``canDelete="no"`` and ``canCopy="no"`` tell the tool that the translation keeps each
  one exactly once, as the check does (§4.7.6, editing hints).

A target's placeholder is the source's with the same ``id`` (XLIFF 2's correspondence of inline codes):
a translation holding the same code or formula as its source refers to the source's placeholder, each
one once; a code or formula the source does not hold stays text (``quizkit check`` names it). Reading
back, each ``<ph>`` becomes its original again: the one of the source's placeholder with its id, else the
``<data>`` its ``dataRef`` names, else its ``equiv``; markup a tool adds around text (``<pc>``, ``<mrk>``)
keeps its text. A catalog text comes back exactly as it went out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from toolkit.errors import QuizkitError
from toolkit.text.formulas import formulas_outside_code
from toolkit.text.tokens import code_block_spans

_INLINE_CODE = re.compile(r"`[^`]*`")
SUBTYPE_PREFIX = "quizkit:"


@dataclass(frozen=True)
class ProtectedSpan:
    """A span of a text that goes out as a ``<ph>``: where it is, what it is and its original text."""

    start: int
    end: int
    kind: str
    """``code``, ``code-block`` or ``formula``."""
    original: str


def protected_spans(text: str) -> list[ProtectedSpan]:
    """The code blocks, inline code and formulas of ``text`` in order (a ``$`` in code is code)."""
    if "`" not in text and "$" not in text:  # most texts
        return []
    spans = [
        ProtectedSpan(start, end, "code-block", text[start:end]) for start, end in code_block_spans(text)
    ]
    outside_blocks = text
    for span in spans:
        outside_blocks = (
            outside_blocks[: span.start] + " " * (span.end - span.start) + outside_blocks[span.end :]
        )
    spans += [
        ProtectedSpan(match.start(), match.end(), "code", match.group(0))
        for match in _INLINE_CODE.finditer(outside_blocks)
    ]
    spans += [
        ProtectedSpan(formula.start, formula.end, "formula", formula.written)
        for formula in formulas_outside_code(text)
    ]
    return sorted(spans, key=lambda span: span.start)


@dataclass(frozen=True)
class Placeholder:
    """A ``<ph>`` of a unit: its id, its ``<data>``'s id and what it stands for."""

    id: str
    data_id: str
    kind: str
    original: str


def source_placeholders(source: str) -> list[Placeholder]:
    """The placeholders of a unit whose source is ``source``, numbered from 1 in order."""
    return [
        Placeholder(str(number), f"d{number}", span.kind, span.original)
        for number, span in enumerate(protected_spans(source), start=1)
    ]


def write_original_data(unit: etree._Element, namespace: str, placeholders: list[Placeholder]) -> None:
    """The unit's ``<originalData>``, one ``<data>`` per placeholder (nothing when it has none)."""
    if not placeholders:
        return
    original_data = etree.SubElement(unit, f"{{{namespace}}}originalData")
    for placeholder in placeholders:
        etree.SubElement(
            original_data, f"{{{namespace}}}data", id=placeholder.data_id
        ).text = placeholder.original


def write_content(
    element: etree._Element, namespace: str, text: str, placeholders: list[Placeholder]
) -> None:
    """``text`` as the content of ``element`` (a ``<source>`` or ``<target>``): its protected spans as
    the ``<ph>`` of ``placeholders`` holding the same original, each used once; the rest as text."""
    unused = list(placeholders)
    position = 0
    last: etree._Element | None = None
    pieces: list[str] = []
    for span in protected_spans(text):
        placeholder = next((each for each in unused if each.original == span.original), None)
        if placeholder is None:
            continue  # not in the source: text, for quizkit check to name
        unused.remove(placeholder)
        pieces.append(text[position : span.start])
        if last is None:
            element.text = "".join(pieces)
        else:
            last.tail = "".join(pieces)
        pieces = []
        last = etree.SubElement(
            element,
            f"{{{namespace}}}ph",
            id=placeholder.id,
            dataRef=placeholder.data_id,
            type="other",
            subType=f"{SUBTYPE_PREFIX}{placeholder.kind}",
            canCopy="no",
            canDelete="no",
            disp=placeholder.original,
            equiv=placeholder.original,
        )
        position = span.end
    pieces.append(text[position:])
    if last is None:
        element.text = "".join(pieces)
    else:
        last.tail = "".join(pieces)


class PlaceholderError(QuizkitError):
    """A ``<ph>`` whose original cannot be told: no placeholder of the source, no data, no equiv."""

    def __init__(self, line: int | None, placeholder_id: str) -> None:
        super().__init__(placeholder_id)
        self.line = line
        self.placeholder_id = placeholder_id


def original_data(unit: etree._Element, namespace: str) -> dict[str, str]:
    """The unit's ``<data>`` texts by id."""
    return {
        data.get("id") or "": "".join(data.itertext())
        for data in unit.iterfind(f"{{{namespace}}}originalData/{{{namespace}}}data")
    }


def read_content(
    element: etree._Element | None,
    namespace: str,
    data: Mapping[str, str],
    known: Mapping[str, str] | None = None,
) -> tuple[str, dict[str, str]]:
    """The text of a ``<source>`` or ``<target>``, each ``<ph>`` as its original, and the originals by
    placeholder id (``known``: the source's, which a target's placeholder with the same id stands for)."""
    originals: dict[str, str] = {}
    if element is None:
        return "", originals
    placeholder_tag = f"{{{namespace}}}ph"
    pieces: list[str] = []

    def walk(parent: etree._Element) -> None:
        pieces.append(parent.text or "")
        for child in parent:
            if child.tag == placeholder_tag:
                placeholder_id = child.get("id") or ""
                reference = child.get("dataRef")
                original = (known or {}).get(placeholder_id)
                if original is None and reference is not None:
                    original = data.get(reference)
                if original is None:
                    original = child.get("equiv")
                if original is None:
                    raise PlaceholderError(child.sourceline, placeholder_id)
                originals[placeholder_id] = original
                pieces.append(original)
            elif isinstance(child.tag, str):
                walk(child)  # <pc>, <mrk>: their text; <sc>, <ec>, <sm>, <em> hold none
            pieces.append(child.tail or "")

    walk(element)
    return "".join(pieces), originals
