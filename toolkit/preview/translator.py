"""The translator view of the preview (``/translate/<quiz>/<locale>``): the author's catalog of a quiz in
one locale, each entry as :mod:`.entry_view` shows it with a form that saves it (:mod:`.editor`), the
counts of each state, what the player shows in the source language because its text is not usable
yet (the title, the description, a question), the errors that stop the build, and a search with
filters (the page's script).

A catalog that cannot be read is when the translator needs the view most: the page then says what is
wrong and where, in the words ``quizkit check`` uses, and reloads once a save fixes it.
"""

from __future__ import annotations

from lxml import etree

from toolkit.gettext.catalog import CatalogEntry
from toolkit.preview.entry_view import EntryView, entry_state, render_entry, visible
from toolkit.preview.page import preview_document, serialize
from toolkit.preview.session import PreviewSession, Problem

STATES = ("untranslated", "fuzzy", "translated", "approved")
FILTERS = (
    ("all", "All entries"),
    ("untranslated", "Untranslated"),
    ("fuzzy", "Fuzzy"),
    ("findings", "With findings"),
)


def _question_of(key: str | None) -> str | None:
    parts = (key or "").split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "questions" else None


def translator_page(session: PreviewSession, quiz: str, locale: str, token: str) -> bytes | None:
    """The editor of ``quiz``'s catalog in ``locale`` (the author's file), with the session's ``token``
    in each form; None when the project has no such quiz or target locale."""
    from toolkit.catalogs.workflow import read_with_problems
    from toolkit.preview.editor import (
        catalog_file,
        digest_of_bytes,
        entry_findings,
        glossary_of,
        relative_name,
    )
    from toolkit.preview.translation_aids import memory_suggestions
    from toolkit.text.counts import counted
    from toolkit.text.locale_info import locale_info

    session.mirror.check_folder("read")  # the state shown comes from the copy's build
    config = session.mirror.source
    path = catalog_file(config, quiz, locale)
    if path is None:
        return None
    state = session.state
    name = relative_name(config, path)
    try:
        catalog, _, data = read_with_problems(path, locale)
    except Exception as error:  # whatever stops the reading is what the page must show
        return problem_page(quiz, locale, state.version, session.problems_of(error))
    problems = [problem for problem in state.problems if problem.file == name]
    source = locale_info(config.source_locale)
    target = locale_info(locale)
    fell_back = state.fell_back.get((quiz, locale), ())
    html, body = preview_document(f"{quiz} · {locale} · translator view", state.version, editor=True)
    main = etree.SubElement(
        body,
        "main",
        {
            "class": "translator",
            "data-digest": digest_of_bytes(data),
        },
    )
    etree.SubElement(main, "h1").text = f"{quiz} in {locale}"
    links = etree.SubElement(main, "p")
    etree.SubElement(links, "a", href=f"/{quiz}/{locale}.html").text = "The quiz in the player"
    etree.SubElement(main, "p", {"class": "file"}).text = visible(f"Saving to {name}")
    etree.SubElement(main, "p", {"id": "quizkit-stale", "role": "status", "hidden": "hidden"})
    if problems:
        etree.SubElement(main, "p").text = "The catalog has errors that stop the build:"
        _problem_list(main, problems)
    entries = [entry for entry in catalog.active() if entry.context is not None]
    missing = _not_in_catalog(session, quiz, locale, {entry.context for entry in entries})
    if missing:
        etree.SubElement(main, "p", {"class": "missing"}).text = (
            f"{counted(missing, 'text')} of the quiz {'has' if missing == 1 else 'have'} no entry in this "
            "catalog yet (the content changed since quizkit update): run quizkit update to add "
            f"{'it' if missing == 1 else 'them'} here."
        )
    counts = {name: sum(1 for entry in entries if entry_state(entry) == name) for name in STATES}
    etree.SubElement(main, "p", {"class": "counts"}).text = ", ".join(
        f"{counts[name]} {name}" for name in STATES if counts[name] or name != "approved"
    )
    fallen_texts = _fallen_back_texts(quiz, entries, config.require_approved)
    fallen = etree.SubElement(main, "section", {"class": "fell-back-list", "aria-labelledby": "fell-back"})
    etree.SubElement(fallen, "h2", id="fell-back").text = "Shown in the source language"
    if fell_back or fallen_texts:
        listing = etree.SubElement(fallen, "ul")
        for label in fallen_texts.values():
            etree.SubElement(listing, "li").text = label
        for question in fell_back:
            etree.SubElement(listing, "li").text = visible(question)
    else:
        etree.SubElement(
            fallen, "p"
        ).text = "Nothing: the title, the description and every question are shown translated."
    findings: dict[str, list[str]] = {}
    for finding in entry_findings(config, catalog, name, locale):
        findings.setdefault(finding.key or "", []).append(
            f"{finding.severity}[{finding.code}]: {finding.message}"
        )
    suggestions, memory_problem = memory_suggestions(config, quiz, locale)
    glossary = glossary_of(config, locale)
    digest = digest_of_bytes(data)
    if memory_problem is not None:
        etree.SubElement(main, "p", {"class": "memory-problem"}).text = visible(memory_problem)
    _filters(main)
    listing = etree.SubElement(main, "ol", {"class": "entries"})
    for entry in entries:
        render_entry(
            listing,
            EntryView(
                quiz,
                locale,
                entry,
                source,
                target,
                _question_of(entry.context) in fell_back or entry.context in fallen_texts,
                tuple(findings.get(entry.context or "", ())),
                tuple(suggestions(entry)),
                () if glossary is None else tuple(glossary.terms_in("\n".join(_sources(entry)))),
                token,
                digest,
            ),
            config,
        )
    return serialize(html)


def _fallen_back_texts(quiz: str, entries: list[CatalogEntry], require_approved: bool) -> dict[str, str]:
    """The quiz's title and description where the player shows them in the source language (their
    translation not usable yet: untranslated, fuzzy, or not approved where approval is required), by
    key. The build lists only questions; these two are the catalog's own entries, as the copy builds them."""
    from toolkit.localization.localize import usable

    named = {f"{quiz}.title": "the quiz title", f"{quiz}.description": "the quiz description"}
    return {
        entry.context: named[entry.context]
        for entry in entries
        if entry.context in named and not usable(entry, require_approved)
    }


def _not_in_catalog(session: PreviewSession, quiz: str, locale: str, keys: set[str | None]) -> int:
    """How many texts the preview's build has for ``quiz`` (its copy of the catalog, updated from the
    content) that the author's catalog has no entry for."""
    from toolkit.catalogs.layout import CatalogLayout
    from toolkit.catalogs.workflow import read_catalog

    copy = CatalogLayout.for_project(session.mirror.config).catalog(locale, quiz)
    try:
        built = read_catalog(copy)
    except Exception:  # no build yet, or one that failed: the view lists its problems instead
        return 0
    return sum(1 for entry in built.active() if entry.context is not None and entry.context not in keys)


def _sources(entry: CatalogEntry) -> list[str]:
    return [entry.msgid] if entry.msgid_plural is None else [entry.msgid, entry.msgid_plural]


def _filters(main: etree._Element) -> None:
    """Search and filters: the page's script shows the entries that match (all are shown without it)."""
    form = etree.SubElement(main, "form", {"class": "filters", "role": "search", "hidden": "hidden"})
    label = etree.SubElement(form, "label")
    label.text = "Search "
    etree.SubElement(label, "input", {"type": "search", "id": "search", "name": "q", "autocomplete": "off"})
    label = etree.SubElement(form, "label")
    label.text = "Show "
    select = etree.SubElement(label, "select", {"id": "filter", "name": "filter"})
    for value, text in FILTERS:
        etree.SubElement(select, "option", value=value).text = text
    etree.SubElement(main, "p", {"id": "shown", "role": "status", "aria-live": "polite"})


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
