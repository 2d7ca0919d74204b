"""``--from qti``: a QTI 3.0 item bank (a content package, zipped or unpacked, or item files) as a quiz.

A package is found by its ``imsmanifest.xml``: its ``imsqti_item_xmlv3p0`` resources are the items and
its ``imsqti_test_xmlv3p0`` test (if any) gives their order and the quiz's title; a folder or zip
without a manifest, or a single file, is read as loose ``qti-assessment-item`` files. Each item becomes
one question (:mod:`toolkit.importing.qti3_items`).

Languages: an item's ``xml:lang`` (on the item, else its body) is the language of its texts. The same
item in other languages comes from one package (or item file) per language, given as ``--locale xx
FILE`` (quizkit's ``qti`` export writes one package per locale), or from items of one package that
share an identifier in different languages; items are aligned by their identifier. An item of a
translation that is in the source language (a question that fell back when exported) gives no
translation. Accepted answers carry no ids in QTI: each language's are cut into one run per source
answer (:func:`toolkit.importing.question_versions.align_answers`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar

from lxml import etree

from toolkit.importing.bank import (
    BankError,
    BankRequest,
    ImportedBank,
    ImportIssue,
    parse_bank_xml,
    quiz_heading,
    read_bank_bytes,
    xml_root_name,
)
from toolkit.importing.imported_drafts import place_last_draft
from toolkit.importing.local_names import local_name
from toolkit.importing.multilang import quizkit_locale
from toolkit.importing.package_files import MAX_MEMBER_BYTES, Package, open_package, package_signature
from toolkit.importing.qti3_items import ReadItem, read_item
from toolkit.importing.question_drafts import draft_mapping
from toolkit.importing.question_versions import align_versions, map_texts, skeleton, untranslated
from toolkit.keys import is_valid_id, question_key, quiz_title_key
from toolkit.model import (
    Origin,
    Question,
    Text,
)
from toolkit.text.locale_packs import one_within_the_other, same_locale

ITEM_RESOURCE = "imsqti_item_xmlv3p0"
TEST_RESOURCE = "imsqti_test_xmlv3p0"
MAX_FILE_BYTES = MAX_MEMBER_BYTES
FORMAT_NAME = "QTI 3.0"


@dataclass(frozen=True)
class _File:
    display: str
    """How messages name it: the file, or ``package/member``."""
    root: etree._Element


@dataclass(frozen=True)
class _Bank:
    """One language's bank: its title (from its test) and its items, in the test's order."""

    display: str
    title: str | None
    title_line: int
    items: tuple[tuple[str, ReadItem], ...]
    """(file as messages name it, item)."""


def _read_file(path: Path, display: str) -> bytes:
    try:
        return read_bank_bytes(
            path,
            display,
            MAX_FILE_BYTES,
            lambda size: f"is {size:,} bytes; a QTI file is read up to {MAX_FILE_BYTES:,} bytes",
        )
    except OSError as error:
        raise BankError(display, None, f"cannot be read: {error.strerror or error}") from None


def _is_zip(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def _member(package: Package, name: str) -> _File:
    display = f"{package.display_name}/{name}"
    return _File(display, parse_bank_xml(package.read(name), display, FORMAT_NAME))


def _resolve(base: str, href: str) -> str:
    """``href`` (relative to the member ``base``) as a member name; None-like ``""`` when it climbs out."""
    parts: list[str] = list(PurePosixPath(base).parent.parts)
    for part in PurePosixPath(href.split("#", 1)[0]).parts:
        if part == "..":
            if not parts:
                return ""
            parts.pop()
        elif part not in {".", ""}:
            parts.append(part)
    return "/".join(parts)


def _package_files(package: Package) -> tuple[_File | None, list[_File]]:
    """The test (if any) and the item files of a package, in the test's order, then the manifest's."""
    if not package.has("imsmanifest.xml"):
        items = []
        for name in package.members:
            if name.lower().endswith(".xml"):
                found = _member(package, name)
                if local_name(found.root) == "qti-assessment-item":
                    items.append(found)
        if not items:
            raise BankError(
                package.display_name, None, "holds no imsmanifest.xml and no qti-assessment-item file"
            )
        return None, items
    manifest = _member(package, "imsmanifest.xml")
    tests: list[str] = []
    item_names: list[str] = []
    for resource in manifest.root.iter():
        if local_name(resource) != "resource":
            continue
        kind = resource.get("type") or ""
        href = _resolve("imsmanifest.xml", resource.get("href") or "")
        if kind == ITEM_RESOURCE and href:
            item_names.append(href)
        elif kind == TEST_RESOURCE and href:
            tests.append(href)
    test = _member(package, tests[0]) if tests and package.has(tests[0]) else None
    order: list[str] = []
    if test is not None:
        # The test's order; an item it names that the manifest lists only as a file counts too.
        for reference in test.root.iter():
            if local_name(reference) == "qti-assessment-item-ref":
                name = _resolve(tests[0], reference.get("href") or "")
                if name and name not in order:
                    order.append(name)
    order += [name for name in item_names if name not in order]
    if not order:
        kinds = {
            resource.get("type") or ""
            for resource in manifest.root.iter()
            if local_name(resource) == "resource"
        }
        older = sorted(kind for kind in kinds if kind.startswith("imsqti_item_xmlv2"))
        raise BankError(
            manifest.display,
            None,
            f"lists QTI 2 items ({older[0]}), which quizkit does not read; export the bank as QTI 3.0"
            if older
            else f"lists no QTI 3.0 item ({ITEM_RESOURCE} resource); is this a QTI 3.0 package? "
            "(QTI 1.2 packages from Canvas are read with --from canvas, Common Cartridges with --from cc)",
        )
    files = []
    for name in order:
        if not package.has(name):
            raise BankError(manifest.display, None, f"lists {name}, which the package does not hold")
        files.append(_member(package, name))
    return test, files


def _read_bank(path: Path, display: str) -> _Bank:
    if path.is_dir() or _is_zip(path):
        package = open_package(path, display)
        test, files = _package_files(package)
    else:
        single = _File(display, parse_bank_xml(_read_file(path, display), display, FORMAT_NAME))
        if local_name(single.root) != "qti-assessment-item":
            raise BankError(
                display,
                single.root.sourceline,
                f"is a {local_name(single.root)}, not a QTI 3.0 item (qti-assessment-item) nor a package; "
                "give the package (.zip or its folder) or an item file",
            )
        test, files = None, [single]
    items = []
    for file in files:
        if local_name(file.root) != "qti-assessment-item":
            raise BankError(file.display, file.root.sourceline, "is not a qti-assessment-item")
        items.append((file.display, read_item(file.root)))
    if items and not any(item.has_key for _, item in items):
        raise BankError(
            display,
            None,
            "holds no answer key (no correct response, mapping or response processing in any item): it is a "
            "delivery variant, such as quizkit's .no-answers.zip; import the package with the answers",
        )
    title = test.root.get("title") if test is not None else None
    return _Bank(display, title, (test.root.sourceline or 1) if test is not None else 1, tuple(items))


# --- languages ----------------------------------------------------------------------------------------


def _locale(language: str) -> str:
    return quizkit_locale(language.strip().lower().replace("-", "_"))


def _same_language(language: str | None, locale: str) -> bool:
    # A bare language and a regional locale of it are one: the import takes ``ur`` for a project's only
    # ``ur_PK`` and ``ur_PK`` for its ``ur`` (toolkit/importing/bank_languages.py), so either way round;
    # two regions are two packages' languages (a ``ur-IN`` item is no ``ur_PK`` translation).
    return language is not None and one_within_the_other(language.strip(), locale)


def _in_source(language: str | None, source_locale: str) -> bool:
    """An item exactly in the source locale: never a translation into another locale, not even a
    regional one of its language (``pt`` for a ``pt`` project's ``pt_BR``): an export fell back to it."""
    return language is not None and same_locale(language.strip(), source_locale)


# --- the reader -------------------------------------------------------------------------------------------


class _Assembly:
    """What reading a bank collects besides its questions: issues, notes, the languages texts came in."""

    def __init__(self) -> None:
        self.issues: list[ImportIssue] = []
        self.notes: list[str] = []
        self.locales: set[str] = set()

    def issue(
        self, file: str, line: int | None, question: str | None, reason: str, draft: Any = None
    ) -> None:
        self.issues.append(ImportIssue(file, line, question, reason, draft))


def _split_languages(
    bank: _Bank, source_locale: str
) -> tuple[list[tuple[str, ReadItem]], dict[str, dict[str, tuple[str, ReadItem]]]]:
    """The bank's items in the source language, and its items in other languages by locale and identifier
    (a package may hold one item in several languages, under one identifier)."""
    by_identifier: dict[str, list[tuple[str, ReadItem]]] = {}
    for file, item in bank.items:
        by_identifier.setdefault(item.identifier, []).append((file, item))
    sources: list[tuple[str, ReadItem]] = []
    others: dict[str, dict[str, tuple[str, ReadItem]]] = {}
    for identifier, versions in by_identifier.items():
        if len(versions) == 1:
            sources.append(versions[0])
            continue
        # The item in exactly the source locale, else the one in its language (``pt`` for ``pt_BR``).
        in_source = [version for version in versions if _in_source(version[1].language, source_locale)] or [
            version for version in versions if _same_language(version[1].language, source_locale)
        ]
        if len(in_source) != 1 or len({version[1].language for version in versions}) != len(versions):
            file, item = versions[1]
            raise BankError(
                file,
                item.line,
                f"the item {identifier!r} is in the bank {len(versions)} times, and not once per language "
                f"(xml:lang) with one in the source language ({source_locale}); give each item its own "
                "identifier",
            )
        sources.append(in_source[0])
        for file, item in versions:
            if item is not in_source[0][1] and item.language is not None:
                others.setdefault(_locale(item.language), {})[identifier] = (file, item)
    languages = {item.language for _, item in sources if item.language is not None}
    if (
        sources
        and all(item.language is not None for _, item in sources)
        and not any(_same_language(language, source_locale) for language in languages)
    ):
        file, item = sources[0]
        raise BankError(
            file,
            item.line,
            f"the items are in {', '.join(sorted(languages))} (xml:lang), not in the source language "
            f"{source_locale}; give the {source_locale} bank as FILE and this one as "
            f"--locale {_locale(sorted(languages)[0])} FILE",
        )
    return sources, others


def _translation_items(
    request: BankRequest, assembly: _Assembly
) -> tuple[dict[str, dict[str, tuple[str, ReadItem]]], dict[str, tuple[str, int, str]]]:
    """The items of each ``--locale`` bank by locale and identifier, and each bank's title."""
    items: dict[str, dict[str, tuple[str, ReadItem]]] = {}
    titles: dict[str, tuple[str, int, str]] = {}
    for locale, path in sorted(request.translations.items()):
        display = str(path)
        bank = _read_bank(path, display)
        if bank.title:
            titles[locale] = (bank.display, bank.title_line, bank.title)
        found: dict[str, tuple[str, ReadItem]] = {}
        for file, item in bank.items:
            if _in_source(item.language, request.source_locale) or (
                item.language is not None
                and _same_language(item.language, request.source_locale)
                and not _same_language(item.language, locale)
            ):
                assembly.notes.append(
                    f"{file}: item {item.identifier} is in {item.language}, the source language (it fell back "
                    f"when exported): it gives no {locale} translation"
                )
                continue
            if item.language is not None and not _same_language(item.language, locale):
                raise BankError(
                    file,
                    item.line,
                    f"is in {item.language} (xml:lang), but was given as the {locale} bank; give it as "
                    f"--locale {_locale(item.language)} FILE",
                )
            found[item.identifier] = (file, item)
        items[locale] = found
    return items, titles


_FILES_LOOKED_AT = 20
"""How many files of a folder without a manifest detection looks at for a QTI item."""


def _starts_an_item(path: Path) -> bool:
    if not path.is_file():  # a FIFO or a device would block or never end
        return False
    with path.open("rb") as handle:
        return _is_item_head(handle.read(4096))


def _is_item_head(head: bytes) -> bool:
    return b"<qti-assessment-item" in head or (b":qti-assessment-item" in head and b"imsqtiasi_v3p0" in head)


class QtiBankReader:
    """QTI 3.0 item banks: a content package or item files."""

    name: ClassVar[str] = "qti"
    description: ClassVar[str] = (
        "QTI 3.0: a content package (.zip or its folder, imsmanifest.xml) or qti-assessment-item files"
    )

    @staticmethod
    def detects(path: Path, head: bytes) -> bool:
        """A package whose manifest lists QTI 3.0 items, a folder of item files, or an item file: by a
        signature read without trusting the package (:func:`package_signature`), so that one damaged or
        made to harm is recognized and :meth:`read` refuses it with what is wrong."""
        if path.is_dir() or head.startswith(b"PK\x03\x04"):
            signature = package_signature(path)
            if signature is not None and ITEM_RESOURCE.encode() in signature.manifest:
                return True
            if not path.is_dir() or (path / "imsmanifest.xml").exists():
                return False
            try:
                return any(_starts_an_item(found) for found in sorted(path.glob("*.xml"))[:_FILES_LOOKED_AT])
            except OSError:  # an item file that cannot be read: not recognized by its content
                return False
        root = xml_root_name(head)  # past a DOCTYPE longer than the head, which read() refuses
        return _is_item_head(head) or (root is not None and root.rpartition(":")[2] == "qti-assessment-item")

    @staticmethod
    def read(request: BankRequest) -> ImportedBank:
        assembly = _Assembly()
        bank = _read_bank(request.path, request.display_name)
        sources, in_bank = _split_languages(bank, request.source_locale)
        given, titles = _translation_items(request, assembly)
        translations: dict[str, dict[str, tuple[str, ReadItem]]] = {}
        for locale, found in (*in_bank.items(), *given.items()):
            translations.setdefault(locale, {}).update(found)
        source_identifiers = {item.identifier for _, item in sources}
        for locale, found in sorted(translations.items()):
            for identifier, (file, item) in found.items():
                if identifier not in source_identifiers:
                    assembly.issue(
                        file,
                        item.line,
                        identifier,
                        f"the {locale} bank has this item, but the source bank has none of that identifier: "
                        "its translation is left out",
                    )
        questions = []
        used: set[str] = set()
        for position, (file, item) in enumerate(sources, start=1):
            question = _question(request, assembly, position, file, item, translations, used)
            if question is not None:
                questions.append(question)
            else:
                place_last_draft(assembly.issues, len(questions))
        origin = Origin(bank.display, bank.title_line)
        # A translation's title is its title's translation only where the source bank has a title.
        title_imported = (
            tuple(sorted((locale, title) for locale, (_, _, title) in titles.items() if title))
            if bank.title
            else ()
        )
        title = Text(quiz_title_key(request.quiz_id), bank.title or "", origin, imported=title_imported)
        heading = quiz_heading(request.quiz_id, origin, title)
        assembly.notes.append(heading.note)
        quiz = heading.quiz(request.quiz_id, questions, origin)
        # The languages some text came in, not those merely offered: a translation left out gives none.
        locales = assembly.locales | {locale for locale, _ in title_imported}
        return ImportedBank(
            quiz=quiz,
            source_locale=request.source_locale,
            locales=tuple(sorted(locales)),
            issues=tuple(assembly.issues),
            notes=tuple(assembly.notes),
        )


def _question(
    request: BankRequest,
    assembly: _Assembly,
    position: int,
    file: str,
    item: ReadItem,
    translations: dict[str, dict[str, tuple[str, ReadItem]]],
    used: set[str],
) -> Question[Text] | None:
    for problem in item.problems:
        reason = problem.reason if item.question is not None else f"left out: {problem.reason}"
        assembly.issue(file, problem.line, item.identifier, reason)
    if item.question is None:
        return None
    question_id = item.identifier
    if not is_valid_id(question_id) or question_id in used:
        question_id = f"q{position}"
        while question_id in used:
            question_id += "-1"
        why = "is taken by an earlier item" if item.identifier in used else "is no quizkit id"
        assembly.notes.append(
            f"{file}: item identifier {item.identifier!r} {why}; its question is {question_id}"
        )
    used.add(question_id)
    source = replace(item.question, id=question_id)
    versions: dict[str, Question[str]] = {}
    version_files: dict[str, str] = {}
    for locale, found in sorted(translations.items()):
        if item.identifier not in found:
            continue
        translation_file, translation = found[item.identifier]
        if translation.question is None:
            assembly.issue(
                translation_file,
                translation.line,
                item.identifier,
                f"its {locale} version cannot be read: its translation is left out",
            )
            continue
        versions[locale] = replace(translation.question, id=question_id)
        version_files[locale] = translation_file
    source, versions, notes = align_versions(source, versions)
    assembly.notes += [f"{file}: item {item.identifier}: {note}" for note in notes]
    source_skeleton = skeleton(source)
    source_keys = [key for key, _ in source.keyed_texts()]
    texts_by_locale: dict[str, dict[str, str]] = {}
    for locale, version in versions.items():
        if skeleton(version) != source_skeleton or [key for key, _ in version.keyed_texts()] != source_keys:
            assembly.issue(
                version_files[locale],
                translations[locale][item.identifier][1].line,
                item.identifier,
                f"its {locale} version differs from the source in more than its texts (its kind, choices or "
                "answers): its translation is left out",
            )
            continue
        texts_by_locale[locale] = dict(version.keyed_texts())
        assembly.locales.add(locale)
    imported: dict[str, tuple[tuple[str, str], ...]] = {}
    for key, _ in source.keyed_texts():
        if not untranslated(source, key):  # an answer the same in every locale has no translation
            imported[key] = tuple(
                (locale, texts[key]) for locale, texts in sorted(texts_by_locale.items()) if texts.get(key)
            )
    prefix = question_key(request.quiz_id, question_id)

    def text(key: str, value: str) -> Text:
        origin = Origin(file, item.lines.get(key, item.line))
        return Text(f"{prefix}.{key}", value, origin, imported=imported.get(key, ()))

    converted: Question[Text] = map_texts(source, text)
    todos = {f"{prefix}.{key}": todo for key, todo in item.todos}
    if item.todos:
        if item.missing_explanation:
            todos[converted.explanation.key] = "write the explanation: the item has no general feedback"
        assembly.issue(
            file,
            item.line,
            item.identifier,
            "kept as a draft with to-dos: " + "; ".join(todos.values()),
            draft=draft_mapping(converted, todos),
        )
        return None
    if item.missing_explanation:
        assembly.issue(
            file,
            item.line,
            item.identifier,
            "the item has no general feedback, and a quizkit question needs an explanation: kept as a draft "
            "with a to-do",
            draft=draft_mapping(converted, {converted.explanation.key: "write the explanation"}),
        )
        return None
    return converted
