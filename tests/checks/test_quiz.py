"""duplicate-option-translation and option-repeats-prompt: options a learner cannot tell apart, exactly
or but for letter forms, optional diacritics, digits, spacing and punctuation."""

from __future__ import annotations

import pytest

from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

Q = "quiz.questions.q"


def findings(entries: list[CatalogEntry], code: str, locale: str = "ur") -> list[tuple[str, str]]:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    result = check_catalog(Catalog(header, tuple(entries)), "x.po", locale, None)
    return [
        (diagnostic.key or "", diagnostic.message)
        for diagnostic in result.diagnostics
        if diagnostic.code == code
    ]


ALIKE = (
    "option b of question q is translated {how} option a in {locale}{but_for}, though the sources differ: a "
    "learner cannot tell the two apart; translate them so they differ as the sources do"
)
BUT_FOR = " but for letter forms, optional diacritics, digits, spacing or punctuation"


def near(locale: str) -> list[tuple[str, str]]:
    return [(f"{Q}.options.b", ALIKE.format(how="like", locale=locale, but_for=BUT_FOR))]


EXACT = [(f"{Q}.options.b", ALIKE.format(how="exactly like", locale="ur", but_for=""))]


@pytest.mark.parametrize(
    ("locale", "first", "second", "expected"),
    [
        ("ur", "آل ریڈیوس", "ریڈیوس اسکیٹر", []),
        ("ur", "آل ریڈیوس", "آل ریڈیوس", EXACT),
        # "exactly like" only for the very same text: a full stop is a difference a learner sees.
        ("ur", "آل ریڈیوس", "آل ریڈیوس۔", near("ur")),
        # An Arabic yeh for the Urdu one, a kaf, a heh: the same word to a reader.
        ("ur", "آل ریڈیوس", "آل ريڈیوس", near("ur")),
        ("ur", "کل بیچ", "كل بیچ", near("ur")),
        # Punctuation and spacing.
        ("ur", "آل ریڈیوس، پھر براڈکاسٹ", "آل ریڈیوس پھر  براڈکاسٹ", near("ur")),
        # Urdu's ھ is a letter of its own: پھل (fruit) is not پہل (a start).
        ("ur", "پھل", "پہل", []),
        # Arabic harakat and the hamza forms of alef.
        ("ar", "إرسال البيانات", "ارسال البيانات", near("ar")),
        ("ar", "نَسْخ", "نسخ", near("ar")),
        # Persian digits for Latin ones.
        ("fa", "۸ GPU", "8 GPU", near("fa")),
        # Hindi: a danda; Devanagari vowel signs change the word and stay.
        ("hi", "GPU की प्रतिलिपि।", "GPU की प्रतिलिपि", near("hi")),
        ("hi", "कुल", "काल", []),
    ],
)
def test_duplicate_option_translation(
    locale: str, first: str, second: str, expected: list[tuple[str, str]]
) -> None:
    entries = [
        CatalogEntry("All-reduce", first, f"{Q}.options.a"),
        CatalogEntry("Reduce-scatter", second, f"{Q}.options.b"),
    ]
    assert findings(entries, "duplicate-option-translation", locale) == expected


def test_options_whose_sources_are_one_text_are_not_the_translations_fault() -> None:
    entries = [
        CatalogEntry("All reduce", "آل ریڈیوس", f"{Q}.options.a"),
        CatalogEntry("All  reduce ", "آل ریڈیوس", f"{Q}.options.b"),
    ]
    assert findings(entries, "duplicate-option-translation") == []


# Review R42, 2: sources that differ in a sign, an operator, a case or a full stop are two answers; the
# translation that writes them alike is reported (the old guard compared the sources folded, and skipped).
@pytest.mark.parametrize(
    ("first", "second", "first_translation", "second_translation"),
    [
        ("-10 °C", "10 °C", "10 °C", "10 °C"),
        ("Q = m + c + ΔT", "Q = m × c × ΔT", "Q = m × c × ΔT", "Q = m × c × ΔT"),
        ("Co", "CO", "کو", "کو"),
        ("All-reduce", "All reduce.", "آل ریڈیوس", "آل ریڈیوس"),
    ],
)
def test_options_whose_sources_differ_visibly_are_reported(
    first: str, second: str, first_translation: str, second_translation: str
) -> None:
    entries = [
        CatalogEntry(first, first_translation, f"{Q}.options.a"),
        CatalogEntry(second, second_translation, f"{Q}.options.b"),
    ]
    assert findings(entries, "duplicate-option-translation") == EXACT


# Review R42, 3: translations that differ in what changes the meaning are two answers.
@pytest.mark.parametrize(
    ("locale", "first", "second", "first_translation", "second_translation"),
    [
        ("ur", "minus 5 degrees Celsius", "5 degrees Celsius", "−5 °C", "5 °C"),
        ("ar", "science", "flag", "عِلْم", "عَلَم"),
        ("ur", "Cobalt", "Carbon monoxide", "Co", "CO"),
        ("ur", "1 megabit", "1 megabyte", "1 Mb", "1 MB"),
    ],
)
def test_options_that_differ_in_meaning_are_no_duplicates(
    locale: str, first: str, second: str, first_translation: str, second_translation: str
) -> None:
    entries = [
        CatalogEntry(first, first_translation, f"{Q}.options.a"),
        CatalogEntry(second, second_translation, f"{Q}.options.b"),
    ]
    assert findings(entries, "duplicate-option-translation", locale) == []


# Review R42, 6: a fuzzy option is not shown (the source is), so it duplicates nothing.
def test_a_fuzzy_option_is_no_duplicate() -> None:
    entries = [
        CatalogEntry("Ghost", "بھوت", f"{Q}.options.a", flags=("fuzzy",)),
        CatalogEntry("Spirit", "بھوت", f"{Q}.options.b"),
    ]
    assert findings(entries, "duplicate-option-translation") == []


REPEATS = [
    (
        f"{Q}.options.a",
        "option a of question q repeats the prompt in ur, which its source does not: translate the option "
        "itself, not the question",
    )
]
PROMPT = "Which operation averages gradients?"


@pytest.mark.parametrize(
    ("prompt", "option", "expected"),
    [
        ("کون سا آپریشن گریڈیئنٹس کا اوسط نکالتا ہے؟", "آل ریڈیوس", []),
        # Identical to the prompt but for its question mark.
        ("کون سا آپریشن گریڈیئنٹس کا اوسط نکالتا ہے؟", "کون سا آپریشن گریڈیئنٹس کا اوسط نکالتا ہے", REPEATS),
        # ...or for a letter form.
        ("کون سا آپریشن گریڈیئنٹس کا اوسط نکالتا ہے؟", "كون سا آپریشن گریڈیئنٹس کا اوسط نکالتا ہے", REPEATS),
        # The prompt's words inside a longer word are not the prompt.
        ("آپریشن؟", "آپریشنز", []),
    ],
)
def test_option_repeats_prompt(prompt: str, option: str, expected: list[tuple[str, str]]) -> None:
    entries = [
        CatalogEntry(PROMPT, prompt, f"{Q}.prompt"),
        CatalogEntry("All-reduce", option, f"{Q}.options.a"),
    ]
    assert findings(entries, "option-repeats-prompt") == expected
