"""QTI 3.0 markup shared by the ``qti`` exporter's documents: namespaces, elements, text with bidi isolates.

Right-to-left text carries ``dir="rtl"`` on every element that QTI allows it on and isolates each Latin
run (found by :mod:`toolkit.text.bidi`) with ``<span dir="ltr">``; inline code becomes
``<code dir="ltr">``; a TeX formula becomes MathML (made at build time), in a ``<span dir="ltr">`` isolate:
QTI 3 content allows MathML's ``math`` element wherever it allows inline content (the XSD imports
the MathML 3 schema). No bidi control characters are inserted. The QTI 1.2 formats (``canvas``, ``cc``)
write their documents, which hold no mixed text, with :func:`indented_element_document`.
"""

from __future__ import annotations

import functools

from lxml import etree

from toolkit.exporters.base import NOT_XML_CHARACTER, ExportError
from toolkit.localization import LocalizedQuiz
from toolkit.text.bidi import bidi_segments, has_latin_letter
from toolkit.text.formulas import Formula, mathml_element
from toolkit.text.locale_info import LocaleInfo
from toolkit.text.xml_names import XML_LANG

QTI_NAMESPACE = "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"
QTI_SCHEMA_URL = "https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"
XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATION = f"{{{XSI_NAMESPACE}}}schemaLocation"


def _append_text(parent: etree._Element, text: str) -> None:
    """Append ``text``; each line break becomes ``<br/>``, as the player shows one (a line break in
    character data is white space, which a QTI player shows as a space). Every element quizkit writes
    text into allows ``br``, an inline choice too (``InlineChoiceDType`` is mixed content)."""
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if number:
            etree.SubElement(parent, _tag(etree.QName(parent).namespace, "br"))
        if len(parent):
            parent[-1].tail = (parent[-1].tail or "") + line
        else:
            parent.text = (parent.text or "") + line


def append_bidi_text(
    parent: etree._Element, text: str, direction: str, latin_lang: str | None = None
) -> None:
    """Append ``text`` to an lxml element as text, ``<span dir="ltr">`` isolates and ``<code>``.

    ``parent`` must be a QTI element whose content model allows ``span`` and ``code`` (prompt, simple
    choice, ``div``, ``p``). The text only ever becomes character data: markup in it stays text.
    ``latin_lang`` tags Latin runs that contain a letter (names and acronyms, read in that language);
    runs of digits and symbols are left untagged.
    """
    namespace = etree.QName(parent).namespace
    for segment in bidi_segments(text, isolate_latin=direction == "rtl"):
        if segment.kind == "text":
            _append_text(parent, segment.text)
            continue
        if segment.kind in ("math", "display-math"):
            island = etree.SubElement(parent, _tag(namespace, "span"), dir="ltr")
            island.append(mathml_element(Formula(segment.text, segment.kind == "display-math", 0, 0)))
            continue
        if segment.kind == "code-block":
            holder = etree.SubElement(parent, _tag(namespace, "pre"), dir="ltr")
            _append_text(etree.SubElement(holder, _tag(namespace, "code")), segment.text)
            continue
        if segment.kind == "code":
            element = etree.SubElement(parent, _tag(namespace, "code"), dir="ltr")
        else:
            element = etree.SubElement(parent, _tag(namespace, "span"), dir="ltr")
            if latin_lang and has_latin_letter(segment.text):
                element.set(XML_LANG, latin_lang)
        _append_text(element, segment.text)


# Tags made once a name, as qti12's: a QTI export makes some 600 elements a quiz.
@functools.cache
def _tag(namespace: str | None, name: str) -> str:
    return f"{{{namespace}}}{name}" if namespace else name


@functools.cache
def qti(name: str) -> str:
    return f"{{{QTI_NAMESPACE}}}{name}"


def sub(parent: etree._Element, name: str, **attributes: str) -> etree._Element:
    """A QTI child element; attribute names are given with ``_`` for ``-`` (``base_type``)."""
    return etree.SubElement(
        parent, qti(name), {key.replace("_", "-"): value for key, value in attributes.items()}
    )


def value(parent: etree._Element, name: str, text: str, **attributes: str) -> etree._Element:
    element = sub(parent, name, **attributes)
    element.text = text
    return element


def root(name: str, **attributes: str) -> etree._Element:
    element = etree.Element(qti(name), nsmap={None: QTI_NAMESPACE, "xsi": XSI_NAMESPACE})
    element.set(SCHEMA_LOCATION, f"{QTI_NAMESPACE} {QTI_SCHEMA_URL}")
    for key, text in attributes.items():
        element.set(key.replace("_", "-"), text)
    return element


def latin_lang(source: LocaleInfo) -> str | None:
    # Latin runs inside a right-to-left translation are names and terms of the (left-to-right) source.
    return source.tag if source.direction == "ltr" else None


def check_xml_text(localized: LocalizedQuiz, key: str, text: str) -> None:
    found = NOT_XML_CHARACTER.search(text)
    if found:
        raise ExportError(
            f"{localized.quiz.id}.{key} [{localized.locale.tag}] contains U+{ord(found.group(0)):04X}, "
            "a control character XML cannot carry; remove it from the text"
        )


def indented_document(root: etree._Element, text_elements: frozenset[str]) -> bytes:
    """The document with its XML declaration, one element per line indented by two spaces, ending in a
    newline. The content of ``text_elements`` is left as it is: indenting inside mixed text would change
    what the candidate reads."""
    # A stack, not recursion: an element can be deep, and the calls cost.
    waiting: list[tuple[etree._Element, int]] = [(root, 0)]
    while waiting:
        element, level = waiting.pop()
        if element.tag in text_elements or not len(element):
            continue
        inner = "\n" + "  " * (level + 1)
        element.text = inner
        for child in element:
            child.tail = inner
            waiting.append((child, level + 1))
        element[-1].tail = "\n" + "  " * level
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return data + b"\n"


def indented_element_document(root: etree._Element) -> bytes:
    """:func:`indented_document` of a document without mixed text (QTI 1.2's: text only in elements
    without children), by lxml's own indenting, in C: a Canvas package's three documents hold some 450
    elements a quiz, and the loop was a tenth of its export. In such a document the two replace the same
    white space (tests/exporters/qti/test_markup.py compares them)."""
    etree.indent(root, space="  ")
    data: bytes = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    return data + b"\n"
