"""The texts of a GIFT bank in each of its languages: Moodle ``multilang`` spans inside a text, and the
same text in the files given one per language; each reduced from its GIFT format to quiz text."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from toolkit.importing.bank import BankRequest, ImportIssue
from toolkit.importing.gift_syntax import GiftQuestion, GiftText
from toolkit.importing.markup_reduction import looks_like_markup, plain_text_formulas, reduce_markup
from toolkit.importing.multilang import (
    UNBALANCED,
    declared_language,
    repeated_reason,
    source_version,
    split_versions,
    translation_locale,
)

Part = Callable[[GiftQuestion], GiftText | None]
"""Picks one text out of a question: the same text in a translation's question."""


class BankContext:
    """What the questions of one bank share: the request, the translations aligned with the source's
    questions, and the issues, notes and languages found so far."""

    def __init__(self, request: BankRequest) -> None:
        self.request = request
        self.file = request.display_name
        self.source_code = moodle_code(request.source_locale)
        self.issues: list[ImportIssue] = []
        self.notes: list[str] = []
        self.named_ids: set[str] = set()
        """The ids the questions of the bank are named (a made-up id never takes one)."""
        self.made_ids: list[tuple[int, str]] = []
        """(line, id) of the questions whose name is no quiz id (lowercase words joined by hyphens)."""
        self.locales: set[str] = set()
        self.declared: list[str] = []
        """The language each source text without multilang markup says it is in, where it says so."""
        self.translations: dict[str, dict[int, GiftQuestion]] = {}
        """Locale → index of a source question → that question in the locale's own file."""

    def translated(self, index: int) -> dict[str, GiftQuestion]:
        return {
            locale: questions[index] for locale, questions in self.translations.items() if index in questions
        }

    def versions(
        self,
        text: GiftText | None,
        part: Part | None = None,
        translated: Mapping[str, GiftQuestion] | None = None,
    ) -> Versions:
        """``text`` in the source language and the others (``part`` picks the same text from a
        translation's question, given that question)."""
        if text is None:
            return Versions(None)
        split = split_versions(text.text)
        lost: list[str] = [UNBALANCED] if split.unbalanced else []
        imported: dict[str, str] = {}
        differing: list[tuple[str, str]] = []
        in_source_span = False
        source: str | None = None
        if split.by_language:
            # Each span as quiz text first: the source is chosen among the spans that have some, as the
            # Moodle XML reader chooses it.
            reduced = {code: as_quiz_text(raw, text.format) for code, raw in split.by_language}
            chosen, in_source_span = source_version(
                ((code, quiz_text) for code, (quiz_text, _) in reduced.items()), self.source_code
            )
            if chosen is not None:
                source, found = reduced[chosen]
                lost.extend(found)
            for code, (quiz_text, _) in reduced.items():
                locale = translation_locale(code, self.source_code)
                if locale is not None and quiz_text:
                    imported[locale] = quiz_text
        else:
            source, found = as_quiz_text(text.text, text.format)
            lost.extend(found)
            if (declared := declared_language(text.text)) is not None:
                self.declared.append(declared)
        if part is not None:
            for locale, question in (translated or {}).items():
                given = part(question)
                if isinstance(given, GiftText) and given.text:
                    versions = split_versions(given.text)
                    written = versions.version(moodle_code(locale)) if versions.by_language else given.text
                    if written is not None:
                        from_file, _lost = as_quiz_text(written, given.format)
                        if imported.get(locale, from_file) != from_file:
                            # The spans translate it too, otherwise: both go to the import, which keeps
                            # one and reports the other (toolkit.importing.bank_languages).
                            differing.append((locale, from_file))
                        else:
                            imported[locale] = from_file
        self.locales.update(imported)
        repeated = tuple(repeated_reason(repeated) for repeated in split.repeated)
        return Versions(
            source or None, imported, tuple(dict.fromkeys(lost)), in_source_span, repeated, tuple(differing)
        )


def moodle_code(locale: str) -> str:
    return locale.lower().replace("-", "_")


def as_quiz_text(text: str, text_format: str) -> tuple[str, tuple[str, ...]]:
    """A text in its GIFT format as quiz text, and what it had that quiz text cannot hold."""
    if text_format in ("html", "moodle") and looks_like_markup(text):
        # In HTML a line break in the source is a space; Moodle's auto-format makes it a break.
        reduced = reduce_markup(text, source_breaks=text_format == "moodle")
        return reduced.text, reduced.lost
    lines = [" ".join(line.split()) for line in text.split("\n")]
    # Moodle's TeX filters read a plain text's formulas too.
    plain = plain_text_formulas("\n".join(line for line in lines if line))
    return plain.text, plain.lost


@dataclass
class Versions:
    """One text in each language the bank gives it in; the source may be missing."""

    source: str | None
    imported: dict[str, str] = field(default_factory=dict)
    lost: tuple[str, ...] = ()
    in_source_span: bool = False
    """The source is written in the source language's span, not outside every span (see
    :func:`toolkit.importing.bank.shared_texts_translated`)."""
    repeated: tuple[str, ...] = ()
    """Each span another of its language side by side hides in Moodle, for the report."""
    differing: tuple[tuple[str, str], ...] = ()
    """(locale, translation) a ``--locale`` file gives where the spans give another translation."""


def quoted(text: GiftText) -> str:
    """A text as the report quotes it: reduced to quiz text, at most 60 characters."""
    quote, _lost = as_quiz_text(text.text, text.format)
    return quote if len(quote) <= 60 else quote[:59] + "…"
