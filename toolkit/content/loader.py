"""Build the frozen model from raw data that passed validation.

Separate from validation on purpose: by the time data reaches here it is known to be well-formed, so
this module states the mapping from YAML fields to model fields and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import TypedDict

from toolkit import keys
from toolkit.content.yaml_document import JsonPath, RawValue, YamlDocument
from toolkit.model import (
    CHOICE_TYPES,
    AcceptedAnswer,
    Blank,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    InterfaceMessages,
    Item,
    Level,
    MatchingQuestion,
    Message,
    NumericQuestion,
    Option,
    OrderingQuestion,
    Origin,
    Pair,
    Placeholder,
    Question,
    QuestionType,
    Quiz,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
    TypedBlank,
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
        questions.append(_QuestionBuilder(builder, quiz_id, raw_question, ("questions", index)).build())
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


class _Common(TypedDict):
    id: str
    prompt: Text
    explanation: Text


class _QuestionBuilder:
    """One question of a quiz: the kind its ``type`` names, with the keys of its texts."""

    def __init__(self, builder: _Builder, quiz_id: str, raw: dict[str, RawValue], path: JsonPath) -> None:
        self.builder = builder
        self.raw = raw
        self.path = path
        self.id = str(raw["id"])
        self.quiz_id = quiz_id

    def text(self, field: str, key: str) -> Text:
        return self.builder.text(self.raw[field], (*self.path, field), key)

    def optional_text(self, field: str, key: str) -> Text | None:
        return self.text(field, key) if self.raw.get(field) is not None else None

    def items(
        self,
        field: str,
        key_of: Callable[[str], str],
        raw: dict[str, RawValue] | None = None,
        path: JsonPath | None = None,
    ) -> tuple[Item[Text], ...]:
        raw = self.raw if raw is None else raw
        path = self.path if path is None else path
        return tuple(
            Item(
                str(item["id"]),
                self.builder.text(item["text"], (*path, field, index, "text"), key_of(str(item["id"]))),
            )
            for index, item in enumerate(_list(raw.get(field)))
        )

    def answers(
        self, raw: dict[str, RawValue], path: JsonPath, blank_id: str | None = None
    ) -> tuple[AcceptedAnswer[Text], ...]:
        return tuple(
            AcceptedAnswer(
                str(answer["id"]),
                self.builder.text(
                    answer["text"],
                    (*path, "answers", index, "text"),
                    keys.answer_key(self.quiz_id, self.id, str(answer["id"]), blank_id),
                ),
                translate=answer.get("translate", True) is not False,
            )
            for index, answer in enumerate(_list(raw.get("answers")))
        )

    def build(self) -> Question[Text]:
        raw = self.raw
        kind = QuestionType(raw["type"])
        common = _Common(
            id=self.id,
            prompt=self.text("prompt", keys.prompt_key(self.quiz_id, self.id)),
            explanation=self.text("explanation", keys.explanation_key(self.quiz_id, self.id)),
        )
        partial_credit = bool(raw.get("partial_credit", False))
        if kind in CHOICE_TYPES:
            shuffle = raw.get("shuffle")
            return ChoiceQuestion(
                **common,
                type=kind,
                options=self.options(),
                correct=tuple(str(identifier) for identifier in _strings(raw["correct"])),
                shuffle=shuffle if isinstance(shuffle, bool) else None,
                partial_credit=partial_credit,
            )
        if kind is QuestionType.TRUE_FALSE:
            return TrueFalseQuestion(**common, correct=raw["correct"] is True)
        if kind is QuestionType.SHORT_ANSWER:
            return ShortAnswerQuestion(
                **common,
                answers=self.answers(raw, self.path),
                case_sensitive=raw.get("case_sensitive") is True,
            )
        if kind is QuestionType.NUMERIC:
            return NumericQuestion(
                **common,
                answer=_decimal(raw["answer"]),
                tolerance=_decimal(raw.get("tolerance", 0)),
                unit=self.optional_text("unit", keys.unit_key(self.quiz_id, self.id)),
            )
        if kind is QuestionType.MATCHING:
            pairs = tuple(
                Pair(
                    str(pair["id"]),
                    self.builder.text(
                        pair["prompt"],
                        (*self.path, "pairs", index, "prompt"),
                        keys.pair_prompt_key(self.quiz_id, self.id, str(pair["id"])),
                    ),
                    self.builder.text(
                        pair["match"],
                        (*self.path, "pairs", index, "match"),
                        keys.pair_match_key(self.quiz_id, self.id, str(pair["id"])),
                    ),
                )
                for index, pair in enumerate(_list(raw["pairs"]))
            )
            return MatchingQuestion(
                **common,
                pairs=pairs,
                distractors=self.items(
                    "distractors", lambda item: keys.distractor_key(self.quiz_id, self.id, item)
                ),
                partial_credit=partial_credit,
            )
        if kind is QuestionType.ORDERING:
            return OrderingQuestion(
                **common,
                items=self.items("items", lambda item: keys.item_key(self.quiz_id, self.id, item)),
                partial_credit=partial_credit,
            )
        if kind is QuestionType.FILL_IN_BLANKS:
            return FillInBlanksQuestion(
                **common,
                text=self.text("text", keys.blanks_text_key(self.quiz_id, self.id)),
                blanks=tuple(self.blank(blank, index) for index, blank in enumerate(_list(raw["blanks"]))),
                partial_credit=partial_credit,
            )
        return EssayQuestion(
            **common,
            model_answer=self.optional_text("model_answer", keys.model_answer_key(self.quiz_id, self.id)),
        )

    def options(self) -> tuple[Option[Text], ...]:
        options = []
        for option_index, raw_option in enumerate(_list(self.raw["options"])):
            option_id = str(raw_option["id"])
            option_path = (*self.path, "options", option_index)
            feedback = raw_option.get("feedback")
            options.append(
                Option(
                    id=option_id,
                    text=self.builder.text(
                        raw_option["text"],
                        (*option_path, "text"),
                        keys.option_key(self.quiz_id, self.id, option_id),
                    ),
                    feedback=self.builder.text(
                        feedback,
                        (*option_path, "feedback"),
                        keys.feedback_key(self.quiz_id, self.id, option_id),
                    )
                    if feedback is not None
                    else None,
                    pinned=bool(raw_option.get("pinned", False)),
                )
            )
        return tuple(options)

    def blank(self, raw: dict[str, RawValue], index: int) -> Blank[Text]:
        path = (*self.path, "blanks", index)
        blank_id = str(raw["id"])
        if "options" in raw:
            options = self.items(
                "options",
                lambda option: keys.blank_option_key(self.quiz_id, self.id, blank_id, option),
                raw,
                path,
            )
            return ChoiceBlank(blank_id, options, str(raw["correct"]))
        return TypedBlank(
            blank_id,
            self.answers(raw, path, blank_id),
            case_sensitive=raw.get("case_sensitive") is True,
        )


def _list(value: RawValue) -> list[dict[str, RawValue]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _strings(value: RawValue) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _decimal(value: RawValue) -> Decimal:
    # Every plain scalar is read as text (no YAML 1.1 surprises), and the schema let only numbers
    # through: the exact decimal the author wrote, never a binary float.
    return Decimal(str(value))


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
