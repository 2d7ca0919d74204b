"""Build the frozen model from raw data that passed validation.

Separate from validation on purpose: by the time data reaches here it is known to be well-formed, so
this module states the mapping from YAML fields to model fields and nothing else.
"""

from __future__ import annotations

from toolkit import keys
from toolkit.content.yaml_document import JsonPath, RawValue, YamlDocument
from toolkit.model import (
    InterfaceMessages,
    Level,
    Message,
    Option,
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
            imported = tuple(
                (str(locale), str(text))
                for locale, text in value.items()
                if locale not in TEXT_FIELDS and isinstance(text, str)
            )
            return Text(
                key,
                str(value["text"]),
                self.origin((*path, "text")),
                _optional_str(value.get("note")),
                imported,
            )
        return Text(key, str(value), self.origin(path))


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
        question_id = str(raw_question["id"])
        path: JsonPath = ("questions", index)
        options = []
        for option_index, raw_option in enumerate(raw_question["options"]):
            option_id = str(raw_option["id"])
            option_path = (*path, "options", option_index)
            feedback = raw_option.get("feedback")
            options.append(
                Option(
                    id=option_id,
                    text=builder.text(
                        raw_option["text"],
                        (*option_path, "text"),
                        keys.option_key(quiz_id, question_id, option_id),
                    ),
                    feedback=builder.text(
                        feedback,
                        (*option_path, "feedback"),
                        keys.feedback_key(quiz_id, question_id, option_id),
                    )
                    if feedback is not None
                    else None,
                    pinned=bool(raw_option.get("pinned", False)),
                )
            )
        shuffle = raw_question.get("shuffle")
        questions.append(
            Question(
                id=question_id,
                type=QuestionType(raw_question["type"]),
                prompt=builder.text(
                    raw_question["prompt"], (*path, "prompt"), keys.prompt_key(quiz_id, question_id)
                ),
                options=tuple(options),
                correct=tuple(str(identifier) for identifier in raw_question["correct"]),
                explanation=builder.text(
                    raw_question["explanation"],
                    (*path, "explanation"),
                    keys.explanation_key(quiz_id, question_id),
                ),
                shuffle=shuffle if isinstance(shuffle, bool) else None,
                partial_credit=bool(raw_question.get("partial_credit", False)),
            )
        )
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
