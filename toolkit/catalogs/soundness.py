"""What makes a catalog unusable for its locale, every problem located: the rules every command applies.

``update``, ``compile``, ``status``, ``import-xliff``, ``export`` and ``build`` refuse a catalog with the
first of these problems; ``quizkit check`` reports all of them beside its translation checks, so that
check finds everything that would stop build or compile (and what ``msgfmt -c`` refuses in a header).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.gettext.catalog import Catalog, CatalogEntry

DUPLICATE_KEY = "duplicate-key"
CATALOG_LANGUAGE = "catalog-language"
PLURAL_FORMS = "plural-forms"
PLURAL_FORM_COUNT = "plural-form-count"
EMPTY_CATALOG = "empty-catalog"

RULES: dict[str, str] = {
    DUPLICATE_KEY: "Two active entries of a catalog use the same msgctxt (translation key).",
    CATALOG_LANGUAGE: "The header's Language names another locale than the catalog's folder.",
    PLURAL_FORMS: "The header's Plural-Forms is invalid, gives a form outside 0…nplurals-1, "
    "or disagrees with CLDR's plural categories for the locale.",
    PLURAL_FORM_COUNT: "A plural entry has another number of forms than the header's nplurals.",
    EMPTY_CATALOG: "A catalog file is empty (no header, no entry): check and compile refuse it.",
}
"""Every problem's id (as ``quizkit check`` reports it) and summary; all are errors."""

_PLURAL_FORMS_LINE = re.compile(rb'^\s*"\s*Plural-Forms\s*:', re.IGNORECASE)
_ENTRY_START = re.compile(rb"^\s*msgctxt\b")


@dataclass(frozen=True)
class CatalogProblem:
    code: str
    line: int | None
    message: str
    key: str | None = None


def empty_catalog_problem(data: bytes) -> CatalogProblem | None:
    """A catalog file with nothing in it (a truncated or emptied file), for the commands that vouch for
    a catalog (``check``, ``compile``): read as a catalog it has no entry, so they would pass it, and
    compile would write an empty .mo. ``update`` makes it again from the template, and ``status``
    counts it as untranslated."""
    if data.strip():
        return None
    what = "empty (0 bytes)" if not data else "only white space"
    return CatalogProblem(
        EMPTY_CATALOG,
        None,
        f"the catalog is {what}: no header and no entry. If it held translations, restore it (from version "
        "control); else run quizkit update, which makes it again from the template",
    )


def plural_forms_line(data: bytes) -> int | None:
    """The line of the header's ``"Plural-Forms: …"`` string in a PO file's bytes, if it has one."""
    msgids = 0
    for number, line in enumerate(data.split(b"\n"), start=1):
        if _PLURAL_FORMS_LINE.match(line):
            return number
        if _ENTRY_START.match(line) or line.lstrip().startswith(b"msgid "):
            msgids += 1
            if msgids > 1:
                return None  # past the header entry
    return None


def shared_keys(catalog: Catalog) -> Iterator[tuple[CatalogEntry, int]]:
    """Each active entry whose msgctxt (its key) an earlier active entry has, with that entry's line."""
    first_line: dict[str, int] = {}
    for entry in catalog.active():
        if entry.context is None:
            continue
        if entry.context in first_line:
            yield entry, first_line[entry.context]
        else:
            first_line[entry.context] = entry.line


def catalog_problems(catalog: Catalog, locale: str, data: bytes) -> list[CatalogProblem]:
    """Every problem of ``catalog`` (read from ``data``) as a catalog for ``locale``, in file order
    within each kind: keys, language, the Plural-Forms header, then the plural entries."""
    from toolkit.text.locale_info import plural_forms_problem

    problems = [
        CatalogProblem(
            DUPLICATE_KEY,
            entry.line or None,
            f"msgctxt {entry.context!r} is used by two entries (the first on line {first_line}); a key "
            "names one entry: remove one of them",
            entry.context,
        )
        for entry, first_line in shared_keys(catalog)
    ]
    language = catalog.language
    if language and language.replace("-", "_") != locale:
        problems.append(
            CatalogProblem(
                CATALOG_LANGUAGE,
                1,
                f"the header says Language: {language}, but this catalog is for '{locale}'; "
                "fix the header or move the file to the right locale folder",
            )
        )
    plural_forms = catalog.header.plural_forms
    header_sound = True
    if plural_forms is not None:
        problem = plural_forms_problem(locale, plural_forms)
        if problem is not None:
            header_sound = False
            problems.append(CatalogProblem(PLURAL_FORMS, plural_forms_line(data) or 1, f"header: {problem}"))
    count = catalog.header.plural_count
    if count is not None:
        for entry in catalog.active():
            if entry.is_plural and entry.msgstr_plural and len(entry.msgstr_plural) != count:
                advice = "" if header_sound else " (correct the header first: the entries may be right)"
                problems.append(
                    CatalogProblem(
                        PLURAL_FORM_COUNT,
                        entry.line or None,
                        f"entry {entry.context or entry.msgid!r} has {len(entry.msgstr_plural)} plural forms "
                        f"but the header's Plural-Forms says nplurals={count}{advice}",
                        entry.context or entry.msgid,
                    )
                )
    return problems
