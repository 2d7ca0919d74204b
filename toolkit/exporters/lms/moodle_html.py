"""The HTML of Moodle XML texts: a ``<div dir lang>`` per text in a locale's file
(:mod:`toolkit.exporters.lms.html_text`), Moodle multilang spans in ``multilang.xml``, Latin runs isolated
inside right-to-left text (see :mod:`toolkit.exporters.lms.moodle`)."""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lxml import etree

from toolkit.exporters.lms.html_text import fill, html_text, serialize, tex_for_moodle
from toolkit.exporters.media import MediaFiles, alt_text
from toolkit.localization import LocalizedQuiz
from toolkit.model import Image, Question
from toolkit.text.bidi import bidi_segments


def multilang_span(
    text: str, span_lang: str, lang: str, direction: str, *, latin_lang: str = "en"
) -> etree._Element:
    """One language's version of a text as a Moodle multilang span, holding inline content only.

    Moodle's HTML cleaner splits a ``<div>`` out of a ``<span>`` (both languages would show) and strips
    ``<bdi>``; its multilang filter ends a language's text at the first ``</span>``, so no ``<span>`` may
    be nested either. Latin runs are isolated with ``<bdo dir="ltr">``, which the cleaner keeps and HTML
    renders as an isolate (``unicode-bidi: isolate-override``); a version that fell back to a
    left-to-right source is wrapped in ``<bdo dir="ltr" lang>`` as a whole. The direction of a version in
    its own language is the page's: Moodle sets it from the reader's language, which the filter picks.
    """
    span = etree.Element("span", lang=span_lang)
    span.set("class", "multilang")  # lang, then class: the two attributes, and only those, Moodle matches
    target = span
    if lang.split("-")[0] != span_lang.split("-")[0] and direction == "ltr":
        target = etree.SubElement(span, "bdo", dir="ltr", lang=lang)
    fill(target, text, direction, latin_lang, "bdo", blocks=False)  # a <pre> would leave the span too
    return span


@functools.lru_cache(maxsize=1 << 14)
def _multilang_html(text: str, span_lang: str, lang: str, direction: str, latin_lang: str) -> str:
    return serialize(multilang_span(text, span_lang, lang, direction, latin_lang=latin_lang))


@dataclass(frozen=True)
class Version:
    """One question in one locale, with the language and direction its texts are written in."""

    question: Question[str]
    locale_tag: str
    lang: str
    direction: str
    latin_lang: str


def version(localized: LocalizedQuiz, question: Question[str]) -> Version:
    written_in = localized.source if question.fell_back else localized.locale
    # Latin runs in a translation are the source's terms; an RTL source leaves only English ones.
    latin_lang = localized.source.tag if localized.source.direction == "ltr" else "en"
    return Version(question, localized.locale.tag, written_in.tag, written_in.direction, latin_lang)


TextOf = Callable[[Question[str]], str]


def versions_html(versions: Sequence[Version], text_of: TextOf, multilang: bool) -> str:
    """One text of a question as HTML: the single version's ``<div>``, or one multilang span per locale."""
    if not multilang:
        (only,) = versions
        return html_text(text_of(only.question), only.lang, only.direction, latin_lang=only.latin_lang)
    return "".join(
        _multilang_html(text_of(each.question), each.locale_tag, each.lang, each.direction, each.latin_lang)
        for each in versions
    )


def versions_paragraph(versions: Sequence[Version], text_of: TextOf, multilang: bool) -> str:
    """One of several texts of one field: as :func:`versions_html`, but in ``multilang.xml`` the spans
    are held in a ``<p>``, since the filter would read spans in a row from two texts as one choice."""
    if not multilang:
        return versions_html(versions, text_of, multilang)
    paragraph = etree.Element("p")
    for each in versions:
        paragraph.append(
            multilang_span(
                text_of(each.question), each.locale_tag, each.lang, each.direction, latin_lang=each.latin_lang
            )
        )
    return serialize(paragraph)


FSI, PDI = "\u2068", "\u2069"


def plain_text(text: str, direction: str) -> str:
    """A text Moodle shows where markup is impossible (a drop-down's option): inline code without its
    backticks, a formula as TeX for Moodle's filters, and in right-to-left text each Latin run, code span
    and formula between FSI and PDI."""
    pieces = []
    for segment in bidi_segments(text, isolate_latin=direction == "rtl"):
        isolate = direction == "rtl" and segment.kind != "text"
        written = segment.text
        if segment.kind in ("math", "display-math"):
            written = tex_for_moodle(segment.text, segment.kind == "display-math")
        pieces.append(f"{FSI}{written}{PDI}" if isolate else written)
    return "".join(pieces)


def plain_versions(versions: Sequence[Version], text_of: TextOf, multilang: bool) -> str:
    """A plain-text field (a matching answer) in one locale, or in every locale as multilang spans of text
    alone: Moodle passes such fields through ``format_string``, whose filters run where the site filters
    headings too."""
    if not multilang:
        (only,) = versions
        return plain_text(text_of(only.question), only.direction)
    spans = []
    for each in versions:
        span = etree.Element("span", lang=each.locale_tag)
        span.set("class", "multilang")
        span.text = plain_text(text_of(each.question), each.direction)
        spans.append(serialize(span))
    return "".join(spans)


def sub_text(parent: etree._Element, tag: str, value: str, text_format: str | None = None) -> etree._Element:
    """``<tag format><text>value</text></tag>``, as Moodle XML holds every text."""
    element = etree.SubElement(parent, tag)
    if text_format is not None:
        element.set("format", text_format)
    etree.SubElement(element, "text").text = value
    return element


ImageOf = Callable[[Question[str]], Image[str] | None]

PLUGINFILE = "@@PLUGINFILE@@/"
"""How a Moodle XML text refers to a file embedded beside it (qformat_xml ``import_text_with_files``
stores each ``<file>`` of the field in its draft area, at ``path`` + ``name``; saving the question turns
``@@PLUGINFILE@@/<name>`` into that file's URL)."""


def _image_element(image: Image[str], media: MediaFiles) -> etree._Element:
    return etree.Element("img", src=f"{PLUGINFILE}{media.file(image).path.name}", alt=alt_text(image))


def versions_image_html(
    versions: Sequence[Version], image_of: ImageOf, multilang: bool, media: MediaFiles
) -> str:
    """The image of one field (the prompt's, an option's, the explanation's) as HTML to follow its text:
    a ``<p dir lang>`` holding the ``<img>`` (its alt in that language), or in ``multilang.xml`` a ``<p>``
    holding one multilang span per locale with that locale's image (its own file, its own alt). Empty
    when the field has no image."""
    shown = [(each, image_of(each.question)) for each in versions]
    if all(image is None for _, image in shown):
        return ""
    if not multilang:
        ((only, image),) = shown
        assert image is not None
        paragraph = etree.Element("p", dir=only.direction, lang=only.lang)
        paragraph.append(_image_element(image, media))
        return serialize(paragraph)
    paragraph = etree.Element("p")
    for each, image in shown:
        if image is None:
            continue
        span = etree.SubElement(paragraph, "span", lang=each.locale_tag)
        span.set("class", "multilang")
        span.append(_image_element(image, media))
    return serialize(paragraph)


def embed_images(
    field: etree._Element, versions: Sequence[Version], image_of: ImageOf, media: MediaFiles
) -> None:
    """Each image of the field (every locale's, in ``multilang.xml``) as a ``<file name path="/"
    encoding="base64">`` of the field, beside its ``<text>``: qformat_xml's ``import_files_as_draft``
    decodes each into the field's draft area, where ``@@PLUGINFILE@@/<name>`` finds it."""
    names: set[str] = set()
    for each in versions:
        image = image_of(each.question)
        if image is None:
            continue
        copy = media.file(image)
        if copy.path.name in names:
            continue
        names.add(copy.path.name)
        file = etree.SubElement(field, "file", name=copy.path.name, path="/", encoding="base64")
        file.text = base64.b64encode(copy.data).decode("ascii")
