"""One quiz per category of a bank: ``quizkit import BANK --quiz ID --quiz-per-category``.

A content team moving a Moodle bank of thirty categories wants thirty quizzes, not one. Each category
that holds questions (:class:`~toolkit.importing.bank.BankCategory`) becomes a quiz:

* its id is ``ID`` and a slug of the category's path below the path every category of the bank shares
  (Moodle's ``$course$/top/`` and other contexts are never part of it; nested names are joined with
  ``-``): ``$course$/top/Maths/Algebra/Fractions`` in a bank whose categories all sit under ``Maths``
  is ``ID-algebra-fractions``. The category the others sit in is ``ID`` itself. Two categories whose
  slugs are the same get ``-2``, ``-3``, … in the bank's order, reported;
* its title is the category's last name, its description Moodle's description of the category where
  the bank has one (else the title), both with the bank's translations of them (multilang spans);
* its questions are the category's, whole or kept as drafts, with their texts keyed under the new id.

What the bank could not give (left out, not drafts) stays the bank's, reported once. Without the option
a bank of several categories is one quiz, and :func:`category_hint` says it could be split.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, replace

from toolkit import keys
from toolkit.importing.bank import (
    IMPORTED_LEVEL,
    BankCategory,
    ImportedBank,
    ImportIssue,
    quiz_heading,
    with_each_text,
)
from toolkit.model import Question, Text

OPTION = "--quiz-per-category"
"""The option of ``quizkit import`` that splits a bank by category, as messages name it."""


@dataclass(frozen=True)
class CategoryQuiz:
    """A category of the bank and the quiz made of it."""

    category: BankCategory
    bank: ImportedBank
    """The quiz (``bank.quiz``) and its drafts (``bank.issues``), as a reader would give a one-quiz bank."""


@dataclass(frozen=True)
class SplitBank:
    quizzes: tuple[CategoryQuiz, ...]
    notes: tuple[str, ...]
    """For the report: the ids made unique, the headings made up."""


def slug(name: str) -> str:
    """``name`` as words of an id: letters without their accents, lowercase, other characters between
    words a hyphen (``Fractions & Décimaux`` → ``fractions-decimaux``); empty for a name without a Latin
    letter or digit (an Urdu name), which :func:`quiz_ids` numbers instead."""
    folded = unicodedata.normalize("NFKD", name).casefold()
    words: list[str] = []
    word = ""
    for character in folded:
        if "a" <= character <= "z" or "0" <= character <= "9":
            word += character
        elif unicodedata.combining(character):
            continue  # an accent of the letter before it, kept as the letter alone
        else:
            if word:
                words.append(word)
            word = ""
    if word:
        words.append(word)
    return "-".join(words)


def _shared_path(categories: Sequence[BankCategory]) -> tuple[str, ...]:
    """The path every category lies under (itself included: one category shares its whole path); the
    questions before a bank's first category, in no category, do not count."""
    named = [category for category in categories if category.path] or list(categories)
    shared = named[0].path
    for category in named[1:]:
        length = 0
        while length < min(len(shared), len(category.path)) and shared[length] == category.path[length]:
            length += 1
        shared = shared[:length]
    return shared


def _fitted(quiz_id: str, suffix: str) -> str:
    """``quiz_id`` and ``suffix`` joined, cut between words to the longest id the project accepts."""
    wanted = f"{quiz_id}-{suffix}" if suffix else quiz_id
    if len(wanted) <= keys.ID_MAX_LENGTH:
        return wanted
    cut = wanted[: keys.ID_MAX_LENGTH + 1]
    return (
        cut[: cut.rfind("-")] if cut.rfind("-") > len(quiz_id) else wanted[: keys.ID_MAX_LENGTH].rstrip("-")
    )


def _named(category: BankCategory) -> str:
    """A category as notes name it: its names joined with ``/``, quoted."""
    return repr("/".join(category.path)) if category.path else "(the questions in no category)"


def quiz_ids(quiz_id: str, categories: Sequence[BankCategory]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The quiz id of each category (in order) and a note for each id that is not the plain slug of its
    path: a name without a Latin letter numbered, an id taken by an earlier category given a number."""
    shared = _shared_path(categories)
    used: dict[str, BankCategory] = {}
    ids: list[str] = []
    notes: list[str] = []
    for position, category in enumerate(categories, start=1):
        below = category.path[len(shared) :]
        words = [slug(name) for name in below]
        if below and not all(words):
            # A name of no Latin letter (an Urdu or Arabic name) has no slug: the category's place.
            wanted = _fitted(quiz_id, f"category-{position}")
            notes.append(
                f"category {_named(category)} has a name without Latin letters or digits to make its quiz id "
                f"of: it is quiz {wanted}"
            )
        else:
            wanted = _fitted(quiz_id, "-".join(words))
        chosen = wanted
        number = 2
        while chosen in used:
            chosen = _fitted(wanted[: keys.ID_MAX_LENGTH - len(str(number)) - 1], str(number))
            number += 1
        if chosen != wanted:
            notes.append(
                f"categories {_named(used[wanted])} and {_named(category)} both make the quiz "
                f"id {wanted}: the second is {chosen}"
            )
        used[chosen] = category
        ids.append(chosen)
    return tuple(ids), tuple(notes)


def _rekeyed(question: Question[Text], old_quiz: str, new_quiz: str) -> Question[Text]:
    """``question`` with its texts keyed under ``new_quiz``."""
    old = keys.question_key(old_quiz, question.id)
    new = keys.question_key(new_quiz, question.id)

    def change(text: Text) -> Text:
        return replace(text, key=new + text.key[len(old) :]) if text.key.startswith(old) else text

    rekeyed: Question[Text] = with_each_text(question, change)
    return rekeyed


def split_by_category(bank: ImportedBank, bank_file: str) -> SplitBank:
    """``bank`` (read for the quiz id that is the prefix) as one quiz per category that holds questions
    (:func:`holding_questions`; a bank with none is imported as one quiz, not split)."""
    prefix = bank.quiz.id
    categories = holding_questions(bank)
    ids, notes = quiz_ids(prefix, categories)
    quizzes: list[CategoryQuiz] = []
    # In the bank's order, category after category: with the option, a question's id need only be
    # unique in its category, so the same id may be a question of each of two.
    whole = list(bank.quiz.questions)
    waiting = [issue for issue in bank.issues if issue.draft is not None]
    for category, quiz_id in zip(categories, ids, strict=True):
        questions: list[Question[Text]] = []
        drafted: list[ImportIssue] = []
        for member in category.questions:
            found = next((index for index, question in enumerate(whole) if question.id == member), None)
            if found is not None:
                questions.append(_rekeyed(whole.pop(found), prefix, quiz_id))
                continue
            draft = next((index for index, issue in enumerate(waiting) if _draft_id(issue) == member), None)
            if draft is not None:
                # Its place among its category's questions, which are the quiz's (in the bank's order).
                drafted.append(replace(waiting.pop(draft), position=len(questions)))
        drafts = tuple(drafted)
        info = category.info
        description = (
            None
            if info is None or not info.source
            else replace(info, key=keys.quiz_description_key(quiz_id), origin=bank.quiz.origin)
        )
        heading = quiz_heading(quiz_id, bank.quiz.origin, description=description, category=category)
        quiz = heading.quiz(quiz_id, questions, bank.quiz.origin, shuffle=bank.quiz.shuffle)
        quizzes.append(
            CategoryQuiz(
                category, ImportedBank(quiz, bank.source_locale, bank.locales, drafts, (), (category,))
            )
        )
    made = (
        f"{bank_file}: each quiz's title is its category's last name, its description the category's "
        f"description or else the title, its level {IMPORTED_LEVEL.value}: change them in the quiz files"
    )
    return SplitBank(tuple(quizzes), (*notes, made))


def _draft_id(issue: ImportIssue) -> str | None:
    wanted = issue.draft.get("id") if issue.draft is not None else None
    return wanted if isinstance(wanted, str) else None


def _ids(bank: ImportedBank) -> tuple[str, ...]:
    """The ids of the questions that came through, whole or as drafts."""
    drafts = (issue.draft.get("id") for issue in bank.issues if issue.draft is not None)
    return (*(question.id for question in bank.quiz.questions), *(str(each) for each in drafts))


def holding_questions(bank: ImportedBank) -> list[BankCategory]:
    """The bank's categories with the questions of each that came through, whole or as drafts; a
    category all of whose questions were left out holds none and makes no quiz."""
    present = set(_ids(bank))
    kept = [
        replace(category, questions=tuple(each for each in category.questions if each in present))
        for category in bank.categories
    ]
    return [category for category in kept if category.questions]


def category_hint(bank: ImportedBank, bank_file: str) -> str | None:
    """For an import without :data:`OPTION`: a note that the bank's questions come from several
    categories and that the option makes a quiz of each; None for a bank of one category or none."""
    categories = holding_questions(bank)
    if len(categories) < 2:
        return None
    shared = len(_shared_path(categories))
    names = ["/".join(category.path[shared:] or category.path[-1:]) for category in categories]
    shown = ", ".join(repr(name) for name in names[:5]) + (
        f" and {len(names) - 5} more" if len(names) > 5 else ""
    )
    return (
        f"{bank_file}: its questions come from {len(categories)} categories ({shown}), all in quiz "
        f"{bank.quiz.id}; import with {OPTION} to make a quiz of each"
    )
