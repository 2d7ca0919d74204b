"""Urdu text normalization: the safe fixes of docs/urdu-style.md, and warnings where a fix would be a guess.

Shared by ``quizkit check --fix`` and ``quizkit import``. Fixes apply only inside Urdu text: inline
code in backticks, Latin words, URLs and numbers are left alone. Each change is reported with its
position, so callers can tell people exactly what changed.

Off-the-shelf normalizers map every U+0647 to ہ and so corrupt بھی, تھا and چوتھی; this one fixes ه
only at a word end (where it is always ہ, except in a few listed words ending in ھ) and asks a person
about every other ه.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from toolkit.text.characters import BIDI_FORMATTING, BIDI_MARKS
from toolkit.text.protected_spans import protected_mask

ARABIC_KAF = "\u0643"
ARABIC_YEH = "\u064a"
ALEF_MAKSURA = "\u0649"
ARABIC_HEH = "\u0647"
HEH_GOAL = "\u06c1"
HEH_DOACHASHMEE = "\u06be"
FARSI_YEH = "\u06cc"
KEHEH = "\u06a9"
TATWEEL = "\u0640"
ZWNJ = "\u200c"
URDU_FULL_STOP = "\u06d4"
BIDI_CONTROLS = BIDI_MARKS | BIDI_FORMATTING

# Tatweel (U+0640) sits in the letter block but is a stretching mark, not a letter.
_ARABIC_LETTER = re.compile(r"[\u0620-\u063f\u0641-\u064a\u066e-\u06d3\u06d5\u06ee\u06ef\u06fa-\u06fc\u06ff]")
_ARABIC_MARK = re.compile(r"[\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]")
# Letters that do not join to the following letter: a ZWNJ after them does nothing.
_NON_JOINING = frozenset(
    "\u0627\u0622\u0623\u0625\u062f\u0630\u0631\u0632\u0698\u0648\u0624\u0688\u0691\u06c3\u06d2\u06d3\u0671"
)
# Words that end in ھ (aspirated), where a final ه must become ھ rather than ہ.
_FINAL_DOACHASHMEE = {
    "کچه": "کچھ",
    "مجه": "مجھ",
    "تجه": "تجھ",
    "سمجه": "سمجھ",
    "بوجه": "بوجھ",
    "ساته": "ساتھ",
    "هاته": "ہاتھ",
    "بهوک": "بھوک",
}
# Common words with a medial ه, and their right spelling: the suggestion offered for them.
_KNOWN_MEDIAL = {
    "بهت": "بہت",
    "بهی": "بھی",
    "تها": "تھا",
    "تهی": "تھی",
    "تهے": "تھے",
    "پهر": "پھر",
    "کهیں": "کہیں",
    "کهتے": "کہتے",
    "کها": "کہا",
    "رهے": "رہے",
    "رها": "رہا",
    "رهی": "رہی",
    "انهوں": "انہوں",
    "جنهوں": "جنہوں",
    "چوتهی": "چوتھی",
    "دیکهیں": "دیکھیں",
    "رکهتا": "رکھتا",
    "رکهتے": "رکھتے",
    "سکهانا": "سکھانا",
    "هے": "ہے",
    "هیں": "ہیں",
    "هو": "ہو",
    "هوتا": "ہوتا",
    "هوتی": "ہوتی",
    "هوتے": "ہوتے",
    "هم": "ہم",
    "هر": "ہر",
    "یهاں": "یہاں",
    "وهاں": "وہاں",
    "پهلے": "پہلے",
    "نهیں": "نہیں",
}
# Consonants that take the aspirate ھ after them; used to order the two suggestions for an unknown word.
_ASPIRABLE = frozenset("بپتٹجچدڈکگرڑلمن")


@dataclass(frozen=True)
class Change:
    """One safe fix applied: what, where (character offset in the original text), before and after."""

    rule: str
    offset: int
    before: str
    after: str


@dataclass(frozen=True)
class Doubt:
    """Something a person must decide, with the suggested spellings."""

    rule: str
    offset: int
    text: str
    suggestions: tuple[str, ...]
    message: str


@dataclass(frozen=True)
class Normalization:
    text: str
    changes: tuple[Change, ...]
    doubts: tuple[Doubt, ...]


def is_arabic_letter(character: str) -> bool:
    return bool(_ARABIC_LETTER.match(character))


def has_urdu(text: str) -> bool:
    return _ARABIC_LETTER.search(text) is not None


class _Editor:
    """Applies replacements to a list of characters, recording each against the original offsets."""

    def __init__(self, text: str, disabled: frozenset[str] = frozenset()) -> None:
        self.disabled = disabled
        self.characters = list(text)
        self.original_offsets = list(range(len(text)))
        self.changes: list[Change] = []
        self.protected = protected_mask(text)

    def text(self) -> str:
        return "".join(self.characters)

    def replace(self, index: int, replacement: str, rule: str) -> None:
        if rule in self.disabled:
            return
        before = self.characters[index]
        self.changes.append(Change(rule, self.original_offsets[index], before, replacement))
        self.characters[index] = replacement

    def delete(self, index: int, rule: str) -> None:
        self.replace(index, "", rule)

    def replace_within(self, index: int, offset: int, replacement: str, rule: str) -> None:
        """Replace one character of a slot that an earlier fix may have made longer than one."""
        content = self.characters[index]
        self.replace(index, content[:offset] + replacement + content[offset + 1 :], rule)

    def letter_before(self, index: int, skip: str = "") -> str:
        return self._first_letter(range(index - 1, -1, -1), skip)

    def letter_after(self, index: int, skip: str = "") -> str:
        return self._first_letter(range(index + 1, len(self.characters)), skip)

    def _first_letter(self, positions: range, skip: str) -> str:
        """The first character at ``positions`` that is not removed, a mark or in ``skip``; "" for none."""
        for position in positions:
            character = self.characters[position]
            if character and not _ARABIC_MARK.match(character) and character not in skip:
                return character
        return ""


def _word_at(text: str, index: int) -> tuple[int, int]:
    start = index
    while start > 0 and (is_arabic_letter(text[start - 1]) or _ARABIC_MARK.match(text[start - 1])):
        start -= 1
    end = index + 1
    while end < len(text) and (
        is_arabic_letter(text[end]) or _ARABIC_MARK.match(text[end]) or text[end] == ZWNJ
    ):
        end += 1
    return start, end


@functools.lru_cache(maxsize=4096)
def normalize_urdu(text: str, disabled: frozenset[str] = frozenset()) -> Normalization:
    """Apply every safe fix (except the ``disabled`` rules); report doubtful spots as :class:`Doubt`.

    One fix can make another possible (removing a control character leaves a tatweel next to a
    letter), so passes repeat until nothing changes; offsets of later passes refer to the text as the
    earlier passes left it. Several checks ask about the same translation, hence the (immutable,
    pure) result is cached.
    """
    result = _normalize_once(text, disabled)
    if result.text == text:
        # The passes are deterministic: another one over the same text would find the same things.
        return result
    changes = list(result.changes)
    for _ in range(4):
        again = _normalize_once(result.text, disabled)
        if again.text == result.text:
            break
        changes.extend(again.changes)
        result = again
    return Normalization(result.text, tuple(changes), result.doubts)


# Every character the letter fixes below act on: text without any of them skips that loop.
_LETTER_FIX_TRIGGERS = re.compile("[\ufb50-\ufdff\ufe70-\ufefc\u0643\u064a\u0649\u06c0\u0660-\u0669\u0654]")


def _normalize_once(text: str, disabled: frozenset[str]) -> Normalization:
    doubts: list[Doubt] = []
    changes: list[Change] = []
    nfc = unicodedata.normalize("NFC", text)
    if nfc != text and "nfc" not in disabled:
        changes.append(Change("nfc", 0, text, nfc))
        text = nfc
    editor = _Editor(text, disabled)
    characters = editor.characters
    letters_to_fix = list(characters) if _LETTER_FIX_TRIGGERS.search(text) else []
    for index, character in enumerate(letters_to_fix):
        if editor.protected[index]:
            continue
        code = ord(character)
        if 0xFB50 <= code <= 0xFDFF or 0xFE70 <= code <= 0xFEFC:
            editor.replace(index, unicodedata.normalize("NFKC", character), "presentation-form")
        elif character == ARABIC_KAF:
            editor.replace(index, KEHEH, "arabic-kaf")
        elif character in (ARABIC_YEH, ALEF_MAKSURA):
            editor.replace(index, FARSI_YEH, "arabic-yeh")
        elif character == "\u06c0":
            editor.replace(index, "\u06c2", "heh-yeh")
        elif 0x0660 <= code <= 0x0669:
            editor.replace(index, chr(code - 0x0660 + 0x06F0), "arabic-indic-digit")
        elif character == "\u0654" and index > 0 and characters[index - 1] == FARSI_YEH:
            editor.replace(index - 1, "\u0626", "yeh-hamza")
            editor.delete(index, "yeh-hamza")
    # Heh needs the corrected neighbours, so it runs after the letter fixes. A fix may have grown a slot
    # (a ligature such as ﷲ is four letters) or emptied one (yeh and hamza joined): positions in the
    # corrected text are mapped back to their slot and their place in it.
    current = editor.text()
    has_heh = ARABIC_HEH in current
    places = (
        [(slot, offset) for slot, content in enumerate(editor.characters) for offset in range(len(content))]
        if has_heh
        else []
    )
    for index, character in enumerate(current if has_heh else ""):
        slot, offset = places[index]
        if character != ARABIC_HEH or editor.protected[slot]:
            continue
        start, end = _word_at(current, index)
        word = current[start:end]
        following = current[index + 1] if index + 1 < len(current) else ""
        at_word_end = not (following and (is_arabic_letter(following) or _ARABIC_MARK.match(following)))
        if at_word_end:
            replacement = _FINAL_DOACHASHMEE.get(word)
            editor.replace_within(slot, offset, HEH_DOACHASHMEE if replacement else HEH_GOAL, "final-heh")
            continue
        known = _KNOWN_MEDIAL.get(word.replace(ZWNJ, ""))
        before = current[index - 1] if index > 0 else ""
        goal = word[: index - start] + HEH_GOAL + word[index - start + 1 :]
        aspirate = word[: index - start] + HEH_DOACHASHMEE + word[index - start + 1 :]
        if known:
            suggestions: tuple[str, ...] = (known,)
        elif before in _ASPIRABLE:
            suggestions = (aspirate, goal)
        else:
            suggestions = (goal, aspirate)
        doubts.append(
            Doubt(
                "ambiguous-heh",
                editor.original_offsets[slot],
                word,
                suggestions,
                f"'{word}' has an Arabic heh (U+0647) inside a word: write ہ (as in بہت) or ھ (as in بھی); "
                f"suggested: {' or '.join(suggestions)}",
            )
        )
    _fix_punctuation_and_spacing(editor)
    changes.extend(editor.changes)
    result = editor.text()
    # Removing a tatweel or a control can bring a letter and its mark together: compose them too.
    composed = unicodedata.normalize("NFC", result)
    if composed != result and "nfc" not in disabled:
        changes.append(Change("nfc", 0, result, composed))
        result = composed
    return Normalization(result, tuple(changes), tuple(doubts))


_LATIN_TO_URDU = {".": URDU_FULL_STOP, "?": "\u061f", ",": "\u060c", ";": "\u061b"}


# What the fixes below act on: Latin sentence marks, tatweel, ZWNJ and bidi controls; a space that is
# doubled, leading, trailing or before Urdu punctuation; a full stop with something after it.
_SPACING_TRIGGERS = re.compile(
    "[.?,;\u0640\u200c\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]| {2}|^ | $| [\u06d4\u060c\u061f\u061b]|\u06d4\\S"
)


def _fix_punctuation_and_spacing(editor: _Editor) -> None:
    if not editor.changes and not _SPACING_TRIGGERS.search(editor.text()):
        return  # nothing here for any of the rules below (most translations)
    characters = editor.characters
    length = len(characters)
    urdu_text = has_urdu(editor.text())
    for index in range(length):
        character = characters[index]
        if editor.protected[index] or not character:
            continue
        if character in _LATIN_TO_URDU:
            before = editor.letter_before(index)
            after = editor.letter_after(index)
            next_character = characters[index + 1] if index + 1 < length else ""
            is_ellipsis = character == "." and ("." in (before, after))
            # In Urdu text a mark ending a clause is Urdu punctuation, also after a Latin name, code,
            # a number or a bracket (`NCCL.`, `256.`, `(...)?`); numbers and URLs are protected.
            ends_clause = urdu_text and before not in ("", " ") and next_character in ("", " ", "\n")
            if not is_ellipsis and (is_arabic_letter(before) or ends_clause):
                editor.replace(index, _LATIN_TO_URDU[character], "urdu-punctuation")
        elif character == TATWEEL:
            # A run of tatweels goes as a whole, so a second pass finds nothing left to do.
            before, after = editor.letter_before(index, TATWEEL), editor.letter_after(index, TATWEEL)
            if is_arabic_letter(before) or is_arabic_letter(after):
                editor.delete(index, "tatweel")
        elif character in BIDI_CONTROLS:
            editor.delete(index, "bidi-control")
        elif character == ZWNJ:
            before_character = characters[index - 1] if index > 0 else ""
            after_character = characters[index + 1] if index + 1 < length else ""
            useless = (
                not before_character
                or not after_character
                or not is_arabic_letter(before_character)
                or not is_arabic_letter(after_character)
                or after_character == ZWNJ
                or before_character in _NON_JOINING
            )
            if useless:
                editor.delete(index, "zero-width")
    # Spacing: no space before Urdu punctuation, a space after a full stop glued to a word, single spaces.
    text = editor.text()
    for index, character in enumerate(characters):
        if not character or editor.protected[index]:
            continue
        if character == " ":
            next_visible = _next_nonempty(characters, index)
            previous_visible = _previous_nonempty(characters, index)
            if next_visible in ("\u06d4", "\u060c", "\u061f", "\u061b") and is_arabic_letter(
                previous_visible
            ):
                editor.delete(index, "space-before-punctuation")
            elif next_visible == " " or next_visible == "" or previous_visible == "":
                editor.delete(index, "whitespace")
        elif character == URDU_FULL_STOP:
            following = _next_nonempty(characters, index)
            if following and (is_arabic_letter(following) or following.isalnum()):
                editor.replace(index, URDU_FULL_STOP + " ", "glued-sentence")
    del text


def _next_nonempty(characters: list[str], index: int) -> str:
    for position in range(index + 1, len(characters)):
        if characters[position]:
            return characters[position][0]
    return ""


def _previous_nonempty(characters: list[str], index: int) -> str:
    for position in range(index - 1, -1, -1):
        if characters[position]:
            return characters[position][-1]
    return ""
