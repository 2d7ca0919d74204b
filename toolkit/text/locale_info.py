"""Locale facts from CLDR (through Babel): BCP 47 tag, direction, digits, plural categories.

Plural forms of a gettext catalog are mapped to CLDR categories by evaluating the catalog's own
Plural-Forms expression on sample numbers next to CLDR's rules, never by position: ``msgstr[0]`` is
"one" in Urdu but "zero" in Arabic. An expression that disagrees with CLDR (Urdu's forms swapped by
``plural=(n == 1)``) is refused with the expression to write instead.
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass

from toolkit.errors import QuizkitError
from toolkit.text.plural_forms import (
    SAMPLES,
    PluralForms,
    PluralFormsError,
    parse_plural_forms,
    quoted_excerpt,
)

CLDR_CATEGORY_ORDER = ("zero", "one", "two", "few", "many", "other")


class LocaleError(QuizkitError):
    pass


PSEUDO_LOCALES = {"en_XA": "en", "ar_XB": "ar"}
"""Pseudo-locales (Android's names) and the locale whose CLDR facts (plural rules) each borrows:
``en_XA`` is accented, longer English, ``ar_XB`` English laid out right to left. CLDR does not know
them, so their direction, digits and names are set here."""
_PSEUDO_DIRECTION = {"en_XA": "ltr", "ar_XB": "rtl"}
_PSEUDO_NAME = {"en_XA": "English (pseudo-accented)", "ar_XB": "English (pseudo right-to-left)"}


def is_pseudo_locale(locale: str) -> bool:
    return locale.replace("-", "_") in PSEUDO_LOCALES


def cldr_locale(locale: str) -> str:
    """The locale CLDR knows for ``locale``: a pseudo-locale's base locale, else ``locale`` itself."""
    return PSEUDO_LOCALES.get(locale.replace("-", "_"), locale)


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
        parsed = Locale.parse(cldr_locale(locale))
    except (UnknownLocaleError, ValueError) as error:
        raise LocaleError(f"unknown locale '{locale}': {error}") from None
    categories = set(parsed.plural_form.tags) | {"other"}
    if is_pseudo_locale(locale):
        # The text is the source's, so are its digits.
        return LocaleInfo(
            locale=locale,
            tag=bcp47(locale),
            direction=_PSEUDO_DIRECTION[locale.replace("-", "_")],
            numbering_system="latn",
            plural_categories=tuple(category for category in CLDR_CATEGORY_ORDER if category in categories),
            english_name=_PSEUDO_NAME[locale.replace("-", "_")],
        )
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

    return str(Locale.parse(cldr_locale(locale)).plural_form(number))


@functools.cache
def _cldr_categories(locale: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """CLDR's category of every sample number, and the locale's categories in CLDR's order."""
    from babel import Locale

    rule = Locale.parse(cldr_locale(locale)).plural_form
    categories = {str(category) for category in rule.tags} | {"other"}
    return (
        tuple(str(rule(number)) for number in SAMPLES),
        tuple(category for category in CLDR_CATEGORY_ORDER if category in categories),
    )


def source_form_for_category(source_locale: str, locale: str, category: str) -> str:
    """The source language's plural category for the numbers ``locale`` puts in ``category``: which of
    the source's forms (English ``one``/``other``) stands in for that category while it is untranslated.
    Decided on the smallest sample number of the category (Arabic ``zero`` is 0, so English ``other``)."""
    by_number, _ = _cldr_categories(locale)
    number = next((SAMPLES[index] for index, found in enumerate(by_number) if found == category), None)
    if number is None:
        return "other"
    source_by_number, _ = _cldr_categories(source_locale)
    return source_by_number[SAMPLES.index(number)]


def _disagreement(locale: str, forms: PluralForms) -> str | None:
    """Why the forms disagree with CLDR for ``locale`` on the samples, or None when they agree.

    They agree when each form holds the numbers of one CLDR category and the forms follow CLDR's order
    of categories (zero, one, two, few, many, other): the order translators, msgmerge and every gettext
    language table use, so that ``msgstr[0]`` of an Urdu catalog is the form for 1.
    """
    by_number, categories = _cldr_categories(locale)
    if forms.count > len(categories):
        return (
            f"nplurals={forms.count}, but CLDR's plural rules for {locale} have "
            f"{len(categories)} categories ({', '.join(categories)})"
        )
    category_of_form: dict[int, tuple[str, int]] = {}
    for number, (form, category) in enumerate(zip(forms.forms, by_number, strict=True)):
        first = category_of_form.setdefault(form, (category, number))
        if first[0] != category:
            return (
                f"it puts {number} ('{category}' in CLDR for {locale}) and {first[1]} ('{first[0]}') "
                f"in the same form {form}"
            )
    ordered = sorted(category_of_form.items())
    for (form, (category, number)), (later_form, (later, later_number)) in itertools.pairwise(ordered):
        if CLDR_CATEGORY_ORDER.index(category) > CLDR_CATEGORY_ORDER.index(later):
            return (
                f"it puts {number} ('{category}' in CLDR for {locale}) in form {form} and "
                f"{later_number} ('{later}') in form {later_form}, but forms follow CLDR's order "
                f"({', '.join(categories)})"
            )
    return None


@functools.cache
def cldr_plural_forms(locale: str) -> str | None:
    """The Plural-Forms value that agrees with CLDR for ``locale``: gettext's usual one where it agrees
    (Babel's table), else the one Babel derives from CLDR's rules; None for a locale Babel cannot place."""
    from babel import Locale
    from babel.core import UnknownLocaleError
    from babel.messages.plurals import get_plural
    from babel.plural import to_gettext

    try:
        derived = to_gettext(Locale.parse(cldr_locale(locale)).plural_form)
        # CLDR's operand e (the compact exponent) is 0 for every plain integer, which is all gettext sees.
        candidates = [
            str(get_plural(cldr_locale(locale)).plural_forms),
            derived,
            re.sub(r"\be\b", "0", derived),
        ]
    except (UnknownLocaleError, ValueError):
        return None
    for candidate in candidates:
        try:
            forms = parse_plural_forms(candidate)
        except PluralFormsError:
            continue
        if _disagreement(locale, forms) is None:
            return candidate
    return None


def plural_forms_problem(locale: str, plural_forms: str) -> str | None:
    """What is wrong with a catalog's Plural-Forms value for ``locale``, with what to write instead;
    None when it is valid (as ``msgfmt -c`` checks) and agrees with CLDR on the sample numbers."""
    try:
        plural_index_categories(locale, plural_forms)
    except LocaleError as error:
        return str(error)
    return None


@functools.cache
def plural_index_categories(locale: str, plural_forms: str) -> tuple[str, ...]:
    """CLDR category of each gettext plural form (``msgstr[i]``), found by evaluating the catalog's
    expression on n = 0…1000 beside CLDR's rules.

    Raises :class:`LocaleError` when the value is invalid, gives a form outside 0…nplurals-1 (as
    ``msgfmt -c`` refuses), or disagrees with CLDR; the message says what to write instead.
    """
    try:
        forms = parse_plural_forms(plural_forms)
        reason = _disagreement(locale, forms)
    except PluralFormsError as error:
        raise LocaleError(error.message + _instead(locale)) from None
    if reason is not None:
        raise LocaleError(
            f"Plural-Forms '{quoted_excerpt(plural_forms)}' disagrees with CLDR: {reason}{_instead(locale)}"
        )
    by_number, _ = _cldr_categories(locale)
    category_of_form = dict(zip(forms.forms, by_number, strict=True))
    return tuple(category_of_form.get(form, "other") for form in range(forms.count))


def _instead(locale: str) -> str:
    reference = cldr_plural_forms(locale)
    return f"; for {locale} write Plural-Forms: {reference}" if reference else ""


def writing_script(locale: str) -> str | None:
    """The ISO 15924 script ``locale`` is written in (``Latn``, ``Arab``, ``Cyrl``…): its script subtag,
    else CLDR's likely one (``ur`` → ``Arab``); None where CLDR does not know the locale."""
    from babel.core import get_global

    if is_pseudo_locale(locale):
        return "Latn"  # accented or mirrored English
    parts = locale.replace("-", "_").split("_")
    for part in parts[1:]:
        if len(part) == 4 and part.isalpha():
            return part.title()
    likely = get_global("likely_subtags")
    for candidate in ("_".join(parts), parts[0]):
        found = likely.get(candidate) or likely.get(candidate.lower())
        if found:
            for part in str(found).split("_")[1:]:
                if len(part) == 4:
                    return part
    return None
