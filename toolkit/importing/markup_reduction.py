r"""HTML from question banks reduced to what a quiz text holds: plain text with inline code in backticks.

The inverse of what the exporters write (:mod:`toolkit.exporters.lms.moodle_html`): ``<code>`` becomes
`` `code` ``, ``<br>`` and paragraph ends become line breaks, bidi wrappers (``<bdo>``, ``<bdi>``, a
``<span dir>``) and their marks vanish, entities are decoded, a numbered list's items keep their
numbers (``1. ``). A ``<pre>`` block is code: each of its lines becomes inline code on a line of its
own, indentation kept. A superscript or subscript that Unicode has exactly (``x<sup>2</sup>`` → ``x²``, ``H<sub>2</sub>O`` → ``H₂O``) is written with those characters.
What a text cannot hold (an image, a table, MathML without its TeX, a link's address, any other
superscript, a backtick inside code) is named in :attr:`ReducedText.lost`, for the import's report; its
words, where it has any, stay in the text.

Math comes back as the TeX formulas a quiz text holds (:mod:`toolkit.text.formulas`): a ``<math>`` with
its TeX source as annotation (``<annotation encoding="application/x-tex">``, MathML 3 §5.1, as quizkit's
exports write it) becomes ``$…$`` (``display="block"``: ``$$…$$``), and TeX between the delimiters of
Moodle's MathJax filter (``\(…\)`` inline, ``\[…\]`` and ``$$…$$`` display: ``wrap_math_in_nolink`` in
filter/mathjaxloader/classes/text_filter.php, the display ones also filter/tex/filter.php's) becomes
``$…$`` or ``$$…$$``. TeX the converter cannot render stays text, reported as ``math (TeX)``. A dollar
sign of the text is written ``\$`` where it would otherwise open or close a formula.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html import unescape
from html.parser import HTMLParser
from urllib.parse import unquote

from toolkit.text.formulas import TEX_ENCODING, Formula, formula_problem, formulas_outside_code

_BLOCKS = frozenset(
    {"p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table", "tr"}
)
_LOST = {
    "img": "an image",
    "table": "a table",
    "video": "a video",
    "audio": "an audio clip",
    "iframe": "an embedded page",
    "object": "an embedded object",
    "embed": "an embedded object",
    "svg": "a drawing (SVG)",
}
_LOST.update(dict.fromkeys(("s", "strike", "del"), "struck-out text"))
_CODE = frozenset({"code", "tt", "kbd", "samp"})
_SCRIPTS = {
    "sup": ("a superscript", str.maketrans("0123456789+-−=()ni", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱ")),
    "sub": ("a subscript", str.maketrans("0123456789+-−=()", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎")),
}
"""Per tag: what the text loses where Unicode has no character for the content, and the characters it
has (the digits, signs and brackets, and the superscript n and i of exponents: ``xⁿ``, ``eⁱ``)."""
_BACKTICK_IN_CODE = "a backtick inside code (written as ')"
_KEPT_SPACE, _KEPT_TAB = "\x01", "\x02"
"""A <pre> block's spaces and tabs while the text is built, kept from collapsing; XML and quiz texts
cannot hold these characters, so no text has one of its own."""
_DROPPED_WITH_CONTENT = frozenset({"script", "style", "head", "title", "annotation", "annotation-xml"})
_TEX = re.compile(r"\\\(|\\\[|\$\$")
_TEX_FORMULA = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]|\$\$(.+?)\$\$", re.DOTALL)
"""Moodle's MathJax delimiters: ``\\(…\\)`` inline, ``\\[…\\]`` and ``$$…$$`` display."""
_TEX_ENCODINGS = frozenset({TEX_ENCODING, "application/x-latex", "text/x-tex", "tex", "latex"})
"""The ``encoding`` of a MathML annotation that holds TeX (MathJax and quizkit write :data:`TEX_ENCODING`)."""
_DOLLAR = "\x04"
"""A dollar sign of the text while it is built: ``$`` or ``\\$`` once the formulas are known. XML and
quiz texts cannot hold this character, so no text has one of its own."""
_MATH_LOST = "math (MathML)"
BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The direction marks, embeddings, overrides and isolates a bank's text may carry (an HTML editor's, an
exporter's): an imported text, HTML or plain, holds none."""
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_LINE_BREAK = "\x00"
"""A line break the text means (a ``<br>``), told apart from a block's end while the text is built; XML
and quiz texts cannot hold U+0000, so no text has one of its own."""
_EMPTY_LINE = "\x03"
"""An empty line inside a <pre> block while the text is built (empty lines of a block are otherwise
dropped)."""


@dataclass(frozen=True)
class ReducedText:
    text: str
    lost: tuple[str, ...]
    """What the HTML had that the text does not (``an image``, ``math (TeX)``), once each, in order."""


def _renders(tex: str, display: bool) -> bool:
    """Whether ``tex`` can be a formula of a quiz text: the converter renders it."""
    tex = " ".join(tex.split())
    return bool(tex) and formula_problem(Formula(tex, display, 0, 0)) is None


def _written(tex: str, display: bool, formulas: list[tuple[str, bool]]) -> str:
    """The formula as a quiz text writes it (its white space one space: TeX reads any as one), noted in
    ``formulas``."""
    tex = " ".join(tex.split())
    formulas.append((tex, display))
    return Formula(tex, display, 0, 0).written


def _with_formulas(data: str, formulas: list[tuple[str, bool]], lost: list[str]) -> str:
    """``data`` (text, not code) with the TeX between Moodle's delimiters that renders as formulas (noted
    in ``formulas``), and its dollar signs as :data:`_DOLLAR`; other TeX stays text, noted in ``lost``."""
    prose: list[str] = []
    written: list[str] = []
    position = 0
    for found in _TEX_FORMULA.finditer(data):
        inline, bracketed, dollars = found.groups()
        tex = inline if inline is not None else bracketed if bracketed is not None else dollars
        if _renders(tex, display=inline is None):
            prose.append(data[position : found.start()])
            written.append(_written(tex, inline is None, formulas))
            position = found.end()
    prose.append(data[position:])
    if any(_TEX.search(piece) for piece in prose) and "math (TeX)" not in lost:
        lost.append("math (TeX)")
    written.append("")
    return "".join(
        piece.replace("$", _DOLLAR) + formula for piece, formula in zip(prose, written, strict=True)
    )


def plain_text_formulas(text: str) -> ReducedText:
    """A plain text of a bank (no HTML: Moodle's plain and Markdown formats, GIFT's) with its TeX as the
    quiz text's formulas and its dollar signs written as the quiz text needs them, as
    :func:`reduce_markup` does for HTML."""
    formulas: list[tuple[str, bool]] = []
    lost: list[str] = []
    return ReducedText(_dollars_written(_with_formulas(text, formulas, lost), formulas), tuple(lost))


class _Reducer(HTMLParser):
    def __init__(self, source_breaks: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.code_depth = 0
        self.pre_depth = 0
        self.pre_start = 0
        self.scripts: list[tuple[str, int]] = []
        self.lists: list[int | None] = []
        """Per open list, the number of its next item (None for a bulleted one)."""
        self.dropped_depth = 0
        self.lost: list[str] = []
        self.source_breaks = source_breaks
        self.math: tuple[int, bool] | None = None
        """Where the open ``<math>`` element's words begin in :attr:`parts`, and whether it is display."""
        self.tex: list[str] | None = None
        """The open ``<math>`` element's TeX annotation, as it is read (None: it has none so far)."""
        self.reading_tex = False
        self.formulas: list[tuple[str, bool]] = []
        """The formulas written into the text, in order: (TeX, display)."""

    def _lose(self, what: str) -> None:
        if what not in self.lost:
            self.lost.append(what)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "math" and self.math is None:
            self.math = (len(self.parts), (dict(attrs).get("display") or "").strip().lower() == "block")
            self.tex = None
            return
        if tag == "annotation" and self.math is not None and not self.dropped_depth:
            encoding = (dict(attrs).get("encoding") or "").strip().lower()
            if encoding in _TEX_ENCODINGS and self.tex is None:
                self.tex, self.reading_tex = [], True
        if tag in _DROPPED_WITH_CONTENT:
            self.dropped_depth += 1
            return
        if tag in _LOST:
            self._lose(_LOST[tag])
        if tag == "a" and any(name == "href" for name, _ in attrs):
            self._lose("a link's address")
        if tag == "br":
            self.parts.append(_LINE_BREAK)
        elif tag in _BLOCKS:
            self._line_break()
        if tag in {"ol", "ul"}:
            start = dict(attrs).get("start") or "1"
            self.lists.append((int(start) if start.strip().isdigit() else 1) if tag == "ol" else None)
        elif tag == "li" and self.lists and self.lists[-1] is not None:
            # A numbered item shows its number, which the text may refer to ("step 2").
            self.parts.append(f"{self.lists[-1]}. ")
            self.lists[-1] += 1
        if tag == "pre":
            if self.pre_depth == 0:
                self.pre_start = len(self.parts)
            self.pre_depth += 1
        elif tag in _CODE and not self.pre_depth:
            if self.code_depth == 0:
                self.parts.append("`")
            self.code_depth += 1
        elif tag in _SCRIPTS:
            self.scripts.append((tag, len(self.parts)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in _CODE or tag in _SCRIPTS or tag == "pre" or tag in _DROPPED_WITH_CONTENT:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "math" and self.math is not None:
            self._math_end()
            return
        if tag == "annotation":
            self.reading_tex = False
        if tag in _DROPPED_WITH_CONTENT:
            self.dropped_depth = max(0, self.dropped_depth - 1)
            return
        if tag in {"ol", "ul"} and self.lists:
            self.lists.pop()
        if tag == "pre" and self.pre_depth:
            self.pre_depth -= 1
            if self.pre_depth == 0:
                self._preformatted_as_code()
        elif tag in _CODE and self.code_depth and not self.pre_depth:
            self.code_depth -= 1
            if self.code_depth == 0:
                self.parts.append("`")
        elif tag in _SCRIPTS and self.scripts and self.scripts[-1][0] == tag:
            self._script(*self.scripts.pop())
        if tag in _BLOCKS:
            self._line_break()

    def handle_data(self, data: str) -> None:
        if self.reading_tex and self.tex is not None:
            self.tex.append(data)
        if self.dropped_depth:
            return
        # In HTML a line break of the source is white space, except in <pre> and where the bank's format
        # makes it a break (Moodle's auto-format); a break the text means is a <br>.
        data = data.replace(_LINE_BREAK, "").replace(_KEPT_SPACE, "").replace(_KEPT_TAB, "")
        if self.pre_depth:
            data = data.replace("\r\n", "\n").replace(" ", _KEPT_SPACE).replace("\t", _KEPT_TAB)
            self.parts.append(data.replace("\n", _LINE_BREAK))
            return
        data = data.replace("\n", _LINE_BREAK if self.source_breaks else " ")
        if self.code_depth:
            self.parts.append(self._code(data))
            return
        if self.math is not None:  # the words of MathML: kept only where it has no TeX
            self.parts.append(data.replace("$", _DOLLAR))
            return
        self.parts.append(_with_formulas(data, self.formulas, self.lost))

    def _math_end(self) -> None:
        """The ``<math>`` element begun at :attr:`math` as its TeX formula, or its words and a loss."""
        assert self.math is not None
        start, display = self.math
        tex = "".join(self.tex or [])
        self.math, self.tex, self.reading_tex = None, None, False
        if _renders(tex, display):
            del self.parts[start:]
            self.parts.append(_written(tex, display, self.formulas))
            return
        self._lose(_MATH_LOST)

    def _code(self, code: str) -> str:
        """``code`` as inline code holds it: a backtick would end the code, so it becomes ``'``."""
        if "`" in code:
            self._lose(_BACKTICK_IN_CODE)
        return code.replace("`", "'")

    def _preformatted_as_code(self) -> None:
        """The <pre> block begun at :attr:`pre_start` as code, one inline code per line with its
        indentation (a quiz text's code does not span lines); blank lines inside it kept."""
        lines = "".join(self.parts[self.pre_start :]).split(_LINE_BREAK)
        while lines and not lines[0].replace(_KEPT_SPACE, "").replace(_KEPT_TAB, ""):
            lines.pop(0)
        while lines and not lines[-1].replace(_KEPT_SPACE, "").replace(_KEPT_TAB, ""):
            lines.pop()
        kept = [line.rstrip(_KEPT_SPACE + _KEPT_TAB) for line in lines]
        del self.parts[self.pre_start :]
        self.parts.append(_LINE_BREAK.join(f"`{self._code(line)}`" if line else _EMPTY_LINE for line in kept))

    def _script(self, tag: str, start: int) -> None:
        """The superscript or subscript begun at ``start`` in Unicode's characters, where it has all."""
        written = "".join(self.parts[start:])
        lost, characters = _SCRIPTS[tag]
        if not written.strip():
            return
        if any(character not in characters for character in map(ord, written)):
            self._lose(lost)
            return
        del self.parts[start:]
        self.parts.append(written.translate(characters))

    def flush(self) -> None:
        """Close what the HTML left open: a <pre> block is still code, a superscript still raised."""
        if self.pre_depth:
            self.pre_depth = 0
            self._preformatted_as_code()
        while self.scripts:
            self._script(*self.scripts.pop())
        if self.math is not None:
            self._math_end()

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
    reducer.flush()
    text = BIDI_CONTROLS.sub("", "".join(reducer.parts))
    lines: list[str] = []
    # "\n" separates blocks, _LINE_BREAK the lines the text means: blocks with no text vanish, and a
    # <br> ending a block adds no line, as in a browser.
    for block in text.split("\n"):
        block_lines = [_SPACES.sub(" ", line).strip() for line in block.split(_LINE_BREAK)]
        if len(block_lines) > 1 and not block_lines[-1]:
            block_lines.pop()
        if any(block_lines):
            lines.extend(block_lines)
    text = "\n".join(lines).strip("\n").replace(_EMPTY_LINE, "")
    text = text.replace(_KEPT_SPACE, " ").replace(_KEPT_TAB, "\t")
    return ReducedText(_dollars_written(text, reducer.formulas), tuple(reducer.lost))


def _dollars_written(text: str, formulas: list[tuple[str, bool]]) -> str:
    """``text`` with its dollar signs as ``$`` where the text then holds just its formulas ("$5 and $10"
    holds none), else each as ``\\$``, which never opens or closes a formula."""
    if _DOLLAR not in text:
        return text
    plain = text.replace(_DOLLAR, "$")
    if [(formula.tex, formula.display) for formula in formulas_outside_code(plain)] == formulas:
        return plain
    return text.replace(_DOLLAR, "\\$")


def looks_like_markup(text: str) -> bool:
    """Whether ``text`` holds HTML tags or entities (banks mix HTML and plain texts)."""
    return re.search(r"<[a-zA-Z/!]|&(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);", text) is not None


_IMAGE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"\b(src|alt)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'>]+))", re.IGNORECASE)


def _images_of(html: str) -> list[str]:
    """The images of ``html`` by file name, with their alternative text where they have one: ``star.png``,
    ``bus.png (alt text "bus")``, for a to-do asking a person to put them in words (Moodle writes a file
    of the question as ``@@PLUGINFILE@@/<name>``)."""
    found = []
    for image in _IMAGE.finditer(html):
        attributes = {
            name.lower(): unescape(double or single or bare)
            for name, double, single, bare in _ATTRIBUTE.findall(image.group(0))
        }
        name = unquote(attributes.get("src", "").rsplit("/", 1)[-1]) or "an image with no address"
        alt = " ".join(attributes.get("alt", "").split())
        found.append(f'{name} (alt text "{alt}")' if alt else name)
    return found


def only_images(html: str) -> str | None:
    """What a to-do says of a text that is only images (``the bank shows only the image star.png there,
    which a quiz text cannot hold``), None when ``html`` has none."""
    images = _images_of(html)
    if not images:
        return None
    plural = "s" if len(images) > 1 else ""
    return f"the bank shows only the image{plural} {', '.join(images)} there, which a quiz text cannot hold"
