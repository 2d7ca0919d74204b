"""Canvas quiz exports and Common Cartridges (QTI 1.2) read as a quiz: ``--from canvas`` and ``--from cc``.

The package's files are found and read by :mod:`toolkit.importing.qti12_package`, each item by
:mod:`toolkit.importing.qti12_questions`, and a translation (the same quiz exported in another language,
``--locale xx FILE``) is lined up by :mod:`toolkit.importing.qti12_alignment`. Here the items become the
content model: question ids (the item's title where it is a quizkit id, else ``q<position>``), texts
with their keys, origin and translations, and what an item cannot carry as an
:class:`~toolkit.importing.bank.ImportIssue` (left out, or kept as a draft with a to-do). Neither format
has a language model, so each language is its own package; a question a translation left in the source
language (its HTML says so with ``lang``, as quizkit writes a question that fell back) gives no
translation. A package that cannot be read safely is refused with a located error
(:class:`~toolkit.importing.bank.BankError`) and nothing is returned.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any, ClassVar

from lxml import etree

from toolkit import keys
from toolkit.importing.bank import (
    BankCategory,
    BankError,
    BankRequest,
    ImportedBank,
    ImportIssue,
    quiz_heading,
    same_answers_untranslated,
    xml_root_name,
)
from toolkit.importing.package_files import package_signature
from toolkit.importing.qti12_alignment import pair_items, remapped, same_shape
from toolkit.importing.qti12_package import (
    CANVAS_FULL_FOLDER,
    PackageRead,
    question_bank_note,
    read_package,
)
from toolkit.importing.qti12_questions import ItemRefusedError, ParsedItem
from toolkit.importing.question_versions import map_texts
from toolkit.model import (
    Origin,
    Question,
    QuestionType,
    Text,
    TrueFalseQuestion,
)
from toolkit.text.counts import counted
from toolkit.text.locale_packs import same_language


def _draft(
    question: Question[str], todos: tuple[tuple[str, str], ...], translations: Mapping[str, Mapping[str, str]]
) -> dict[str, object]:
    """The question as quiz YAML with its to-dos; a text with translations is a mapping holding them
    beside its ``text`` (``ur: …``), as the YAML keeps imported translations."""

    def plain(value: Any, key: str | None) -> Any:
        if isinstance(value, Decimal):
            return int(value) if value == value.to_integral_value() else float(value)
        if isinstance(value, QuestionType):
            return value.value
        if isinstance(value, str):
            found = {locale: texts[key] for locale, texts in translations.items() if key and texts.get(key)}
            return {"text": value, **found} if found and value else value
        if not hasattr(value, "__dataclass_fields__"):
            return value
        mapping: dict[str, Any] = {}
        declared = dict(keys.text_fields(type(value)))
        for owner_field in fields(value):
            item = getattr(value, owner_field.name)
            omitted = item is None or owner_field.name == "fell_back" or item == owner_field.default
            if omitted and owner_field.name != "type":
                continue
            texts = declared.get(owner_field.name)
            inner = None if texts is None else keys.join_key(key or "", texts.segment)
            if isinstance(item, tuple):
                mapping[owner_field.name] = [
                    plain(part, f"{inner}.{part.id}" if inner is not None else None) for part in item
                ]
            else:
                mapping[owner_field.name] = plain(item, inner)
        return mapping

    draft: dict[str, object] = {"id": question.id, "type": question.type.value} | plain(question, "")
    for name, todo in todos:
        # A part's text (``options.b``) is the ``text`` of that part in its list.
        owner, field_name = draft, name
        listed, _, part_id = name.partition(".")
        if part_id and isinstance(parts := draft.get(listed), list):
            owner = next(part for part in parts if isinstance(part, dict) and part.get("id") == part_id)
            field_name = "text"
        written = owner.get(field_name)
        if isinstance(written, dict):
            owner[field_name] = written | {"todo": todo}
        else:
            owner[field_name] = (
                {"text": written, "todo": todo} if isinstance(written, str) and written else {"todo": todo}
            )
    return draft


def _assessments(
    quiz_id: str, origin: Origin, members: Mapping[tuple[str, str], list[str]]
) -> tuple[BankCategory, ...]:
    """A package's assessments as the categories ``--quiz-per-category`` makes quizzes of, each titled as
    the package titles it (one name: a title's ``/`` is no path); none for a package of one assessment,
    whose quiz takes the package's title and description."""
    if len(members) < 2:
        return ()
    return tuple(
        BankCategory(
            title, (title,), Text(keys.quiz_title_key(quiz_id), title, origin), None, None, tuple(ids)
        )
        for (_file, title), ids in members.items()
    )


class _Builder:
    def __init__(self, request: BankRequest, canvas: bool) -> None:
        self.request = request
        self.canvas = canvas
        self.issues: list[ImportIssue] = []
        self.notes: list[str] = []
        self.written_in: tuple[str, ...] = ()

    def read(self) -> ImportedBank:
        request = self.request
        source = read_package(request.path, request.display_name, self.canvas)
        translations = {
            locale: read_package(path, str(path) if not path.is_absolute() else path.name, self.canvas)
            for locale, path in sorted(request.translations.items())
        }
        paired = {locale: pair_items(source, read) for locale, read in translations.items()}
        self.issues += source.issues
        self.notes += source.notes
        banks_noted_at = len(
            self.notes
        )  # the banks' notes follow the package's, made once the split is known
        written_in = sorted(
            {
                parsed.language
                for _, parsed, _ in source.items
                if isinstance(parsed, ParsedItem)
                and parsed.language
                and not same_language(parsed.language, request.source_locale)
            }
        )
        self.written_in = tuple(written_in)
        taken_ids: set[str] = set()
        chosen: list[tuple[str, ParsedItem, str, etree._Element, int]] = []
        titles = [element.get("title") or "" for _, _, element in source.items]
        for index, (member, parsed, element) in enumerate(source.items):
            # Canvas titles every question "Question" and shows them numbered: so does the report.
            title = titles[index]
            name = title if title and titles.count(title) == 1 else f"{title or 'item'} {index + 1}"
            if isinstance(parsed, ItemRefusedError):
                self.issues.append(ImportIssue(member, element.sourceline, name, f"left out: {parsed}"))
                continue
            chosen.append((member, parsed, name, element, index))
        ids = self.question_ids([(parsed, index + 1) for _, parsed, _, _, index in chosen], taken_ids)
        questions: list[Question[Text]] = []
        members: dict[tuple[str, str], list[str]] = {}
        """The ids of each assessment's questions (whole or drafts), by its file and title."""
        for (member, parsed, name, _element, index), question_id in zip(chosen, ids, strict=True):
            members.setdefault(source.assessments[index], []).append(question_id)
            for what in parsed.lost:
                self.issues.append(ImportIssue(member, parsed.line, name, f"lost {what}"))
            self.notes += [f"{name}: {note}" for note in parsed.notes]
            question = replace(parsed.question, id=question_id)
            texts = self.translations(parsed, paired, index, translations, member, name)
            if parsed.todos:
                self.issues.append(
                    ImportIssue(
                        member,
                        parsed.line,
                        name,
                        "kept as a draft: " + "; ".join(todo for _, todo in parsed.todos),
                        draft=_draft(question, parsed.todos, texts),
                        position=len(questions),
                    )
                )
                continue
            origin = Origin(member, parsed.line or 1)
            base = keys.question_key(request.quiz_id, question_id)

            def make(
                key: str,
                text: str,
                base: str = base,
                texts: Mapping[str, dict[str, str]] = texts,
                origin: Origin = origin,
            ) -> Text:
                imported = tuple((locale, found[key]) for locale, found in texts.items() if found.get(key))
                return Text(f"{base}.{key}", text, origin, imported=imported)

            built: Question[Text] = map_texts(question, make)
            questions.append(same_answers_untranslated(built) if translations else built)
        quiz_origin = Origin(request.display_name, 1)

        def quiz_text(key: str, pick: Callable[[PackageRead], str]) -> Text:
            imported = tuple((locale, pick(read)) for locale, read in translations.items() if pick(read))
            return Text(key, pick(source), quiz_origin, imported=imported)

        heading = quiz_heading(
            request.quiz_id,
            quiz_origin,
            quiz_text(keys.quiz_title_key(request.quiz_id), lambda read: read.title),
            quiz_text(keys.quiz_description_key(request.quiz_id), lambda read: read.description),
        )
        categories = _assessments(request.quiz_id, quiz_origin, members)
        own_quizzes = request.by_category and bool(categories)
        self.notes[banks_noted_at:banks_noted_at] = [
            question_bank_note(member, title, count, own_quizzes)
            for member, title, count in source.question_banks
        ]
        if not (request.by_category and categories):
            self.notes.append(heading.note)
        if source.held_note is not None and not request.by_category:
            self.notes.append(source.held_note)
        quiz = heading.quiz(request.quiz_id, questions, quiz_origin, source.shuffle)
        return ImportedBank(
            quiz=quiz,
            source_locale=request.source_locale,
            locales=tuple(sorted(translations)),
            issues=tuple(self.issues),
            notes=tuple(self.notes),
            categories=categories,
            written_in=self.written_in,
        )

    def question_ids(self, items: list[tuple[ParsedItem, int]], taken: set[str]) -> list[str]:
        """Each item's title where it is a quizkit id (and no other item's), else ``q<its position>``."""
        wanted = [item.title if keys.is_valid_id(item.title) else None for item, _ in items]
        kept = {title for title in wanted if title and wanted.count(title) == 1}
        taken |= kept
        ids: list[str] = []
        for (_, position), title in zip(items, wanted, strict=True):
            if title in kept:
                ids.append(title)
                continue
            candidate = f"q{position}"
            while candidate in taken:
                candidate += "-1"
            taken.add(candidate)
            ids.append(candidate)
        made = len(ids) - len([title for title in wanted if title in kept])
        if made:
            self.notes.append(
                f"{counted(made, 'question')} had no title usable as a quizkit id: "
                f"{'its id is' if made == 1 else 'their ids are'} q<position in the bank>"
            )
        return ids

    def translations(
        self,
        parsed: ParsedItem,
        paired: Mapping[str, list[ParsedItem | None]],
        index: int,
        translations: Mapping[str, PackageRead],
        member: str,
        name: str,
    ) -> dict[str, dict[str, str]]:
        texts: dict[str, dict[str, str]] = {}
        for locale, items in paired.items():
            theirs = items[index]
            shown = translations[locale].display_name
            if theirs is None:
                self.issues.append(
                    ImportIssue(
                        shown,
                        None,
                        name,
                        f"no {locale} translation: the {locale} package's question cannot be read",
                    )
                )
                continue
            if theirs.language and not same_language(theirs.language, locale):
                self.notes.append(
                    f"{name}: the {locale} package has it in {theirs.language}, so it has no "
                    f"{locale} translation yet"
                )
                continue
            if not same_shape(parsed, theirs):
                raise BankError(
                    shown,
                    theirs.line,
                    f"the question {name!r} is a {theirs.kind} with other parts than in "
                    f"{self.request.display_name} (a {parsed.kind}); give the same quiz exported in {locale}",
                )
            found = remapped(parsed, theirs)
            if isinstance(parsed.question, TrueFalseQuestion):
                found = {key: text for key, text in found.items() if key in {"prompt", "explanation"}}
            missing = [
                prefix
                for prefix, _ in parsed.answer_idents
                if not any(key.startswith(prefix + ".") for key in found)
            ]
            if missing:
                self.issues.append(
                    ImportIssue(
                        shown,
                        theirs.line,
                        name,
                        f"the {locale} accepted answers could not be lined up "
                        "with the source's; translate them in the catalog",
                    )
                )
            texts[locale] = found
        return texts


_CANVAS_TYPE = re.compile(rb"""\stype\s*=\s*["']imsqti_xmlv1p2["']""")
_CC_TYPE = re.compile(rb"imsqti_xmlv1p2/imscc_xmlv1p[0-9]/(?:assessment|question-bank)")


def _detect(path: Path, head: bytes, canvas: bool) -> bool:
    """By a signature read without trusting the file (the names in a zip's directory, the resource types
    in its manifest's bytes, a lone file's root element), never by reading the package: one that is
    damaged or made to harm is still recognized, so that :meth:`_Qti12Reader.read` refuses it with what
    is wrong rather than the import calling it no format at all."""
    if path.is_file() and not head.startswith(b"PK"):
        root = xml_root_name(head)
        return canvas and root is not None and root.rpartition(":")[2] == "questestinterop"
    signature = package_signature(path)
    if signature is None:
        return False
    made_by_canvas = CANVAS_FULL_FOLDER.rstrip("/") in signature.folders or bool(
        _CANVAS_TYPE.search(signature.manifest)
    )
    if canvas:
        return made_by_canvas
    return not made_by_canvas and bool(_CC_TYPE.search(signature.manifest))


class _Qti12Reader:
    """Canvas exports and Common Cartridges are one reader: the same QTI 1.2, told apart by who made the
    package (:func:`_detect`)."""

    canvas: ClassVar[bool]

    @classmethod
    def detects(cls, path: Path, head: bytes) -> bool:
        return _detect(path, head, canvas=cls.canvas)

    @classmethod
    def read(cls, request: BankRequest) -> ImportedBank:
        return _Builder(request, canvas=cls.canvas).read()


class CanvasReader(_Qti12Reader):
    name: ClassVar[str] = "canvas"
    description: ClassVar[str] = (
        "Canvas quiz exports (QTI 1.2 .zip, a Canvas course .imscc, or a questestinterop file)"
    )
    canvas = True


class CommonCartridgeReader(_Qti12Reader):
    name: ClassVar[str] = "cc"
    description: ClassVar[str] = "IMS Common Cartridge 1.1–1.3 (.imscc), assessments in CC's QTI 1.2 profile"
    canvas = False
