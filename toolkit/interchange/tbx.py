"""Glossaries as TBX: TBX-Basic in TBX v3 (ISO 30042:2019) and, for tools that read only that, TBX v2.

One ``conceptEntry`` per term. Its source ``langSec`` holds the English term; each target locale's
``langSec`` holds a ``termSec`` per rendering, with its ``administrativeStatus``:

=================  ===========================  =====================================
glossary           administrativeStatus         also
=================  ===========================  =====================================
preferred          preferredTerm-admn-sts       ``grammaticalGender`` (masculine, feminine)
variants           admittedTerm-admn-sts
forms              admittedTerm-admn-sts        ``termType`` variant (an inflected form)
discouraged        supersededTerm-admn-sts      (the right word, a form the style replaced)
wrong              deprecatedTerm-admn-sts      (a rendering that must not be used)
=================  ===========================  =====================================

A term kept in Latin script (``keep_latin``) carries the note :data:`KEEP_LATIN_NOTE` on its preferred
``termSec``; the glossary's note is a ``note`` of the target ``langSec``. TBX-Basic has no category for
either, nor for "means something else" as against "not our style": a TBX from another tool marks both
deprecated, and they import as wrong. What TBX has and the glossary has not is lost on import, with
no message: definitions, subject fields, part of speech, genders other than masculine and feminine (an
error, since the Urdu checks rely on them), several preferred terms (an error), transactions.

Version 3 is ``<tbx xmlns="urn:iso:std:iso:30042:ed-2" type="TBX-Basic" style="dca">`` with
``conceptEntry``/``langSec``/``termSec``; version 2 (TBX-Basic 2.x, ISO 30042:2008, which
translate-toolkit and so Weblate read) is ``<martif type="TBX-Basic">`` with
``termEntry``/``langSet``/``tig``. The reader takes either.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.config import ProjectConfig
from toolkit.content.glossary import (
    Gender,
    Glossary,
    GlossaryError,
    Term,
    dump_glossary,
    glossary_path,
    load_glossary,
    parse_glossary,
)
from toolkit.content.validation import display_path
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import QuizkitError
from toolkit.text.xml_names import XML_LANG

if TYPE_CHECKING:
    # lxml is imported where it is used (docs/architecture.md): only its types are needed here.
    from lxml import etree

TBX_NAMESPACE = "urn:iso:std:iso:30042:ed-2"
KEEP_LATIN_NOTE = "Keep in Latin script, exactly as in the source."
PREFERRED = "preferredTerm-admn-sts"
ADMITTED = "admittedTerm-admn-sts"
SUPERSEDED = "supersededTerm-admn-sts"
DEPRECATED = "deprecatedTerm-admn-sts"
STATUSES = (PREFERRED, ADMITTED, SUPERSEDED, DEPRECATED)
INFLECTED_FORM = "variant"
"""The ``termType`` of an inflected form: "one of the alternate forms of a term" (ISO 12620)."""


@dataclass(frozen=True)
class _Names:
    """The element names of one TBX version."""

    namespace: str | None
    root: str
    header: str
    entry: str
    language: str
    term_section: str

    def tag(self, name: str) -> str:
        return f"{{{self.namespace}}}{name}" if self.namespace else name


VERSIONS = {
    3: _Names(TBX_NAMESPACE, "tbx", "tbxHeader", "conceptEntry", "langSec", "termSec"),
    2: _Names(None, "martif", "martifHeader", "termEntry", "langSet", "tig"),
}
_ERROR_CODES = {"encoding": "tbx-encoding", "declaration": "tbx-declaration", "syntax": "tbx-not-xml"}
"""Diagnostic codes for what :mod:`.untrusted_xml` refuses."""


def _bcp47(locale: str) -> str:
    return locale.replace("_", "-")


def _same_language(tag: str, locale: str) -> bool:
    """Whether a TBX language tag names ``locale`` (``en-US`` names ``en``; ``ur-PK`` is ``ur_PK``)."""
    tag, locale = tag.replace("_", "-").lower(), _bcp47(locale).lower()
    return tag == locale or ("-" not in locale and tag.split("-")[0] == locale)


def glossaries_to_tbx(glossaries: Sequence[Glossary], source_locale: str = "en", version: int = 3) -> bytes:
    """The glossaries as one TBX-Basic document: one concept per English term, a language section for
    each locale that has it. Concepts follow the first glossary's order, then the new terms of the next."""
    from lxml import etree

    names = VERSIONS[version]
    concepts: dict[str, list[tuple[str, Term]]] = {}
    for glossary in glossaries:
        for term in glossary.terms:
            concepts.setdefault(term.english, []).append((glossary.locale, term))
    attributes = {"type": "TBX-Basic"} | ({"style": "dca"} if version == 3 else {})
    root = etree.Element(
        names.tag(names.root), attributes, nsmap={None: names.namespace} if names.namespace else None
    )
    root.set(XML_LANG, _bcp47(source_locale))
    header = etree.SubElement(root, names.tag(names.header))
    source = etree.SubElement(etree.SubElement(header, names.tag("fileDesc")), names.tag("sourceDesc"))
    locales = ", ".join(glossary.locale for glossary in glossaries)
    etree.SubElement(source, names.tag("p")).text = f"quizkit glossary ({source_locale} to {locales})"
    body = etree.SubElement(etree.SubElement(root, names.tag("text")), names.tag("body"))
    for number, (english, renderings) in enumerate(concepts.items(), start=1):
        entry = etree.SubElement(body, names.tag(names.entry), id=f"c{number}")
        source_section = _language_section(entry, names, source_locale)
        _term_section(source_section, names, english, None)
        for locale, term in renderings:
            section = _language_section(entry, names, locale)
            if term.note is not None:
                etree.SubElement(section, names.tag("note")).text = term.note
            preferred = _term_section(section, names, term.preferred, PREFERRED)
            if term.gender is not None:
                _term_note(preferred, names, "grammaticalGender", term.gender.value)
            if term.keep_latin:
                etree.SubElement(preferred, names.tag("note")).text = KEEP_LATIN_NOTE
            for rendering in term.variants:
                _term_section(section, names, rendering, ADMITTED)
            for rendering in term.forms:
                _term_note(
                    _term_section(section, names, rendering, ADMITTED), names, "termType", INFLECTED_FORM
                )
            for rendering in term.discouraged:
                _term_section(section, names, rendering, SUPERSEDED)
            for rendering in term.wrong:
                _term_section(section, names, rendering, DEPRECATED)
    etree.indent(root, space="  ")
    document: bytes = etree.tostring(root, encoding="UTF-8")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + document + b"\n"


def _language_section(entry: etree._Element, names: _Names, locale: str) -> etree._Element:
    from lxml import etree

    section = etree.SubElement(entry, names.tag(names.language))
    section.set(XML_LANG, _bcp47(locale))
    return section


def _term_section(section: etree._Element, names: _Names, text: str, status: str | None) -> etree._Element:
    from lxml import etree

    term_section = etree.SubElement(section, names.tag(names.term_section))
    etree.SubElement(term_section, names.tag("term")).text = text
    if status is not None:
        _term_note(term_section, names, "administrativeStatus", status)
    return term_section


def _term_note(term_section: etree._Element, names: _Names, kind: str, value: str) -> None:
    from lxml import etree

    etree.SubElement(term_section, names.tag("termNote"), type=kind).text = value


class _Problems:
    def __init__(self, file: str) -> None:
        self.file = file
        self.found: list[Diagnostic] = []

    def add(self, line: int | None, code: str, message: str) -> None:
        self.found.append(Diagnostic(self.file, line, None, Severity.ERROR, code, message))


def read_tbx(data: bytes, file: str, source_locale: str, locales: Iterable[str]) -> dict[str, Glossary]:
    """The glossaries of ``locales`` in a TBX document (v3 or v2), by locale; a locale the file has no
    term for is left out. :class:`GlossaryError` lists every problem with the line of the TBX file."""
    from lxml import etree

    from toolkit.interchange.untrusted_xml import EXTERNAL_DOCTYPE, UntrustedXmlError, parse_untrusted_xml

    problems = _Problems(file)
    try:
        root = parse_untrusted_xml(data, "TBX", EXTERNAL_DOCTYPE)
    except UntrustedXmlError as error:
        problems.add(error.line, _ERROR_CODES[error.kind], error.message)
        raise GlossaryError(problems.found) from None
    names = next((names for names in VERSIONS.values() if root.tag == names.tag(names.root)), None)
    if names is None:
        problems.add(
            root.sourceline,
            "tbx-not-tbx",
            f"the root element is <{etree.QName(root).localname}>"
            + (f" in namespace {etree.QName(root).namespace}" if etree.QName(root).namespace else "")
            + f'; a TBX v3 file starts with <tbx xmlns="{TBX_NAMESPACE}">, a TBX v2 file with <martif>',
        )
        raise GlossaryError(problems.found)
    wanted = list(locales)
    terms: dict[str, list[tuple[int | None, Term]]] = {locale: [] for locale in wanted}
    entries = root.findall(f"{names.tag('text')}/{names.tag('body')}/{names.tag(names.entry)}")
    if not entries:
        problems.add(
            root.sourceline, "tbx-no-terms", f"no <{names.entry}> in <text><body>: the file has no terms"
        )
    for entry in entries:
        for locale, term in _concept(entry, names, source_locale, wanted, problems).items():
            terms[locale].append((entry.sourceline, term))
    if problems.found:
        raise GlossaryError(problems.found)
    glossaries = {}
    for locale, found in terms.items():
        if found:
            glossaries[locale] = _validated(
                Glossary(locale, tuple(term for _, term in found)), found, problems
            )
    if problems.found:
        raise GlossaryError(problems.found)
    return glossaries


def _text(element: etree._Element) -> str:
    return "".join(element.itertext()).strip()


def _concept(
    entry: etree._Element, names: _Names, source_locale: str, locales: list[str], problems: _Problems
) -> dict[str, Term]:
    sections = entry.findall(names.tag(names.language))
    if not sections:
        problems.add(
            entry.sourceline,
            "tbx-no-language",
            f"<{names.entry}> has no <{names.language}>; give it one per language",
        )
        return {}
    english: str | None = None
    by_locale: dict[str, etree._Element] = {}
    for section in sections:
        tag = section.get(XML_LANG)
        if not tag:
            problems.add(
                section.sourceline,
                "tbx-no-language",
                f"<{names.language}> has no xml:lang; say which language it is",
            )
            continue
        if _same_language(tag, source_locale):
            source_terms = section.findall(names.tag(names.term_section))
            source_term = source_terms[0].find(names.tag("term")) if source_terms else None
            if source_term is None:
                problems.add(
                    section.sourceline, "tbx-no-term", f'<{names.language} xml:lang="{tag}"> has no term'
                )
                continue
            english = _text(source_term)
            continue
        locale = next((locale for locale in locales if _same_language(tag, locale)), None)
        if locale is not None:
            by_locale[locale] = section
    if english is None:
        if not problems.found or problems.found[-1].line != entry.sourceline:
            problems.add(
                entry.sourceline,
                "tbx-no-source",
                f"<{names.entry}> has no term in the source language {source_locale}",
            )
        return {}
    # Notes on the concept (where translate-toolkit writes them) belong to every language's term.
    concept_notes = [_text(note) for note in entry.findall(names.tag("note"))]
    return {
        locale: term
        for locale, section in by_locale.items()
        if (term := _term(section, names, english, concept_notes, problems)) is not None
    }


def _term(
    section: etree._Element, names: _Names, english: str, concept_notes: list[str], problems: _Problems
) -> Term | None:
    lists: dict[str, list[str]] = {
        PREFERRED: [],
        ADMITTED: [],
        SUPERSEDED: [],
        DEPRECATED: [],
        INFLECTED_FORM: [],
    }
    gender: Gender | None = None
    keep_latin = False
    for term_section in section.findall(names.tag(names.term_section)):
        term = term_section.find(names.tag("term"))
        text = _text(term) if term is not None else ""
        if not text:
            problems.add(term_section.sourceline, "tbx-no-term", f"<{names.term_section}> has no term text")
            continue
        notes = {
            note.get("type"): (_text(note), note.sourceline)
            for note in term_section.findall(names.tag("termNote"))
        }
        status, line = notes.get("administrativeStatus", (ADMITTED, term_section.sourceline))
        if status not in STATUSES:
            problems.add(
                line,
                "tbx-status",
                f"administrativeStatus '{status}' of '{text}' is none of {', '.join(STATUSES)}",
            )
            continue
        if status == ADMITTED and notes.get("termType", ("", 0))[0] == INFLECTED_FORM:
            status = INFLECTED_FORM
        lists[status].append(text)
        if status == PREFERRED:
            keep_latin = any(
                _text(note) == KEEP_LATIN_NOTE for note in term_section.findall(names.tag("note"))
            )
        if status == PREFERRED and "grammaticalGender" in notes:
            value, line = notes["grammaticalGender"]
            if value not in {gender.value for gender in Gender}:
                problems.add(
                    line,
                    "tbx-gender",
                    f"grammaticalGender '{value}' of '{text}': the glossary knows masculine and feminine",
                )
            else:
                gender = Gender(value)
    tag = section.get(XML_LANG)
    if len(lists[PREFERRED]) > 1:
        problems.add(
            section.sourceline,
            "tbx-preferred",
            f"'{english}' has {len(lists[PREFERRED])} preferred terms in {tag} ({', '.join(lists[PREFERRED])}); keep one, make the others admitted",
        )
        return None
    if not lists[PREFERRED]:
        # Another tool's entry without statuses: its first admitted term is the one to use.
        if not lists[ADMITTED]:
            problems.add(
                section.sourceline, "tbx-preferred", f"'{english}' has no preferred or admitted term in {tag}"
            )
            return None
        lists[PREFERRED].append(lists[ADMITTED].pop(0))
    section_notes = [*concept_notes, *(_text(note) for note in section.findall(names.tag("note")))]
    return Term(
        english=english,
        preferred=lists[PREFERRED][0],
        variants=tuple(lists[ADMITTED]),
        wrong=tuple(lists[DEPRECATED]),
        forms=tuple(lists[INFLECTED_FORM]),
        keep_latin=keep_latin,
        note="\n".join(note for note in section_notes if note) or None,
        discouraged=tuple(lists[SUPERSEDED]),
        gender=gender,
    )


def _validated(glossary: Glossary, found: list[tuple[int | None, Term]], problems: _Problems) -> Glossary:
    """The glossary through the rules a glossary file obeys (the schema, a term listed once, a rendering
    in one list); a problem is reported at the line of its concept in the TBX file."""
    try:
        return parse_glossary(dump_glossary(glossary).encode("utf-8"), problems.file)
    except GlossaryError as error:
        for diagnostic in error.diagnostics:
            index = _term_index(diagnostic.path)
            line = found[index][0] if index is not None and index < len(found) else None
            message = diagnostic.message
            if diagnostic.code == "duplicate-term" and index is not None:
                # The glossary's message names the first entry's YAML line: name its concept's instead.
                first = next(
                    number for number, (_, term) in enumerate(found) if same_name(term, found[index][1])
                )
                message = re.sub(r"first on line \d+", f"first on line {found[first][0]}", message)
                message = message.replace("merge the two entries", "merge the two concepts")
            problems.add(line, diagnostic.code, f"{glossary.locale}: {message}")
        return glossary


def same_name(term: Term, other: Term) -> bool:
    """Whether two terms are the same term to the glossary (hyphens and spaces alike; case, unless a
    Latin name)."""

    def name(english: str) -> str:
        return re.sub(r"[-\s]+", " ", english.replace("`", ""))

    if term.keep_latin or other.keep_latin:
        return name(term.english) == name(other.english)
    return name(term.english).casefold() == name(other.english).casefold()


def _term_index(path: str | None) -> int | None:
    # Paths read "$.terms[3].wrong[0]" (format_json_path).
    if path is None or not path.startswith("$.terms["):
        return None
    digits = path[len("$.terms[") :].split("]")[0]
    return int(digits) if digits.isdigit() else None


MAX_TBX_BYTES = 64 * 1024 * 1024


class NoGlossaryError(QuizkitError):
    """Nothing to export or import: the message says why and what to do."""


def export_glossaries(config: ProjectConfig, locales: Sequence[str] = (), version: int = 3) -> bytes:
    """The project's glossaries (of ``locales``, else of every target locale that has one) as TBX."""
    chosen = list(locales) or [
        locale for locale in config.target_locales if glossary_path(config.locales_path, locale).exists()
    ]
    glossaries = []
    for locale in chosen:
        path = glossary_path(config.locales_path, locale)
        if not path.exists():
            raise NoGlossaryError(f"{display_path(path)}: no glossary for {locale}")
        glossaries.append(load_glossary(path))
    if not glossaries:
        folder = display_path(config.locales_path / "glossary")
        raise NoGlossaryError(
            f"no glossary in {folder} for the target locales ({', '.join(config.target_locales) or 'none'})"
        )
    return glossaries_to_tbx(glossaries, config.source_locale, version)


def tbx_languages(data: bytes) -> list[str]:

    from toolkit.interchange.untrusted_xml import EXTERNAL_DOCTYPE, parse_untrusted_xml

    root = parse_untrusted_xml(data, "TBX", EXTERNAL_DOCTYPE)  # read_tbx read it already
    return sorted(
        {language for element in root.iter() if (language := element.get(XML_LANG)) and element is not root}
    )
