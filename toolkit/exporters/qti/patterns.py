"""Regular expressions that make a QTI engine accept what the reference grader accepts.

QTI response processing cannot transform a response (no trimming, no case folding, no digit
conversion), but ``qti-pattern-match`` tests it against a regular expression, in the dialect of XML
Schema (Appendix F of XML Schema part 2: the whole string must match; no anchors, no ``\\u`` escapes,
no flags). The patterns here are written in the intersection of that dialect and JavaScript's (which
browser engines use), so that both read them alike: every literal that is not a letter or digit is
inside a character class (``[$]``; ``$`` is an anchor in JavaScript and an invalid escape in XML
Schema), and characters outside the Basic Multilingual Plane never go into a class (JavaScript without
the ``u`` flag splits them into surrogates).

A typed answer (:func:`answer_patterns`) matches what :func:`toolkit.localization.grading.normalize_answer`
maps to the accepted answer: any run of white space where the answer has a space, white space around it,
each letter in either case unless the answer is case-sensitive, and for Urdu the Arabic code points the
normalizer turns into Urdu ones (yeh, kaf, heh goal at a word end, heh with yeh, Arabic-Indic digits,
presentation forms) and tatweel after a letter. A number (:func:`number_pattern`) matches every decimal
numeral, in any decimal digits of the Basic Multilingual Plane and the locale's separators, whose value
is within the tolerance of the answer, as :func:`toolkit.text.numbers.parse_number` reads it.

What the library accepts and these patterns do not (a QTI engine grades it wrong): bidi control
characters in the response (QTI patterns cannot name them without writing them into the item, which
keeps none), a zero-width non-joiner, Latin punctuation the Urdu normalizer turns into Urdu punctuation,
letters whose case folding is several letters (``ß`` against ``SS``), numbers in exponent notation
(``2.56e2``), with Indian grouping (``1,00,000``), with the separators of the other convention that
the library reads where the locale's do not (``99.6`` on a German page), and digits outside the Basic
Multilingual Plane. Every such response is graded right by the library and wrong by QTI, never the other way round.

A number's pattern lists digit ranges place by place, so it grows with the digits from the first place
to the last that the answer and tolerance write (``0.000001`` to ``1000000`` is thirteen places) and
with how many of them the tolerance spans: :data:`MAX_NUMBER_PLACES` and :data:`MAX_PATTERN_LENGTH`
bound it. :func:`number_pattern_problem` says in words which number goes past them, from the number
alone (the length is measured with the widest separators any locale writes), so a number is refused in
every locale or in none; :func:`number_pattern` raises :class:`NumberPatternError` with those words.

Each pattern comes with a guard, a second pattern the response must not match. For a conforming engine
(whole-string matching) the guard never matches a response the pattern accepts. Engines that search
for the pattern instead (``@citolab/qti-components`` calls ``RegExp.test``) would otherwise accept any
response that contains an accepted one; with the guard they accept exactly the same responses for typed
answers (a substantive character next to the answer is what such a response has), and reject numbers
with any character that is not part of a number. A number with extra digits or signs around an
accepted one (``1256`` for ``256``) is still accepted by a searching engine: no guard can tell those
apart without anchors.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from toolkit.errors import QuizkitError
from toolkit.localization.grading import applies_urdu_normalizer
from toolkit.text.numbers import number_symbols

# The white space str.split() splits on, less what XML cannot carry in an attribute (C0 controls)
# and with tab, line feed and carriage return as escapes (an attribute value turns them into spaces).
_SPACES = "\\t\\n\\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
SPACE = f"[{_SPACES}]"
TATWEEL = "\u0640"
# Characters that XML Schema or JavaScript treat specially inside a class, escaped the same in both.
_CLASS_ESCAPES = {"\\": "\\\\", "-": "\\-", "[": "\\[", "]": "\\]", "^": "\\^"}
_MINUS_SIGNS = "-\u2212\u2012\u2013\ufe63\uff0d"
_ARABIC_DECIMAL = "\u066b"
_ARABIC_GROUP = "\u066c"
# The spaces a locale that groups digits with a space also accepts as its group separator.
_SPACE_GROUPS = " \u00a0\u202f\u2009"

# The Urdu normalizer's letter fixes (toolkit.text.urdu_normalizer), from the Urdu letter back to what it accepts.
_URDU_VARIANTS = {
    "\u06cc": "\u064a\u0649",  # Farsi yeh: Arabic yeh, alef maksura
    "\u06a9": "\u0643",  # keheh: Arabic kaf
    "\u06c2": "\u06c0",  # heh goal with hamza: heh with yeh
}
_HEH_GOAL = "\u06c1"
_ARABIC_HEH = "\u0647"


MAX_NUMBER_PLACES = 12
"""The most places, from the first digit of the largest bound to the last fraction digit either bound
writes, that a number's pattern lists (a quiz answer rarely needs more than six)."""
MAX_PATTERN_LENGTH = 256 * 1024
"""The longest pattern of a number, in characters, with the widest separators (a locale that groups
digits with spaces): past it an item grows to megabytes (the digit classes name every script's digits at
every place)."""


class NumberPatternError(QuizkitError, ValueError):
    """A number and tolerance whose pattern would be too large; the message says why, in words."""


@dataclass(frozen=True)
class Pattern:
    """A response is accepted when it matches ``accept`` and does not match ``guard``."""

    accept: str
    guard: str


def _in_class(character: str) -> str:
    return _CLASS_ESCAPES.get(character, character)


def _one_of(characters: Iterable[str]) -> str:
    unique = sorted(set(characters))
    if len(unique) == 1 and (unique[0].isalnum() or ord(unique[0]) > 0xFFFF):
        return unique[0]
    if any(ord(character) > 0xFFFF for character in unique):
        return "(" + "|".join(_literal(character) for character in unique) + ")"
    return "[" + "".join(_in_class(character) for character in unique) + "]"


def _literal(character: str) -> str:
    if character.isalnum() or ord(character) > 0xFFFF:
        return character
    return f"[{_in_class(character)}]"


@functools.cache
def _presentation_forms() -> dict[str, str]:
    """Each Arabic letter with its presentation forms (the normalizer maps them back with NFKC)."""
    forms: dict[str, str] = {}
    for code in (*range(0xFB50, 0xFE00), *range(0xFE70, 0xFEFD)):
        character = chr(code)
        letter = unicodedata.normalize("NFKC", character)
        if len(letter) == 1 and letter != character:
            forms[letter] = forms.get(letter, "") + character
    return forms


def _is_arabic_letter(character: str) -> bool:
    return "\u0620" <= character <= "\u06ff" and unicodedata.category(character) == "Lo"


def _urdu_variants(word: str, index: int) -> str:
    character = word[index]
    variants = character + _URDU_VARIANTS.get(character, "")
    following = word[index + 1] if index + 1 < len(word) else ""
    if character == _HEH_GOAL and not _is_arabic_letter(following):
        variants += _ARABIC_HEH  # the normalizer fixes heh only at a word end
    if "\u06f0" <= character <= "\u06f9":
        variants += chr(ord(character) - 0x06F0 + 0x0660)
    forms = "".join(_presentation_forms().get(variant, "") for variant in variants)
    return variants + forms


def _case_variants(character: str) -> str:
    variants = {character}
    for changed in (character.lower(), character.upper(), character.casefold(), character.title()):
        if len(changed) == 1:
            variants.add(changed)
    return "".join(variants)


def _word_pattern(word: str, urdu: bool, case_sensitive: bool) -> str:
    # The normalizer drops a tatweel next to a letter: before a word's first letter and after any.
    parts = [f"{TATWEEL}*"] if urdu and _is_arabic_letter(word[0]) else []
    for index, character in enumerate(word):
        variants = character if case_sensitive else _case_variants(character)
        if urdu:
            variants += _urdu_variants(word, index)
        parts.append(_one_of(variants))
        if urdu and _is_arabic_letter(character):
            parts.append(f"{TATWEEL}*")
    return "".join(parts)


def _answer_core(answer: str, urdu: bool, case_sensitive: bool) -> str:
    words = unicodedata.normalize("NFC", answer).split()
    return f"{SPACE}+".join(_word_pattern(word, urdu, case_sensitive) for word in words)


def answer_patterns(accepted: Sequence[str], locale: str, case_sensitive: bool) -> Pattern:
    """One pattern for all of an answer's accepted texts in ``locale``."""
    urdu = applies_urdu_normalizer(locale)
    cores = [_answer_core(text, urdu, case_sensitive) for text in accepted if text.split()]
    core = "(" + "|".join(cores) + ")"
    # A character that is neither space nor (in Urdu) tatweel, next to the answer: present in every response a
    # searching engine would wrongly accept, absent from every response a whole-string match accepts.
    other = f"[^{_SPACES}{TATWEEL}]" if urdu else f"[^{_SPACES}]"
    return Pattern(f"{SPACE}*{core}{SPACE}*", f"{other}{SPACE}*{core}|{core}{SPACE}*{other}")


# --- numbers ----------------------------------------------------------------------------------------


@functools.cache
def _digit_blocks() -> tuple[int, ...]:
    """The code point of the zero of every run of decimal digits zero to nine in the BMP."""
    return tuple(
        code
        for code in range(0x10000)
        if unicodedata.decimal(chr(code), None) == 0
        and all(unicodedata.decimal(chr(code + value), None) == value for value in range(10))
    )


def _digits(low: int, high: int) -> str:
    """A class of every decimal digit from ``low`` to ``high``, in every script."""
    ranges = []
    for zero in _digit_blocks():
        first, last = chr(zero + low), chr(zero + high)
        ranges.append(first if low == high else f"{first}-{last}")
    return "[" + "".join(ranges) + "]"


def _same_width(low: str, high: str) -> list[list[tuple[int, int]]]:
    """Digit ranges, position by position, for the integers from ``low`` to ``high`` (equal width)."""
    first, last = int(low[0]), int(high[0])
    if len(low) == 1:
        return [[(first, last)]]
    if first == last:
        return [[(first, first), *rest] for rest in _same_width(low[1:], high[1:])]
    width = len(low) - 1
    sequences = [[(first, first), *rest] for rest in _same_width(low[1:], "9" * width)]
    if first + 1 <= last - 1:
        sequences.append([(first + 1, last - 1), *[(0, 9)] * width])
    sequences += [[(last, last), *rest] for rest in _same_width("0" * width, high[1:])]
    return sequences


def _integer_ranges(low: int, high: int) -> list[list[tuple[int, int]]]:
    """The integers from ``low`` to ``high`` as digit sequences without leading zeros."""
    sequences: list[list[tuple[int, int]]] = []
    for width in range(len(str(low)), len(str(high)) + 1):
        start = max(low, 10 ** (width - 1) if width > 1 else 0)
        end = min(high, 10**width - 1)
        if start <= end:
            sequences += _same_width(str(start), str(end))
    return sequences


@dataclass(frozen=True)
class _Symbols:
    zero: str
    digit: str
    decimal: str
    group: str
    space: str


def _numeral(sequence: list[tuple[int, int]], places: int, symbols: _Symbols, tail: str) -> str:
    """A numeral whose digits are ``sequence`` with the last ``places`` after the decimal separator."""
    digits = [_digits(low, high) for low, high in sequence]
    if len(digits) <= places:
        whole: list[str] = []
        fraction = [_digits(0, 0)] * (places - len(digits)) + digits
    else:
        whole, fraction = digits[: len(digits) - places], digits[len(digits) - places :]
    if sequence[: len(whole)] == [(0, 0)] and (places or tail):
        whole = []  # a zero before the separator is optional: ".5" is 0.5
    # A group separator only where it groups (parse_number): before each three digits of the whole part.
    grouped = "".join(
        (f"{symbols.group}?" if index and (len(whole) - index) % 3 == 0 else "") + digit
        for index, digit in enumerate(whole)
    )
    integer = f"{symbols.zero}*{grouped}"
    if places == 0 and not tail:
        return f"{integer}({symbols.decimal})?"
    if places == 0:
        return f"{integer}{symbols.decimal}{tail}"
    return f"{integer}{symbols.decimal}{''.join(fraction)}{tail}"


def _places(number: Decimal) -> int:
    exponent = number.as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


class _TooLongError(QuizkitError):
    """The alternatives went past their budget of characters."""


def _bounded(alternatives: list[str], budget: list[int] | None) -> None:
    if budget is None:
        return
    budget[0] -= sum(len(alternative) + 1 for alternative in alternatives)
    if budget[0] < 0:
        raise _TooLongError


def _non_negative(low: Decimal, high: Decimal, symbols: _Symbols, budget: list[int] | None) -> list[str]:
    """Numerals (no sign) whose value is from ``low`` to ``high``, both at least 0."""
    places = max(_places(low.normalize()), _places(high.normalize()))
    alternatives: list[str] = []
    for written in range(places + 1):
        scale = Decimal(10) ** written
        start, end = math.ceil(low * scale), math.floor(high * scale)
        if start <= end:
            written_alternatives = [
                _numeral(sequence, written, symbols, "") for sequence in _integer_ranges(start, end)
            ]
            _bounded(written_alternatives, budget)
            alternatives += written_alternatives
    # More fraction digits than the bounds have: the first ``places`` decide, then any digits below
    # the upper bound, zeros only at it.
    scale = Decimal(10) ** places
    lowest, highest = int(low * scale), int(high * scale)
    if lowest <= highest - 1:
        for sequence in _integer_ranges(lowest, highest - 1):
            alternatives.append(_numeral(sequence, places, symbols, f"{symbols.digit}+"))
    for sequence in _integer_ranges(highest, highest):
        alternatives.append(_numeral(sequence, places, symbols, f"{symbols.zero}+"))
    _bounded(alternatives, budget)
    return alternatives


def _number_places(low: Decimal, high: Decimal) -> int:
    """The places from the first digit of the larger bound to the last fraction digit of either,
    from the exponents alone (``1e5000`` is never written out)."""
    largest = max(abs(low), abs(high))
    whole = max(largest.adjusted() + 1, 1) if largest else 1
    return whole + max(_places(low.normalize()), _places(high.normalize()))


def _symbols(locale: str) -> _Symbols:
    separators = number_symbols(locale)
    group = separators.group + _ARABIC_GROUP
    spaces_group = separators.group.strip() == "" or separators.group in _SPACE_GROUPS
    return _Symbols(
        zero=_digits(0, 0),
        digit=_digits(0, 9),
        decimal=_one_of(separators.decimal + _ARABIC_DECIMAL),
        group=_one_of(group + (_SPACE_GROUPS if spaces_group else "")),
        space=SPACE,
    )


@functools.cache
def _widest_symbols() -> _Symbols:
    """Separators at least as long as any locale's, to measure a pattern by the number alone."""
    return replace(
        _symbols("en"),
        decimal=_one_of("." + _ARABIC_DECIMAL),
        group=_one_of(_SPACE_GROUPS + _ARABIC_GROUP),
    )


def _numerals(low: Decimal, high: Decimal, symbols: _Symbols, budget: list[int] | None) -> list[str]:
    """Every numeral from ``low`` to ``high``, signed: one alternative each."""
    alternatives: list[str] = []
    if high >= 0:
        alternatives += [
            f"[+]?{numeral}" for numeral in _non_negative(max(low, Decimal(0)), high, symbols, budget)
        ]
    if low <= 0:
        minus = _one_of(_MINUS_SIGNS)
        alternatives += [
            f"{minus}{numeral}" for numeral in _non_negative(max(-high, Decimal(0)), -low, symbols, budget)
        ]
    return alternatives


def number_pattern_problem(answer: Decimal, tolerance: Decimal) -> str | None:
    """Why no pattern of :data:`MAX_NUMBER_PLACES` places and :data:`MAX_PATTERN_LENGTH` characters can
    grade ``answer`` within ``tolerance``, in words, or None. The same in every locale."""
    if not (answer.is_finite() and tolerance.is_finite()):
        return "only a finite number can be graded"
    return _size_problem(answer, tolerance)


@functools.lru_cache(maxsize=1024)
def _size_problem(answer: Decimal, tolerance: Decimal) -> str | None:
    # Cached: the export asks once per question and locale before the item is built, which asks again.
    low, high = answer - tolerance, answer + tolerance
    places = _number_places(low, high)
    if places > MAX_NUMBER_PLACES:
        return (
            f"the numbers it accepts are written with {places} digits, from the first of the largest to "
            "the last the answer or the tolerance writes, and a QTI pattern lists at most "
            f"{MAX_NUMBER_PLACES}; round the answer or the tolerance to fewer digits"
        )
    try:
        _numerals(low, high, _widest_symbols(), [MAX_PATTERN_LENGTH])
    except _TooLongError:
        return (
            f"the numbers it accepts need a pattern of more than {MAX_PATTERN_LENGTH // 1024} KB "
            "(the tolerance spans too many digits); round the answer or the tolerance to fewer digits"
        )
    return None


def number_pattern(answer: Decimal, tolerance: Decimal, locale: str) -> Pattern:
    """Every numeral within ``tolerance`` of ``answer``, as a learner in ``locale`` may type it.

    Raises :class:`NumberPatternError` for a number and tolerance past :data:`MAX_NUMBER_PLACES` or
    :data:`MAX_PATTERN_LENGTH` (:func:`number_pattern_problem` says it without raising)."""
    problem = number_pattern_problem(answer, tolerance)
    if problem is not None:
        raise NumberPatternError(problem)
    low, high = answer - tolerance, answer + tolerance
    separators = number_symbols(locale)
    group = separators.group + _ARABIC_GROUP
    alternatives = _numerals(low, high, _symbols(locale), None)
    # A sign the interval has no numbers for is as foreign as a letter ("-256" for 256).
    signs = ("+" if high >= 0 else "") + (_MINUS_SIGNS if low <= 0 else "")
    number_characters = (
        "".join(f"{chr(zero)}-{chr(zero + 9)}" for zero in _digit_blocks())
        + "".join(
            _in_class(character) for character in sorted(set(separators.decimal + _ARABIC_DECIMAL + group))
        )
        + "".join(_in_class(character) for character in signs)
        + _SPACES
    )
    return Pattern(f"{SPACE}*({'|'.join(alternatives)}){SPACE}*", f"[^{number_characters}]")
