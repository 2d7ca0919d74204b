"""The Arabic pack: Arabic code points, Arabic punctuation, one digit system per text.

Arabic is written with the Arabic letters ي (U+064A) and ك (U+0643), the very ones the Urdu pack
replaces: this pack serves ``ar`` only, so neither pack's rules reach the other's catalogs. What a
reviewer of Arabic expects, as checks:

- ``ar-code-points`` (error, fixable): the Persian/Urdu kaf ک and heh forms ہ ھ written for ك and
  ه, and Persian/Urdu digits ۰–۹ written for the Arabic-Indic ٠–٩ (the same numbers, other glyphs for
  4, 5 and 6), as ``--fix`` replaces them; text not in Unicode NFC.
- ``ar-letters`` (error): letters Arabic does not have and that have no one right replacement
  (Persian/Urdu yeh ی is ي or, at a word's end, ى; yeh barree ے, ٹ ڈ ڑ ں).
- ``ar-punctuation`` (error, fixable): Latin ? , ; ending or separating Arabic clauses: ؟ ، ؛.
- ``ar-bidi-controls`` (warning, fixable): bidi controls stored in a translation.
- ``ar-mixed-digits`` (warning): numbers of one text in two digit systems. Latin digits and the
  Arabic-Indic ones are both correct Arabic; CLDR gives each locale's usual system (``ar``: Latin,
  ``ar_EG``, ``ar_SA``: Arabic-Indic).
"""

from __future__ import annotations

from toolkit.locales.script_checks import (
    ARABIC_SCRIPT_END_PUNCTUATION,
    ARABIC_SCRIPT_LETTER,
    ARABIC_SCRIPT_PUNCTUATION,
    arabic_script_punctuation_check,
    bidi_controls_check,
    code_points_check,
    foreign_letters_check,
    mixed_digits_check,
    normalizer,
)
from toolkit.text.locale_packs import LocalePack
from toolkit.text.script_fixes import BIDI, DIGITS, LETTERS, NFC, PUNCTUATION, ScriptFixes

FIXES = ScriptFixes(
    is_letter=ARABIC_SCRIPT_LETTER,
    letters={"\u06a9": "\u0643", "\u06c1": "\u0647", "\u06be": "\u0647"},
    digits={chr(0x06F0 + digit): chr(0x0660 + digit) for digit in range(10)},
    punctuation=ARABIC_SCRIPT_PUNCTUATION,
)

arabic_code_points = code_points_check(
    "ar-code-points",
    "Persian/Urdu kaf, heh or digits where Arabic has its own; text not in NFC.",
    "Persian/Urdu code points where Arabic has its own",
    FIXES,
)
arabic_letters = foreign_letters_check(
    "ar-letters",
    "Persian/Urdu letters Arabic does not have (ی ے ٹ ڈ ڑ ں).",
    "an Arabic",
    {
        "\u06cc": "write ي (U+064A), or ى (U+0649) where the word ends in alef maksura",
        "\u06d2": "write ي (U+064A)",
        "\u0679": "write ت (U+062A)",
        "\u0688": "write د (U+062F)",
        "\u0691": "write ر (U+0631)",
        "\u06ba": "write ن (U+0646)",
    },
)
arabic_punctuation = arabic_script_punctuation_check("ar-punctuation", "Arabic", FIXES)
arabic_bidi_controls = bidi_controls_check("ar-bidi-controls", "an Arabic translation", FIXES)
arabic_mixed_digits = mixed_digits_check(
    "ar-mixed-digits", "Latin and Arabic-Indic digits mixed in one Arabic translation."
)

ARABIC = LocalePack(
    name="arabic",
    locales=("ar",),
    summary="Arabic: Arabic letters and digits, Arabic comma, semicolon and question mark.",
    checks=(
        arabic_code_points,
        arabic_letters,
        arabic_punctuation,
        arabic_bidi_controls,
        arabic_mixed_digits,
    ),
    normalizer=normalizer(FIXES),
    fix_rules={
        LETTERS: "ar-code-points",
        DIGITS: "ar-code-points",
        NFC: "ar-code-points",
        PUNCTUATION: "ar-punctuation",
        BIDI: "ar-bidi-controls",
    },
    digits=None,
    end_punctuation=ARABIC_SCRIPT_END_PUNCTUATION,
    latin_punctuation_check="ar-punctuation",
    # لا, ليس and its forms, لم and لن, alone or after the conjunctions و and ف, which Arabic writes
    # joined to the next word. Not ما: in a statement it is far more often "what, that which" (ما تبقى)
    # than the negation of a past verb, which Modern Standard Arabic writes with لم.
    negation_words=frozenset(
        {
            f"{conjunction}{word}"
            for conjunction in ("", "و", "ف")
            for word in (
                "لا",
                "ليس",
                "ليست",
                "ليسا",
                "ليستا",
                "ليسوا",
                "لست",
                "لسنا",
                "لستم",
                "لم",
                "لن",
            )
        }
    ),
    # غير (un-, non-, and "other than": غير عادي, "unusual"), عديم ("-less") and مستحيل ("impossible")
    # negate one word, not the statement.
    negating_affixes=frozenset(
        {
            f"{conjunction}{word}"
            for conjunction in ("", "و", "ف")
            for word in ("غير", "عديم", "عديمة", "مستحيل", "مستحيلة", "المستحيل")
        }
    ),
    # ما لم ("unless, until"), ¬ … إلا ("none but": "only"), لا سيما ("especially"), لا بد ("must"),
    # لا يزال and its forms ("still"), ليس فقط ("not only").
    negation_constructions=(
        "ما لم",
        "¬ … إلا",
        "لا سيما",
        "ولا سيما",
        "لا بد",
        "لا يزال",
        "لا تزال",
        "لا يزالون",
        "لا زال",
        "ليس فقط",
    ),
    glossary_genders=("masculine", "feminine"),
)
