"""An order of matching matches and ordering items that does not depend on the answer.

Authored order gives the answer away: ordering items are written in the correct order, and a matching
question lists each pair's match with its prompt, distractors last; a match's own id is its pair's id.
Authored ids can give it away too: an author names items step-1, step-2 or first, second, or letters
them a, b, c. So formats list matches and items by the SHA-256 of their source text (ties by the
SHA-256 of their id), and name them by that position: matches ``m1``, ``m2``, …, ordering items ``i1``,
``i2``, … in every delivery variant. Both are the same in every locale (the source text is), so a
response given in one locale is graded with any locale's key, and they tell a learner nothing the texts
themselves do not. A grading server maps an item's delivery id back with the answer-bearing JSON
bundle (its ``deliveryId``), or computes it by this rule from the source texts.

:func:`delivery_texts` gives a question's texts as a delivery variant keys them: this order for
matches and items, and no text its model declares answer key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.model import Item, MatchingQuestion, OrderingQuestion, Question, Quiz

MATCH_ID_PREFIX = "m"
ITEM_ID_PREFIX = "i"


@dataclass(frozen=True)
class NeutralMatch:
    """One match of a matching question, under an id that is not its pair's."""

    id: str
    text: str
    """In the question's locale."""
    pair: str | None
    """The pair whose match this is (the answer key); None for a distractor."""
    distractor: str | None
    """The distractor's id, for a match that belongs to no prompt."""


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def _order(source_text: str, item_id: str) -> tuple[bytes, bytes]:
    # Equal texts are ordered by a digest of their id, not by the authored order.
    return _digest(source_text), _digest(item_id)


def neutral_matches(quiz: Quiz, question: MatchingQuestion[str]) -> list[NeutralMatch]:
    """The matches of ``question`` (pair matches and distractors) in the answer-independent order."""
    source = quiz.question(question.id)
    assert isinstance(source, MatchingQuestion)
    source_match = {pair.id: pair.match.source for pair in source.pairs}
    source_distractor = {item.id: item.text.source for item in source.distractors}
    unnamed = [
        (_order(source_match[pair.id], pair.id), pair.match, pair.id, None) for pair in question.pairs
    ] + [
        (_order(source_distractor[item.id], item.id), item.text, None, item.id)
        for item in question.distractors
    ]
    unnamed.sort(key=lambda entry: entry[0])
    return [
        NeutralMatch(f"{MATCH_ID_PREFIX}{position}", text, pair, distractor)
        for position, (_, text, pair, distractor) in enumerate(unnamed, start=1)
    ]


def neutral_items(quiz: Quiz, question: OrderingQuestion[str]) -> list[Item[str]]:
    """The items of ``question`` in the answer-independent order."""
    source = quiz.question(question.id)
    assert isinstance(source, OrderingQuestion)
    source_text = {item.id: item.text.source for item in source.items}
    return sorted(question.items, key=lambda item: _order(source_text[item.id], item.id))


def delivery_item_ids(quiz: Quiz, question: OrderingQuestion[str]) -> dict[str, str]:
    """Each item's id in the delivery variants (``i`` and its position in the answer-independent
    order), by the item's own id."""
    return {
        item.id: f"{ITEM_ID_PREFIX}{position}"
        for position, item in enumerate(neutral_items(quiz, question), start=1)
    }


def delivery_texts(quiz: Quiz, question: Question[str]) -> Iterator[tuple[str, str]]:
    """(key relative to the question, text) of what a delivery variant shows: no text that is the answer
    key or tells it (their fields declare ``answer_key``), and nothing that names it. A match's key names
    its pair (``pairs.<p>.match``) and a distractor's says it is one, so matches are ``matches.<m>``
    under their delivery ids; ordering items come in the answer-independent order under their delivery
    ids (``items.<i>``), since an author's item ids can tell the order (step-1, first, a)."""
    if isinstance(question, MatchingQuestion):
        yield "prompt", question.prompt
        for pair in question.pairs:
            yield f"pairs.{pair.id}.prompt", pair.prompt
        for match in neutral_matches(quiz, question):
            yield f"matches.{match.id}", match.text
    elif isinstance(question, OrderingQuestion):
        yield "prompt", question.prompt
        delivery_id = delivery_item_ids(quiz, question)
        for item in neutral_items(quiz, question):
            yield f"items.{delivery_id[item.id]}", item.text
    else:
        yield from question.keyed_texts(answer_key=False)
