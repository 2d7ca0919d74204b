"""The order of an imported quiz's questions: the bank's. A reader gives the questions that came through
whole (:attr:`ImportedBank.quiz <toolkit.importing.bank.ImportedBank.quiz>`) apart from those kept as
drafts (:attr:`ImportIssue.draft <toolkit.importing.bank.ImportIssue.draft>`); each draft says where it
stood (:attr:`ImportIssue.position <toolkit.importing.bank.ImportIssue.position>`), and the quiz file
holds them all in the bank's order, so a team finishing the drafts finds each question where its bank
had it, and the quiz asks them in that order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TypeVar

from toolkit.importing.bank import ImportIssue

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
