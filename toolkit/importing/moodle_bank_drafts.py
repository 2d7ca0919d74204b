"""A question of a bank as quiz YAML data, for a question kept as a draft: its texts with their imported
translations (``{text: …, ur: …}``, as the quiz schema holds them) and ``{todo: …}`` where a person must
decide."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from toolkit.model import (
    AcceptedAnswer,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    Item,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    ShortAnswerQuestion,
    Text,
    TrueFalseQuestion,
)


def _number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


def question_mapping(question: Question[Text], todos: Mapping[str, str]) -> dict[str, object]:
    """``question`` as it is written in a quiz file; a text whose key is in ``todos`` becomes a to-do
    (with its imported translations beside it)."""

    def text(value: Text) -> object:
        if value.key in todos:
            return {"todo": todos[value.key], **dict(value.imported)}
        if value.imported:
            return {"text": value.source, **dict(value.imported)}
        return value.source

    def items(parts: tuple[Item[Text], ...]) -> list[object]:
        return [{"id": part.id, "text": text(part.text)} for part in parts]

    def answers(parts: tuple[AcceptedAnswer[Text], ...]) -> list[object]:
        return [
            {"id": part.id, "text": text(part.text), **({} if part.translate else {"translate": False})}
            for part in parts
        ]

    mapping: dict[str, object] = {
        "id": question.id,
        "type": question.type.value,
        "prompt": text(question.prompt),
    }
    if isinstance(question, ChoiceQuestion):
        mapping["options"] = [
            {
                "id": option.id,
                "text": text(option.text),
                **({"feedback": text(option.feedback)} if option.feedback is not None else {}),
            }
            for option in question.options
        ]
        mapping["correct"] = list(question.correct)
        if question.shuffle is not None:
            mapping["shuffle"] = question.shuffle
    elif isinstance(question, TrueFalseQuestion):
        mapping["correct"] = question.correct
    elif isinstance(question, ShortAnswerQuestion):
        mapping["answers"] = answers(question.answers)
        if question.case_sensitive:
            mapping["case_sensitive"] = True
    elif isinstance(question, NumericQuestion):
        mapping["answer"] = _number(question.answer)
        mapping["tolerance"] = _number(question.tolerance)
        if question.unit is not None:
            mapping["unit"] = text(question.unit)
    elif isinstance(question, MatchingQuestion):
        mapping["pairs"] = [
            {"id": pair.id, "prompt": text(pair.prompt), "match": text(pair.match)} for pair in question.pairs
        ]
        if question.distractors:
            mapping["distractors"] = items(question.distractors)
    elif isinstance(question, OrderingQuestion):
        mapping["items"] = items(question.items)
    elif isinstance(question, FillInBlanksQuestion):
        mapping["text"] = text(question.text)
        mapping["blanks"] = [
            {"id": blank.id, "options": items(blank.options), "correct": blank.correct}
            if isinstance(blank, ChoiceBlank)
            else {
                "id": blank.id,
                "answers": answers(blank.answers),
                **({"case_sensitive": True} if blank.case_sensitive else {}),
            }
            for blank in question.blanks
        ]
    elif isinstance(question, EssayQuestion) and question.model_answer is not None:
        mapping["model_answer"] = text(question.model_answer)
    if getattr(question, "partial_credit", False):
        mapping["partial_credit"] = True
    mapping["explanation"] = text(question.explanation)
    return mapping
