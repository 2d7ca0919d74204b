"""QTI 1.2 building shared by the formats that write it (``canvas``, and ``cc``: Common Cartridge's profile).

QTI 1.2 is a DTD without a namespace, but the files Canvas writes and imports put the ``ims_qtiasiv1p2``
namespace and an ``xsi:schemaLocation`` on ``<questestinterop>``; we write them the same way. A check
against the DTD therefore drops those root attributes first (docs/testing.md, Standards' schemas).

What this module owns: the elements (:func:`sub`, :func:`mattext`, :func:`metadata`), identifiers that
depend only on a key (:func:`ident`, :func:`number_ident`), the score split of questions scored per part
(:func:`score_shares`), response conditions, serialization and deterministic zips.

Conditions. Where several responses are accepted (alternative short answers, the accepted answers of a
blank) they are joined with an explicit ``<or>``: IMS's own QTI 1.2 to 2.1 migration tool, which Canvas
runs on every QTI 1.2 import, reads several tests directly under ``<conditionvar>`` as an implicit AND,
which no single response can meet.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from decimal import ROUND_DOWN, Decimal

from lxml import etree

from toolkit.exporters.qti.markup import indented_element_document
from toolkit.model import AcceptedAnswer
from toolkit.text.numbers import plain_number

QTI12_NAMESPACE = "http://www.imsglobal.org/xsd/ims_qtiasiv1p2"
QTI12_SCHEMA_LOCATION = f"{QTI12_NAMESPACE} http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd"
XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance"
SCHEMA_LOCATION = f"{{{XSI_NAMESPACE}}}schemaLocation"

RESPONSE = "response1"
"""The response of a question with one response (choice, typed answer), as Canvas names it."""
SCORE = "SCORE"
GENERAL_FEEDBACK = "general_fb"
"""The feedback every learner sees (our explanation): Canvas imports it as the question's general comment."""
FULL_MARKS = Decimal(100)


# --- identifiers ---------------------------------------------------------------------------------------


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def ident(key: str) -> str:
    """An identifier for what ``key`` names, in the form Canvas's own exports use (``g`` and 32 hex
    digits): the same key always gives the same identifier, and no two keys in practice share one."""
    return "g" + _digest(key)[:32]


def number_ident(key: str) -> str:
    """A decimal identifier for what ``key`` names. Canvas reads answer and match ids as integers (the
    first run of digits of an identifier), so these are digits only, from 1 to 2**40."""
    return str(int(_digest(key)[:10], 16) + 1)


# --- elements --------------------------------------------------------------------------------------------


@functools.cache
def _tag(name: str) -> str:
    # Made once a name: a Canvas export makes some 400 elements a quiz.
    return f"{{{QTI12_NAMESPACE}}}{name}"


def root() -> etree._Element:
    element = etree.Element(_tag("questestinterop"), nsmap={None: QTI12_NAMESPACE, "xsi": XSI_NAMESPACE})
    element.set(SCHEMA_LOCATION, QTI12_SCHEMA_LOCATION)
    return element


def sub(parent: etree._Element, name: str, text: str | None = None, **attributes: str) -> etree._Element:
    element = etree.SubElement(parent, _tag(name), attributes)
    if text is not None:
        element.text = text
    return element


def mattext(parent: etree._Element, text: str, *, html: bool) -> etree._Element:
    """A ``<material>`` holding ``text``: an HTML fragment (escaped as XML text, as Canvas writes it), or
    plain text where Canvas takes only plain text."""
    material = sub(parent, "material")
    if html:
        return sub(material, "mattext", text, texttype="text/html")
    return sub(material, "mattext", text)


def metadata(parent: etree._Element, fields: Sequence[tuple[str, str]]) -> etree._Element:
    """A ``<qtimetadata>`` with one field per (label, entry)."""
    element = sub(parent, "qtimetadata")
    for label, entry in fields:
        field = sub(element, "qtimetadatafield")
        sub(field, "fieldlabel", label)
        sub(field, "fieldentry", entry)
    return element


def score_outcome(resprocessing: etree._Element) -> None:
    outcomes = sub(resprocessing, "outcomes")
    sub(outcomes, "decvar", maxvalue="100", minvalue="0", varname=SCORE, vartype="Decimal")


def respcondition(
    resprocessing: etree._Element, *, continue_: bool, title: str | None = None
) -> tuple[etree._Element, etree._Element]:
    """A ``<respcondition>`` (titled where ``title`` is given) and its ``<conditionvar>``."""
    attributes = {"continue": "Yes" if continue_ else "No"} | ({"title": title} if title else {})
    condition = sub(resprocessing, "respcondition", **attributes)
    return condition, sub(condition, "conditionvar")


def any_of(
    conditionvar: etree._Element, respident: str, values: Sequence[str], *, case_sensitive: bool = False
) -> None:
    """A test that the response ``respident`` is one of ``values`` (see the module docstring).

    ``varequal`` ignores case unless ``case="Yes"`` (the DTD's default is ``No``)."""
    parent = sub(conditionvar, "or") if len(values) > 1 else conditionvar
    for value in values:
        if case_sensitive:
            sub(parent, "varequal", value, respident=respident, case="Yes")
        else:
            sub(parent, "varequal", value, respident=respident)


def set_score(condition: etree._Element, value: Decimal, *, add: bool = False) -> None:
    sub(condition, "setvar", plain_number(value), action="Add" if add else "Set", varname=SCORE)


def display_feedback(condition: etree._Element, linkrefid: str) -> None:
    sub(condition, "displayfeedback", feedbacktype="Response", linkrefid=linkrefid)


def item_feedback(item: etree._Element, feedback_ident: str, html: str) -> None:
    feedback = sub(item, "itemfeedback", ident=feedback_ident)
    mattext(sub(feedback, "flow_mat"), html, html=True)


def accepted_answers(answers: tuple[AcceptedAnswer[str], ...]) -> list[tuple[str, str]]:
    """(key suffix, text) of every accepted answer of the locale, duplicates dropped, in order: the first
    line of an answer is ``answers.<id>``, a further line ``answers.<id>.<n>``."""
    seen: dict[str, str] = {}
    for answer in answers:
        for number, text in enumerate(answer.accepted):
            seen.setdefault(text, f"answers.{answer.id}" + (f".{number}" if number else ""))
    return [(suffix, text) for text, suffix in seen.items()]


def score_shares(parts: int) -> list[Decimal]:
    """100 split into ``parts`` shares of two decimals that add up to exactly 100 (the last takes the
    rest): full marks then need every part right, as the reference grader scores parts."""
    share = (FULL_MARKS / parts).quantize(Decimal("0.01"), rounding=ROUND_DOWN)
    return [share] * (parts - 1) + [FULL_MARKS - share * (parts - 1)]


# --- files -----------------------------------------------------------------------------------------------


def serialize(element: etree._Element) -> bytes:
    return indented_element_document(element)
