"""Check builders the Arabic, Persian and Hindi packs share: a fixable check per group of safe fixes
(:mod:`toolkit.text.script_fixes`), letters that have no safe fix, and digits of two systems mixed."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import CheckFunction, Finding, check
from toolkit.checks.text_features import digit_systems
from toolkit.diagnostics import Severity
from toolkit.text.locale_packs import Normalizer
from toolkit.text.protected_spans import protected_spans
from toolkit.text.script_fixes import ScriptFixes, apply_script_fixes, describe

_SHOWN = 3


def normalizer(fixes: ScriptFixes) -> Normalizer:
    def normalize(text: str, disabled: frozenset[str]) -> str:
        return apply_script_fixes(fixes, text, disabled).text

    return normalize


def fix_check(
    check_id: str, severity: Severity, summary: str, message: str, fixes: ScriptFixes, rules: frozenset[str]
) -> CheckFunction:
    """A check reporting what ``--fix`` would change by ``rules``, one finding per translated form."""

    def run(context: EntryContext) -> Iterator[Finding]:
        for pair in context.translated_pairs:
            changes = [
                change
                for change in apply_script_fixes(fixes, pair.translation).changes
                if change.rule in rules
            ]
            if changes:
                details = "; ".join(describe(change) for change in changes[:_SHOWN])
                more = f" (and {len(changes) - _SHOWN} more)" if len(changes) > _SHOWN else ""
                yield Finding(check_id, f"{message}: {details}{more}")

    return check(check_id, severity, summary, fixable=True)(run)


def foreign_letters_check(
    check_id: str, summary: str, language: str, letters: Mapping[str, str]
) -> CheckFunction:
    """An error for each letter of another language that has no one safe replacement; ``letters`` maps
    it to the advice (which letters to choose between)."""

    def run(context: EntryContext) -> Iterator[Finding]:
        for pair in context.translated_pairs:
            text = pair.translation
            protected = {index for start, end in protected_spans(text) for index in range(start, end)}
            found = [
                (index, character)
                for index, character in enumerate(text)
                if character in letters and index not in protected
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
