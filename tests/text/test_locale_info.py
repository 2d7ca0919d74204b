"""Locale facts, and gettext plural forms mapped to CLDR categories by evaluation, not by position."""

from __future__ import annotations

import pytest

from toolkit.text.locale_info import (
    LocaleError,
    cldr_plural_forms,
    locale_info,
    plural_index_categories,
    writing_script,
)

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
        ("ja", "nplurals=1; plural=0;", ("other",)),
        # French catalogs usually keep two forms; CLDR's "many" (1000000) is beyond the samples.
        ("fr", "nplurals=2; plural=(n > 1);", ("one", "other")),
        # A form that no sample number reaches (French "many" in Babel's table) reads as "other".
        (
            "fr",
            "nplurals=3; plural=(n == 0 || n == 1) ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2;",
            ("one", "other", "other"),
        ),
    ],
)
def test_plural_forms_map_by_evaluation(locale: str, plural_forms: str, categories: tuple[str, ...]) -> None:
    assert plural_index_categories(locale, plural_forms) == categories


URDU_INSTEAD = "; for ur write Plural-Forms: nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize(
    ("locale", "plural_forms", "message"),
    [
        (
            "ur",
            "nplurals=2; plural=(n > 1);",
            "Plural-Forms 'nplurals=2; plural=(n > 1);' disagrees with CLDR: it puts 1 ('one' in CLDR for ur) "
            "and 0 ('other') in the same form 0" + URDU_INSTEAD,
        ),
        # The same categories numbered the other way round: msgstr[0], which translators write for 1,
        # would be shown for 8 (issue 15).
        (
            "ur",
            "nplurals=2; plural=(n == 1);",
            "Plural-Forms 'nplurals=2; plural=(n == 1);' disagrees with CLDR: it puts 0 ('other' in CLDR for ur) "
            "in form 0 and 1 ('one') in form 1, but forms follow CLDR's order (one, other)" + URDU_INSTEAD,
        ),
        (
            "ur",
            "nplurals=7; plural=(n != 1);",
            "Plural-Forms 'nplurals=7; plural=(n != 1);' disagrees with CLDR: nplurals=7, but CLDR's plural "
            "rules for ur have 2 categories (one, other)" + URDU_INSTEAD,
        ),
        (
            "sl",
            "nplurals=4; plural=(n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 0);",
            "Plural-Forms 'nplurals=4; plural=(n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 0);' "
            "disagrees with CLDR: it puts 0 ('other' in CLDR for sl) in form 0 and 1 ('one') in form 1, but "
            "forms follow CLDR's order (one, two, few, other); for sl write Plural-Forms: nplurals=4; "
            "plural=n % 100 == 1 ? 0 : n % 100 == 2 ? 1 : (n % 100 == 3 || n % 100 == 4) ? 2 : 3;",
        ),
        # Results outside 0..nplurals-1 are refused after bounded evaluation (issue 17), never allocated.
        (
            "ur",
            "nplurals=2; plural=n*n*n;",
            "Plural-Forms 'nplurals=2; plural=n*n*n;' gives form 8 for n = 2, but nplurals=2 allows forms 0 "
            "and 1 only" + URDU_INSTEAD,
        ),
        (
            "ur",
            "nplurals=2; plural=(n==1 ? 0 : 99999999);",
            "Plural-Forms 'nplurals=2; plural=(n==1 ? 0 : 99999999);' gives form 99999999 for n = 0, but "
            "nplurals=2 allows forms 0 and 1 only" + URDU_INSTEAD,
        ),
        (
            "ur",
            "nplurals=abc; plural=(n != 1);",
            "Plural-Forms 'nplurals=abc; plural=(n != 1);': nplurals=abc is not a number of forms"
            + URDU_INSTEAD,
        ),
    ],
)
def test_plural_forms_that_contradict_cldr_are_refused(locale: str, plural_forms: str, message: str) -> None:
    with pytest.raises(LocaleError) as caught:
        plural_index_categories(locale, plural_forms)
    assert str(caught.value) == message


def test_every_locale_gets_plural_forms_that_agree_with_cldr() -> None:
    """Babel's table disagrees with CLDR for a few locales (tg, vi, pt_PT); the suggestion never does."""
    from babel import localedata

    languages = [locale for locale in localedata.locale_identifiers() if "_" not in locale]
    for locale in [*sorted(languages), "pt_PT", "ur_IN"]:
        reference = cldr_plural_forms(locale)
        assert reference is not None, locale
        plural_index_categories(locale, reference)
    assert cldr_plural_forms("vi") == "nplurals=2; plural=((((n == 0)) || ((n == 1))) ? 0 : 1);"
    assert plural_index_categories("pt_PT", str(cldr_plural_forms("pt_PT"))) == ("one", "other", "other")


def test_unknown_locale() -> None:
    with pytest.raises(LocaleError):
        locale_info("xx_YY")


@pytest.mark.parametrize(
    ("locale", "script"),
    [
        ("en", "Latn"),
        ("ur", "Arab"),
        ("ur-PK", "Arab"),
        ("ar", "Arab"),
        ("hi", "Deva"),
        ("zh", "Hans"),
        ("sr", "Cyrl"),
        ("sr_Latn", "Latn"),  # the locale's own script subtag first
        ("ar_XB", "Latn"),  # a pseudo-locale is English
        ("english", None),
    ],
)
def test_the_script_a_locale_is_written_in(locale: str, script: str | None) -> None:
    assert writing_script(locale) == script
