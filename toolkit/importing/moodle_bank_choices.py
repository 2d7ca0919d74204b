"""Moodle's ``multichoice`` questions as single or multiple choice: which fraction schemes are quizkit's
(see :mod:`toolkit.importing.moodle_bank`)."""

from __future__ import annotations

from decimal import Decimal

from toolkit import keys
from toolkit.importing.moodle_bank_questions import (
    Element,
    QuestionReader,
    close_to,
    fraction_of,
    percent,
)
from toolkit.importing.question_drafts import part_id
from toolkit.model import ChoiceQuestion, Option, Question, QuestionType, Text
from toolkit.text.counts import counted


def read_multichoice(reader: QuestionReader, element: Element) -> Question[Text]:
    prompt = reader.prompt(element)
    answers = element.findall("answer")
    if not 2 <= len(answers) <= 8:
        raise reader.unsupported(f"it has {counted(len(answers), 'option')}; a quiz question has 2 to 8")
    options = []
    fractions = []
    for index, answer in enumerate(answers):
        option_id = part_id(index)
        key = keys.option_key(reader.quiz_id, reader.question_id, option_id)
        text = reader.text(key, answer, f"text for option {index + 1}")
        feedback = reader.optional(
            keys.feedback_key(reader.quiz_id, reader.question_id, option_id), answer.find("feedback")
        )
        options.append(Option(option_id, text, feedback))
        fractions.append(fraction_of(answer))
    single = (element.findtext("single") or "true").strip().lower() in ("true", "1")
    shuffle = (element.findtext("shuffleanswers") or "1").strip().lower() in ("true", "1")
    ids = [option.id for option in options]
    described = ", ".join(f"{option_id} {percent(f)} %" for option_id, f in zip(ids, fractions, strict=True))
    right = [option_id for option_id, f in zip(ids, fractions, strict=True) if f > 0]
    question_type = QuestionType.SINGLE_CHOICE if single else QuestionType.MULTIPLE_CHOICE
    partial_credit = False
    if single:
        exact = len(right) == 1 and all(
            close_to(f, Decimal(100)) if option_id in right else f == 0
            for option_id, f in zip(ids, fractions, strict=True)
        )
        if not exact:
            best = [option_id for option_id, f in zip(ids, fractions, strict=True) if f == max(fractions)]
            reader.correct_todo = (
                f"Moodle grades the options {described}; a single-choice question has one correct "
                f"option, worth all the marks, and no penalty: replace this mapping with the correct "
                f"option's id, e.g. [{best[0]}]"
            )
    else:
        partial_credit = True
        _multiple_fractions(reader, ids, fractions, right, described)
    return ChoiceQuestion(
        id=reader.question_id,
        type=question_type,
        prompt=prompt,
        options=tuple(options),
        correct=tuple(right),
        explanation=reader.explanation(element),
        shuffle=shuffle,
        partial_credit=partial_credit,
    )


def _multiple_fractions(
    reader: QuestionReader, ids: list[str], fractions: list[Decimal], right: list[str], described: str
) -> None:
    """Whether Moodle's fractions are quizkit's partial credit: each correct option 1/R of the marks,
    each wrong one -1/R (the reference grader), or -1/W (W wrong options: what quizkit's own Moodle
    export writes for it)."""
    wrong = [f for option_id, f in zip(ids, fractions, strict=True) if option_id not in right]
    shares = bool(right) and all(
        close_to(f, Decimal(100) / len(right))
        for option_id, f in zip(ids, fractions, strict=True)
        if option_id in right
    )
    if shares and not wrong:
        return
    if shares and all(close_to(f, Decimal(-100) / len(right)) for f in wrong):
        return
    if shares and all(close_to(f, Decimal(-100) / len(wrong)) for f in wrong):
        if len(wrong) != len(right):
            reader.issue(
                f"Moodle takes {percent(Decimal(100) / len(wrong))} % off for each wrong option "
                f"ticked ({described}); quizkit's partial credit takes 1/{len(right)} of the marks "
                "off for each (as its reference grader defines it), so a response with wrong options "
                "ticked scores differently; imported with partial credit"
            )
        return
    example = ", ".join(right) or ids[0]
    reader.correct_todo = (
        f"Moodle grades the options {described}, which quizkit's multiple choice cannot (each correct "
        "option is worth the same, each wrong one takes as much off): replace this mapping with the "
        f"correct option ids, e.g. [{example}], and check partial_credit"
    )
