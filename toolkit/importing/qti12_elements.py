"""Reading QTI 1.2 elements, whatever namespace a tool gave them (Canvas writes ``ims_qtiasiv1p2``, other
tools none; found by local name, :mod:`toolkit.importing.local_names`): ``qtimetadata`` fields, the texts
of ``material`` (HTML reduced to quiz text, what it lost remembered) and the response conditions of
``resprocessing`` with what each gives (a score set or added) and shows (feedback).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from lxml import etree

from toolkit.importing.local_names import children, descendants, first, local_name
from toolkit.importing.markup_reduction import looks_like_markup, reduce_markup

GENERAL_FEEDBACK = "general_fb"
"""The feedback every learner sees, as Canvas and quizkit name it: the explanation."""


def metadata_fields(element: etree._Element) -> dict[str, str]:
    """The ``qtimetadatafield``s below ``element``, label → entry."""
    fields: dict[str, str] = {}
    for entry in descendants(element, "qtimetadatafield"):
        label = first(entry, "fieldlabel")
        value = first(entry, "fieldentry")
        if label is not None and label.text:
            fields.setdefault(label.text.strip(), (value.text or "").strip() if value is not None else "")
    return fields


def letter_id(index: int) -> str:
    """``a``, ``b``, … ``z``, then ``o27``, ``o28``…: an id for the index-th part with no id of its own."""
    return chr(ord("a") + index) if index < 26 else f"o{index + 1}"


@dataclass
class Material:
    """The texts of one item read so far, with what their markup lost."""

    lost: list[str] = field(default_factory=list)

    def html(self, container: etree._Element | None) -> str:
        """The raw text of the first ``mattext`` in ``container`` as HTML (plain text escaped)."""
        mattext = first(container, "mattext") if container is not None else None
        if mattext is None:
            return ""
        inner = (mattext.text or "") + "".join(
            etree.tostring(child, encoding="unicode", with_tail=True) for child in mattext
        )
        if mattext.get("texttype", "").lower() == "text/html" or (
            mattext.get("texttype") is None and looks_like_markup(inner)
        ):
            return inner
        return inner.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    def text(self, container: etree._Element | None) -> str:
        return self.reduce(self.html(container))

    def reduce(self, html: str) -> str:
        reduced = reduce_markup(html)
        for what in reduced.lost:
            if what not in self.lost:
                self.lost.append(what)
        return reduced.text


@dataclass(frozen=True)
class Condition:
    element: etree._Element
    score: Decimal | None
    adds: bool
    feedback: tuple[str, ...]

    @property
    def scores(self) -> bool:
        return self.score is not None and self.score > 0


def read_conditions(item: etree._Element) -> list[Condition]:
    found = []
    for condition in descendants(item, "respcondition"):
        score: Decimal | None = None
        adds = False
        for setvar in children(condition, "setvar"):
            if setvar.get("varname", "SCORE").upper() in {"SCORE", "QUE_SCORE"}:
                try:
                    score = Decimal((setvar.text or "0").strip())
                except InvalidOperation:
                    score = None
                if score is not None and not score.is_finite():
                    score = None
                adds = setvar.get("action", "Set").lower() == "add"
        feedback = tuple(
            link.get("linkrefid", "")
            for link in descendants(condition, "displayfeedback")
            if link.get("linkrefid")
        )
        found.append(Condition(condition, score, adds, feedback))
    return found


def counting_tests(condition: Condition, name: str = "varequal") -> list[etree._Element]:
    """The tests ``name`` of a condition that count for it (none under a ``<not>``)."""
    conditionvar = first(condition.element, "conditionvar")
    if conditionvar is None:
        return []
    return [
        test
        for test in descendants(conditionvar, name)
        if not any(
            local_name(ancestor) == "not" for ancestor in test.iterancestors() if ancestor is not conditionvar
        )
        and conditionvar in test.iterancestors()
    ]


def is_other(condition: Condition) -> bool:
    conditionvar = first(condition.element, "conditionvar")
    return conditionvar is not None and [local_name(child) for child in conditionvar] == ["other"]


def read_feedbacks(item: etree._Element, material: Material) -> dict[str, str]:
    return {
        feedback.get("ident", ""): material.text(feedback)
        for feedback in children(item, "itemfeedback")
        if feedback.get("ident")
    }
