"""``moodle``: a Moodle XML question bank (question/format/xml/format.php) as a quiz.

Each ``<question type>`` becomes a question of the kind that holds it (docs/importing.md has the table
and what is lost): ``multichoice`` → single or multiple choice (fraction 100 → correct; partial
fractions of a ``single=false`` question → partial credit where they are quizkit's scheme), ``truefalse``,
``shortanswer`` (``usecase``; ``*`` wildcards are reported), ``numerical`` (tolerance, the unit whose
multiplier is 1), ``matching`` (a subquestion with an empty text is a distractor), ``ordering``,
``multianswer`` (Cloze) and ``gapselect`` → fill in the blanks (:mod:`toolkit.importing.moodle_bank_cloze`),
``essay`` (grader information → model answer). ``category`` entries become notes; every other type
(``description``, ``calculated*``, ``ddimageortext``, ``ddmarker``, ``ddwtos``, ``randomsamatch``, a
plugin's) is reported and left out.

Languages: ``multilang`` spans and ``{mlang}`` blocks in any text give its versions; the source language's
is the text and the others are imported translations. Or the same bank exported once per language
(``--locale xx FILE``): aligned with the source file question by question.

The file is parsed as untrusted XML (no DTD, no entity, encoding by XML's rules); a file that is no Moodle
XML, or that cannot be read, is refused with a :class:`BankError` naming the file and line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from toolkit import keys
from toolkit.files import NotRegularFileError
from toolkit.importing.bank import (
    BankCategory,
    BankError,
    BankRequest,
    ImportedBank,
    ImportIssue,
    bank_category,
    quiz_heading,
    read_bank_bytes,
    refuse_package,
    same_answers_untranslated,
    shared_texts_translated,
    with_each_text,
    xml_root_name,
)
from toolkit.importing.imported_drafts import place_last_draft
from toolkit.importing.moodle_bank_choices import read_multichoice
from toolkit.importing.moodle_bank_cloze import read_cloze, read_gapselect
from toolkit.importing.moodle_bank_drafts import question_mapping
from toolkit.importing.moodle_bank_questions import (
    QUIZKIT_CATEGORY,
    UNSUPPORTED,
    Element,
    QuestionReader,
    UnsupportedQuestionError,
    question_names,
)
from toolkit.importing.moodle_bank_texts import FieldText, field_text, text_markup
from toolkit.importing.multilang import other_declared_language
from toolkit.importing.question_versions import answer_lists, with_each_answer
from toolkit.interchange.untrusted_xml import REFUSE_DOCTYPE, UntrustedXmlError, parse_untrusted_xml
from toolkit.model import (
    AcceptedAnswer,
    FillInBlanksQuestion,
    Origin,
    Question,
    Text,
    TypedBlank,
)
from toolkit.text.counts import counted
from toolkit.text.locale_packs import same_locale

MAX_BANK_BYTES = 64 * 1024 * 1024
"""Far above any real bank (a Moodle course's whole bank of thousands of questions is a few MB)."""

FORMAT_NAME = "Moodle XML"


def _root(path: Path, display_name: str) -> Any:
    try:
        raw = read_bank_bytes(
            path,
            display_name,
            MAX_BANK_BYTES,
            lambda size: (
                f"the file is {size:,} bytes, more than any Moodle bank ({MAX_BANK_BYTES:,} at most); "
                "export the questions in smaller categories"
            ),
        )
    except (NotRegularFileError, OSError) as error:
        raise BankError(display_name, None, f"cannot be read: {error.strerror or error}") from None
    refuse_package(raw, display_name, f"a {FORMAT_NAME} file")
    try:
        root = parse_untrusted_xml(raw, FORMAT_NAME, REFUSE_DOCTYPE)
    except UntrustedXmlError as error:
        message = error.message
        if "Excessive depth" in message:
            message = (
                "its elements are nested deeper than 256 levels, which no Moodle bank is (a question is "
                "four deep); the file is damaged or made to exhaust memory: export the bank again"
            )
        elif error.kind == "declaration":
            message += (
                "; Moodle's XML export writes no DOCTYPE and no entity, so the file was changed since: "
                "export the bank again from Moodle"
            )
        raise BankError(display_name, error.line, message) from None
    if root.tag != "quiz":
        raise BankError(
            display_name,
            root.sourceline,
            f"not a Moodle XML question file: its root element is <{root.tag!s}>, not <quiz>; "
            "export the questions from Moodle's question bank in the Moodle XML format",
        )
    return root


@dataclass
class _Category:
    """A ``<question type="category">`` as read: the questions after it are in it."""

    written: str
    line: int | None
    info: FieldText | None
    questions: list[str] = field(default_factory=list)


@dataclass
class _Read:
    questions: list[Question[Text]]
    issues: list[ImportIssue]
    notes: list[str]
    languages: list[str]
    category: str | None
    category_info: FieldText | None = None
    categories: list[_Category] = field(default_factory=list)
    """In the bank's order; questions before the first category are in one written ``""``."""
    declared: tuple[str, ...] = ()
    """The language each text without multilang markup says it is in, where it says so."""


def _read_file(
    path: Path, display_name: str, quiz_id: str, source_locale: str, by_category: bool = False
) -> _Read:
    """The bank's questions; ``by_category``, a question's id need only be unique in its category, which
    is its own quiz then (two quizzes exported by quizkit into one bank both have their ``q1``)."""
    root = _root(path, display_name)
    read = _Read([], [], [], [], None)
    reader = QuestionReader(display_name, quiz_id, source_locale)
    reader.named_ids = question_names(element for element in root if element.tag == "question")
    for element in root:
        if not isinstance(element.tag, str):
            continue
        if element.tag != "question":
            read.issues.append(
                ImportIssue(
                    display_name,
                    element.sourceline,
                    None,
                    f"<{element.tag}> is not a Moodle question; left out",
                )
            )
            continue
        moodle_type = element.get("type", "")
        if moodle_type == "category":
            category = text_markup(element.find("category/text")).strip()
            info = element.find("info")
            described = None
            if info is not None and text_markup(info.find("text")).strip():
                described = field_text(
                    text_markup(info.find("text")), info.get("format", "html"), source_locale
                )
                read.category_info = described
            if category:
                read.category = category
                reader.written_by_quizkit = category.startswith(QUIZKIT_CATEGORY)
                read.categories.append(_Category(category, element.sourceline, described))
                if by_category:
                    # Each category is its own quiz: the split reports it, with the quiz made of it.
                    reader.used_ids = set()
                else:
                    read.notes.append(f"{display_name}:{element.sourceline}: category {category}")
            continue
        try:
            question = _read_question(reader, element)
        except UnsupportedQuestionError as unsupported:
            read.issues.append(unsupported.issue)
            continue
        if not read.categories:
            read.categories.append(_Category("", None, None))
        # Whole or kept as a draft: the category's either way.
        read.categories[-1].questions.append(reader.question_id)
        if question is not None:
            read.questions.append(question)
        else:
            place_last_draft(reader.issues, len(read.questions))
    reader.uneven_marks()
    read.issues.extend(reader.issues)
    read.notes.extend(reader.notes)
    read.languages.extend(reader.languages)
    return replace(read, declared=tuple(reader.declared))


_KINDS: dict[str, Callable[[QuestionReader, Element], Question[Text]]] = {
    "multichoice": read_multichoice,
    "truefalse": QuestionReader.truefalse,
    "shortanswer": QuestionReader.shortanswer,
    "numerical": QuestionReader.numerical,
    "matching": QuestionReader.matching,
    "ordering": QuestionReader.ordering,
    # Moodle's export writes a Cloze question as type "cloze" (question/format/xml/format.php);
    # "multianswer" is its qtype's name, which older files and other tools write.
    "cloze": read_cloze,
    "multianswer": read_cloze,
    "essay": QuestionReader.essay,
    "gapselect": read_gapselect,
}


def _read_question(reader: QuestionReader, element: Element) -> Question[Text] | None:
    """The question, or None when it is kept as a draft (its issue holds it);
    :class:`UnsupportedQuestionError` when the quiz cannot hold it at all."""
    moodle_type = element.get("type", "")
    if moodle_type not in _KINDS:
        reader.count += 1
        reader.line = element.sourceline
        reader.label = " ".join((element.findtext("name/text") or "").split()) or f"question {reader.count}"
        raise reader.unsupported(
            UNSUPPORTED.get(moodle_type, f"Moodle question type '{moodle_type}' has no quizkit kind")
        )
    reader.start(element)
    question = shared_texts_translated(_KINDS[moodle_type](reader, element), reader.in_source_spans)
    reader.used_ids.add(reader.question_id)
    reader.report_lost(element)
    if reader.todos or reader.correct_todo is not None:
        draft = question_mapping(question, reader.todos)
        if reader.correct_todo is not None:
            draft["correct"] = {"todo": reader.correct_todo}
        reasons = "; ".join([*([reader.correct_todo] if reader.correct_todo else []), *reader.todos.values()])
        reader.issue(f"kept as a draft with to-dos: {reasons}", draft=draft)
        return None
    return question


def _relative(text: Text, question_id: str, quiz_id: str) -> str:
    return text.key[len(keys.question_key(quiz_id, question_id)) :]


def _translated(
    questions: list[Question[Text]],
    translation: _Read,
    locale: str,
    request: BankRequest,
    notes: list[str],
) -> list[Question[Text]]:
    """``questions`` with the texts of the same questions in ``translation`` (the bank in ``locale``)
    imported, aligned question by question."""
    file = str(request.translations[locale])
    if len(translation.questions) != len(questions):
        raise BankError(
            file,
            None,
            f"has {counted(len(translation.questions), 'question')} that quizkit can import, the source file "
            f"{request.display_name} has {len(questions)}: the files must hold the same questions in the "
            "same order (export them from the same category)",
        )
    result = []
    for question, other in zip(questions, translation.questions, strict=True):
        if other.type is not question.type:
            raise BankError(
                file,
                other.prompt.origin.line,
                f"question {other.id} is {other.type.value}, but question {question.id} at the same place "
                f"in {request.display_name} is {question.type.value}: the files must hold the same questions "
                "in the same order",
            )
        found = {_relative(text, other.id, request.quiz_id): text.source for _key, text in _all_texts(other)}
        if isinstance(question, FillInBlanksQuestion) and isinstance(other, FillInBlanksQuestion):
            found = _blanks_aligned(found, question, other)
        # Where the languages accept different numbers of typed answers, every answer takes all of the
        # translation's, so that the locale accepts exactly its own list.
        uneven = {
            owner: "\n".join(lines)
            for owner, (count, lines) in _answer_lines(other).items()
            if count != _answer_count(question, owner)
        }
        change = _importer(question.id, request.quiz_id, locale, found, uneven, file)
        result.append(with_each_text(question, change))
        if uneven:
            notes.append(
                f"{question.id}: {file} accepts a different number of answers than {request.display_name}; "
                f"each answer's {locale} translation lists all of them"
            )
    return result


def _blanks_aligned(
    found: dict[str, str], question: FillInBlanksQuestion[Text], other: FillInBlanksQuestion[Text]
) -> dict[str, str]:
    """A translation's Cloze codes stand in its own word order, so its first blank may be the source's
    second: its blanks are matched to the source's by kind (typed, drop-down), in order within a kind,
    and its texts renamed to the source's blank ids."""

    def kind_order(blanks: tuple[Any, ...]) -> dict[str, tuple[bool, int]]:
        seen = {True: 0, False: 0}
        order = {}
        for blank in blanks:
            typed = isinstance(blank, TypedBlank)
            order[blank.id] = (typed, seen[typed])
            seen[typed] += 1
        return order

    source_by_kind = {place: blank_id for blank_id, place in kind_order(question.blanks).items()}
    renamed = {
        other_id: source_by_kind[place]
        for other_id, place in kind_order(other.blanks).items()
        if place in source_by_kind
    }
    aligned: dict[str, str] = {}
    for relative, text in found.items():
        for other_id, source_id in renamed.items():
            if relative.startswith(f".blanks.{other_id}."):
                relative = f".blanks.{source_id}." + relative[len(f".blanks.{other_id}.") :]
                break
        if relative == ".text":
            # Through stand-ins, so that renaming b1 to b2 and b2 to b1 does not undo itself.
            for other_id in renamed:
                text = text.replace("{{" + other_id + "}}", "{{\x00" + other_id + "}}")
            for other_id, source_id in renamed.items():
                text = text.replace("{{\x00" + other_id + "}}", "{{" + source_id + "}}")
        aligned[relative] = text
    return aligned


def _importer(
    question_id: str,
    quiz_id: str,
    locale: str,
    found: Mapping[str, str],
    uneven: Mapping[str, str],
    file: str,
) -> Callable[[Text], Text]:
    """Adds each text's translation from ``file`` (the bank in ``locale``) after the bank's own, naming
    the file in :attr:`Text.imported_from`, so that a conflict with a span names where each came from."""

    def change(text: Text) -> Text:
        relative = _relative(text, question_id, quiz_id)
        translated = found.get(relative)
        # An accepted answer's relative key is its list's (answer_lists) and its id: ".answers.<id>",
        # ".blanks.<blank>.answers.<id>".
        owner = relative.removeprefix(".").rpartition(".")[0]
        if owner in uneven:
            translated = uneven[owner]
        if translated is None:
            return text
        return replace(
            text,
            imported=(*text.imported, (locale, translated)),
            imported_from=(*text.imported_from, (locale, file)),
        )

    return change


def _all_texts(question: Question[Text]) -> list[tuple[str, Text]]:
    found: list[tuple[str, Text]] = []

    def collect(text: Text) -> Text:
        found.append((text.key, text))
        return text

    with_each_text(question, collect)
    return found


def _answer_lines(question: Question[Text]) -> dict[str, tuple[int, list[str]]]:
    return {
        owner: (len(answers), [answer.text.source for answer in answers])
        for owner, answers in answer_lists(question).items()
    }


def _answer_count(question: Question[Text], owner: str) -> int:
    return len(answer_lists(question).get(owner, ()))


def _fallen_back(question: Question[Text], notes: list[str]) -> Question[Text]:
    """``question`` without the languages in which every text is the source's own: quizkit's export
    writes a question whose translation is incomplete in the source language in that language's file or
    span, and importing those texts as translations would make the source text pass for a finished
    translation. A language whose version differs in any text keeps every text, the same ones too."""
    texts = [text for _key, text in _all_texts(question)]
    locales = sorted({locale for text in texts for locale, _translation in text.imported})
    dropped = [
        locale
        for locale in locales
        if all(dict(text.imported).get(locale, text.source) == text.source for text in texts)
    ]
    if not dropped:
        return question
    notes.append(
        f"{question.id}: its {', '.join(dropped)} texts are the source's (an export that fell back to the "
        "source language writes them so): not imported as translations"
    )

    def change(text: Text) -> Text:
        kept = tuple((locale, translation) for locale, translation in text.imported if locale not in dropped)
        return replace(text, imported=kept)

    result: Question[Text] = with_each_text(question, change)
    return result


def _shared_answers(question: Question[Text], multilang: bool) -> Question[Text]:
    """Typed answers that are the same in every locale (``translate: false``, no catalog entry). In a bank
    of several languages in one file, Moodle accepts each typed answer in every language: an answer no
    multilang markup assigns to one language is the same in every locale. From one file per language,
    an answer every file writes the same is too: as a translation it would put one language's word in
    another's catalog (an Urdu answer in the Arabic one, which the Arabic checks then refuse)."""

    question = same_answers_untranslated(question)
    if not multilang:
        return question

    def shared(answer: AcceptedAnswer[Text]) -> AcceptedAnswer[Text]:
        return answer if answer.text.imported else replace(answer, translate=False)

    return with_each_answer(question, shared)


class MoodleXmlReader:
    name: ClassVar[str] = "moodle"
    description: ClassVar[str] = "Moodle XML question bank (multilang spans, or one file per language)"

    @staticmethod
    def detects(path: Path, head: bytes) -> bool:
        """A file whose root element is ``<quiz>``, past the prolog and any DOCTYPE (which the reader
        then refuses, with its line)."""
        return bool(head) and not path.is_dir() and xml_root_name(head) == "quiz"

    @staticmethod
    def read(request: BankRequest) -> ImportedBank:
        read = _read_file(
            request.path, request.display_name, request.quiz_id, request.source_locale, request.by_category
        )
        questions = read.questions
        issues, notes = list(read.issues), list(read.notes)
        languages = [locale for locale in read.languages if not same_locale(locale, request.source_locale)]
        info = read.category_info
        described = list(info.translations) if info is not None else []
        translated_categories: dict[str, list[_Category]] = {}
        for locale, path in sorted(request.translations.items()):
            translation = _read_file(path, str(path), request.quiz_id, locale)
            translated_categories[locale] = translation.categories
            questions = _translated(questions, translation, locale, request, notes)
            # The category's description in the translation's language is the quiz description's.
            theirs = translation.category_info
            if info is not None and theirs is not None and theirs.source and theirs.source != info.source:
                described = [*(pair for pair in described if pair[0] != locale), (locale, theirs.source)]
            issues.extend(translation.issues)
            if locale not in languages:
                languages.append(locale)
        questions = [_fallen_back(question, notes) for question in questions]
        if read.languages or request.translations:
            questions = [_shared_answers(question, bool(read.languages)) for question in questions]
        origin = Origin(request.display_name, 1)
        categories = tuple(
            _bank_category(
                category, request, origin, _same_place(read.categories, index, translated_categories)
            )
            for index, category in enumerate(read.categories)
        )
        named = [category for category in categories if category.written == read.category]
        heading = quiz_heading(
            request.quiz_id,
            origin,
            description=None
            if info is None or not info.source
            else Text(
                keys.quiz_description_key(request.quiz_id), info.source, origin, imported=tuple(described)
            ),
            category=named[-1] if named else None,
        )
        if not (request.by_category and any(category.questions for category in categories)):
            # Split by category, each quiz's heading is made, and reported, by the split.
            notes.append(heading.note)
        quiz = heading.quiz(request.quiz_id, questions, origin)
        return ImportedBank(
            quiz=quiz,
            source_locale=request.source_locale,
            locales=tuple(sorted(set(languages))),
            issues=tuple(sorted(issues, key=lambda issue: (issue.file, issue.line or 0))),
            notes=tuple(notes),
            categories=categories,
            written_in=other_declared_language(list(read.declared), request.source_locale),
        )


def _same_place(
    categories: list[_Category], index: int, translated: Mapping[str, list[_Category]]
) -> dict[str, _Category]:
    """The category at ``index`` in each language's own file (``--locale xx FILE``) that has as many
    categories as the source file: the same category, named and described in that language."""
    return {locale: theirs[index] for locale, theirs in translated.items() if len(theirs) == len(categories)}


def _bank_category(
    category: _Category, request: BankRequest, origin: Origin, translated: Mapping[str, _Category]
) -> BankCategory:
    """A category as read, its name and description with their translations: multilang spans, or the
    same category in each language's own file."""
    info = category.info
    described = list(info.translations) if info is not None else []
    for locale, theirs in translated.items():
        if info is not None and theirs.info is not None and theirs.info.source not in (None, info.source):
            described = [
                *(pair for pair in described if pair[0] != locale),
                (locale, str(theirs.info.source)),
            ]
    description = (
        None
        if info is None or not info.source
        else Text(keys.quiz_description_key(request.quiz_id), info.source, origin, imported=tuple(described))
    )
    made = bank_category(
        category.written,
        request.quiz_id,
        request.source_locale,
        Origin(request.display_name, category.line or 1),
        category.questions,
        description,
    )
    title = made.title
    for locale, theirs in translated.items():
        name = bank_category(theirs.written, request.quiz_id, locale, origin).title.source
        if name and name != title.source and locale not in dict(title.imported):
            title = replace(title, imported=(*title.imported, (locale, name)))
    return replace(made, title=title)
