"""One entry of the translator view: its key and state, source, notes, glossary terms, check findings,
memory suggestions and screenshot, and the form that edits its translation.

The form works without the page's script too (a plain post, answered with a redirect back to the entry);
the script saves without leaving the page and shows what the save found. Each text is marked with its
language and direction, so an Urdu or Arabic target is typed and shown right to left.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from lxml import etree

from toolkit.config import ProjectConfig
from toolkit.content.glossary import Term
from toolkit.gettext.catalog import CatalogEntry
from toolkit.preview.security import TOKEN_FIELD
from toolkit.preview.translation_aids import Suggestion, screenshot_url
from toolkit.screenshots.naming import without_screenshot_references
from toolkit.text.bidi import right_to_left_runs
from toolkit.text.locale_info import LocaleInfo

_NOT_IN_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def visible(text: str) -> str:
    """``text`` with each character an HTML page cannot hold (a control character: the very thing a
    check reports) written as its escape, ``\\x01``, so that the view shows it instead of failing."""
    return _NOT_IN_XML.sub(lambda match: f"\\x{ord(match.group()):02x}", text)


def entry_state(entry: CatalogEntry) -> str:
    """The catalog state of ``entry``: untranslated, fuzzy, translated, or approved (translated, with a
    reviewer's approval whose hash still matches: :func:`toolkit.gettext.review.is_approved`)."""
    from toolkit.gettext.review import is_approved

    if entry.is_fuzzy:
        return "fuzzy"
    if entry.is_translated:
        return "approved" if is_approved(entry) else "translated"
    return "untranslated"


def entry_id(key: str) -> str:
    return f"entry-{key}"


@dataclass(frozen=True)
class EntryView:
    quiz: str
    locale: str
    entry: CatalogEntry
    source: LocaleInfo
    target: LocaleInfo
    fell_back: bool
    """Its question is shown in the source language because one of its texts is not usable yet."""
    findings: tuple[str, ...]
    """``severity[check]: message``, as ``quizkit check`` words them."""
    suggestions: tuple[Suggestion, ...]
    terms: tuple[Term, ...]
    """The glossary's terms in its source."""
    token: str
    digest: str
    """Of the catalog file the page was read from."""


def _section(parent: etree._Element, css: str, heading: str) -> etree._Element:
    section = etree.SubElement(parent, "section", {"class": css})
    etree.SubElement(section, "h3").text = heading
    return section


def _form_labels(entry: CatalogEntry, target: LocaleInfo) -> list[str]:
    if not entry.is_plural:
        return [f"Translation ({target.tag})"]
    return [
        f"Translation ({target.tag}), form {position} ({category})"
        for position, category in enumerate(
            target.plural_categories[: len(entry.translations)]
            + ("other",) * max(0, len(entry.translations) - len(target.plural_categories))
        )
    ]


def _append_isolated(parent: etree._Element, text: str, target: LocaleInfo) -> None:
    """``text`` (a note, written left to right) added at the end of ``parent``, each right-to-left phrase
    it quotes in a ``<bdi>`` of its own: unisolated, an Urdu phrase holding a Latin word or next to a
    bracket was reordered with the English around it ("Masculine (ہر GPU … رکھتا ہے)." lost its
    brackets' order)."""

    def add(piece: str) -> None:
        if not piece:
            return
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + visible(piece)
        else:
            parent.text = (parent.text or "") + visible(piece)

    position = 0
    for start, end in right_to_left_runs(text):
        add(text[position:start])
        attributes = {"dir": "rtl"}
        if target.direction == "rtl":
            attributes["lang"] = target.tag
        etree.SubElement(parent, "bdi", attributes).text = visible(text[start:end])
        position = end
    add(text[position:])


def render_entry(listing: etree._Element, view: EntryView, config: ProjectConfig) -> None:
    entry = view.entry
    key = entry.context or ""
    state = entry_state(entry)
    classes = ["entry", f"state-{state}", *(["fell-back"] if view.fell_back else [])]
    item = etree.SubElement(
        listing,
        "li",
        {
            "class": " ".join(classes),
            "id": entry_id(key),
            "data-key": key,
            "data-state": state,
            "data-findings": str(len(view.findings)),
        },
    )
    etree.SubElement(item, "h2", {"class": "key"}).text = visible(key)
    etree.SubElement(item, "p", {"class": "state"}).text = state

    source = _section(item, "source", f"Source ({view.source.tag})")
    texts = [entry.msgid] if entry.msgid_plural is None else [entry.msgid, entry.msgid_plural]
    for text in texts:
        etree.SubElement(
            source, "p", {"class": "text", "lang": view.source.tag, "dir": view.source.direction}
        ).text = visible(text)

    if entry.is_fuzzy and entry.previous_msgid is not None:
        # What the fuzzy translation was made for (msgmerge's #| lines), so the reviewer sees what
        # changed in the source; shown while the entry is fuzzy, as Poedit does, and dropped on review.
        previous = _section(item, "previous", "Previous source (what the translation was made for)")
        earlier = [entry.previous_msgid]
        if entry.previous_msgid_plural is not None:
            earlier.append(entry.previous_msgid_plural)
        for text in earlier:
            etree.SubElement(
                previous, "p", {"class": "text", "lang": view.source.tag, "dir": view.source.direction}
            ).text = visible(text)

    # The screenshot reference (#. Screenshot: ...) is shown as the screenshot itself, below.
    notes = [*without_screenshot_references(entry.extracted_comments), *entry.translator_comments]
    if notes:
        listing_notes = etree.SubElement(_section(item, "notes", "Notes"), "ul")
        for note in notes:
            _append_isolated(etree.SubElement(listing_notes, "li"), note, view.target)

    if view.terms:
        listing_terms = etree.SubElement(_section(item, "terms", "Glossary"), "ul")
        for term in view.terms:
            line = etree.SubElement(listing_terms, "li")
            english = etree.SubElement(line, "span", lang=view.source.tag)
            english.text = visible(term.english)
            english.tail = " → "
            preferred = etree.SubElement(
                line, "span", {"lang": view.target.tag, "dir": view.target.direction}
            )
            preferred.text = visible(term.preferred)
            if term.note:
                _append_isolated(line, f" ({term.note})", view.target)

    found = _section(item, "findings", "Check findings")
    found.set("aria-live", "polite")
    findings_list = etree.SubElement(found, "ul")
    for finding in view.findings:
        severity = finding.split("[", 1)[0]
        etree.SubElement(findings_list, "li", {"class": f"finding {severity}"}).text = visible(finding)
    if not view.findings:
        found.set("hidden", "hidden")

    if view.suggestions:
        listing_suggestions = etree.SubElement(_section(item, "suggestions", "Translation memory"), "ul")
        for suggestion in view.suggestions:
            line = etree.SubElement(listing_suggestions, "li")
            use = etree.SubElement(
                line,
                "button",
                {"type": "button", "class": "use", "data-texts": json.dumps(list(suggestion.translations))},
            )
            use.text = "Use"
            use.tail = f" {suggestion.similarity:.0f}% "
            etree.SubElement(
                line, "span", {"lang": view.target.tag, "dir": view.target.direction}
            ).text = visible(" | ".join(suggestion.translations))
            etree.SubElement(line, "small").text = visible(f" {suggestion.origin}")

    picture = _section(item, "screenshot", "Screenshot")
    url = screenshot_url(config, key, view.locale) or screenshot_url(config, key, config.source_locale)
    if url is None:
        etree.SubElement(picture, "p").text = "No screenshot yet (quizkit screenshots makes them)."
    else:
        # A link to the picture itself: on a phone the screenshot is shrunk to the width of the screen,
        # its text too small to read; opened alone it can be zoomed.
        full = etree.SubElement(picture, "a", {"href": url, "target": "_blank", "class": "full-size"})
        etree.SubElement(
            full,
            "img",
            {"src": url, "alt": f"{key} where the learner sees it (opens full size)", "loading": "lazy"},
        )

    _edit_form(item, view, key)


def _edit_form(item: etree._Element, view: EntryView, key: str) -> None:
    entry = view.entry
    form = etree.SubElement(
        item, "form", {"class": "edit", "method": "post", "action": f"/translate/{view.quiz}/{view.locale}"}
    )
    hidden = {
        TOKEN_FIELD: view.token,
        "key": key,
        "read-fuzzy": "1" if entry.is_fuzzy else "0",
        "digest": view.digest,
    }
    for name, value in hidden.items():
        etree.SubElement(form, "input", {"type": "hidden", "name": name, "value": visible(value)})
    for position, (label, text) in enumerate(
        zip(_form_labels(entry, view.target), entry.translations, strict=True)
    ):
        field_id = f"{entry_id(key)}-target-{position}"
        etree.SubElement(
            form, "input", {"type": "hidden", "name": f"read-{position}", "value": visible(text)}
        )
        etree.SubElement(form, "label", {"for": field_id}).text = label
        area = etree.SubElement(
            form,
            "textarea",
            {
                "id": field_id,
                "name": f"target-{position}",
                "lang": view.target.tag,
                "dir": view.target.direction,
                "rows": "3",
            },
        )
        area.text = visible(text)
    fuzzy = etree.SubElement(form, "label", {"class": "fuzzy"})
    box = etree.SubElement(fuzzy, "input", {"type": "checkbox", "name": "fuzzy", "value": "1"})
    if entry.is_fuzzy:
        box.set("checked", "checked")
    box.tail = " Needs review (fuzzy)"
    etree.SubElement(form, "button", {"type": "submit", "class": "save"}).text = "Save"
    etree.SubElement(form, "p", {"class": "outcome", "role": "status"})
