"""Honest catalog statistics: fuzzy entries and plural entries with an empty form never count as translated."""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolkit.catalogs.suppression import suppressions
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.review import is_approved

_WORD = re.compile(r"\w+(?:[-'’]\w+)*")


def count_words(text: str) -> int:
    return len(_WORD.findall(text))


@dataclass(frozen=True)
class CatalogStatistics:
    total: int
    translated: int
    fuzzy: int
    untranslated: int
    obsolete: int
    source_words: int
    translated_words: int
    suppressions: int = 0
    """``quizkit-ignore`` comments on active entries: exemptions a reviewer may want to revisit."""
    approved: int = 0
    """Translated entries with a valid approval (:mod:`toolkit.gettext.review`): what ``require =
    "approved"`` lets through."""

    @property
    def percent_translated(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0

    def to_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "translated": self.translated,
            "fuzzy": self.fuzzy,
            "untranslated": self.untranslated,
            "obsolete": self.obsolete,
            "source_words": self.source_words,
            "translated_words": self.translated_words,
            "suppressions": self.suppressions,
            "approved": self.approved,
            "percent_translated": round(self.percent_translated, 2),
        }


def catalog_statistics(catalog: Catalog, template: Catalog | None = None) -> CatalogStatistics:
    """Counts of one catalog; with its ``template``, entries the template has and the catalog lacks
    count as untranslated (an emptied or truncated file is not complete)."""
    total = translated = fuzzy = untranslated = obsolete = source_words = translated_words = suppressed = (
        approved
    ) = 0
    if template is not None:
        present = {entry.identity for entry in catalog.active()}
        for missing in (entry for entry in template.active() if entry.identity not in present):
            total += 1
            untranslated += 1
            source_words += count_words(missing.msgid)
    for entry in catalog.entries:
        if entry.obsolete:
            obsolete += 1
            continue
        total += 1
        suppressed += len(suppressions(entry))
        words = count_words(entry.msgid)
        source_words += words
        if entry.is_translated:
            translated += 1
            translated_words += words
            approved += is_approved(entry)
        elif entry.is_fuzzy and entry.has_translation:
            fuzzy += 1
        else:
            untranslated += 1
    return CatalogStatistics(
        total, translated, fuzzy, untranslated, obsolete, source_words, translated_words, suppressed, approved
    )
