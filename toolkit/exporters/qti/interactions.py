"""The QTI 3.0 interaction and scoring rules of each question kind, for :mod:`toolkit.exporters.qti.items`.

Per kind (``toolkit.localization.grading`` is the reference; :mod:`toolkit.exporters.qti.patterns`
says what a QTI engine grades differently):

- choice: ``qti-choice-interaction``; multiple choice with partial credit maps each option to +1 or -1.
- true/false: ``qti-choice-interaction`` with the choices ``true`` and ``false``, labelled by the
  interface messages ``ui.true`` and ``ui.false``.
- short answer: ``qti-text-entry-interaction`` (string) with a ``qti-mapping`` of every accepted answer
  of the locale (``case-sensitive`` as the question says) and a pattern that accepts what the library
  accepts after trimming, collapsing spaces and the locale's normalization.
- numeric: ``qti-text-entry-interaction`` with a string response and a pattern of every numeral within
  the tolerance. Not ``base-type="float"``: an engine reads a float response its own way, and
  ``@citolab/qti-components`` 7.27 reads ``۲۵۶`` as no number (``parseFloat``), so the Urdu digits the
  library accepts would score 0; it also answers ``false`` to every ``qti-equal`` with a
  ``tolerance-mode`` other than ``exact``.
- matching: ``qti-match-interaction`` (``directedPair``), scored by a mapping per right pair with
  partial credit, all or nothing otherwise.
- ordering: ``qti-order-interaction`` (``ordered``), items named by their delivery ids (``i1``, ``i2``,
  … in the answer-independent order of :mod:`toolkit.exporters.neutral_order`) in both variants;
  partial credit counts the items in their place, and only when the response orders every item.
- fill in the blanks: the text with an inline ``qti-text-entry-interaction`` or
  ``qti-inline-choice-interaction`` at each marker, in the translation's order; one response per
  blank, ``RESPONSE.<blank>``.
- essay: ``qti-extended-text-interaction``; ``SCORE`` is ``external-scored="human"``, and the model
  answer is a ``qti-rubric-block`` for scorers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from lxml import etree

from toolkit.exporters.neutral_order import delivery_ids, neutral_list
from toolkit.exporters.qti.markup import append_bidi_text, sub, value
from toolkit.exporters.qti.patterns import Pattern, answer_patterns, number_pattern
from toolkit.exporters.qti.response_processing import (
    RESPONSE,
    RIGHT,
    SCORE,
    correct_response,
    count_right,
    declare,
    mapping,
    matches_correct,
    pattern_accepts,
    response_if,
    score_if,
    score_share,
    set_outcome,
    typed_answer_accepted,
    variable,
    when_answered,
)
from toolkit.model import (
    ITEMS,
    AcceptedAnswer,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    Quiz,
    ShortAnswerQuestion,
    TrueFalseQuestion,
    TypedBlank,
)
from toolkit.text.blanks import split_at_blanks

BLANK_RESPONSE = "RESPONSE."
MATCH = "MATCH."


@dataclass(frozen=True)
class Labels:
    """The true/false choices' labels."""

    true: str
    false: str


@dataclass(frozen=True)
class Writer:
    """What one item is written with: its question's language, direction and variant."""

    grading_locale: str
    """The quiz's locale, whose rules the library grades by (also for a question that fell back)."""
    direction: str
    latin_lang: str | None
    answers: bool
    shuffle: bool
    labels: Labels
    quiz: Quiz
    """The quiz's model, whose source texts give matches and items their answer-independent order."""

    def text(self, parent: etree._Element, text: str) -> None:
        append_bidi_text(parent, text, self.direction, self.latin_lang)


def by_digest(texts: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """(id, text) pairs in an order that depends on their texts only: the answer's order stays hidden."""
    return sorted(texts, key=lambda pair: (hashlib.sha256(pair[1].encode("utf-8")).hexdigest(), pair[0]))


def match_ids(question: MatchingQuestion[str]) -> list[tuple[str, str, str]]:
    """(QTI identifier, content id, text) of each match and distractor, in the order the item lists them."""
    matches = [(pair.id, pair.match) for pair in question.pairs]
    matches += [(distractor.id, distractor.text) for distractor in question.distractors]
    return [(f"{MATCH}{index}", id_, text) for index, (id_, text) in enumerate(by_digest(matches), start=1)]


def _accepted_texts(answers: Sequence[AcceptedAnswer[str]]) -> list[str]:
    """Every accepted text once, spaces collapsed, in the content's order."""
    texts: dict[str, None] = {}
    for answer in answers:
        for accepted in answer.accepted:
            if accepted.split():
                texts[" ".join(accepted.split())] = None
    return list(texts)


def _declare_typed(
    item: etree._Element,
    identifier: str,
    answers: Sequence[AcceptedAnswer[str]],
    case_sensitive: bool,
    writer: Writer,
) -> None:
    declaration = declare(item, identifier, "single", "string")
    if writer.answers:
        texts = _accepted_texts(answers)
        correct_response(declaration, texts[:1])
        case = "true" if case_sensitive else "false"
        mapping(declaration, ((text, "1") for text in texts), 1, case_sensitive=case)


# --- the kinds ---------------------------------------------------------------------------------------


def _choice(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, ChoiceQuestion | TrueFalseQuestion)
    if isinstance(question, TrueFalseQuestion):
        options = [("true", writer.labels.true, False), ("false", writer.labels.false, False)]
        correct = ["true" if question.correct else "false"]
        multiple = partial = shuffle = False
    else:
        options = [(option.id, option.text, option.pinned) for option in question.options]
        correct = list(question.correct)
        multiple = question.type is QuestionType.MULTIPLE_CHOICE
        partial = multiple and question.partial_credit
        shuffle = question.shuffle or writer.shuffle
    declaration = declare(item, RESPONSE, "multiple" if multiple else "single", "identifier")
    if writer.answers:
        correct_response(declaration, correct)
        if partial:
            # +1 for each correct option chosen, -1 for each wrong one, at least 0; processing divides
            # by the number of correct options so full marks are exactly 1.
            entries = ((id_, "1" if id_ in correct else "-1") for id_, _, _ in options)
            mapping(declaration, entries, len(correct))
    interaction = sub(body, "qti-choice-interaction", response_identifier=RESPONSE)
    interaction.set("shuffle", "true" if shuffle else "false")
    interaction.set("max-choices", "0" if multiple else "1")  # 0: any number of choices
    interaction.set("dir", writer.direction)
    writer.text(sub(interaction, "qti-prompt", dir=writer.direction), question.prompt)
    for id_, text, pinned in options:
        choice = sub(interaction, "qti-simple-choice", identifier=id_)
        if pinned:
            choice.set("fixed", "true")
        choice.set("dir", writer.direction)
        writer.text(choice, text)

    def score(processing: etree._Element) -> None:
        if partial:
            score_share(
                processing, lambda parent: sub(parent, "qti-map-response", identifier=RESPONSE), len(correct)
            )
        else:
            score_if(processing, matches_correct)

    return score


def _prompt_paragraph(body: etree._Element, question: Question[str], writer: Writer) -> None:
    writer.text(sub(body, "p", dir=writer.direction), question.prompt)


def _text_entry(parent: etree._Element, identifier: str, writer: Writer, numeric: bool = False) -> None:
    # A number reads left to right in every script (Urdu digits too). Typed text in a right-to-left
    # locale may be in either script (an accepted Urdu answer can be a Latin term): the field takes
    # the direction of what is typed. Left-to-right locales keep their direction.
    direction = "ltr" if numeric else "auto" if writer.direction == "rtl" else writer.direction
    sub(parent, "qti-text-entry-interaction", response_identifier=identifier, dir=direction)


def _short_answer(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, ShortAnswerQuestion)
    _declare_typed(item, RESPONSE, question.answers, question.case_sensitive, writer)
    _prompt_paragraph(body, question, writer)
    _text_entry(sub(body, "p", dir=writer.direction), RESPONSE, writer)
    pattern = answer_patterns(
        _accepted_texts(question.answers), writer.grading_locale, question.case_sensitive
    )

    def score(processing: etree._Element) -> None:
        set_outcome(processing, SCORE, "0")
        score_if(
            when_answered(processing, RESPONSE), lambda when: typed_answer_accepted(when, RESPONSE, pattern)
        )

    return score


def _numeric(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, NumericQuestion)
    declaration = declare(item, RESPONSE, "single", "string")
    if writer.answers:
        correct_response(declaration, [str(question.answer)])
    _prompt_paragraph(body, question, writer)
    line = sub(body, "p", dir=writer.direction)
    _text_entry(line, RESPONSE, writer, numeric=True)
    if question.unit is not None:
        append_bidi_text(line, " ", writer.direction)
        writer.text(sub(line, "span"), question.unit)
    pattern = number_pattern(question.answer, question.tolerance, writer.grading_locale)

    def accepted(when: etree._Element) -> None:
        both = sub(when, "qti-and")
        variable(sub(sub(both, "qti-not"), "qti-is-null"), RESPONSE)
        pattern_accepts(both, RESPONSE, pattern)

    return lambda processing: score_if(processing, accepted)


def _matching(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, MatchingQuestion)
    matches = match_ids(question)
    qti_id = {id_: identifier for identifier, id_, _ in matches}
    correct = [f"{pair.id} {qti_id[pair.id]}" for pair in question.pairs]
    declaration = declare(item, RESPONSE, "multiple", "directedPair")
    if writer.answers:
        correct_response(declaration, correct)
        mapping(declaration, ((pair, "1") for pair in correct), len(correct))
    interaction = sub(
        body,
        "qti-match-interaction",
        response_identifier=RESPONSE,
        shuffle="false",
        max_associations=str(len(question.pairs)),
        dir=writer.direction,
    )
    writer.text(sub(interaction, "qti-prompt", dir=writer.direction), question.prompt)
    prompts = sub(interaction, "qti-simple-match-set")
    for pair in question.pairs:
        choice = sub(
            prompts, "qti-simple-associable-choice", identifier=pair.id, match_max="1", dir=writer.direction
        )
        writer.text(choice, pair.prompt)
    targets = sub(interaction, "qti-simple-match-set")
    for identifier, _, text in matches:
        choice = sub(
            targets,
            "qti-simple-associable-choice",
            identifier=identifier,
            match_max="1",
            dir=writer.direction,
        )
        writer.text(choice, text)

    def score(processing: etree._Element) -> None:
        rule, when = response_if(processing)
        variable(sub(when, "qti-is-null"), RESPONSE)
        set_outcome(when, SCORE, "0")
        otherwise = sub(rule, "qti-response-else")
        if question.partial_credit:
            score_share(
                otherwise, lambda parent: sub(parent, "qti-map-response", identifier=RESPONSE), len(correct)
            )
        else:
            score_if(otherwise, matches_correct)

    return score


def _ordering(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, OrderingQuestion)
    # Items are named by their delivery ids (i1, i2, … in the answer-independent order), with answers
    # too: an author's ids (step-1, first, a) would tell the order in the delivery variant, and both
    # variants must name items alike for the item with answers to score a delivered response.
    identifier = delivery_ids(writer.quiz, question, ITEMS)
    declaration = declare(item, RESPONSE, "ordered", "identifier")
    if writer.answers:
        correct_response(declaration, [identifier[entry.id] for entry in question.items])
    # Players always shuffle ordering items; the listed order hides the answer from those that do not.
    interaction = sub(
        body, "qti-order-interaction", response_identifier=RESPONSE, shuffle="true", dir=writer.direction
    )
    writer.text(sub(interaction, "qti-prompt", dir=writer.direction), question.prompt)
    for entry in neutral_list(writer.quiz, question, ITEMS):
        choice = sub(interaction, "qti-simple-choice", identifier=entry.id, dir=writer.direction)
        writer.text(choice, entry.text)
    total = len(question.items)

    def score(processing: etree._Element) -> None:
        if not question.partial_credit:
            score_if(processing, matches_correct)
            return
        # Partial credit only for an order of every item (as the library: anything else scores 0).
        set_outcome(processing, SCORE, "0")
        _, when = response_if(processing)
        every = sub(when, "qti-and")
        variable(sub(sub(every, "qti-not"), "qti-is-null"), RESPONSE)
        size = sub(every, "qti-match")
        variable(sub(size, "qti-container-size"), RESPONSE)
        value(size, "qti-base-value", str(total), base_type="integer")
        for entry in question.items:
            member = sub(every, "qti-member")
            value(member, "qti-base-value", identifier[entry.id], base_type="identifier")
            variable(member, RESPONSE)
        for position, entry in enumerate(question.items, start=1):
            _, in_place = response_if(when)
            match = sub(in_place, "qti-match")
            variable(sub(match, "qti-index", n=str(position)), RESPONSE)
            value(match, "qti-base-value", identifier[entry.id], base_type="identifier")
            count_right(in_place)
        score_share(when, lambda parent: variable(parent, RIGHT), total)

    return score


def _fill_in_blanks(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, FillInBlanksQuestion)
    patterns: dict[str, Pattern] = {}
    for blank in question.blanks:
        identifier = BLANK_RESPONSE + blank.id
        if isinstance(blank, TypedBlank):
            _declare_typed(item, identifier, blank.answers, blank.case_sensitive, writer)
            patterns[blank.id] = answer_patterns(
                _accepted_texts(blank.answers), writer.grading_locale, blank.case_sensitive
            )
        else:
            declaration = declare(item, identifier, "single", "identifier")
            if writer.answers:
                correct_response(declaration, [blank.correct])
    _prompt_paragraph(body, question, writer)
    paragraph = sub(body, "p", dir=writer.direction)
    for piece, is_blank in split_at_blanks(question.text):
        if not is_blank:
            writer.text(paragraph, piece)
            continue
        blank = question.blank(piece)
        if isinstance(blank, TypedBlank):
            _text_entry(paragraph, BLANK_RESPONSE + blank.id, writer)
        else:
            choices = sub(
                paragraph,
                "qti-inline-choice-interaction",
                response_identifier=BLANK_RESPONSE + blank.id,
                shuffle="false",
            )
            for option in blank.options:
                writer.text(sub(choices, "qti-inline-choice", identifier=option.id), option.text)
    total = len(question.blanks)

    def score(processing: etree._Element) -> None:
        for blank in question.blanks:
            identifier = BLANK_RESPONSE + blank.id
            _, when = response_if(when_answered(processing, identifier))
            if isinstance(blank, ChoiceBlank):
                matches_correct(when, identifier)
            else:
                typed_answer_accepted(when, identifier, patterns[blank.id])
            count_right(when)
        if question.partial_credit:
            score_share(processing, lambda parent: variable(parent, RIGHT), total)
        else:

            def all_right(when: etree._Element) -> None:
                every = sub(when, "qti-gte")
                variable(every, RIGHT)
                value(every, "qti-base-value", str(total), base_type="integer")

            score_if(processing, all_right)

    return score


def _essay(
    item: etree._Element, body: etree._Element, question: Question[str], writer: Writer
) -> Callable[[etree._Element], None]:
    assert isinstance(question, EssayQuestion)
    declare(item, RESPONSE, "single", "string")
    if writer.answers and question.model_answer is not None:
        rubric = sub(body, "qti-rubric-block", use="scoring", view="scorer")
        writer.text(sub(sub(rubric, "qti-content-body"), "div", dir=writer.direction), question.model_answer)
    interaction = sub(
        body, "qti-extended-text-interaction", response_identifier=RESPONSE, dir=writer.direction
    )
    writer.text(sub(interaction, "qti-prompt", dir=writer.direction), question.prompt)
    return lambda processing: None  # a person scores it


INTERACTIONS: dict[
    QuestionType,
    Callable[[etree._Element, etree._Element, Question[str], Writer], Callable[[etree._Element], None]],
] = {
    QuestionType.SINGLE_CHOICE: _choice,
    QuestionType.MULTIPLE_CHOICE: _choice,
    QuestionType.TRUE_FALSE: _choice,
    QuestionType.SHORT_ANSWER: _short_answer,
    QuestionType.NUMERIC: _numeric,
    QuestionType.MATCHING: _matching,
    QuestionType.ORDERING: _ordering,
    QuestionType.FILL_IN_BLANKS: _fill_in_blanks,
    QuestionType.ESSAY: _essay,
}
