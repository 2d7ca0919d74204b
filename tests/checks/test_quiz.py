"""duplicate-option-translation and option-repeats-prompt: options a learner cannot tell apart, exactly
or but for letter forms, diacritics, digits, case, spacing and punctuation."""

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


def near(locale: str) -> list[tuple[str, str]]:
    return [
        (
            f"{Q}.options.b",
            f"translated like option {Q}.options.a in {locale} but for letter forms, diacritics, digits, case, "
            "spacing or punctuation, though the sources differ: a learner cannot tell the two apart; translate "
            "them so they differ as the sources do",
        )
    ]


EXACT = [(f"{Q}.options.b", f"translated exactly like option {Q}.options.a, though the sources differ")]


@pytest.mark.parametrize(
    ("locale", "first", "second", "expected"),
    [
        ("ur", "آل ریڈیوس", "ریڈیوس اسکیٹر", []),
        ("ur", "آل ریڈیوس", "آل ریڈیوس۔", EXACT),
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


def test_options_whose_sources_read_alike_are_not_the_translations_fault() -> None:
    entries = [
        CatalogEntry("All-reduce", "آل ریڈیوس", f"{Q}.options.a"),
        CatalogEntry("All reduce.", "آل ریڈیوس", f"{Q}.options.b"),
    ]
    assert findings(entries, "duplicate-option-translation") == []


REPEATS = [(f"{Q}.options.a", "the option's translation repeats the question's prompt")]
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
