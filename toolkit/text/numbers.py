"""Numbers as learners type them (any Unicode decimal digits, the locale's separators and minus sign),
and as formats write them.

``256``, ``۲۵۶`` (Urdu and Persian digits) and ``٢٥٦`` (Arabic-Indic) are the same number; in a German
quiz ``1.000,5`` is one thousand and a half, as a German learner means it. Separators are the locale's
(CLDR, through Babel), never guessed from the text, so ``1,5`` is never read two ways in one locale.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from toolkit.text.urdu import BIDI_CONTROLS

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


def parse_number(text: str, locale: str) -> Decimal | None:
    """The number a learner typed in ``locale``, or None when it is not one."""
    symbols = number_symbols(locale)
    characters: list[str] = []
    for character in unicodedata.normalize("NFKC", text).strip():
        if character in BIDI_CONTROLS:
            continue  # right-to-left input often carries marks around a number
        digit = unicodedata.decimal(character, None)
        if digit is not None:
            characters.append(str(digit))
        elif character == symbols.decimal or character == _ARABIC_DECIMAL:
            characters.append(".")
        elif (
            character == symbols.group
            or character == _ARABIC_GROUP
            or (character in _SPACES and (symbols.group.strip() == "" or symbols.group in _SPACES))
        ):
            continue
        elif character in _MINUS_SIGNS:
            characters.append("-")
        elif character in "+eE":
            characters.append(character)
        else:
            return None
    plain = "".join(characters)
    if not _PLAIN.fullmatch(plain):
        return None
    try:
        number = Decimal(plain)
    except InvalidOperation:
        return None
    # Beyond any quiz's answers; arithmetic on it could overflow the decimal context.
    return number if number.is_finite() and abs(number.adjusted()) <= 1000 else None


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
