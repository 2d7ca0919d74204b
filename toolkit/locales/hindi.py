"""The Hindi pack: the danda, nukta letters in one form, one digit system per text; no Urdu rules.

Hindi is written left to right in Devanagari. A sentence ends with the danda । (U+0964), not a Latin
full stop; ? and ! are Hindi punctuation as they are. The nukta letters (क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़) have
a one-code-point form (U+0958…U+095F) that Unicode normalization (NFC) always decomposes into letter
plus nukta (U+093C): the two look the same and compare different, so the one-code-point form goes.
Checks:

- ``hi-danda`` (error, fixable): a Latin full stop ending a Hindi sentence.
- ``hi-nukta`` (warning, fixable): a one-code-point nukta letter, or other text not in NFC.
- ``hi-mixed-digits`` (warning): Latin and Devanagari digits (०–९) in one text. Both are correct
  Hindi; CLDR's usual system for ``hi`` is Latin.
"""

from __future__ import annotations

from toolkit.diagnostics import Severity
from toolkit.locales.script_checks import fix_check, mixed_digits_check, normalizer
from toolkit.text.locale_packs import LocalePack
from toolkit.text.script_fixes import NFC, PUNCTUATION, ScriptFixes, in_ranges

DANDA = "\u0964"

FIXES = ScriptFixes(
    is_letter=in_ranges((0x0900, 0x0963), (0x0971, 0x097F)),
    punctuation={".": DANDA},
)

hindi_danda = fix_check(
    "hi-danda",
    Severity.ERROR,
    "A Latin full stop ending a Hindi sentence (use the danda ।).",
    "Latin full stop ending a Hindi sentence",
    FIXES,
    frozenset({PUNCTUATION}),
)
hindi_nukta = fix_check(
    "hi-nukta",
    Severity.WARNING,
    "One-code-point nukta letters (U+0958–U+095F) or other text not in Unicode NFC.",
    "a nukta letter in its one-code-point form, which NFC decomposes",
    FIXES,
    frozenset({NFC}),
)
hindi_mixed_digits = mixed_digits_check(
    "hi-mixed-digits", "Latin and Devanagari digits mixed in one Hindi translation."
)

HINDI = LocalePack(
    name="hindi",
    locales=("hi",),
    summary="Hindi: the danda, nukta letters decomposed, one digit system per text.",
    checks=(hindi_danda, hindi_nukta, hindi_mixed_digits),
    normalizer=normalizer(FIXES),
    fix_rules={PUNCTUATION: "hi-danda", NFC: "hi-nukta"},
    end_punctuation={"?": "?", ".": DANDA, "!": "!", ":": ":", ";": ";"},
    latin_punctuation_check="hi-danda",
    # नहीं (not), न (not, nor), मत (do not), as whole words.
    negation_words=frozenset({"नहीं", "न", "मत"}),
    # ग़ैर (non-) and the common adjectives negated by अ-/अन- (असंभव, "impossible"): listed, since
    # अ also begins अच्छा, अब and अगर.
    negating_affixes=frozenset(
        {
            "ग़ैर",
            "गैर",
            "ग़ैर-",
            "गैर-",
            "नामुमकिन",
            "असंभव",
            "असम्भव",
            "अदृश्य",
            "असामान्य",
            "अज्ञात",
            "असत्य",
            "अनुचित",
            "अपूर्ण",
            "असमर्थ",
            "अनिश्चित",
            "असफल",
            "अशुद्ध",
            "अस्थिर",
            "अनावश्यक",
            "अनियमित",
        }
    ),
    # "Until" is जब तक … न ("as long as… not"); न केवल/न सिर्फ़ … बल्कि is "not only… but also".
    negation_constructions=("जब तक … ¬", "न केवल", "न सिर्फ़", "न सिर्फ"),
    glossary_genders=("masculine", "feminine"),
)
