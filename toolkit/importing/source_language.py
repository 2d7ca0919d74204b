"""Whether a bank is in the project's source language: the quiz file holds the source texts, so a bank
in another language (the Urdu file of a bank, quizkit's own Urdu export) must not become them.

Checks before anything is planned: ``--source-locale`` must name the project's source locale (a
bank's texts become the quiz file's, which are in that locale; another language is a translation and
goes with ``--locale XX FILE``); the bank's texts must not say they are in another language (QTI's
``xml:lang``, :attr:`toolkit.importing.bank.ImportedBank.written_in`), nor be written in another script
than the source locale's (:func:`foreign_script`): Urdu texts read for an English project are refused, saying
which file to import instead. ``--force`` imports such a bank all the same, with a note.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from toolkit.content.rules import question_text_fields
from toolkit.importing.bank import BankError, ImportedBank
from toolkit.importing.bank_languages import project_spelling
from toolkit.text.locale_info import writing_script
from toolkit.text.locale_packs import language_of, same_language

_SCRIPT_LETTERS: dict[str, frozenset[str]] = {
    "Latn": frozenset({"LATIN"}),
    "Arab": frozenset({"ARABIC"}),
    "Cyrl": frozenset({"CYRILLIC"}),
    "Grek": frozenset({"GREEK"}),
    "Hebr": frozenset({"HEBREW"}),
    "Deva": frozenset({"DEVANAGARI"}),
    "Beng": frozenset({"BENGALI"}),
    "Guru": frozenset({"GURMUKHI"}),
    "Gujr": frozenset({"GUJARATI"}),
    "Taml": frozenset({"TAMIL"}),
    "Telu": frozenset({"TELUGU"}),
    "Knda": frozenset({"KANNADA"}),
    "Mlym": frozenset({"MALAYALAM"}),
    "Sinh": frozenset({"SINHALA"}),
    "Thai": frozenset({"THAI"}),
    "Laoo": frozenset({"LAO"}),
    "Khmr": frozenset({"KHMER"}),
    "Mymr": frozenset({"MYANMAR"}),
    "Geor": frozenset({"GEORGIAN"}),
    "Armn": frozenset({"ARMENIAN"}),
    "Ethi": frozenset({"ETHIOPIC"}),
    "Thaa": frozenset({"THAANA"}),
    "Tibt": frozenset({"TIBETAN"}),
    "Hang": frozenset({"HANGUL"}),
    "Kore": frozenset({"HANGUL", "CJK"}),
    "Hans": frozenset({"CJK"}),
    "Hant": frozenset({"CJK"}),
    "Hani": frozenset({"CJK"}),
    "Jpan": frozenset({"CJK", "HIRAGANA", "KATAKANA"}),
}
"""The first word of the Unicode names of the letters each script (ISO 15924, as CLDR names a
locale's) is written with. A locale of a script not listed is not checked."""


def source_locale_refusal(given: str, source_locale: str, target_locales: Sequence[str]) -> str | None:
    """Why ``--source-locale given`` cannot be a bank's source language in a project whose source locale
    is ``source_locale``, or None when it names that locale (in any spelling: ``en_US``, ``EN``)."""
    if same_language(project_spelling(given, (source_locale,)), source_locale):
        return None
    spelled = project_spelling(given, target_locales)
    if spelled in target_locales:
        return (
            f"{given} is a target locale of this project, whose source locale is {source_locale}: the quiz "
            f"file holds the {source_locale} texts. Import the bank written in {source_locale} with this "
            f"one as its translation (--locale {spelled} FILE); a bank holding both languages needs no "
            "--source-locale"
        )
    return (
        f"{given} is not this project's source locale ({source_locale}): the quiz file holds the "
        f"{source_locale} texts. Import the bank written in {source_locale}, each other language as "
        "--locale XX FILE, or leave --source-locale out"
    )


def _letter_scripts(text: str) -> Iterator[str]:
    for character in text:
        if character.isalpha():
            name = unicodedata.name(character, "")
            if name:
                yield name.split(" ")[0]


def _source_texts(bank: ImportedBank) -> Iterator[str]:
    """The bank's texts in what it calls its source language: its questions' and its drafts' (the quiz's
    title and description may be made up from the file name)."""
    for question in bank.quiz.questions:
        for text in question.texts():
            yield text.source
    for issue in bank.issues:
        if issue.draft is not None:
            for _path, value in question_text_fields(dict(issue.draft), ()):
                written = value.get("text") if isinstance(value, dict) else value
                if isinstance(written, str):
                    yield written


def _script_name(letters: str) -> str:
    return "CJK" if letters == "CJK" else letters.title()


def foreign_script(
    bank: ImportedBank, display_name: str, source_locale: str, target_locales: Sequence[str]
) -> str | None:
    """Why ``bank`` reads as another language than ``source_locale``: most letters of its source texts
    are of a script the source locale is not written in. None when they are (or it cannot be told)."""
    script = writing_script(source_locale)
    expected = _SCRIPT_LETTERS.get(script or "")
    if expected is None:
        return None
    counts = Counter(letters for text in _source_texts(bank) for letters in _letter_scripts(text))
    total = sum(counts.values())
    own = sum(count for letters, count in counts.items() if letters in expected)
    if total == 0 or own * 2 >= total:
        return None
    found, _count = max(
        ((letters, count) for letters, count in counts.items() if letters not in expected),
        key=lambda each: each[1],
    )
    written_so = [
        locale
        for locale in target_locales
        if found in _SCRIPT_LETTERS.get(writing_script(locale) or "", frozenset())
    ]
    # The file's name often says its language (bank.ur.txt): that locale first.
    named = set(re.split(r"[^A-Za-z]+", display_name.rsplit("/", 1)[-1].lower()))
    written_so.sort(key=lambda locale: language_of(locale) not in named)
    instead = (
        f"--locale {written_so[0]} {display_name}"
        + ("" if len(written_so) == 1 else f" (or {', '.join(written_so[1:])}, whichever it is)")
        if written_so
        else f"--locale XX {display_name}"
    )
    return (
        f"most of the bank's texts are in {_script_name(found)} script, and the project's source locale "
        f"{source_locale} is written in {_script_name(sorted(expected)[0])}: the quiz file holds the "
        f"{source_locale} texts. Import the bank written in {source_locale} with this one as its "
        f"translation: {instead}; or, if these texts are the source, import again with --force"
    )


def _declared_elsewhere(bank: ImportedBank, display_name: str, target_locales: Sequence[str]) -> str | None:
    """Why ``bank`` is in another language by its own word (:attr:`ImportedBank.written_in`), or None."""
    if not bank.written_in:
        return None
    spelled = [project_spelling(language, target_locales) for language in bank.written_in]
    known = [locale for locale in spelled if locale in target_locales]
    if len(known) == 1:
        instead = f"--locale {known[0]} {display_name}"
    elif len(spelled) == 1:
        instead = f"--locale {spelled[0]} {display_name}, after quizkit add-locale {spelled[0]}"
    else:
        instead = f"--locale XX {display_name}"
    return (
        f"the bank's texts say they are in {', '.join(bank.written_in)}, not in the source locale "
        f"{bank.source_locale}: the quiz file holds the {bank.source_locale} texts. Import the bank written "
        f"in {bank.source_locale} with this one as its translation: {instead}; or, if these texts are the "
        "source, import again with --force"
    )


def in_source_language(
    bank: ImportedBank, display_name: str, target_locales: Sequence[str], force: bool
) -> ImportedBank:
    """``bank``, refused (:class:`toolkit.importing.bank.BankError`) when its texts say they are in
    another language than its source locale (QTI ``xml:lang``), or read as one (:func:`foreign_script`);
    with ``force``, taken with a note."""
    problem = _declared_elsewhere(bank, display_name, target_locales) or foreign_script(
        bank, display_name, bank.source_locale, target_locales
    )
    if problem is None:
        return bank
    if not force:
        raise BankError(display_name, None, problem)
    note = problem.split(": the quiz file", 1)[0] + "; imported as the source all the same (--force)"
    return replace(bank, notes=(*bank.notes, note))


__all__ = ["foreign_script", "in_source_language", "source_locale_refusal"]
