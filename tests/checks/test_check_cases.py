"""Single-entry cases for the checks: what each finds and, as important, what it leaves alone."""

from __future__ import annotations

import pytest

from toolkit.checks.runner import check_catalog
from toolkit.content.glossary import Glossary, Term
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

HEADER = Header((("Language", "ur"), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
GLOSSARY = Glossary(
    "ur",
    (
        Term("optimizer state", "آپٹیمائزر کی حالت", wrong=("اصلاح کی حالت",)),
        Term("optimizer", "آپٹیمائزر"),
        Term("gradient", "گریڈیئنٹ", forms=("گریڈیئنٹس",), wrong=("تدریجی",), discouraged=("گریڈینٹ",)),
        Term("all-reduce", "all-reduce", keep_latin=True),
        Term("scatter", "اسکیٹر", discouraged=("سکیٹر",)),
    ),
)


def findings(entry: CatalogEntry, locale: str = "ur") -> list[tuple[str, str]]:
    result = check_catalog(Catalog(HEADER, (entry,)), "x.po", locale, GLOSSARY)
    return [(diagnostic.code, diagnostic.message) for diagnostic in result.diagnostics]


def codes(entry: CatalogEntry, locale: str = "ur") -> list[str]:
    return [code for code, _ in findings(entry, locale)]


def plural(one: str, other: str) -> CatalogEntry:
    return CatalogEntry(
        msgid="You answered {count} question correctly out of {total}.",
        msgid_plural="You answered {count} questions correctly out of {total}.",
        msgstr_plural=(one, other),
        context="ui.score",
        flags=("python-brace-format",),
        extracted_comments=("The plural form is chosen by the number {count}.",),
    )


def test_singular_form_may_drop_only_the_counting_placeholder() -> None:
    assert (
        codes(
            plural(
                "آپ نے {total} میں سے ایک سوال کا درست جواب دیا۔",
                "آپ نے {total} میں سے {count} سوالات کے درست جوابات دیے۔",
            )
        )
        == []
    )
    assert findings(
        plural("آپ نے ایک سوال کا درست جواب دیا۔", "آپ نے {total} میں سے {count} سوالات کے درست جوابات دیے۔")
    ) == [("placeholders", "placeholder {total} missing in msgstr[0]")]


@pytest.mark.parametrize(
    "translation",
    ["یہ کام NCCL.", "یہ `all-reduce`.", "کیا یہ (واقعی)?", "بیچ کا سائز 256.", "GPUs, CPUs اور دوسرے"],
)
def test_latin_punctuation_after_names_code_numbers_and_brackets(translation: str) -> None:
    source = {
        "NCCL.": "It does NCCL.",
        "`.": "This is `all-reduce`.",
        ")?": "Is it (really)?",
        "256.": "The batch size is 256.",
    }
    entry = CatalogEntry(
        msgid=next(
            (text for ending, text in source.items() if translation.endswith(ending)), "GPUs, CPUs and others"
        ),
        msgstr=translation,
        context="k",
    )
    assert "latin-punctuation" in codes(entry)


@pytest.mark.parametrize(
    ("source", "translation"),
    [
        ("The loss fell to 0.25.", "لاس کم ہو کر ۰٫۲۵ رہ گیا۔"),
        ("It has 1,024 GPUs.", "اس میں ۱٬۰۲۴ GPUs ہیں۔"),
    ],
)
def test_arabic_separators_are_numbers_too(source: str, translation: str) -> None:
    assert "numbers" not in codes(CatalogEntry(msgid=source, msgstr=translation, context="k"), "ur_IN")


def test_digits_inside_latin_names_are_not_mixed_digits() -> None:
    entry = CatalogEntry(
        msgid="An 8-GPU node with FP16 weights", msgstr="FP16 ویٹس والا ایک ۸-GPU نوڈ", context="k"
    )
    assert "mixed-digits" not in codes(entry, "ur_IN")


def test_one_mistake_one_finding_for_glossary_terms() -> None:
    entry = CatalogEntry(msgid="Only the optimizer state", msgstr="صرف اصلاح کی حالت", context="k")
    assert codes(entry) == ["glossary-wrong-term"]


def severities(entry: CatalogEntry) -> list[tuple[str, str, str]]:
    result = check_catalog(Catalog(HEADER, (entry,)), "x.po", "ur", GLOSSARY)
    return [(d.severity.value, d.code, d.message) for d in result.diagnostics]


@pytest.mark.parametrize(
    ("key", "source", "translation", "expected"),
    [
        # Another spelling of the right word: a warning naming the preferred form, nothing else.
        (
            "k",
            "Average the gradients",
            "گریڈینٹس کا اوسط نکالیں",
            [
                (
                    "warning",
                    "glossary-discouraged-term",
                    "'گریڈینٹ' is not the preferred form of 'gradient'; use گریڈیئنٹ",
                )
            ],
        ),
        # A word that means something else stays an error.
        (
            "k",
            "Average the gradients",
            "تدریجی اوسط نکالیں",
            [("error", "glossary-wrong-term", "'تدریجی' is wrong for 'gradient'; use گریڈیئنٹ")],
        ),
        # In an explanation the term is misspelt, not lost: explanation-lost-content stays silent.
        (
            "quiz.questions.q.explanation",
            "Scatter splits data.",
            "سکیٹر ڈیٹا تقسیم کرتا ہے۔",
            [
                (
                    "warning",
                    "glossary-discouraged-term",
                    "'سکیٹر' is not the preferred form of 'scatter'; use اسکیٹر",
                )
            ],
        ),
        # Still there beside the preferred form: one text, one spelling.
        (
            "k",
            "Scatter, then scatter again",
            "اسکیٹر، پھر دوبارہ سکیٹر",
            [
                (
                    "warning",
                    "glossary-discouraged-term",
                    "'سکیٹر' is not the preferred form of 'scatter'; use اسکیٹر",
                )
            ],
        ),
        # The discouraged stem inside the preferred word (سکیٹر in اسکیٹر) is not a finding.
        ("k", "Scatter the data", "ڈیٹا کو اسکیٹر کریں", []),
        # Only where the source has the term.
        ("k", "Split the data", "ڈیٹا کو سکیٹر کریں", []),
    ],
)
def test_discouraged_renderings_warn_and_wrong_ones_are_errors(
    key: str, source: str, translation: str, expected: list[tuple[str, str, str]]
) -> None:
    assert severities(CatalogEntry(msgid=source, msgstr=translation, context=key)) == expected


def test_code_is_the_inline_code_checks_business_not_the_glossarys() -> None:
    entry = CatalogEntry(msgid="An `all-reduce` op", msgstr="ایک `allreduce` آپریشن", context="k")
    assert codes(entry) == ["inline-code"]


def test_sets_of_numbers_keep_their_commas() -> None:
    entry = CatalogEntry(
        msgid="The set {1, 2} has two elements.", msgstr="سیٹ {1, 2} میں دو عناصر ہیں۔", context="k"
    )
    assert codes(entry) == []


def test_numbers_check_on_a_non_explanation() -> None:
    entry = CatalogEntry(msgid="Use 8 GPUs", msgstr="GPUs استعمال کریں", context="quiz.questions.q.options.a")
    assert findings(entry) == [
        (
            "numbers",
            "number 8 from the source is missing in ur: write the source's numbers, in ur's digits or the source's",
        )
    ]


def test_whitespace_fix_outside_urdu_keeps_newlines() -> None:
    from toolkit.checks.runner import fixed_translation

    assert fixed_translation("  a  b\nc ", "fr", frozenset({"whitespace"})) == "a b\nc"


def test_control_characters_are_errors() -> None:
    entry = CatalogEntry(msgid="Check answer", msgstr="جواب\a چیک کریں", context="ui.check-answer")
    assert findings(entry) == [
        ("control-characters", "control character U+0007 in the translation; remove it")
    ]


BLANK_ADVICE = "the page would show nothing in its place; write the translation, or leave it empty to show the source text"


@pytest.mark.parametrize(
    ("locale", "translation", "expected"),
    [
        # Issue 35: a zero-width space passed check; the player showed an empty Restart button.
        ("fr", "\u200b", "the translation has no visible character, only U+200B (ZERO WIDTH SPACE)"),
        ("ur", "\u200b", "the translation has no visible character, only U+200B (ZERO WIDTH SPACE)"),
        # ... and spaces gave only a whitespace warning, which --fix turned into an untranslated entry.
        ("fr", " ", "the translation is only spaces"),
        ("ur", "\u00a0\u3000", "the translation is only spaces"),
        (
            "fr",
            "\ufeff \u2060\u200d",
            "the translation has no visible character, only U+200D (ZERO WIDTH JOINER), U+2060 (WORD JOINER), "
            "U+FEFF (ZERO WIDTH NO-BREAK SPACE) and spaces",
        ),
        ("de", "\u2800", "the translation has no visible character, only U+2800 (BRAILLE PATTERN BLANK)"),
    ],
)
def test_a_translation_with_no_visible_character_is_an_error(
    locale: str, translation: str, expected: str
) -> None:
    entry = CatalogEntry(msgid="Restart quiz", msgstr=translation, context="ui.restart")
    result = check_catalog(Catalog(HEADER, (entry,)), "x.po", locale, None)
    blank = [diagnostic for diagnostic in result.diagnostics if diagnostic.code == "blank-translation"]
    assert [(diagnostic.severity.value, diagnostic.message) for diagnostic in blank] == [
        ("error", f"{expected}: {BLANK_ADVICE}")
    ]
    assert "whitespace" not in [diagnostic.code for diagnostic in result.diagnostics]


def test_a_blank_plural_form_is_named_and_visible_text_with_invisible_characters_is_not_blank() -> None:
    assert ("blank-translation", f"msgstr[1] is only spaces: {BLANK_ADVICE}") in findings(
        plural("آپ نے {total} میں سے {count} سوال کا درست جواب دیا۔", "  ")
    )
    # A ZWNJ inside a Persian word, a zero-width space in a URL: visible text, not this check's business.
    entry = CatalogEntry(msgid="Restart quiz", msgstr="شروع\u200cکنید", context="ui.restart")
    assert "blank-translation" not in codes(entry, "fa")


OVERRIDE_MESSAGE = (
    "bidi controls U+202C (POP DIRECTIONAL FORMATTING), U+202E (RIGHT-TO-LEFT OVERRIDE) in the translation: "
    "they can make the text display otherwise than it reads, and exports isolate right-to-left runs "
    "themselves; remove them"
)


@pytest.mark.parametrize(
    ("locale", "translation", "expected"),
    [
        # Issue 35: in every locale without a pack, bidi controls passed quizkit check.
        ("fr", "Le \u202elot\u202c est divisé", [("bidi-control", OVERRIDE_MESSAGE)]),
        ("he", "ה\u202eאצווה\u202c מחולקת", [("bidi-control", OVERRIDE_MESSAGE)]),
        (
            "he",
            "האצווה\u200f מחולקת",
            [
                (
                    "bidi-control",
                    "bidi control U+200F (RIGHT-TO-LEFT MARK) in the translation: it can make the text "
                    "display otherwise than it reads, and exports isolate right-to-left runs themselves; "
                    "remove it",
                )
            ],
        ),
        # A pack that fixes bidi controls takes the marks its script may need (a warning, fixable) ...
        ("ar", "الدفعة\u061c مقسمة", [("ar-bidi-controls", None)]),
        # ... but an override is an error there too.
        ("ar", "\u202eالدفعة\u202c مقسمة", [("bidi-control", OVERRIDE_MESSAGE), ("ar-bidi-controls", None)]),
    ],
)
def test_bidi_controls_are_caught_in_every_locale(
    locale: str, translation: str, expected: list[tuple[str, str | None]]
) -> None:
    entry = CatalogEntry(msgid="The batch is split", msgstr=translation, context="k")
    result = check_catalog(Catalog(HEADER, (entry,)), "x.po", locale, None)
    found = [
        (diagnostic.code, diagnostic.message if diagnostic.code == "bidi-control" else None)
        for diagnostic in result.diagnostics
        if "bidi" in diagnostic.code
    ]
    assert found == expected
    assert all(d.severity.value == "error" for d in result.diagnostics if d.code == "bidi-control")


@pytest.mark.parametrize(
    ("source", "translation", "expected"),
    [
        (
            "The optimizer sends 8 shards over NCCL and PyTorch.",
            "شارڈز بھیجے جاتے ہیں۔",
            "the explanation of question q lost 8, NCCL, PyTorch, optimizer in ur: write the number in ur's "
            "digits or the source's, keep the names in Latin script and translate the term as the glossary "
            "does",
        ),
        (
            "Each of 8 GPUs holds 2 shards.",
            "ہر GPU شارڈز رکھتا ہے۔",
            "the explanation of question q lost 2, 8 in ur: write the numbers in ur's digits or the source's",
        ),
    ],
)
def test_explanation_lost_content_names_the_question_the_locale_and_what_to_do(
    source: str, translation: str, expected: str
) -> None:
    entry = CatalogEntry(msgid=source, msgstr=translation, context="quiz.questions.q.explanation")
    assert [message for code, message in findings(entry) if code == "explanation-lost-content"] == [expected]


def test_latin_tokens_lost_are_said_in_the_plural() -> None:
    entry = CatalogEntry(msgid="B divided by W", msgstr="تقسیم", context="quiz.questions.q.options.a")
    assert [message for code, message in findings(entry) if code == "latin-tokens"] == [
        "B, W from the source are missing in ur: keep them in Latin script"
    ]
