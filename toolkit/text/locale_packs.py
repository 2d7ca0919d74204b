"""Locale packs: what quizkit knows of a language beyond CLDR, provided through one plugin interface.

CLDR (through Babel) gives every locale its direction, digits and plural categories. A pack adds what a
reviewer of the language would insist on: the safe normalizations ``check --fix`` applies and typed
answers are compared after, the checks that hold only for that language, the digits and end punctuation
its translations use, and what its glossary terms may record (grammatical genders). Packs are found
through the ``quizkit.locales`` entry-point group; the built-in packs (Urdu, Arabic, Persian, Hindi) are
registered there exactly as a third-party package registers its own, and nothing in quizkit names a
language to decide which rules apply.

A pack serves the locales it declares: a language (``ur`` serves ``ur``, ``ur_PK`` and ``ur_IN``) or
one exact locale (``ur_IN``). Its checks run only on catalogs of those locales, so the Urdu rule that
Arabic ``ي`` is the wrong yeh never fires in an Arabic catalog, where it is right.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from toolkit.errors import QuizkitError
from toolkit.text.locale_info import LocaleError, locale_info

__all__ = [
    "ENGLISH_NEGATION_WORDS",
    "ENTRY_POINT_GROUP",
    "LATIN_END_PUNCTUATION",
    "LocalePack",
    "LocalePackError",
    "Normalizer",
    "PackCheck",
    "pack_for",
    "registered_packs",
]

ENTRY_POINT_GROUP = "quizkit.locales"

LATIN_END_PUNCTUATION: Mapping[str, str] = {"?": "?", ".": ".", "!": "!", ":": ":", ";": ";"}

ENGLISH_NEGATION_WORDS: frozenset[str] = frozenset(
    {"not", "no", "never", "none", "nothing", "nobody", "neither", "nor", "cannot", "n't"}
)
"""The negation words of English, the usual source language (English has no locale pack): ``n't`` stands
for every contraction that ends with it (doesn't, can't, won't). "false" and "without" are not among them:
a translation says "wrong" or "with no" as often as a negation."""

ENGLISH_NEGATION_CONSTRUCTIONS: tuple[str, ...] = ("no matter", "not only", "nothing but", "none other than")
"""English phrases whose negation word negates no statement (:attr:`LocalePack.negation_constructions`):
"no matter the temperature" says "whatever the temperature", "not only… but" adds."""

ENGLISH_NEGATING_PREFIXES: tuple[str, ...] = ("un", "non", "in", "im", "ir", "il")
"""English's prefixes that negate one word (impossible, invisible, unusual, non-toxic): read as
:attr:`LocalePack.negating_affixes` are, where the rest of the word is an adjective (see
:data:`ENGLISH_NOT_NEGATED`)."""

ENGLISH_NOT_NEGATED: frozenset[str] = frozenset(
    {
        "important", "impressive", "imperial", "immense", "immigrant", "imminent", "impulsive",
        "incident", "individual", "industrial", "infant", "infernal", "ingredient", "inhabitant",
        "inherent", "initial", "innocent", "instant", "instrumental", "integral", "intelligent",
        "intensive", "intent", "intentional", "internal", "international", "interval", "intuitive",
        "invasive", "inventive", "illustrative", "irritable",
    }
)  # fmt: skip
"""Words that begin with an English negating prefix and an adjective's ending but negate nothing."""

Normalizer = Callable[[str, frozenset[str]], str]
"""Applies a pack's safe normalizations to a text, except the rules named in the second argument."""

PackCheck = Callable[..., Iterable[Any]]
"""A check function declared with :func:`toolkit.checks.registry.check` (typed loosely here: this module
sits below the checks, which the registry loads through the pack)."""


class LocalePackError(QuizkitError):
    """A pack that cannot be loaded, or two packs that claim one locale."""


def normalized_locale(locale: str) -> str:
    """``ur-pk`` and ``ur_PK`` alike as ``ur_PK``; a script subtag keeps its title case (``sr_Latn``)."""
    parts = locale.replace("-", "_").split("_")
    rest = [part.title() if len(part) == 4 else part.upper() for part in parts[1:]]
    return "_".join([parts[0].lower(), *rest])


def language_of(locale: str) -> str:
    return normalized_locale(locale).split("_")[0]


# How two language tags compare, the rules BCP 47 gives, one function each, for every reader of a file
# that names languages (the question-bank readers, toolkit/importing): a tag is case-insensitive (RFC 5646
# section 2.1.1) and quizkit's ``_`` is BCP 47's ``-``, so ``UR-pk``, ``ur-PK`` and ``ur_PK`` are one tag.


def same_locale(one: str, other: str) -> bool:
    """``one`` and ``other`` are one locale however they are spelled: ``ur-PK``, ``ur_pk`` and ``UR_PK``;
    not ``ur`` and ``ur_PK``."""
    return normalized_locale(one) == normalized_locale(other)


def same_language(one: str, other: str) -> bool:
    """``one`` and ``other`` are in one language, whatever their script or region: their primary language
    subtags are equal (RFC 5646 section 2.2.1), so ``ur``, ``ur-PK``, ``UR_IN`` and ``ur_Arab`` are one
    language. For a reader that asks whether a text is in the source language, as Moodle's multilang filter
    shows a ``{mlang en}`` span to an ``en_us`` learner."""
    return language_of(one) == language_of(other)


def one_within_the_other(one: str, other: str) -> bool:
    """``one`` is ``other``, or one of the two is the other's language range: it matches the other as RFC
    4647's basic filtering matches a range (section 3.3.1: equal, or a prefix ending where a subtag ends),
    either way round. ``ur`` and ``ur-PK``, ``zh_Hant`` and ``zh-Hant-TW`` are; ``ur-PK`` and ``ur-IN``, two
    regions of one language, and ``zh_Hans`` and ``zh_Hant`` are not. For a reader that takes a text in
    ``ur`` as a project's only ``ur_PK`` and one in ``ur_PK`` as its ``ur``, as the import settles a bank's
    spellings (toolkit/importing/bank_languages.py), but never one region's text as another's."""
    mine, theirs = normalized_locale(one).split("_"), normalized_locale(other).split("_")
    shorter, longer = sorted((mine, theirs), key=len)
    return longer[: len(shorter)] == shorter


@dataclass(frozen=True)
class LocalePack:
    """One language's rules. Every field but ``name``, ``locales`` and ``summary`` is optional: a pack
    may bring only checks, or only a digit policy."""

    name: str
    locales: tuple[str, ...]
    """The locales served: languages (``"ar"``) or exact locales (``"ur_IN"``)."""
    summary: str
    checks: tuple[PackCheck, ...] = ()
    normalizer: Normalizer | None = None
    fix_rules: Mapping[str, str] = field(default_factory=dict)
    """Each rule of ``normalizer`` and the id of the check whose ``--fix`` applies it."""
    answer_normalizer: Callable[[str], str] | None = None
    """Applied to typed answers and accepted answers alike, after NFC, bidi-control removal and space
    collapsing; None: those generic steps only."""
    digits: str | None = None
    """The CLDR numbering system translations write numbers in (``latn``, ``arab``, ``arabext``, ...);
    None: the one CLDR gives the locale."""
    digits_by_locale: Mapping[str, str] = field(default_factory=dict)
    end_punctuation: Mapping[str, str] = field(default_factory=lambda: dict(LATIN_END_PUNCTUATION))
    """The source's end mark and the one a translation ends with instead (``?`` → ``؟``)."""
    latin_punctuation_check: str | None = None
    """The id of the pack's check that reports (and fixes) a Latin mark where the locale's own belongs;
    the generic end-punctuation check leaves those cases to it."""
    negation_words: frozenset[str] = frozenset()
    """The words that negate a statement, each a whole word (Urdu نہیں, نہ, مت); an entry that ends with
    ``-`` is a prefix that makes a word negative (Persian ``نمی-``: نمی‌کند). The negation-changed check
    compares a true/false statement's negations with its source's; empty: the check says nothing."""
    negating_affixes: frozenset[str] = frozenset()
    """Words, and prefixes (ending in ``-``, followed by at least three letters), that negate one word
    rather than a statement: Urdu غیر (غیر معمولی, "unusual"), نا- (ناممکن, "impossible"). "Not
    possible" and "impossible" say one thing: negation-changed reads such a word as either, and reports
    neither against the other."""
    negation_constructions: tuple[str, ...] = ()
    """Phrases in which a negation word negates no statement, as words: a fixed phrase (Arabic
    ``لا سيما``, "especially") or a pattern with ``…`` for any words within one clause and ``¬`` for
    any negation word (Urdu ``جب تک … ¬``, "until… not": "until"; Arabic ``¬ … إلا``, "not… but":
    "only")."""
    glossary_genders: tuple[str, ...] | None = None
    """The grammatical genders a glossary term may record; ``()`` for a language without grammatical
    gender; None when the pack says nothing (every gender the schema knows is allowed)."""

    def serves(self, locale: str) -> bool:
        return self.specificity(locale) > 0

    def specificity(self, locale: str) -> int:
        """2 where the pack names the exact locale, 1 where it names its language, 0 where neither."""
        wanted = normalized_locale(locale)
        served = {normalized_locale(item) for item in self.locales}
        if wanted in served:
            return 2
        return 1 if language_of(wanted) in served else 0

    def digits_for(self, locale: str) -> str:
        by_locale = {normalized_locale(item): system for item, system in self.digits_by_locale.items()}
        chosen = by_locale.get(normalized_locale(locale), self.digits)
        if chosen is not None:
            return chosen
        try:
            return locale_info(locale).numbering_system
        except LocaleError:
            return "latn"


@functools.cache
def registered_packs() -> tuple[LocalePack, ...]:
    """Every pack the installed packages register, built-ins included, ordered by name."""
    packs: dict[str, LocalePack] = {}
    for entry_point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name):
        try:
            pack = entry_point.load()
        except Exception as error:  # a broken plugin is named, never a traceback
            raise LocalePackError(
                f"locale pack {entry_point.name} ({entry_point.value}) failed to load: {error}"
            ) from error
        if not isinstance(pack, LocalePack):
            raise LocalePackError(
                f"locale pack {entry_point.name} ({entry_point.value}) is not a "
                "toolkit.text.locale_packs.LocalePack"
            )
        if pack.name in packs:
            raise LocalePackError(f"two locale packs are named {pack.name}")
        packs[pack.name] = pack
    return tuple(packs.values())


@functools.cache
def pack_for(locale: str) -> LocalePack | None:
    """The pack that serves ``locale`` most specifically (``ur_IN`` over ``ur``), or None."""
    ranked = [(pack.specificity(locale), pack) for pack in registered_packs()]
    best = max((rank for rank, _ in ranked), default=0)
    if best == 0:
        return None
    winners = [pack for rank, pack in ranked if rank == best]
    if len(winners) > 1:
        names = ", ".join(pack.name for pack in winners)
        raise LocalePackError(
            f"locale packs {names} all serve {locale}; uninstall one, or make one name the exact locale"
        )
    return winners[0]
