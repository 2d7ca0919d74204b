"""Build the frozen model from raw data that passed validation.

Separate from validation on purpose: by the time data reaches here it is known to be well-formed, so
this module states the mapping from YAML fields to model fields and nothing else. For a question and
its parts the mapping is the model's own fields (:meth:`_Builder.build`): each is read from the YAML key
of its name, texts keyed by the segments their metadata declares, so a new kind of question adds nothing
here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from decimal import Decimal
from types import NoneType, UnionType
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from toolkit import keys
from toolkit.content.yaml_document import JsonPath, RawValue, YamlDocument
from toolkit.model import (
    QUESTION_CLASSES,
    InterfaceMessages,
    Level,
    Message,
    Origin,
    Placeholder,
    Question,
    QuestionType,
    Quiz,
    Text,
    Variant,
)

TEXT_FIELDS = frozenset({"text", "note", "todo"})
"""Fields of a text mapping; any other key is a locale holding an imported translation."""

Built = TypeVar("Built")
"""What :meth:`_Builder.build` builds: a question, or a part of one."""

_UNIONS = (Union, UnionType)


class _Builder:
    def __init__(self, document: YamlDocument, file: str) -> None:
        self.document = document
        self.file = file

    def origin(self, path: JsonPath) -> Origin:
        position = self.document.position(path)
        if position is None:
            return Origin(self.file, 1)
        return Origin(self.file, position.line, position.column)

    def text(self, value: RawValue, path: JsonPath, key: str) -> Text:
        if isinstance(value, dict):
            imported: list[tuple[str, str]] = []
            imported_from: list[tuple[str, str]] = []
            for locale, translation in value.items():
                if locale in TEXT_FIELDS:
                    continue
                if isinstance(translation, dict):
                    # ``ur: {text: …, from: bank.xml}``: translated in a bank, waiting for its draft.
                    imported.append((str(locale), str(translation["text"])))
                    imported_from.append((str(locale), str(translation["from"])))
                elif isinstance(translation, str):
                    imported.append((str(locale), translation))
            return Text(
                key,
                str(value["text"]),
                self.origin((*path, "text")),
                _optional_str(value.get("note")),
                tuple(imported),
                tuple(imported_from),
            )
        return Text(key, str(value), self.origin(path))

    def build(self, model_class: type[Built], raw: dict[str, RawValue], path: JsonPath, key: str) -> Built:
        """A question or a part of one from its YAML mapping, at ``path``, its texts keyed below ``key``.

        Field by field, each from the YAML key of its name: one the YAML leaves out (or null) takes the
        model's default, as validation allowed. A text field is read as a text, keyed with the segment
        its metadata declares (:class:`toolkit.keys.TextField`); a tuple of parts as the part class its
        type names, each keyed with its id after the segment; any other field as its type says."""
        types = _field_types(model_class)
        texts = dict(keys.text_fields(model_class))
        values: dict[str, object] = {}
        for model_field in fields(model_class):  # type: ignore[arg-type]
            name = model_field.name
            value = raw.get(name)
            if value is None:
                continue
            declared = texts.get(name)
            if declared is None:
                values[name] = _read(types[name], value)
            elif get_origin(types[name]) is tuple:
                part_classes = _part_classes(types[name])
                values[name] = tuple(
                    self.build(
                        _part_class(part_classes, part),
                        part,
                        (*path, name, index),
                        keys.join_key(key, declared.segment, str(part["id"])),
                    )
                    for index, part in enumerate(_list(value))
                )
            else:
                values[name] = self.text(value, (*path, name), keys.join_key(key, declared.segment))
        return model_class(**values)


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(model_class: type) -> dict[str, Any]:
    """The type of each field of ``model_class``, resolved from its annotations once per class."""
    found = _FIELD_TYPES.get(model_class)
    if found is None:
        found = _FIELD_TYPES[model_class] = get_type_hints(model_class)
    return found


def _part_classes(tuple_type: Any) -> tuple[type, ...]:
    """The classes a tuple of parts may hold: ``tuple[Option[TextType], ...]`` holds options,
    ``tuple[Blank[TextType], ...]`` typed blanks and drop-downs."""
    (part_type, _ellipsis) = get_args(tuple_type)
    members = get_args(part_type) if get_origin(part_type) in _UNIONS else (part_type,)
    return tuple(get_origin(member) or member for member in members)


def _part_class(part_classes: tuple[type, ...], raw: dict[str, RawValue]) -> type:
    """Of the classes a part may be, the one whose required fields its YAML has: validation let
    exactly one through (a blank has ``answers``, or ``options`` and ``correct``)."""
    for part_class in part_classes:
        if all(
            model_field.name in raw
            for model_field in fields(part_class)
            if model_field.default is MISSING and model_field.default_factory is MISSING
        ):
            return part_class
    raise AssertionError(f"validated YAML fits no {part_classes}")


def _read(field_type: Any, value: RawValue) -> object:
    """A field that holds no text, from its validated YAML value, as its type says."""
    if get_origin(field_type) in _UNIONS:  # ``bool | None``: the YAML has it, so not None
        (field_type,) = (member for member in get_args(field_type) if member is not NoneType)
    return _READERS[field_type](value)


def _decimal(value: RawValue) -> Decimal:
    # Every plain scalar is read as text (no YAML 1.1 surprises), and the schema let only numbers
    # through: the exact decimal the author wrote, never a binary float.
    return Decimal(str(value))


_READERS: dict[Any, Callable[[RawValue], object]] = {
    str: str,
    bool: lambda value: value is True,
    Decimal: _decimal,
    QuestionType: QuestionType,
    tuple[str, ...]: lambda value: tuple(_strings(value)),
}


def _optional_str(value: RawValue) -> str | None:
    return value if isinstance(value, str) else None


def build_quiz(document: YamlDocument, file: str) -> Quiz:
    data = document.data
    assert isinstance(data, dict)
    builder = _Builder(document, file)
    quiz_id = str(data["id"])
    questions = []
    for index, raw_question in enumerate(data["questions"]):
        if has_todo(raw_question):
            continue  # only a draft gets here with a to-do (validation made it a warning)
        question: Question[Text] = builder.build(
            QUESTION_CLASSES[QuestionType(raw_question["type"])],
            raw_question,
            ("questions", index),
            keys.question_key(quiz_id, str(raw_question["id"])),
        )
        questions.append(question)
    return Quiz(
        id=quiz_id,
        level=Level(data["level"]),
        title=builder.text(data["title"], ("title",), keys.quiz_title_key(quiz_id)),
        description=builder.text(data["description"], ("description",), keys.quiz_description_key(quiz_id)),
        questions=tuple(questions),
        origin=builder.origin(("id",)),
        guide=_optional_str(data.get("guide")),
        shuffle=bool(data.get("shuffle", False)),
        draft=data.get("draft") is True,
    )


def _list(value: RawValue) -> list[dict[str, RawValue]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _strings(value: RawValue) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def has_todo(value: RawValue) -> bool:
    """Whether a to-do mapping (``{todo: ...}``, left by quizkit import) is anywhere inside ``value``."""
    if isinstance(value, dict):
        return isinstance(value.get("todo"), str) or any(has_todo(item) for item in value.values())
    if isinstance(value, list):
        return any(has_todo(item) for item in value)
    return False


def build_interface(document: YamlDocument, file: str) -> InterfaceMessages:
    data = document.data
    assert isinstance(data, dict)
    builder = _Builder(document, file)
    messages = []
    for index, raw in enumerate(data["messages"]):
        name = str(raw["name"])
        placeholders = raw.get("placeholders") or {}
        variants = raw.get("variants") or {}
        messages.append(
            Message(
                name=name,
                key=keys.message_key(name),
                origin=builder.origin(("messages", index)),
                text=_optional_str(raw.get("text")),
                one=_optional_str(raw.get("one")),
                other=_optional_str(raw.get("other")),
                plural=_optional_str(raw.get("plural")),
                placeholders=tuple(Placeholder(str(key), str(value)) for key, value in placeholders.items()),
                comment=_optional_str(raw.get("comment")),
                variants=tuple(
                    Variant(str(locale), str(text)) for locale, texts in variants.items() for text in texts
                ),
            )
        )
    return InterfaceMessages(tuple(messages), Origin(file, 1))
