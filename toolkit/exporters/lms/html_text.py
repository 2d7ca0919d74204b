r"""Quiz texts as HTML for the LMS formats (Moodle XML, GIFT, Canvas and Common Cartridge's QTI 1.2): a
``<div dir lang>`` per text, inline code as ``<code dir="ltr">``, a fenced code block as ``<pre
dir="ltr"><code>``, Latin runs isolated inside right-to-left text. Text is always escaped, never read as
markup.

A TeX formula is written one of two ways, each in a left-to-right isolate (``<latin_tag dir="ltr">``):
``math="tex"`` keeps the TeX for Moodle's filters, ``\(…\)`` inline and ``$$…$$`` display, the
delimiters filter_mathjaxloader recognizes (``wrap_math_in_nolink`` in
filter/mathjaxloader/classes/text_filter.php: ``\(…\)`` inline, ``$$…$$`` and ``\[…\]`` display);
filter_tex reads ``$$…$$`` only (filter/tex/filter.php), so inline formulas need MathJax;
``math="mathml"`` writes the MathML made at build time, for Canvas: its sanitizer keeps MathML
elements (the allow-list in gems/canvas_sanitize/lib/canvas_sanitize/canvas_sanitize.rb; the 2011
version of that list had none) and removes ``svg``, which is why mathpix-markdown-it's Canvas output
(its pull request 425) writes MathML too. An equation image would need Canvas's own server."""

from __future__ import annotations

import functools
from typing import Literal

from lxml import etree

from toolkit.text.bidi import bidi_segments
from toolkit.text.formulas import Formula, mathml_element

MathWriting = Literal["tex", "mathml"]


def tex_for_moodle(tex: str, display: bool) -> str:
    """A formula as Moodle's TeX filters read it: ``\\(…\\)`` inline, ``$$…$$`` display."""
    return f"$${tex}$$" if display else f"\\({tex}\\)"


def _append_text(element: etree._Element, text: str) -> None:
    """Append ``text`` after the last child of ``element`` (or as its text), lines joined by ``<br>``."""
    for number, line in enumerate(text.split("\n")):
        if number:
            etree.SubElement(element, "br")
        if not line:
            continue
        if len(element):
            last = element[-1]
            last.tail = (last.tail or "") + line
        else:
            element.text = (element.text or "") + line


def fill(
    element: etree._Element,
    text: str,
    direction: str,
    latin_lang: str,
    latin_tag: str,
    math: MathWriting = "tex",
    *,
    blocks: bool = True,
) -> etree._Element:
    """``text`` appended to ``element``: code as ``<code dir="ltr">``, a code block as ``<pre
    dir="ltr"><code>`` (with ``blocks=False``, where only inline markup may stand, as ``<code
    dir="ltr">`` with its lines joined by ``<br>``), formulas in ``<latin_tag dir="ltr">`` (TeX or
    MathML, see the module), and in right-to-left text each Latin run isolated with ``<latin_tag
    dir="ltr" lang="latin_lang">``."""
    for segment in bidi_segments(text, isolate_latin=direction == "rtl"):
        if segment.kind == "text":
            _append_text(element, segment.text)
            continue
        if segment.kind == "code-block":
            # Lines joined by <br> even inside <pre>: GIFT ends a question at a blank line.
            if blocks:
                _append_text(
                    etree.SubElement(etree.SubElement(element, "pre", dir="ltr"), "code"), segment.text
                )
                continue
            # Inline only: the block on lines of its own, its indentation kept with no-break spaces.
            _append_text(element, "\n")
            lines = [line.lstrip(" ") for line in segment.text.split("\n")]
            indents = [len(line) - len(line.lstrip(" ")) for line in segment.text.split("\n")]
            code = etree.SubElement(element, "code", dir="ltr")
            _append_text(
                code, "\n".join("\u00a0" * indent + line for indent, line in zip(indents, lines, strict=True))
            )
            _append_text(element, "\n")
            continue
        if segment.kind in ("math", "display-math"):
            display = segment.kind == "display-math"
            island = etree.SubElement(element, latin_tag, dir="ltr")
            if math == "mathml":
                island.append(mathml_element(Formula(segment.text, display, 0, 0)))
            else:
                island.text = tex_for_moodle(segment.text, display)
            continue
        if segment.kind == "code":
            child = etree.SubElement(element, "code", dir="ltr")
        else:
            child = etree.SubElement(element, latin_tag, dir="ltr", lang=latin_lang)
        _append_text(child, segment.text)
    return element


def html_element(
    text: str,
    lang: str,
    direction: str,
    *,
    latin_lang: str = "en",
    latin_tag: str = "span",
    math: MathWriting = "tex",
) -> etree._Element:
    """``text`` as an HTML ``<div dir lang>`` element: code as ``<code dir="ltr">``, Latin runs isolated.

    Latin runs are isolated only in right-to-left text, with ``<latin_tag dir="ltr" lang="latin_lang">``.
    """
    return fill(etree.Element("div", dir=direction, lang=lang), text, direction, latin_lang, latin_tag, math)


def serialize(element: etree._Element) -> str:
    return str(etree.tostring(element, encoding="unicode", method="html"))


def html_text(
    text: str,
    lang: str,
    direction: str,
    *,
    latin_lang: str = "en",
    latin_tag: str = "span",
    math: MathWriting = "tex",
) -> str:
    """The HTML fragment of :func:`html_element`, serialized: text is escaped, never markup."""
    return _html_text(text, lang, direction, latin_lang, latin_tag, math)


# Moodle's files and GIFT write each text of a quiz more than once (a locale's file and multilang.xml).
@functools.lru_cache(maxsize=1 << 14)
def _html_text(
    text: str, lang: str, direction: str, latin_lang: str, latin_tag: str, math: MathWriting
) -> str:
    return serialize(
        html_element(text, lang, direction, latin_lang=latin_lang, latin_tag=latin_tag, math=math)
    )
