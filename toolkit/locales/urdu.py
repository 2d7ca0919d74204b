"""The Urdu pack (docs/urdu-style.md): code points, punctuation, digits, bidi controls, spacing, heh.

Most checks are the safe fixes of :mod:`toolkit.text.urdu_normalizer`, reported per kind; ``--fix`` applies them.
Typed answers are compared after the same normalizer, so an Arabic yeh typed for the Urdu one counts.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import CheckFunction, Finding, check
from toolkit.checks.text_features import digit_systems
from toolkit.diagnostics import Severity
from toolkit.locales.script_checks import BIDI_CONTROLS_MESSAGE, normalization_check
from toolkit.text.locale_packs import LocalePack
from toolkit.text.urdu_normalizer import Change, normalize_urdu

# Which check reports each normalization rule.
RULE_CHECKS = {
    "arabic-kaf": "arabic-code-points",
    "arabic-yeh": "arabic-code-points",
    "final-heh": "arabic-code-points",
    "heh-yeh": "arabic-code-points",
    "yeh-hamza": "arabic-code-points",
    "presentation-form": "arabic-code-points",
    "arabic-indic-digit": "arabic-code-points",
    "urdu-punctuation": "latin-punctuation",
    "glued-sentence": "glued-sentence",
    "space-before-punctuation": "urdu-spacing",
    "whitespace": "whitespace",
    "tatweel": "tatweel",
    "zero-width": "zero-width",
    "bidi-control": "bidi-controls",
    "nfc": "non-nfc",
}


@functools.cache
def rules_of(check_id: str) -> frozenset[str]:
    return frozenset(rule for rule, owner in RULE_CHECKS.items() if owner == check_id)


def _describe(change: Change) -> str:
    if change.rule == "nfc":
        first = next(
            (
                index
                for index, (old, new) in enumerate(zip(change.before, change.after, strict=False))
                if old != new
            ),
            min(len(change.before), len(change.after)),
        )
        return f"composes at character {first + 1}"
    before = (
        f"U+{ord(change.before):04X} {change.before!r}" if len(change.before) == 1 else repr(change.before)
    )
    after = (
        "nothing"
        if not change.after
        else (
            f"{change.after!r}" if len(change.after) != 1 else f"U+{ord(change.after):04X} {change.after!r}"
        )
    )
    return f"{before} at character {change.offset + 1} → {after}"


MESSAGES = {
    "arabic-code-points": "Arabic code points where Urdu has its own letters or digits",
    "latin-punctuation": "Latin punctuation ending or separating Urdu clauses",
    "glued-sentence": "۔ glued to the next word (two sentences or interface strings run together?)",
    "urdu-spacing": "space before Urdu punctuation",
    "tatweel": "tatweel (kashida) used for stretching",
    "zero-width": "stray zero-width non-joiner",
    "bidi-controls": BIDI_CONTROLS_MESSAGE,
    "non-nfc": "decomposed characters (the text is not in Unicode NFC)",
}


def _normalization_check(check_id: str, severity: Severity, summary: str) -> CheckFunction:
    """A fixable check reporting the normalizer's changes by the rules ``RULE_CHECKS`` gives ``check_id``."""
    return normalization_check(
        check_id, severity, summary, MESSAGES[check_id], normalize_urdu, rules_of(check_id), _describe
    )


arabic_code_points = _normalization_check(
    "arabic-code-points",
    Severity.ERROR,
    "Arabic kaf, yeh, heh, ۀ, presentation forms or Arabic-Indic digits in Urdu text.",
)
latin_punctuation = _normalization_check(
    "latin-punctuation",
    Severity.ERROR,
    "Latin . ? , ; ending or separating Urdu clauses (use ۔ ؟ ، ؛).",
)
glued_sentence = _normalization_check(
    "glued-sentence", Severity.WARNING, "۔ directly followed by a letter or digit."
)
urdu_spacing = _normalization_check("urdu-spacing", Severity.WARNING, "A space before ۔ ، ؟ or ؛.")
tatweel = _normalization_check("tatweel", Severity.WARNING, "Tatweel (U+0640) between letters.")
zero_width = _normalization_check(
    "zero-width",
    Severity.WARNING,
    "Zero-width non-joiners at word edges, doubled, or after a non-joining letter.",
)
bidi_controls = _normalization_check(
    "bidi-controls",
    Severity.WARNING,
    "LRM, RLM, ALM, embeddings, overrides or isolates inside a translation.",
)
non_nfc = _normalization_check(
    "non-nfc", Severity.WARNING, "Text that is not in Unicode Normalization Form C."
)


@check("mixed-digits", Severity.WARNING, "Latin and Urdu digits mixed in one translation.")
def mixed_digits(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        systems = digit_systems(pair.translation)
        if len(systems) > 1:
            policy = "Latin digits" if context.rules.digits == "latn" else "Urdu digits (۰–۹)"
            yield Finding(
                "mixed-digits", f"digits of two systems in one string; {context.rules.locale} uses {policy}"
            )


@check("ambiguous-heh", Severity.WARNING, "An Arabic heh (U+0647) inside a word: ہ or ھ is a person's call.")
def ambiguous_heh(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        for doubt in normalize_urdu(pair.translation).doubts:
            yield Finding("ambiguous-heh", doubt.message)


# اے on its own is the vocative "O!"; a transliteration that starts with the sound (asynchronous) is
# written as one word (ایسنکرونس), never as اے plus the rest.
_VOCATIVE = re.compile(r"(?<!\S)اے\s+(?=\S)")
# The source's own vocative (O, Oh) is the one place where اے is the translation.
_SOURCE_VOCATIVE = re.compile(r"\b(?:O|Oh)\b")
# ایک واحد: "one" twice, a calque of "a single".
_SINGLE_CALQUE = re.compile(r"(?<!\S)ایک\s+واحد(?!\S)")


@check(
    "urdu-vocative",
    Severity.WARNING,
    'اے standing alone before a word, which reads as the vocative "O!".',
)
def urdu_vocative(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        if _VOCATIVE.search(pair.translation) and not _SOURCE_VOCATIVE.search(pair.source):
            yield Finding(
                "urdu-vocative",
                'اے before a word reads as the vocative "O!"; write a transliteration that starts with this'
                " sound as one word (ایسنکرونس, not اے سنکرونس)",
            )


@check("urdu-single-calque", Severity.WARNING, 'ایک واحد, which says "one" twice (a calque of "a single").')
def urdu_single_calque(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        if _SINGLE_CALQUE.search(pair.translation):
            yield Finding(
                "urdu-single-calque",
                'ایک واحد says "one" twice; write ایک ہی ("one single") or صرف ایک ("only one")',
            )


def _normalized(text: str, disabled: frozenset[str]) -> str:
    return normalize_urdu(text, disabled).text


def _normalized_answer(text: str) -> str:
    return normalize_urdu(text).text


URDU = LocalePack(
    name="urdu",
    locales=("ur",),
    summary="Urdu (Pakistan, India): Urdu letters and digits, Urdu punctuation, isolated Latin runs.",
    checks=(
        arabic_code_points,
        latin_punctuation,
        glued_sentence,
        urdu_spacing,
        tatweel,
        zero_width,
        bidi_controls,
        non_nfc,
        mixed_digits,
        ambiguous_heh,
        urdu_vocative,
        urdu_single_calque,
    ),
    normalizer=_normalized,
    fix_rules=RULE_CHECKS,
    answer_normalizer=_normalized_answer,
    digits="latn",
    # docs/urdu-style.md: Pakistan writes Latin digits; Indian Urdu publishing uses the Urdu ones.
    digits_by_locale={"ur_IN": "arabext"},
    end_punctuation={"?": "\u061f", ".": "\u06d4", "!": "!", ":": ":", ";": "\u061b"},
    latin_punctuation_check="latin-punctuation",
    # نہیں (not), نہ (not, nor), مت (do not: the imperative's negation), as whole words.
    negation_words=frozenset({"نہیں", "نہ", "مت"}),
    # غیر (un-, non-: غیر معمولی, "unusual"; Urdu writes it apart from its word, and غیرت is "honour"),
    # نا- (ناممکن, "impossible") and بے- (بےشمار, "countless") negate one word, not the statement.
    negating_affixes=frozenset({"غیر", "نا-", "بے-"}),
    # "Until" is جب تک … نہ ("as long as… not"): پانی مائع رہتا ہے جب تک وہ نقطۂ جوش تک نہ پہنچ جائے.
    # نہ صرف … بلکہ is "not only… but also".
    negation_constructions=("جب تک … ¬", "نہ صرف"),
    glossary_genders=("masculine", "feminine"),
)
