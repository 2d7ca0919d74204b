"""HTML from question banks reduced to what a quiz text holds: plain text with inline code in backticks.

The inverse of what the exporters write (:mod:`toolkit.exporters.lms.moodle_html`): ``<code>`` becomes
`` `code` ``, ``<br>`` and paragraph ends become line breaks, bidi wrappers (``<bdo>``, ``<bdi>``, a
``<span dir>``) and their marks vanish, entities are decoded. What a text cannot hold (an image, a
table, math, a link's address) is named in :attr:`ReducedText.lost`, for the import's report; its words,
where it has any, stay in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

_BLOCKS = frozenset(
    {"p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table", "tr"}
)
_LOST = {
    "img": "an image",
    "table": "a table",
    "math": "math (MathML)",
    "video": "a video",
    "audio": "an audio clip",
    "iframe": "an embedded page",
    "object": "an embedded object",
    "embed": "an embedded object",
    "svg": "a drawing (SVG)",
}
_DROPPED_WITH_CONTENT = frozenset({"script", "style", "head", "title", "annotation", "annotation-xml"})
_TEX = re.compile(r"\\\(|\\\[|\$\$")
_BIDI_MARKS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_LINE_BREAK = "\x00"
"""A line break the text means (a ``<br>``), told apart from a block's end while the text is built; XML
and quiz texts cannot hold U+0000, so no text has one of its own."""


@dataclass(frozen=True)
class ReducedText:
    text: str
    lost: tuple[str, ...]
    """What the HTML had that the text does not (``an image``, ``math (TeX)``), once each, in order."""


class _Reducer(HTMLParser):
    def __init__(self, source_breaks: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.code_depth = 0
        self.pre_depth = 0
        self.dropped_depth = 0
        self.lost: list[str] = []
        self.source_breaks = source_breaks

    def _lose(self, what: str) -> None:
        if what not in self.lost:
            self.lost.append(what)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _DROPPED_WITH_CONTENT:
            self.dropped_depth += 1
            return
        if tag in _LOST:
            self._lose(_LOST[tag])
        if tag == "a" and any(name == "href" for name, _ in attrs):
            self._lose("a link's address")
        if tag == "pre":
            self.pre_depth += 1
        if tag == "br":
            self.parts.append(_LINE_BREAK)
        elif tag in _BLOCKS:
            self._line_break()
        elif tag in {"code", "tt", "kbd", "samp"}:
            if self.code_depth == 0:
                self.parts.append("`")
            self.code_depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in {"code", "tt", "kbd", "samp"} or tag in _DROPPED_WITH_CONTENT:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _DROPPED_WITH_CONTENT:
            self.dropped_depth = max(0, self.dropped_depth - 1)
            return
        if tag == "pre" and self.pre_depth:
            self.pre_depth -= 1
        if tag in _BLOCKS:
            self._line_break()
        elif tag in {"code", "tt", "kbd", "samp"} and self.code_depth:
            self.code_depth -= 1
            if self.code_depth == 0:
                self.parts.append("`")

    def handle_data(self, data: str) -> None:
        if self.dropped_depth:
            return
        # In HTML a line break of the source is white space, except in <pre> and where the bank's format
        # makes it a break (Moodle's auto-format); a break the text means is a <br>.
        data = data.replace(_LINE_BREAK, "")
        data = data.replace("\n", _LINE_BREAK if self.pre_depth or self.source_breaks else " ")
        if self.code_depth:
            # Backticks inside code cannot be written in a quiz text's inline code.
            self.parts.append(data.replace("`", "'"))
            return
        if _TEX.search(data):
            self._lose("math (TeX)")
        self.parts.append(data)

    def _line_break(self) -> None:
        if self.parts and not "".join(self.parts[-2:]).endswith("\n"):
            self.parts.append("\n")


def reduce_markup(html: str, *, source_breaks: bool = False) -> ReducedText:
    """``html`` as a quiz text: each ``<br>`` a line break (two make an empty line, as they show), each
    block's end a line break where its text does not end in one, other white space one space. With
    ``source_breaks``, a line break in ``html`` is one too (Moodle's auto-format turns them into
    ``<br>``)."""
    reducer = _Reducer(source_breaks)
    reducer.feed(html)
    reducer.close()
    text = _BIDI_MARKS.sub("", "".join(reducer.parts))
    lines: list[str] = []
    # "\n" separates blocks, _LINE_BREAK the lines the text means: blocks with no text vanish, and a
    # <br> ending a block adds no line, as in a browser.
    for block in text.split("\n"):
        block_lines = [_SPACES.sub(" ", line).strip() for line in block.split(_LINE_BREAK)]
        if len(block_lines) > 1 and not block_lines[-1]:
            block_lines.pop()
        if any(block_lines):
            lines.extend(block_lines)
    return ReducedText("\n".join(lines).strip("\n"), tuple(reducer.lost))


def looks_like_markup(text: str) -> bool:
    """Whether ``text`` holds HTML tags or entities (banks mix HTML and plain texts)."""
    return re.search(r"<[a-zA-Z/!]|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);", text) is not None
