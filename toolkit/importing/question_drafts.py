"""A question of a bank as quiz YAML data, once for every use: the quiz file the import writes
(:mod:`toolkit.importing.bank_writing`), and the questions a reader keeps as drafts
(:attr:`toolkit.importing.bank.ImportIssue.draft`), with ``todo`` entries where a person must decide;
and ids for the parts a bank does not name.

A draft keeps everything the bank had: each text with its translations (``ur:`` beside ``text:``, as
the schema's imported translations; the import adds the file each was translated in,
:func:`toolkit.importing.bank_writing.quiz_yaml`) and its to-do beside it, so that nothing is lost while
the question waits for a person.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from toolkit.content.rules import comparable_text
from toolkit.content.yaml_document import JsonPath
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

TextWriter = Callable[[Text], object]
"""How a text is written: its source alone, or a mapping with its note, to-do or translations."""


def part_id(index: int) -> str:
    """``a``, ``b``, … ``z``, ``aa``, ``ab``, …: the id of the part at ``index`` of a list the bank does not
    name (options, answers, pairs, items)."""
    name = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        name = chr(ord("a") + remainder) + name
    return name


def field_place(draft: Mapping[str, object], path: JsonPath) -> tuple[dict[str, object], str]:
    """The mapping of ``draft`` (a question as quiz YAML data) that holds the text field at ``path`` (as
    :func:`toolkit.content.rules.question_text_fields` gives it), and the field's name in it."""
    owner: object = draft
    for part in path[:-1]:
        owner = owner[part]  # type: ignore[index]
    name = path[-1]
    assert isinstance(owner, dict) and isinstance(name, str)
    return owner, name


def question_mapping(
    question: Question[Text], text: TextWriter, number: Callable[[Decimal], object] = lambda value: value
) -> dict[str, object]:
    """``question`` as it is written in a quiz file, keys in the order the docs show them and settings at
    their defaults left out; ``text`` writes each text, ``number`` each number."""

    def items(parts: Sequence[Item[Text]]) -> list[object]:
        return [{"id": part.id, "text": text(part.text)} for part in parts]

    def answers(parts: Sequence[AcceptedAnswer[Text]]) -> list[object]:
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
                **({"pinned": True} if option.pinned else {}),
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
        mapping["answer"] = number(question.answer)
        mapping["tolerance"] = number(question.tolerance)
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


def draft_mapping(question: Question[Text], todos: Mapping[str, str]) -> dict[str, object]:
    """``question`` as quiz YAML with its to-dos. ``todos`` is keyed by a text's key (its ``todo`` goes
    beside its text and translations) or by a field of the question (``correct``: the to-do replaces it)."""

    def text(value: Text) -> object:
        written: dict[str, object] = {}
        if value.source:
            written["text"] = value.source
        if value.key in todos:
            written["todo"] = todos[value.key]
        written.update(dict(value.imported))
        return value.source if list(written) == ["text"] else written

    mapping = question_mapping(question, text, lambda value: f"{value.normalize():f}")
    for name, todo in todos.items():
        if "." not in name:
            mapping[name] = {"todo": todo}
    return mapping


_LIMITS = {"options": (2, 8), "pairs": (2, 10), "distractors": (0, 10), "items": (2, 10), "answers": (1, 20)}
"""How many parts a question may have (schema/quiz.schema.json): a bank's question beyond them is left out."""


def beyond_limits(question: Question[Text]) -> str | None:
    """Why ``question`` cannot be a quiz question as it stands (too many or too few parts, parts a learner
    could not tell apart), or None."""
    for name, (least, most) in _LIMITS.items():
        parts = getattr(question, name, None)
        if parts is not None and not least <= len(parts) <= most:
            return f"it has {len(parts)} {name}; a quiz question has {least} to {most}"
    groups: list[tuple[str, list[tuple[str, Text]]]] = []
    if isinstance(question, ChoiceQuestion):
        groups.append(("options", [(option.id, option.text) for option in question.options]))
    elif isinstance(question, MatchingQuestion):
        groups.append(("pair prompts", [(pair.id, pair.prompt) for pair in question.pairs]))
        matches = [(pair.id, pair.match) for pair in question.pairs]
        groups.append(("matches", matches + [(item.id, item.text) for item in question.distractors]))
    elif isinstance(question, OrderingQuestion):
        groups.append(("items", [(item.id, item.text) for item in question.items]))
    for noun, texts in groups:
        seen: dict[str, str] = {}
        for part, text in texts:
            shown = comparable_text(text.source)
            if shown and shown in seen:
                return f"its {noun} {seen[shown]} and {part} read the same ({text.source!r}); a learner could not tell them apart"
            seen.setdefault(shown, part)
    return None
