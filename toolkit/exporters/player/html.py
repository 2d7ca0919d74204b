"""The player page of the ``html`` export (:mod:`toolkit.exporters.player.html_export`): a static quiz
player, a page per quiz and locale, beside an index page (:mod:`toolkit.exporters.player.index_page`,
built of this module's page parts), sharing one stylesheet and one script.

Layout: ``html/<quiz>/<locale>.html`` for every locale, ``html/index.html`` listing the quizzes and their
locales, and ``html/assets/player-<hash>.css`` and ``.js`` (:mod:`toolkit.exporters.player.assets`),
written with any page and referred to by every page: ``<link rel="stylesheet">`` in the head and
``<script src>`` at the end of the body, after the quiz data, so the data is in the document when the
script runs. The pages work from ``file://``, offline, and over http: the quiz is embedded as data, and
the page loads nothing but those two files. A Content-Security-Policy meta tag enforces that:
``default-src 'none'``, scripts and styles from ``'self'`` only, no inline code.

The data is the JSON bundle (:func:`toolkit.exporters.json_bundle.bundle`) plus a ``view``
(:mod:`toolkit.exporters.player.view`: every question of every kind, each text already split into
segments, ``[kind, text]`` with kinds ``text``, ``latin`` and ``code``, by
:func:`toolkit.text.bidi.bidi_segments`), so the script builds isolated Latin runs with DOM APIs and never
parses markup; the player reads its questions from the ``view`` alone. With answers the data also holds
the tables the player's grader needs (:mod:`toolkit.exporters.player.player_grading`): the script
(``grading.js``, ``kinds.js``, ``player.js``) grades as :func:`toolkit.localization.grade` does. It sits in
a ``<script type="application/json">`` element with ``<``, ``>``, ``&`` and every invisible character
escaped as JSON ``\\u`` escapes, so no text can close the element. Everything else is built with lxml as
elements and serialized: text is escaped, never markup.

Right-to-left pages carry ``<html lang dir>``, ``dir``/``lang`` on every prompt and option container (the
script sets them from the view), and isolate Latin runs with ``<span dir="ltr" lang="en">``; no bidi
control character is inserted, except FSI/PDI around Latin runs in ``<title>``, where markup is
impossible. Option order: where the content asks for shuffling, the options that are not pinned are
ordered by a hash of question id and option id (deterministic, the same in every locale), and pinned
options keep their places.

A static page cannot keep the answer key secret, so there is no delivery variant: ``--no-answers``
leaves html out of the configured formats and ``all`` (and says so), and refuses it by name.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

import lxml.html
from babel import Locale
from lxml import etree

from toolkit.content.images import images_of
from toolkit.exporters.base import OutputFile
from toolkit.exporters.json_bundle import bundle
from toolkit.exporters.media import MediaFiles
from toolkit.exporters.player.assets import (
    Asset,
    content_security_policy,
    player_code,
    player_script,
    player_stylesheet,
)
from toolkit.exporters.player.player_grading import grading_tables
from toolkit.exporters.player.view import ImageLinks, option_order, segments, view
from toolkit.keys import message_key, quiz_description_key, quiz_title_key
from toolkit.localization import LocalizedQuiz
from toolkit.text.bidi import latin_runs
from toolkit.text.formulas import formulas_outside_code, plain_formulas, plain_text
from toolkit.text.locale_info import LocaleInfo, is_pseudo_locale, locale_info

FSI, PDI = "\u2068", "\u2069"
DATA_ELEMENT_ID = "quiz-data"


__all__ = [
    "asset_outputs",
    "option_order",
    "player_page",
    "player_script",
    "segments",
    "view",
]


def asset_outputs() -> list[OutputFile]:
    """The files every page of the format refers to: ``assets/player-<hash>.css`` and ``.js``."""
    return [OutputFile(asset.path, asset.data) for asset in (player_stylesheet(), player_code())]


def _json_escape(character: str) -> str:
    code = ord(character)
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def script_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: ``<``, ``>`` and ``&`` as ``\\u`` escapes, and
    so is every invisible character (bidi controls, ZWNJ, spaces other than U+0020 in the grader's
    tables), so the page's source holds none of them raw."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    if text.isprintable():
        return text
    return _maybe_invisible().sub(_escape_invisible, text)


def _escape_invisible(found: re.Match[str]) -> str:
    character = found.group(0)
    return character if character.isprintable() else _json_escape(character)


@functools.cache
def _maybe_invisible() -> re.Pattern[str]:
    """Every character of the Basic Multilingual Plane that ``str.isprintable`` rejects, and every
    character beyond it (rare; each is asked on its own). Made on first use, from Python's own Unicode
    tables: a character-by-character loop over a page's data took 2 ms a page."""
    ranges: list[str] = []
    start = None
    for code in range(0x10000):
        invisible = not chr(code).isprintable()
        if invisible and start is None:
            start = code
        elif not invisible and start is not None:
            ranges.append(_class_range(start, code - 1))
            start = None
    if start is not None:
        ranges.append(_class_range(start, 0xFFFF))
    return re.compile("[" + "".join(ranges) + "\\U00010000-\\U0010ffff]")


def _class_range(first: int, last: int) -> str:
    return f"\\u{first:04x}" if first == last else f"\\u{first:04x}-\\u{last:04x}"


def plain_title(text: str, direction: str) -> str:
    """Text for ``<title>`` (no markup possible): a formula as its plain text ("2(N − 1)/N", not its
    TeX), and in right-to-left text each formula and Latin run wrapped in FSI/PDI."""
    formulas = formulas_outside_code(text)
    if direction != "rtl":
        return plain_formulas(text) if formulas else text
    pieces = []
    position = 0
    for formula in formulas:
        pieces += [_isolated_runs(text[position : formula.start]), FSI, plain_text(formula), PDI]
        position = formula.end
    pieces.append(_isolated_runs(text[position:]))
    return "".join(pieces)


def _isolated_runs(text: str) -> str:
    """Latin runs of right-to-left text wrapped in FSI/PDI."""
    pieces = []
    position = 0
    for start, end in latin_runs(text):
        pieces += [text[position:start], FSI, text[start:end], PDI]
        position = end
    pieces.append(text[position:])
    return "".join(pieces)


def autonym(tag: str) -> str:
    """A locale's name in its own language ("اردو", "English"); a pseudo-locale's English name."""
    if is_pseudo_locale(tag):
        return locale_info(tag.replace("-", "_")).english_name
    locale = Locale.parse(tag, sep="-")
    name = locale.get_display_name(locale) or tag
    return name[:1].upper() + name[1:]


def locale_item(
    listing: etree._Element, locale: LocaleInfo, href: str, attributes: Mapping[str, str]
) -> None:
    """An item of a list of locales (the index's, SCORM's launch page's): in ``locale``'s language and
    direction, a link to ``href`` named by the locale's own name, with ``attributes`` besides."""
    item = etree.SubElement(listing, "li", lang=locale.tag, dir=locale.direction)
    link = etree.SubElement(item, "a", href=href, hreflang=locale.tag)
    for name, value in attributes.items():
        link.set(name, value)
    link.text = autonym(locale.tag)


def _written_in(localized: LocalizedQuiz, text: str) -> dict[str, str]:
    """The ``dir`` (and, where it fell back, ``lang``) of the header's ``text`` (title, description): one
    in the source language is isolated whole in the source's direction, so its full stop stays at its
    end on a right-to-left page."""
    if text in localized.fallen_back_texts and localized.locale.tag != localized.source.tag:
        return {"lang": localized.source.tag, "dir": localized.source.direction}
    return {"dir": localized.locale.direction}


def append_segments(parent: etree._Element, parts: list[list[str]], latin_lang: str) -> None:
    """Segments as children of ``parent``: Latin runs in ``<span dir="ltr" lang>``, code in ``<code>``,
    a formula's MathML (made at build time) in ``<span dir="ltr" class="formula">``, as the script does."""
    for kind, text, *_ in parts:
        if kind in ("key", "lang"):
            continue
        if kind in ("math", "display-math"):
            island = etree.SubElement(parent, "span", {"dir": "ltr", "class": "formula"})
            island.append(etree.fromstring(text))
            continue
        if kind == "code-block":
            etree.SubElement(etree.SubElement(parent, "pre", dir="ltr"), "code").text = text
            continue
        if kind == "text":
            if len(parent):
                parent[-1].tail = (parent[-1].tail or "") + text
            else:
                parent.text = (parent.text or "") + text
            continue
        child = etree.SubElement(parent, "code" if kind == "code" else "span", dir="ltr")
        if kind == "latin":
            child.set("lang", latin_lang)
        child.text = text


def _message_text(localized: LocalizedQuiz, name: str) -> str | None:
    for message in localized.messages:
        if message.name == name and message.text is not None:
            return message.text
    return None


def page_head(
    html: etree._Element, title: str, depth: int, scripts: bool, images: bool = False
) -> etree._Element:
    """The head of a page ``depth`` folders below the assets' parent; ``scripts``, ``images``: whether it
    has any."""
    head = etree.SubElement(html, "head")
    etree.SubElement(head, "meta", charset="utf-8")
    csp = content_security_policy(scripts, images)
    etree.SubElement(head, "meta", {"http-equiv": "Content-Security-Policy", "content": csp})
    etree.SubElement(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    etree.SubElement(head, "meta", name="referrer", content="no-referrer")
    etree.SubElement(head, "title").text = title
    etree.SubElement(head, "link", rel="stylesheet", href=player_stylesheet().href(depth))
    return head


def end_body(body: etree._Element, data: Mapping[str, Any], scripts: Sequence[Asset], depth: int) -> None:
    """The data elements (by id), then the scripts that read them: last in the body, so that the
    document is parsed when they run."""
    for element_id, value in data.items():
        etree.SubElement(body, "script", type="application/json", id=element_id).text = script_json(value)
    for script in scripts:
        etree.SubElement(body, "script", src=script.href(depth))


def serialize_page(html: etree._Element) -> bytes:
    """An HTML document as every page quizkit writes it (the player, its index, SCORM's launch page, the
    preview's own pages): a doctype, HTML serialization, one final newline, UTF-8."""
    # lxml.html.tostring serializes any element (it is etree.tostring less the Content-Type meta); its
    # stubs ask for the HtmlElement that lxml.html's own parser makes.
    element = cast("lxml.html.HtmlElement", html)
    text = lxml.html.tostring(element, doctype="<!DOCTYPE html>", encoding="unicode", method="html")
    return (str(text).rstrip("\n") + "\n").encode("utf-8")


def player_page(
    localized: LocalizedQuiz,
    others: Sequence[LocalizedQuiz],
    answers: bool = True,
    *,
    depth: int = 1,
    host_scripts: Sequence[Asset] = (),
    host_data: Mapping[str, Any] | None = None,
    marked: bool = False,
    media: MediaFiles | None = None,
) -> bytes:
    """The player page of one quiz in one locale; ``others`` are the quiz in every locale, for the switch.
    ``depth``: how many folders below the ``assets`` folder's parent the page is (1 in the ``html``
    format: ``<quiz>/<locale>.html``). A host (the SCORM adapter) adds ``host_scripts``, run after the
    player (they follow the attempt through ``window.quizkitPlayer`` and its events), and their settings
    as ``host_data``, JSON elements by id. ``marked``: every element that shows a translatable text
    carries its catalog key in ``data-quizkit-key`` (what ``quizkit screenshots`` looks for); the
    exported pages are never marked, so the marks change no export. The quiz's images are added to
    ``media``, which the caller copies to ``media/`` beside the ``assets`` folder."""
    keys = KeyMarks(marked)
    locale = localized.locale
    direction = locale.direction
    latin_lang = localized.source.tag if localized.source.direction == "ltr" else "en"
    html = etree.Element("html", lang=locale.tag, dir=direction)
    media = media if media is not None else MediaFiles()
    with_images = any(True for question in localized.questions for _image in images_of(question))
    page_head(html, plain_title(localized.title, direction), depth, True, with_images)
    body = etree.SubElement(html, "body")

    language = _message_text(localized, "language") or "Language"
    nav = etree.SubElement(body, "nav", {"class": "locales", "aria-label": language})
    label = etree.SubElement(nav, "span", {"class": "locales-label", "id": "locales-label"})
    label.text = language
    keys.mark(label, message_key("language"))
    listing = etree.SubElement(nav, "ul", {"aria-labelledby": "locales-label"})
    for other in others:
        item = etree.SubElement(listing, "li")
        link = etree.SubElement(
            item,
            "a",
            {
                "href": f"{other.locale.tag}.html",
                "hreflang": other.locale.tag,
                "lang": other.locale.tag,
                "dir": other.locale.direction,
                "data-locale-link": "",
            },
        )
        if other.locale.tag == locale.tag:
            link.set("aria-current", "page")
        link.text = autonym(other.locale.tag)

    main = etree.SubElement(body, "main", id="player")
    header = etree.SubElement(main, "header")
    h1 = etree.SubElement(header, "h1", _written_in(localized, "title"))
    append_segments(h1, segments(localized.title, h1.get("dir", direction)), latin_lang)
    keys.mark(h1, quiz_title_key(localized.quiz.id))
    level = etree.SubElement(header, "p", {"class": "level", "dir": direction})
    guide = _message_text(localized, "guide-linked-quiz") if localized.quiz.guide else None
    level_key = message_key(f"level-{localized.quiz.level.value}")
    if marked:
        # Two messages in one line: each in a span of its own, so that each has its own box.
        if guide:
            keys.mark(etree.SubElement(level, "span"), message_key("guide-linked-quiz")).text = guide
            etree.SubElement(level, "span").text = " · "
        keys.mark(etree.SubElement(level, "span"), level_key).text = localized.level_label
    else:
        level.text = f"{guide} · {localized.level_label}" if guide else localized.level_label
    if localized.description:
        description = etree.SubElement(header, "p", {"class": "description"})
        for name, value in _written_in(localized, "description").items():
            description.set(name, value)
        append_segments(
            description, segments(localized.description, description.get("dir", direction)), latin_lang
        )
        keys.mark(description, quiz_description_key(localized.quiz.id))
    etree.SubElement(main, "div", id="quiz")

    data: dict[str, Any] = {
        "bundle": bundle(localized, answers, media),
        "view": view(localized, answers, marked, ImageLinks(media, depth)),
    }
    if answers:
        data["grading"] = grading_tables(locale.tag)
    end_body(body, {DATA_ELEMENT_ID: data, **(host_data or {})}, [player_code(), *host_scripts], depth)
    return serialize_page(html)


KEY_ATTRIBUTE = "data-quizkit-key"
"""The attribute of a marked page's element that shows a translatable text: the text's catalog key
(player.js sets it on the elements it builds, from the view's ``["key", key]`` segments)."""


@dataclass(frozen=True)
class KeyMarks:
    """Marks elements with their text's key on a marked page; does nothing on any other."""

    marked: bool

    def mark(self, element: etree._Element, key: str) -> etree._Element:
        if self.marked:
            element.set(KEY_ATTRIBUTE, key)
        return element
