"""What ``quizkit import`` writes for a question bank: the quiz YAML and a catalog per other language.

The reader gives the content model (:class:`~toolkit.importing.bank.ImportedBank`); this module writes
it as a person would have: ``content/<quiz>.yaml`` in the source language, valid against
schema/quiz.schema.json and read back by the loader to the same texts and answers, its template
``locales/<quiz>.pot`` and for each target locale of the project
``locales/<locale>/LC_MESSAGES/<quiz>.po``, each exactly as ``quizkit update`` makes it (the same
template, header, merge and pre-filling from the translation memory, so that an update right after the
import changes nothing), with the bank's translations filled in:

* translated, not fuzzy: a person translated them in the bank; but not approved
  (:mod:`toolkit.gettext.review`), since nobody has reviewed them in quizkit;
* with a translator comment naming the bank file (:data:`IMPORTED_FROM`), so a reviewer sees where a
  translation came from; translator comments survive every merge, msgmerge and XLIFF round trip;
* never over a translation the catalog has already (with ``--force`` over an existing catalog): the
  translator's is kept and the report counts it.

Questions the bank could not give whole but kept as drafts (:attr:`ImportIssue.draft`) are written
with their to-dos where they stood in the bank, and the quiz is then marked ``draft: true`` so that the project still validates
(to-dos are warnings in a draft) and exports leave the quiz out until a person finishes it.

Nothing is written until everything is computed and checked: :func:`plan_bank_import` computes every
file's bytes and validates the YAML with the content rules, :func:`write_bank_import` refuses to
overwrite without ``force`` and writes each file atomically.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from pathlib import Path
from typing import ClassVar

import yaml

from toolkit.catalogs.extraction import quiz_template
from toolkit.catalogs.imported import IMPORTED_FROM, from_bank
from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.workflow import (
    PlannedCatalog,
    imported_translations,
    plan_catalog,
)
from toolkit.config import ProjectConfig
from toolkit.content.loader import TEXT_FIELDS
from toolkit.content.rules import question_text_fields
from toolkit.content.validation import validate_file
from toolkit.content.yaml_document import MAX_FILE_BYTES
from toolkit.diagnostics import Severity
from toolkit.errors import QuizkitError
from toolkit.files import confined
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_writer import write_po
from toolkit.importing.bank import ImportedBank, ImportIssue
from toolkit.importing.bank_categories import OPTION as PER_CATEGORY_OPTION
from toolkit.importing.bank_categories import holding_questions
from toolkit.importing.bank_files import PlannedFile, dropped_translations, retired_notes, write_files
from toolkit.importing.bank_memory import MemoryAfterImport
from toolkit.importing.imported_drafts import draft_quiz_notes, in_bank_order, unique_drafts
from toolkit.importing.plan import ImportConflictError
from toolkit.importing.question_drafts import field_place, question_mapping
from toolkit.importing.quiz_size import least_yaml_bytes
from toolkit.memory.prefill import PrefillMemory, prefill_from_memory
from toolkit.model import (
    Content,
    Quiz,
    Text,
)
from toolkit.text.locale_packs import same_locale


class BankWriteError(QuizkitError):
    """The import cannot be written: no question came through, the bank is too large for one quiz file,
    or the YAML made from the bank does not validate (a defect in a reader: the message names the
    problem)."""


class NothingImportedError(BankWriteError):
    """No question of the bank came through, whole or as a draft: ``bank`` holds the issues that say
    why, for the report shown with the refusal."""

    reason: ClassVar[str] = "no question could be imported (see the issues listed); nothing written"
    """The refusal without the bank's name, which reports give as the error's file."""

    def __init__(self, bank: ImportedBank, bank_file: str) -> None:
        super().__init__(f"{bank_file}: {self.reason}")
        self.bank = bank
        self.bank_file = bank_file


def origin_name(bank: Path, project_root: Path) -> str:
    """The bank file as the files an import writes name it (the quiz YAML's header, the translator
    comments): its path relative to the project root when it is inside the project, else its file name;
    never relative to the working folder, so that the same import gives the same files from anywhere."""
    # The folder resolved, not the file: a bank that is a link is named as it was given.
    given = bank.absolute()
    absolute = given.parent.resolve() / given.name
    root = project_root.resolve()
    if absolute.is_relative_to(root):
        return absolute.relative_to(root).as_posix()
    return absolute.name


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
    template: PlannedFile | None
    """``locales/<quiz>.pot``, as ``quizkit update`` writes it (None for a quiz with no whole question,
    which update skips too). Made from the quiz, so never a conflict: one left by an earlier quiz of the
    same id is replaced."""

    @property
    def files(self) -> tuple[PlannedFile, ...]:
        template = () if self.template is None else (self.template,)
        catalogs = (planned.catalog for planned in self.locales if planned.catalog is not None)
        return (self.content, *template, *catalogs)


# The YAML -----------------------------------------------------------------------------------------


class _QuizDumper(yaml.SafeDumper):
    """Quiz YAML as people write it: block style, texts with line breaks as literal blocks, numbers
    plain (the loader reads them as the exact decimal), keys in the order the docs show them."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        # Sequences indented under their key, as in every shipped quiz: never indentless.
        super().increase_indent(flow, False)


_TYPED_PLAIN = re.compile(
    r"[-+]?(?:[0-9][0-9_]*|0o[0-7]+|0x[0-9a-fA-F]+)"
    r"|[-+]?(?:\.[0-9]+|[0-9][0-9_]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
    r"|y|Y|n|N|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|true|True|TRUE|false|False|FALSE"
    r"|null|Null|NULL|~|"
)
"""Plain scalars some YAML reader takes for a number, a boolean or null: YAML 1.2's core schema (``1e3``,
``0o17``, as editors' language servers read them) and YAML 1.1's (``yes``, ``y``, ``0x10``). quizkit's own
reader takes every one of them as text, but the quiz file is read by other tools too."""


def _represent_text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    literal = (
        "\n" in value and value == value.strip() and all(line == line.rstrip() for line in value.split("\n"))
    )
    # Quoted where any reader could take it for something else, so that a text "256" or a translation
    # "yes" reads back as that text everywhere (PyYAML alone quotes only YAML 1.1's forms, not 1e3).
    style = "|" if literal else "'" if _TYPED_PLAIN.fullmatch(value) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


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
    file it was translated in and the source text it translates (``ur: {text: …, from: bank.xml, source:
    …}``; ``origin`` names the file by locale), so that ``quizkit update`` takes it in as the bank's
    translation, not as a scraped page's, and as translated only while the text is still that source."""
    if not isinstance(draft, dict):
        return draft
    for path, value in list(question_text_fields(draft, ())):
        if not isinstance(value, dict):
            continue
        owner, field_name = field_place(draft, path)
        owner[field_name] = {
            name: {"text": translation, "from": origin(name)}
            | ({"source": value["text"]} if "text" in value else {})
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
    """``quiz`` as quiz YAML, with the drafts' questions where they stood in the bank (and the quiz marked a draft then); a
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
    files = locale_files or {}
    data["questions"] = in_bank_order(
        [question_mapping(question, _text) for question in quiz.questions],
        [
            (issue.position, _with_origins(_plain(issue.draft), lambda locale: files.get(locale, bank_file)))
            for issue in drafts
            if issue.draft is not None
        ],
    )
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
    differ from the bank's (a translator's work is never overwritten).

    A fuzzy translation is a translator's work too (one not finished, or one whose source text changed
    since): it is kept, fuzzy, as ``quizkit update`` keeps it when it takes a bank's waiting
    translations in (:func:`toolkit.catalogs.imported.apply_imported`), so that an import and an update
    of the same catalog give the same entry and no text a person wrote is lost."""
    entries: list[CatalogEntry] = []
    kept = 0
    for entry in catalog.entries:
        translation = None if entry.context is None or entry.obsolete else translations.get(entry.context)
        if translation is None or entry.is_plural:
            entries.append(entry)
        elif entry.has_translation:
            kept += entry.msgstr != translation
            entries.append(entry)
        else:
            entries.append(from_bank(entry, translation, bank_file))
    return replace(catalog, entries=tuple(entries)), kept


def _target_locale(config: ProjectConfig, locale: str) -> str | None:
    return next((each for each in config.target_locales if same_locale(each, locale)), None)


def plan_bank_import(
    config: ProjectConfig,
    bank: ImportedBank,
    bank_file: str,
    locale_files: Mapping[str, str] | None = None,
    *,
    origin: str | None = None,
) -> BankImportPlan:
    """Every file the import of ``bank`` writes, computed and checked; nothing is written.

    ``bank_file`` is the bank as messages and the report name it; ``origin`` as the written files name
    it (:func:`origin_name`; default ``bank_file``). ``locale_files`` names the file each language came
    from where it is not the bank (``--locale xx FILE``), as written files name it: the translator
    comment of a translation names the file it was taken from.

    :class:`NothingImportedError` when no question came through, whole or as a draft."""
    (plan,) = plan_bank_imports(config, (bank,), bank_file, locale_files, origin=origin)
    return plan


def plan_bank_imports(
    config: ProjectConfig,
    banks: Sequence[ImportedBank],
    bank_file: str,
    locale_files: Mapping[str, str] | None = None,
    *,
    origin: str | None = None,
    by_category: bool = False,
) -> tuple[BankImportPlan, ...]:
    """:func:`plan_bank_import` of several quizzes of one bank (``--quiz-per-category``: one per
    category, ``by_category``), each planned exactly as if it were imported alone, except that every
    catalog is pre-filled from the translation memory as it will be once all of them are written (as
    ``quizkit update`` right after the import would)."""
    planning = [_planned_quiz(config, bank, bank_file, locale_files, origin, by_category) for bank in banks]
    memory = MemoryAfterImport(
        config,
        {
            part.bank.quiz.id: {target: catalog for target, (_, catalog, _) in part.catalogs.items()}
            for part in planning
        },
    )
    return tuple(_finished(config, part, memory) for part in planning)


@dataclass(frozen=True)
class _Planning:
    """A quiz planned up to its catalogs' pre-filling from the translation memory."""

    bank: ImportedBank
    bank_file: str
    content: PlannedFile
    locales: tuple[PlannedLocale, ...]
    drafts: tuple[ImportIssue, ...]
    model: Quiz | None
    template: Catalog | None
    catalogs: Mapping[str, tuple[PlannedCatalog, Catalog, int]]
    """By target locale: the catalog as update plans it, the catalog before pre-filling, and how many of its
    translations were kept."""
    translated: Mapping[str, int]
    """By target locale: how many texts the bank translated into it."""


def _too_large(
    bank: ImportedBank, bank_file: str, size: int, by_category: bool, *, at_least: bool = False
) -> BankWriteError:
    """Why ``bank`` cannot be one quiz file when its YAML is ``size`` bytes (``at_least``: that many or
    more, known from its texts alone before the YAML is written), and what to do."""
    sizes = (
        f"its quiz YAML would be {'at least ' if at_least else ''}{size:,} bytes, and quizkit reads quiz "
        f"files of at most {MAX_FILE_BYTES:,} bytes"
    )
    if by_category:
        category = "/".join(bank.categories[0].path) if bank.categories else bank.quiz.id
        return BankWriteError(
            f"{bank_file}: the category {category} is too large for one quiz ({bank.quiz.id}): {sizes}; "
            "nothing written. Split it where the bank was made (into subcategories, or smaller quizzes), "
            "export the bank again and import it again"
        )
    categories = len(holding_questions(bank))
    what_to_do = (
        f"Import it with {PER_CATEGORY_OPTION} to make a quiz of each of its {categories} categories"
        if categories > 1
        else "Split the bank and import each part as its own quiz (a GIFT or Moodle bank split into "
        f"categories is imported as a quiz per category with {PER_CATEGORY_OPTION})"
    )
    return BankWriteError(f"{bank_file} is too large for one quiz: {sizes}; nothing written. {what_to_do}")


def _planned_quiz(
    config: ProjectConfig,
    bank: ImportedBank,
    bank_file: str,
    locale_files: Mapping[str, str] | None,
    origin: str | None,
    by_category: bool,
) -> _Planning:
    quiz_id = bank.quiz.id
    content_path = confined(config.content_path / f"{quiz_id}.yaml", config.root)
    drafts, renamed = unique_drafts(bank.quiz, [issue for issue in bank.issues if issue.draft is not None])
    if not bank.quiz.questions and not drafts:
        raise NothingImportedError(bank, bank_file)
    bank = replace(
        bank, notes=(*bank.notes, *renamed, *draft_quiz_notes(quiz_id, len(bank.quiz.questions), drafts))
    )
    # Validation would refuse a file too large and blame the reader; the bank is simply too big for one
    # quiz file. Known before the YAML is written where the texts alone are too many bytes.
    least = least_yaml_bytes(bank.quiz)
    if least > MAX_FILE_BYTES:
        raise _too_large(bank, bank_file, least, by_category, at_least=True)
    data = quiz_yaml(bank.quiz, origin or bank_file, drafts, locale_files).encode("utf-8")
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(bank, bank_file, len(data), by_category)
    diagnostics, model = validate_file(content_path, data)
    errors = [each for each in diagnostics if each.severity is Severity.ERROR]
    if errors or (model is not None and not isinstance(model, Quiz)):
        first = errors[0] if errors else None
        line = f"line {first.line}: " if first is not None and first.line is not None else ""
        where = f" ({line}{first.message})" if first is not None else ""
        raise BankWriteError(
            f"the quiz YAML made from {bank_file} does not validate{where}; nothing written. "
            "This is a defect of the reader: please report it with the bank file"
        )
    translations = _bank_translations(bank.quiz)
    locales: list[PlannedLocale] = []
    by_target: dict[str, tuple[str, dict[str, str]]] = {}
    """The bank's locale and translations for each target locale of the project it names."""
    for locale in sorted(set(translations) | set(bank.locales)):
        by_key = translations.get(locale, {})
        if same_locale(locale, config.source_locale):
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
        if not isinstance(model, Quiz):
            # A quiz whose to-dos leave no question whole has no model, so no template: quizkit update
            # skips it too, and makes its catalogs once the drafts are finished.
            locales.append(PlannedLocale(target, len(by_key), None, skipped=_WAITING))
            continue
        by_target[target] = (locale, by_key)
        if drafts:
            bank = replace(
                bank,
                notes=(
                    *bank.notes,
                    f"{target}: the drafts' translations wait in the YAML beside their texts; quizkit update "
                    "takes them in once the drafts are finished",
                ),
            )
    content = PlannedFile(content_path, data, content_path.exists())
    if not isinstance(model, Quiz):
        return _Planning(bank, bank_file, content, tuple(locales), drafts, None, None, {}, {})
    # Every target locale gets its catalog, as quizkit update makes it: merged with the template, the
    # translations waiting in the YAML (the drafts') taken in, the bank's filled in, then pre-filled from
    # the translation memory as it will be once these catalogs are written. An update right after the
    # import then changes nothing.
    template = quiz_template(model, config.root)
    waiting = imported_translations(Content((model,)))
    catalogs: dict[str, tuple[PlannedCatalog, Catalog, int]] = {}
    for target in config.target_locales:
        planned = plan_catalog(config, target, quiz_id, template, waiting.get((target, quiz_id)), None)
        assert planned.catalog is not None
        locale, by_key = by_target.get(target, (target, {}))
        source_file = (locale_files or {}).get(locale, origin or bank_file)
        catalogs[target] = (planned, *_with_bank_translations(planned.catalog, by_key, source_file))
    translated = {target: len(by_key) for target, (_, by_key) in by_target.items()}
    return _Planning(bank, bank_file, content, tuple(locales), drafts, model, template, catalogs, translated)


def _finished(config: ProjectConfig, part: _Planning, memory: PrefillMemory) -> BankImportPlan:
    """The plan of ``part``, its catalogs pre-filled from ``memory``."""
    if part.template is None:
        return BankImportPlan(part.bank, part.bank_file, part.content, part.locales, part.drafts, None)
    bank = part.bank
    quiz_id = bank.quiz.id
    layout = CatalogLayout.for_project(config)
    locales = list(part.locales)
    for target, (planned, catalog, kept) in part.catalogs.items():
        prefilled, _ = prefill_from_memory(catalog, memory, target, quiz_id)
        existed = not planned.created and planned.restored_from is None
        dropped = dropped_translations(planned.restored_from, prefilled)
        written = PlannedFile(
            planned.path,
            write_po(prefilled),
            existed,
            planned.read_digest,
            None if dropped else planned.restored_from,
            planned.restored_digest,
        )
        locales.append(PlannedLocale(target, part.translated.get(target, 0), written, kept))
        bank = replace(bank, notes=(*bank.notes, *retired_notes(config, planned, dropped)))
    return BankImportPlan(
        bank,
        part.bank_file,
        part.content,
        tuple(sorted(locales, key=lambda planned: planned.locale)),
        part.drafts,
        PlannedFile(layout.template(quiz_id), write_po(part.template), layout.template(quiz_id).exists()),
    )


_WAITING = (
    "its translations wait in the YAML beside the drafts' texts; quizkit update takes them in once the drafts "
    "are finished"
)


def write_bank_import(plan: BankImportPlan | Sequence[BankImportPlan], *, force: bool = False) -> list[Path]:
    """Write the template and the catalogs, then the quiz YAML (:func:`~toolkit.importing.bank_files.write_files`:
    each atomically, every catalog as ``quizkit update`` writes it, all put back if one fails);
    :class:`ImportConflictError` (as for a scraped page), before anything is written, when the quiz or a
    catalog exists and ``force`` is not given (the template is made from the quiz: it is replaced).
    Several plans (one quiz per category) are written as one: every quiz's catalogs, then every quiz
    YAML, and one failure puts back every file of every quiz.

    The quiz YAML comes last: a process killed on the way leaves at most
    catalogs without their quiz, which ``quizkit update`` keeps aside and gives back when the quiz is
    imported again, never a quiz whose translations are missing."""
    plans = [plan] if isinstance(plan, BankImportPlan) else list(plan)
    existing = [
        planned.path
        for each in plans
        for planned in each.files
        if planned is not each.template and (planned.existed or planned.path.exists())
    ]
    if existing and not force:
        raise ImportConflictError(existing[0])
    catalogs = [planned.catalog for each in plans for planned in each.locales if planned.catalog is not None]
    write_files(
        [*(planned for each in plans for planned in each.files[1:]), *(each.content for each in plans)],
        catalogs,
    )
    return [planned.path for each in plans for planned in each.files]


__all__ = [
    "IMPORTED_FROM",
    "BankImportPlan",
    "BankWriteError",
    "NothingImportedError",
    "PlannedFile",
    "PlannedLocale",
    "origin_name",
    "plan_bank_import",
    "plan_bank_imports",
    "quiz_yaml",
    "write_bank_import",
]
