"""The questions of a bank kept as drafts (:attr:`ImportIssue.draft
<toolkit.importing.bank.ImportIssue.draft>`), apart from those that came through whole
(:attr:`ImportedBank.quiz <toolkit.importing.bank.ImportedBank.quiz>`): where each goes in the quiz file,
its id there, and what the report says a draft does to the quiz.

* **Order**: each draft says where it stood in the bank (:attr:`ImportIssue.position
  <toolkit.importing.bank.ImportIssue.position>`), and the quiz file holds every question in the bank's
  order, so a team finishing the drafts finds each where its bank had it, and the quiz asks them so.
* **Ids**: a reader may number drafts apart from the whole questions; a draft whose id is taken gets a
  free one, noted.
* **The draft quiz**: a quiz with drafts is written ``draft: true`` (its to-dos are warnings, not
  errors), and every export leaves a draft quiz out: the report says so, and how to export the finished
  questions now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from toolkit import keys
from toolkit.importing.bank import ImportIssue
from toolkit.model import Quiz
from toolkit.text.counts import counted

Item = TypeVar("Item")


def place_last_draft(issues: list[ImportIssue], whole_before: int) -> None:
    """Gives the draft a reader has just appended to ``issues`` (its last issue, when that is a draft not
    placed yet) its place in the bank: after the first ``whole_before`` questions that came through whole."""
    if issues and issues[-1].draft is not None and issues[-1].position is None:
        issues[-1] = replace(issues[-1], position=whole_before)


def in_bank_order(whole: Sequence[Item], drafts: Sequence[tuple[int | None, Item]]) -> list[Item]:
    """The ``whole`` questions with each draft (its position, :attr:`ImportIssue.position`, and itself)
    put back where it stood among them; drafts of one place keep the order they are given in, and a
    draft with no place (None) or a place past the end follows every whole question."""
    placed: dict[int, list[Item]] = {}
    for position, draft in drafts:
        place = len(whole) if position is None else max(0, min(position, len(whole)))
        placed.setdefault(place, []).append(draft)
    ordered: list[Item] = []
    for index in range(len(whole) + 1):
        ordered += placed.get(index, [])
        if index < len(whole):
            ordered.append(whole[index])
    return ordered


def unique_drafts(
    quiz: Quiz, drafts: Sequence[ImportIssue]
) -> tuple[tuple[ImportIssue, ...], tuple[str, ...]]:
    """``drafts`` with ids no other question has (a reader may number drafts apart from the questions
    that came through whole), and a note for each one renamed."""
    used = {question.id for question in quiz.questions}
    unique: list[ImportIssue] = []
    notes: list[str] = []
    for issue in drafts:
        draft = dict(issue.draft or {})
        wanted = draft.get("id")
        if not isinstance(wanted, str) or not keys.is_valid_id(wanted) or wanted in used:
            number = len(used) + 1
            while f"q{number}" in used:
                number += 1
            draft["id"] = f"q{number}"
            notes.append(
                f"the draft of {issue.question or wanted!r} is question {draft['id']}: its id was taken"
            )
            issue = replace(issue, draft=draft)
        used.add(str(draft["id"]))
        unique.append(issue)
    return tuple(unique), tuple(notes)


_NAMED_DRAFTS = 5
"""Up to this many drafts, the report's note names them; more are counted (the issues list each)."""


def draft_quiz_notes(quiz_id: str, whole: int, drafts: Sequence[ImportIssue]) -> tuple[str, ...]:
    """What ``drafts`` do to the quiz, for the report: it is a draft, which every export leaves out, until a
    person finishes (or deletes) each draft and removes ``draft: true``; and how to export the ``whole``
    questions meanwhile (``quizkit export --drafts`` leaves the unfinished questions out)."""
    if not drafts:
        return ()
    names = ", ".join(str((issue.draft or {}).get("id")) for issue in drafts)
    which = (
        f"the draft ({names})"
        if len(drafts) == 1
        else f"each draft ({names})"
        if len(drafts) <= _NAMED_DRAFTS
        else f"each of the {len(drafts)} drafts"
    )
    finish = (
        f"finish the to-dos of {which} or delete {'it' if len(drafts) == 1 else 'those you do not want'}, "
        "then remove draft: true"
    )
    if not whole:
        return (f"{quiz_id} is a draft quiz (draft: true), left out of every export: {finish}",)
    return (
        f"{quiz_id} is a draft quiz (draft: true) while it has drafts, left out of every export: {finish}; "
        f"quizkit export --drafts exports it now with its {counted(whole, 'finished question')}, without the "
        "drafts",
    )
