"""The generic checks that issue 42 extended: numbers the translation adds or changes (in every locale's
digits and separators), and TeX formulas kept like inline code."""

from __future__ import annotations

import pytest

from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

PROMPT = "quiz.questions.q.prompt"


def findings(source: str, translation: str, code: str, locale: str = "ur", key: str = PROMPT) -> list[str]:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    result = check_catalog(Catalog(header, (CatalogEntry(source, translation, key),)), "x.po", locale, None)
    return [diagnostic.message for diagnostic in result.diagnostics if diagnostic.code == code]


SAMPLES = "Each of 8 workers uses 1,024 samples and 0.25 of them are kept."


@pytest.mark.parametrize(
    ("locale", "translation", "expected"),
    [
        ("ur", "ہر ایک 8 ورکرز میں سے 1,024 سیمپلز استعمال کرتا ہے اور 0.25 رکھے جاتے ہیں۔", []),
        ("ur_IN", "ہر ایک ۸ ورکرز میں سے ۱٬۰۲۴ سیمپلز استعمال کرتا ہے اور ۰٫۲۵ رکھے جاتے ہیں۔", []),
        ("ar", "يستخدم كل من ٨ عمال ١٬٠٢٤ عينة ويُحتفظ بـ ٠٫٢٥ منها.", []),
        ("fa", "هر یک از ۸ کارگر ۱٬۰۲۴ نمونه به کار می‌برد و ۰٫۲۵ آن‌ها نگه داشته می‌شود.", []),
        ("hi", "8 में से हर worker १,०२४ samples लेता है और ०.२५ रखे जाते हैं।", []),
        (
            "ur",
            "ہر ایک 8 ورکرز میں سے 1,042 سیمپلز استعمال کرتا ہے اور 0.25 رکھے جاتے ہیں۔",
            [
                "number 1,024 from the source is missing in ur, and 1,042 is not in the source: write the source's "
                "numbers, in ur's digits or the source's"
            ],
        ),
        (
            "ar",
            "يستخدم كل من ٨ عمال ١٬٠٢٤ عينة ويُحتفظ بـ ٠٫٥٢ منها.",
            [
                "number 0.25 from the source is missing in ar, and ٠٫٥٢ is not in the source: write the source's "
                "numbers, in ar's digits or the source's"
            ],
        ),
        (
            "fa",
            "هر یک از ۸ کارگر ۱٬۰۲۴ نمونه را ۳ بار به کار می‌برد و ۰٫۲۵ آن‌ها نگه داشته می‌شود.",
            [
                "number ۳ in fa is not in the source: write the source's numbers, in fa's digits or the source's"
            ],
        ),
        (
            "hi",
            "9 में से हर worker १,०२४ samples लेता है और ०.२५ रखे जाते हैं।",
            [
                "number 8 from the source is missing in hi, and 9 is not in the source: write the source's numbers, "
                "in hi's digits or the source's"
            ],
        ),
    ],
)
def test_numbers_changed_or_added(locale: str, translation: str, expected: list[str]) -> None:
    assert findings(SAMPLES, translation, "numbers", locale) == expected


def test_an_explanations_added_number_is_numbers_and_its_lost_one_explanation_lost_content() -> None:
    key = "quiz.questions.q.explanation"
    source, translation = "That is 1.75 GB.", "یعنی 1.57 GB۔"
    assert findings(source, translation, "numbers", key=key) == [
        "number 1.57 in ur is not in the source: write the source's numbers, in ur's digits or the source's"
    ]
    assert findings(source, translation, "explanation-lost-content", key=key) == [
        "the explanation of question q lost 1.75 in ur: write the number in ur's digits or the source's"
    ]


# Review R42, 4: a number is read with its sign (-, U+2212, Arabic's sign after the digits, a minus word):
# a lost minus sign is a changed number.
@pytest.mark.parametrize(
    ("locale", "source", "translation", "expected"),
    [
        (
            "ur",
            "-10 °C",
            "10 °C",
            [
                "number -10 from the source is missing in ur, and 10 is not in the source: write the source's "
                "numbers, in ur's digits or the source's"
            ],
        ),
        ("ur", "-10 °C", "−10 °C", []),
        ("ar", "-40 °C", "٤٠- °م", []),
        ("ar", "-40 °C", "؜-٤٠ °م", []),
        ("fa", "-40 degrees", "منهای ۴۰ درجه", []),
        ("ur", "-40 degrees", "منفی 40 ڈگری", []),
        # A dash between numbers or after a letter is no sign.
        ("ur", "pages 10-20 of chapter x-1", "صفحات 10-20، باب x-1", []),
    ],
)
def test_numbers_keep_their_sign(locale: str, source: str, translation: str, expected: list[str]) -> None:
    assert findings(source, translation, "numbers", locale) == expected


# Review R42, 5: a number the English source spells out may be written in digits; a changed one is still
# reported, and a list of numbers is said in the plural.
@pytest.mark.parametrize(
    ("locale", "source", "translation", "expected"),
    [
        ("ur", "Light is twice as fast.", "روشنی 2 گنا تیز ہے۔", []),
        ("ur", "A dozen eggs, as in the nineteenth century.", "12 انڈے، جیسے 19ویں صدی میں۔", []),
        ("hi", "Twenty-five students.", "25 छात्र।", []),
        ("ar", "Half of them.", "٥٠٪ منهم.", []),
        (
            "ur",
            "A dozen eggs.",
            "13 انڈے، 19ویں صدی میں۔",
            [
                "numbers 13, 19 in ur are not in the source: write the source's numbers, in ur's digits or the "
                "source's"
            ],
        ),
        (
            "ur",
            "Between 3 and 4 hours.",
            "5 سے 6 گھنٹے۔",
            [
                "numbers 3, 4 from the source are missing in ur, and 5, 6 are not in the source: write the "
                "source's numbers, in ur's digits or the source's"
            ],
        ),
    ],
)
def test_numbers_spelled_out_in_the_source(
    locale: str, source: str, translation: str, expected: list[str]
) -> None:
    assert findings(source, translation, "numbers", locale) == expected


FORMULA = "Each GPU sends $2(N-1)/N$ times its gradients, and $$S = \\sum_i g_i$$ is the sum."


@pytest.mark.parametrize(
    ("translation", "expected"),
    [
        ("ہر GPU اپنے گریڈیئنٹس کا $2(N-1)/N$ گنا بھیجتا ہے، اور $$S = \\sum_i g_i$$ مجموعہ ہے۔", []),
        (
            "ہر GPU اپنے گریڈیئنٹس کا $2(N+1)/N$ گنا بھیجتا ہے، اور $$S = \\sum_i g_i$$ مجموعہ ہے۔",
            [
                "formula $2(N-1)/N$ is missing or changed: keep every formula exactly as the source writes "
                "it, dollar signs included"
            ],
        ),
        (
            "ہر GPU اپنے گریڈیئنٹس کا $2(N-1)/N$ گنا بھیجتا ہے، اور $$S = \\sum g$$ مجموعہ ہے۔",
            [
                "formula $$S = \\sum_i g_i$$ is missing or changed: keep every formula exactly as the source "
                "writes it, dollar signs included"
            ],
        ),
    ],
)
def test_formulas_are_kept_like_code(translation: str, expected: list[str]) -> None:
    assert findings(FORMULA, translation, "inline-code") == expected


def test_prices_are_no_formula() -> None:
    assert findings("It costs $5 and $10.", "اس کی قیمت $5 اور $10 ہے۔", "inline-code") == []
    assert findings("It costs $5 and $10.", "اس کی قیمت $5 اور $10 ہے۔", "numbers") == []


def test_an_added_formula() -> None:
    assert findings("Sends twice the gradients.", "گریڈیئنٹس کا $2x$ بھیجتا ہے۔", "inline-code") == [
        "the translation adds formula $2x$ not in the source: keep every formula exactly as the source writes "
        "it, dollar signs included"
    ]


def test_a_changed_code_block_is_named_a_code_block_by_its_first_line() -> None:
    source = "Each GPU runs:\n\n```\nfor i in range(n):\n    send(i)\n```\n"
    translation = "ہر جی پی یو چلاتا ہے:\n\n```\nfor i in range(n):\n    bhejo(i)\n```\n"
    assert findings(source, translation, "inline-code") == [
        "code block differs from the source: the block that starts `for i in range(n):` is missing or changed"
    ]
