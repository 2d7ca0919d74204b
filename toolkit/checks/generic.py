"""Checks that apply to any language: completeness, placeholders, code, numbers, names, punctuation."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import Finding, check
from toolkit.checks.text_features import (
    added_numbers,
    formulas,
    latin_tokens,
    lost_latin_tokens,
    lost_numbers,
    prose,
    unbalanced_brackets,
)
from toolkit.diagnostics import Severity
from toolkit.text import characters
from toolkit.text.script_fixes import BIDI as BIDI_FIX
from toolkit.text.tokens import scan

ERROR, WARNING = Severity.ERROR, Severity.WARNING


@check("untranslated", WARNING, "The entry (or one of its plural forms) has no translation.")
def untranslated(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if entry.is_fuzzy and entry.has_translation:
        return
    missing = [pair for pair in context.pairs if not pair.translation]
    if not context.pairs or len(missing) == len(context.pairs):
        yield Finding("untranslated", "not translated yet")
    elif missing:
        forms = ", ".join(f"msgstr[{pair.form}]" for pair in missing)
        yield Finding("untranslated", f"plural form(s) {forms} are empty")


@check("fuzzy", WARNING, "The translation is marked fuzzy: it needs review before it is used.")
def fuzzy(context: EntryContext) -> Iterator[Finding]:
    entry = context.entry
    if entry.is_fuzzy and entry.has_translation:
        previous = f" (source was: {entry.previous_msgid!r})" if entry.previous_msgid is not None else ""
        yield Finding("fuzzy", f"fuzzy translation needs review{previous}")


@check("placeholders", ERROR, "Declared placeholders are missing, extra or renamed in the translation.")
def placeholders(context: EntryContext) -> Iterator[Finding]:
    if not context.declares_placeholders:
        return
    for pair in context.translated_pairs:
        expected = set(scan(pair.source, with_placeholders=True).placeholders)
        found = set(scan(pair.translation, with_placeholders=True).placeholders)
        missing = expected - found
        extra = found - expected
        if pair.may_omit_count:
            missing -= {context.plural_placeholder}
            if not missing and not extra:
                continue
        where = "" if pair.form is None else f" in msgstr[{pair.form}]"
        if missing and extra:
            yield Finding(
                "placeholders",
                f"placeholder {_names(missing)} renamed to {_names(extra)}{where}; placeholders must stay as in the source",
            )
        elif missing:
            yield Finding("placeholders", f"placeholder {_names(missing)} missing{where}")
        elif extra:
            yield Finding("placeholders", f"placeholder {_names(extra)} is not in the source{where}")


def _names(names: set[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(names))


@check(
    "inline-code",
    ERROR,
    "Text in backticks and TeX formulas ($…$, $$…$$) must appear unchanged in the translation.",
)
def inline_code(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        expected = sorted(scan(pair.source, with_placeholders=False).code_spans)
        found = sorted(scan(pair.translation, with_placeholders=False).code_spans)
        if expected != found:
            if pair.translation.count("`") % 2:
                yield Finding("inline-code", "a backtick is not closed in the translation")
                continue
            missing = [span for span in expected if span not in found]
            if missing and "\n" in missing[0]:
                # A fenced block is many lines: name it by its first, as a translator finds it.
                first = missing[0].strip("\n").split("\n", 1)[0]
                yield Finding(
                    "inline-code",
                    f"code block differs from the source: the block that starts `{first}` is missing or changed",
                )
                continue
            detail = (
                f"`{missing[0]}` is missing or changed"
                if missing
                else "the translation adds code not in the source"
            )
            yield Finding("inline-code", f"inline code differs from the source: {detail}")
            continue
        expected_formulas, found_formulas = sorted(formulas(pair.source)), sorted(formulas(pair.translation))
        if expected_formulas != found_formulas:
            missing = [formula for formula in expected_formulas if formula not in found_formulas]
            detail = (
                f"formula {missing[0]} is missing or changed"
                if missing
                else f"the translation adds formula {found_formulas[0]} not in the source"
            )
            yield Finding(
                "inline-code",
                f"{detail}: keep every formula exactly as the source writes it, dollar signs included",
            )


@check(
    "blank-translation",
    ERROR,
    "A translation with no visible character (only spaces, zero-width or format characters): it would "
    "show nothing where the source shows text.",
)
def blank_translation(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        if characters.has_visible_character(pair.translation) or not characters.has_visible_character(
            pair.source
        ):
            continue
        found = characters.invisible_characters(pair.translation)
        spaces = any(character.isspace() for character in pair.translation)
        if not found:
            what = "is only spaces"
        else:
            what = f"has no visible character, only {characters.named_code_points(found)}"
            what += " and spaces" if spaces else ""
        where = "the translation" if pair.form is None else f"msgstr[{pair.form}]"
        yield Finding(
            "blank-translation",
            f"{where} {what}: the page would show nothing in its place; write the translation, or "
            "leave it empty to show the source text",
        )


@check(
    "control-characters",
    ERROR,
    "Control characters other than newline and tab: invisible, and not allowed in XML exports.",
)
def control_characters(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        # The noncharacters too: no more text than a control, and a catalog can hold U+FFFE and U+FFFF.
        text = pair.translation
        found = sorted(characters.control_characters(text) + characters.not_characters(text))
        if found:
            yield Finding(
                "control-characters",
                f"control character {characters.code_points(found)} in the translation; remove it",
            )
    # A translator's comment travels too (as an XLIFF note, into CAT tools), and XML cannot carry one.
    for comment in context.entry.translator_comments:
        found = sorted(characters.control_characters(comment) + characters.not_characters(comment))
        if found:
            yield Finding(
                "control-characters",
                f"control character {characters.code_points(found)} in a translator comment; remove it",
            )


@check(
    "bidi-control",
    ERROR,
    "Bidi embeddings, overrides and isolates (and, unless the locale's pack takes them, LRM, RLM and "
    "ALM) in a translation: invisible, and they can make a text display otherwise than it reads.",
)
def bidi_controls(context: EntryContext) -> Iterator[Finding]:
    # A pack that fixes bidi controls (Urdu, Arabic, Persian) reports the marks its script may need
    # itself; the formatting characters are an error in every locale.
    pack = context.rules.pack
    marks = pack is None or BIDI_FIX not in pack.fix_rules
    for pair in context.translated_pairs:
        found = characters.bidi_controls(pair.translation, marks=marks)
        if found:
            names = ", ".join(
                f"U+{ord(character):04X} ({unicodedata.name(character)})" for character in found
            )
            many = len(found) > 1
            yield Finding(
                "bidi-control",
                f"bidi control{'s' if many else ''} {names} in the translation: {'they' if many else 'it'} "
                "can make the text display otherwise than it reads, and exports isolate right-to-left runs "
                f"themselves; remove {'them' if many else 'it'}",
            )


@check(
    "numbers",
    WARNING,
    "Numbers in the source appear in the translation, as values (any digits, each locale's separators), "
    "and the translation has no number the source does not have.",
)
def numbers_preserved(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        source_locale, locale = context.rules.source_locale, context.rules.locale
        # An explanation's lost numbers are explanation-lost-content's to report, once.
        missing = (
            []
            if context.is_explanation
            else lost_numbers(pair.source, source_locale, pair.translation, locale)
        )
        # A plural form may say its number ("1 سوال" for the form of one): only singular entries.
        added = (
            []
            if pair.form is not None
            else added_numbers(pair.source, source_locale, pair.translation, locale)
        )
        # The locale named, and what to do, as the answer-key checks say it: a report of many locales'
        # catalogs is read one line at a time.
        advice = f"write the source's numbers, in {locale}'s digits or the source's"
        lost = f"from the source is missing in {locale}", f"from the source are missing in {locale}"
        if missing and added:
            yield Finding(
                "numbers",
                f"{_numbers_are(missing, *lost)}, and "
                f"{_numbers_are(added, 'is not in the source', 'are not in the source', named=False)}: {advice}",
            )
        elif missing:
            yield Finding("numbers", f"{_numbers_are(missing, *lost)}: {advice}")
        elif added:
            yield Finding(
                "numbers",
                f"{_numbers_are(added, f'in {locale} is not in the source', f'in {locale} are not in the source')}: "
                f"{advice}",
            )


def _numbers_are(found: list[str], one: str, several: str, *, named: bool = True) -> str:
    """``number 12 is …`` or ``numbers 12, 19 are …``; without the noun after a first list (``and 14 is``)."""
    noun = ("number " if len(found) == 1 else "numbers ") if named else ""
    return f"{noun}{', '.join(found)} {one if len(found) == 1 else several}"


def translate_exempt(context: EntryContext) -> set[str]:
    """Latin tokens the glossary says to translate rather than keep."""
    if context.glossary is None:
        return set()
    return {term.english for term in context.glossary.terms if not term.keep_latin}


@check(
    "latin-tokens", WARNING, "Acronyms, CamelCase names and single-letter variables are kept in Latin script."
)
def latin_tokens_preserved(context: EntryContext) -> Iterator[Finding]:
    if context.is_explanation:
        return
    exempt = translate_exempt(context)
    for pair in context.translated_pairs:
        missing = [token for token in lost_latin_tokens(pair.source, pair.translation) if token not in exempt]
        if missing:
            several = len(missing) > 1
            yield Finding(
                "latin-tokens",
                f"{', '.join(sorted(missing))} from the source {'are' if several else 'is'} missing in "
                f"{context.rules.locale}: keep {'them' if several else 'it'} in Latin script",
            )


def _end_mark(text: str, marks: set[str]) -> str:
    stripped = prose(text).rstrip()
    return stripped[-1] if stripped and stripped[-1] in marks else ""


@check(
    "end-punctuation",
    WARNING,
    "The translation ends with the locale's equivalent of the source's end punctuation.",
)
def end_punctuation(context: EntryContext) -> Iterator[Finding]:
    mapping = context.rules.end_punctuation
    source_marks = set(mapping)
    target_marks = set(mapping.values()) | source_marks
    for pair in context.translated_pairs:
        source_end = _end_mark(pair.source, source_marks)
        target_end = _end_mark(pair.translation, target_marks)
        expected = mapping.get(source_end, "") if source_end else ""
        if target_end == expected:
            continue
        if context.rules.latin_punctuation_check and target_end == source_end and expected:
            continue  # a Latin mark where the locale's own belongs: the pack's own check reports and fixes it
        if not expected:
            yield Finding(
                "end-punctuation",
                f"the source has no end punctuation but the translation ends with {target_end!r}",
            )
        elif not target_end:
            yield Finding(
                "end-punctuation",
                f"the translation should end with {expected!r} like the source's {source_end!r}",
            )
        else:
            yield Finding(
                "end-punctuation", f"the translation ends with {target_end!r}; expected {expected!r}"
            )


@check(
    "whitespace", WARNING, "No leading, trailing or doubled spaces the source does not have.", fixable=True
)
def whitespace(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        if not characters.has_visible_character(pair.translation):
            continue  # blank-translation reports it, as an error
        problems = []
        if pair.translation != pair.translation.lstrip() and pair.source == pair.source.lstrip():
            problems.append("leading space")
        if pair.translation != pair.translation.rstrip() and pair.source == pair.source.rstrip():
            problems.append("trailing space")
        if "  " in prose(pair.translation) and "  " not in pair.source:
            problems.append("doubled space")
        if problems:
            yield Finding("whitespace", ", ".join(problems))


@check(
    "identical-to-source", WARNING, "The translation is the source text unchanged (names and code excepted)."
)
def identical_to_source(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        if pair.translation != pair.source:
            continue
        remainder = prose(pair.source)
        for token in latin_tokens(pair.source):
            remainder = remainder.replace(token, "")
        for placeholder in scan(pair.source, with_placeholders=True).placeholders:
            remainder = remainder.replace(f"{{{placeholder}}}", "")
        if any(character.isalpha() for character in remainder):
            yield Finding("identical-to-source", "the translation is identical to the source text")


@check("brackets", WARNING, "Brackets and quotes in the translation are balanced.")
def brackets(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        problems = unbalanced_brackets(pair.translation)
        if problems and not unbalanced_brackets(pair.source):
            yield Finding("brackets", f"unbalanced {' '.join(problems)} in the translation")


@check("length-ratio", WARNING, "The translation is far shorter or longer than translations usually are.")
def length_ratio(context: EntryContext) -> Iterator[Finding]:
    for pair in context.translated_pairs:
        source_length = len(prose(pair.source).strip())
        if source_length < 20:
            continue
        translation = pair.translation
        if context.is_accepted_answer:
            # Each line is another answer to the same source: the longest line is what compares.
            translation = max(translation.split("\n"), key=len)
        ratio = len(prose(translation).strip()) / source_length
        if ratio < 0.35 or ratio > 3.0:
            yield Finding(
                "length-ratio",
                f"the translation is {ratio:.1f}× the length of the source; is something missing or added?",
            )
