"""Numbers as learners type them (toolkit/text/numbers.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from toolkit.text.numbers import (
    parse_number,
    plain_number,
    read_number,
    written_number_pattern,
    written_number_value,
)


@pytest.mark.parametrize(
    ("text", "locale", "number"),
    [
        ("256", "en", "256"),
        (" 256 ", "en", "256"),
        ("۲۵۶", "ur", "256"),
        ("٢٥٦", "ar", "256"),
        ("२५६", "hi", "256"),
        ("1,000.5", "en", "1000.5"),
        ("1.000,5", "de", "1000.5"),
        ("1\u202f000,5", "fr", "1000.5"),
        ("1 000,5", "fr", "1000.5"),
        ("۲٫۵", "fa", "2.5"),
        ("\u200e-3", "ur", "-3"),
        ("\u22123", "en", "-3"),
        ("1e3", "en", "1000"),
        ("256", "xx", "256"),
    ],
)
def test_numbers_in_any_digits_and_the_locales_separators(text: str, locale: str, number: str) -> None:
    assert parse_number(text, locale) == Decimal(number)


@pytest.mark.parametrize("text", ["", "abc", "1..2", "2 56x", "--3", "1e99999", "nan", "inf", "½"])
def test_what_is_not_a_number(text: str) -> None:
    assert parse_number(text, "en") is None


@pytest.mark.parametrize(
    ("number", "text"),
    [
        ("256", "256"),
        ("256.0", "256"),
        ("0.50", "0.5"),
        ("1E+3", "1000"),
        ("1e-3", "0.001"),
        ("33.33", "33.33"),
        ("-0", "0"),
        ("-2.5", "-2.5"),
    ],
)
def test_plain_number_is_what_every_formats_number_reader_takes(number: str, text: str) -> None:
    assert plain_number(Decimal(number)) == text


@pytest.mark.parametrize(
    ("text", "locale", "values"),
    [
        ("0.5 and 1,000.25", "en", [Decimal("0.5"), Decimal("1000.25")]),
        ("0,5 et 1\u202f000,25", "fr", [Decimal("0.5"), Decimal("1000.25")]),
        ("0,5 et 1 000", "fr", [Decimal("0.5"), Decimal("1000")]),
        ("pages 3 4", "fr", [Decimal(3), Decimal(4)]),
        ("1.500,25", "de", [Decimal("1500.25")]),
        ("۲٫۵ و ۱۰", "fa", [Decimal("2.5"), Decimal(10)]),
        ("3, 4 and 5", "en", [Decimal(3), Decimal(4), Decimal(5)]),
        ("version 1.2.3", "en", ["1.2.3"]),
    ],
)
def test_written_numbers_are_read_as_values_with_the_locale_separators(
    text: str, locale: str, values: list[Decimal | str]
) -> None:
    found = [
        written_number_value(match.group(0), locale)
        for match in written_number_pattern(locale).finditer(text)
    ]
    assert found == values


@pytest.mark.parametrize(
    ("text", "locale", "value", "otherwise"),
    [
        # Issue 35: "99.6" on a German page was 996, the "." ignored as a thousands separator.
        ("99.6", "de", "99.6", None),
        ("99,6", "de", "99.6", None),
        ("99,6", "en", "99.6", None),
        ("1.5", "fr", "1.5", None),
        # Both notations read these: the locale's wins, and the other is there for the interface.
        ("1.000", "de", "1000", "1"),
        ("1,000", "en", "1000", "1"),
        ("1.000,5", "de", "1000.5", None),
        ("1,00,000", "hi", "100000", None),  # Indian grouping
        ("1.234.567", "de", "1234567", None),
    ],
)
def test_a_decimal_point_of_either_notation_and_what_the_other_would_read(
    text: str, locale: str, value: str, otherwise: str | None
) -> None:
    typed = read_number(text, locale)
    assert typed is not None
    assert (typed.value, typed.otherwise) == (
        Decimal(value),
        None if otherwise is None else Decimal(otherwise),
    )


@pytest.mark.parametrize(("text", "locale"), [("1.0.0,5", "de"), ("2,56,7", "en"), ("1.2,3.4", "en")])
def test_a_separator_that_groups_nothing_makes_no_number_in_either_notation(text: str, locale: str) -> None:
    assert read_number(text, locale) is None
