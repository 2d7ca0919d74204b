"""Check builders the locale packs share: a fixable check per group of safe fixes (the Urdu normalizer's,
or :mod:`toolkit.text.script_fixes`'), letters that have no safe fix, and digits of two systems mixed;
and the Arabic script's letters and punctuation, which the Arabic and Persian packs both write."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import CheckFunction, Finding, check
from toolkit.checks.text_features import digit_systems
from toolkit.diagnostics import Severity
from toolkit.text.locale_packs import Normalizer
from toolkit.text.protected_spans import protected_mask
from toolkit.text.script_fixes import (
    BIDI,
    DIGITS,
    LETTERS,
    NFC,
    PUNCTUATION,
    ScriptFixes,
    apply_script_fixes,
    describe,
    in_ranges,
)
from toolkit.text.urdu_normalizer import Change, Normalization

_SHOWN = 3

ARABIC_SCRIPT_LETTER = in_ranges((0x0620, 0x063F), (0x0641, 0x064A), (0x066E, 0x06D3), (0x06D5, 0x06D5))
"""The letters of the Arabic script, for :attr:`ScriptFixes.is_letter` of the packs that write it."""
ARABIC_SCRIPT_PUNCTUATION = {"?": "\u061f", ",": "\u060c", ";": "\u061b"}
"""Latin ? , ; and the Arabic script's own ؟ ، ؛, which Arabic and Persian clauses take."""
ARABIC_SCRIPT_END_PUNCTUATION = {"?": "\u061f", ".": ".", "!": "!", ":": ":", ";": "\u061b"}
"""A source's end mark and the one an Arabic or Persian translation ends with (the full stop is Latin)."""
BIDI_CONTROLS_MESSAGE = "bidi control characters stored in the translation (isolate when rendering instead)"


def normalizer(fixes: ScriptFixes) -> Normalizer:
    def normalize(text: str, disabled: frozenset[str]) -> str:
        return apply_script_fixes(fixes, text, disabled).text

    return normalize


def normalization_check(
    check_id: str,
    severity: Severity,
    summary: str,
    message: str,
    normalize: Callable[[str], Normalization],
    rules: frozenset[str],
    describe_change: Callable[[Change], str],
) -> CheckFunction:
    """A fixable check reporting the changes ``normalize`` (what ``--fix`` applies) makes by ``rules``,
    one finding per translated form, each change worded by ``describe_change``."""

    def run(context: EntryContext) -> Iterator[Finding]:
        for pair in context.translated_pairs:
            changes = [change for change in normalize(pair.translation).changes if change.rule in rules]
            if changes:
                details = "; ".join(describe_change(change) for change in changes[:_SHOWN])
                more = f" (and {len(changes) - _SHOWN} more)" if len(changes) > _SHOWN else ""
                yield Finding(check_id, f"{message}: {details}{more}")

    return check(check_id, severity, summary, fixable=True)(run)


def fix_check(
    check_id: str, severity: Severity, summary: str, message: str, fixes: ScriptFixes, rules: frozenset[str]
) -> CheckFunction:
    """A check reporting what ``--fix`` would change by the script fixes ``rules``."""

    def normalize(text: str) -> Normalization:
        return apply_script_fixes(fixes, text)

    return normalization_check(check_id, severity, summary, message, normalize, rules, describe)


def code_points_check(check_id: str, summary: str, message: str, fixes: ScriptFixes) -> CheckFunction:
    """An error for another language's letters and digits where this one has its own, and for text not
    in NFC: what ``--fix`` replaces by ``fixes``."""
    return fix_check(check_id, Severity.ERROR, summary, message, fixes, frozenset({LETTERS, DIGITS, NFC}))


def arabic_script_punctuation_check(check_id: str, language: str, fixes: ScriptFixes) -> CheckFunction:
    """An error for Latin ? , ; where ``language`` (``Arabic``, ``Persian``) writes ؟ ، ؛."""
    return fix_check(
        check_id,
        Severity.ERROR,
        f"Latin ? , ; ending or separating {language} clauses (use ؟ ، ؛).",
        f"Latin punctuation in {language} text",
        fixes,
        frozenset({PUNCTUATION}),
    )


def bidi_controls_check(check_id: str, translation: str, fixes: ScriptFixes) -> CheckFunction:
    """A warning for bidi controls stored in ``translation`` (``an Arabic translation``)."""
    return fix_check(
        check_id,
        Severity.WARNING,
        f"LRM, RLM, ALM, embeddings, overrides or isolates inside {translation}.",
        BIDI_CONTROLS_MESSAGE,
        fixes,
        frozenset({BIDI}),
    )


def foreign_letters_check(
    check_id: str, summary: str, language: str, letters: Mapping[str, str]
) -> CheckFunction:
    """An error for each letter of another language that has no one safe replacement; ``letters`` maps
    it to the advice (which letters to choose between)."""

    def run(context: EntryContext) -> Iterator[Finding]:
        for pair in context.translated_pairs:
            text = pair.translation
            protected = protected_mask(text)
            found = [
                (index, character)
                for index, character in enumerate(text)
                if character in letters and not protected[index]
            ]
            for index, character in found[:_SHOWN]:
                yield Finding(
                    check_id,
                    f"U+{ord(character):04X} {character!r} at character {index + 1} is not {language} letter; "
                    f"{letters[character]}",
                )

    return check(check_id, Severity.ERROR, summary)(run)


_SYSTEM_NAMES = {
    "latn": "Latin digits",
    "arab": "Arabic-Indic digits (٠–٩)",
    "arabext": "Persian digits (۰–۹)",
    "deva": "Devanagari digits (०–९)",
}


def mixed_digits_check(check_id: str, summary: str) -> CheckFunction:
    """A warning where one translation writes numbers in two digit systems."""

    def run(context: EntryContext) -> Iterator[Finding]:
        for pair in context.translated_pairs:
            systems = digit_systems(pair.translation)
            if len(systems) > 1:
                policy = _SYSTEM_NAMES.get(context.rules.digits, context.rules.digits)
                yield Finding(
                    check_id,
                    f"digits of two systems in one string; write every number in one ({context.rules.locale} "
                    f"uses {policy} by default)",
                )

    return check(check_id, Severity.WARNING, summary)(run)
