"""What a check sees of one catalog entry: its source and translation pairs, its quiz neighbours, the
locale's rules and the glossary."""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.checks.question_facts import (
    NumericAnswer,
    SourceQuestions,
    correct_options,
    numeric_answer,
    question_kind,
)
from toolkit.content.glossary import Glossary
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.keys import is_accepted_answer_key
from toolkit.model import Question as SourceQuestion
from toolkit.model import QuestionType, Text
from toolkit.text.locale_packs import LATIN_END_PUNCTUATION, LocalePack, pack_for
from toolkit.text.plural_forms import PluralFormsError, parse_plural_forms


@dataclass(frozen=True)
class LocaleRules:
    """Locale facts the checks need, from the locale's pack (:mod:`toolkit.text.locale_packs`)."""

    locale: str
    pack: LocalePack | None
    digits: str  # a CLDR numbering system: "latn", "arab", "arabext", "deva", ...
    end_punctuation: Mapping[str, str]
    source_locale: str = "en"
    """The locale the sources are written in: how their numbers are read (``1,000.5`` or ``1 000,5``)."""

    @classmethod
    def for_locale(cls, locale: str, source_locale: str = "en") -> LocaleRules:
        pack = pack_for(locale)
        if pack is None:
            return cls(locale, None, "latn", LATIN_END_PUNCTUATION, source_locale)
        return cls(locale, pack, pack.digits_for(locale), pack.end_punctuation, source_locale)

    @property
    def latin_punctuation_check(self) -> str | None:
        return self.pack.latin_punctuation_check if self.pack else None


@dataclass(frozen=True)
class TextPair:
    """One source text and its translation; a plural entry has one pair per form."""

    source: str
    translation: str
    form: int | None = None  # plural form index, None for a singular entry
    names_one_number: bool = False
    """The catalog's Plural-Forms picks this form for exactly one number (English and Urdu one: 1; Arabic
    zero, one, two: 0, 1, 2), so its words can say the number ("one question", سؤالان)."""

    @property
    def may_omit_count(self) -> bool:
        return self.names_one_number


class CatalogView:
    """Lookups over one catalog, built once: entries by key and the options of each question."""

    def __init__(self, catalog: Catalog, questions: SourceQuestions | None = None) -> None:
        self.catalog = catalog
        self.questions: SourceQuestions = questions or {}
        """The source questions by key prefix, where the caller has the content; else empty."""
        self.by_key: dict[str, CatalogEntry] = {}
        self.in_question: dict[str, list[CatalogEntry]] = {}
        self.options: dict[str, list[CatalogEntry]] = {}
        self.one_number_forms = _one_number_forms(catalog.header.plural_forms)
        for entry in catalog.active():
            if entry.context is None:
                continue
            self.by_key[entry.context] = entry
            inside = _QUESTION_PREFIX.match(entry.context)
            if inside:
                self.in_question.setdefault(inside.group(1), []).append(entry)
            match = _OPTION_KEY.match(entry.context)
            if match:
                self.options.setdefault(match.group(1), []).append(entry)


def _one_number_forms(plural_forms: str | None) -> frozenset[int]:
    """The forms the Plural-Forms picks for exactly one of the numbers msgfmt samples (0 to 1000).

    Stricter than ``msgfmt --check``, which lets any form used by few numbers drop the count: Hindi's and
    Persian's first form serves 0 and 1, and "one question" would be shown for 0. Without a usable
    header, the first form, as in English."""
    if plural_forms is None:
        return frozenset({0})
    try:
        parsed = parse_plural_forms(plural_forms)
    except PluralFormsError:
        return frozenset({0})
    uses = Counter(parsed.forms)
    return frozenset(form for form, count in uses.items() if count == 1)


_PLURAL_COMMENT = re.compile(r"plural form is chosen by the number \{([a-z][a-z0-9_]*)\}")
_QUESTION_PREFIX = re.compile(r"^([^.]+\.questions\.[^.]+)\.")
_OPTION_KEY = re.compile(r"^([^.]+\.questions\.[^.]+)\.options\.[^.]+$")


def shown(entry: CatalogEntry) -> bool:
    """Whether a learner sees ``entry``'s translation: translated and not fuzzy (a fuzzy entry is never
    compiled, the source is shown in its place)."""
    return bool(entry.msgstr) and not entry.is_fuzzy


@dataclass(frozen=True)
class EntryContext:
    entry: CatalogEntry
    view: CatalogView
    rules: LocaleRules
    glossary: Glossary | None

    @property
    def key(self) -> str:
        return self.entry.context or self.entry.msgid

    @functools.cached_property
    def pairs(self) -> tuple[TextPair, ...]:
        entry = self.entry
        if not entry.is_plural:
            return (TextPair(entry.msgid, entry.msgstr),)
        forms = entry.msgstr_plural
        return tuple(
            TextPair(
                entry.msgid if index == 0 else (entry.msgid_plural or entry.msgid),
                translation,
                index,
                names_one_number=index in self.view.one_number_forms,
            )
            for index, translation in enumerate(forms)
        )

    @functools.cached_property
    def translated_pairs(self) -> tuple[TextPair, ...]:
        return tuple(pair for pair in self.pairs if pair.translation)

    @property
    def declares_placeholders(self) -> bool:
        return "python-brace-format" in self.entry.flags

    @property
    def plural_placeholder(self) -> str:
        """The placeholder that selects the plural form, as the template's comment names it."""
        for comment in self.entry.extracted_comments:
            match = _PLURAL_COMMENT.search(comment)
            if match:
                return match.group(1)
        return "count"

    @property
    def question_prefix(self) -> str | None:
        """``quiz.questions.q1`` for any key inside a question, else None."""
        match = _QUESTION_PREFIX.match(self.key)
        return match.group(1) if match else None

    @property
    def is_option(self) -> bool:
        return re.match(r"^[^.]+\.questions\.[^.]+\.options\.[^.]+$", self.key) is not None

    @property
    def is_accepted_answer(self) -> bool:
        """An accepted answer of a short answer or a typed blank: its translation lists answers, one per line."""
        return is_accepted_answer_key(self.key)

    @property
    def is_explanation(self) -> bool:
        return re.match(r"^[^.]+\.questions\.[^.]+\.explanation$", self.key) is not None

    def sibling(self, key: str) -> CatalogEntry | None:
        return self.view.by_key.get(key)

    def options_of_question(self) -> list[CatalogEntry]:
        prefix = self.question_prefix
        return self.view.options.get(prefix, []) if prefix else []

    def entries_of_question(self) -> list[CatalogEntry]:
        """Every entry of the entry's question, in catalog order (this one included)."""
        prefix = self.question_prefix
        return self.view.in_question.get(prefix, []) if prefix else []

    @property
    def source_question(self) -> SourceQuestion[Text] | None:
        """The question in the content, where the caller gave the checks the project's content."""
        prefix = self.question_prefix
        return self.view.questions.get(prefix) if prefix else None

    @property
    def question_kind(self) -> QuestionType | None:
        """The kind of the entry's question, from the content or the prompt's translator comment."""
        prefix = self.question_prefix
        if prefix is None:
            return None
        return question_kind(self.source_question, self.sibling(f"{prefix}.prompt"))

    def correct_options(self) -> frozenset[str] | None:
        """The keys of the correct options of the entry's choice question; None where unknown."""
        prefix = self.question_prefix
        if prefix is None:
            return None
        return correct_options(self.source_question, prefix, self.options_of_question())

    @property
    def numeric_answer(self) -> NumericAnswer | None:
        """The answer and tolerance of a numeric question, where the content was given."""
        return numeric_answer(self.source_question)
