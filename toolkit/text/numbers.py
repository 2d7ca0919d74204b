"""Numbers as learners type them (any Unicode decimal digits, the locale's separators and minus sign),
and as formats write them.

``256``, ``۲۵۶`` (Urdu and Persian digits) and ``٢٥٦`` (Arabic-Indic) are the same number; in a German
quiz ``1.000,5`` is one thousand and a half, as a German learner means it. Separators are the locale's
(CLDR, through Babel), and a group separator groups: it stands after a digit of the whole part and
before three digits (two in Indian grouping). A text the locale's separators cannot read that way, with a
``.`` or ``,`` only one reading makes a number of, is that number: ``99.6`` on a German page is 99.6, as
the learner means it, never 996. Where both conventions read a text, the locale's wins and
:func:`read_number` says what the other would have been, so that an interface can tell the learner.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from toolkit.text.urdu_normalizer import BIDI_CONTROLS

ENGLISH_UNITS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
"""English's number words from zero to twenty, each at the index of its value."""

_PLAIN = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$")
_MINUS_SIGNS = "-\u2212\u2012\u2013\ufe63\uff0d"
_SPACES = " \u00a0\u202f\u2009"
# The Arabic decimal and thousands separators go with Arabic-script digits whatever the locale's
# Latin-digit symbols are.
_ARABIC_DECIMAL = "\u066b"
_ARABIC_GROUP = "\u066c"


@dataclass(frozen=True)
class NumberSymbols:
    decimal: str
    group: str


@functools.cache
def number_symbols(locale: str) -> NumberSymbols:
    """The locale's decimal and grouping separators (``.`` and ``,`` where CLDR does not know it)."""
    from babel import Locale, UnknownLocaleError
    from babel.numbers import get_decimal_symbol, get_group_symbol

    try:
        parsed = Locale.parse(locale.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return NumberSymbols(".", ",")
    return NumberSymbols(get_decimal_symbol(parsed), get_group_symbol(parsed))


_POINT, _COMMA = ".", ","


@dataclass(frozen=True)
class _Reading:
    """Which separators a reading of a typed number takes for the decimal point and for grouping."""

    decimal: frozenset[str]
    group: frozenset[str]


def _readings(locale: str) -> tuple[_Reading, list[_Reading]]:
    """The locale's reading, and the readings with "." or "," as the decimal point that differ from it."""
    symbols = number_symbols(locale)
    spaces = frozenset(_SPACES) if symbols.group.strip() == "" or symbols.group in _SPACES else frozenset()
    own = _Reading(
        frozenset({symbols.decimal, _ARABIC_DECIMAL}), frozenset({symbols.group, _ARABIC_GROUP}) | spaces
    )
    others = [
        _Reading(frozenset({decimal, _ARABIC_DECIMAL}), frozenset({group, _ARABIC_GROUP}) | spaces)
        for decimal, group in ((_POINT, _COMMA), (_COMMA, _POINT))
    ]
    return own, [reading for reading in others if reading != own]


def _read(characters: list[str], reading: _Reading) -> Decimal | None:
    """``characters`` (digits already 0 to 9) read one way: a group separator only where it groups, after
    a digit and before three digits (two in Indian grouping, before another group) of the whole part."""
    plain: list[str] = []
    for index, character in enumerate(characters):
        if character in reading.decimal:
            plain.append(".")
        elif character in reading.group:
            if not plain or not plain[-1].isdigit() or "." in plain or "e" in plain or "E" in plain:
                return None
            digits = 0
            while index + 1 + digits < len(characters) and characters[index + 1 + digits].isdigit():
                digits += 1
            following = characters[index + 1 + digits] if index + 1 + digits < len(characters) else None
            ends_whole = following is None or following in reading.decimal or following in "eE"
            if not (
                (digits == 3 and (ends_whole or following in reading.group))
                or (digits == 2 and following in reading.group)
            ):
                return None
        elif character.isdigit() or character in "+-eE":
            plain.append(character)
        else:
            return None  # a separator this reading has no use for
    text = "".join(plain)
    if not _PLAIN.fullmatch(text):
        return None
    try:
        number = Decimal(text)
    except InvalidOperation:
        return None
    # Beyond any quiz's answers; arithmetic on it could overflow the decimal context.
    return number if number.is_finite() and abs(number.adjusted()) <= 1000 else None


def _characters(text: str, locale: str) -> list[str] | None:
    """``text`` with its digits as 0 to 9, its minus signs as ``-``, no bidi controls; None when it holds
    a character no number has."""
    own, _ = _readings(locale)
    separators = own.decimal | own.group | {_POINT, _COMMA}
    characters: list[str] = []
    for character in unicodedata.normalize("NFKC", text).strip():
        if character in BIDI_CONTROLS:
            continue  # right-to-left input often carries marks around a number
        digit = unicodedata.decimal(character, None)
        if digit is not None:
            characters.append(str(digit))
        elif character in _MINUS_SIGNS:
            characters.append("-")
        elif character in separators or character in "+eE":
            characters.append(character)
        else:
            return None
    return characters


@dataclass(frozen=True)
class TypedNumber:
    """What a learner typed, read as a number: ``value`` as graded, and ``otherwise``, the number the
    same text is in the other convention ("1.000" is 1000 in German and 1 in English), where that
    differs: an interface says how it read the text."""

    value: Decimal
    otherwise: Decimal | None = None


def read_number(text: str, locale: str) -> TypedNumber | None:
    """The number a learner typed in ``locale``, or None when it is not one.

    The locale's separators come first (in German ``1.000,5`` is one thousand and a half). A text they
    do not read, with a ``.`` or ``,`` that one reading alone makes a number of, is that number: ``99.6``
    typed on a German page, where ``.`` groups thousands and never stands before one digit, is 99.6."""
    characters = _characters(text, locale)
    if characters is None:
        return None
    own, others = _readings(locale)
    value = _read(characters, own)
    alternatives = {
        number for number in (_read(characters, reading) for reading in others) if number is not None
    }
    if value is not None:
        different = sorted(number for number in alternatives if number != value)
        return TypedNumber(value, different[0] if different else None)
    if len(alternatives) == 1:
        return TypedNumber(alternatives.pop())
    return None


def parse_number(text: str, locale: str) -> Decimal | None:
    """The number a learner typed in ``locale``, or None when it is not one (:func:`read_number`)."""
    typed = read_number(text, locale)
    return None if typed is None else typed.value


NumberValue = Decimal | str
"""A number written in a text, as a value (``0,5`` in French and ``0.5`` in English are both 0.5); a
run of digits and separators that is no single number (``1.2.3``) is kept as its digits and separators."""


@functools.cache
def written_number_pattern(locale: str) -> re.Pattern[str]:
    """A number as it is written in ``locale``'s text: digits of any script, joined by the locale's
    decimal and group separators (or the Arabic ones). A space that groups digits (French ``1 000``)
    joins only a group of three digits, so ``3 4`` stays two numbers."""
    symbols = number_symbols(locale)
    joiners = {symbols.decimal, _ARABIC_DECIMAL, _ARABIC_GROUP}
    spaces = ""
    if symbols.group in _SPACES or not symbols.group.strip():
        spaces = _SPACES + symbols.group
    else:
        joiners.add(symbols.group)
    joined = f"[{re.escape(''.join(sorted(joiners)))}]\\d+"
    grouped = f"|[{re.escape(spaces)}]\\d{{3}}(?!\\d)" if spaces else ""
    return re.compile(f"\\d+(?:{joined}{grouped})*")


def written_number_value(written: str, locale: str) -> NumberValue:
    """The value of a number matched by :func:`written_number_pattern` in ``locale``."""
    symbols = number_symbols(locale)
    characters: list[str] = []
    for character in written:
        digit = unicodedata.decimal(character, None)
        if digit is not None:
            characters.append(str(digit))
        elif character in (symbols.decimal, _ARABIC_DECIMAL):
            characters.append(".")
        elif character in (symbols.group, _ARABIC_GROUP) or character in _SPACES:
            continue
        else:
            characters.append(character)
    plain = "".join(characters)
    if plain.count(".") > 1:
        return plain  # a version or a list of numbers (1.2.3), not one value
    return Decimal(plain)


def plain_number(number: Decimal) -> str:
    """``number`` as the formats' number readers take it (Moodle's, GIFT's, QTI 1.2's): Latin digits and
    ``.``, no exponent, no trailing zeros, no negative zero (``256``, ``0.5``, ``33.33``, ``1000``)."""
    text = format(number.normalize(), "f")
    return "0" if text in ("-0", "") else text
