"""The QTI 1.2 files of a Canvas export or a Common Cartridge, found through its ``imsmanifest.xml`` and
read safely, with the quiz's title, description and shuffling and every item read as a question.

* **canvas**: Canvas's "QTI export" (``lib/cc/qti/qti_generator.rb`` in instructure/canvas-lms,
  ``generate_qti_only``): a resource of type ``imsqti_xmlv1p2`` per quiz, ``<id>/<id>.xml``, beside
  ``<id>/assessment_meta.xml`` (title, description, ``shuffle_answers``). A Canvas *course* export (an
  ``.imscc``) holds each quiz twice (``generate_quiz``): a Common Cartridge version with only the kinds
  the cartridge profile has, and the complete one in ``non_cc_assessments/<id>.xml.qti``; the complete
  one is read. A lone ``questestinterop`` file is read too.
* **cc**: a Common Cartridge 1.1–1.3: resources of type ``imsqti_xmlv1p2/imscc_xmlv1p1/assessment``
  (``imscc_xmlv1p2``, ``imscc_xmlv1p3`` in later versions) and question banks (``…/question-bank``).

Groups that draw questions at random (``selection_number``) and references to a bank's questions
(``itemref``) are reported: quizkit asks every question, and a reference's question is not in the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from lxml import etree

from toolkit.importing.bank import BankError, ImportIssue, parse_bank_xml, read_bank_bytes
from toolkit.importing.local_names import children, descendants, first, local_name
from toolkit.importing.markup_reduction import ReducedText, reduce_markup
from toolkit.importing.package_files import MAX_MEMBER_BYTES, Package, open_package
from toolkit.importing.qti12_questions import ItemRefusedError, ParsedItem, read_item
from toolkit.text.counts import counted
from toolkit.text.xml_names import XML_BASE

MANIFEST = "imsmanifest.xml"
CANVAS_RESOURCE = "imsqti_xmlv1p2"
CANVAS_FULL_FOLDER = "non_cc_assessments/"
_CC_ASSESSMENT = re.compile(r"^imsqti_xmlv1p2/imscc_xmlv1p[0-9]/assessment$")
_CC_BANK = re.compile(r"^imsqti_xmlv1p2/imscc_xmlv1p[0-9]/question-bank$")


@dataclass(frozen=True)
class _Assessment:
    member: str
    """Where the QTI file is, as messages name it."""
    root: etree._Element
    question_bank: bool = False
    """A cartridge's question bank (the course's pool of questions), not a quiz."""


@dataclass(frozen=True)
class PackageRead:
    """One package (the source or a translation): its items and settings."""

    display_name: str
    title: str
    description: str
    shuffle: bool
    items: tuple[tuple[str, ParsedItem | ItemRefusedError, etree._Element], ...]
    """(file as messages name it, the item read or why not, the item element)."""
    notes: tuple[str, ...]
    issues: tuple[ImportIssue, ...]
    assessments: tuple[tuple[str, str], ...] = ()
    """The assessment each item of ``items`` is in: its file and its title (the file's name where it has none);
    a package of several quizzes gives one quiz per assessment with ``--quiz-per-category``."""
    held_note: str | None = None
    """What the package holds where it is more than one quiz (assessments, question banks): a note for an
    import that makes them one quiz."""
    question_banks: tuple[tuple[str, str, int], ...] = ()
    """A cartridge's question banks that gave questions: each one's file, title and how many questions,
    for the note :func:`question_bank_note` makes of it."""


QUESTION_BANK_TITLE = "Question bank"
"""The title of a cartridge's question bank whose ``<objectbank>`` has none, where it is a quiz of its own
(``--quiz-per-category``): its file's name says nothing to the quiz's readers."""


def question_bank_note(member: str, title: str, count: int, own_quiz: bool) -> str:
    """The note for a cartridge's question bank whose ``count`` questions came in: in the quiz with the
    assessments' questions, or a quiz of its own (``own_quiz``, ``--quiz-per-category``)."""
    said = f"{member} is a question bank (the course's pool of questions), not a quiz: "
    if own_quiz:
        held = (
            "its question is a quiz of its own"
            if count == 1
            else f"its {count} questions are a quiz of their own"
        )
        return f"{said}{held} (category {title!r}); delete that quiz if no quiz should ask {'it' if count == 1 else 'them'}"
    return said + (
        "its question is in this quiz too; delete it from the quiz file if the quiz should not ask it"
        if count == 1
        else f"its {count} questions are in this quiz too, in the manifest's order; delete from the "
        "quiz file those the quiz should not ask"
    )


# --- packages -------------------------------------------------------------------------------------------


def open_bank(path: Path, display_name: str) -> tuple[Package | None, etree._Element | None]:
    """The package and its parsed manifest; (None, root) for a lone QTI file."""
    if path.is_file():
        head = read_bank_bytes(
            path,
            display_name,
            MAX_MEMBER_BYTES,
            lambda size: f"is {size:,} bytes, more than any bank ({MAX_MEMBER_BYTES:,})",
        )
        if not head.startswith(b"PK"):
            return None, parse_bank_xml(head, display_name, "QTI 1.2")
    package = open_package(path, display_name)
    if not package.has(MANIFEST):
        raise BankError(
            display_name,
            None,
            f"holds no {MANIFEST}, so it is no Canvas export or Common Cartridge; give the .zip or .imscc "
            "exactly as the platform exported it",
        )
    return package, parse_bank_xml(package.read(MANIFEST), f"{display_name}/{MANIFEST}", "an IMS manifest")


def _resources(manifest: etree._Element) -> list[etree._Element]:
    return descendants(manifest, "resource")


def _files(resource: etree._Element) -> list[str]:
    hrefs = [resource.get("href", "")] + [file.get("href", "") for file in children(resource, "file")]
    base = resource.get(XML_BASE, "")
    return [str(PurePosixPath(base) / href) if base else href for href in dict.fromkeys(hrefs) if href]


def is_canvas(package: Package | None, manifest: etree._Element) -> bool:
    if package is None:
        return True
    types = {resource.get("type", "") for resource in _resources(manifest)}
    return CANVAS_RESOURCE in types or any(name.startswith(CANVAS_FULL_FOLDER) for name in package.members)


def assessment_members(package: Package, manifest: etree._Element, canvas: bool) -> list[str]:
    found: list[str] = []
    for resource in _resources(manifest):
        kind = resource.get("type", "")
        wanted = (
            kind == CANVAS_RESOURCE if canvas else bool(_CC_ASSESSMENT.match(kind) or _CC_BANK.match(kind))
        )
        if canvas and _CC_ASSESSMENT.match(kind):
            # A Canvas course export: the complete quiz is in non_cc_assessments/<its identifier>.xml.qti.
            full = f"{CANVAS_FULL_FOLDER}{resource.get('identifier', '')}.xml.qti"
            if package.has(full):
                found.append(full)
                continue
            wanted = True
        if wanted:
            found += [
                href for href in _files(resource) if href.endswith((".xml", ".qti")) and package.has(href)
            ]
    return list(dict.fromkeys(found))


def question_bank_members(package: Package, manifest: etree._Element) -> set[str]:
    """The files of a cartridge's question banks (resources of type ``…/question-bank``)."""
    return {
        href
        for resource in _resources(manifest)
        if _CC_BANK.match(resource.get("type", ""))
        for href in _files(resource)
        if package.has(href)
    }


def _meta(package: Package, manifest: etree._Element, shown: str) -> dict[str, str]:
    """Canvas's quiz settings (assessment_meta.xml): title, description, shuffle_answers."""
    for name in package.members:
        if PurePosixPath(name).name == "assessment_meta.xml":
            root = parse_bank_xml(package.read(name), f"{shown}/{name}", "Canvas's quiz settings")
            return {
                etree.QName(child).localname: (child.text or "").strip()
                for child in root
                if isinstance(child.tag, str)
            }
    return {}


def read_package(path: Path, display_name: str, canvas_wanted: bool) -> PackageRead:
    package, root = open_bank(path, display_name)
    assert root is not None
    notes: list[str] = []
    issues: list[ImportIssue] = []
    if package is None:
        assessments = [_Assessment(display_name, root)]
        meta: dict[str, str] = {}
    else:
        canvas = canvas_wanted and is_canvas(package, root)
        if not canvas_wanted and any(name.startswith(CANVAS_FULL_FOLDER) for name in package.members):
            notes.append(
                "this cartridge was exported by Canvas and also holds its quizzes complete; quizkit read the "
                "Common Cartridge version, which leaves out the kinds the profile lacks: import it with "
                "--from canvas to keep them"
            )
        members = assessment_members(package, root, canvas)
        if not members:
            raise BankError(
                f"{display_name}/{MANIFEST}",
                None,
                "lists no QTI assessment"
                + (
                    " (no resource of type imsqti_xmlv1p2)"
                    if canvas_wanted
                    else " (no resource of type imsqti_xmlv1p2/imscc_xmlv1p1/assessment)"
                )
                + "; is it a quiz export?",
            )
        question_banks = set() if canvas else question_bank_members(package, root)
        assessments = [
            _Assessment(
                f"{display_name}/{member}",
                parse_bank_xml(package.read(member), f"{display_name}/{member}", "QTI 1.2"),
                member in question_banks,
            )
            for member in members
        ]
        meta = _meta(package, root, display_name) if canvas_wanted else {}
    items: list[tuple[str, ParsedItem | ItemRefusedError, etree._Element]] = []
    titles: list[str] = []
    descriptions: list[tuple[ReducedText, str]] = []
    """Each rubric reduced to quiz text, and the file it is in."""
    item_assessments: list[tuple[str, str]] = []
    banks_read: list[tuple[str, str, int]] = []
    bank_titles: list[str] = []
    held = {"assessment": 0, "objectbank": 0}
    for assessment in assessments:
        if etree.QName(assessment.root).localname != "questestinterop":
            raise BankError(
                assessment.member,
                assessment.root.sourceline,
                f"is a <{etree.QName(assessment.root).localname}>, not a QTI 1.2 <questestinterop>",
            )
        named = len(titles)
        bank_named = len(bank_titles)
        before = len(items)
        for test in descendants(assessment.root, "assessment") + descendants(assessment.root, "objectbank"):
            if not assessment.question_bank:  # a cartridge's question bank has a note of its own
                held[local_name(test)] += 1
            if test.get("title"):
                # A bank's title names the quiz only when the package has no quiz to name it.
                (bank_titles if assessment.question_bank else titles).append(test.get("title", ""))
            rubric = first(test, "rubric")
            if rubric is not None:
                descriptions.append((reduce_markup(_mattext(rubric)), assessment.member))
        if assessment.question_bank:
            assessment_title = (
                bank_titles[bank_named] if len(bank_titles) > bank_named else QUESTION_BANK_TITLE
            )
        else:
            assessment_title = titles[named] if len(titles) > named else assessment.member.rsplit("/", 1)[-1]
        banks: dict[etree._Element, tuple[str, list[etree._Element]]] = {}
        for section in descendants(assessment.root, "section"):
            issue, bank = _group(section, package, assessment.member, display_name)
            if issue is not None:
                issues.append(issue)
            if bank is not None:
                banks[section] = bank
            for reference in children(section, "itemref"):
                issues.append(
                    ImportIssue(
                        assessment.member,
                        reference.sourceline,
                        reference.get("linkrefid"),
                        "a reference to a question of a question bank, which is not in this package; "
                        "export the bank's questions with the quiz",
                    )
                )
        for element in assessment.root.iter():
            found = [(assessment.member, element)] if local_name(element) == "item" else []
            if element in banks:
                member, bank_items = banks[element]
                found += [(member, item) for item in bank_items]
            for member, item in found:
                try:
                    parsed: ParsedItem | ItemRefusedError = read_item(item)
                except ItemRefusedError as refused:
                    parsed = refused
                items.append((member, parsed, item))
                item_assessments.append((assessment.member, assessment_title))
        if assessment.question_bank:
            banks_read.append((assessment.member, assessment_title, len(items) - before))
    held_note = None
    if sum(held.values()) > 1:
        counts = [
            counted(count, word)
            for count, word in ((held["assessment"], "assessment"), (held["objectbank"], "question bank"))
            if count
        ]
        held_note = f"the package holds {' and '.join(counts)}; their questions are one quiz now"
    elif (files := sum(not assessment.question_bank for assessment in assessments)) > 1:
        held_note = f"the package holds {files} assessment files; their questions are one quiz now"
    title = meta.get("title") or next(iter(titles + bank_titles), "")
    given = [(reduce_markup(meta["description"]), display_name)] if meta.get("description") else []
    chosen = next((each for each in (*given, *descriptions) if each[0].text), None)
    description = chosen[0].text if chosen is not None else ""
    if chosen is not None:
        notes += [
            f"{chosen[1]}: the quiz description holds {lost}, which a quiz text cannot hold yet; it is left "
            "out (its words, if any, are kept)"
            for lost in chosen[0].lost
        ]
    return PackageRead(
        display_name=display_name,
        title=title,
        description=description,
        shuffle=meta.get("shuffle_answers", "").lower() == "true",
        items=tuple(items),
        notes=tuple(notes),
        issues=tuple(issues),
        assessments=tuple(item_assessments),
        held_note=held_note,
        question_banks=tuple(banks_read),
    )


def _group(
    section: etree._Element, package: Package | None, member: str, display_name: str
) -> tuple[ImportIssue | None, tuple[str, list[etree._Element]] | None]:
    """What a group that draws questions at random becomes: an issue, and the items of the question
    bank it draws from where the package holds it (a Canvas course export keeps each bank in
    ``non_cc_assessments/<its identifier>.xml.qti``, ``generate_question_bank``)."""
    selections = children(section, "selection_ordering")  # the section's own, not a group inside it
    picked_element = first(selections[0], "selection_number") if selections else None
    picked = (picked_element.text or "").strip() if picked_element is not None else ""
    reference = first(selections[0], "sourcebank_ref") if selections else None
    bank_ident = (reference.text or "").strip() if reference is not None else ""
    if not picked and not bank_ident:
        return None, None
    group = (
        f"the group {section.get('title') or section.get('ident')!r} asks {picked or 'some'} of its questions"
    )
    if not bank_ident:
        reason = (
            f"{group} drawn at random; quizkit asks every question, and took every one the group holds here"
        )
        return ImportIssue(member, section.sourceline, None, reason), None
    bank_member = f"{CANVAS_FULL_FOLDER}{bank_ident}.xml.qti"
    if package is None or not package.has(bank_member):
        reason = (
            f"{group} drawn from the question bank {bank_ident!r}, which is not in this package: its questions "
            "are left out; export the course with its question banks"
        )
        return ImportIssue(member, section.sourceline, None, reason), None
    shown = f"{display_name}/{bank_member}"
    root = parse_bank_xml(package.read(bank_member), shown, "QTI 1.2")
    reason = (
        f"{group} drawn at random from the question bank {bank_ident!r}; quizkit asks every question, and took "
        "every question of the bank"
    )
    return ImportIssue(member, section.sourceline, None, reason), (shown, descendants(root, "item"))


def _mattext(element: etree._Element) -> str:
    mattext = first(element, "mattext")
    return (mattext.text or "") if mattext is not None else ""
