"""Semantic rules of a quiz that JSON Schema cannot express, run on raw data: ids, choices, texts.

They run even where the schema found problems, on whatever parts are well-formed, so that one run
reports every problem. Each rule is a plain function taking a :class:`RuleContext` and yielding
diagnostics. The rules of each further question kind are in :mod:`toolkit.content.question_rules`,
those of the interface messages (``ui.yaml``) in :mod:`toolkit.content.message_rules`.
"""

from __future__ import annotations

import difflib
import functools
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from toolkit.content.document_paths import describe_item, diagnostic_at
from toolkit.content.loader import yaml_texts
from toolkit.content.yaml_document import JsonPath, RawValue, YamlDocument
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.keys import UI_DOMAIN, is_valid_id
from toolkit.model import QUESTION_CLASSES
from toolkit.text.characters import (
    code_points,
    control_characters,
    has_visible_character,
    invisible_characters,
    is_invisible,
    named_code_points,
    not_characters,
)
from toolkit.text.formulas import formula_problem, formulas_outside_code
from toolkit.text.tokens import scan
from toolkit.text.urdu_normalizer import BIDI_CONTROLS


@dataclass(frozen=True)
class RuleContext:
    document: YamlDocument
    file: str
    file_path: Path
    document_kind: str

    def diagnostic(
        self,
        path: JsonPath,
        code: str,
        message: str,
        severity: Severity = Severity.ERROR,
        *,
        at_key: bool = False,
    ) -> Diagnostic:
        return diagnostic_at(self.document, self.file, path, severity, code, message, at_key=at_key)

    @functools.cached_property
    def quiz_texts(self) -> tuple[tuple[JsonPath, RawValue], ...]:
        """Every text field of the quiz (title, description, each question's), with its path: walked
        once for the rules that read them all (six walks were a tenth of validating a quiz)."""
        return tuple(_quiz_text_fields(self.document.data))

    @functools.cached_property
    def source_texts(self) -> tuple[tuple[JsonPath, RawValue], ...]:
        """Every source text of the file: the quiz's texts, or an interface message's forms."""
        return (*self.quiz_texts, *_message_texts(self.document.data))

    def line_of(self, path: JsonPath) -> int | None:
        position = self.document.position(path)
        return position.line if position else None

    def item(self, path: JsonPath) -> str:
        return describe_item(self.document.data, path, self.document_kind)

    def questions(self) -> list[tuple[int, dict[str, RawValue]]]:
        """The questions that are mappings, each with its index in the document's list."""
        return _items(_mapping(self.document.data).get("questions"))


Rule = Callable[[RuleContext], Iterator[Diagnostic]]


def _mapping(value: RawValue) -> dict[str, RawValue]:
    return value if isinstance(value, dict) else {}


def _items(value: RawValue) -> list[tuple[int, dict[str, RawValue]]]:
    return (
        [(index, item) for index, item in enumerate(value) if isinstance(item, dict)]
        if isinstance(value, list)
        else []
    )


def text_of(value: RawValue) -> str | None:
    """The text of a text field, written either as a string or as a mapping with ``text``."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(value.get("text"), str):
        return str(value["text"])
    return None


def _text_path(path: JsonPath, value: RawValue) -> JsonPath:
    return (*path, "text") if isinstance(value, dict) else path


# -- quiz rules -------------------------------------------------------------------------------------------


def quiz_id_matches_file(context: RuleContext) -> Iterator[Diagnostic]:
    quiz_id = _mapping(context.document.data).get("id")
    if not isinstance(quiz_id, str):
        return
    stem = context.file_path.stem
    if quiz_id == UI_DOMAIN:
        yield context.diagnostic(
            ("id",), "reserved-id", "quiz id 'ui' is reserved for interface messages; choose another id"
        )
    elif quiz_id != stem and is_valid_id(quiz_id):
        if is_valid_id(stem):
            advice = f"rename the file to {quiz_id}{context.file_path.suffix} or change the id to '{stem}'"
        else:
            advice = f"rename the file to {quiz_id}{context.file_path.suffix}"
        yield context.diagnostic(
            ("id",),
            "id-mismatch",
            f"quiz id '{quiz_id}' does not match the file name '{context.file_path.name}'; {advice}",
        )


def _repeated_values(
    context: RuleContext, collection_path: JsonPath, items: list[tuple[int, dict[str, RawValue]]], field: str
) -> Iterator[tuple[JsonPath, str, int | None]]:
    """Each item whose ``field`` repeats an earlier item's: the path of the field, its value, and the
    line of the item that has it first."""
    first_line: dict[str, int | None] = {}
    for index, item in items:
        value = item.get(field)
        if not isinstance(value, str):
            continue
        path = (*collection_path, index, field)
        if value in first_line:
            yield path, value, first_line[value]
        else:
            first_line[value] = context.line_of(path)


def _duplicate_ids(
    context: RuleContext, collection_path: JsonPath, items: list[tuple[int, dict[str, RawValue]]], noun: str
) -> Iterator[Diagnostic]:
    for path, identifier, first_line in _repeated_values(context, collection_path, items, "id"):
        where = f" (first on line {first_line})" if first_line else ""
        owner = context.item(collection_path[:-1]) if collection_path[:-1] else "the quiz"
        yield context.diagnostic(
            path,
            "duplicate-id",
            f"{noun} id '{identifier}' is used twice in {owner}{where}; ids must be unique",
        )


def unique_question_ids(context: RuleContext) -> Iterator[Diagnostic]:
    questions = context.questions()
    yield from _duplicate_ids(context, ("questions",), questions, "question")


def unique_option_ids(context: RuleContext) -> Iterator[Diagnostic]:
    for index, question in context.questions():
        options = _items(question.get("options"))
        yield from _duplicate_ids(context, ("questions", index, "options"), options, "option")


def correct_options_exist(context: RuleContext) -> Iterator[Diagnostic]:
    for index, question in context.questions():
        option_ids = [item.get("id") for _, item in _items(question.get("options"))]
        known = [identifier for identifier in option_ids if isinstance(identifier, str)]
        correct = question.get("correct")
        if not isinstance(correct, list):
            continue
        for position, identifier in enumerate(correct):
            yield from unknown_correct_option(
                context, ("questions", index), ("questions", index, "correct", position), identifier, known
            )


def unknown_correct_option(
    context: RuleContext, owner: JsonPath, path: JsonPath, identifier: RawValue, known: list[str]
) -> Iterator[Diagnostic]:
    """A correct option id (of a question, or of a drop-down blank) that names none of its options."""
    if not isinstance(identifier, str) or identifier in known or not is_valid_id(identifier):
        return
    message = f"correct option '{identifier}' of {context.item(owner)} is not one of its options ({', '.join(known)})"
    close = difflib.get_close_matches(identifier, known, n=1, cutoff=0.6)
    if close:
        message += f"; did you mean '{close[0]}'?"
    yield context.diagnostic(path, "unknown-option", message)


def correct_count_matches_type(context: RuleContext) -> Iterator[Diagnostic]:
    for index, question in context.questions():
        correct = question.get("correct")
        if question.get("type") != "single_choice" or not isinstance(correct, list) or len(correct) < 2:
            continue
        yield context.diagnostic(
            ("questions", index, "correct"),
            "correct-count",
            f"{context.item(('questions', index))} is single_choice but names {len(correct)} correct options; "
            "name exactly one, or make it multiple_choice",
        )


def partial_credit_needs_multiple_choice(context: RuleContext) -> Iterator[Diagnostic]:
    for index, question in context.questions():
        if question.get("partial_credit") is True and question.get("type") == "single_choice":
            yield context.diagnostic(
                ("questions", index, "partial_credit"),
                "partial-credit",
                f"{context.item(('questions', index))} is single_choice; partial_credit applies only to "
                "multiple_choice",
            )


def distinct_option_texts(context: RuleContext) -> Iterator[Diagnostic]:
    for index, question in context.questions():
        seen: dict[str, str] = {}
        for option_index, option in _items(question.get("options")):
            text = text_of(option.get("text"))
            if text is None:
                continue
            normalized = comparable_text(text)
            if not normalized:
                continue  # a text with no visible character: texts_are_not_blank reports it
            label = option.get("id") if isinstance(option.get("id"), str) else str(option_index + 1)
            if normalized in seen:
                path = _text_path(("questions", index, "options", option_index, "text"), option.get("text"))
                yield context.diagnostic(
                    path,
                    "duplicate-option-text",
                    f"options '{seen[normalized]}' and '{label}' of {context.item(('questions', index))} have "
                    "the same text; a reader could not tell them apart",
                )
            else:
                seen[normalized] = str(label)


YAML_TEXTS = yaml_texts(dict.fromkeys(QUESTION_CLASSES.values()))
"""Where a question's YAML holds texts, whatever its kind, from the model's fields (so a new kind's
texts are checked with no change here)."""
QUESTION_TEXT_FIELDS = YAML_TEXTS.fields
"""Text fields of a question itself, in reading order (each kind has some of them)."""
LIST_TEXT_FIELDS = YAML_TEXTS.lists
"""Text fields of the items of a question's lists (a blank's answers and options too)."""


def question_text_fields(
    question: dict[str, RawValue], path: JsonPath
) -> Iterator[tuple[JsonPath, RawValue]]:
    """Every text field of one question, whatever its kind, with its path."""
    for field in QUESTION_TEXT_FIELDS:
        if field in question and field not in YAML_TEXTS.parts:
            yield (*path, field), question[field]
    yield from _part_text_fields(question, path)
    yield from _list_text_fields(question, path)
    for collection in YAML_TEXTS.nested:
        for index, part in _items(question.get(collection)):
            yield from _list_text_fields(part, (*path, collection, index))


def _list_text_fields(owner: dict[str, RawValue], path: JsonPath) -> Iterator[tuple[JsonPath, RawValue]]:
    for collection, fields in LIST_TEXT_FIELDS.items():
        for index, item in _items(owner.get(collection)):
            for field in fields:
                if field in item and field not in YAML_TEXTS.parts:
                    yield (*path, collection, index, field), item[field]
            yield from _part_text_fields(item, (*path, collection, index))


def _part_text_fields(owner: dict[str, RawValue], path: JsonPath) -> Iterator[tuple[JsonPath, RawValue]]:
    """The texts of the parts of their own that ``owner`` holds (an image's ``alt``)."""
    for name, fields in YAML_TEXTS.parts.items():
        part = owner.get(name)
        if isinstance(part, dict):
            for field in fields:
                if field in part:
                    yield (*path, name, field), part[field]


def _quiz_text_fields(data: RawValue) -> Iterator[tuple[JsonPath, RawValue]]:
    quiz = _mapping(data)
    for field in ("title", "description"):
        if field in quiz:
            yield (field,), quiz[field]
    for index, question in _items(quiz.get("questions")):
        yield from question_text_fields(question, ("questions", index))


def well_formed_inline_code(context: RuleContext) -> Iterator[Diagnostic]:
    for path, value in context.quiz_texts:
        text = text_of(value)
        if text is None:
            continue
        for problem in scan(text, with_placeholders=False).problems:
            yield context.diagnostic(_text_path(path, value), "inline-code", problem)


def readable_formulas(context: RuleContext) -> Iterator[Diagnostic]:
    """Every TeX formula ($…$, $$…$$) outside inline code converts to MathML: exports render it at build
    time, and one the converter cannot read would fail the build or show the learner broken math."""
    for path, value in context.quiz_texts:
        text = text_of(value)
        if text is None or "$" not in text:
            continue
        for formula in formulas_outside_code(text):
            if problem := formula_problem(formula):
                yield context.diagnostic(
                    _text_path(path, value),
                    "formula",
                    f"formula {formula.written} (at character {formula.start + 1} of the text) cannot be "
                    f"rendered: {problem}; correct the TeX, or write \\$ for a dollar sign that starts "
                    "no formula",
                )


def comparable_text(text: str) -> str:
    """What a reader sees of a text: NFC, invisible characters (zero-width, format) removed, spacing
    collapsed, any case. Two texts that differ only by those look the same."""
    normalized = unicodedata.normalize("NFC", text)
    if normalized.isascii() and normalized.isprintable():
        # No printing ASCII character is invisible: most texts need no test of each character (the
        # validation of a 1,000-quiz bank made 2.5 million of them, a third of its time).
        visible = normalized
    else:
        visible = "".join(
            character for character in normalized if character.isspace() or not is_invisible(character)
        )
    return " ".join(visible.split()).casefold()


def _message_texts(data: RawValue) -> Iterator[tuple[JsonPath, RawValue]]:
    """The forms of an interface file's messages, with their paths."""
    for index, message in _items(_mapping(data).get("messages")):
        for field in ("text", "one", "other"):
            if field in message:
                yield ("messages", index, field), message[field]


def no_control_characters(context: RuleContext) -> Iterator[Diagnostic]:
    for path, value in context.source_texts:
        text = text_of(value)
        if text is None or (text.isascii() and text.isprintable()):
            continue  # printing ASCII holds no control, no non-character and no bidi control
        where = _text_path(path, value)
        if found := control_characters(text):
            names = code_points(found)
            yield context.diagnostic(
                where,
                "control-character",
                f"text holds control character {names}; it is invisible and XML exports cannot carry it",
            )
        if found := not_characters(text):
            yield context.diagnostic(
                where,
                "not-a-character",
                f"text holds {named_code_points(found)}, which is no character at all; no catalog or export can carry "
                "it: remove it",
            )
        # Source text needs no bidi control (the exporters isolate Latin runs in right-to-left text
        # themselves), and one can make a text display otherwise than it reads (as in "Trojan Source").
        if found := sorted(BIDI_CONTROLS.intersection(text)):
            yield context.diagnostic(
                where,
                "bidi-control",
                f"text holds the bidi control{'s' if len(found) > 1 else ''} {named_code_points(found)}; source text "
                "needs none (exports isolate "
                "right-to-left runs themselves), and it can make the text display otherwise than it "
                "reads: remove it",
            )


def no_todos(context: RuleContext) -> Iterator[Diagnostic]:
    """To-dos left by ``quizkit import`` (``{todo: ...}`` mappings) block the quiz until they are done."""
    fields = list(context.quiz_texts)
    if "level" in _mapping(context.document.data):
        fields.append((("level",), _mapping(context.document.data)["level"]))
    for index, question in context.questions():
        if "correct" in question:
            fields.append((("questions", index, "correct"), question["correct"]))
    for path, value in sorted(fields, key=lambda item: context.line_of(item[0]) or 0):
        todo = value.get("todo") if isinstance(value, dict) else None
        if not isinstance(todo, str):
            continue
        item = context.item(path)
        owner = "the quiz" if item == context.document_kind else item
        yield context.diagnostic((*path, "todo"), "todo", f"to-do in '{path[-1]}' of {owner}: {todo}")


def _id_fields(data: RawValue) -> Iterator[tuple[JsonPath, str]]:
    quiz = _mapping(data)
    for field in ("id", "guide"):
        if isinstance(quiz.get(field), str):
            yield (field,), str(quiz[field])
    for index, question in _items(quiz.get("questions")):
        path: JsonPath = ("questions", index)
        yield from _ids_in(question, path)
        for collection in YAML_TEXTS.nested:
            for index, part in _items(question.get(collection)):
                yield from _ids_in(part, (*path, collection, index))


def _ids_in(owner: dict[str, RawValue], path: JsonPath) -> Iterator[tuple[JsonPath, str]]:
    if isinstance(owner.get("id"), str):
        yield (*path, "id"), str(owner["id"])
    # A blank's own id is yielded by the caller, with the blank as owner (YAML_TEXTS.nested).
    for collection in LIST_TEXT_FIELDS:
        for index, item in _items(owner.get(collection)):
            if isinstance(item.get("id"), str):
                yield (*path, collection, index, "id"), str(item["id"])
    correct = owner.get("correct")
    if isinstance(correct, str):
        yield (*path, "correct"), correct
    for position, identifier in enumerate(correct if isinstance(correct, list) else []):
        if isinstance(identifier, str):
            yield (*path, "correct", position), identifier


def ids_are_single_words(context: RuleContext) -> Iterator[Diagnostic]:
    """The schema's id pattern, applied by Python's ``re.search``, lets a final newline through
    (``$`` matches before it); a key with a newline would break every catalog and export."""
    for path, identifier in _id_fields(context.document.data):
        if identifier != identifier.strip() and is_valid_id(identifier.strip()):
            yield context.diagnostic(
                path,
                "invalid-id",
                f"id {identifier!r} has spaces or a line break around it; write it as '{identifier.strip()}'",
            )


def texts_are_not_blank(context: RuleContext) -> Iterator[Diagnostic]:
    """A text with no visible character (spaces, zero-width or format characters only) shows nothing:
    an empty option, an empty Restart button. The schema's minLength sees only the empty text."""
    for path, value in context.source_texts:
        text = text_of(value)
        if not text or has_visible_character(text):
            continue
        owner = context.item(path)
        where = f"'{path[-1]}'" if owner == context.document_kind else f"'{path[-1]}' of {owner}"
        if len(path) > 2 and path[-2] in ("image", "explanation_image"):  # as the schema's messages say it
            image = "the explanation's image" if path[-2] == "explanation_image" else "the image"
            where = f"'{path[-1]}' of {image} of {context.item(path[:-2])}"
        found = invisible_characters(text)
        if not found:
            problem = f"{where} is only spaces"
        else:
            problem = (
                f"{where} has no visible character, only {named_code_points(found)}"
                f"{' and spaces' if any(character.isspace() for character in text) else ''}: "
                "a page would show nothing there"
            )
        yield context.diagnostic(_text_path(path, value), "empty-text", f"{problem}; write the text")


def _numbers_in(value: RawValue, path: JsonPath) -> Iterator[tuple[JsonPath, str | None, int | float]]:
    """(path, locale or None for the source text, number) of each text written as a YAML number in a
    text field: the field itself, its ``text``, and each translation waiting beside it (``ur: …`` or
    ``ur: {text: …}``)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        yield path, None, value
    if not isinstance(value, dict):
        return
    for name, item in value.items():
        if name in ("note", "todo"):
            continue
        locale = None if name == "text" else str(name)
        if isinstance(item, dict):
            item, where = item.get("text"), (*path, name, "text")
        else:
            where = (*path, name)
        if isinstance(item, int | float) and not isinstance(item, bool):
            yield where, locale, item


def texts_are_not_numbers(context: RuleContext) -> Iterator[Diagnostic]:
    """Plain ``256``, ``1e3`` or ``0x10`` is text to quizkit's YAML reader, written as it stands; only an
    explicit ``!!int`` or ``!!float`` tag makes a number, which would come back as Python spells it
    (``!!float 2.50`` as ``2.5``, ``!!int 0x10`` as ``16``), or not at all as a waiting translation. The
    schema lets numbers through (an editor's YAML 1.2 reads plain ``256`` as one), so this rule names them."""
    for path, value in context.source_texts:
        for where, locale, number in _numbers_in(value, path):
            owner = context.item(path)
            field = f"'{path[-1]}'" if owner == context.document_kind else f"'{path[-1]}' of {owner}"
            what = f"the {locale} translation of {field}" if locale is not None else field
            tag = "!!float" if isinstance(number, float) else "!!int"
            yield context.diagnostic(
                where,
                "number-as-text",
                f"{what} is a YAML number ({tag}), which reads as {number!r}, not as the text written; remove "
                f"the {tag} tag: quizkit reads a plain number as its text",
            )


QUIZ_RULES: tuple[Rule, ...] = (
    quiz_id_matches_file,
    unique_question_ids,
    unique_option_ids,
    correct_options_exist,
    correct_count_matches_type,
    partial_credit_needs_multiple_choice,
    distinct_option_texts,
    well_formed_inline_code,
    readable_formulas,
    no_control_characters,
    no_todos,
    ids_are_single_words,
    texts_are_not_blank,
    texts_are_not_numbers,
)
