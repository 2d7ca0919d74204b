"""Locale facts from CLDR (through Babel): BCP 47 tag, direction, digits, plural categories.

Plural forms of a gettext catalog are mapped to CLDR categories by evaluating the catalog's own
Plural-Forms expression on sample numbers next to CLDR's rules, never by position: ``msgstr[0]`` is
"one" in Urdu but "zero" in Arabic.
"""

from __future__ import annotations

import functools
import gettext
from dataclasses import dataclass

CLDR_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")
_SAMPLES = range(0, 1001)


class LocaleError(Exception):
    pass


@dataclass(frozen=True)
class LocaleInfo:
    locale: str
    tag: str
    direction: str
    numbering_system: str
    plural_categories: tuple[str, ...]
    english_name: str

    @property
    def language(self) -> str:
        return self.tag.split("-")[0]


def bcp47(locale: str) -> str:
    return locale.replace("_", "-")


@functools.cache
def locale_info(locale: str) -> LocaleInfo:
    from babel import Locale
    from babel.core import UnknownLocaleError

    try:
        parsed = Locale.parse(locale)
    except (UnknownLocaleError, ValueError) as error:
        raise LocaleError(f"unknown locale '{locale}': {error}") from None
    categories = set(parsed.plural_form.tags) | {"other"}
    return LocaleInfo(
        locale=locale,
        tag=bcp47(locale),
        direction=str(parsed.text_direction),
        numbering_system=str(getattr(parsed, "default_numbering_system", "latn")),
        plural_categories=tuple(category for category in CLDR_CATEGORY_ORDER if category in categories),
        english_name=str(parsed.english_name),
    )


def cldr_category(locale: str, number: int) -> str:
    from babel import Locale

    return str(Locale.parse(locale).plural_form(number))


@functools.cache
def plural_index_categories(locale: str, plural_forms: str) -> tuple[str, ...]:
    """CLDR category of each gettext plural index, found by evaluating both rules on 0…1000."""
    expression = plural_forms.split("plural=", 1)[-1].strip().rstrip(";")
    try:
        select = gettext.c2py(expression)
    except (ValueError, SyntaxError) as error:
        raise LocaleError(f"cannot evaluate Plural-Forms '{plural_forms}': {error}") from None
    from babel import Locale

    rule = Locale.parse(locale).plural_form
    mapping: dict[int, str] = {}
    for number in _SAMPLES:
        try:
            index = int(select(number))
        except (ArithmeticError, ValueError, RecursionError) as error:
            raise LocaleError(
                f"Plural-Forms '{plural_forms}' cannot be evaluated for n = {number}: {error}"
            ) from None
        if index < 0:
            raise LocaleError(f"Plural-Forms '{plural_forms}' gives form {index} for n = {number}")
        category = str(rule(number))
        if mapping.setdefault(index, category) != category:
            raise LocaleError(
                f"Plural-Forms '{plural_forms}' puts {number} in form {index} with '{mapping[index]}' numbers, "
                f"but CLDR says {number} is '{category}' in {locale}"
            )
    count = max(mapping) + 1 if mapping else 1
    return tuple(mapping.get(index, "other") for index in range(count))
