"""What ``quizkit import`` writes for a question bank: the quiz YAML and a catalog per other language.

The reader gives the content model (:class:`~toolkit.importing.bank.ImportedBank`); this module writes
it as a person would have: ``content/<quiz>.yaml`` in the source language, valid against
schema/quiz.schema.json and read back by the loader to the same texts and answers, and for each
language the bank carried that is a target locale of the project,
``locales/<locale>/LC_MESSAGES/<quiz>.po`` as ``quizkit update`` makes it (the same template, header
and merge), with the bank's translations filled in:

* translated, not fuzzy: a person translated them in the bank; but not approved
  (:mod:`toolkit.gettext.review`), since nobody has reviewed them in quizkit;
* with a translator comment naming the bank file (:data:`IMPORTED_FROM`), so a reviewer sees where a
  translation came from; translator comments survive every merge, msgmerge and XLIFF round trip;
* never over a translation the catalog has already (with ``--force`` over an existing catalog): the
  translator's is kept and the report counts it.

Questions the bank could not give whole but kept as drafts (:attr:`ImportIssue.draft`) are appended
with their to-dos, and the quiz is then marked ``draft: true`` so that the project still validates
(to-dos are warnings in a draft) and exports leave the quiz out until a person finishes it.

Nothing is written until everything is computed and checked: :func:`plan_bank_import` computes every
file's bytes and validates the YAML with the content rules, :func:`write_bank_import` refuses to
overwrite without ``force`` and writes each file atomically.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path

import yaml

from toolkit import keys
from toolkit.catalogs.extraction import quiz_template
from toolkit.catalogs.imported import IMPORTED_FROM, from_bank
from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.workflow import plan_catalog
from toolkit.config import ProjectConfig
from toolkit.content.loader import TEXT_FIELDS
from toolkit.content.rules import question_text_fields
from toolkit.content.validation import display_path, validate_file
from toolkit.diagnostics import Severity
from toolkit.errors import QuizkitError
from toolkit.files import confined, write_bytes_atomic
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_writer import write_po
from toolkit.importing.bank import ImportedBank, ImportIssue
from toolkit.importing.plan import ImportConflictError
from toolkit.importing.question_drafts import question_mapping
from toolkit.model import (
    Quiz,
    Text,
)
from toolkit.text.locale_packs import normalized_locale


class BankWriteError(QuizkitError):
    """The import cannot be written: no question came through, or the YAML made from the bank does not
    validate (a defect in a reader: the message names the problem)."""


@dataclass(frozen=True)
class PlannedFile:
    path: Path
    data: bytes
    existed: bool


@dataclass(frozen=True)
class PlannedLocale:
    """One language of the bank: its catalog, or why it is not written."""

    locale: str
    """As the bank names it (the project's spelling where it is a target locale)."""
    translations: int
    """Texts the bank translated into it."""
    catalog: PlannedFile | None
    kept: int = 0
    """Translations the existing catalog had already, kept over the bank's different ones."""
    skipped: str | None = None
    """Why no catalog is written: the locale is the source or not a target locale of the project."""


@dataclass(frozen=True)
class BankImportPlan:
    bank: ImportedBank
    bank_file: str
    content: PlannedFile
    locales: tuple[PlannedLocale, ...]
    drafts: tuple[ImportIssue, ...]

    @property
    def files(self) -> tuple[PlannedFile, ...]:
        return (self.content, *(planned.catalog for planned in self.locales if planned.catalog is not None))


# The YAML -----------------------------------------------------------------------------------------


class _QuizDumper(yaml.SafeDumper):
    """Quiz YAML as people write it: block style, texts with line breaks as literal blocks, numbers
    plain (the loader reads them as the exact decimal), keys in the order the docs show them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        # Sequences indented under their key, as in every shipped quiz: never indentless.
        super().increase_indent(flow, False)


def _represent_text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    literal = (
        "\n" in value and value == value.strip() and all(line == line.rstrip() for line in value.split("\n"))
    )
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if literal else None)


def _represent_decimal(dumper: yaml.SafeDumper, value: Decimal) -> yaml.ScalarNode:
    text = format(value, "f")
    tag = "tag:yaml.org,2002:float" if "." in text else "tag:yaml.org,2002:int"
    return dumper.represent_scalar(tag, text)


_QuizDumper.add_representer(str, _represent_text)
_QuizDumper.add_representer(Decimal, _represent_decimal)


def _text(text: Text) -> object:
    return {"text": text.source, "note": text.note} if text.note else text.source


def _plain(value: object) -> object:
    """A draft mapping from a reader as plain YAML data (mappings and sequences of any kind)."""
    if isinstance(value, Mapping):
        return {str(name): _plain(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _with_origins(draft: object, origin: Callable[[str], str]) -> object:
    """A draft question (plain YAML data) with each translation waiting beside its texts written with the
    file it was translated in (``ur: {text: …, from: bank.xml}``; ``origin`` names it by locale), so that
    ``quizkit update`` takes it in as the bank's translation, not as a scraped page's."""
    if not isinstance(draft, dict):
        return draft
    for path, value in list(question_text_fields(draft, ())):
        if not isinstance(value, dict):
            continue
        owner: object = draft
        for part in path[:-1]:
            owner = owner[part]  # type: ignore[index]
        assert isinstance(owner, dict)
        owner[path[-1]] = {
            name: {"text": translation, "from": origin(name)}
            if name not in TEXT_FIELDS and isinstance(translation, str)
            else translation
            for name, translation in value.items()
        }
    return draft


def quiz_yaml(
    quiz: Quiz,
    bank_file: str,
    drafts: Sequence[ImportIssue] = (),
    locale_files: Mapping[str, str] | None = None,
) -> str:
    """``quiz`` as quiz YAML, with the drafts' questions appended (and the quiz marked a draft then); a
    draft's waiting translations name the file each came from (``locale_files``, else ``bank_file``)."""
    data: dict[str, object] = {"id": quiz.id, "level": quiz.level.value}
    if quiz.guide is not None:
        data["guide"] = quiz.guide
    data["title"] = _text(quiz.title)
    data["description"] = _text(quiz.description)
    if quiz.draft or drafts:
        data["draft"] = True
    if quiz.shuffle:
        data["shuffle"] = True
    questions: list[object] = [question_mapping(question, _text) for question in quiz.questions]
    files = locale_files or {}
    questions += [
        _with_origins(_plain(issue.draft), lambda locale: files.get(locale, bank_file))
        for issue in drafts
        if issue.draft is not None
    ]
    data["questions"] = questions
    body = yaml.dump(
        data, Dumper=_QuizDumper, allow_unicode=True, sort_keys=False, default_flow_style=False, width=110
    )
    header = [
        "# yaml-language-server: $schema=../schema/quiz.schema.json",
        f"# Imported by quizkit import from {bank_file}.",
    ]
    if drafts:
        header.append(
            "# Questions with a todo were kept as drafts: finish each, then remove draft: true (docs/importing.md)."
        )
    return "\n".join(header) + "\n" + body


# The catalogs -------------------------------------------------------------------------------------


def _bank_translations(quiz: Quiz) -> dict[str, dict[str, str]]:
    """The bank's translations by locale, then by key."""
    found: dict[str, dict[str, str]] = {}
    for text in quiz.texts():
        for locale, translation in text.imported:
            if translation.strip():
                found.setdefault(locale, {})[text.key] = translation
    return found


def _with_bank_translations(
    catalog: Catalog, translations: Mapping[str, str], bank_file: str
) -> tuple[Catalog, int]:
    """``catalog`` with the bank's translations where it has none; also how many it kept of its own that
    differ from the bank's (a translator's work is never overwritten)."""
    entries: list[CatalogEntry] = []
    kept = 0
    for entry in catalog.entries:
        translation = None if entry.context is None or entry.obsolete else translations.get(entry.context)
        if translation is None or entry.is_plural:
            entries.append(entry)
        elif entry.has_translation and not entry.is_fuzzy:
            kept += entry.msgstr != translation
            entries.append(entry)
        else:
            entries.append(from_bank(entry, translation, bank_file))
    return replace(catalog, entries=tuple(entries)), kept


def _target_locale(config: ProjectConfig, locale: str) -> str | None:
    wanted = normalized_locale(locale)
    return next((each for each in config.target_locales if normalized_locale(each) == wanted), None)


def _unique_drafts(
    quiz: Quiz, drafts: Sequence[ImportIssue]
) -> tuple[tuple[ImportIssue, ...], tuple[str, ...]]:
    """``drafts`` with ids no other question has (a reader may number drafts apart from the questions
    that came through whole), and a note for each one renamed."""
    used = {question.id for question in quiz.questions}
    unique: list[ImportIssue] = []
    notes: list[str] = []
    for issue in drafts:
        draft = dict(issue.draft or {})
        wanted = draft.get("id")
        if not isinstance(wanted, str) or not keys.is_valid_id(wanted) or wanted in used:
            number = len(used) + 1
            while f"q{number}" in used:
                number += 1
            draft["id"] = f"q{number}"
            notes.append(
                f"the draft of {issue.question or wanted!r} is question {draft['id']}: its id was taken"
            )
            issue = replace(issue, draft=draft)
        used.add(str(draft["id"]))
        unique.append(issue)
    return tuple(unique), tuple(notes)


def plan_bank_import(
    config: ProjectConfig, bank: ImportedBank, bank_file: str, locale_files: Mapping[str, str] | None = None
) -> BankImportPlan:
    """Every file the import of ``bank`` writes, computed and checked; nothing is written. ``locale_files``
    names the file each language came from where it is not ``bank_file`` (``--locale xx FILE``): the
    translator comment of a translation names the file it was taken from."""
    quiz_id = bank.quiz.id
    content_path = confined(config.content_path / f"{quiz_id}.yaml", config.root)
    drafts, renamed = _unique_drafts(bank.quiz, [issue for issue in bank.issues if issue.draft is not None])
    if renamed:
        bank = replace(bank, notes=(*bank.notes, *renamed))
    text = quiz_yaml(bank.quiz, bank_file, drafts, locale_files)
    data = text.encode("utf-8")
    if not bank.quiz.questions and not drafts:
        raise BankWriteError(
            f"{bank_file}: no question could be imported (see the issues listed); nothing written"
        )
    diagnostics, model = validate_file(content_path, data)
    errors = [each for each in diagnostics if each.severity is Severity.ERROR]
    if errors or (model is not None and not isinstance(model, Quiz)):
        first = errors[0] if errors else None
        where = f" (line {first.line}: {first.message})" if first is not None else ""
        raise BankWriteError(
            f"the quiz YAML made from {bank_file} does not validate{where}; nothing written. "
            "This is a defect of the reader: please report it with the bank file"
        )
    translations = _bank_translations(bank.quiz)
    template = quiz_template(model, config.root) if isinstance(model, Quiz) else None
    layout = CatalogLayout.for_project(config)
    locales: list[PlannedLocale] = []
    waiting = (
        "its translations wait in the YAML beside the drafts' texts; quizkit update takes them in once the "
        "drafts are finished"
    )
    for locale in sorted(set(translations) | set(bank.locales)):
        by_key = translations.get(locale, {})
        if normalized_locale(locale) == normalized_locale(config.source_locale):
            locales.append(PlannedLocale(locale, len(by_key), None, skipped="the project's source locale"))
            continue
        target = _target_locale(config, locale)
        if target is None:
            locales.append(
                PlannedLocale(
                    locale,
                    len(by_key),
                    None,
                    skipped=f"not a target locale of this project: run quizkit add-locale {locale}, then import again",
                )
            )
            continue
        if not by_key or template is None:
            locales.append(
                PlannedLocale(target, len(by_key), None, skipped=waiting if drafts else "no text translated")
            )
            continue
        planned = plan_catalog(config, target, quiz_id, template, None, None)
        assert planned.catalog is not None
        origin = (locale_files or {}).get(locale, bank_file)
        catalog, kept = _with_bank_translations(planned.catalog, by_key, origin)
        path = layout.catalog(target, quiz_id)
        locales.append(
            PlannedLocale(target, len(by_key), PlannedFile(path, write_po(catalog), path.exists()), kept)
        )
    return BankImportPlan(
        bank, bank_file, PlannedFile(content_path, data, content_path.exists()), tuple(locales), drafts
    )


def write_bank_import(plan: BankImportPlan, *, force: bool = False) -> list[Path]:
    """Write the catalogs, then the quiz YAML, each atomically; :class:`ImportConflictError` (as for a
    scraped page), before anything is written, when one exists and ``force`` is not given.

    A write that fails (a full disk, Ctrl-C) puts back every file written before it, so a failed import
    leaves the project as it was. The quiz YAML comes last: a process killed on the way leaves at most
    catalogs without their quiz, which ``quizkit update`` keeps aside and gives back when the quiz is
    imported again, never a quiz whose translations are missing."""
    existing = [planned.path for planned in plan.files if planned.existed or planned.path.exists()]
    if existing and not force:
        raise ImportConflictError(existing[0])
    ordered = [*plan.files[1:], plan.content]
    written: list[tuple[Path, bytes | None]] = []
    try:
        for planned in ordered:
            before = planned.path.read_bytes() if planned.path.exists() else None
            write_bytes_atomic(planned.path, planned.data, durable=True)
            written.append((planned.path, before))
    except BaseException:
        _put_back(written)
        raise
    return [planned.path for planned in plan.files]


def _put_back(written: list[tuple[Path, bytes | None]]) -> None:
    """Each file as it was before the import: removed where it did not exist."""
    for path, before in reversed(written):
        with contextlib.suppress(OSError):
            if before is None:
                path.unlink()
            else:
                write_bytes_atomic(path, before, durable=True)


def _issue(issue: ImportIssue) -> dict[str, object]:
    return {
        "file": issue.file,
        "line": issue.line,
        "question": issue.question,
        "reason": issue.reason,
        "draft": issue.draft is not None,
    }


def bank_report(plan: BankImportPlan, format_name: str, written: bool) -> dict[str, object]:
    """The import report as plain data: the same fields for people (text) and machines (JSON)."""
    bank = plan.bank
    return {
        "bank": plan.bank_file,
        "format": format_name,
        "quiz": bank.quiz.id,
        "source_locale": bank.source_locale,
        "questions": len(bank.quiz.questions),
        "drafts": len(plan.drafts),
        "issues": [_issue(issue) for issue in bank.issues],
        "notes": list(bank.notes),
        "locales": [
            {
                "locale": planned.locale,
                "translations": planned.translations,
                "catalog": display_path(planned.catalog.path) if planned.catalog is not None else None,
                "kept": planned.kept,
                "skipped": planned.skipped,
            }
            for planned in plan.locales
        ],
        "files": [display_path(planned.path) for planned in plan.files],
        "existing": [display_path(planned.path) for planned in plan.files if planned.existed],
        "written": written,
    }


__all__ = [
    "IMPORTED_FROM",
    "BankImportPlan",
    "BankWriteError",
    "PlannedFile",
    "PlannedLocale",
    "bank_report",
    "plan_bank_import",
    "quiz_yaml",
    "write_bank_import",
]
