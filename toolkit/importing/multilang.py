"""Moodle multilang texts: one text holding each language's version, split into those versions.

Two syntaxes, as Moodle's filters read them:

* the core ``multilang`` filter (``filter/multilang/filter.php``): ``<span lang="xx" class="multilang">…
  </span>`` (attributes in either order; ``xx`` a language such as ``en``, ``ur``, ``pt_br``); a
  language's text ends at the first ``</span>``, so such spans never nest;
* the ``multilang2`` filter (``filter/multilang2``): ``{mlang xx}…{mlang}``, where ``{mlang other}``
  holds the text for every language not listed.

Text outside every span belongs to all languages (Moodle shows it whatever the reader's language).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SPAN = re.compile(
    r"<span\s+(?=[^>]*\bclass\s*=\s*[\"']multilang[\"'])[^>]*\blang\s*=\s*[\"']([a-zA-Z0-9_-]+)[\"'][^>]*>"
    r"(.*?)</span>",
    re.IGNORECASE | re.DOTALL,
)
_MLANG = re.compile(r"\{mlang\s+([a-zA-Z0-9_,\s-]+)\}(.*?)\{mlang\}", re.IGNORECASE | re.DOTALL)
OTHER = "other"
"""``{mlang other}``: the version for every language the text does not list."""


@dataclass(frozen=True)
class Versions:
    by_language: tuple[tuple[str, str], ...]
    """(Moodle language code as written, lower-cased: ``en``, ``pt_br``; ``other``), in order of first
    appearance; empty for a text without multilang markup."""
    shared: str
    """The text outside every span, which every language shows."""

    def version(self, language: str) -> str | None:
        for code, text in self.by_language:
            if code == language:
                return text
        return None


def split_versions(text: str) -> Versions:
    """Each language's version of ``text``: its span(s) for that language with the shared text around
    them in place. A language with several spans (one per sentence) gets them joined in order."""
    pattern = _SPAN if _SPAN.search(text) else _MLANG if _MLANG.search(text) else None
    if pattern is None:
        return Versions((), text)
    languages: list[str] = []
    for match in pattern.finditer(text):
        for code in _codes(match.group(1)):
            if code not in languages:
                languages.append(code)
    shared = pattern.sub("", text)
    versions = []
    for language in languages:

        def keep(match: re.Match[str], language: str = language) -> str:
            return match.group(2) if language in _codes(match.group(1)) else ""

        versions.append((language, pattern.sub(keep, text)))
    return Versions(tuple(versions), shared)


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
    same = main.split("_")[0] == source_locale.replace("-", "_").split("_")[0].lower()
    return () if same else (main,)


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
