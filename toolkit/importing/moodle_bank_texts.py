"""The texts of a Moodle XML bank as quiz texts: each language's version of a field, reduced to plain text.

A Moodle text is HTML, Moodle's auto-format (plain text that may hold HTML), plain text or Markdown,
as its ``format`` attribute says (``FORMAT_HTML``, ``FORMAT_MOODLE``, ``FORMAT_PLAIN``,
``FORMAT_MARKDOWN`` in lib/weblib.php, written as ``html``, ``moodle_auto_format``, ``plain_text``,
``markdown`` by question/format/xml/format.php). Whatever the format, ``multilang`` spans and ``{mlang}``
blocks are split into their languages first (:mod:`toolkit.importing.multilang`), then each version is
reduced (:mod:`toolkit.importing.markup_reduction`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from typing import Any

from toolkit.importing.markup_reduction import (
    BIDI_CONTROLS,
    looks_like_markup,
    plain_text_formulas,
    reduce_markup,
)
from toolkit.importing.multilang import (
    UNBALANCED,
    declared_language,
    repeated_reason,
    source_version,
    split_versions,
    translation_locale,
)

HTML = "html"
AUTO_FORMAT = "moodle_auto_format"
PLAIN = "plain_text"
MARKDOWN = "markdown"
FORMATS = (HTML, AUTO_FORMAT, PLAIN, MARKDOWN)

_MARKDOWN_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_MARKDOWN_LINK = re.compile(r"(?<!!)\[([^\]]*)\]\([^)]*\)")


@dataclass(frozen=True)
class FieldText:
    """One field of a question in every language the bank gives it in."""

    source: str | None
    """The version in the source language (or ``{mlang other}``'s); None when the field has none."""
    translations: tuple[tuple[str, str], ...]
    """(quizkit locale, text) for the other languages, in order of appearance."""
    lost: tuple[str, ...]
    """What the markup had that a quiz text cannot hold (an image, math), for the report."""
    languages: tuple[str, ...] = ()
    """Every other language the field's multilang markup names, as quizkit locales (``other`` left out)."""
    declared: str | None = None
    """The language a field without multilang markup says it is in (:func:`declared_language`)."""
    in_source_span: bool = False
    """The source version is written in the source language's span (or ``{mlang}`` block), not outside
    every span: a text with no other language's span is then untranslated in the other languages, never
    shared with them (:func:`toolkit.importing.bank.shared_texts_translated`)."""
    repeated: tuple[str, ...] = ()
    """For the report, each span that another of its language side by side hides in Moodle
    (:func:`toolkit.importing.multilang.repeated_reason`)."""


def _reduced(text: str, text_format: str, lost: list[str]) -> str:
    if text_format == HTML or (text_format == AUTO_FORMAT and looks_like_markup(text)):
        # Moodle's auto-format turns the text's line breaks into <br> (text_to_html, lib/weblib.php).
        reduced = reduce_markup(text, source_breaks=text_format == AUTO_FORMAT)
        lost.extend(what for what in reduced.lost if what not in lost)
        return reduced.text
    if text_format == MARKDOWN:
        if _MARKDOWN_IMAGE.search(text) and "an image" not in lost:
            lost.append("an image")
        if _MARKDOWN_LINK.search(text) and "a link's address" not in lost:
            lost.append("a link's address")
        text = _MARKDOWN_LINK.sub(r"\1", _MARKDOWN_IMAGE.sub("", text))
    lines = [" ".join(line.split()) for line in BIDI_CONTROLS.sub("", text).split("\n")]
    # Moodle's TeX filters read the formulas of a plain or Markdown text too.
    plain = plain_text_formulas("\n".join(line for line in lines if line))
    lost.extend(what for what in plain.lost if what not in lost)
    return plain.text


def text_markup(text: Any) -> str:
    """The content of a ``<text>`` element (or ``""`` for None) as the bank means it: Moodle wraps HTML
    in CDATA (qformat_xml::writetext), but a bank written by hand may hold the elements themselves
    (``<text>Net/<span lang="en">…</span></text>``), which are the text's markup, serialized as they
    stand, never dropped. A text of no element is its characters, as before."""
    if text is None:
        return ""
    if len(text) == 0:
        return str(text.text or "")
    from lxml import etree

    return html.escape(text.text or "", quote=False) + "".join(
        etree.tostring(child, encoding="unicode", with_tail=True) for child in text
    )


def field_text(raw: str, text_format: str, source_locale: str) -> FieldText:
    """``raw`` (a ``<text>``'s content) split into languages and reduced to quiz text."""
    if text_format not in FORMATS:
        text_format = AUTO_FORMAT
    lost: list[str] = []
    versions = split_versions(raw)
    if versions.unbalanced:
        lost.append(UNBALANCED)
    if not versions.by_language:
        text = _reduced(raw, text_format, lost)
        return FieldText(text or None, (), tuple(lost), declared=declared_language(raw))
    reduced = [(code, _reduced(version, text_format, lost)) for code, version in versions.by_language]
    chosen, in_source_span = source_version(reduced, source_locale)
    source = dict(reduced)[chosen] if chosen is not None else None
    translations: list[tuple[str, str]] = []
    languages: list[str] = []
    for code, text in reduced:
        locale = translation_locale(code, source_locale)
        if locale is None:
            continue
        languages.append(locale)
        if text:
            translations.append((locale, text))
    return FieldText(
        source,
        tuple(translations),
        tuple(lost),
        tuple(languages),
        in_source_span=in_source_span,
        repeated=tuple(repeated_reason(repeated) for repeated in versions.repeated),
    )


_BLOCK_TAGS = frozenset(
    {"p", "div", "ul", "ol", "table", "pre", "blockquote", "h1", "h2", "h3", "h4", "h5", "h6", "section"}
)


def top_level_blocks(html: str) -> list[str]:
    """``html`` cut into its top-level blocks (paragraphs, divisions, lists), each as HTML; inline content
    between blocks is one block of its own."""
    from lxml import etree
    from lxml import html as lxml_html

    if not html.strip():
        return []
    try:
        parts = lxml_html.fragments_fromstring(html)
    except (etree.ParserError, ValueError):
        return [html]
    blocks: list[str] = []
    inline = ""
    for part in parts:
        if isinstance(part, str):
            inline += part
            continue
        if part.tag in _BLOCK_TAGS:
            if inline.strip():
                blocks.append(inline)
            inline = part.tail or ""
            blocks.append(etree.tostring(part, encoding="unicode", method="html", with_tail=False))
        else:
            inline += etree.tostring(part, encoding="unicode", method="html", with_tail=True)
    if inline.strip():
        blocks.append(inline)
    return blocks
