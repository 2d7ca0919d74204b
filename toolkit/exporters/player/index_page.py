"""The ``html`` format's index page: a heading, and every quiz's titles with a start card in each of its
locales (the language, the level line, the description, the number of questions, the note that answers
appear during the quiz, and the link that starts it), each text in the language and direction it is
written in. Its interface messages come from the project's ``ui.yaml`` and ``ui`` catalogs, as the
player's do; it shares the player page's head, key marks and serialization
(:mod:`toolkit.exporters.player.html`).
"""

from __future__ import annotations

from babel.numbers import format_decimal
from lxml import etree

from toolkit.exporters.base import ExportRequest, QuizSummary
from toolkit.exporters.player.html import (
    FSI,
    KEY_ATTRIBUTE,
    PDI,
    KeyMarks,
    append_segments,
    autonym,
    page_head,
    serialize_page,
)
from toolkit.exporters.player.view import segments
from toolkit.keys import UI_DOMAIN, message_key, quiz_description_key, quiz_title_key
from toolkit.model import Quiz
from toolkit.text.locale_info import (
    LocaleInfo,
    cldr_category,
    cldr_locale,
    locale_info,
    plural_index_categories,
)

__all__ = ["index_page"]


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
    append_segments(span, segments(text, locale.direction), "en")
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
    page_head(html, title, 0, False)
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
    keys = KeyMarks(marked)
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
