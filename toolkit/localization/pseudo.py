"""Pseudo-locales: catalogs made from the source on the fly, to show layout bugs before a translation exists.

``en_XA`` (Android's name) is accented and about 40% longer English in brackets: ``What is it?``
becomes ``[Ŵĥåţ îš îţ? one two]``. Text that is not accented shows a string the content did not
send through a catalog; a cut bracket shows truncation; the padding shows where longer translations
overflow. ``ar_XB`` is English laid out right to left, as Android's ``ar-XB`` does it: every word is
wrapped in RIGHT-TO-LEFT MARK + RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING + RIGHT-TO-LEFT
MARK, so the sentence runs right to left and, where nothing isolates a word, its letters do too
(markup formats isolate Latin runs in right-to-left text, so there words read forwards).

Protected, byte for byte, in both: inline code (with its backticks), blank markers ``{{id}}``,
placeholders ``{name}``, URLs and the Latin terms of the project's glossaries (``keep_latin``).

Accepted answers (short answers, typed blanks) are transformed like every text, and the source answer is
accepted as well, so a tester can type either; numeric answers are numbers and stay as they are.

Nothing here reads or writes a catalog file: the catalogs exist in memory for one export.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from toolkit.catalogs.extraction import interface_template, quiz_template
from toolkit.config import ProjectConfig
from toolkit.gettext.catalog import Catalog
from toolkit.keys import UI_DOMAIN
from toolkit.localization.grading import normalize_answer
from toolkit.model import Content, Quiz, accepted_answers
from toolkit.text.formulas import formulas_outside_code
from toolkit.text.locale_info import PSEUDO_LOCALES, cldr_plural_forms, plural_index_categories
from toolkit.text.numbers import ENGLISH_UNITS
from toolkit.text.tokens import code_block_spans

_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
_PADDING = ENGLISH_UNITS[1:16]
"""The words that lengthen a pseudo-localized text, in turn: English's one to fifteen."""
EXPANSION = 0.4
"""How much longer ``en_XA`` makes a text: translations into German or Finnish run 30–40% longer."""
RLM, RLO, PDF = "\u200f", "\u202e", "\u202c"
_URL = r"(?:https?|ftp)://[^\s<>`]*[^\s<>`.,;:!?)\]}'\"]"
_FIXED = rf"`[^`]*`|\{{\{{[^{{}}]*\}}\}}|\{{[a-z][a-z0-9_]*\}}|{_URL}"


def _protected_pattern(terms: Iterable[str]) -> re.Pattern[str]:
    # Longest first, so "PyTorch DistributedDataParallel" is not cut at "PyTorch".
    names = sorted({term for term in terms if term.strip()}, key=lambda term: (-len(term), term))
    words = "".join(f"|(?<![\\w-]){re.escape(name)}(?:e?s)?(?![\\w-])" for name in names)
    return re.compile(_FIXED + words)


class PseudoLocalizer:
    """The transformation into one pseudo-locale, with the Latin terms to keep."""

    def __init__(self, locale: str, latin_terms: Iterable[str] = ()) -> None:
        if locale not in PSEUDO_LOCALES:
            raise ValueError(f"{locale!r} is not a pseudo-locale; they are {', '.join(PSEUDO_LOCALES)}")
        self.locale = locale
        self.protected = _protected_pattern(latin_terms)

    def pieces(self, text: str) -> list[tuple[str, bool]]:
        """``text`` as (piece, protected) pairs, in order: code (code blocks too), placeholders, URLs,
        the Latin terms and TeX formulas are protected."""
        found: list[tuple[str, bool]] = []
        position = 0
        spans = [match.span() for match in self.protected.finditer(text)]
        spans += [(formula.start, formula.end) for formula in formulas_outside_code(text)]
        spans += code_block_spans(text)
        for start, end in sorted(spans):
            if start < position:  # overlapping spans (a term inside a formula) protect their union
                if end > position:
                    found[-1] = (found[-1][0] + text[position:end], True)
                    position = end
                continue
            if start > position:
                found.append((text[position:start], False))
            found.append((text[start:end], True))
            position = end
        if position < len(text):
            found.append((text[position:], False))
        return found

    def text(self, text: str) -> str:
        if not text:
            return text
        if self.locale == "en_XA":
            return self._accented(text)
        return self._right_to_left(text)

    def _accented(self, text: str) -> str:
        body = "".join(
            piece if protected else piece.translate(_ACCENTS) for piece, protected in self.pieces(text)
        )
        target = math.ceil(len(text) * (1 + EXPANSION))
        padding: list[str] = []
        for word in itertools.cycle(_PADDING):
            if len(body) + len(" ".join(["", *padding])) >= target:
                break
            padding.append(word)
        return f"[{body}{' ' if padding else ''}{' '.join(padding)}]"

    def _right_to_left(self, text: str) -> str:
        result: list[str] = []
        for piece, protected in self.pieces(text):
            if protected:
                result.append(piece)
                continue
            result.append(re.sub(r"\S+", lambda word: f"{RLM}{RLO}{word.group(0)}{PDF}{RLM}", piece))
        return "".join(result)

    def answers(self, answer: str) -> str:
        """An accepted answer's translation: the pseudo form (shown in review), then the source form
        where the grader would not take the one for the other."""
        pseudo = self.text(answer)
        same = normalize_answer(pseudo, self.locale) == normalize_answer(answer, self.locale)
        return pseudo if same else f"{pseudo}\n{answer}"

    def catalog(self, template: Catalog, accepted_answer_keys: frozenset[str] = frozenset()) -> Catalog:
        """``template`` translated into the pseudo-locale, every entry, every plural category."""
        plural_forms = cldr_plural_forms(self.locale) or "nplurals=2; plural=(n != 1);"
        categories = plural_index_categories(self.locale, plural_forms)
        header = replace(
            template.header, flags=(), comments=(f"Pseudo-locale {self.locale}, made on the fly.",)
        )
        header = header.with_field("Language", self.locale).with_field("Plural-Forms", plural_forms)
        entries = []
        for entry in template.active():
            if entry.msgid_plural is not None:
                plural = entry.msgid_plural
                forms = tuple(
                    self.text(entry.msgid if category == "one" else plural) for category in categories
                )
                entries.append(replace(entry, msgstr_plural=forms))
            elif entry.context in accepted_answer_keys:
                entries.append(replace(entry, msgstr=self.answers(entry.msgid)))
            else:
                entries.append(replace(entry, msgstr=self.text(entry.msgid)))
        return Catalog(header, tuple(entries))


def accepted_answer_keys(quiz: Quiz) -> frozenset[str]:
    return frozenset(answer.text.key for question in quiz.questions for answer in accepted_answers(question))


def pseudo_catalog(content: Content, domain: str, localizer: PseudoLocalizer) -> Catalog:
    """The pseudo-locale catalog of one domain (a quiz id, or ``ui``) of ``content``."""
    from pathlib import Path

    # References do not travel into exports; the template's are made relative to nothing in particular.
    root = Path()
    if domain == UI_DOMAIN:
        assert content.interface is not None
        return localizer.catalog(interface_template(content.interface, root))
    quiz = next(quiz for quiz in content.quizzes if quiz.id == domain)
    return localizer.catalog(quiz_template(quiz, root), accepted_answer_keys(quiz))


def latin_terms(config: ProjectConfig) -> list[str]:
    """The Latin terms (``keep_latin``) of the target locales' glossaries, with their listed forms."""
    from toolkit.content.glossary import glossary_path, load_glossary

    terms: list[str] = []
    for locale in config.target_locales:
        path = glossary_path(config.locales_path, locale)
        if path.exists():
            for term in load_glossary(path).terms:
                if term.keep_latin:
                    terms += [term.english, term.preferred, *term.forms]
    return terms


def pseudo_catalogs(
    config: ProjectConfig, content: Content, locales: Sequence[str], domains: Sequence[str]
) -> dict[tuple[str, str], Callable[[], Catalog]]:
    """Makers of the pseudo-locale catalogs of an export, by (locale, domain); glossaries are read once,
    when the first is made."""
    terms: list[list[str]] = []

    def make(locale: str, domain: str) -> Callable[[], Catalog]:
        def made() -> Catalog:
            if not terms:
                terms.append(latin_terms(config))
            return pseudo_catalog(content, domain, PseudoLocalizer(locale, terms[0]))

        return made

    return {(locale, domain): make(locale, domain) for locale in locales for domain in domains}
