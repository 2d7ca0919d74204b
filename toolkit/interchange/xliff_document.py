"""XLIFF 2.1 documents: catalogs out to translation agencies' CAT tools, and translations back in.

One XLIFF file per target locale and domain; the unit id is the translation key, so a translation
comes back to the entry it was made for whatever the tool did to the order. Segment states map to
gettext both ways, as translate-toolkit (and so Weblate) reads them:

=================================  =======================  ==========================================
catalog entry                      exported state           imported back as
=================================  =======================  ==========================================
untranslated                       ``initial``, no target   (no target: nothing changes)
fuzzy                              ``initial``, target kept fuzzy
translated                         ``translated``           translated
approved (:mod:`.review`)          ``final``                translated and approved (``reviewed`` too)
=================================  =======================  ==========================================

A ``reviewed`` or ``final`` target records an approval by the reviewer given to the import
(``--reviewer``); without one it comes in translated and the import says it is not approved. Nothing
in the file approves: a returned file is the translator's word, and an approval is the reviewer's. So
neither a ``<note category="reviewer">`` nor an approval comment among the returned notes (its hash is
public, anyone can compute it) is imported as an approval; such a comment is dropped with a warning. Notes carry the translator context
(``#.``; its screenshot, ``#. Screenshot: <path>``, as a note of category ``screenshot``: the path
relative to the project), the translator comments (``#``, suppressions and approvals included) and, for fuzzy entries,
the previous source text (``#|``).

Inline code, code blocks and TeX formulas go out as placeholders a CAT tool cannot edit (``<ph>``, with
the original in the unit's ``<originalData>``: :mod:`.xliff_inline`) and come back as the text they stand
for.

Every ``<unit>`` is written ``xml:space="preserve"``: a catalog's whitespace is part of its text (an
accepted answer's lines are the answers a learner may type, one per line), and without it a CAT tool
may normalize it: translate-toolkit (and so Weblate) reads an XLIFF 2 unit's line breaks as spaces
unless ``xml:space`` says to preserve them.

Imported files are decoded by XML's rules and parsed with no DTD, no entity expansion and no network
(:mod:`.untrusted_xml`): a document with a DOCTYPE is refused outright, which stops entity bombs and
external entities, and one whose bytes are not valid in the encoding it declares is refused, not
decoded into mojibake.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from lxml import etree

from toolkit.errors import DocumentError
from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry
from toolkit.gettext.review import ReviewerError, approved, checked_reviewer, is_approval_comment, is_approved
from toolkit.interchange.untrusted_xml import REFUSE_DOCTYPE, UntrustedXmlError, parse_untrusted_xml
from toolkit.interchange.xliff_inline import (
    PlaceholderError,
    original_data,
    read_content,
    source_placeholders,
    write_content,
    write_original_data,
)
from toolkit.keys import is_accepted_answer_key
from toolkit.screenshots.naming import split_screenshot_reference
from toolkit.text.answer_lines import joined_lines
from toolkit.text.characters import NOT_XML_CHARACTER
from toolkit.text.locale_info import plural_index_categories
from toolkit.text.xml_names import XML_SPACE

NAMESPACE = "urn:oasis:names:tc:xliff:document:2.0"
VERSION = "2.1"
MAX_XLIFF_BYTES = 64 * 1024 * 1024
_N = f"{{{NAMESPACE}}}"
CONTEXT_NOTE = "context"
COMMENT_NOTE = "translator-comment"
PREVIOUS_NOTE = "previous-source"
SCREENSHOT_NOTE = "screenshot"
"""The note that names the entry's screenshot (its ``#. Screenshot: <path>`` comment, the path alone)."""


class XliffError(DocumentError):
    pass


def _state(entry: CatalogEntry, translation: str) -> str:
    if not translation or entry.is_fuzzy:
        return "initial"
    return "final" if is_approved(entry) else "translated"


_WHAT = {
    CONTEXT_NOTE: "comment for translators",
    COMMENT_NOTE: "translator comment",
    PREVIOUS_NOTE: "previous source",
    SCREENSHOT_NOTE: "screenshot",
}


def _carried(text: str, what: str, unit_id: str, entry: CatalogEntry) -> str:
    """``text``, which XML must be able to carry: a catalog may hold a control character (in a comment,
    say) that no XML can, and the export says where instead of failing inside the XML library."""
    found = NOT_XML_CHARACTER.search(text)
    if found:
        raise XliffError(
            entry.line or None,
            f"{unit_id}: its {what} holds U+{ord(found.group(0)):04X}, a control character XML cannot "
            "carry; remove it from the catalog and export again",
        )
    return text


def _unit(parent: etree._Element, unit_id: str, entry: CatalogEntry, source: str, translation: str) -> None:
    unit = etree.SubElement(parent, f"{_N}unit", id=unit_id)
    unit.set(XML_SPACE, "preserve")
    screenshot, context = split_screenshot_reference(entry.extracted_comments)
    notes = [(CONTEXT_NOTE, comment) for comment in context]
    if screenshot is not None:
        notes.append((SCREENSHOT_NOTE, screenshot))
    notes += [(COMMENT_NOTE, comment) for comment in entry.translator_comments]
    if entry.is_fuzzy and entry.previous_msgid is not None:
        notes.append((PREVIOUS_NOTE, entry.previous_msgid))
    notes = [(category, _carried(text, _WHAT[category], unit_id, entry)) for category, text in notes]
    source = _carried(source, "source", unit_id, entry)
    translation = _carried(translation, "translation", unit_id, entry)
    if notes:
        notes_element = etree.SubElement(unit, f"{_N}notes")
        for category, text in notes:
            note = etree.SubElement(notes_element, f"{_N}note", category=category)
            note.text = text
    placeholders = source_placeholders(source)
    write_original_data(unit, NAMESPACE, placeholders)
    segment = etree.SubElement(unit, f"{_N}segment", state=_state(entry, translation))
    write_content(etree.SubElement(segment, f"{_N}source"), NAMESPACE, source, placeholders)
    if translation:
        write_content(etree.SubElement(segment, f"{_N}target"), NAMESPACE, translation, placeholders)


def catalog_to_xliff(
    catalog: Catalog, domain: str, locale: str, source_tag: str, target_tag: str, original: str
) -> bytes:
    root = etree.Element(
        f"{_N}xliff", nsmap={None: NAMESPACE}, version=VERSION, srcLang=source_tag, trgLang=target_tag
    )
    file_element = etree.SubElement(root, f"{_N}file", id=domain, original=original)
    categories = plural_index_categories(
        locale, catalog.header.plural_forms or "nplurals=2; plural=(n != 1);"
    )
    for entry in catalog.active():
        key = entry.context or entry.msgid
        if not entry.is_plural:
            _unit(file_element, key, entry, entry.msgid, entry.msgstr)
            continue
        group = etree.SubElement(file_element, f"{_N}group", id=key, type="x-gettext:plural")
        for index, category in enumerate(categories):
            source = (
                entry.msgid
                if category == "one" or len(categories) == 1
                else entry.msgid_plural or entry.msgid
            )
            translation = entry.msgstr_plural[index] if index < len(entry.msgstr_plural) else ""
            _unit(group, f"{key}:{category}", entry, source, translation)
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


@dataclass(frozen=True)
class ImportedUnit:
    key: str
    category: str | None
    source: str
    target: str | None
    state: str
    comments: tuple[str, ...] | None
    """Translator comments returned in <notes>; None when the unit has no <notes> (keep the catalog's)."""
    line: int


@dataclass
class ImportedFile:
    domain: str
    source_tag: str
    target_tag: str
    line: int = 0
    """Line of the <file> element."""
    root_line: int = 0
    """Line of the <xliff> element, where trgLang is."""
    units: list[ImportedUnit] = field(default_factory=list)


def _text(element: etree._Element | None) -> str:
    return "" if element is None else "".join(element.itertext())


def _segment_texts(
    unit: etree._Element, unit_id: str, segment: etree._Element, target: etree._Element | None
) -> tuple[str, str | None]:
    """The source and target texts of a segment, each placeholder (:mod:`.xliff_inline`) as the code or
    formula it stands for."""
    data = original_data(unit, NAMESPACE)
    try:
        source, originals = read_content(segment.find(f"{_N}source"), NAMESPACE, data)
        if target is None:
            return source, None
        return source, read_content(target, NAMESPACE, data, originals)[0]
    except PlaceholderError as error:
        raise XliffError(
            error.line,
            f'unit {unit_id}: placeholder <ph id="{error.placeholder_id}"> stands for nothing its unit '
            "holds (no placeholder of the source has its id, and it has no dataRef or equiv); put back the "
            "placeholder the source has and import again",
        ) from None


STATES = ("initial", "translated", "reviewed", "final")
REVIEWED_STATES = ("reviewed", "final")
"""Targets in these states come in approved; in "translated", as translations; in "initial", fuzzy."""


def parse_xliff(raw: bytes) -> list[ImportedFile]:
    if len(raw) > MAX_XLIFF_BYTES:
        raise XliffError(
            None, f"file is {len(raw):,} bytes; XLIFF imports are limited to {MAX_XLIFF_BYTES:,}"
        )
    try:
        root = parse_untrusted_xml(raw, "XLIFF", REFUSE_DOCTYPE)
    except UntrustedXmlError as error:
        raise XliffError(error.line, error.message) from None
    if root.tag != f"{_N}xliff":
        raise XliffError(
            root.sourceline, f"the root element is {root.tag!s}; expected an XLIFF 2 <xliff> in {NAMESPACE}"
        )
    if root.get("version") not in ("2.0", "2.1"):
        raise XliffError(
            root.sourceline, f"XLIFF version {root.get('version')} is not supported (2.0 or 2.1)"
        )
    target_tag = root.get("trgLang")
    if not target_tag:
        raise XliffError(
            root.sourceline, "the <xliff> element has no trgLang: which language are the targets in?"
        )
    files = []
    seen: dict[tuple[str, str], int] = {}
    for file_element in root.iter(f"{_N}file"):
        imported = ImportedFile(
            file_element.get("id") or "",
            root.get("srcLang") or "",
            target_tag,
            line=file_element.sourceline or 0,
            root_line=root.sourceline or 0,
        )
        for unit in file_element.iter(f"{_N}unit"):
            unit_id = unit.get("id") or ""
            first = seen.get((imported.domain, unit_id))
            seen.setdefault((imported.domain, unit_id), unit.sourceline or 0)
            if first is not None:
                # XLIFF 2.1 §4.3.1.21: a unit's id is unique in its <file>. Which of two translations
                # is meant cannot be told, so neither is taken.
                raise XliffError(
                    unit.sourceline,
                    f"unit {unit_id} is in the file twice (lines {first} and {unit.sourceline}); "
                    "keep the one with the right translation and import again",
                )
            parent = unit.getparent()  # never None: the unit was found under file_element
            in_group = parent is not None and parent.tag == f"{_N}group"
            key, _, category = unit_id.partition(":") if in_group else (unit_id, "", "")
            segments = unit.findall(f"{_N}segment")
            if len(segments) != 1:
                raise XliffError(
                    unit.sourceline,
                    f"unit {unit_id} has {len(segments)} segments; quizkit expects one (do not split or join segments)",
                )
            segment = segments[0]
            state = segment.get("state")
            if state is not None and state not in STATES:
                raise XliffError(
                    segment.sourceline,
                    f"unit {unit_id} has state '{state}'; XLIFF 2 states are initial, translated, reviewed and final",
                )
            target = segment.find(f"{_N}target")
            notes = unit.find(f"{_N}notes")
            comments = (
                tuple(
                    _text(note) for note in notes.findall(f"{_N}note") if note.get("category") == COMMENT_NOTE
                )
                if notes is not None
                else None  # no <notes> at all: the tool did not return them, so they stay as they are
            )
            source, target_text = _segment_texts(unit, unit_id, segment, target)
            imported.units.append(
                ImportedUnit(
                    key=key,
                    category=category or None,
                    source=source,
                    target=target_text,
                    state=state or ("translated" if target is not None else "initial"),
                    comments=comments,
                    line=unit.sourceline or 0,
                )
            )
        files.append(imported)
    return files


@dataclass
class ImportSummary:
    updated: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    """Imported although their source changed since export: fuzzy, with the old source as #| msgid."""
    kept: list[str] = field(default_factory=list)
    """Not imported: their source changed since export, and the catalog has a reviewed translation."""
    fuzzy: list[str] = field(default_factory=list)
    """The updated entries that are fuzzy now (the others are translations)."""
    approved: list[str] = field(default_factory=list)
    """Entries whose every unit came back ``reviewed`` or ``final``: approved now."""
    unapproved: list[str] = field(default_factory=list)
    """Entries that came back ``reviewed`` or ``final`` with no reviewer named: translated, not approved."""
    dropped_approvals: list[tuple[int, str]] = field(default_factory=list)
    """(line, key) of units whose notes carry an approval the catalog does not have: not imported."""
    joined: list[tuple[int, str, str]] = field(default_factory=list)
    """(line, key, why) of accepted answers whose lines came back joined: not imported, the catalog keeps
    its own."""


def apply_units(
    catalog: Catalog,
    locale: str,
    units: Sequence[ImportedUnit],
    baseline: Catalog | None = None,
    reviewer: str | None = None,
) -> tuple[Catalog, ImportSummary]:
    """Translations from ``units`` applied to ``catalog`` by key; unknown keys are errors.

    ``baseline`` is the catalog before this import began: a unit that returns its translation
    unchanged from there brings nothing, so it does not undo what an earlier file of the same
    import changed. To apply many files to one catalog, use :class:`UnitImport` (the catalog is
    built once, not once per file).
    """
    importing = UnitImport(catalog, locale, baseline, reviewer)
    summary = importing.apply(units)
    return importing.catalog(), summary


class UnitImport:
    """The translations of XLIFF units applied to one catalog, one file (or ``<file>``) after another.

    Each :meth:`apply` costs what its units cost, whatever the catalog's size; :meth:`catalog` builds
    the result once. Files apply in order, each keeping what the earlier ones brought in; a plural
    entry stays fuzzy while any of its forms came back unreviewed in the same file.
    """

    def __init__(
        self,
        catalog: Catalog,
        locale: str,
        baseline: Catalog | None = None,
        reviewer: str | None = None,
        date: str | None = None,
    ) -> None:
        self._reviewer = reviewer
        self._date = date
        self._catalog = catalog
        self._locale = locale
        self._by_key = {entry.context: entry for entry in catalog.active()}
        self._before = (
            self._by_key if baseline is None else {entry.context: entry for entry in baseline.active()}
        )
        self._position = {entry.context: number for number, entry in enumerate(catalog.active())}
        self._categories = plural_index_categories(
            locale, catalog.header.plural_forms or "nplurals=2; plural=(n != 1);"
        )
        self._changed: dict[str | None, CatalogEntry] = {}
        self._made_fuzzy: set[str] = set()

    def catalog(self) -> Catalog:
        """The catalog with every unit applied so far."""
        if not self._changed:
            return self._catalog
        changed = self._changed
        entries = tuple(
            entry if entry.obsolete else changed.get(entry.context, entry) for entry in self._catalog.entries
        )
        return replace(self._catalog, entries=entries)

    def apply(self, units: Sequence[ImportedUnit]) -> ImportSummary:
        """Apply one file's units; what they changed, in catalog order. Unknown keys are errors."""
        categories, changed = self._categories, self._changed
        # Per file, as when each file was applied to the catalog the one before left: a later file's
        # reviewed form is not held back by an earlier file's unreviewed one.
        self._made_fuzzy = set()
        # The entries these units touch, as they were before them: what "updated" compares with.
        touched: dict[str, CatalogEntry] = {}
        reviewed: dict[str, list[ImportedUnit]] = {}
        summary = ImportSummary()
        for unit in units:
            entry = changed.get(unit.key) or self._by_key.get(unit.key)
            if entry is None:
                raise XliffError(
                    unit.line,
                    f"unit {unit.key} is not in the catalog; was the XLIFF exported from this project?",
                )
            touched.setdefault(unit.key, entry)
            if entry.is_plural and unit.category is None:
                forms = " or ".join(f"{unit.key}:{category}" for category in categories)
                raise XliffError(
                    unit.line,
                    f"unit {unit.key} is a plural message: each of its units is named for a plural form "
                    f"of {self._locale}, {forms}, inside a group of type x-gettext:plural "
                    "(as quizkit exports it)",
                )
            if entry.is_plural and unit.category not in categories:
                raise XliffError(
                    unit.line,
                    f"unit {unit.key}:{unit.category} names no plural form of {self._locale} "
                    f"({', '.join(categories)})",
                )
            comments = self._comments(entry, unit, summary)
            if comments is not None and comments != entry.translator_comments:
                entry = replace(entry, translator_comments=comments)
                changed[unit.key] = entry
            updated = self._updated(entry, unit, summary)
            if updated is not None:
                changed[unit.key] = updated
            reviewed.setdefault(unit.key, []).append(unit)
        for key, key_units in reviewed.items():
            self._approve(key, key_units, summary)
        for key in sorted(touched, key=self._position.__getitem__):
            new = changed.get(key)
            if new is not None and new != touched[key]:
                summary.updated.append(key)
                if new.is_fuzzy:
                    summary.fuzzy.append(key)
        return summary

    @staticmethod
    def _comments(entry: CatalogEntry, unit: ImportedUnit, summary: ImportSummary) -> tuple[str, ...] | None:
        """The translator comments the unit returns, with the catalog's approvals in place of any the
        notes carry: an approval comment the catalog does not have is not imported."""
        if unit.comments is None:
            return None
        own = [comment for comment in entry.translator_comments if is_approval_comment(comment)]
        if any(is_approval_comment(comment) and comment not in own for comment in unit.comments):
            summary.dropped_approvals.append((unit.line, unit.key))
        returned = tuple(comment for comment in unit.comments if not is_approval_comment(comment))
        if returned == tuple(c for c in entry.translator_comments if not is_approval_comment(c)):
            return entry.translator_comments
        return (*returned, *own)

    def _approve(self, key: str, units: list[ImportedUnit], summary: ImportSummary) -> None:
        """Record an approval where every unit of the entry came back reviewed with the translation the
        entry now holds (a stale or kept unit holds another one)."""
        entry = self._changed.get(key) or self._by_key[key]
        if not entry.is_translated or is_approved(entry):
            return
        if any(unit.state not in REVIEWED_STATES or not unit.target for unit in units):
            return
        # Reviewed against another source text: that review says nothing about this one.
        if any(unit.source != self._source_of(entry, unit.category) for unit in units):
            return
        if entry.is_plural:
            forms = dict(zip(self._categories, entry.msgstr_plural, strict=False))
            returned = {unit.category: unit.target for unit in units}
            if returned != forms:
                return
        elif units[-1].target != entry.msgstr:
            return
        reviewer = self._reviewer
        if reviewer is None:
            summary.unapproved.append(key)
            return
        try:
            self._changed[key] = approved(entry, checked_reviewer(reviewer), self._date)
        except ReviewerError as error:
            raise XliffError(units[0].line, f"unit {key}: {error}") from None
        summary.approved.append(key)

    @staticmethod
    def _source_of(entry: CatalogEntry, category: str | None) -> str:
        if entry.is_plural and category is not None and category != "one":
            return entry.msgid_plural or entry.msgid
        return entry.msgid

    def _updated(
        self, entry: CatalogEntry, unit: ImportedUnit, summary: ImportSummary
    ) -> CatalogEntry | None:
        """``entry`` with the unit's target in it, or None when the unit brings nothing."""
        categories = self._categories
        # No target: nothing to import, and nothing to erase. A target in state "initial" is work that
        # needs more work: translate-toolkit (and so Weblate) writes fuzzy translations that way.
        if not unit.target:
            return None
        stale = unit.source != self._source_of(entry, unit.category)
        if not entry.is_plural and is_accepted_answer_key(unit.key):
            joined = joined_lines(unit.target, entry.msgstr, entry.msgid)
            if joined is not None:
                # A tool read the lines as one (translate-toolkit without xml:space="preserve"): taking the
                # target would accept none of the answers it lists.
                summary.joined.append((unit.line, unit.key, joined))
                return None
        index = categories.index(unit.category) if entry.is_plural and unit.category is not None else None
        current = (
            (entry.msgstr_plural[index] if index is not None and index < len(entry.msgstr_plural) else "")
            if entry.is_plural
            else entry.msgstr
        )
        original = self._before.get(unit.key)
        if original is not None and not stale and unit.state != "initial":
            original_forms = original.msgstr_plural if original.is_plural else (original.msgstr,)
            if index is not None and index < len(original_forms) and original_forms[index] == unit.target:
                return None
            if index is None and original.msgstr == unit.target and not original.is_fuzzy:
                return None
        if stale and current and not entry.is_fuzzy:
            # A reviewed translation of the current source beats one made for an older source.
            summary.kept.append(unit.key)
            return None
        fuzzy = unit.state == "initial" or stale
        if entry.is_plural and index is not None:
            forms = list(entry.msgstr_plural) + [""] * (len(categories) - len(entry.msgstr_plural))
            forms[index] = unit.target
            updated = replace(entry, msgstr_plural=tuple(forms))
            # A plural entry stays fuzzy while any of its forms came back unreviewed.
            updated = updated.with_flag(FUZZY, fuzzy or unit.key in self._made_fuzzy)
        else:
            updated = replace(entry, msgstr=unit.target).with_flag(FUZZY, fuzzy)
        if fuzzy:
            self._made_fuzzy.add(unit.key)
        if stale:
            summary.stale.append(unit.key)
            updated = replace(
                updated, previous_context=None, previous_msgid=unit.source, previous_msgid_plural=None
            )
        elif not updated.is_fuzzy:
            updated = replace(updated, previous_context=None, previous_msgid=None, previous_msgid_plural=None)
        return updated
