"""The translator view of the preview (``/translate/<quiz>/<locale>``): each text of a quiz's catalog in
one locale, source and target side by side, with its key and catalog state, and the questions the
player shows in the source language because one of their texts is not usable yet.

A catalog that cannot be read is when the translator needs the view most: the page then says what is
wrong and where, in the words ``quizkit check`` uses, and reloads once a save fixes it.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from toolkit.gettext.catalog import CatalogEntry
from toolkit.preview.page import preview_document, serialize
from toolkit.preview.session import PreviewSession, Problem

STATES = ("untranslated", "fuzzy", "translated", "approved")


def entry_state(entry: CatalogEntry) -> str:
    """The catalog state of ``entry``: untranslated, fuzzy, translated, or approved (translated, with a
    reviewer's approval whose hash still matches: :func:`toolkit.gettext.review.is_approved`)."""
    from toolkit.gettext.review import is_approved

    if entry.is_fuzzy:
        return "fuzzy"
    if entry.is_translated:
        return "approved" if is_approved(entry) else "translated"
    return "untranslated"


def _question_of(key: str | None) -> str | None:
    parts = (key or "").split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "questions" else None


def catalog_path(session: PreviewSession, quiz: str, locale: str) -> Path | None:
    """The copy's catalog of ``quiz`` in ``locale``; None unless both are the project's."""
    from toolkit.catalogs.layout import CatalogLayout
    from toolkit.keys import is_valid_id

    config = session.mirror.config
    if locale not in config.target_locales or not is_valid_id(quiz):
        return None
    from toolkit.files import confined

    session.mirror.check_folder("read")
    layout = CatalogLayout.for_project(config)
    path = confined(layout.catalog(locale, quiz), session.mirror.folder, action="read")
    return path if path.is_file() else None


def translator_page(session: PreviewSession, quiz: str, locale: str) -> bytes | None:
    """The page, or None when the project has no such quiz or target locale."""
    from toolkit.catalogs.workflow import read_catalog
    from toolkit.text.locale_info import locale_info

    path = catalog_path(session, quiz, locale)
    if path is None:
        return None
    state = session.state
    try:
        catalog = read_catalog(path)
    except Exception as error:  # whatever stops the reading is what the page must show
        return problem_page(quiz, locale, state.version, session.problems_of(error))
    name = session.mirror.original(path).relative_to(session.root).as_posix()
    problems = [problem for problem in state.problems if problem.file == name]
    source = locale_info(session.mirror.config.source_locale)
    target = locale_info(locale)
    fell_back = state.fell_back.get((quiz, locale), ())
    html, body = preview_document(f"{quiz} · {locale} · translator view", state.version)
    main = etree.SubElement(body, "main", {"class": "translator"})
    etree.SubElement(main, "h1").text = f"{quiz} in {locale}"
    links = etree.SubElement(main, "p")
    etree.SubElement(links, "a", href=f"/{quiz}/{locale}.html").text = "The quiz in the player"
    if problems:
        etree.SubElement(main, "p").text = "The catalog has errors that stop the build:"
        _problem_list(main, problems)
    entries = [entry for entry in catalog.active() if entry.context is not None]
    counts = {name: sum(1 for entry in entries if entry_state(entry) == name) for name in STATES}
    etree.SubElement(main, "p", {"class": "counts"}).text = ", ".join(
        f"{counts[name]} {name}" for name in STATES if counts[name] or name != "approved"
    )
    fallen = etree.SubElement(main, "section", {"class": "fell-back-list", "aria-labelledby": "fell-back"})
    etree.SubElement(fallen, "h2", id="fell-back").text = "Shown in the source language"
    if fell_back:
        listing = etree.SubElement(fallen, "ul")
        for question in fell_back:
            etree.SubElement(listing, "li").text = visible(question)
    else:
        etree.SubElement(fallen, "p").text = "No question: every question is shown translated."
    table = etree.SubElement(main, "table")
    heading = etree.SubElement(etree.SubElement(table, "thead"), "tr")
    for label in ("Key", f"Source ({source.tag})", f"Target ({target.tag})", "State"):
        etree.SubElement(heading, "th", scope="col").text = label
    rows = etree.SubElement(table, "tbody")
    for entry in entries:
        name = entry_state(entry)
        classes = [f"state-{name}"]
        if _question_of(entry.context) in fell_back:
            classes.append("fell-back")
        row = etree.SubElement(rows, "tr", {"class": " ".join(classes), "data-key": entry.context or ""})
        etree.SubElement(row, "td", {"class": "key"}).text = visible(entry.context or "")
        sources = [entry.msgid] if entry.msgid_plural is None else [entry.msgid, entry.msgid_plural]
        _texts(row, sources, source.tag, source.direction)
        _texts(row, list(entry.translations), target.tag, target.direction)
        etree.SubElement(row, "td", {"class": "state"}).text = name
    return serialize(html)


def problem_page(quiz: str, locale: str, version: int, problems: list[Problem]) -> bytes:
    """The view of a catalog that cannot be read: each problem located, as the overlay shows it."""
    html, body = preview_document(f"{quiz} · {locale} · translator view", version)
    main = etree.SubElement(body, "main", {"class": "translator"})
    etree.SubElement(main, "h1").text = f"{quiz} in {locale}"
    etree.SubElement(main, "p").text = "The catalog cannot be read; save a fix and this page updates:"
    _problem_list(main, problems)
    return serialize(html)


def _problem_list(parent: etree._Element, problems: list[Problem]) -> None:
    listing = etree.SubElement(parent, "ul", {"class": "problems"})
    for problem in problems:
        item = etree.SubElement(listing, "li", {"class": "problem"})
        text = f"error[{problem.code}]: {problem.message}"  # as the command prints it
        if problem.file:
            where = etree.SubElement(item, "code", {"class": "location"})
            where.text = visible(problem.location())
            where.tail = visible(f": {text}")
        else:
            item.text = visible(text)


_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def visible(text: str) -> str:
    """``text`` with each character an HTML page cannot hold (a control character: the very thing a
    check reports) written as its escape, ``\\x01``, so that the view shows it instead of failing."""
    return _NOT_IN_XML.sub(lambda match: f"\\x{ord(match.group()):02x}", text)


def _texts(row: etree._Element, texts: list[str], tag: str, direction: str) -> None:
    cell = etree.SubElement(row, "td", lang=tag, dir=direction)
    for position, text in enumerate(texts):
        if position:
            etree.SubElement(cell, "hr")
        etree.SubElement(cell, "div").text = visible(text)
