"""Moodle multilang texts: one text holding each language's version, split into those versions.

Two syntaxes, as Moodle's filters read them:

* the core ``multilang`` filter (``filter/multilang/filter.php``): ``<span lang="xx" class="multilang">…
  </span>`` (attributes in either order; ``xx`` a language such as ``en``, ``ur``, ``pt_br``). The filter
  ends a language's text at the first ``</span>``, which cuts a version holding a span of its own (a
  coloured word) in two; an editor shows the spans nested, as the author wrote them, so a version ends at
  the ``</span>`` that closes its own span. Where the spans inside do not close, the version is read as the
  filter reads it, and :attr:`Versions.unbalanced` says so. Its older syntax, ``<lang lang="xx">…</lang>``
  (Moodle 1.x, still read with ``filter_multilang_force_old``), is read too;
* the ``multilang2`` filter (``filter/multilang2``): ``{mlang xx}…{mlang}``, where ``{mlang other}``
  holds the text for every language not listed.

Text outside every span belongs to all languages (Moodle shows it whatever the reader's language).

Spans side by side (nothing but white space between them) are one block to the ``multilang`` filter,
which keeps one text per language of a block, the last (``filter_multilang_impl`` fills its list by
language, lower-cased, each span overwriting the one before): two spans of one language side by side
(``en`` then ``en``, ``UR`` then ``ur``) are one language's text written twice, never one text. The last
is kept, as Moodle shows it, and :attr:`Versions.repeated` names the one left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from toolkit.text.locale_packs import normalized_locale, one_within_the_other, same_language, same_locale

_SPAN_OPENING = re.compile(
    r"<(?:span\s+(?=[^>]*\bclass\s*=\s*[\"']multilang[\"'])|(lang)\s+)"
    r"[^>]*\blang\s*=\s*[\"']([a-zA-Z0-9_-]+)[\"'][^>]*>",
    re.IGNORECASE,
)
_SPAN_TAG = re.compile(r"<(/?)span\b[^>]*?(/?)>", re.IGNORECASE)
_LANG_CLOSING = re.compile(r"</lang\s*>", re.IGNORECASE)
_MLANG = re.compile(r"\{mlang\s+([a-zA-Z0-9_,\s-]+)\}(.*?)\{mlang\}", re.IGNORECASE | re.DOTALL)
UNBALANCED = (
    "spans inside a multilang span that do not close (each language's text was cut at its first "
    "</span>, as Moodle's filter cuts it)"
)
"""What a text with :attr:`Versions.unbalanced` lost, for the import's report."""
OTHER = "other"
"""``{mlang other}``: the version for every language the text does not list."""


@dataclass(frozen=True)
class Versions:
    by_language: tuple[tuple[str, str], ...]
    """(Moodle language code as written, lower-cased: ``en``, ``pt_br``; ``other``), in order of first
    appearance; empty for a text without multilang markup."""
    shared: str
    """The text outside every span, which every language shows."""
    unbalanced: bool = False
    """Whether a multilang span holds spans that do not close: its version then ends at its first
    ``</span>``, as Moodle's filter reads it, and may have lost words to the shared text."""
    repeated: tuple[tuple[str, str, str], ...] = ()
    """(language, text left out, text kept) of each span followed, in the same block of spans side by
    side, by another of its language: Moodle's filter shows only the last."""

    def version(self, language: str) -> str | None:
        for code, text in self.by_language:
            if code == language:
                return text
        return None


def split_versions(text: str) -> Versions:
    """Each language's version of ``text``: its span(s) for that language with the shared text around
    them in place. A language with several spans (one per sentence) gets them joined in order."""
    blocks, unbalanced = _span_blocks(text)
    blocks, repeated = _last_of_each_language(text, blocks)
    if not blocks:
        blocks = [
            _Block(match.start(), match.end(), _codes(match.group(1)), match.group(2))
            for match in _MLANG.finditer(text)
        ]
    if not blocks:
        return Versions((), text)
    languages: list[str] = []
    for block in blocks:
        for code in block.codes:
            if code not in languages:
                languages.append(code)
    versions = [(language, _joined(text, blocks, language)) for language in languages]
    return Versions(tuple(versions), _joined(text, blocks, None), unbalanced, tuple(repeated))


def source_version(versions: Iterable[tuple[str, str | None]], source_locale: str) -> tuple[str | None, bool]:
    """The code of the version that is the source text, and whether it is the source language's own (not
    ``{mlang other}``'s, every unlisted language's). ``versions`` are (Moodle code, text) of
    :attr:`Versions.by_language`, as the reader reduces them to quiz text; an empty text counts as none.

    In order: the source locale's own span; the span of the nearest language range that holds it, as
    ``filter_multilang2`` falls back to a learner's parent language (``en`` or ``en_utf8`` in an ``en_GB``
    project); ``{mlang other}``; last, a span that Moodle would not show a learner of the source locale but
    that is in its language, a narrower locale first (``ur_PK`` in an ``ur`` project, then ``pt_PT`` in a
    ``pt_BR`` one), the last written of a kind where a text has two."""
    own: str | None = None
    parents: list[tuple[int, str]] = []
    narrower: str | None = None
    sibling: str | None = None
    other = False
    source_parts = len(normalized_locale(source_locale).split("_"))
    for code, text in versions:
        if not text:
            continue
        if code == OTHER:
            other = True
            continue
        locale = quizkit_locale(code)
        parts = len(normalized_locale(locale).split("_"))
        if same_locale(locale, source_locale):
            own = code
        elif one_within_the_other(locale, source_locale) and parts < source_parts:
            parents.append((parts, code))
        elif one_within_the_other(locale, source_locale):
            narrower = code
        elif same_language(locale, source_locale):
            sibling = code
    if own is not None:
        return own, not other
    if parents:
        # The nearest range holding the source locale (zh_Hant before zh for zh_Hant_TW), wherever it stands.
        return max(parents, key=lambda parent: parent[0])[1], not other
    if other:
        return OTHER, False
    chosen = narrower if narrower is not None else sibling
    return chosen, chosen is not None


def translation_locale(code: str, source_locale: str) -> str | None:
    """The locale a version of :attr:`Versions.by_language` translates its text into, or None for
    ``{mlang other}`` and for a version in the source's language, whatever its spelling: that is the
    source (:func:`source_version`), never its translation (``en`` in an ``en_GB`` project, ``en_US`` in
    an ``en`` one, ``EN`` for ``--source-locale en``)."""
    if code == OTHER:
        return None
    locale = quizkit_locale(code)
    return None if same_language(locale, source_locale) else locale


def repeated_reason(repeated: tuple[str, str, str]) -> str:
    """What the import's report says of one of :attr:`Versions.repeated`, after what holds it (``the
    prompt holds …``)."""
    language, left_out, kept = repeated
    return (
        f"two {language} multilang spans side by side, of which Moodle's filter shows only the last: "
        f"{_plain(kept)} was imported, {_plain(left_out)} left out"
    )


def _plain(html: str) -> str:
    text = " ".join(re.sub(r"<[^>]*>", " ", html).split())
    return repr(text if len(text) <= 40 else text[:39] + "…")


def _last_of_each_language(
    text: str, blocks: list[_Block]
) -> tuple[list[_Block], list[tuple[str, str, str]]]:
    """``blocks`` with each span that a later span of its language follows in the same block of spans
    side by side left without a language (its text then shows in none), and (language, text left out,
    text kept) of each."""
    runs: list[list[_Block]] = []
    for block in blocks:
        if runs and not text[runs[-1][-1].end : block.start].strip():
            runs[-1].append(block)
        else:
            runs.append([block])
    kept: list[_Block] = []
    repeated: list[tuple[str, str, str]] = []
    for run in runs:
        for index, block in enumerate(run):
            later = [other for other in run[index + 1 :] if other.codes == block.codes]
            if later:
                repeated.append((block.codes[0], block.content, later[-1].content))
                block = replace(block, codes=[])
            kept.append(block)
    return kept, repeated


@dataclass(frozen=True)
class _Block:
    """One multilang span or ``{mlang}`` block: where it is in the text, its languages, its content."""

    start: int
    end: int
    codes: list[str]
    content: str


def _span_blocks(text: str) -> tuple[list[_Block], bool]:
    """The multilang spans of ``text``, each up to the ``</span>`` that closes it (spans inside it
    counted), and whether one's inner spans did not close (it then ends at its first ``</span>``)."""
    blocks: list[_Block] = []
    unbalanced = False
    position = 0
    while (opening := _SPAN_OPENING.search(text, position)) is not None:
        codes = _codes(opening.group(2))
        if opening.group(1):  # <lang lang="xx">: no HTML element of that name nests inside it
            lang_closing = _LANG_CLOSING.search(text, opening.end())
            if lang_closing is None:
                break
            content = text[opening.end() : lang_closing.start()]
            blocks.append(_Block(opening.start(), lang_closing.end(), codes, content))
            position = lang_closing.end()
            continue
        depth = 1
        first_closing: re.Match[str] | None = None
        closing: re.Match[str] | None = None
        for tag in _SPAN_TAG.finditer(text, opening.end()):
            if tag.group(1):
                depth -= 1
                first_closing = first_closing or tag
                if depth == 0:
                    closing = tag
                    break
            elif not tag.group(2):
                depth += 1
        if closing is None:
            if first_closing is None:
                break  # no </span> at all: Moodle's filter does not read it either
            unbalanced, closing = True, first_closing
        blocks.append(_Block(opening.start(), closing.end(), codes, text[opening.end() : closing.start()]))
        position = closing.end()
    return blocks, unbalanced


def _joined(text: str, blocks: list[_Block], language: str | None) -> str:
    """``text`` with each block replaced by its content where it is ``language``'s, else by nothing."""
    parts: list[str] = []
    position = 0
    for block in blocks:
        parts.append(text[position : block.start])
        if language is not None and language in block.codes:
            parts.append(block.content)
        position = block.end
    parts.append(text[position:])
    return "".join(parts)


def multilang_answer_reason(written: str, source: str, translations: list[tuple[str, str]]) -> str:
    """The report's line for a typed answer written in multilang spans (``written``), which Moodle compares
    with a response as it is stored, spans and all (``qtype_shortanswer_question::
    compare_response_with_answer``), so that none matched it there; quizkit accepts ``source`` and, in each
    locale of ``translations``, its version."""
    others = "".join(f", in {locale} '{text}'" for locale, text in translations)
    return (
        f"the answer {written!r} is written in multilang spans, which Moodle compares as they are, so no "
        f"typed answer matched it there; quizkit accepts '{source}'{others}"
    )


def _codes(written: str) -> list[str]:
    return [code.strip().lower().replace("-", "_") for code in written.split(",") if code.strip()]


_WRAPPER = re.compile(r"\A\s*<(?:div|p|span)\b[^>]*?\blang\s*=\s*[\"']([a-zA-Z0-9_-]+)[\"']", re.IGNORECASE)


def declared_language(text: str) -> str | None:
    """The language the element wrapping ``text`` says it is in, as a quizkit locale, or None: quizkit's
    exports wrap each text so (``<div dir="rtl" lang="ur">…</div>``, a text that fell back
    ``lang="en"``). Only the opening element counts: a word marked inside (``<span lang="en">GPU</span>``
    in an Urdu text) is not the text's language."""
    match = _WRAPPER.match(text)
    return quizkit_locale(match.group(1).lower().replace("-", "_")) if match else None


def other_declared_language(declared: list[str], source_locale: str) -> tuple[str, ...]:
    """The language most of a bank's texts declare (:func:`declared_language`, one entry per text that
    declares one), when it is not ``source_locale``'s: what the import refuses as a source
    (:attr:`toolkit.importing.bank.ImportedBank.written_in`); else ``()``."""
    if not declared:
        return ()
    main = max(dict.fromkeys(declared), key=declared.count)
    return () if same_language(main, source_locale) else (main,)


_CHARSET_SUFFIX = "_utf8"
"""Moodle 1.9's language packs are named ``<language>_utf8`` (``ur_utf8``, ``pt_br_utf8``); multilang
spans written then carry the pack's name."""


def without_charset(locale: str) -> str:
    """``locale`` without Moodle 1.9's ``_utf8`` (``ur_utf8`` → ``ur``)."""
    folded = locale.replace("-", "_")
    if folded.lower().endswith(_CHARSET_SUFFIX) and len(folded) > len(_CHARSET_SUFFIX):
        return folded[: -len(_CHARSET_SUFFIX)]
    return locale


def quizkit_locale(moodle_language: str) -> str:
    """A Moodle language code as a quizkit locale: ``pt_br`` → ``pt_BR``, ``ur`` → ``ur``, Moodle 1.9's
    ``ur_utf8`` → ``ur``."""
    language, _, region = without_charset(moodle_language).partition("_")
    return f"{language}_{region.upper()}" if region else language
