"""Quiz texts as HTML for the LMS formats (Moodle XML, GIFT, Canvas and Common Cartridge's QTI 1.2): a
``<div dir lang>`` per text, inline code as ``<code dir="ltr">``, Latin runs isolated inside right-to-left
text. Text is always escaped, never read as markup."""

from __future__ import annotations

import functools

from lxml import etree

from toolkit.text.bidi import bidi_segments


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
    element: etree._Element, text: str, direction: str, latin_lang: str, latin_tag: str
) -> etree._Element:
    """``text`` appended to ``element``: code as ``<code dir="ltr">``, and in right-to-left text each
    Latin run isolated with ``<latin_tag dir="ltr" lang="latin_lang">``."""
    for segment in bidi_segments(text, isolate_latin=direction == "rtl"):
        if segment.kind == "text":
            _append_text(element, segment.text)
            continue
        if segment.kind == "code":
            child = etree.SubElement(element, "code", dir="ltr")
        else:
            child = etree.SubElement(element, latin_tag, dir="ltr", lang=latin_lang)
        _append_text(child, segment.text)
    return element


def html_element(
    text: str, lang: str, direction: str, *, latin_lang: str = "en", latin_tag: str = "span"
) -> etree._Element:
    """``text`` as an HTML ``<div dir lang>`` element: code as ``<code dir="ltr">``, Latin runs isolated.

    Latin runs are isolated only in right-to-left text, with ``<latin_tag dir="ltr" lang="latin_lang">``.
    """
    return fill(etree.Element("div", dir=direction, lang=lang), text, direction, latin_lang, latin_tag)


def serialize(element: etree._Element) -> str:
    return str(etree.tostring(element, encoding="unicode", method="html"))


def html_text(
    text: str, lang: str, direction: str, *, latin_lang: str = "en", latin_tag: str = "span"
) -> str:
    """The HTML fragment of :func:`html_element`, serialized: text is escaped, never markup."""
    return _html_text(text, lang, direction, latin_lang, latin_tag)


# Moodle's files and GIFT write each text of a quiz more than once (a locale's file and multilang.xml).
@functools.lru_cache(maxsize=1 << 14)
def _html_text(text: str, lang: str, direction: str, latin_lang: str, latin_tag: str) -> str:
    return serialize(html_element(text, lang, direction, latin_lang=latin_lang, latin_tag=latin_tag))
