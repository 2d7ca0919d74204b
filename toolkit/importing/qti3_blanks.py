"""Blanks in a sentence, read from a QTI 3.0 item: text entries and drop-downs inline
(``qti-text-entry-interaction``, ``qti-inline-choice-interaction``) and words dragged into gaps
(``qti-gap-match-interaction``), each a fill-in-the-blanks question whose text marks every blank with
``{{id}}``.

A gap match becomes drop-downs of the same words: a response is right exactly when it is right in
QTI. What differs is only that QTI may let a word fill one gap at most (``match-max``), which is
reported.
"""

from __future__ import annotations

from lxml import etree

from toolkit.importing.local_names import children, descendants, local_name
from toolkit.importing.qti3_item_parts import (
    INLINE,
    Ids,
    ItemReader,
    Problem,
    RefusedError,
    attribute,
    made_up,
    markup_of,
)
from toolkit.importing.qti3_scoring import accepted_answers, accepted_texts, graded_number
from toolkit.model import Blank, ChoiceBlank, FillInBlanksQuestion, Item, Question, TypedBlank


def is_inline(reader: ItemReader, interaction: etree._Element) -> bool:
    """Whether a text entry stands inside a sentence (a blank) rather than alone in its paragraph (a
    number's paragraph may hold its unit after it, in a ``span``, as quizkit writes it)."""
    parent = interaction.getparent()
    if parent is None or parent is reader.body:
        return False
    others = [child for child in parent if isinstance(child.tag, str) and child is not interaction]
    loose_text = (
        (parent.text or "") + (interaction.tail or "") + "".join(child.tail or "" for child in others)
    )
    if (
        not loose_text.strip()
        and len(others) == 1
        and local_name(others[0]) == "span"
        and graded_number(reader, reader.declaration(interaction)) is not None
    ):
        return False
    return bool("".join(parent.itertext()).strip()) or len(descendants(parent, INLINE)) > 1


def _choice_blank(
    reader: ItemReader, blank_id: str, choices: list[etree._Element], ids: Ids, correct: str, what: str
) -> ChoiceBlank[str]:
    """A drop-down blank of ``choices`` (inline choices, or a gap match's words), ``correct`` the bank's
    identifier of the right one."""
    options = []
    for choice in choices:
        option_id = ids.by_bank[attribute(choice, "identifier")]
        options.append(
            Item(
                id=option_id, text=reader.reading.text(f"blanks.{blank_id}.options.{option_id}", choice, what)
            )
        )
    return ChoiceBlank(id=blank_id, options=tuple(options), correct=ids.by_bank[correct])


def fill_in_blanks(reader: ItemReader, interactions: list[etree._Element]) -> Question[str]:
    responses = [attribute(interaction, "response-identifier") for interaction in interactions]
    short = [response.removeprefix("RESPONSE.") for response in responses]
    ids = Ids.of(short, "b")
    if ids.made_up:
        reader.reading.problems.append(
            Problem(
                interactions[0].sourceline,
                "its responses' identifiers are no quizkit ids: the blanks are named b1, b2… instead",
            )
        )
    blank_of = {response: ids.by_bank[name] for response, name in zip(responses, short, strict=True)}
    blanks: list[Blank[str]] = []
    for interaction in interactions:
        declaration = reader.declaration(interaction)
        blank_id = blank_of[declaration.identifier]
        if local_name(interaction) == "qti-inline-choice-interaction":
            choices = children(interaction, "qti-inline-choice")
            choice_ids = Ids.of([attribute(choice, "identifier") for choice in choices])
            if len(declaration.correct) != 1 or declaration.correct[0] not in choice_ids.by_bank:
                raise RefusedError(
                    declaration.line, f"the drop-down {declaration.identifier} has no one correct choice"
                )
            blanks.append(
                _choice_blank(
                    reader, blank_id, choices, choice_ids, declaration.correct[0], "drop-down choice"
                )
            )
            continue
        if declaration.base_type in {"float", "integer"}:
            raise RefusedError(
                interaction.sourceline,
                "a blank answered with a number; quizkit's blanks take text: make it a numeric question",
            )
        texts, case_sensitive, problems = accepted_texts(reader, declaration)
        reader.reading.problems += problems
        if not texts:
            raise RefusedError(declaration.line, f"the blank {declaration.identifier} has no accepted answer")
        for index, _text in enumerate(texts):
            reader.reading.lines[f"blanks.{blank_id}.answers.{made_up(index, '')}"] = declaration.line
        blanks.append(TypedBlank(id=blank_id, answers=accepted_answers(texts), case_sensitive=case_sensitive))
    # The text is every block that holds a blank; the stem before the first of them is the prompt.
    # In document order, each once (a dict keeps insertion order; elements hash by identity).
    containers = list(dict.fromkeys(reader.container_of(interaction) for interaction in interactions))

    def marker(node: etree._Element) -> str | None:
        if local_name(node) in INLINE:
            return "{{" + blank_of[attribute(node, "response-identifier")] + "}}"
        return None

    text = reader.reading.reduced(
        [markup_of(container, marker) for container in containers], "text", containers[0].sourceline
    )
    reader.reading.lines["text"] = containers[0].sourceline or 0
    prompt = reader.prompt("prompt", reader.stem(interactions[0]), None)
    explanation = reader.general_explanation()
    # Partial credit shares the score among blanks: with one blank it changes nothing.
    partial = len(blanks) > 1 and (reader.processing_has("qti-divide") or reader.template() == "map_response")
    return FillInBlanksQuestion(
        id="", prompt=prompt, text=text, blanks=tuple(blanks), explanation=explanation, partial_credit=partial
    )


def gap_match(reader: ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    if descendants(interaction, "qti-gap-img"):
        raise RefusedError(
            interaction.sourceline, "the gaps take images (qti-gap-img), which a blank cannot hold"
        )
    words = children(interaction, "qti-gap-text")
    gaps = descendants(interaction, "qti-gap")
    if not words or not gaps:
        raise RefusedError(interaction.sourceline, "the gap match interaction has no words or no gaps")
    word_ids = Ids.of([attribute(word, "identifier") for word in words])
    gap_ids = Ids.of([attribute(gap, "identifier") for gap in gaps], "b")
    correct: dict[str, str] = {}
    for pair in declaration.correct:
        word_id, _, gap_id = pair.partition(" ")
        if gap_id.strip() in correct:
            raise RefusedError(declaration.line, f"the gap {gap_id.strip()!r} has several right words")
        correct[gap_id.strip()] = word_id
    if word_ids.made_up or gap_ids.made_up:
        reader.reading.problems.append(
            Problem(
                interaction.sourceline,
                "its words' or gaps' identifiers are no quizkit ids: they are named a, b… and b1, b2… instead",
            )
        )
    blanks: list[Blank[str]] = []
    for gap in gaps:
        gap_bank_id = attribute(gap, "identifier")
        right = correct.get(gap_bank_id)
        if right not in word_ids.by_bank:
            raise RefusedError(gap.sourceline, f"the gap {gap_bank_id!r} has no right word")
        blank_id = gap_ids.by_bank[gap_bank_id]
        blanks.append(_choice_blank(reader, blank_id, words, word_ids, str(right), "word"))
    limited = [
        word
        for word in words
        if attribute(word, "match-max", "1") not in {"0", ""}
        and int(attribute(word, "match-max", "1") or 0) < len(gaps)
    ]
    if limited:
        reader.reading.problems.append(
            Problem(
                interaction.sourceline,
                "in QTI a word may fill only so many gaps (match-max); each blank's drop-down offers every word, "
                "so a learner may choose one word twice (a right answer is graded the same)",
            )
        )

    def marker(node: etree._Element) -> str | None:
        if local_name(node) == "qti-gap":
            return "{{" + gap_ids.by_bank[attribute(node, "identifier")] + "}}"
        return None

    blocks = [
        node
        for node in interaction
        if isinstance(node.tag, str) and local_name(node) not in {"qti-prompt", "qti-gap-text"}
    ]
    text = reader.reading.reduced(
        [markup_of(block, marker) for block in blocks], "text", blocks[0].sourceline if blocks else None
    )
    if blocks:
        reader.reading.lines["text"] = blocks[0].sourceline or 0
    prompt, explanation = reader.prompt_and_explanation(interaction)
    return FillInBlanksQuestion(
        id="",
        prompt=prompt,
        text=text,
        blanks=tuple(blanks),
        explanation=explanation,
        partial_credit=len(blanks) > 1 and reader.scored_by_mapping(),
    )
