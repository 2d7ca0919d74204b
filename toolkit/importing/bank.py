"""Question banks from other tools (GIFT, Moodle XML, Aiken, Canvas, Common Cartridge, QTI 3.0): what a
bank reader gives back, and the readers registered under the ``quizkit.importers`` entry points.

A reader turns a bank into the content model itself: a source :class:`~toolkit.model.Quiz` whose texts
carry their translations from the bank in :attr:`Text.imported <toolkit.model.Text.imported>` (the
languages of Moodle ``multilang`` spans, QTI ``xml:lang``, or one file per language) and their origin
(the bank file and line). Whatever the model cannot hold is an :class:`ImportIssue`, never a silent
drop: the question is left out, or kept as a draft with a to-do. Readers never write; the import writes
the quiz YAML and a catalog per language from what they return.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, Protocol

from lxml import etree

from toolkit import keys
from toolkit.errors import LocatedError
from toolkit.files import FileTooLargeError, read_regular_file
from toolkit.importing.moodle_bank_texts import AUTO_FORMAT, field_text
from toolkit.importing.question_versions import with_each_answer
from toolkit.interchange.untrusted_xml import REFUSE_DOCTYPE, UntrustedXmlError, misc_end, parse_untrusted_xml
from toolkit.model import AcceptedAnswer, Level, Origin, Question, Quiz, Text
from toolkit.text.encodings import byte_order_mark, unmarked_xml_encoding


class BankError(LocatedError):
    """A bank (a GIFT, Aiken or Moodle XML file, a Canvas or Common Cartridge package) that cannot be
    read, or not safely: the file, the line where known, and what to do. Nothing of it is imported."""

    names_its_place = True


def read_bank_bytes(path: Path, display_name: str, limit: int, too_large: Callable[[int], str]) -> bytes:
    """The bytes of a bank file of at most ``limit`` bytes (:func:`toolkit.files.read_regular_file`); a
    larger one is refused with ``too_large(its size)`` as the message."""
    try:
        return read_regular_file(path, limit)
    except FileTooLargeError as error:
        raise BankError(display_name, None, too_large(error.size)) from None


ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")
"""How a zip file starts: the header of its first member, or the end of an empty zip's directory."""


def wide_unicode(data: bytes) -> tuple[bytes, str] | None:
    """The byte order mark of UTF-16 or UTF-32 that ``data`` starts with, and that encoding; None for
    any other start (UTF-8's mark too): the text formats read UTF-8, and these with their mark."""
    marked = byte_order_mark(data)
    return marked if marked is not None and marked[1] != "UTF-8" else None


def head_text(head: bytes) -> str | None:
    """The first bytes of a file (``head``) as text, for a text format's signature: decoded by its byte
    order mark (UTF-8, UTF-16 or UTF-32), else as UTF-8 with what does not decode left out (the reader
    then says where the file is not UTF-8). None for binary content, a zip or bytes holding NUL, on
    which no text signature is run: compressed bytes match a short pattern by chance."""
    if head.startswith(ZIP_MAGIC):
        return None
    marked = byte_order_mark(head)
    text = (
        head[len(marked[0]) :].decode(marked[1], errors="ignore")
        if marked
        else head.decode("utf-8", "ignore")
    )
    return None if "\x00" in text else text


def refuse_package(data: bytes, display_name: str, file_kind: str) -> None:
    """Refuse ``data``, given as ``file_kind`` (``a GIFT file``) to a text format's reader, when it is a zip:
    its bytes would be judged as text in a wrong encoding, which is not what is wrong."""
    if data.startswith(ZIP_MAGIC):
        raise BankError(
            display_name,
            None,
            f"is a zip package, not {file_kind}: for a package give --from canvas, cc or qti, or "
            "leave --from out and its format is detected",
        )


def parse_bank_xml(raw: bytes, display_name: str, format_name: str) -> etree._Element:
    """``raw``, an XML file of a bank, parsed as untrusted (no DTD, no entities:
    :func:`~toolkit.interchange.untrusted_xml.parse_untrusted_xml`); XML that is malformed or made to harm
    is refused naming ``display_name`` and the line."""
    try:
        return parse_untrusted_xml(raw, format_name, REFUSE_DOCTYPE)
    except UntrustedXmlError as error:
        message = error.message
        if error.kind == "declaration":
            # What to do, as the Moodle reader says it: the file did not come from the export unchanged.
            message += (
                "; the quiz exports of Canvas, Common Cartridge and QTI platforms write no DOCTYPE and no "
                "entity, so the file was changed since: export it again from the platform"
            )
        raise BankError(display_name, error.line, message) from None


_DOCTYPE_NAME = re.compile(r"<!DOCTYPE\s+([^\s\[>]+)")
_ELEMENT_NAME = re.compile(r"<([^\s/>!?]+)")


def _doctype_end(text: str, position: int) -> int | None:
    """Where the DOCTYPE whose name ends at ``position`` ends: past its internal subset (quoted values and
    comments skipped unread) and its ``>``; None when ``text`` ends first."""
    subset = False
    while position < len(text):
        character = text[position]
        if character in "\"'":
            close = text.find(character, position + 1)
            if close < 0:
                return None
            position = close
        elif subset and text.startswith("<!--", position):
            close = text.find("-->", position + 4)
            if close < 0:
                return None
            position = close + 2
        elif character == "[":
            subset = True
        elif character == "]":
            subset = False
        elif character == ">" and not subset:
            return position + 1
        position += 1
    return None


def xml_root_name(head: bytes) -> str | None:
    """The name of the root element (with its prefix) of the XML document whose first bytes are ``head``;
    None when it does not start as XML. Read without parsing, as format detection needs: past a byte
    order mark, the XML declaration, comments, processing instructions and a DOCTYPE, whose internal
    subset is skipped unread (a bank made to harm is still recognized, and its reader refuses it with
    its line). When ``head`` ends inside the DOCTYPE, the root is the one the DOCTYPE names. UTF-16 and
    UTF-32 are told by their mark, or without one by how the first ``<`` is written, as XML tells them."""
    marked = byte_order_mark(head)
    if marked is None:
        unmarked = unmarked_xml_encoding(head)
        marked = (b"", unmarked) if unmarked is not None else None
    text = head[len(marked[0]) :].decode(marked[1], errors="ignore") if marked else head.decode("latin-1")
    position = 0
    while True:
        position = misc_end(text, position)
        doctype = _DOCTYPE_NAME.match(text, position)
        if doctype is None:
            break
        end = _doctype_end(text, doctype.end())
        if end is None:
            return doctype.group(1)
        position = end
    element = _ELEMENT_NAME.match(text, position)
    return element.group(1) if element is not None else None


@dataclass(frozen=True)
class ImportIssue:
    """Something of the bank the quiz does not hold: a question kind, a setting, an image, math."""

    file: str
    """As the report shows it: relative to the working folder, or the name inside a package."""
    line: int | None
    question: str | None
    """The question as the bank names it (its name, title or ident), None for the bank as a whole."""
    reason: str
    """A sentence: what was not taken and why, and what to do about it where something can be done."""
    draft: Mapping[str, object] | None = None
    """The question as quiz YAML with ``todo`` entries, when it is kept as a draft rather than left out."""
    position: int | None = None
    """Where a draft stood in the bank: after this many of the questions that came through whole (the
    import writes it there, :func:`toolkit.importing.imported_drafts.in_bank_order`); None: after them all."""


@dataclass(frozen=True)
class ImportedBank:
    quiz: Quiz
    """Questions that came through whole; ``Text.imported`` holds each text in the bank's other languages."""
    source_locale: str
    locales: tuple[str, ...]
    """The languages besides the source that the bank gave translations in, sorted."""
    issues: tuple[ImportIssue, ...] = ()
    notes: tuple[str, ...] = field(default=())
    """What the reader decided that a person may want to check (an id made up, a level assumed)."""
    categories: tuple[BankCategory, ...] = ()
    """The bank's categories that hold questions, in the bank's order; empty for a format without them."""
    written_in: tuple[str, ...] = ()
    """Other languages than the source locale that the bank's source texts say they are in (QTI
    ``xml:lang``): the import refuses such a bank unless forced (:mod:`toolkit.importing.source_language`)."""


@dataclass(frozen=True)
class BankRequest:
    """What the import asks of a reader."""

    path: Path
    display_name: str
    """How messages name the file."""
    quiz_id: str
    source_locale: str
    translations: Mapping[str, Path] = field(default_factory=dict)
    """``--locale xx FILE``: the same bank in another language, aligned with ``path`` question by question."""
    by_category: bool = False
    """``--quiz-per-category``: each category becomes its own quiz, so the reader's notes do not say its
    questions are in one quiz, nor what that quiz's heading was made of."""


class BankReader(Protocol):
    """A bank format. Built-in readers are registered under ``quizkit.importers`` exactly as a plugin's."""

    name: ClassVar[str]
    """The ``--from`` value: ``gift``, ``moodle``, ``aiken``, ``canvas``, ``cc``, ``qti``."""
    description: ClassVar[str]

    @staticmethod
    def detects(path: Path, head: bytes) -> bool:
        """Whether ``path`` (a file or a folder), whose first bytes are ``head`` (empty for a folder), is
        in this format: how ``quizkit import`` picks the reader when ``--from`` is left out."""
        ...

    @staticmethod
    def read(request: BankRequest) -> ImportedBank:
        """The bank as the content model. Refuses a file it cannot read with a located error
        (:class:`toolkit.errors.LocatedError`), naming the file and line and what to do."""
        ...


@dataclass(frozen=True)
class QuizHeading:
    """The quiz-level fields of an imported quiz: the bank's where it has them, else made up by one
    convention for every reader (:func:`quiz_heading`)."""

    title: Text
    description: Text
    level: Level
    note: str
    """What was made up, for the report: a person checks it in the quiz file."""

    def quiz(
        self, quiz_id: str, questions: Iterable[Question[Text]], origin: Origin, shuffle: bool = False
    ) -> Quiz:
        """The imported quiz with these fields."""
        return Quiz(
            id=quiz_id,
            level=self.level,
            title=self.title,
            description=self.description,
            questions=tuple(questions),
            origin=origin,
            shuffle=shuffle,
        )


IMPORTED_LEVEL = Level.INTERMEDIATE
"""No bank format holds a quiz's level: every import assumes this one."""

MOODLE_WILDCARD = re.compile(r"(?<!\\)\*")
"""Moodle's short-answer wildcard, a ``*`` not escaped as ``\\*``: it stands for any text
(qtype_shortanswer_question::compare_string_with_wildcard, question/type/shortanswer/question.php), in a
Moodle XML bank's answers and in a GIFT file's, which Moodle imports as short answers."""


_CATEGORY_SEPARATOR = re.compile(r"(?<!/)/(?!/)")
"""A ``/`` that separates two names of a Moodle category path: a name's own ``/`` is written ``//``
(qformat_default::assemble_category_path and split_category_path in Moodle's question/format.php), so a
multilang name's ``</span>`` stands as ``<//span>`` in the path."""

_TAG = re.compile(r"(<[^<>]*>)")
"""An HTML tag of a name. A bank written by hand (or by a tool that does not double a name's ``/``)
writes a multilang name's ``</span>`` as it is: its ``/`` is the tag's, never a separator."""


def category_path(written: str) -> tuple[str, ...]:
    """The names of a Moodle category path as the bank writes it, from the top, without Moodle's
    contexts (``$course$``, ``$system$``, ``$module$``, …) and its ``top``:
    ``$course$/top/Algebra/Fractions`` → ``("Algebra", "Fractions")``. Names keep their multilang markup;
    a ``/`` inside a tag (``</span>``) separates nothing."""
    pieces = [""]
    for part in _TAG.split(written):
        if _TAG.fullmatch(part):
            pieces[-1] += part
        else:
            first, *others = _CATEGORY_SEPARATOR.split(part)
            pieces[-1] += first
            pieces.extend(others)
    names = [name.replace("//", "/").strip() for name in pieces]
    names = [name for name in names if name]
    while names and names[0].startswith("$") and names[0].endswith("$"):
        names = names[1:]
    return tuple(names[1:] if names[:1] == ["top"] else names)


@dataclass(frozen=True)
class BankCategory:
    """A category of a bank that holds questions (a Moodle question category, a GIFT ``$CATEGORY``):
    what ``quizkit import --quiz-per-category`` makes a quiz of (:mod:`toolkit.importing.bank_categories`)."""

    written: str
    """The path as the bank writes it (``$course$/top/Algebra/Fractions``), for the report."""
    path: tuple[str, ...]
    """Its names from the top in the source language, Moodle's contexts and ``top`` left out."""
    title: Text
    """Its last name, with the bank's translations of it (multilang spans), keyed as the quiz title of
    the import's quiz."""
    info: Text | None
    """Moodle's description of the category, with its translations, keyed as the quiz description."""
    line: int | None
    questions: tuple[str, ...]
    """The ids of its questions, whole or kept as drafts, in the bank's order."""


def bank_category(
    written: str,
    quiz_id: str,
    source_locale: str,
    origin: Origin,
    questions: Iterable[str] = (),
    info: Text | None = None,
) -> BankCategory:
    """The category the bank writes as ``written``: each name in the source language (its multilang
    spans or ``{mlang}`` blocks split as in any text), its last name the title with its translations."""
    names = category_path(written)
    versions = [field_text(name, AUTO_FORMAT, source_locale) for name in names]
    path = tuple(
        version.source or next((text for _, text in version.translations), "") or name
        for name, version in zip(names, versions, strict=True)
    )
    last = versions[-1].translations if versions else ()
    title = Text(
        keys.quiz_title_key(quiz_id),
        path[-1] if path else "",
        origin,
        imported=tuple((locale, text) for locale, text in last if text),
    )
    return BankCategory(written, path, title, info, origin.line, tuple(questions))


def quiz_heading(
    quiz_id: str,
    origin: Origin,
    title: Text | None = None,
    description: Text | None = None,
    category: BankCategory | None = None,
) -> QuizHeading:
    """The bank's ``title`` and ``description`` where it has them (None or empty where it has not), else:
    the title is the last name of the questions' ``category`` (with its translations), or the quiz id;
    the description repeats the title (and its translations); the level is always
    :data:`IMPORTED_LEVEL`. Never made-up words in a language the project may not be written in."""
    missing: list[str] = []
    made: list[str] = []
    if title is None or not title.source:
        named = category is not None and bool(category.title.source)
        title = Text(
            keys.quiz_title_key(quiz_id),
            category.title.source if category is not None and named else quiz_id,
            origin,
            imported=category.title.imported if category is not None and named else (),
        )
        missing.append("title")
        made.append(f"the title is {'its category' if named else 'the quiz id'}, {title.source!r}")
    if description is None or not description.source:
        # In every language the title has: a catalog without it would show the source's description.
        description = Text(keys.quiz_description_key(quiz_id), title.source, origin, imported=title.imported)
        missing.append("description")
        made.append("the description repeats the title")
    missing.append("level")
    made.append(f"the level is {IMPORTED_LEVEL.value}")
    note = (
        f"the bank has no quiz {', '.join(missing[:-1])}{' or ' if len(missing) > 1 else ''}{missing[-1]}: "
        f"{', '.join(made)}; change {'them' if len(missing) > 1 else 'it'} in the quiz file"
    )
    return QuizHeading(title, description, IMPORTED_LEVEL, note)


def same_answers_untranslated(
    question: Question[Text], *, unmarked_too: bool = False, source_only: Collection[str] = frozenset()
) -> Question[Text]:
    """``question`` with each accepted answer that reads the same in every language the bank gave
    (``--locale`` files, or a package per language) marked ``translate: false`` and given no translation:
    a typed answer every file lists alike is accepted in every language, and taken as a translation it
    would put one language's word in another's catalog (an Urdu answer in the Arabic catalog, whose
    checks refuse Urdu letters, blocking every export). With ``unmarked_too``, also each accepted answer
    written outside every language's markup in a question that has some (not one of ``source_only``,
    the keys of texts in a source-language span only): Moodle compares the typed response with it
    whatever the learner's language."""

    def fixed(answer: AcceptedAnswer[Text]) -> AcceptedAnswer[Text]:
        text = answer.text
        same = text.imported and all(translation == text.source for _, translation in text.imported)
        unmarked = unmarked_too and not text.imported and text.source and text.key not in source_only
        if same or unmarked:
            return replace(answer, text=replace(text, imported=()), translate=False)
        return answer

    return with_each_answer(question, fixed)


def in_words(text: str) -> bool:
    """Whether ``text`` has two letters in a row that are not capitals: a word of a language (``uses``,
    ``Router``), where a number, a symbol or an acronym (``80``, ``TCP``, ``IPv4``) reads the same in
    every language. Letters of a script without case (Arabic, Devanagari) are never capitals."""
    small = [character.isalpha() and not character.isupper() for character in text]
    return any(first and second for first, second in itertools.pairwise(small))


def shared_texts_translated(
    question: Question[Text], in_source_spans: Collection[str] = frozenset()
) -> Question[Text]:
    """``question`` with each text the bank wrote outside every language's markup (no translation of its
    own) given, in each language the question's other texts carry, the same text as its translation.
    Moodle's multilang filters show text outside the spans to every language (filter/multilang/filter.php),
    so in a question translated into Urdu an option ``80`` or ``TCP`` is what the Urdu reader sees too;
    left untranslated it would make the whole question fall back to the source language. A text in words
    (``uses``, ``HTTP over TCP.``, a Cloze question's name) is not: nobody translated it, and taken as
    the Urdu it would be English presented as Urdu; it stays untranslated in those languages, for a
    translator (and the report lists it). A question none of whose texts carries a language is left as
    it is: nobody translated it, and an export shows its source text in every language, as Moodle does.
    Accepted answers that come out the same in every language, or are written outside the markup (words
    too: a typed answer Moodle accepts in every language), are then ``translate: false``
    (:func:`same_answers_untranslated`).

    A text written in a source-language span only (its key in ``in_source_spans``) is not outside every
    span either: it is the source's alone, and stays untranslated in the other languages, where
    :func:`toolkit.importing.bank_languages.settled_languages` reports it."""
    languages: list[str] = []
    for text in _texts_of(question):
        for locale, _translation in text.imported:
            if locale not in languages:
                languages.append(locale)
    if not languages:
        return question

    def shared(text: Text) -> Text:
        if text.imported or not text.source or in_words(text.source) or text.key in in_source_spans:
            return text
        return replace(text, imported=tuple((locale, text.source) for locale in languages))

    shared_question = with_each_text(question, shared)
    return same_answers_untranslated(shared_question, unmarked_too=True, source_only=in_source_spans)


def _texts_of(owner: Any) -> Iterable[Text]:
    """Every text of ``owner`` and its parts, accepted answers marked ``translate: false`` too."""
    for owner_field in fields(owner):
        value = getattr(owner, owner_field.name)
        if isinstance(value, Text):
            yield value
        elif isinstance(value, tuple) and value and is_dataclass(value[0]):
            for part in value:
                yield from _texts_of(part)


def with_each_text(owner: Any, change: Callable[[Text], Text]) -> Any:
    """``owner`` (a source question or a part of one) with ``change`` applied to each of its texts, into
    its parts, accepted answers marked ``translate: false`` too; the readers' one walk over a question's
    texts (where :func:`toolkit.model.with_texts` localizes, this keeps them :class:`Text`)."""
    changes: dict[str, Any] = {}
    for owner_field in fields(owner):
        value = getattr(owner, owner_field.name)
        if isinstance(value, Text):
            changes[owner_field.name] = change(value)
        elif isinstance(value, tuple) and value and is_dataclass(value[0]):
            changes[owner_field.name] = tuple(with_each_text(part, change) for part in value)
    return replace(owner, **changes)
