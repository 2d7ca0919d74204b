"""Response processing of QTI 1.2 items, as the ASI specification defines it, for tests.

Enough of QTI 1.2 to score what our exporters write and what text2qti writes: ``<respcondition>``s in
order, each tested and, when true, its ``<setvar>``s applied (``Set``, ``Add``); processing stops after a
true condition unless it says ``continue="Yes"`` (the DTD's default is ``No``). Tests: ``varequal``
(a choice response holds the value; a typed response equals it, ignoring case unless ``case="Yes"``,
numerically for a ``fibtype="Decimal"`` field), ``vargte``/``varlte`` (numbers), ``and``, ``or``, ``not``,
``other``. Several tests directly in a ``<conditionvar>`` must all hold, as IMS's migration tool reads
them; ``ItemEngine(item, alternatives=True)`` reads them as alternatives instead, as Moodle's Common
Cartridge importer reads the accepted answers of a ``cc.fib`` item. SCORE ends clamped to its ``decvar``'s
minimum and maximum. Numbers are read as QTI 1.2 reads a
Decimal: ASCII digits, an optional sign and a decimal point.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from lxml import etree

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)", re.ASCII)

Response = dict[str, str | list[str]]
"""What the learner gave, by response ident: a typed text, or the chosen label idents."""


def local(element: Any) -> str:
    return etree.QName(element).localname


def children(element: Any, name: str | None = None) -> list[Any]:
    return [
        child for child in element if isinstance(child.tag, str) and (name is None or local(child) == name)
    ]


def _number(text: str) -> Decimal | None:
    text = text.strip()
    return Decimal(text) if _NUMBER.fullmatch(text) else None


class ItemEngine:
    def __init__(self, item: Any, *, alternatives: bool = False) -> None:
        self.item = item
        self.alternatives = alternatives
        self.decimal_fields = {
            response.get("ident")
            for response in item.iter("{*}response_str")
            if any(render.get("fibtype") == "Decimal" for render in response.iter("{*}render_fib"))
        }

    def test(self, condition: Any, response: Response) -> bool:
        name = local(condition)
        if name == "other":
            return True
        if name == "and":
            return all(self.test(child, response) for child in children(condition))
        if name == "or":
            return any(self.test(child, response) for child in children(condition))
        if name == "not":
            (inner,) = children(condition)
            return not self.test(inner, response)
        given = response.get(condition.get("respident"))
        expected = condition.text or ""
        if given is None:
            return False
        if name == "varequal":
            if isinstance(given, list):
                return expected in given
            if condition.get("respident") in self.decimal_fields:
                number, wanted = _number(given), _number(expected)
                return number is not None and number == wanted
            if condition.get("case") == "Yes":
                return given == expected
            return given.casefold() == expected.casefold()
        assert isinstance(given, str), name
        number, bound = _number(given), _number(expected)
        if number is None or bound is None:
            return False
        if name == "vargte":
            return number >= bound
        if name == "varlte":
            return number <= bound
        raise AssertionError(f"test {name} is not in this engine")

    def score(self, response: Response) -> Decimal:
        (resprocessing,) = children(self.item, "resprocessing")
        decvar = next(resprocessing.iter("{*}decvar"))
        score = Decimal(0)
        for condition in children(resprocessing, "respcondition"):
            (conditionvar,) = children(condition, "conditionvar")
            combine = any if self.alternatives else all
            if not combine(self.test(test, response) for test in children(conditionvar)):
                continue
            for setvar in children(condition, "setvar"):
                assert setvar.get("varname") == "SCORE"
                value = Decimal(setvar.text or "0")
                score = value if setvar.get("action", "Set") == "Set" else score + value
            if condition.get("continue", "No") != "Yes":
                break
        return min(max(score, Decimal(decvar.get("minvalue"))), Decimal(decvar.get("maxvalue")))
