"""QTI 3.0 banks read back (``--from qti``): quizkit's own ``qti`` export, one package per locale, comes back
as the same questions, answers, grades and languages; items as other tools write them import with the
right kinds and answers; what quizkit cannot hold is reported, never dropped silently.

The round trip compares the quiz as each locale sees it (``toolkit.localization.localize``, the input of
every export) before the export and after the import. What QTI does not carry, by design, and the test
leaves out of the comparison: the quiz's description and level (a QTI test has neither: the reader
notes both), the ids of accepted answers (a QTI mapping has keys, not ids), of matching distractors and
of ordering items (the export names them by answer-independent ids, ``MATCH.1`` and ``i1``, so that they
do not give the answer away).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml
from support import (
    EVERY_TYPE_QUIZ,
    copy_project,
    every_type_urdu,
    fixture_project,
    run_quizkit_in_process,
    translate,
)

from toolkit.catalogs import read_po
from toolkit.catalogs.catalog import Catalog, CatalogEntry, Header
from toolkit.content.validation import validate_paths
from toolkit.importing.bank import BankRequest, ImportedBank
from toolkit.importing.qti3_bank import QtiBankError, QtiBankReader
from toolkit.localization import localize
from toolkit.model import (
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    Quiz,
    ShortAnswerQuestion,
    TrueFalseQuestion,
)

FIXTURES = Path(__file__).parent / "qti3"

# Every grading setting the kinds have, beside every-type.yaml's: partial credit, option feedback, a
# pinned option, shuffle, a case-sensitive answer, a tolerance with decimals, a negative number.
GRADES_QUIZ = """\
id: grades
level: beginner
title: Grades
description: Partial credit, feedback and tolerances.
questions:
  - id: pick-two
    type: multiple_choice
    prompt: Which two run on every GPU?
    options:
      - {id: forward, text: The forward pass, feedback: "Yes, on its own batch."}
      - {id: backward, text: The backward pass}
      - {id: loader, text: The data loader of another GPU, feedback: "No, each loads its own."}
      - {id: none, text: None of these, pinned: true}
    correct: [forward, backward]
    partial_credit: true
    shuffle: true
    explanation: Each GPU runs both passes on its own batch.
  - id: exact-name
    type: short_answer
    prompt: Which PyTorch class wraps a model for data parallelism?
    answers:
      - {id: ddp, text: DistributedDataParallel, translate: false}
    case_sensitive: true
    explanation: The class is `DistributedDataParallel`.
  - id: learning-rate
    type: numeric
    prompt: What learning rate does the linear scaling rule give for 0.1 at batch 256 and 512?
    answer: 0.2
    tolerance: 0.005
    explanation: Twice the batch, twice the rate.
  - id: below-zero
    type: numeric
    prompt: What is the logarithm to base 10 of 0.01?
    answer: -2
    tolerance: 0
    explanation: 10 to the power -2 is 0.01.
  - id: order-steps
    type: ordering
    prompt: Order the steps.
    items:
      - {id: load, text: Load a batch}
      - {id: compute, text: Compute the loss}
      - {id: step, text: Step the optimizer}
    partial_credit: true
    explanation: Loading comes first and the step last.
  - id: two-blanks
    type: fill_in_blanks
    prompt: Complete the sentence.
    text: An {{op}} sums and a {{other}} copies.
    blanks:
      - id: op
        answers: [{id: all-reduce, text: all-reduce, translate: false}]
        case_sensitive: true
      - id: other
        options: [{id: broadcast, text: broadcast}, {id: gather, text: gather}]
        correct: broadcast
    partial_credit: true
    explanation: All-reduce sums; broadcast copies.
"""
GRADES_URDU = {
    "grades.title": "درجے",
    "grades.description": "جزوی نمبر، رائے اور حدیں۔",
    "grades.questions.pick-two.prompt": "کون سے دو ہر GPU پر چلتے ہیں؟",
    "grades.questions.pick-two.options.forward": "فارورڈ پاس",
    "grades.questions.pick-two.options.forward.feedback": "ہاں، اپنے بیچ پر۔",
    "grades.questions.pick-two.options.backward": "بیک ورڈ پاس",
    "grades.questions.pick-two.options.loader": "کسی اور GPU کا ڈیٹا لوڈر",
    "grades.questions.pick-two.options.loader.feedback": "نہیں، ہر ایک اپنا لوڈ کرتا ہے۔",
    "grades.questions.pick-two.options.none": "ان میں سے کوئی نہیں",
    "grades.questions.pick-two.explanation": "ہر GPU اپنے بیچ پر دونوں پاس چلاتا ہے۔",
    "grades.questions.exact-name.prompt": "کون سی PyTorch کلاس ڈیٹا پیرالیلزم کے لیے ماڈل کو لپیٹتی ہے؟",
    "grades.questions.exact-name.explanation": "کلاس `DistributedDataParallel` ہے۔",
    "grades.questions.learning-rate.prompt": "بیچ 256 پر 0.1 اور بیچ 512 کے لیے لکیری اصول کیا شرح دیتا ہے؟",
    "grades.questions.learning-rate.explanation": "دگنا بیچ، دگنی شرح۔",
    # below-zero is left untranslated: its item in the Urdu package falls back to English.
    "grades.questions.order-steps.prompt": "مراحل ترتیب دیں۔",
    "grades.questions.order-steps.items.load": "بیچ لوڈ کریں",
    "grades.questions.order-steps.items.compute": "لاس کا حساب کریں",
    "grades.questions.order-steps.items.step": "آپٹیمائزر کا قدم",
    "grades.questions.order-steps.explanation": "لوڈ پہلے اور قدم آخر میں۔",
    "grades.questions.two-blanks.prompt": "جملہ مکمل کریں۔",
    "grades.questions.two-blanks.text": "ایک {{op}} جمع کرتا ہے اور ایک {{other}} نقل کرتا ہے۔",
    "grades.questions.two-blanks.blanks.other.options.broadcast": "براڈکاسٹ",
    "grades.questions.two-blanks.blanks.other.options.gather": "گیدر",
    "grades.questions.two-blanks.explanation": "all-reduce جمع کرتا ہے؛ براڈکاسٹ نقل کرتا ہے۔",
}


def _project(target: Path, quiz_id: str, text: str, urdu: dict[str, str]) -> Path:
    root = fixture_project(target, {quiz_id: text})
    result = run_quizkit_in_process(root, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    translate(root / f"locales/ur/LC_MESSAGES/{quiz_id}.po", urdu)
    return root


def _export(root: Path) -> Path:
    result = run_quizkit_in_process(root, "export", "-f", "qti")
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "dist" / "qti"


def _catalog(quiz: Quiz, locale: str, translations: dict[str, str]) -> Catalog:
    """A catalog of ``quiz`` with ``translations`` by key, as ``quizkit update`` and a translator make it."""
    entries = tuple(
        CatalogEntry(msgid=text.source, msgstr=translations[text.key], context=text.key)
        for text in quiz.texts()
        if text.key in translations
    )
    return Catalog(Header((("Language", locale),)), entries)


def _imported_catalog(quiz: Quiz, locale: str) -> Catalog:
    """The catalog the import writes for ``locale``: each text's imported translation."""
    return _catalog(
        quiz,
        locale,
        {text.key: dict(text.imported)[locale] for text in quiz.texts() if locale in dict(text.imported)},
    )


def _comparable(question: Question[str]) -> dict[str, Any]:
    """What a learner sees and how it is graded, without the ids QTI does not carry."""
    data: dict[str, Any] = {
        "id": question.id,
        "type": question.type.value,
        "prompt": question.prompt,
        "explanation": question.explanation,
        "fell_back": question.fell_back,
    }
    if isinstance(question, ChoiceQuestion):
        data["options"] = [(o.id, o.text, o.feedback, o.pinned) for o in question.options]
        data["correct"] = question.correct
        data["partial_credit"] = question.partial_credit
        data["shuffle"] = bool(question.shuffle)
    elif isinstance(question, TrueFalseQuestion):
        data["correct"] = question.correct
    elif isinstance(question, ShortAnswerQuestion):
        data["accepted"] = sorted(text for answer in question.answers for text in answer.accepted)
        data["case_sensitive"] = question.case_sensitive
    elif isinstance(question, NumericQuestion):
        data["answer"] = question.answer
        data["tolerance"] = question.tolerance
        data["unit"] = question.unit
    elif isinstance(question, MatchingQuestion):
        data["pairs"] = [(pair.id, pair.prompt, pair.match) for pair in question.pairs]
        data["distractors"] = sorted(item.text for item in question.distractors)
        data["partial_credit"] = question.partial_credit
    elif isinstance(question, OrderingQuestion):
        data["items"] = [item.text for item in question.items]
        data["partial_credit"] = question.partial_credit
    elif isinstance(question, FillInBlanksQuestion):
        data["text"] = question.text
        data["blanks"] = [
            (blank.id, [(o.id, o.text) for o in blank.options], blank.correct)
            if isinstance(blank, ChoiceBlank)
            else (
                blank.id,
                sorted(t for answer in blank.answers for t in answer.accepted),
                blank.case_sensitive,
            )
            for blank in question.blanks
        ]
        data["partial_credit"] = question.partial_credit
    elif isinstance(question, EssayQuestion):
        data["model_answer"] = question.model_answer
    return data


def _seen(quiz: Quiz, locale: str, catalog: Catalog | None) -> list[dict[str, Any]]:
    localized = localize(quiz, None, locale, "en", catalog if locale != "en" else None, None)
    return [_comparable(question) for question in localized.questions]


def _read(packages: Path, quiz_id: str) -> ImportedBank:
    return QtiBankReader.read(
        BankRequest(
            packages / quiz_id / "en.zip",
            f"{quiz_id}/en.zip",
            quiz_id,
            "en",
            {"ur": packages / quiz_id / "ur.zip"},
        )
    )


def _source_quiz(root: Path, quiz_id: str) -> Quiz:
    return validate_paths([root / "content" / f"{quiz_id}.yaml"]).content().quiz(quiz_id)


def _assert_round_trip(root: Path, quiz_id: str, urdu: dict[str, str]) -> ImportedBank:
    bank = _read(_export(root), quiz_id)
    original = _source_quiz(root, quiz_id)
    assert bank.locales == ("ur",)
    assert bank.quiz.title.source == original.title.source
    assert dict(bank.quiz.title.imported) == {"ur": urdu[f"{quiz_id}.title"]}
    assert _seen(bank.quiz, "en", None) == _seen(original, "en", None)
    seen_in_urdu = _seen(original, "ur", _catalog(original, "ur", urdu))
    assert _seen(bank.quiz, "ur", _imported_catalog(bank.quiz, "ur")) == seen_in_urdu
    assert [question["id"] for question in seen_in_urdu if not question["fell_back"]], "nothing translated"
    assert any("QTI has no quiz description" in note for note in bank.notes)
    return bank


def test_every_kind_comes_back_from_quizkits_own_export_in_english_and_urdu(tmp_path: Path) -> None:
    urdu = every_type_urdu()
    bank = _assert_round_trip(
        _project(tmp_path, "every-type", EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), urdu),
        "every-type",
        urdu,
    )
    assert bank.issues == ()
    assert [question.id for question in bank.quiz.questions] == [
        question.id for question in _source_quiz(tmp_path, "every-type").questions
    ]
    # An accepted answer written alike in every locale needs no translation; the Urdu answers of
    # "reduce to all" come back as that answer's two Urdu lines.
    short = bank.quiz.question("name-collective")
    assert isinstance(short, ShortAnswerQuestion)
    assert [(a.text.source, a.translate, a.text.imported) for a in short.answers] == [
        ("all-reduce", False, ()),
        ("reduce to all", True, (("ur", "سب کو ریڈیوس\nریڈیوس ٹو آل"),)),
    ]


def test_partial_credit_feedback_tolerances_and_a_fallen_back_question_come_back(tmp_path: Path) -> None:
    bank = _assert_round_trip(_project(tmp_path, "grades", GRADES_QUIZ, GRADES_URDU), "grades", GRADES_URDU)
    numeric = bank.quiz.question("learning-rate")
    assert isinstance(numeric, NumericQuestion)
    assert (numeric.answer, numeric.tolerance) == (Decimal("0.2"), Decimal("0.005"))
    # The Urdu package has below-zero in English (it fell back): no Urdu translation is made of it.
    fallen = bank.quiz.question("below-zero")
    assert all(text.imported == () for text in fallen.texts())
    assert any("item below-zero is in en, the source language (it fell back" in note for note in bank.notes)


def test_the_shipped_quizzes_come_back(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    catalog = read_po((root / "locales/ur/LC_MESSAGES/data-parallel.po").read_bytes(), "data-parallel.po")
    bank = _read(_export(root), "data-parallel")
    original = _source_quiz(root, "data-parallel")
    assert _seen(bank.quiz, "en", None) == _seen(original, "en", None)
    seen_in_urdu = _seen(original, "ur", catalog)
    assert _seen(bank.quiz, "ur", _imported_catalog(bank.quiz, "ur")) == seen_in_urdu
    assert not any(question["fell_back"] for question in seen_in_urdu)
