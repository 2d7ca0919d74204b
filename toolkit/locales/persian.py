"""The Persian pack: Persian yeh and kaf, Persian punctuation and digits, the zero-width non-joiner.

Persian writes ی (U+06CC) and ک (U+06A9), never the Arabic ي ك ى; its digits are ۰–۹ (U+06F0…),
whose 4, 5 and 6 differ from the Arabic-Indic ٤ ٥ ٦. Unlike Urdu house style, Persian needs the
zero-width non-joiner (ZWNJ, U+200C) inside words: the verb prefix می‌, the plural ‌ها, the
comparative ‌تر. This pack keeps every ZWNJ that separates two joining letters, removes the ones that do
nothing, and points out the usual places where a space was typed instead. Checks:

- ``fa-code-points`` (error, fixable): Arabic yeh, alef maksura and kaf, Arabic-Indic digits,
  text not in NFC.
- ``fa-letters`` (error): Urdu letters Persian does not have (ے ٹ ڈ ڑ ں ہ ھ).
- ``fa-punctuation`` (error, fixable): Latin ? , ; in Persian clauses: ؟ ، ؛.
- ``fa-zwnj`` (warning, fixable for the stray ones): a ZWNJ at a word's edge, doubled or after a
  letter that does not join; and (not fixed: a person decides) a space where می/نمی or ها needs one.
- ``fa-bidi-controls`` (warning, fixable), ``fa-mixed-digits`` (warning).

Digits: Latin and Persian digits are both in use; a project writes its catalogs in one of them, and
``fa-mixed-digits`` keeps each text to one. Arabic-Indic digits are always replaced by Persian.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import Finding, check
from toolkit.diagnostics import Severity
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
from toolkit.text.script_fixes import (
    BIDI,
    DIGITS,
    LETTERS,
    NFC,
    PUNCTUATION,
    ZERO_WIDTH,
    ScriptFixes,
    apply_script_fixes,
    describe,
)

FIXES = ScriptFixes(
    is_letter=ARABIC_SCRIPT_LETTER,
    letters={"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9"},
    digits={chr(0x0660 + digit): chr(0x06F0 + digit) for digit in range(10)},
    punctuation=ARABIC_SCRIPT_PUNCTUATION,
    non_joining=frozenset("اآأإٱدذرزژوؤةۀ"),
)

persian_code_points = code_points_check(
    "fa-code-points",
    "Arabic yeh, alef maksura, kaf or Arabic-Indic digits where Persian has its own; text not in NFC.",
    "Arabic code points where Persian has its own",
    FIXES,
)
persian_letters = foreign_letters_check(
    "fa-letters",
    "Urdu letters Persian does not have (ے ٹ ڈ ڑ ں ہ ھ).",
    "a Persian",
    {
        "\u06d2": "write ی (U+06CC)",
        "\u0679": "write ت (U+062A)",
        "\u0688": "write د (U+062F)",
        "\u0691": "write ر (U+0631)",
        "\u06ba": "write ن (U+0646)",
        "\u06c1": "write ه (U+0647)",
        "\u06be": "write ه (U+0647)",
    },
)
persian_punctuation = arabic_script_punctuation_check("fa-punctuation", "Persian", FIXES)
persian_bidi_controls = bidi_controls_check("fa-bidi-controls", "a Persian translation", FIXES)
persian_mixed_digits = mixed_digits_check(
    "fa-mixed-digits", "Latin and Persian digits mixed in one Persian translation."
)

# A space typed where the ZWNJ belongs: after the verb prefixes می and نمی, before the plural ها/های.
_SPACED_PREFIX = re.compile(r"(?<![\u0620-\u06d3])(ن?می) (?=[\u0620-\u06d3])")
_SPACED_PLURAL = re.compile(r"(?<=[\u0620-\u06d3]) (های?)(?![\u0620-\u06d3])")


@check(
    "fa-zwnj",
    Severity.WARNING,
    "A zero-width non-joiner that does nothing, or a space where می/نمی or ها needs one.",
    fixable=True,
)
def persian_zwnj(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        text = pair.translation
        stray = [change for change in apply_script_fixes(FIXES, text).changes if change.rule == ZERO_WIDTH]
        if stray:
            details = "; ".join(describe(change) for change in stray[:3])
            yield Finding("fa-zwnj", f"zero-width non-joiner that joins nothing: {details}")
        spaces = [(match.end(1), match.group(1)) for match in _SPACED_PREFIX.finditer(text)]
        spaces += [(match.start(), match.group(1)) for match in _SPACED_PLURAL.finditer(text)]
        for index, word in sorted(spaces):
            yield Finding(
                "fa-zwnj",
                f"a space at character {index + 1} beside {word!r}: Persian joins it with a zero-width "
                "non-joiner (U+200C), not a space",
            )


PERSIAN = LocalePack(
    name="persian",
    locales=("fa",),
    summary="Persian: Persian yeh and kaf, Persian punctuation and digits, ZWNJ inside words.",
    checks=(
        persian_code_points,
        persian_letters,
        persian_punctuation,
        persian_zwnj,
        persian_bidi_controls,
        persian_mixed_digits,
    ),
    normalizer=normalizer(FIXES),
    fix_rules={
        LETTERS: "fa-code-points",
        DIGITS: "fa-code-points",
        NFC: "fa-code-points",
        PUNCTUATION: "fa-punctuation",
        ZERO_WIDTH: "fa-zwnj",
        BIDI: "fa-bidi-controls",
    },
    end_punctuation=ARABIC_SCRIPT_END_PUNCTUATION,
    latin_punctuation_check="fa-punctuation",
    # Persian has no grammatical gender: a glossary term records none.
    # نه and نیست as words; a verb is negated by the prefix ن (نمی‌کند, ندارد), but many words begin with
    # ن (نتیجه, نسخه, نشان), so only نمی and the negated forms of the common verbs count as prefixes.
    negation_words=frozenset(
        {
            "نه",
            "نیست-",
            "نمی-",
            "نبود-",
            "نباش-",
            "نکرد-",
            "نکن-",
            "ندار-",
            "نداشت-",
            "نشد-",
            "نشود",
            "نشوند",
            "نخواه-",
            "نتوان-",
            "نداد-",
            "ندهد",
            "ندهند",
            "نگیر-",
            "نگرفت-",
            # Past and subjunctive of آمدن and رسیدن (فرود نیامدند, "did not land"): a general rule for ن-
            # before a verb would also read نوشتند (wrote) and نمودند (did), so the common ones are listed.
            "نیامد-",
            "نیاید",
            "نیایند",
            "نرسید-",
            "نرسد",
            "نرسند",
        }
    ),
    # غیر (غیرعادی, "unusual") and نا- (نامرئی, "invisible") negate one word, not the statement.
    negating_affixes=frozenset({"غیر", "غیر-", "نا-"}),
    # "Until" is تا وقتی/زمانی … ن- ("as long as… not"); نه تنها/نه فقط … بلکه is "not only… but also".
    negation_constructions=("تا وقتی … ¬", "تا زمانی … ¬", "تا هنگامی … ¬", "نه تنها", "نه فقط"),
    glossary_genders=(),
)
