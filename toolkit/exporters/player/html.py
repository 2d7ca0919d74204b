"""``html``: a static quiz player, a page per quiz and locale, plus an index page, sharing one stylesheet
and one script.

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
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any, cast

import lxml.html
from babel import Locale
from babel.numbers import format_decimal
from lxml import etree

from toolkit.content.images import images_of
from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportRequest, OutputFile, QuizSummary
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
from toolkit.keys import UI_DOMAIN, message_key, quiz_description_key, quiz_title_key
from toolkit.localization import LocalizedQuiz
from toolkit.model import Quiz
from toolkit.text.bidi import latin_runs
from toolkit.text.formulas import formulas_outside_code, plain_formulas, plain_text
from toolkit.text.locale_info import (
    LocaleInfo,
    cldr_category,
    cldr_locale,
    is_pseudo_locale,
    locale_info,
    plural_index_categories,
)

FSI, PDI = "\u2068", "\u2069"
DATA_ELEMENT_ID = "quiz-data"


__all__ = [
    "HtmlExporter",
    "asset_outputs",
    "index_page",
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


def _append_segments(parent: etree._Element, parts: list[list[str]], latin_lang: str) -> None:
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


def _head(
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


def _end_body(body: etree._Element, data: Mapping[str, Any], scripts: Sequence[Asset], depth: int) -> None:
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
    keys = _KeyMarks(marked)
    locale = localized.locale
    direction = locale.direction
    latin_lang = localized.source.tag if localized.source.direction == "ltr" else "en"
    html = etree.Element("html", lang=locale.tag, dir=direction)
    media = media if media is not None else MediaFiles()
    with_images = any(True for question in localized.questions for _image in images_of(question))
    _head(html, plain_title(localized.title, direction), depth, True, with_images)
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
    _append_segments(h1, segments(localized.title, h1.get("dir", direction)), latin_lang)
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
        _append_segments(
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
    _end_body(body, {DATA_ELEMENT_ID: data, **(host_data or {})}, [player_code(), *host_scripts], depth)
    return serialize_page(html)


KEY_ATTRIBUTE = "data-quizkit-key"
"""The attribute of a marked page's element that shows a translatable text: the text's catalog key
(player.js sets it on the elements it builds, from the view's ``["key", key]`` segments)."""


@dataclass(frozen=True)
class _KeyMarks:
    """Marks elements with their text's key on a marked page; does nothing on any other."""

    marked: bool

    def mark(self, element: etree._Element, key: str) -> etree._Element:
        if self.marked:
            element.set(KEY_ATTRIBUTE, key)
        return element


def _interface_text(
    request: ExportRequest, locale: LocaleInfo, source: LocaleInfo, name: str, default: str
) -> tuple[str, LocaleInfo]:
    """An interface message in ``locale`` with the locale it is written in (:func:`_interface_message`),
    and ``default`` where the project's ``ui.yaml`` lacks the message (as the player's "Language")."""
    return _interface_message(request, locale, source, name) or (default, source)


def _interface_message(
    request: ExportRequest, locale: LocaleInfo, source: LocaleInfo, name: str, count: int | None = None
) -> tuple[str, LocaleInfo] | None:
    """An interface message in ``locale`` with the locale it is written in: the source where the
    ``ui`` catalog has no usable translation (untranslated, fuzzy, unapproved under the release gate, or
    for an older source text); None where the project's ``ui.yaml`` lacks it, or has it with plural
    forms and no ``count`` (or without them and a ``count``). A plural message takes the form of
    ``count``'s CLDR category in the locale it is written in, the count in place of its placeholder."""
    interface = request.content.interface
    message = next((every for every in interface.messages if every.name == name), None) if interface else None
    if message is None or message.is_plural != (count is not None):
        return None
    found: tuple[str, LocaleInfo] | None = None
    if locale.locale != source.locale and (locale.locale, UI_DOMAIN) in request.catalogs:
        catalog = request.catalogs[(locale.locale, UI_DOMAIN)]
        entry = catalog.by_context().get(message.key)
        if entry is not None and request.publishes(entry, locale.locale) and entry.msgid == message.source:
            if count is None:
                found = entry.msgstr, locale
            elif entry.msgid_plural == message.other:
                categories = plural_index_categories(
                    locale.locale, catalog.header.plural_forms or "nplurals=2; plural=(n != 1);"
                )
                forms = dict(zip(categories, entry.msgstr_plural, strict=False))
                form = forms.get(_plural_category(locale, count))
                found = (form, locale) if form else None
    if found is None:
        if count is None:
            found = message.source, source
        else:
            found = (message.one if _plural_category(source, count) == "one" else message.other) or "", source
    if count is None or message.plural is None:
        return found
    text, written_in = found
    number = format_decimal(
        count, locale=cldr_locale(written_in.locale), numbering_system=written_in.numbering_system
    )
    return text.replace("{" + message.plural + "}", number), written_in


def _plural_category(locale: LocaleInfo, count: int) -> str:
    """The CLDR plural category of ``count`` in ``locale`` ("one", "other", …)."""
    return cldr_category(locale.locale, count)


def _append_in(parent: etree._Element, text: str, locale: LocaleInfo, **attributes: str) -> etree._Element:
    """``text`` as a ``<span lang dir>`` child of ``parent``, its Latin runs isolated."""
    attrib: dict[str, str] = {"lang": locale.tag, "dir": locale.direction, **attributes}
    span = etree.SubElement(parent, "span", attrib)
    _append_segments(span, segments(text, locale.direction), "en")
    return span


def _separate(parent: etree._Element) -> None:
    etree.SubElement(parent, "span", {"class": "separator", "aria-hidden": "true"}).text = " · "


def index_page(request: ExportRequest, marked_locale: str | None = None) -> bytes:
    """The index: a heading, and every quiz's titles with its start card in each locale (:func:`_start_card`).
    ``marked_locale``: the elements that show a text in that locale carry its catalog key (a page made
    for ``quizkit screenshots``, one per locale, as the player's marked pages); the exported index is
    never marked."""
    source = locale_info(request.source_locale)
    quizzes = [
        [
            request.summary(quiz.id, locale)
            for locale in request.locales
            if (quiz.id, locale) in request.localized
        ]
        for quiz in request.content.quizzes
    ]
    quizzes = [every for every in quizzes if every]
    locales = list({summary.locale.tag: summary.locale for every in quizzes for summary in every}.values())
    if not locales:
        locales = [source]
    headings = []
    for locale in locales:
        heading = _interface_text(request, locale, source, "quiz-list", "Quizzes")
        if heading not in headings:
            headings.append(heading)
    html = etree.Element("html", lang=source.tag, dir=source.direction)
    # <title> takes no markup: each heading is isolated with FSI/PDI, so that directions cannot mix.
    title = " · ".join(
        f"{FSI}{text}{PDI}" if written_in.direction == "rtl" else text for text, written_in in headings
    )
    _head(html, title, 0, False)
    body = etree.SubElement(html, "body")
    main = etree.SubElement(body, "main", {"class": "index"})
    page_heading = etree.SubElement(main, "h1")
    marked_heading = next(
        (
            _interface_text(request, locale, source, "quiz-list", "Quizzes")
            for locale in locales
            if locale.locale == marked_locale
        ),
        None,
    )
    for position, (text, written_in) in enumerate(headings):
        if position:
            _separate(page_heading)
        span = _append_in(page_heading, text, written_in)
        if (text, written_in) == marked_heading:
            span.set(KEY_ATTRIBUTE, message_key("quiz-list"))
    models = {quiz.id: quiz for quiz in request.content.quizzes}
    for every in quizzes:
        quiz_id = every[0].quiz_id
        section = etree.SubElement(
            main, "section", {"class": "quiz-entry", "aria-labelledby": f"quiz-{quiz_id}"}
        )
        heading_element = etree.SubElement(section, "h2", id=f"quiz-{quiz_id}")
        # Each distinct title once (a locale whose title fell back to the source repeats none).
        title_ids: dict[str, str] = {}
        for summary in every:
            if summary.title not in title_ids:
                if title_ids:
                    _separate(heading_element)
                title_ids[summary.title] = f"title-{quiz_id}-{summary.locale.tag}"
                span = _append_in(heading_element, summary.title, summary.locale, id=title_ids[summary.title])
                if summary.locale.locale == marked_locale:
                    span.set(KEY_ATTRIBUTE, quiz_title_key(quiz_id))
        cards = etree.SubElement(section, "ul", {"class": "start-cards"})
        for summary in every:
            _start_card(
                cards,
                request,
                summary,
                models[quiz_id],
                title_ids[summary.title],
                summary.locale.locale == marked_locale,
            )
    return serialize_page(html)


def _start_card(
    cards: etree._Element,
    request: ExportRequest,
    summary: QuizSummary,
    quiz: Quiz,
    title_id: str,
    marked: bool,
) -> None:
    """What a learner reads before starting the quiz in one locale, in that locale's language and
    direction (each message in the one it is written in, where it fell back): the language, the level
    line (as the player's header), the description, "Review each question." with the number of
    questions, the note that answers appear during the quiz, and the link that starts it. A message the
    project's ``ui.yaml`` lacks is left out (the link then names the language, as before there were cards)."""
    source = summary.source
    locale = summary.locale
    keys = _KeyMarks(marked)
    card = etree.SubElement(cards, "li", {"class": "start-card", "lang": locale.tag, "dir": locale.direction})
    language_id = f"language-{summary.quiz_id}-{locale.tag}"
    etree.SubElement(card, "h3", {"class": "card-language", "id": language_id}).text = autonym(locale.tag)
    level_line = etree.SubElement(card, "p", {"class": "level"})
    guide = _interface_message(request, locale, source, "guide-linked-quiz") if quiz.guide else None
    if guide:
        keys.mark(_append_in(level_line, *guide), message_key("guide-linked-quiz"))
        _separate(level_line)
    level_name = f"level-{quiz.level.value}"
    level = _interface_message(request, locale, source, level_name) or (quiz.level.value, locale)
    keys.mark(_append_in(level_line, *level), message_key(level_name))
    if summary.description:
        # A target's description equal to the source's fell back to it: it is written in the source.
        fell_back = not summary.is_source and summary.description == quiz.description.source
        written_in = source if fell_back else locale
        keys.mark(
            _append_in(
                etree.SubElement(card, "p", {"class": "description"}), summary.description, written_in
            ),
            quiz_description_key(summary.quiz_id),
        )
    review = _interface_message(request, locale, source, "review-each-question")
    count = _interface_message(request, locale, source, "question-count", summary.questions)
    if review or count:
        facts = etree.SubElement(card, "p", {"class": "quiz-facts"})
        if review:
            keys.mark(_append_in(facts, *review), message_key("review-each-question"))
        if review and count:
            facts[-1].tail = " "
        if count:
            keys.mark(_append_in(facts, *count), message_key("question-count"))
    note = _interface_message(request, locale, source, "answers-appear")
    if note:
        keys.mark(
            _append_in(etree.SubElement(card, "p", {"class": "answers-note"}), *note),
            message_key("answers-appear"),
        )
    start = _interface_message(request, locale, source, "start-quiz")
    link = etree.SubElement(
        card,
        "a",
        {
            "class": "start-quiz",
            "href": f"{summary.quiz_id}/{locale.tag}.html",
            "hreflang": locale.tag,
            # The link's name is the same on every card; the title and the language tell them apart.
            "aria-describedby": f"{title_id} {language_id}",
        },
    )
    if start:
        # The link is marked, not its text: its outline goes round the whole button.
        _append_in(link, *start)
        keys.mark(link, message_key("start-quiz"))
    else:
        link.text = autonym(locale.tag)


class HtmlExporter(BaseExporter):
    name = "html"
    description = "a static quiz player page per quiz and locale, and an index page"
    presents_quiz = True
    # A static page cannot keep the answer key secret: there is no delivery variant (omits_answers is
    # not declared), so --no-answers leaves html out, saying so, or refuses it by name.
    question_types = ALL_QUESTION_TYPES

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        if not request.answers:
            return  # never asked (see above); a page without the key would be no page at all
        pages = 0
        media = MediaFiles()
        for quiz, every in request.versions_by_quiz():
            for localized in every:
                pages += 1
                yield OutputFile(
                    PurePosixPath(quiz.id) / f"{localized.locale.tag}.html",
                    player_page(localized, every, media=media),
                    quiz=quiz.id,
                )
        yield from media.outputs()
        if request.shared:
            pages += 1
            yield OutputFile(PurePosixPath("index.html"), index_page(request))
        if pages:
            # With every export that writes a page, shared or not: the pages of `quizkit export --quiz`
            # must work without an earlier export of the whole project (and after a change of player).
            # They depend on no quiz (quiz None); a build records them with the shared files.
            yield from asset_outputs()
