"""Locale facts, and gettext plural forms mapped to CLDR categories by evaluation, not by position."""

from __future__ import annotations

import pytest

from toolkit.text.locale_info import LocaleError, locale_info, plural_index_categories

ARABIC = (
    "nplurals=6; plural=(n == 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n % 100 >= 3 && n % 100 <= 10 ? 3 : "
    "n % 100 >= 11 && n % 100 <= 99 ? 4 : 5);"
)


def test_urdu() -> None:
    info = locale_info("ur")
    assert (info.tag, info.direction, info.numbering_system, info.plural_categories) == (
        "ur",
        "rtl",
        "latn",
        ("one", "other"),
    )
    assert locale_info("ur_IN").numbering_system == "arabext"
    assert locale_info("ur_PK").tag == "ur-PK"


@pytest.mark.parametrize(
    ("locale", "plural_forms", "categories"),
    [
        ("ur", "nplurals=2; plural=(n != 1);", ("one", "other")),
        ("ar", ARABIC, ("zero", "one", "two", "few", "many", "other")),
        # Same categories, but a catalog that numbers its forms the other way round is read correctly.
        ("ur", "nplurals=2; plural=(n == 1 ? 1 : 0);", ("other", "one")),
        ("ja", "nplurals=1; plural=0;", ("other",)),
    ],
)
def test_plural_forms_map_by_evaluation(locale: str, plural_forms: str, categories: tuple[str, ...]) -> None:
    assert plural_index_categories(locale, plural_forms) == categories


def test_plural_forms_that_contradict_cldr_are_refused() -> None:
    with pytest.raises(LocaleError) as caught:
        plural_index_categories("ur", "nplurals=2; plural=(n > 1);")
    assert str(caught.value) == (
        "Plural-Forms 'nplurals=2; plural=(n > 1);' puts 1 in form 0 with 'other' numbers, but CLDR says 1 is 'one' in ur"
    )


def test_unknown_locale() -> None:
    with pytest.raises(LocaleError):
        locale_info("xx_YY")
