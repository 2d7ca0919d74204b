"""What checks compare between a source and its translation: numbers, Latin tokens, brackets, code."""

from __future__ import annotations

import re
from collections import Counter

from toolkit.text.numbers import NumberValue, written_number_pattern, written_number_value
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


def prose(text: str) -> str:
    """The text with each inline code span replaced by one neutral mark (U+FFFC)."""
    return "".join(CODE_MARK if is_code else piece for piece, is_code in split_inline_code(text))


def numbers(text: str, locale: str) -> Counter[NumberValue]:
    """The numbers in the text outside inline code, as values read with ``locale``'s separators and in
    any script's digits (``0,5`` in French is 0.5; ``۲۵۶`` is 256)."""
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
    the reading closer to the source counts: ``1,024`` kept in an Urdu text is 1024, not 1 and 24."""
    wanted = numbers(source, source_locale)
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


# A TeX formula: $$…$$, or $…$ whose opening $ has a non-space after it and whose closing $ has a
# non-space before it and no digit after it (pandoc's rule), so "$5 and $10" is no formula.
_FORMULA = re.compile(r"\$\$(?:[^$]|\$(?!\$))+?\$\$|\$(?=[^\s$])(?:[^$\\]|\\.)+?(?<=\S)\$(?!\d)")


def formulas(text: str) -> list[str]:
    """The TeX formulas of ``text`` outside inline code, in order, dollar signs included."""
    return _FORMULA.findall(prose(text))


def _written_numbers(text: str, locale: str) -> list[tuple[NumberValue, str]]:
    # The positions are the prose's, so a number after a code span is found where it is.
    plain = prose(text)
    return [
        (written_number_value(match.group(0), locale), match.group(0))
        for match in written_number_pattern(locale).finditer(plain)
        if not _inside_word(plain, match)
    ]


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
