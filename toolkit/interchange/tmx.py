"""TMX 1.4b translation memory files: reading what other tools write, writing what they read.

A TMX file is a header naming the source language (``srclang``) and a body of translation units
(``tu``), each with one variant (``tuv``) per language holding a segment (``seg``). Files are decoded by
XML's rules (:mod:`.untrusted_xml`: a file whose bytes are not valid in its declared encoding is refused)
and read with no DTD, no entity expansion and no network: translate-toolkit's ``po2tmx`` writes a DOCTYPE that names
``tmx14.dtd``, which is accepted and never loaded, but a DOCTYPE with an internal subset (where entity
declarations live) is refused. Inline markup inside a segment (``<ph>``, ``<bpt>``…) is read as the text
it holds, since quiz texts carry their inline code in backticks, not in markup.

Written files follow the TMX 1.4b DTD (``tmx14.dtd``; docs/testing.md says where the tests find it): one ``tu`` per source and
target pair, its ``tuid`` the key, and ``prop`` elements naming the key, domain and origin. TMX has no
plural forms, so a gettext plural entry is written as translate-toolkit's ``po2tmx`` writes it: a ``tu``
per form, the first paired with the singular source and every other with the plural source; each is
marked with its form (``x-quizkit-plural-form``), and its ``tuid`` is the key and the form (``key[1]``),
so that every ``tuid`` stays unique. A translation imported from a question bank and not reviewed since
carries ``x-quizkit-unreviewed-import`` (the bank file), so that the mark survives an export and import.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from lxml import etree

from toolkit.errors import DocumentError
from toolkit.interchange.untrusted_xml import EXTERNAL_DOCTYPE, UntrustedXmlError, parse_untrusted_xml
from toolkit.text.xml_names import XML_LANG

MAX_TMX_BYTES = 64 * 1024 * 1024
CREATION_TOOL = "quizkit"
PROPERTY_KEY = "x-quizkit-key"
PROPERTY_DOMAIN = "x-quizkit-domain"
PROPERTY_ORIGIN = "x-quizkit-origin"
PROPERTY_PLURAL_FORM = "x-quizkit-plural-form"
PROPERTY_UNREVIEWED_IMPORT = "x-quizkit-unreviewed-import"
"""The bank file of a translation ``quizkit import`` took in and nobody has approved since: a memory
exported and imported again still ranks it below reviewed ones (toolkit/memory/prefill.py)."""


class TmxError(DocumentError):
    pass


@dataclass(frozen=True)
class TmxUnit:
    """One source segment and its translation into one language."""

    source: str
    target: str
    target_language: str
    """As the file writes it (``ur``, ``pt-BR``)."""
    unit_id: str | None = None
    """The ``tuid``, or the key a ``prop`` names (translate-toolkit's ``x-context``)."""
    domain: str | None = None
    origin: str | None = None
    line: int = field(default=0, compare=False)
    plural_form: int | None = None
    """The form of a gettext plural entry this unit holds (0 the singular source's); None for others."""
    unreviewed_import: str | None = None
    """The bank file of an unreviewed imported translation (:data:`PROPERTY_UNREVIEWED_IMPORT`)."""


@dataclass(frozen=True)
class TmxDocument:
    source_language: str
    units: tuple[TmxUnit, ...]


def _segment_text(tuv: etree._Element) -> str | None:
    segments = [child for child in tuv if child.tag == "seg"]
    if len(segments) != 1:
        return None
    return "".join(segments[0].itertext())


def _parse(raw: bytes) -> etree._Element:
    if len(raw) > MAX_TMX_BYTES:
        raise TmxError(None, f"file is {len(raw):,} bytes; TMX imports are limited to {MAX_TMX_BYTES:,}")
    try:
        return parse_untrusted_xml(raw, "TMX", EXTERNAL_DOCTYPE)
    except UntrustedXmlError as error:
        raise TmxError(error.line, error.message) from None


def read_tmx(raw: bytes, project_source: str) -> TmxDocument:
    """The units of a TMX file whose source language is ``project_source`` (the language tag compared
    by its primary subtag, so an ``en-US`` memory serves an ``en`` project)."""
    root = _parse(raw)
    if root.tag != "tmx":
        raise TmxError(root.sourceline, f"the root element is <{root.tag!s}>; a TMX file starts with <tmx>")
    version = root.get("version")
    if version is None or not version.startswith("1."):
        raise TmxError(root.sourceline, f"TMX version {version!r} is not supported; write version 1.4")
    header = root.find("header")
    body = root.find("body")
    if header is None:
        raise TmxError(root.sourceline, "<tmx> has no <header>")
    if body is None:
        raise TmxError(root.sourceline, "<tmx> has no <body>")
    source_language = header.get("srclang")
    if not source_language:
        raise TmxError(header.sourceline, "<header> has no srclang attribute")
    if source_language != "*all*" and _primary(source_language) != _primary(project_source):
        raise TmxError(
            header.sourceline,
            f"the memory's source language is {source_language}, the project's is {project_source}",
        )
    units: list[TmxUnit] = []
    for tu in body:
        if not isinstance(tu.tag, str):
            continue
        if tu.tag != "tu":
            raise TmxError(tu.sourceline, f"<body> holds <{tu.tag}>; it may hold only <tu> elements")
        units.extend(_units_of(tu, tu.get("srclang") or source_language, project_source))
    return TmxDocument(source_language, tuple(units))


def _primary(tag: str) -> str:
    return re.split(r"[-_]", tag, maxsplit=1)[0].lower()


def _units_of(tu: etree._Element, source_language: str, project_source: str) -> list[TmxUnit]:
    properties = {prop.get("type"): "".join(prop.itertext()) for prop in tu if prop.tag == "prop"}
    # The key before the tuid: a plural form's tuid is its key and form (``key[1]``).
    unit_id = properties.get(PROPERTY_KEY) or tu.get("tuid") or properties.get("x-context")
    form = properties.get(PROPERTY_PLURAL_FORM, "")
    plural_form = int(form) if form.isascii() and form.isdigit() else None
    variants: list[tuple[str, str, int]] = []
    for tuv in tu:
        if tuv.tag != "tuv":
            continue
        language = tuv.get(XML_LANG) or tuv.get("lang")
        if not language:
            raise TmxError(tuv.sourceline, "<tuv> has no xml:lang attribute")
        text = _segment_text(tuv)
        if text is None:
            raise TmxError(tuv.sourceline, "<tuv> must hold exactly one <seg>")
        variants.append((language, text, tuv.sourceline or 0))
    if not variants:
        raise TmxError(tu.sourceline, "<tu> has no <tuv>")
    wanted = project_source if source_language == "*all*" else source_language
    sources = [text for language, text, _ in variants if _primary(language) == _primary(wanted)]
    if not sources or not sources[0]:
        return []  # a unit without the source language offers nothing to this project
    return [
        TmxUnit(
            sources[0],
            text,
            language,
            unit_id,
            properties.get(PROPERTY_DOMAIN),
            properties.get(PROPERTY_ORIGIN),
            line,
            plural_form,
            properties.get(PROPERTY_UNREVIEWED_IMPORT) or None,
        )
        for language, text, line in variants
        if _primary(language) != _primary(wanted) and text
    ]


def write_tmx(units: Sequence[TmxUnit], source_language: str) -> bytes:
    """A TMX 1.4b document of ``units`` (valid against the TMX 1.4b DTD)."""
    from toolkit import __version__

    root = etree.Element("tmx", version="1.4")
    etree.SubElement(
        root,
        "header",
        {
            "creationtool": CREATION_TOOL,
            "creationtoolversion": str(__version__),
            "segtype": "sentence",
            "datatype": "plaintext",
            "adminlang": "en",
            "srclang": _tag(source_language),
            "o-tmf": "quizkit",
        },
    )
    body = etree.SubElement(root, "body")
    for unit in units:
        tu = etree.SubElement(body, "tu")
        form = None if unit.plural_form is None else str(unit.plural_form)
        if unit.unit_id:
            tu.set("tuid", unit.unit_id if form is None else f"{unit.unit_id}[{form}]")
        for kind, value in (
            (PROPERTY_KEY, unit.unit_id),
            (PROPERTY_DOMAIN, unit.domain),
            (PROPERTY_ORIGIN, unit.origin),
            (PROPERTY_PLURAL_FORM, form),
            (PROPERTY_UNREVIEWED_IMPORT, unit.unreviewed_import),
        ):
            if value:
                etree.SubElement(tu, "prop", type=kind).text = value
        for language, text in ((source_language, unit.source), (unit.target_language, unit.target)):
            tuv = etree.SubElement(tu, "tuv", {XML_LANG: _tag(language)})
            etree.SubElement(tuv, "seg").text = text
    data: bytes = etree.tostring(
        root,
        xml_declaration=True,
        encoding="UTF-8",
        pretty_print=True,
        doctype='<!DOCTYPE tmx SYSTEM "tmx14.dtd">',
    )
    return data


def _tag(locale: str) -> str:
    """A gettext locale (``pt_BR``) as the BCP 47 tag TMX uses (``pt-BR``)."""
    return locale.replace("_", "-")
