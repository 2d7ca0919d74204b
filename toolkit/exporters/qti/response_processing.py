"""Response processing and declarations of QTI 3.0 items: the rules that set ``SCORE`` as the reference
grader does.

Written for what engines really do, besides the specification: ``@citolab/qti-components`` evaluates
every operand of ``qti-and`` and ``qti-or`` (so a NULL response is ruled out by a condition around the
rules, never by an operand next to them) and keeps at most three decimals of an outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lxml import etree

from toolkit.exporters.qti.markup import sub, value
from toolkit.exporters.qti.patterns import Pattern

# Identifiers of our own are upper case, so they can never collide with a content id (those are lower case).
RESPONSE = "RESPONSE"
SCORE = "SCORE"
RIGHT = "RIGHT"
"""An item's count of right parts (blanks, ordering positions), for partial credit."""


# --- response processing -----------------------------------------------------------------------------


def set_outcome(parent: etree._Element, identifier: str, number: str, base_type: str = "float") -> None:
    value(
        sub(parent, "qti-set-outcome-value", identifier=identifier),
        "qti-base-value",
        number,
        base_type=base_type,
    )


def variable(parent: etree._Element, identifier: str) -> etree._Element:
    return sub(parent, "qti-variable", identifier=identifier)


def response_if(processing: etree._Element) -> tuple[etree._Element, etree._Element]:
    """A response condition: its ``qti-response-if`` and the condition itself."""
    condition = sub(processing, "qti-response-condition")
    return condition, sub(condition, "qti-response-if")


def score_if(processing: etree._Element, condition: Callable[[etree._Element], None]) -> None:
    """SCORE is 1 when ``condition`` holds, else 0."""
    rule, when = response_if(processing)
    condition(when)
    set_outcome(when, SCORE, "1")
    set_outcome(sub(rule, "qti-response-else"), SCORE, "0")


def matches_correct(parent: etree._Element, identifier: str = RESPONSE) -> None:
    match = sub(parent, "qti-match")
    variable(match, identifier)
    sub(match, "qti-correct", identifier=identifier)


def count_right(parent: etree._Element) -> None:
    add = sub(sub(parent, "qti-set-outcome-value", identifier=RIGHT), "qti-sum")
    variable(add, RIGHT)
    value(add, "qti-base-value", "1", base_type="integer")


def score_share(parent: etree._Element, numerator: Callable[[etree._Element], object], total: int) -> None:
    divide = sub(sub(parent, "qti-set-outcome-value", identifier=SCORE), "qti-divide")
    numerator(divide)
    value(divide, "qti-base-value", str(total), base_type="float")


def typed_answer_accepted(parent: etree._Element, identifier: str, pattern: Pattern) -> None:
    """The response maps to an accepted answer or matches the pattern (the caller rules out NULL: an
    engine may evaluate every operand, and mapping a NULL response is an error)."""
    either = sub(parent, "qti-or")
    mapped = sub(either, "qti-gte")
    sub(mapped, "qti-map-response", identifier=identifier)
    value(mapped, "qti-base-value", "1", base_type="float")
    pattern_accepts(either, identifier, pattern)


def when_answered(processing: etree._Element, identifier: str) -> etree._Element:
    """A ``qti-response-if`` whose rules run only when ``identifier`` has a response."""
    _, when = response_if(processing)
    variable(sub(sub(when, "qti-not"), "qti-is-null"), identifier)
    return when


def pattern_accepts(parent: etree._Element, identifier: str, pattern: Pattern) -> None:
    both = sub(parent, "qti-and")
    variable(sub(both, "qti-pattern-match", pattern=pattern.accept), identifier)
    variable(sub(sub(both, "qti-not"), "qti-pattern-match", pattern=pattern.guard), identifier)


# --- declarations ------------------------------------------------------------------------------------


def declare(item: etree._Element, identifier: str, cardinality: str, base_type: str) -> etree._Element:
    return sub(
        item, "qti-response-declaration", identifier=identifier, cardinality=cardinality, base_type=base_type
    )


def correct_response(declaration: etree._Element, values: Iterable[str]) -> None:
    correct = sub(declaration, "qti-correct-response")
    for text in values:
        value(correct, "qti-value", text)


def mapping(
    declaration: etree._Element, entries: Iterable[tuple[str, str]], upper: int, **attributes: str
) -> None:
    mapping = sub(declaration, "qti-mapping", lower_bound="0", upper_bound=str(upper), default_value="0")
    for key, mapped in entries:
        sub(mapping, "qti-map-entry", map_key=key, mapped_value=mapped, **attributes)
