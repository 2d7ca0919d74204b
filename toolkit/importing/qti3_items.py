"""One QTI 3.0 item (``qti-assessment-item``) read as a question of the content model, in its own language.

Each interaction maps to a kind (the QTI 3.0 Assessment, Section and Item information model,
https://www.imsglobal.org/spec/qti/v3p0/impl):

- ``qti-choice-interaction``: single choice (``max-choices="1"`` and a ``single`` response), multiple
  choice otherwise; the choices ``true`` and ``false`` alone, as quizkit writes them, a true/false
  question. Partial credit where the response is scored by its mapping (``qti-map-response``, the
  ``map_response`` template).
- ``qti-text-entry-interaction`` alone in its paragraph: a short answer (its mapping's keys and the
  correct response are the accepted answers, ``case-sensitive`` as the entries say), or a number (a
  ``float`` or ``integer`` response, or quizkit's own string response graded by a number pattern).
- ``qti-text-entry-interaction`` and ``qti-inline-choice-interaction`` inside a sentence: fill in the
  blanks, one blank each.
- ``qti-extended-text-interaction``: an essay (a scorer's ``qti-rubric-block`` is the model answer).
- ``qti-match-interaction``: matching (targets no prompt is matched with are distractors).
- ``qti-order-interaction``: ordering, in the correct response's order.

Feedback: a ``qti-modal-feedback``, ``qti-feedback-block`` or ``qti-feedback-inline`` named after a choice
is that option's feedback (several are joined, the inline one first); one that shows when the choice is
*not* chosen (``show-hide="hide"``) has no place in quizkit and is reported; the others (quizkit's
``EXPLANATION``, an author's general feedback) the explanation. The
item's XHTML is reduced to quiz text by :func:`toolkit.importing.markup_reduction.reduce_markup`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from toolkit.importing.local_names import child, children, descendants, local_name
from toolkit.importing.markup_reduction import only_images, reduce_markup
from toolkit.importing.qti3_blanks import fill_in_blanks, gap_match, is_inline
from toolkit.importing.qti3_item_parts import (
    FEEDBACK,
    INLINE,
    NOT_SHOWN,
    Ids,
    ItemReader,
    Problem,
    RefusedError,
    attribute,
    made_up,
    markup_of,
)
from toolkit.importing.qti3_scoring import (
    accepted_answers,
    accepted_texts,
    check_partial_scheme,
    graded_number,
)
from toolkit.model import (
    ChoiceQuestion,
    EssayQuestion,
    Item,
    MatchingQuestion,
    NumericQuestion,
    Option,
    OrderingQuestion,
    Pair,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    TrueFalseQuestion,
)
from toolkit.text.xml_names import XML_LANG

_UNSUPPORTED = {
    "qti-hotspot-interaction": "a hotspot interaction (clicking areas of an image)",
    "qti-graphic-order-interaction": "a graphic order interaction (ordering areas of an image)",
    "qti-graphic-associate-interaction": "a graphic associate interaction (linking areas of an image)",
    "qti-graphic-gap-match-interaction": "a graphic gap match interaction (dragging onto an image)",
    "qti-select-point-interaction": "a select point interaction (clicking a point of an image)",
    "qti-position-object-interaction": "a position object interaction (placing an image on an image)",
    "qti-slider-interaction": "a slider interaction",
    "qti-upload-interaction": "an upload interaction (a file as the answer)",
    "qti-drawing-interaction": "a drawing interaction",
    "qti-media-interaction": "a media interaction (a recording to play)",
    "qti-custom-interaction": "a custom interaction",
    "qti-portable-custom-interaction": "a portable custom interaction (PCI)",
    "qti-hottext-interaction": "a hottext interaction (choosing words of a text)",
    "qti-associate-interaction": "an associate interaction (pairing choices of one set)",
    "qti-end-attempt-interaction": "an end attempt interaction",
}


@dataclass(frozen=True)
class ReadItem:
    """An item read in its own language: its question (None when it has none quizkit can hold), the line
    of each text by its key relative to the question, and what was not taken."""

    identifier: str
    language: str | None
    line: int
    question: Question[str] | None
    lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    missing_explanation: bool = False
    """The item has no general feedback: the question needs an explanation before it can be used."""
    has_key: bool = True
    """Whether the item says what is right (a correct response, a mapping or response processing): a
    delivery variant has none."""
    todos: tuple[tuple[str, str], ...] = ()
    """(key relative to the question, what a person must do) for each other text the question needs."""


# --- the kinds ---------------------------------------------------------------------------------------


def _without_feedback(node: etree._Element) -> str | None:
    """A choice's own text: its inline feedback left out."""
    return "" if local_name(node) == "qti-feedback-inline" else None


def _choice(reader: ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    choices = children(interaction, "qti-simple-choice")
    if not choices:
        raise RefusedError(interaction.sourceline, "the choice interaction has no choices")
    bank_ids = [attribute(choice, "identifier") for choice in choices]
    ids = Ids.of(bank_ids)
    inline = [
        (ids.by_bank[attribute(choice, "identifier")], feedback)
        for choice in choices
        for feedback in descendants(choice, "qti-feedback-inline")
    ]
    per_option, general = reader.feedback(ids.by_bank, inline)
    explanation = reader.explanation(general)
    correct_bank = list(declaration.correct)
    mapped = {key: value for key, value, _ in declaration.mapping}
    if not correct_bank and mapped:
        correct_bank = [key for key, value in mapped.items() if value > 0]
    unknown = [value for value in correct_bank if value not in ids.by_bank]
    if unknown or not correct_bank:
        raise RefusedError(
            declaration.line,
            "the correct response names no choice of the item"
            if not unknown
            else f"the correct response names {unknown[0]!r}, which is no choice of the item",
        )
    prompt = reader.prompt("prompt", reader.stem(interaction), child(interaction, "qti-prompt"))
    multiple = declaration.cardinality != "single" or attribute(interaction, "max-choices", "1") != "1"
    if not multiple and len(correct_bank) > 1:
        raise RefusedError(declaration.line, "a single response with several correct choices")
    limit = attribute(interaction, "max-choices", "1")
    if multiple and limit.isdigit() and 0 < int(limit) < len(choices):
        reader.reading.problems.append(
            Problem(
                interaction.sourceline,
                f"QTI lets a learner choose at most {limit} of the choices; quizkit's multiple choice has no "
                "such limit",
            )
        )
    if not multiple and sorted(bank_ids) == ["false", "true"]:
        if per_option:
            reader.reading.problems.append(
                Problem(
                    interaction.sourceline,
                    "a true/false question has no feedback per choice (only its explanation): the feedback "
                    "of the choices true and false is left out",
                )
            )
        return TrueFalseQuestion(
            id="", prompt=prompt, correct=correct_bank == ["true"], explanation=explanation
        )
    options = []
    for choice in choices:
        option_id = ids.by_bank[attribute(choice, "identifier")]
        text = reader.reading.text(f"options.{option_id}", choice, "choice", skip=_without_feedback)
        if not text:
            why = only_images(markup_of(choice, _without_feedback)) or "the bank's choice has none"
            reader.reading.todos[f"options.{option_id}"] = f"write the text of option {option_id}: {why}"
        # Every feedback shown when the option is chosen (one inside the choice, a modal one after the
        # answer), joined: quizkit's option has one.
        feedbacks = [
            reader.reading.text(
                f"options.{option_id}.feedback",
                content if (content := child(element, "qti-content-body")) is not None else element,
                "feedback",
            )
            # Read last to first so that the text's line is its first feedback's.
            for element in reversed(per_option.get(option_id, []))
        ]
        feedback = "\n".join(text for text in reversed(feedbacks) if text) or None
        options.append(
            Option(id=option_id, text=text, feedback=feedback, pinned=attribute(choice, "fixed") == "true")
        )
    partial = False
    if reader.scored_by_mapping():
        if multiple:
            partial = True
            check_partial_scheme(reader, declaration, correct_bank)
        elif any(value > 0 for key, value in mapped.items() if key not in correct_bank):
            reader.reading.problems.append(
                Problem(
                    declaration.line,
                    "some wrong choices earn part of the score; quizkit scores a single "
                    "choice all or nothing, so they earn nothing now",
                )
            )
    correct = tuple(ids.by_bank[value] for value in correct_bank)
    kind = QuestionType.MULTIPLE_CHOICE if multiple else QuestionType.SINGLE_CHOICE
    question = ChoiceQuestion(
        id="",
        type=kind,
        prompt=prompt,
        options=tuple(options),
        correct=correct,
        explanation=explanation,
        shuffle=True if attribute(interaction, "shuffle", "false") == "true" else None,
        partial_credit=partial,
    )
    if ids.made_up:
        reader.reading.problems.append(Problem(interaction.sourceline, _MADE_UP_CHOICES))
    return question


_MADE_UP_CHOICES = "its choices' identifiers are no quizkit ids: the options are named a, b, c… instead"


def _text_entry(reader: ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    paragraph = interaction.getparent()
    unit_element = None
    before = reader.stem(interaction)
    number = graded_number(reader, declaration)
    if paragraph is not None and paragraph is not reader.body:
        siblings = [child for child in paragraph if isinstance(child.tag, str) and child is not interaction]
        if number is not None and len(siblings) == 1 and local_name(siblings[0]) == "span":
            unit_element = siblings[0]
    explanation = reader.general_explanation()
    prompt = reader.prompt("prompt", before, None)
    if number is not None:
        unit = None
        if unit_element is not None:
            unit = reader.reading.text("unit", unit_element, "unit") or None
        answer, tolerance = number
        return NumericQuestion(
            id="", prompt=prompt, answer=answer, tolerance=tolerance, unit=unit, explanation=explanation
        )
    texts, case_sensitive, problems = accepted_texts(reader, declaration)
    reader.reading.problems += problems
    if not texts:
        raise RefusedError(declaration.line, "the response has no correct value and no mapped answer")
    for index, _text in enumerate(texts):
        reader.reading.lines[f"answers.{made_up(index, '')}"] = declaration.line
    return ShortAnswerQuestion(
        id="",
        prompt=prompt,
        answers=accepted_answers(texts),
        explanation=explanation,
        case_sensitive=case_sensitive,
    )


def _essay(reader: ItemReader, interaction: etree._Element) -> Question[str]:
    rubric = next(
        (
            block
            for block in descendants(reader.body, "qti-rubric-block")
            if "scorer" in (block.get("view") or "").split()
        ),
        None,
    )
    model_answer = None
    if rubric is not None:
        content = child(rubric, "qti-content-body")
        model_answer = reader.reading.text(
            "model-answer", content if content is not None else rubric, "rubric"
        )
    prompt, explanation = reader.prompt_and_explanation(interaction)
    return EssayQuestion(id="", prompt=prompt, model_answer=model_answer or None, explanation=explanation)


def _matching(reader: ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    sets = children(interaction, "qti-simple-match-set")
    if len(sets) != 2:
        raise RefusedError(interaction.sourceline, "a match interaction needs two sets of choices")
    sources = children(sets[0], "qti-simple-associable-choice")
    targets = children(sets[1], "qti-simple-associable-choice")
    correct: dict[str, str] = {}
    for pair in declaration.correct:
        source, _, target_id = pair.partition(" ")
        if source in correct:
            raise RefusedError(
                declaration.line, f"{source!r} has several correct matches; quizkit pairs one with one"
            )
        correct[source] = target_id.strip()
    source_ids = Ids.of([attribute(choice, "identifier") for choice in sources])
    target_text = {attribute(choice, "identifier"): choice for choice in targets}
    pairs = []
    for choice in sources:
        bank_id = attribute(choice, "identifier")
        pair_id = source_ids.by_bank[bank_id]
        match_element = target_text.get(correct.get(bank_id, ""))
        if match_element is None:
            raise RefusedError(choice.sourceline, f"{bank_id!r} has no correct match")
        pairs.append(
            Pair(
                id=pair_id,
                prompt=reader.reading.text(f"pairs.{pair_id}.prompt", choice, "match prompt"),
                match=reader.reading.text(f"pairs.{pair_id}.match", match_element, "match"),
            )
        )
    if len(set(correct.values())) != len(correct):
        raise RefusedError(
            declaration.line, "a target is the match of several prompts; quizkit pairs one with one"
        )
    unmatched = [choice for choice in targets if attribute(choice, "identifier") not in correct.values()]
    distractors = tuple(
        Item(id=f"d{index}", text=reader.reading.text(f"distractors.d{index}", choice, "distractor"))
        for index, choice in enumerate(unmatched, start=1)
    )
    prompt, explanation = reader.prompt_and_explanation(interaction)
    return MatchingQuestion(
        id="",
        prompt=prompt,
        pairs=tuple(pairs),
        distractors=distractors,
        explanation=explanation,
        partial_credit=reader.scored_by_mapping(),
    )


def _ordering(reader: ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    choices = {
        attribute(choice, "identifier"): choice for choice in children(interaction, "qti-simple-choice")
    }
    if sorted(declaration.correct) != sorted(choices):
        raise RefusedError(declaration.line, "the correct order does not list every choice once")
    ids = Ids.of(list(declaration.correct), "i")
    items = tuple(
        Item(
            id=ids.by_bank[bank_id],
            text=reader.reading.text(f"items.{ids.by_bank[bank_id]}", choices[bank_id], "item"),
        )
        for bank_id in declaration.correct
    )
    prompt, explanation = reader.prompt_and_explanation(interaction)
    partial = reader.processing_has("qti-index") or reader.scored_by_mapping()
    return OrderingQuestion(
        id="", prompt=prompt, items=items, explanation=explanation, partial_credit=partial
    )


def _report_unread(reader: ItemReader, interactions: list[etree._Element]) -> None:
    """Report the body's text after the stem that is in no block holding an interaction (a closing remark,
    an instruction after the choices): no question kind has a place for it."""
    containers = {reader.container_of(interaction) for interaction in interactions}
    blocks = [child for child in reader.body if isinstance(child.tag, str)]
    first = next(index for index, block in enumerate(blocks) if block in containers)
    for block in blocks[first:]:
        if block in containers or local_name(block) in FEEDBACK | NOT_SHOWN:
            continue
        text = reduce_markup(markup_of(block, None)).text
        if text:
            reader.reading.problems.append(
                Problem(
                    block.sourceline,
                    f"the text {text[:60]!r} after the interaction has no place in a quizkit question: it is "
                    "left out (move it into the prompt or the explanation)",
                )
            )


def _question(reader: ItemReader) -> Question[str]:
    interactions = [
        node
        for node in reader.body.iter()
        if isinstance(node.tag, str) and local_name(node).endswith("-interaction")
    ]
    for interaction in interactions:
        what = _UNSUPPORTED.get(local_name(interaction))
        if what is not None:
            raise RefusedError(
                interaction.sourceline, f"the item has {what}, which quizkit has no question kind for"
            )
    if not interactions:
        raise RefusedError(reader.body.sourceline, "the item has no interaction: it asks nothing to answer")
    templates = descendants(reader.item, frozenset({"qti-template-declaration", "qti-template-processing"}))
    if templates:
        raise RefusedError(
            templates[0].sourceline,
            "the item is generated from template variables (qti-template-declaration), like a calculated "
            "question: its numbers change with each attempt, which a quizkit question cannot",
        )
    for inline_feedback in descendants(reader.body, "qti-feedback-inline"):
        parent = inline_feedback.getparent()
        if parent is None or local_name(parent) != "qti-simple-choice":
            reader.reading.problems.append(
                Problem(
                    inline_feedback.sourceline,
                    "feedback shown inside the text (qti-feedback-inline outside a choice) has no place in a "
                    "quizkit question: it is left out",
                )
            )
    _report_unread(reader, interactions)
    inline = [node for node in interactions if local_name(node) in INLINE]
    if len(inline) == len(interactions) and (
        len(inline) > 1
        or local_name(inline[0]) == "qti-inline-choice-interaction"
        or is_inline(reader, inline[0])
    ):
        return fill_in_blanks(reader, inline)
    if len(interactions) > 1:
        raise RefusedError(
            interactions[1].sourceline,
            f"the item has {len(interactions)} interactions; a quizkit question has one (split the item)",
        )
    interaction = interactions[0]
    kinds: dict[str, Callable[[ItemReader, etree._Element], Question[str]]] = {
        "qti-choice-interaction": _choice,
        "qti-text-entry-interaction": _text_entry,
        "qti-extended-text-interaction": _essay,
        "qti-match-interaction": _matching,
        "qti-order-interaction": _ordering,
        "qti-gap-match-interaction": gap_match,
    }
    kind = kinds.get(local_name(interaction))
    if kind is None:
        raise RefusedError(
            interaction.sourceline, f"the item has a {local_name(interaction)}, which quizkit does not read"
        )
    return kind(reader, interaction)


def read_item(item: etree._Element) -> ReadItem:
    """``item``, the root of an item file, as a question in its own language (its id left empty: the
    bank decides it)."""
    identifier = attribute(item, "identifier")
    has_key = bool(
        descendants(item, frozenset({"qti-correct-response", "qti-mapping", "qti-response-processing"}))
    )
    body = child(item, "qti-item-body")
    language = item.get(XML_LANG) or (body.get(XML_LANG) if body is not None else None)
    try:
        reader = ItemReader(item)
        question = _question(reader)
    except RefusedError as refused:
        return ReadItem(
            identifier, language, item.sourceline or 0, None, {}, (refused.problem,), has_key=has_key
        )
    missing = not question.explanation
    return ReadItem(
        identifier,
        language,
        item.sourceline or 0,
        question,
        reader.reading.lines,
        tuple(reader.reading.problems),
        missing,
        has_key,
        tuple(reader.reading.todos.items()),
    )
