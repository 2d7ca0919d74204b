"""Glossaries: preferred, accepted, discouraged and wrong renderings of terms, per target locale.

``locales/glossary/<locale>.yaml`` (schema/glossary.schema.json). A term is found in a source text by
its English words (hyphens and spaces alike, English inflections allowed); the translation must then
hold the preferred form, an accepted variant or a listed inflected form. A rendering listed as wrong
means something else (تدریجی is "gradual", not "gradient"); one listed as discouraged means the right
thing in a form the house style does not use (the spelling گریڈینٹ). Both are looked for only where the
source has the term, because the same word can be right elsewhere (متبادل is right for "alternative").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from toolkit.content.document_paths import diagnostic_at
from toolkit.content.schema_validation import validate_against_schema
from toolkit.content.validation import display_path, unreadable_file
from toolkit.content.yaml_document import (
    MAX_FILE_BYTES,
    YamlDocument,
    YamlError,
    parse_yaml,
    too_large_problem,
)
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import DiagnosedError
from toolkit.files import FileTooLargeError, confined, confined_name, read_regular_file
from toolkit.text import blanks
from toolkit.text.locale_packs import LocalePackError, pack_for

GLOSSARY_SCHEMA = "glossary.schema.json"
_ENGLISH_INFLECTION = r"(?:[bcdfgklmnprstvz]?(?:s|es|ed|d|ing))?"


class GlossaryError(DiagnosedError):
    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("; ".join(diagnostic.to_text() for diagnostic in diagnostics), diagnostics)


# Code-point variants are reported by their own checks; the glossary compares letters, not encodings.
_LETTER_VARIANTS = str.maketrans({"\u0643": "\u06a9", "\u064a": "\u06cc", "\u0649": "\u06cc", "\u0640": None})


def comparable(translation: str) -> str:
    return unicodedata.normalize("NFC", translation).translate(_LETTER_VARIANTS)


def _normalized_english(text: str) -> str:
    return re.sub(r"[-\s]+", " ", text.replace("`", ""))


class Gender(StrEnum):
    """Grammatical gender of a rendering, which verbs, adjectives and کا/کی agree with."""

    MASCULINE = "masculine"
    FEMININE = "feminine"


def _at_word_start(forms: tuple[str, ...], translation: str) -> list[str]:
    # At a word start only, so a listed stem is caught with any suffix (گریڈینٹس) but not inside another
    # word (سکیٹر inside اسکیٹر).
    text = comparable(translation)
    return [form for form in forms if re.search(rf"(?<!\w){re.escape(comparable(form))}", text)]


@dataclass(frozen=True)
class Term:
    english: str
    preferred: str
    variants: tuple[str, ...] = ()
    wrong: tuple[str, ...] = ()
    forms: tuple[str, ...] = ()
    keep_latin: bool = False
    note: str | None = None
    discouraged: tuple[str, ...] = ()
    gender: Gender | None = None

    @functools.cached_property
    def _pattern(self) -> re.Pattern[str]:
        words = re.escape(_normalized_english(self.english)).replace(r"\ ", " ")
        flags = 0 if self.keep_latin else re.IGNORECASE
        return re.compile(rf"(?<!\w){words}{_ENGLISH_INFLECTION}(?!\w)", flags)

    @property
    def accepted(self) -> tuple[str, ...]:
        return (self.preferred, *self.variants, *self.forms)

    def rendered_in(self, translation: str) -> bool:
        # Substring match: Urdu suffixes (ویٹس، ورکرز) extend the listed stems.
        text = comparable(translation)
        return any(form in text for form in self.accepted)

    def wrong_renderings_in(self, translation: str) -> list[str]:
        return _at_word_start(self.wrong, translation)

    def discouraged_renderings_in(self, translation: str) -> list[str]:
        return _at_word_start(self.discouraged, translation)

    def misrendered_in(self, translation: str) -> bool:
        """Whether the translation has a wrong or a discouraged rendering: the term is there, misspelt
        or mistranslated, and the check that names the rendering says so (one finding per mistake)."""
        return bool(self.wrong_renderings_in(translation) or self.discouraged_renderings_in(translation))


_WORD = re.compile(r"\w+")
# The characters outside ASCII that a case-insensitive pattern matches with an ASCII letter (İ and ı
# with i, ſ with s, the Kelvin sign with k); tests/checks/test_glossary_index.py proves the list whole.
_ASCII_CASE_PARTNERS = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
_LONGEST_INFLECTION = 4
"""Characters the English inflection (:data:`_ENGLISH_INFLECTION`) adds to a term's last word, at most."""


def _folded_words(text: str) -> list[str]:
    return [word.lower() for word in _WORD.findall(text.translate(_ASCII_CASE_PARTNERS))]


class _TermIndex:
    """The terms by their words, in a trie: which terms can occur in a text is found by walking the
    text's words, never by trying every term. A match of a term's pattern holds its words (\\w runs) as
    whole words of the text, in order, the last one perhaps with an inflection, compared without case
    (a keep_latin term's case is left to its pattern). Terms with a word outside ASCII, whose case
    partners are many, are tried on every text."""

    def __init__(self, terms: tuple[Term, ...]) -> None:
        self.children: dict[int, dict[str, int]] = {0: {}}
        self.ends: dict[tuple[int, str], list[int]] = {}
        self.everywhere: list[int] = []
        for number, term in enumerate(terms):
            words = _WORD.findall(_normalized_english(term.english))
            if not words or not all(word.isascii() for word in words):
                self.everywhere.append(number)
                continue
            node = 0
            for word in words[:-1]:
                following = self.children[node]
                if word.lower() not in following:
                    following[word.lower()] = len(self.children)
                    self.children[len(self.children)] = {}
                node = following[word.lower()]
            self.ends.setdefault((node, words[-1].lower()), []).append(number)

    def candidates(self, text: str) -> list[int]:
        """The numbers of the terms that may occur in ``text``, in glossary order: a superset of those
        whose pattern matches, each once."""
        words = _folded_words(text)
        found = set(self.everywhere)
        for start in range(len(words)):
            node: int | None = 0
            for word in words[start:]:
                assert node is not None
                for cut in range(min(_LONGEST_INFLECTION, len(word) - 1) + 1):
                    found.update(self.ends.get((node, word[: len(word) - cut]), ()))
                node = self.children[node].get(word)
                if node is None:
                    break
        return sorted(found)


@dataclass(frozen=True)
class Glossary:
    locale: str
    terms: tuple[Term, ...]

    @functools.cached_property
    def _index(self) -> _TermIndex:
        return _TermIndex(self.terms)

    @functools.cached_property
    def _found(self) -> dict[str, tuple[Term, ...]]:
        """Terms found per source text: every glossary check asks about the same texts."""
        return {}

    def terms_in(self, source: str) -> list[Term]:
        """Terms in the source's prose (inline code is the inline-code check's business, and a blank
        marker's id, as in ``{{copy}}``, is a name the translation keeps, not a word); where terms
        overlap, the longest match wins: "optimizer state" hides "optimizer" and "state"."""
        found = self._found.get(source)
        if found is None:
            found = self._found[source] = tuple(self._terms_in(source))
        return list(found)

    def _terms_in(self, source: str) -> list[Term]:
        text = _normalized_english(blanks.MARKER.sub(" ", re.sub(r"`[^`]*`", " ", source)))
        matches = [
            (match.start(), match.end(), term)
            for term in map(self.terms.__getitem__, self._index.candidates(text))
            for match in term._pattern.finditer(text)
        ]
        kept: list[Term] = []
        for start, end, term in matches:
            covered = any(
                other_start <= start and end <= other_end and (other_end - other_start) > (end - start)
                for other_start, other_end, _ in matches
            )
            if not covered and term not in kept:
                kept.append(term)
        return kept


def glossary_path(locales_dir: Path, locale: str) -> Path:
    """``<locales_dir>/glossary/<locale>.yaml``, confined to the locales folder as the catalogs are
    (:class:`toolkit.catalogs.layout.CatalogLayout`): every reader and writer of a glossary asks here, so
    a glossary folder or file that is a link leading out of the project raises
    :class:`~toolkit.files.OutsideProjectError` before anything is read or written through it."""
    path = locales_dir / "glossary" / f"{locale}.yaml"
    confined_name(confined(path.parent, locales_dir), path.name, locales_dir)
    return path  # as named, not resolved: messages show the path the user knows


def load_glossary(path: Path) -> Glossary:
    """Read and validate a glossary; :class:`GlossaryError` lists every problem with its line."""
    file = display_path(path)
    try:
        data = read_regular_file(path, MAX_FILE_BYTES)
    except FileTooLargeError as error:
        problem = too_large_problem(error.size)
        raise GlossaryError(
            [Diagnostic(file, None, None, Severity.ERROR, problem.code, problem.message)]
        ) from None
    except OSError as error:
        raise GlossaryError([unreadable_file(file, error)]) from None
    return parse_glossary(data, file)


def parse_glossary(data: bytes, file: str) -> Glossary:
    """A glossary from the bytes of its YAML, validated as :func:`load_glossary` does; ``file`` names it
    in messages."""
    try:
        document = parse_yaml(data)
    except YamlError as error:
        problem = error.problem
        raise GlossaryError(
            [Diagnostic(file, problem.line, problem.column, Severity.ERROR, problem.code, problem.message)]
        ) from None
    diagnostics = validate_against_schema(document, GLOSSARY_SCHEMA, file, "glossary")
    if diagnostics:
        raise GlossaryError(diagnostics)
    raw_glossary = document.data
    assert isinstance(raw_glossary, dict)
    terms = tuple(
        Term(
            english=str(raw["english"]),
            preferred=str(raw["preferred"]),
            variants=tuple(raw.get("variants", ())),
            wrong=tuple(raw.get("wrong", ())),
            forms=tuple(raw.get("forms", ())),
            keep_latin=bool(raw.get("keep_latin", False)),
            note=raw.get("note"),
            discouraged=tuple(raw.get("discouraged", ())),
            gender=Gender(raw["gender"]) if "gender" in raw else None,
        )
        for raw in raw_glossary["terms"]
    )
    diagnostics = list(_conflicts(terms, document, file))
    diagnostics += _gender_problems(str(raw_glossary["locale"]), terms, document, file)
    if diagnostics:
        raise GlossaryError(diagnostics)
    return Glossary(str(raw_glossary["locale"]), terms)


GLOSSARY_YAML_HEADER = "# yaml-language-server: $schema=../../schema/glossary.schema.json\n"


def raw_term(term: Term) -> dict[str, object]:
    """The term as its YAML mapping: fields in the schema's order, lists only where not empty."""
    raw: dict[str, object] = {"english": term.english, "preferred": term.preferred}
    for name, values in (
        ("variants", term.variants),
        ("forms", term.forms),
        ("discouraged", term.discouraged),
        ("wrong", term.wrong),
    ):
        if values:
            raw[name] = list(values)
    if term.keep_latin:
        raw["keep_latin"] = True
    if term.gender is not None:
        raw["gender"] = term.gender.value
    if term.note is not None:
        raw["note"] = term.note
    return raw


def glossary_yaml(data: object, width: int = 100) -> str:
    """``data`` as YAML the way glossary files are written: lists indented under their key, Unicode as
    it is, keys in the order given."""
    import yaml

    class IndentedDumper(yaml.SafeDumper):
        # Lists indented under their key, as the shipped glossaries are written.
        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)

    return yaml.dump(data, Dumper=IndentedDumper, allow_unicode=True, sort_keys=False, width=width)


def dump_glossary(glossary: Glossary) -> str:
    """The glossary as YAML, its fields in the schema's order, lists only where not empty: what
    ``quizkit glossary import`` writes for a new glossary. :func:`parse_glossary` reads it back to the
    same glossary."""
    body = glossary_yaml({"locale": glossary.locale, "terms": [raw_term(term) for term in glossary.terms]})
    return GLOSSARY_YAML_HEADER + body


def _diagnostic(
    document: YamlDocument, file: str, path: tuple[str | int, ...], code: str, text: str
) -> Diagnostic:
    return diagnostic_at(document, file, path, Severity.ERROR, code, text)


def _gender_problems(
    locale: str, terms: tuple[Term, ...], document: YamlDocument, file: str
) -> list[Diagnostic]:
    """Genders the language of the glossary does not have, as its locale pack says (Persian has none)."""
    try:
        pack = pack_for(locale)
    except LocalePackError:
        return []  # reported by the command that loads the packs, with the pack's name
    if pack is None or pack.glossary_genders is None:
        return []
    allowed = pack.glossary_genders
    if allowed:
        advice = f"{pack.name} nouns are {' or '.join(allowed)}; write one of those or leave gender out"
    else:
        advice = f"{pack.name} has no grammatical gender; remove 'gender'"
    return [
        _diagnostic(
            document,
            file,
            ("terms", index, "gender"),
            "glossary-gender",
            f"term '{term.english}' has gender '{term.gender.value}', but {advice}",
        )
        for index, term in enumerate(terms)
        if term.gender is not None and term.gender.value not in allowed
    ]


def _conflicts(terms: tuple[Term, ...], document: YamlDocument, file: str) -> Iterator[Diagnostic]:
    """What the schema cannot see: a term listed twice, and a rendering both accepted and flagged, which
    would make the check contradict itself on every correct translation."""
    first_index: dict[str, int] = {}
    for index, term in enumerate(terms):
        name = _normalized_english(term.english)
        name = name if term.keep_latin else name.casefold()
        if name in first_index:
            first = document.position(("terms", first_index[name], "english"))
            where = f" (first on line {first.line})" if first is not None else ""
            yield _diagnostic(
                document,
                file,
                ("terms", index, "english"),
                "duplicate-term",
                f"term '{term.english}' is listed twice{where}; merge the two entries",
            )
        else:
            first_index[name] = index
        yield from _rendering_conflicts(index, term, document, file)


def _rendering_conflicts(index: int, term: Term, document: YamlDocument, file: str) -> Iterator[Diagnostic]:
    accepted = [
        (term.preferred, "the preferred form"),
        *((form, "an accepted variant") for form in term.variants),
        *((form, "an inflected form") for form in term.forms),
    ]
    for field_name, flagged in (("wrong", term.wrong), ("discouraged", term.discouraged)):
        for position, form in enumerate(flagged):
            if field_name == "discouraged" and form in term.wrong:
                problem = "is also listed as wrong; a rendering belongs to one list"
            else:
                clash = next((pair for pair in accepted if _at_word_start((form,), pair[0])), None)
                if clash is None:
                    continue
                other, what = clash
                problem = (
                    f"is also {what}; a rendering belongs to one list"
                    if comparable(other) == comparable(form)
                    else f"is part of {what} '{other}', so every correct translation would be flagged; "
                    "list the whole word that is not wanted"
                )
            yield _diagnostic(
                document,
                file,
                ("terms", index, field_name, position),
                "conflicting-rendering",
                f"'{form}' is listed as {field_name} for '{term.english}' but {problem}",
            )
