"""The reference grader: how every question kind is scored, defined once.

Every format and the player must agree with it (tests hold them to it). Short answers compare after
NFC, trimming, collapsing spaces, casefolding unless case-sensitive, and the locale's normalizer (for
Urdu, Arabic code points to Urdu ones); numbers are read in any decimal digits with the locale's
separators and match within the tolerance; matching, ordering and blanks score all or nothing unless
the question declares partial credit, and multiple choice with partial credit scores each option
(+1 for a correct option chosen, -1 for a wrong one, at least 0, divided by the correct options).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from toolkit.model import (
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
    ShortAnswerQuestion,
    TrueFalseQuestion,
)
from toolkit.text.locale_packs import pack_for
from toolkit.text.numbers import parse_number
from toolkit.text.urdu_normalizer import ARABIC_YEH, BIDI_CONTROLS, FARSI_YEH

Response = Collection[str] | bool | str | Mapping[str, str] | Sequence[str]
"""Per kind: the chosen option ids (choice), a bool (true/false), the typed text (short answer,
numeric), prompt id to match id (matching), item ids in the learner's order (ordering), blank id to
typed text or option id (fill in the blanks)."""


@dataclass(frozen=True)
class Grade:
    score: Fraction
    """From 0 to 1."""

    @property
    def is_correct(self) -> bool:
        return self.score == 1


RIGHT = Grade(Fraction(1))
WRONG = Grade(Fraction(0))


def normalize_answer(text: str, locale: str, case_sensitive: bool = False) -> str:
    """A typed answer as it is compared: NFC, no bidi controls, single spaces, trimmed, casefolded unless
    case matters, and the locale's safe normalizations."""
    text = unicodedata.normalize("NFC", text)
    text = "".join(character for character in text if character not in BIDI_CONTROLS)
    text = " ".join(text.split())
    pack = pack_for(locale)
    if pack is not None and pack.answer_normalizer is not None:
        text = pack.answer_normalizer(text)
    return text if case_sensitive else text.casefold()


def applies_urdu_normalizer(locale: str) -> bool:
    """Whether typed answers in ``locale`` are compared after the Urdu normalizer. Asked of the grader
    itself (an Arabic yeh typed for the Urdu one), not of the locale's name: the player and the QTI
    patterns carry their copies of that normalizer exactly where the library uses it."""
    return normalize_answer(ARABIC_YEH, locale, case_sensitive=True) == FARSI_YEH


def accepts(answers: Sequence[AcceptedAnswer[str]], typed: str, locale: str, case_sensitive: bool) -> bool:
    wanted = normalize_answer(typed, locale, case_sensitive)
    return wanted != "" and any(
        normalize_answer(accepted, locale, case_sensitive) == wanted
        for answer in answers
        for accepted in answer.accepted
    )


def _fraction(right: int, total: int, partial_credit: bool) -> Grade:
    if total == 0:
        return WRONG
    if right == total:
        return RIGHT
    return Grade(Fraction(right, total)) if partial_credit else WRONG


def grade_choice(question: ChoiceQuestion[str], chosen: Collection[str]) -> Grade:
    picked = set(chosen)
    correct = set(question.correct)
    if question.type is QuestionType.MULTIPLE_CHOICE and question.partial_credit:
        points = len(picked & correct) - len(picked - correct)
        return Grade(max(Fraction(0), Fraction(points, len(correct))))
    return RIGHT if picked == correct else WRONG


def grade_true_false(question: TrueFalseQuestion[str], answer: bool) -> Grade:
    return RIGHT if answer is question.correct else WRONG


def grade_short_answer(question: ShortAnswerQuestion[str], typed: str, locale: str) -> Grade:
    return RIGHT if accepts(question.answers, typed, locale, question.case_sensitive) else WRONG


def grade_numeric(question: NumericQuestion[str], typed: str, locale: str) -> Grade:
    number = parse_number(typed, locale)
    if number is None:
        return WRONG
    return RIGHT if abs(number - question.answer) <= question.tolerance else WRONG


def grade_matching(question: MatchingQuestion[str], matched: Mapping[str, str]) -> Grade:
    """``matched``: pair id to the id of the match the learner chose for its prompt (a pair's match has
    its pair's id)."""
    right = sum(1 for pair in question.pairs if matched.get(pair.id) == pair.id)
    return _fraction(right, len(question.pairs), question.partial_credit)


def grade_ordering(question: OrderingQuestion[str], order: Sequence[str]) -> Grade:
    """Partial credit counts the items in their correct position."""
    expected = [item.id for item in question.items]
    if sorted(order) != sorted(expected):
        return WRONG  # not a permutation of the items: an item missing or repeated
    right = sum(1 for given, wanted in zip(order, expected, strict=True) if given == wanted)
    return _fraction(right, len(expected), question.partial_credit)


def grade_blanks(question: FillInBlanksQuestion[str], filled: Mapping[str, str], locale: str) -> Grade:
    right = 0
    for blank in question.blanks:
        given = filled.get(blank.id, "")
        if isinstance(blank, ChoiceBlank):
            right += given == blank.correct
        else:
            right += accepts(blank.answers, given, locale, blank.case_sensitive)
    return _fraction(right, len(question.blanks), question.partial_credit)


def grade(question: Question[str], response: Response, locale: str) -> Grade | None:
    """The grade of ``response`` to ``question`` in ``locale``; None for an essay (a person grades it)."""
    if isinstance(question, ChoiceQuestion):
        return grade_choice(question, _strings(response))
    if isinstance(question, TrueFalseQuestion):
        return grade_true_false(question, response is True)
    if isinstance(question, ShortAnswerQuestion):
        return grade_short_answer(question, response if isinstance(response, str) else "", locale)
    if isinstance(question, NumericQuestion):
        return grade_numeric(question, response if isinstance(response, str) else "", locale)
    if isinstance(question, MatchingQuestion):
        return grade_matching(question, _mapping(response))
    if isinstance(question, OrderingQuestion):
        return grade_ordering(question, list(_strings(response)))
    if isinstance(question, FillInBlanksQuestion):
        return grade_blanks(question, _mapping(response), locale)
    assert isinstance(question, EssayQuestion)
    return None


def _strings(response: Response) -> list[str]:
    if isinstance(response, str | bool | Mapping):
        return []
    return [str(item) for item in response]


def _mapping(response: Response) -> Mapping[str, str]:
    return response if isinstance(response, Mapping) else {}
