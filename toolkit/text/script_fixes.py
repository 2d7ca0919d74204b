"""Safe code-point fixes for a script's house style: wrong letters and digits, Latin sentence marks.

A locale pack describes its fixes as data (:class:`ScriptFixes`); :func:`apply_script_fixes` applies
them outside inline code, URLs and numbers with separators, recording every change against the
original text, so a check can report exactly what ``--fix`` would change. The Urdu pack has its own,
richer normalizer (:mod:`toolkit.text.urdu_normalizer`); this one serves the packs whose fixes are one-for-one
replacements (Arabic, Persian, Hindi).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from toolkit.text.protected_spans import protected_mask
from toolkit.text.urdu_normalizer import BIDI_CONTROLS, ZWNJ, Change, Normalization

LETTERS = "letters"
DIGITS = "digits"
PUNCTUATION = "punctuation"
NFC = "nfc"
BIDI = "bidi-control"
ZERO_WIDTH = "zwnj"


@dataclass(frozen=True)
class ScriptFixes:
    """One script's safe fixes. Each group is one rule, named by the constants above."""

    is_letter: Callable[[str], bool]
    """Whether a character is a letter of the script: Latin marks are replaced only in its text."""
    letters: Mapping[str, str] = field(default_factory=dict)
    """A code point the language does not write, and the one it writes instead (rule ``letters``)."""
    digits: Mapping[str, str] = field(default_factory=dict)
    """A digit of another system and the same digit in the language's own (rule ``digits``)."""
    punctuation: Mapping[str, str] = field(default_factory=dict)
    """A Latin mark and the script's own, used where the mark follows a letter of the script or ends a
    clause of the script's text (rule ``punctuation``)."""
    non_joining: frozenset[str] | None = None
    """For a script whose words need the zero-width non-joiner (Persian ``می‌خواهم``): its letters that
    never join the next one. A ZWNJ at a word's edge, doubled, or after such a letter does nothing and
    goes (rule ``zwnj``); None leaves every ZWNJ alone."""


def apply_script_fixes(
    fixes: ScriptFixes, text: str, disabled: frozenset[str] = frozenset()
) -> Normalization:
    """``text`` with every rule not in ``disabled`` applied, and each change made."""
    changes: list[Change] = []
    if NFC not in disabled and not unicodedata.is_normalized("NFC", text):
        # Offsets below refer to the composed text; the change records the whole text, as NFC is global.
        composed = unicodedata.normalize("NFC", text)
        changes.append(Change(NFC, 0, text, composed))
        text = composed
    protected = protected_mask(text)
    script_text = any(fixes.is_letter(character) for character in text)
    characters = list(text)
    for index, character in enumerate(text):
        if protected[index]:
            continue
        replacement, rule = None, None
        if character in fixes.letters:
            replacement, rule = fixes.letters[character], LETTERS
        elif character in fixes.digits:
            replacement, rule = fixes.digits[character], DIGITS
        elif character in BIDI_CONTROLS:
            replacement, rule = "", BIDI
        elif character == ZWNJ and fixes.non_joining is not None and _stray_joiner(fixes, text, index):
            replacement, rule = "", ZERO_WIDTH
        elif character in fixes.punctuation and _ends_script_clause(fixes, text, index, script_text):
            replacement, rule = fixes.punctuation[character], PUNCTUATION
        if replacement is not None and rule is not None and rule not in disabled:
            changes.append(Change(rule, index, character, replacement))
            characters[index] = replacement
    return Normalization("".join(characters), tuple(changes), ())


def _ends_script_clause(fixes: ScriptFixes, text: str, index: int, script_text: bool) -> bool:
    """A Latin mark right after a letter of the script, or ending a clause of the script's text (after
    a Latin name or a number too: ``NCCL?``); never an ellipsis, and never inside Latin-only text."""
    before = _visible_before(text, index)
    after = text[index + 1] if index + 1 < len(text) else ""
    if text[index] == "." and ("." in (before, after)):
        return False
    if fixes.is_letter(before):
        return True
    return script_text and before not in ("", " ") and after in ("", " ", "\n")


def _stray_joiner(fixes: ScriptFixes, text: str, index: int) -> bool:
    # Of a run of joiners, all but the last go: the last one, between two letters, does the work.
    start = index
    while start > 0 and text[start - 1] == ZWNJ:
        start -= 1
    before = text[start - 1] if start > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    if after == ZWNJ:
        return True
    non_joining = fixes.non_joining or frozenset()
    return not (fixes.is_letter(before) and fixes.is_letter(after)) or before in non_joining


def _visible_before(text: str, index: int) -> str:
    for position in range(index - 1, -1, -1):
        if not unicodedata.category(text[position]).startswith("M"):
            return text[position]
    return ""


def describe(change: Change) -> str:
    """One change as a check reports it: code points and 1-based position."""
    if change.rule == NFC:
        return "composes the text (Unicode NFC)"
    before = f"U+{ord(change.before):04X} {change.before!r}"
    after = "nothing" if not change.after else f"U+{ord(change.after):04X} {change.after!r}"
    return f"{before} at character {change.offset + 1} → {after}"


def in_ranges(*ranges: tuple[int, int]) -> Callable[[str], bool]:
    """A letter test for the code point ranges given (inclusive), for :attr:`ScriptFixes.is_letter`."""
    pattern = re.compile("[" + "".join(f"\\u{low:04x}-\\u{high:04x}" for low, high in ranges) + "]")
    return lambda character: bool(character) and pattern.match(character) is not None
