"""Number patterns read back: every pattern quizkit's qti export writes for a number and tolerance, in
every kind of locale (Latin digits with a point or a comma, Urdu, Arabic, a space as group separator),
gives back the interval it accepts; a pattern in any other form gives nothing."""

from __future__ import annotations

from decimal import Decimal

import pytest

from toolkit.exporters.qti.patterns import number_pattern
from toolkit.importing.number_patterns import Interval, accepted_interval

NUMBERS = [
    ("256", "0"),
    ("3.14", "0.01"),
    ("-2.5", "0.25"),
    ("0", "0.5"),
    ("1000000", "2"),
    ("0.001", "0.0005"),
    ("-5", "10"),
    ("12.5", "0"),
    ("99.95", "0.05"),
]
LOCALES = ["en", "de", "fr", "ur", "ar"]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("answer", "tolerance"), NUMBERS)
def test_the_interval_of_a_number_pattern_is_read_back(answer: str, tolerance: str, locale: str) -> None:
    pattern = number_pattern(Decimal(answer), Decimal(tolerance), locale).accept
    low, high = Decimal(answer) - Decimal(tolerance), Decimal(answer) + Decimal(tolerance)
    assert accepted_interval(pattern) == Interval(low, high)


@pytest.mark.parametrize(
    "pattern",
    [
        "[0-9]+",  # no group of numerals
        "(a|b)",  # letters
        "([ab]1)",  # a sign that is no sign
        "([0-9]{3})",  # a count
        "([^0-9])",  # a negated class
        "(" * 10 + "1" + ")" * 10,  # groups inside a numeral
        "([0-9]",  # unclosed
        "",
    ],
)
def test_a_pattern_in_another_form_is_not_read(pattern: str) -> None:
    assert accepted_interval(pattern) is None
