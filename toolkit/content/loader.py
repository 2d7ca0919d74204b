"""Build the frozen model from raw data that passed validation.

Separate from validation on purpose: by the time data reaches here it is known to be well-formed, so
this module states the mapping from YAML fields to model fields and nothing else. For a question and
its parts the mapping is the model's own fields (:meth:`_Builder.build`): each is read from the YAML key
of its name, texts keyed by the segments their metadata declares, so a new kind of question adds nothing
here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import MISSING, dataclass, fields
from decimal import Decimal
from pathlib import Path
from types import NoneType, UnionType
from typing import Any, TypeVar, Union, get_args, get_origin, get_type_hints

from toolkit import keys
from toolkit.content.images import content_folder, replacements
from toolkit.content.player_messages import KIND_HINTS
from toolkit.content.yaml_document import JsonPath, RawValue, YamlDocument
from toolkit.keys import TextField
from toolkit.model import (
    QUESTION_CLASSES,
    HasTexts,
    Image,
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
    def __init__(self, document: YamlDocument, file: str, content_root: Path | None = None) -> None:
        self.document = document
        self.file = file
        self.content_root = content_root if content_root is not None else content_folder(Path(file))

    def origin(self, path: JsonPath) -> Origin:
        position = self.document.position(path)
        if position is None:
            return Origin(self.file, 1)
        return Origin(self.file, position.line, position.column)

    def text(self, value: RawValue, path: JsonPath, key: str) -> Text:
        if isinstance(value, dict):
            imported: list[tuple[str, str]] = []
            imported_from: list[tuple[str, str]] = []
            imported_source: list[tuple[str, str]] = []
            for locale, translation in value.items():
                if locale in TEXT_FIELDS:
                    continue
                if isinstance(translation, dict):
                    # ``ur: {text: …, from: bank.xml}``: translated in a bank, waiting for its draft.
                    imported.append((str(locale), str(translation["text"])))
                    imported_from.append((str(locale), str(translation["from"])))
                    if "source" in translation:
                        imported_source.append((str(locale), str(translation["source"])))
                elif isinstance(translation, str):
                    imported.append((str(locale), translation))
            return Text(
                key,
                str(value["text"]),
                self.origin((*path, "text")),
                _optional_str(value.get("note")),
                tuple(imported),
                tuple(imported_from),
                tuple(imported_source),
            )
        return Text(key, str(value), self.origin(path))

    def build(self, model_class: type[Built], raw: dict[str, RawValue], path: JsonPath, key: str) -> Built:
        """A question or a part of one from its YAML mapping, at ``path``, its texts keyed below ``key``.

        Field by field, each from the YAML key of its name (:func:`_readings`): one the YAML leaves out
        (or null) takes the model's default, as validation allowed."""
        values: dict[str, object] = {}
        for reading in _readings(model_class):
            name = reading.name
            value = raw.get(name)
            if value is None:
                continue
            if reading.texts is None:
                values[name] = reading.read(value)
            elif reading.part_classes and not reading.single:
                values[name] = tuple(
                    self.build(
                        _part_class(reading.part_classes, part),
                        part,
                        (*path, name, index),
                        keys.join_key(key, reading.texts.segment, str(part["id"])),
                    )
                    for index, part in enumerate(_list(value))
                )
            elif reading.part_classes and isinstance(value, dict):
                # A part of its own (an image): its texts take the field's key, and its file is found
                # in the content folder, with each locale's own (toolkit.content.images).
                (part_class,) = reading.part_classes
                values[name] = self.build(
                    part_class, value, (*path, name), keys.join_key(key, reading.texts.segment)
                )
            else:
                values[name] = self.text(value, (*path, name), keys.join_key(key, reading.texts.segment))
        if model_class is Image:
            values["root"] = str(self.content_root)
            values["replacements"] = replacements(self.content_root, str(values["file"]))
        return model_class(**values)


@dataclass(frozen=True)
class _FieldReading:
    """How one field of a model class is read from its YAML."""

    name: str
    texts: TextField | None
    """What the field declares of its texts (a text, or a tuple of parts); None: it holds none."""
    part_classes: tuple[type, ...] = ()
    """A tuple of parts: the classes a part may be."""
    read: Callable[[RawValue], object] = str
    """A field that holds no text: its value from the YAML's."""
    single: bool = False
    """A part of its own, not a tuple of them (an image): its one class is ``part_classes``."""


_READINGS: dict[type, tuple[_FieldReading, ...]] = {}
_SET_BY_LOADER = frozenset({"root", "replacements"})
"""An image's fields that the YAML does not hold: where the content folder is, the locales' own files."""


def _readings(model_class: type) -> tuple[_FieldReading, ...]:
    """How each field of ``model_class`` is read, worked out once per class from its annotations and
    metadata: a text field as a text keyed with the segment it declares (:class:`toolkit.keys.TextField`),
    a tuple of parts as the part class its type names, each keyed with its id after the segment, any
    other field as its type says (:data:`_READERS`)."""
    found = _READINGS.get(model_class)
    if found is None:
        types = get_type_hints(model_class)
        texts = dict(keys.text_fields(model_class))
        readings = []
        for model_field in fields(model_class):
            name, field_type = model_field.name, types[model_field.name]
            if name not in texts:
                if name not in _SET_BY_LOADER:
                    readings.append(_FieldReading(name, None, read=_READERS[_without_none(field_type)]))
            elif get_origin(field_type) is tuple:
                readings.append(_FieldReading(name, texts[name], _part_classes(field_type)))
            elif isinstance(part := get_origin(_without_none(field_type)), type) and issubclass(
                part, HasTexts
            ):
                readings.append(_FieldReading(name, texts[name], (part,), single=True))
            else:
                readings.append(_FieldReading(name, texts[name]))
        found = _READINGS[model_class] = tuple(readings)
    return found


@dataclass(frozen=True)
class YamlTexts:
    """Where the YAML of any kind of question holds texts, as :meth:`_Builder.build` reads them from
    the model's fields: what validation's text rules walk in a question's raw YAML, whatever its kind
    (they run before the model is built, and on YAML that is not yet valid)."""

    fields: tuple[str, ...]
    """A question's own text fields, in reading order (each kind has some of them)."""
    lists: dict[str, tuple[str, ...]]
    """Each list whose items have texts of their own, with their text fields (a blank's lists too)."""
    nested: tuple[str, ...]
    """The lists whose items hold lists (a question's ``blanks``)."""
    parts: dict[str, tuple[str, ...]]
    """Each mapping that is a part of its own (an ``image``, of a question or of a list's item), with its
    text fields (``alt``)."""


def yaml_texts(question_classes: Iterable[type]) -> YamlTexts:
    """The text fields of ``question_classes`` and of their parts, by YAML key. A field shared by
    several kinds comes once, each kind's own (``unit``, ``text``) before the field that follows it
    in that kind (``explanation``), so every kind's fields keep their reading order."""
    fields_in_order: list[str] = []
    lists: dict[str, list[str]] = {}
    nested: list[str] = []
    parts: dict[str, list[str]] = {}

    def add_single(reading: _FieldReading) -> None:
        (part_class,) = reading.part_classes
        found = parts.setdefault(reading.name, [])
        found.extend(text.name for text in _readings(part_class) if text.texts and text.name not in found)

    def add_parts(name: str, part_classes: tuple[type, ...]) -> None:
        for part_class in part_classes:
            for reading in _readings(part_class):
                if reading.texts is None:
                    continue
                if reading.single:
                    add_single(reading)
                elif reading.part_classes:
                    if name not in nested:
                        nested.append(name)
                    add_parts(reading.name, reading.part_classes)
                elif reading.name not in lists.setdefault(name, []):
                    lists[name].append(reading.name)

    for question_class in question_classes:
        readings = [reading for reading in _readings(question_class) if reading.texts is not None]
        for reading in readings:
            if reading.single:
                add_single(reading)
        own = [reading.name for reading in readings if not reading.part_classes]
        for position, name in enumerate(own):
            if name not in fields_in_order:
                following = next((later for later in own[position + 1 :] if later in fields_in_order), None)
                at = len(fields_in_order) if following is None else fields_in_order.index(following)
                fields_in_order.insert(at, name)
        for reading in readings:
            if reading.part_classes and not reading.single:
                add_parts(reading.name, reading.part_classes)
    return YamlTexts(
        tuple(fields_in_order),
        {name: tuple(found) for name, found in lists.items()},
        tuple(nested),
        {name: tuple(found) for name, found in parts.items()},
    )


def _without_none(field_type: Any) -> Any:
    """``bool`` of ``bool | None``: a value the YAML has is not None."""
    if get_origin(field_type) in _UNIONS:
        (field_type,) = (member for member in get_args(field_type) if member is not NoneType)
    return field_type


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
        if _required_fields(part_class) <= raw.keys():
            return part_class
    raise AssertionError(f"validated YAML fits no {part_classes}")


@functools.cache
def _required_fields(model_class: type) -> frozenset[str]:
    return frozenset(
        model_field.name
        for model_field in fields(model_class)
        if model_field.default is MISSING and model_field.default_factory is MISSING
    )


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
    # A kind's hint the file lacks (a ui.yaml older than the kind): quizkit's English, placed at the
    # file's messages, so that it is extracted, translated and shown like the others (validation warns).
    named = {message.name for message in messages}
    at = document.positions.get(("messages",))
    messages_key = Origin(file, at.key_line, at.key_column or 1) if at and at.key_line else Origin(file, 1)
    messages.extend(
        Message(
            name=hint.name,
            key=keys.message_key(hint.name),
            origin=messages_key,
            text=hint.text,
            comment=hint.comment,
        )
        for hint in KIND_HINTS
        if hint.name not in named
    )
    return InterfaceMessages(tuple(messages), Origin(file, 1))
