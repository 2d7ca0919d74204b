"""Ordering items in every delivery variant (``--no-answers``) of every format that writes item ids
(json, i18next, qti): the ids must not tell the order, whatever an author named the items (numbered,
lettered, named for their place, or sorting into it). Items are listed and named by the answer-independent
order of :mod:`toolkit.exporters.neutral_order` (``i1``, ``i2``, …), so a quiz whose items have the same
texts in another correct order, under ids that follow that order, is delivered byte for byte alike; and
the variant with answers maps each delivery id back to its item (``deliveryId`` in the JSON bundle)."""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import pytest
from lxml import etree
from support import fixture_project, run_quizkit_in_process

from toolkit.exporters.neutral_order import delivery_ids, delivery_texts
from toolkit.keys import NeutralOrder, text_metadata
from toolkit.model import (
    HasTexts,
    Item,
    Level,
    Origin,
    Question,
    QuestionType,
    Quiz,
    Text,
    TextType,
    with_texts,
)

TEXTS = ["Forward pass", "Backward pass", "All-reduce the gradients", "Optimizer step"]
SCHEMES = {
    "numbered": ["step-1", "step-2", "step-3", "step-4"],
    "places": ["first", "second", "third", "last"],
    "lettered": ["a", "b", "c", "d"],
    "alphabetical": ["compute", "gradients", "reduce", "step"],
}
QTI = {"q": "http://www.imsglobal.org/xsd/imsqtiasi_v3p0"}


def quiz(ids: list[str], texts: list[str]) -> str:
    """A quiz with one ordering question: ``texts`` in their correct order, named ``ids`` in that order
    (as authors name them: the first item step-1, first or a)."""
    items = "\n".join(f"      - {{id: {id_}, text: '{text}'}}" for id_, text in zip(ids, texts, strict=True))
    return f"""\
id: order
level: beginner
title: T
description: D
questions:
  - id: steps
    type: ordering
    prompt: Put them in order.
    items:
{items}
    explanation: E
"""


def delivered(root: Path, format_name: str) -> list[tuple[str, str]]:
    """(id, text) of each item of the ordering question, as the format's delivery variant lists it."""
    if format_name == "json":
        bundle = json.loads((root / "dist/json/order/en.no-answers.json").read_text(encoding="utf-8"))
        return [(item["id"], item["text"]) for item in bundle["questions"][0]["items"]]
    if format_name == "i18next":
        resources = json.loads((root / "dist/i18next/no-answers/en/order.json").read_text(encoding="utf-8"))
        return list(resources["questions"]["steps"]["items"].items())
    with zipfile.ZipFile(root / "dist/qti/order/en.no-answers.zip") as package:
        item = etree.fromstring(package.read("items/steps.xml"))
    return [
        (choice.get("identifier"), "".join(choice.itertext()))
        for choice in item.iterfind(".//q:qti-simple-choice", QTI)
    ]


def export(root: Path, *arguments: str) -> None:
    assert run_quizkit_in_process(root, "update").returncode == 0
    result = run_quizkit_in_process(root, "export", "--format", "json,i18next,qti", *arguments)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("format_name", ["json", "i18next", "qti"])
@pytest.mark.parametrize("scheme", list(SCHEMES))
def test_delivered_item_ids_do_not_tell_the_order(tmp_path: Path, format_name: str, scheme: str) -> None:
    ids = SCHEMES[scheme]
    as_authored = fixture_project(tmp_path / "authored", {"order": quiz(ids, TEXTS)})
    # The same texts in the opposite correct order, named again in that order.
    reversed_order = fixture_project(tmp_path / "reversed", {"order": quiz(ids, TEXTS[::-1])})
    for root in (as_authored, reversed_order):
        export(root, "--no-answers")
    listed = delivered(as_authored, format_name)
    assert [id_ for id_, _ in listed] == ["i1", "i2", "i3", "i4"]
    assert sorted(text for _, text in listed) == sorted(TEXTS)
    # Neither the ids nor their order say which answer was authored.
    assert delivered(reversed_order, format_name) == listed


def test_the_bundle_with_answers_maps_delivery_ids_back(tmp_path: Path) -> None:
    root = fixture_project(tmp_path, {"order": quiz(SCHEMES["numbered"], TEXTS)})
    export(root)
    export(root, "--no-answers")
    bundle = json.loads((root / "dist/json/order/en.json").read_text(encoding="utf-8"))
    items = bundle["questions"][0]["items"]
    assert [item["id"] for item in items] == SCHEMES["numbered"]  # the variant with answers is unchanged
    delivery_text = dict(delivered(root, "json"))
    assert [delivery_text[item["deliveryId"]] for item in items] == TEXTS
    # The QTI item with answers names items as its delivery variant does, so it scores a delivered order.
    with zipfile.ZipFile(root / "dist/qti/order/en.zip") as package:
        item = etree.fromstring(package.read("items/steps.xml"))
    correct = [value.text for value in item.iterfind(".//q:qti-correct-response/q:qti-value", QTI)]
    assert correct == [item["deliveryId"] for item in items]


RANKS = NeutralOrder("ranked", "r")


@dataclass(frozen=True, kw_only=True)
class RankingQuestion(HasTexts[TextType]):
    """A kind the model does not have whose ranks are authored best first: it declares so in its
    field's metadata (``neutral_order``), as the recipe of docs/architecture.md says, and has no code
    in neutral_order.py."""

    id: str
    prompt: TextType = field(metadata=text_metadata("prompt"))
    ranks: tuple[Item[TextType], ...] = field(metadata=text_metadata("ranks", neutral_order=RANKS))
    explanation: TextType = field(metadata=text_metadata("explanation", answer_key=True))
    type: QuestionType = QuestionType.ORDERING


def ranking_quiz(ids: list[str], texts: list[str]) -> Quiz:
    origin = Origin("content/rank.yaml", 1)
    question = RankingQuestion(
        id="rank",
        prompt=Text("prompt", "Rank them.", origin),
        ranks=tuple(Item(id_, Text(id_, text, origin)) for id_, text in zip(ids, texts, strict=True)),
        explanation=Text("explanation", "Because.", origin),
    )
    title = Text("title", "T", origin)
    return Quiz("rank", Level.BEGINNER, title, title, (cast("Question[Text]", question),), origin)


def delivered_ranking(quiz: Quiz) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """A locale's delivery texts of the quiz's question (its texts upper-cased) and its delivery ids."""
    localized: Any = with_texts(quiz.questions[0], lambda text: text.source.upper())
    return list(delivery_texts(quiz, localized)), delivery_ids(quiz, localized, RANKS)


def test_a_new_kind_declares_which_texts_the_neutral_order_lists() -> None:
    """Before, neutral_order.py knew matching and ordering by name: a new kind's ranks were delivered in
    their authored order under their authors' ids (``ranks.first``)."""
    ids = SCHEMES["places"]
    texts, ids_by_rank = delivered_ranking(ranking_quiz(ids, TEXTS))
    assert texts[0] == ("prompt", "RANK THEM.")  # the explanation is the answer key: left out
    assert [key for key, _ in texts[1:]] == ["ranked.r1", "ranked.r2", "ranked.r3", "ranked.r4"]
    assert sorted(text for _, text in texts[1:]) == sorted(text.upper() for text in TEXTS)
    assert sorted(ids_by_rank) == sorted(ids)
    assert dict(texts)[f"ranked.{ids_by_rank['last']}"] == TEXTS[-1].upper()
    # Neither the keys nor their order say which answer was authored.
    assert delivered_ranking(ranking_quiz(ids, TEXTS[::-1]))[0] == texts
