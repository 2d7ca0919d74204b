"""An order of the texts whose authored order gives the answer away that does not depend on the answer.

Authored order gives the answer away: ordering items are written in the correct order, and a matching
question lists each pair's match with its prompt, distractors last; a match's own id is its pair's id.
Authored ids can give it away too: an author names items step-1, step-2 or first, second, or letters
them a, b, c. The model declares which texts these are (a field's ``neutral_order``, a
:class:`toolkit.keys.NeutralOrder`: matching matches, ordering items), and this module orders them for
every kind alike: formats list them by the SHA-256 of their source text (ties by the SHA-256 of the id
of the part they belong to) and name them by that position: matches ``m1``, ``m2``, …, ordering items
``i1``, ``i2``, … in every delivery variant. Both are the same in every locale (the source text is), so
a response given in one locale is graded with any locale's key, and they tell a learner nothing the
texts themselves do not. A grading server maps an item's delivery id back with the answer-bearing JSON
bundle (its ``deliveryId``), or computes it by this rule from the source texts.

:func:`delivery_texts` gives a question's texts as a delivery variant keys them: this order for
matches and items, and no text its model declares answer key.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from toolkit.keys import NeutralOrder, join_key, text_fields
from toolkit.model import ITEMS, MATCHES, HasTexts, Question, Quiz, TextType

MATCH_ID_PREFIX = MATCHES.prefix
ITEM_ID_PREFIX = ITEMS.prefix


@dataclass(frozen=True)
class NeutralPart:
    """One text listed in the answer-independent order, under an id that is not its part's."""

    id: str
    """Its delivery id: the declaration's prefix and its position (``m1``, ``i2``)."""
    text: str
    """In the question's locale."""
    part: str
    """The id of the part it is a text of (a pair's match: the pair's): the answer key."""
    key: str
    """Its key relative to the question (``pairs.<p>.match``, ``distractors.<d>``, ``items.<i>``)."""


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8")).digest()


def _order(source_text: str, part_id: str) -> tuple[bytes, bytes]:
    # Equal texts are ordered by a digest of their part's id, not by the authored order.
    return _digest(source_text), _digest(part_id)


def _declared(
    owner: HasTexts[TextType], prefix: str = "", declared: NeutralOrder | None = None
) -> Iterator[tuple[NeutralOrder, str, str, TextType]]:
    """(declaration, id of the part the text is a field of, key relative to ``owner``, text) of every
    text under a field that declares ``neutral_order``, in reading order, whatever kind holds it."""
    for name, field_declared in text_fields(type(owner)):
        value = getattr(owner, name)
        if value is None:
            continue
        order = field_declared.neutral_order or declared
        key = join_key(prefix, field_declared.segment)
        if isinstance(value, tuple):
            for part in value:
                yield from _declared(part, join_key(key, part.id), order)
        elif order is not None:
            yield order, owner.id, key, value


def neutral_lists(quiz: Quiz, question: Question[str]) -> dict[NeutralOrder, list[NeutralPart]]:
    """Each list the fields of ``question`` declare (``neutral_order``), in the answer-independent
    order, the lists in the order they first come in its fields; none for most kinds."""
    declared = list(_declared(question))
    if not declared:
        return {}
    # The order comes from the source texts, so it is the same in every locale.
    source = quiz.question(question.id)
    unnamed: dict[NeutralOrder, list[tuple[tuple[bytes, bytes], str, str, str]]] = {}
    for (order, part, key, text), (_, _, _, source_text) in zip(declared, _declared(source), strict=True):
        unnamed.setdefault(order, []).append((_order(source_text.source, part), text, part, key))
    lists = {}
    for order, entries in unnamed.items():
        entries.sort(key=lambda entry: entry[0])
        lists[order] = [
            NeutralPart(f"{order.prefix}{position}", text, part, key)
            for position, (_, text, part, key) in enumerate(entries, start=1)
        ]
    return lists


def neutral_list(quiz: Quiz, question: Question[str], order: NeutralOrder) -> list[NeutralPart]:
    """The texts of ``question`` its model declares ``order`` (``MATCHES``, ``ITEMS``), in the
    answer-independent order."""
    return neutral_lists(quiz, question).get(order, [])


def delivery_ids(quiz: Quiz, question: Question[str], order: NeutralOrder) -> dict[str, str]:
    """The delivery id of each text of the list ``order`` (its prefix and its position in the
    answer-independent order), by the id of its part."""
    return {listed.part: listed.id for listed in neutral_list(quiz, question, order)}


def delivery_texts(quiz: Quiz, question: Question[str]) -> Iterator[tuple[str, str]]:
    """(key relative to the question, text) of what a delivery variant shows: no text that is the answer
    key or tells it (their fields declare ``answer_key``), and nothing that names it. The texts whose
    authored order gives the answer away (their fields declare ``neutral_order``) come last, each list
    in the answer-independent order under its segment and delivery ids (``matches.<m>``,
    ``items.<i>``): a match's own key names its pair (``pairs.<p>.match``) and a distractor's says it is
    one, and an author's item ids can tell the order (step-1, first, a)."""
    lists = neutral_lists(quiz, question)
    listed = {entry.key for entries in lists.values() for entry in entries}
    for key, text in question.keyed_texts(answer_key=False):
        if key not in listed:
            yield key, text
    for order, entries in lists.items():
        for entry in entries:
            yield join_key(order.segment, entry.id), entry.text
