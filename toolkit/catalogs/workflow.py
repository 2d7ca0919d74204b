"""The catalogs of a project: extract, update, compile and count them, from the configuration.

These functions do the work of ``quizkit extract``, ``update``, ``compile`` and ``status``. They never
print; they return what they did, and raise :class:`CatalogError` (with file and line) on bad input.
Nothing is written unless every input was read without error.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.catalogs.extraction import extract_templates
from toolkit.catalogs.imported import WaitingTranslation, apply_imported
from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.new_catalog import new_catalog_header
from toolkit.catalogs.retirement import (
    LeftBehind,
    Orphan,
    Retirement,
    left_behind,
    live_domains,
    orphans,
    plan_retirement,
    remove_taken_back,
    retire,
    retired_catalog,
    taken_back_problem,
)
from toolkit.catalogs.screenshot_references import with_screenshot_references
from toolkit.catalogs.soundness import CatalogProblem, catalog_problems, empty_catalog_problem
from toolkit.catalogs.statistics import CatalogStatistics, catalog_statistics
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path, load_content
from toolkit.errors import LocatedError
from toolkit.files import (
    FileTooLargeError,
    changed_since_read,
    read_regular_file,
    refuse_unwritable,
    write_bytes_atomic,
)
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.merge import MergeError, MergeSummary, merge
from toolkit.gettext.po_reader import MAX_PO_BYTES, PoSyntaxError, read_po
from toolkit.gettext.po_writer import write_po
from toolkit.memory.prefill import PrefillMemory, prefill_from_memory
from toolkit.model import Content
from toolkit.text.locale_info import cldr_plural_forms


class CatalogError(LocatedError):
    names_its_place = True


@dataclass(frozen=True)
class FileOutcome:
    path: Path
    changed: bool
    detail: str = ""


@dataclass(frozen=True)
class Outcomes:
    files: tuple[FileOutcome, ...] = ()
    retired: tuple[Retirement, ...] = ()
    """Templates and catalogs of quizzes that are gone, removed or retired (:mod:`.retirement`)."""
    left_behind: tuple[LeftBehind, ...] = ()
    """Retired catalogs of quizzes that are back, still kept beside the one taken back."""

    @property
    def changed(self) -> list[FileOutcome]:
        return [outcome for outcome in self.files if outcome.changed]


def templates(config: ProjectConfig, with_lines: bool = False) -> dict[str, Catalog]:
    return extract_templates(load_content(config.content_path), config.root, with_lines)


def extract(config: ProjectConfig, with_lines: bool = False) -> Outcomes:
    layout = CatalogLayout.for_project(config)
    rendered = {domain: write_po(template) for domain, template in templates(config, with_lines).items()}
    return Outcomes(
        tuple(_write_template(layout.template(domain), data) for domain, data in rendered.items())
    )


def _write_template(path: Path, data: bytes) -> FileOutcome:
    changed = write_bytes_atomic(path, data)
    entries = data.count(b"\nmsgctxt ")
    return FileOutcome(path, changed, f"{entries} entries")


def template_domains(config: ProjectConfig) -> list[str]:
    """The domains that have a template (``locales/<domain>.pot``): what compile and status cover.

    Read from the templates rather than the content, so that neither command validates every quiz;
    ``quizkit update`` (or build) keeps the templates in step with the content.
    """
    from toolkit.keys import is_valid_id

    found = sorted(path.stem for path in config.locales_path.glob("*.pot") if is_valid_id(path.stem))
    if not found:
        raise CatalogError(
            display_path(config.locales_path), None, "no templates (.pot) here; run quizkit update first"
        )
    return found


def read_catalog_bytes(path: Path) -> bytes:
    """A catalog's bytes, read with the catalog size limit (too large: :class:`PoSyntaxError`)."""
    try:
        return read_regular_file(path, MAX_PO_BYTES)
    except FileTooLargeError as error:
        raise PoSyntaxError(
            display_path(path),
            None,
            f"file is {error.size:,} bytes; catalogs are limited to {MAX_PO_BYTES:,}",
        ) from None


def read_catalog(path: Path) -> Catalog:
    return _read_catalog_and_bytes(path)[0]


def _read_catalog_and_bytes(path: Path) -> tuple[Catalog, bytes]:
    """The catalog at ``path`` and the bytes it was read from; a :class:`CatalogError` where it cannot
    be read or parsed."""
    file = display_path(path)
    try:
        data = read_catalog_bytes(path)
        return read_po(data, file), data
    except PoSyntaxError as error:
        raise CatalogError(error.file, error.line, error.message) from None
    except OSError as error:
        raise CatalogError(file, None, error.strerror or str(error)) from None


def plural_forms_for(locale: str) -> str:
    """The Plural-Forms of a new catalog: the expression that agrees with CLDR (gettext's usual one where
    it does), never one that merely sits in a table."""
    return cldr_plural_forms(locale) or "nplurals=2; plural=(n != 1);"


def language_name(locale: str) -> str:
    from babel import Locale
    from babel.core import UnknownLocaleError

    try:
        return str(Locale.parse(locale).english_name)
    except (UnknownLocaleError, ValueError):
        return locale


def read_with_problems(
    path: Path, locale: str, *, refuse_empty: bool = False
) -> tuple[Catalog, list[CatalogProblem], bytes]:
    """A catalog read from ``path``, with every problem that makes it unusable for ``locale``
    (``refuse_empty``: an empty file is one, for check and compile, which vouch for the catalog), and the
    bytes it was read from: a command that rewrites the file works on those bytes, and
    :func:`refuse_changed_since_read` compares their digest before it writes."""
    catalog, data = _read_catalog_and_bytes(path)
    empty = empty_catalog_problem(data) if refuse_empty else None
    return catalog, [*([empty] if empty else []), *catalog_problems(catalog, locale, data)], data


def _validated_existing(path: Path, locale: str, *, refuse_empty: bool = False) -> Catalog:
    return validated_catalog_read(path, locale, refuse_empty=refuse_empty)[0]


def validated_catalog(path: Path, locale: str) -> Catalog:
    """A catalog read and checked against its locale: keys, plural forms, charset."""
    return _validated_existing(path, locale)


def validated_catalog_read(path: Path, locale: str, *, refuse_empty: bool = False) -> tuple[Catalog, str]:
    """:func:`validated_catalog`, and the digest of the bytes it was read from, for
    :func:`refuse_changed_since_read` before the command writes the file back."""
    catalog, problems, data = read_with_problems(path, locale, refuse_empty=refuse_empty)
    if problems:
        raise CatalogError(display_path(path), problems[0].line, problems[0].message)
    return catalog, hashlib.sha256(data).hexdigest()


def refuse_changed_since_read(path: Path, read_digest: str | None) -> None:
    """Refuse to write over a catalog that is no longer what the command read (``read_digest``; None:
    it did not exist): a translator saved it in an editor meanwhile, and writing what the command made
    from the older text would lose what they saved, without a word."""
    why = changed_since_read(path, read_digest, MAX_PO_BYTES)
    if why is not None:
        raise CatalogError(display_path(path), None, why)


def write_planned(plans: Sequence[PlannedCatalog]) -> list[tuple[PlannedCatalog, bool]]:
    """Write planned catalogs, each with whether it changed; a catalog changed on disk since it was
    read stops the writing (:func:`refuse_changed_since_read`), checked for all before the first write
    and for each again just before it is replaced."""
    for plan in plans:
        refuse_changed_since_read(plan.path, plan.read_digest)
        if plan.restored_from is not None:
            refuse_changed_since_read(plan.restored_from, plan.restored_digest)
    written = []
    for plan in plans:
        refuse_changed_since_read(plan.path, plan.read_digest)
        changed = write_bytes_atomic(plan.path, plan.data, durable=True)
        written.append((plan, changed or plan.restored_from is not None))
        finish_restoring(plan)
    return written


def _locales(config: ProjectConfig, locales: Sequence[str] | None) -> list[str]:
    if not locales:
        return list(config.target_locales)
    unknown = [locale for locale in locales if locale not in config.target_locales]
    if unknown:
        configured = ", ".join(config.target_locales) or "none"
        raise CatalogError(
            str(config.config_file or "configuration"),
            None,
            f"locale {unknown[0]} is not a target locale of this project (configured: {configured})",
        )
    return list(locales)


@dataclass(frozen=True)
class PlannedCatalog:
    path: Path
    locale: str
    domain: str
    data: bytes
    """The file's bytes, as :func:`toolkit.catalogs.write_po` encodes them (in the header's charset)."""
    summary: MergeSummary
    created: bool
    prefilled: int = 0
    """Entries pre-filled from the translation memory (fuzzy)."""
    catalog: Catalog | None = None
    """What ``data`` holds, as a model."""
    restored_from: Path | None = None
    """The retired catalog of a quiz that returned, merged here: removed once this one is written
    (:func:`finish_restoring`)."""
    read_digest: str | None = None
    """The SHA-256 of the file as it was read; None when there was none (``created``, or restored)."""
    restored_digest: str | None = None
    """The SHA-256 of ``restored_from`` as it was read: a retired catalog saved in an editor since is
    not removed (:func:`finish_restoring`), or what was saved in it would be lost."""


def imported_translations(content: Content) -> dict[tuple[str, str], dict[str, WaitingTranslation]]:
    """Translations waiting in quiz YAML (``ur:`` beside ``text:``), by (locale, domain), then by key."""
    found: dict[tuple[str, str], dict[str, WaitingTranslation]] = {}
    for quiz in content.quizzes:
        for text in quiz.texts():
            origins = dict(text.imported_from)
            sources = dict(text.imported_source)
            for locale, translation in text.imported:
                waiting = WaitingTranslation(translation, origins.get(locale), sources.get(locale))
                found.setdefault((locale.replace("-", "_"), quiz.id), {})[text.key] = waiting
    return found


def _planned_catalogs(
    config: ProjectConfig,
    content: Content,
    domain_templates: dict[str, Catalog],
    locales: Sequence[str] | None,
    use_memory: bool = True,
) -> list[PlannedCatalog]:
    """Merged catalogs in memory, for every target locale and domain; nothing is written.

    Translations waiting in the quiz YAML (from a scraped page, fuzzy; from a bank, translated) are
    added where a catalog has no translation yet (:mod:`toolkit.catalogs.imported`); then, with ``use_memory``,
    suggestions from the translation memory (:mod:`toolkit.memory.prefill`).
    """
    imported = imported_translations(content)
    memory = PrefillMemory(config) if use_memory else None
    return [
        plan_catalog(config, locale, domain, template, imported.get((locale, domain)), memory)
        for locale in _locales(config, locales)
        for domain, template in domain_templates.items()
    ]


def plan_catalog(
    config: ProjectConfig,
    locale: str,
    domain: str,
    template: Catalog,
    waiting: Mapping[str, WaitingTranslation] | None,
    memory: PrefillMemory | None = None,
) -> PlannedCatalog:
    """One catalog merged with its template in memory (``waiting``: imported translations by key;
    ``memory``: the translation memory to pre-fill untranslated entries from, or None)."""
    path = CatalogLayout.for_project(config).catalog(locale, domain)
    plural_forms = plural_forms_for(locale)
    # A quiz that returns takes back the catalog kept when it was deleted.
    restored_from = None if path.exists() else retired_catalog(config, locale, domain)
    created = not path.exists() and restored_from is None
    read_digest = None
    restored_digest = None
    if created:
        header = new_catalog_header(domain, locale, plural_forms, language_name(locale))
        existing = Catalog(header, ())
    else:
        if restored_from is not None:
            try:
                existing, restored_digest = validated_catalog_read(restored_from, locale)
            except CatalogError as error:
                raise CatalogError(
                    error.file, error.line, taken_back_problem(domain, error.message)
                ) from None
        else:
            existing, read_digest = validated_catalog_read(path, locale)
        header = existing.header
        if header.plural_forms is None:
            header = header.with_field("Plural-Forms", plural_forms)
        if header.get("Language") is None:
            header = header.with_field("Language", locale)
        existing = Catalog(header, existing.entries)
    plural_count = existing.header.plural_count or 2
    try:
        merged, summary = merge(template, existing, plural_count)
    except MergeError as error:
        raise CatalogError(display_path(path), error.line, error.message) from None
    if waiting:
        merged, _ = apply_imported(merged, existing, waiting)
    merged, prefilled = prefill_from_memory(merged, memory, locale, domain)
    merged = with_screenshot_references(merged, locale, config)
    return PlannedCatalog(
        path,
        locale,
        domain,
        write_po(merged),
        summary,
        created,
        prefilled,
        merged,
        restored_from,
        read_digest,
        restored_digest,
    )


def finish_restoring(plan: PlannedCatalog) -> None:
    """Remove the retired catalog ``plan`` took back, now that its catalog is written; one saved in an
    editor since it was read is refused (:func:`refuse_changed_since_read`) and kept: what was saved in it
    is not in the catalog."""
    if plan.restored_from is not None:
        refuse_changed_since_read(plan.restored_from, plan.restored_digest)
        remove_taken_back(plan.restored_from)


def update(
    config: ProjectConfig, locales: Sequence[str] | None = None, *, use_memory: bool = True
) -> tuple[Outcomes, list[tuple[PlannedCatalog, bool]]]:
    """Write templates and merged catalogs; return what happened to each template, and each catalog with
    whether it changed.

    Every file is planned, and every file that would change is checked to be writable, before the first
    write: a read-only catalog stops the update with nothing written, its template included.
    """
    layout = CatalogLayout.for_project(config)
    content = load_content(config.content_path)
    domain_templates = extract_templates(content, config.root)
    rendered = {layout.template(domain): write_po(template) for domain, template in domain_templates.items()}
    planned = _planned_catalogs(config, content, domain_templates, locales, use_memory)
    for path, data in (*rendered.items(), *((plan.path, plan.data) for plan in planned)):
        refuse_unwritable(path, data)
    leaving = plan_retirement(config, _orphans(config, domain_templates, locales))
    files = tuple(_write_template(path, data) for path, data in rendered.items())
    written = write_planned(planned)
    retired = tuple(retire(config, leaving))
    kept = left_behind(config, ((plan.locale, plan.domain, plan.path) for plan in planned))
    return Outcomes(files, retired, tuple(kept)), written


def _orphans(
    config: ProjectConfig, domain_templates: dict[str, Catalog], locales: Sequence[str] | None
) -> list[Orphan]:
    """The templates, and the catalogs of the locales updated, whose quiz is gone."""
    chosen = set(_locales(config, locales)) if locales else None
    return [
        orphan
        for orphan in orphans(config, live_domains(config, domain_templates))
        if orphan.locale is None or chosen is None or orphan.locale in chosen
    ]


def _entries_signature(catalog: Catalog) -> list[tuple[object, ...]]:
    """What a catalog says, ignoring wrapping and the creation date."""
    return [
        (
            entry.context,
            entry.msgid,
            entry.msgid_plural,
            entry.translations,
            tuple(sorted(entry.flags)),
            entry.translator_comments,
            entry.extracted_comments,
            entry.references,
            entry.previous_context,
            entry.previous_msgid,
            entry.obsolete,
        )
        for entry in catalog.entries
    ]


def stale_files(
    config: ProjectConfig, locales: Sequence[str] | None = None, *, use_memory: bool = True
) -> list[Path]:
    """Templates and catalogs that ``update`` would change (ignoring wrapping and dates), and those it
    would remove or retire because their quiz is gone."""
    layout = CatalogLayout.for_project(config)
    content = load_content(config.content_path)
    domain_templates = extract_templates(content, config.root)
    stale: list[Path] = []
    for domain, template in domain_templates.items():
        path = layout.template(domain)
        expected = read_po(write_po(template), str(path))
        if not path.exists() or _entries_signature(read_catalog(path)) != _entries_signature(expected):
            stale.append(path)
    for plan in _planned_catalogs(config, content, domain_templates, locales, use_memory):
        expected = read_po(plan.data, str(plan.path))
        if (
            plan.created
            or plan.restored_from is not None
            or _entries_signature(read_catalog(plan.path)) != _entries_signature(expected)
        ):
            stale.append(plan.path)
    stale.extend(
        orphan.path for orphan in _orphans(config, domain_templates, locales) if orphan.path.suffix != ".mo"
    )
    return stale


@dataclass(frozen=True)
class StatusRow:
    locale: str
    domain: str
    path: Path
    statistics: CatalogStatistics | None


def status(config: ProjectConfig, locales: Sequence[str] | None = None) -> list[StatusRow]:
    layout = CatalogLayout.for_project(config)
    rows: list[StatusRow] = []
    domains = template_domains(config)
    templates_read = {domain: read_catalog(layout.template(domain)) for domain in domains}
    for locale in _locales(config, locales):
        for domain in domains:
            path = layout.catalog(locale, domain)
            statistics = (
                catalog_statistics(_validated_existing(path, locale), templates_read[domain])
                if path.exists()
                else None
            )
            rows.append(StatusRow(locale, domain, path, statistics))
    return rows
