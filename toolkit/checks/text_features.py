"""What checks compare between a source and its translation: numbers, Latin tokens, brackets, code."""

from __future__ import annotations

import functools
import re
from collections import Counter
from decimal import Decimal

from toolkit.text.formulas import formulas_outside_code
from toolkit.text.numbers import ENGLISH_UNITS, NumberValue, written_number_pattern, written_number_value
from toolkit.text.tokens import split_inline_code

# Acronyms (GPU, GPUs, FP16), CamelCase names (PyTorch), and single capitals used as variables (B, W).
# A token ends where Latin letters end: Persian writes its plural suffix straight after a Latin name
# (GPUها), and the name is still there.
_LATIN_TOKEN = re.compile(
    r"(?<![\w`])(?:[A-Z][A-Z0-9]+s?|[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+|[A-Z])(?![A-Za-z0-9_`])"
)
_PLURAL_ACRONYM = re.compile(r"[A-Z][A-Z0-9]+s")
_BRACKETS = {"(": ")", "[": "]", "{": "}", "«": "»", "“": "”", "‘": "’"}


CODE_MARK = "\ufffc"


@functools.lru_cache(maxsize=1 << 16)
def prose(text: str) -> str:
    """The text with each inline code span replaced by one neutral mark (U+FFFC)."""
    return "".join(CODE_MARK if is_code else piece for piece, is_code in split_inline_code(text))


def numbers(text: str, locale: str) -> Counter[NumberValue]:
    """The numbers in the text outside inline code, as values read with ``locale``'s separators and in
    any script's digits (``0,5`` in French is 0.5; ``۲۵۶`` is 256), with their sign: ``-40``, ``−40``,
    Arabic ``٤٠-`` and ``minus 40``/``منفی ۴۰`` are -40."""
    return Counter(value for value, _ in _written_numbers(text, locale))


def lost_numbers(source: str, source_locale: str, translation: str, locale: str) -> list[str]:
    """The source's numbers the translation does not keep, as the source writes them, sorted.

    The translation may write a number the target locale's way (``0,5`` in French for ``0.5``) or keep
    it as the source writes it (a version, ``3.11``): either keeps it."""
    kept = numbers(translation, locale) | numbers(translation, source_locale)
    written = dict(reversed(_written_numbers(source, source_locale)))
    lost = numbers(source, source_locale) - kept
    return sorted(written[value] for value in lost)


def added_numbers(source: str, source_locale: str, translation: str, locale: str) -> list[str]:
    """The translation's numbers the source does not have, as the translation writes them, sorted.

    The translation is read both ways, with the target locale's separators and with the source's, and
    the reading closer to the source counts: ``1,024`` kept in an Urdu text is 1024, not 1 and 24. A
    number an English source spells out ("twice", "a dozen", "the nineteenth century") is the source's:
    the translation may write it in digits (``2 گنا``, ``12``, ``19ویں صدی``)."""
    wanted = numbers(source, source_locale)
    if source_locale.split("_")[0].split("-")[0] == "en":
        wanted = wanted | spelled_numbers(source)
    readings = [locale, source_locale] if locale != source_locale else [locale]
    best: list[str] | None = None
    for reading in readings:
        written = _written_numbers(translation, reading)
        extra = Counter(value for value, _ in written) - wanted
        shown = dict(reversed(written))
        found = sorted(shown[value] for value in extra)
        if best is None or len(found) < len(best):
            best = found
    return best or []


_TENS = {"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
_ORDINALS = [
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
]
_MULTIPLIERS = {"hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000}
# English words that say a number: the translation may write them as digits. "half" and "quarter" are
# also written as a percentage (50 %, 25 %); "twice" and "double" as "2 گنا", "2 बार".
_NUMBER_WORDS: dict[str, tuple[Decimal, ...]] = {
    **{word: (Decimal(value),) for value, word in enumerate(ENGLISH_UNITS)},
    **{word: (Decimal(value),) for word, value in _TENS.items()},
    **{word: (Decimal(value),) for value, word in enumerate(_ORDINALS)},
    **{f"{word[:-1]}ieth": (Decimal(value),) for word, value in _TENS.items()},
    **{word: (Decimal(value),) for word, value in _MULTIPLIERS.items()},
    "hundredth": (Decimal(100),),
    "thousandth": (Decimal(1000),),
    "dozen": (Decimal(12),),
    "dozens": (Decimal(12),),
    "twice": (Decimal(2),),
    "double": (Decimal(2),),
    "thrice": (Decimal(3),),
    "triple": (Decimal(3),),
    "half": (Decimal("0.5"), Decimal(50)),
    "quarter": (Decimal("0.25"), Decimal(25)),
}


def spelled_numbers(text: str) -> Counter[NumberValue]:
    """The numbers an English ``text`` spells out, each word's value and a compound's too ("twenty-five"
    is 20, 5 and 25; "two hundred" 2, 100 and 200; "a dozen" 12): what a translation may write in digits."""
    found: Counter[NumberValue] = Counter()
    previous: Decimal | None = None
    for word in re.findall(r"[a-z]+", prose(text).casefold()):
        values = _NUMBER_WORDS.get(word)
        if values is None:
            previous = None
            continue
        found.update(values)
        value = values[0]
        if previous is not None:
            if word in _MULTIPLIERS:
                found[previous * value] += 1
            elif previous >= 20 and previous % 10 == 0 and value < 10:
                found[previous + value] += 1
        previous = value
    return found


def formulas(text: str) -> list[str]:
    """The TeX formulas of ``text`` outside inline code and code blocks, in order, dollar signs included
    (pandoc's rule, :mod:`toolkit.text.formulas`: "$5 and $10" is no formula)."""
    return [formula.written for formula in formulas_outside_code(text)]


# Each text is read by the numbers, answer-key and explanation checks, with two locales' separators.
@functools.lru_cache(maxsize=1 << 16)
def _written_numbers(text: str, locale: str) -> tuple[tuple[NumberValue, str], ...]:
    # The positions are the prose's, so a number after a code span is found where it is.
    plain = prose(text)
    found: list[tuple[NumberValue, str]] = []
    for match in written_number_pattern(locale).finditer(plain):
        if _inside_word(plain, match):
            continue
        value = written_number_value(match.group(0), locale)
        sign = _sign(plain, match)
        if sign and isinstance(value, Decimal):
            found.append((-value, f"{sign}{match.group(0)}" if sign != " " else f"-{match.group(0)}"))
        else:
            found.append((value, match.group(0)))
    return tuple(found)


# A minus sign as typed: the hyphen-minus, Unicode's minus (U+2212), the dashes and full-width forms.
_MINUS_SIGNS = frozenset({"-", "\u2212", "\u2012", "\u2013", "\ufe63", "\uff0d"})
# Bidirectional marks a locale writes around a sign (CLDR's Arabic minus is ALM + "-"): invisible.
_BIDI_MARKS = frozenset({"\u200e", "\u200f", "\u061c"})
# The word for "minus" before a number, as the packs' languages and English write it (منفی ۴۰ for −40).
_MINUS_WORDS = frozenset({"minus", "negative", "منفی", "منهای", "منفي", "سالب", "مائنس", "ऋण", "माइनस"})
_LAST_WORD = re.compile(r"(\w+)\s*$")


def _sign(text: str, match: re.Match[str]) -> str:
    """The minus sign of the number ``match`` found, as written ("-", "−"), " " for a minus word; empty
    for a number without one. A dash between two numbers or after a letter (5-3, x-1) is no sign."""
    start = match.start()
    while start > 0 and text[start - 1] in _BIDI_MARKS:
        start -= 1
    if start > 0 and text[start - 1] in _MINUS_SIGNS:
        before = text[: start - 1].rstrip("".join(_BIDI_MARKS))
        if not before or not before[-1].isalnum():
            return text[start - 1]
    end = match.end()
    # Arabic-script text may keep the sign after the digits in logical order (٤٠- درجة for −40).
    if (
        end < len(text)
        and text[end] in _MINUS_SIGNS
        and not any("0" <= character <= "9" for character in match.group(0))
        and not text[end + 1 : end + 2].isalnum()
    ):
        return text[end]
    word = _LAST_WORD.search(text[:start])
    if word and word.group(1).casefold() in _MINUS_WORDS:
        return " "
    return ""


def _inside_word(text: str, match: re.Match[str]) -> bool:
    # Digits inside a Latin token (FP16, 8-GPU is fine) belong to the token, not to the prose.
    start = match.start()
    return start > 0 and text[start - 1].isascii() and text[start - 1].isalpha()


_LATIN_WORD_WITH_DIGITS = re.compile(r"[A-Za-z][A-Za-z0-9]*[0-9][A-Za-z0-9]*")


def digit_systems(text: str) -> set[str]:
    """Digit systems used in the prose; digits inside Latin names (FP16) do not count."""
    systems = set()
    for character in _LATIN_WORD_WITH_DIGITS.sub("", prose(text)):
        if "0" <= character <= "9":
            systems.add("latn")
        elif "\u06f0" <= character <= "\u06f9":
            systems.add("arabext")
        elif "\u0660" <= character <= "\u0669":
            systems.add("arab")
        elif "\u0966" <= character <= "\u096f":
            systems.add("deva")
    return systems


def latin_tokens(text: str) -> Counter[str]:
    """Acronyms, CamelCase names and single-capital variables outside inline code."""
    found = Counter(_LATIN_TOKEN.findall(prose(text)))
    # A capital A or I opening an English sentence is a word, not a variable.
    for word in ("A", "I"):
        found.pop(word, None)
    return found


def lost_latin_tokens(source: str, translation: str) -> list[str]:
    """The source's Latin tokens the translation does not keep, sorted, as the source spells them.

    An acronym's English plural counts as the acronym: a language says the plural its own way around
    it (Arabic وحدات GPU, Persian GPUها, Hindi सभी GPU), so "GPUs" is kept by "GPU" and "GPU" by "GPUs"."""
    source_tokens = latin_tokens(source)
    lost_names = _folded(source_tokens) - _folded(latin_tokens(translation))
    return sorted(token for token in source_tokens if _stem(token) in lost_names)


def _stem(token: str) -> str:
    return token[:-1] if _PLURAL_ACRONYM.fullmatch(token) else token


def _folded(tokens: Counter[str]) -> Counter[str]:
    folded: Counter[str] = Counter()
    for token, count in tokens.items():
        folded[_stem(token)] += count
    return folded


def unbalanced_brackets(text: str) -> list[str]:
    """Brackets and quotes without a partner, in the order found."""
    stack: list[str] = []
    problems: list[str] = []
    closers = {closer: opener for opener, closer in _BRACKETS.items()}
    for character in prose(text):
        if character in _BRACKETS:
            stack.append(character)
        elif character in closers:
            if stack and stack[-1] == closers[character]:
                stack.pop()
            else:
                problems.append(character)
    problems.extend(stack)
    if prose(text).count('"') % 2:
        problems.append('"')
    return problems
