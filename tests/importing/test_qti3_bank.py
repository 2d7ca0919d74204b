"""QTI 3.0 banks read back (``--from qti``): quizkit's own ``qti`` export, one package per locale, comes back
as the same questions, answers, grades and languages, and exported again gives the same packages byte for
byte; items as other tools write them import with the right kinds and answers; what quizkit cannot hold
is reported, never dropped silently.

The round trip compares the quiz as each locale sees it (``toolkit.localization.localize``, the input of
every export) before the export and after the import. What QTI does not carry, by design, and the test
leaves out of the comparison: the quiz's description and level (a QTI test has neither: the reader
notes both), the ids of accepted answers (a QTI mapping has keys, not ids), of matching distractors and
of ordering items (the export names them by answer-independent ids, ``MATCH.1`` and ``i1``, so that they
do not give the answer away).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from support import (
    EVERY_TYPE_QUIZ,
    every_type_urdu,
    fixture_project,
    run_quizkit_in_process,
    translate,
)

from toolkit.catalogs import read_po
from toolkit.content.validation import validate_paths
from toolkit.exporters.qti.interactions import Labels
from toolkit.exporters.qti.qti3 import package_files
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.importing.bank import BankError, BankRequest, ImportedBank
from toolkit.importing.qti3_bank import QtiBankReader
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
ROOT = Path(__file__).resolve().parents[2]

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


def _reexported(root: Path, quiz: Quiz, locale: str) -> dict[str, bytes]:
    """The qti package of the imported ``quiz`` in ``locale``, as the export writes it for the project."""
    content = validate_paths([root / "content"]).content()
    assert content.interface is not None
    ui = read_po((root / "locales/ur/LC_MESSAGES/ui.po").read_bytes(), "ui.po") if locale != "en" else None
    catalog = _imported_catalog(quiz, locale) if locale != "en" else None
    localized = localize(quiz, content.interface, locale, "en", catalog, ui)
    labels = _labels_of(content.interface)
    return dict(package_files(localized, True, labels))


def _labels_of(interface: Any) -> Labels:
    names = {message.name: message.source for message in interface.messages}
    return Labels(names.get("true", "True"), names.get("false", "False"))


def _members(package: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(package) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


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
    assert (
        "the bank has no quiz description or level: the description repeats the title, the level is "
        "intermediate; change them in the quiz file"
    ) in bank.notes
    # Export → import → export: the same packages, byte for byte.
    for locale in ("en", "ur"):
        assert _reexported(root, bank.quiz, locale) == _members(root / "dist/qti" / quiz_id / f"{locale}.zip")
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


SHIPPED_QUIZZES = sorted(path.stem for path in (ROOT / "content").glob("*.yaml") if path.name != "ui.yaml")


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped project (content/ and locales/, whatever they hold) exported as qti packages."""
    root = tmp_path_factory.mktemp("shipped")
    for folder in ("content", "locales"):
        shutil.copytree(ROOT / folder, root / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    _export(root)
    return root


@pytest.mark.parametrize("quiz_id", SHIPPED_QUIZZES)
def test_the_shipped_quizzes_come_back(shipped: Path, quiz_id: str) -> None:
    """Holds for any quiz added to content/ with its Urdu catalog: what the export writes, the import reads."""
    catalog_path = shipped / f"locales/ur/LC_MESSAGES/{quiz_id}.po"
    catalog = read_po(catalog_path.read_bytes(), catalog_path.name)
    bank = _read(shipped / "dist" / "qti", quiz_id)
    original = _source_quiz(shipped, quiz_id)
    assert _seen(bank.quiz, "en", None) == _seen(original, "en", None)
    assert _seen(bank.quiz, "ur", _imported_catalog(bank.quiz, "ur")) == _seen(original, "ur", catalog)
    for locale in ("en", "ur"):
        assert _reexported(shipped, bank.quiz, locale) == _members(
            shipped / "dist/qti" / quiz_id / f"{locale}.zip"
        )


# --- banks as other tools write them -------------------------------------------------------------------


def _answers_of(question: Question[Any]) -> Any:
    """A question's answer key in words: what the fixture's expectations name."""
    if isinstance(question, ChoiceQuestion):
        return {
            "options": {option.id: option.text.source for option in question.options},
            "correct": list(question.correct),
            "partial_credit": question.partial_credit,
            "feedback": {o.id: o.feedback.source for o in question.options if o.feedback is not None},
        }
    if isinstance(question, TrueFalseQuestion):
        return {"correct": question.correct}
    if isinstance(question, ShortAnswerQuestion):
        return {
            "accepted": [a.text.source for a in question.answers],
            "case_sensitive": question.case_sensitive,
        }
    if isinstance(question, NumericQuestion):
        unit = question.unit.source if question.unit is not None else None
        return {"answer": str(question.answer), "tolerance": str(question.tolerance), "unit": unit}
    if isinstance(question, MatchingQuestion):
        return {"pairs": {pair.prompt.source: pair.match.source for pair in question.pairs}}
    if isinstance(question, OrderingQuestion):
        return {
            "order": [item.text.source for item in question.items],
            "partial_credit": question.partial_credit,
        }
    if isinstance(question, FillInBlanksQuestion):
        blanks: dict[str, Any] = {}
        for blank in question.blanks:
            if isinstance(blank, ChoiceBlank):
                options = {option.id: option.text.source for option in blank.options}
                blanks[blank.id] = {"options": options, "correct": blank.correct}
            else:
                blanks[blank.id] = {
                    "accepted": [answer.text.source for answer in blank.answers],
                    "case_sensitive": blank.case_sensitive,
                }
        return {"text": question.text.source, "blanks": blanks, "partial_credit": question.partial_credit}
    assert isinstance(question, EssayQuestion)
    return {"model_answer": question.model_answer.source if question.model_answer is not None else None}


def _summary(bank: ImportedBank, package: str) -> dict[str, Any]:
    return {
        "questions": [
            {
                "id": question.id,
                "type": question.type.value,
                "prompt": question.prompt.source,
                "explanation": question.explanation.source,
                **_answers_of(question),
            }
            for question in bank.quiz.questions
        ],
        "issues": [
            {
                "file": issue.file.removeprefix(f"{package}/"),
                "line": issue.line,
                "question": issue.question,
                "reason": issue.reason,
                **({"draft": dict(issue.draft)} if issue.draft is not None else {}),
            }
            for issue in bank.issues
        ],
        "notes": list(bank.notes),
    }


@pytest.mark.parametrize("package", sorted(path.name for path in FIXTURES.iterdir() if path.is_dir()))
def test_banks_as_other_tools_write_them_import_with_their_kinds_and_answers(package: str) -> None:
    """Each folder of tests/importing/qti3/ is a package written as its comments say (the 1EdTech QTI 3.0
    implementation guide's examples, @citolab/qti-components' feedback examples, TAO's mapping of choice
    scores); <folder>.expected.yaml beside it is what it imports as: questions, issues, drafts, notes."""
    bank = QtiBankReader.read(BankRequest(FIXTURES / package, package, "bank", "en"))
    expected = yaml.safe_load((FIXTURES / f"{package}.expected.yaml").read_text(encoding="utf-8"))
    assert _summary(bank, package) == expected
    # A question kept as a draft is quiz YAML that validates, its to-dos included.
    schema = Draft202012Validator(
        json.loads((ROOT / "schema" / "quiz.schema.json").read_text(encoding="utf-8"))
    )
    drafts = [dict(issue.draft) for issue in bank.issues if issue.draft is not None]
    assert drafts
    quiz = {"id": "bank", "level": "beginner", "title": "Bank", "description": "Drafts.", "questions": drafts}
    assert [error.message for error in schema.iter_errors(quiz)] == []


# --- bad and hostile input: refused with the file, the line and what to do ------------------------------

_ITEM = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="q" xml:lang="{lang}">\n'
    "{body}\n"
    "</qti-assessment-item>\n"
)
_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    ' <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n'
    "<qti-assessment-item>&lol2;</qti-assessment-item>\n"
)
_EXTERNAL = (
    '<?xml version="1.0"?>\n<!DOCTYPE item [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    "<qti-assessment-item>&secret;</qti-assessment-item>\n"
)
_REFUSED_DOCTYPE = (
    "a DOCTYPE or entity declaration is not allowed in QTI 3.0 (entity expansion is refused); the quiz exports "
    "of Canvas, Common Cartridge and QTI platforms write no DOCTYPE and no entity, so the file was changed "
    "since: export it again from the platform"
)
BAD_FILES = [
    ("laughs.xml", _LAUGHS.encode(), f"laughs.xml:2: {_REFUSED_DOCTYPE}"),
    ("external.xml", _EXTERNAL.encode(), f"external.xml:2: {_REFUSED_DOCTYPE}"),
    (
        "mismatched.xml",
        _ITEM.format(lang="en", body="<qti-item-body><p>Which?</div></qti-item-body>").encode(),
        "mismatched.xml:3: not well-formed XML: Opening and ending tag mismatch: p line 3 and div",
    ),
    (
        "deep.xml",
        _ITEM.format(lang="en", body="<div>" * 300 + "</div>" * 300).encode(),
        "deep.xml:3: not well-formed XML: Excessive depth in document: 256, use XML_PARSE_HUGE option",
    ),
    (
        "latin1.xml",
        _ITEM.format(lang="ur", body="<qti-item-body><p>سوال</p></qti-item-body>")
        .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
        .encode("utf-8"),
        "latin1.xml:3: the XML declaration says ISO-8859-1, but the text is UTF-8 (its non-ASCII bytes are all "
        "UTF-8 sequences, which ISO-8859-1 text almost never is); correct the declaration to "
        'encoding="UTF-8"',
    ),
    (
        "test.xml",
        b'<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="t"/>',
        "test.xml:1: is a qti-assessment-test, not a QTI 3.0 item (qti-assessment-item) nor a package; give the "
        "package (.zip or its folder) or an item file",
    ),
    (
        "urdu.xml",
        _ITEM.format(lang="ur", body="<qti-response-processing/><qti-item-body/>").encode(),
        "urdu.xml:2: the items are in ur (xml:lang), not in the source language en; give the en bank as FILE "
        "and this one as --locale ur FILE",
    ),
]


@pytest.mark.parametrize(("name", "data", "message"), BAD_FILES, ids=[case[0] for case in BAD_FILES])
def test_a_bad_or_hostile_item_file_is_refused_with_its_place(
    tmp_path: Path, name: str, data: bytes, message: str
) -> None:
    (tmp_path / name).write_bytes(data)
    with pytest.raises(BankError) as refused:
        QtiBankReader.read(BankRequest(tmp_path / name, name, "bank", "en"))
    assert str(refused.value) == message


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


_CANVAS_MANIFEST = (
    b'<manifest xmlns="http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1" identifier="m"><resources>'
    b'<resource identifier="r" type="imsqti_xmlv1p2" href="quiz/quiz.xml"/></resources></manifest>'
)
BAD_PACKAGES = [
    (
        {"../evil.xml": b"<x/>"},
        "bank.zip: the package holds a file named '../evil.xml', which points outside the package; quizkit "
        "reads no such package: export the bank again from its platform",
    ),
    (
        {"imsmanifest.xml": _CANVAS_MANIFEST},
        "bank.zip/imsmanifest.xml: lists no QTI 3.0 item (imsqti_item_xmlv3p0 resource); is this a QTI 3.0 "
        "package? (QTI 1.2 packages from Canvas are read with --from canvas, Common Cartridges with --from cc)",
    ),
    (
        {
            "imsmanifest.xml": b'<manifest><resources><resource identifier="i" type="imsqti_item_xmlv2p2" '
            b'href="items/q.xml"/></resources></manifest>'
        },
        "bank.zip/imsmanifest.xml: lists QTI 2 items (imsqti_item_xmlv2p2), which quizkit does not read; "
        "export the bank as QTI 3.0",
    ),
    (
        {
            "imsmanifest.xml": b'<manifest><resources><resource identifier="i" type="imsqti_item_xmlv3p0" '
            b'href="items/gone.xml"/></resources></manifest>'
        },
        "bank.zip/imsmanifest.xml: lists items/gone.xml, which the package does not hold",
    ),
    (
        {"items/q.xml": _LAUGHS.encode()},
        f"bank.zip/items/q.xml:2: {_REFUSED_DOCTYPE}",
    ),
    ({"readme.txt": b"hello"}, "bank.zip: holds no imsmanifest.xml and no qti-assessment-item file"),
]


@pytest.mark.parametrize(("members", "message"), BAD_PACKAGES)
def test_a_bad_or_hostile_package_is_refused_with_its_place(
    tmp_path: Path, members: dict[str, bytes], message: str
) -> None:
    package = _zip(tmp_path / "bank.zip", members)
    with pytest.raises(BankError) as refused:
        QtiBankReader.read(BankRequest(package, "bank.zip", "bank", "en"))
    assert str(refused.value) == message


def test_a_delivery_variant_without_answers_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path, "every-type", EVERY_TYPE_QUIZ.read_text(encoding="utf-8"), every_type_urdu())
    result = run_quizkit_in_process(root, "export", "-f", "qti", "--no-answers")
    assert result.returncode == 0, result.stdout + result.stderr
    with pytest.raises(BankError) as refused:
        package = root / "dist/qti/every-type/en.no-answers.zip"
        QtiBankReader.read(BankRequest(package, "en.no-answers.zip", "every-type", "en"))
    assert str(refused.value) == (
        "en.no-answers.zip: holds no answer key (no correct response, mapping or response processing in any "
        "item): it is a delivery variant, such as quizkit's .no-answers.zip; import the package with the answers"
    )


def test_a_file_larger_than_any_bank_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("toolkit.importing.qti3_bank.MAX_FILE_BYTES", 1000)
    (tmp_path / "huge.xml").write_bytes(b"<qti-assessment-item>" + b" " * 2000 + b"</qti-assessment-item>")
    with pytest.raises(BankError) as refused:
        QtiBankReader.read(BankRequest(tmp_path / "huge.xml", "huge.xml", "bank", "en"))
    assert str(refused.value) == "huge.xml: is 2,043 bytes; a QTI file is read up to 1,000 bytes"


def test_the_format_is_detected_from_the_content(tmp_path: Path) -> None:
    item = _ITEM.format(lang="en", body="<qti-item-body/>").encode()
    (tmp_path / "item.xml").write_bytes(item)
    package = _zip(
        tmp_path / "package.zip",
        {"imsmanifest.xml": (FIXTURES / "spec-package/imsmanifest.xml").read_bytes()},
    )
    canvas = _zip(tmp_path / "canvas.zip", {"imsmanifest.xml": _CANVAS_MANIFEST})
    (tmp_path / "page.html").write_bytes(b"<html><body>quiz</body></html>")
    (tmp_path / "empty").mkdir()
    assert QtiBankReader.detects(tmp_path / "item.xml", item[:4096])
    assert QtiBankReader.detects(package, package.read_bytes()[:4096])
    assert QtiBankReader.detects(FIXTURES / "spec-package", b"")
    assert not QtiBankReader.detects(canvas, canvas.read_bytes()[:4096])
    loose = tmp_path / "loose"
    loose.mkdir()
    (loose / "q1.xml").write_bytes(item)
    assert QtiBankReader.detects(loose, b"")
    assert not QtiBankReader.detects(tmp_path / "empty", b"")
    assert not QtiBankReader.detects(tmp_path / "page.html", b"<html><body>quiz</body></html>")


def _choice_item(lang: str, prompt: str, options: tuple[str, str], explanation: str) -> bytes:
    body = (
        '<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier">'
        "<qti-correct-response><qti-value>yes</qti-value></qti-correct-response></qti-response-declaration>\n"
        '<qti-item-body><qti-choice-interaction response-identifier="RESPONSE" max-choices="1">'
        f"<qti-prompt>{prompt}</qti-prompt>"
        f'<qti-simple-choice identifier="yes">{options[0]}</qti-simple-choice>'
        f'<qti-simple-choice identifier="no">{options[1]}</qti-simple-choice>'
        "</qti-choice-interaction></qti-item-body>\n"
        '<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="ALWAYS" show-hide="show">'
        f"<qti-content-body><p>{explanation}</p></qti-content-body></qti-modal-feedback>"
    )
    return _ITEM.format(lang=lang, body=body).replace('identifier="q"', 'identifier="gpu-count"').encode()


def test_one_item_in_several_languages_in_one_folder_becomes_one_question_with_its_translations(
    tmp_path: Path,
) -> None:
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "gpu-count.en.xml").write_bytes(_choice_item("en", "Two GPUs?", ("Yes", "No"), "Two."))
    (bank / "gpu-count.ur.xml").write_bytes(_choice_item("ur", "دو GPU؟", ("ہاں", "نہیں"), "دو۔"))
    (bank / "gpu-count.ar.xml").write_bytes(_choice_item("ar", "وحدتا GPU؟", ("نعم", "لا"), "اثنتان."))
    imported = QtiBankReader.read(BankRequest(bank, "bank", "bank", "en"))
    (question,) = imported.quiz.questions
    assert imported.locales == ("ar", "ur")
    assert [(text.source, text.imported) for text in question.texts()] == [
        ("Two GPUs?", (("ar", "وحدتا GPU؟"), ("ur", "دو GPU؟"))),
        ("Yes", (("ar", "نعم"), ("ur", "ہاں"))),
        ("No", (("ar", "لا"), ("ur", "نہیں"))),
        ("Two.", (("ar", "اثنتان."), ("ur", "دو۔"))),
    ]


def test_a_translation_that_differs_in_more_than_its_texts_is_reported_not_imported(tmp_path: Path) -> None:
    (tmp_path / "en.xml").write_bytes(_choice_item("en", "Two GPUs?", ("Yes", "No"), "Two."))
    urdu = _choice_item("ur", "دو GPU؟", ("ہاں", "نہیں"), "دو۔").replace(b"<qti-value>yes", b"<qti-value>no")
    (tmp_path / "ur.xml").write_bytes(urdu)
    imported = QtiBankReader.read(
        BankRequest(tmp_path / "en.xml", "en.xml", "bank", "en", {"ur": tmp_path / "ur.xml"})
    )
    assert [(issue.file, issue.line, issue.question, issue.reason) for issue in imported.issues] == [
        (
            str(tmp_path / "ur.xml"),
            2,
            "gpu-count",
            "its ur version differs from the source in more than its texts (its kind, choices or answers): "
            "its translation is left out",
        )
    ]
    assert all(text.imported == () for text in imported.quiz.texts())
    assert imported.locales == ()


def test_a_translation_in_another_language_than_given_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en.xml").write_bytes(_choice_item("en", "Two GPUs?", ("Yes", "No"), "Two."))
    (tmp_path / "ar.xml").write_bytes(_choice_item("ar", "وحدتا GPU؟", ("نعم", "لا"), "اثنتان."))
    with pytest.raises(BankError) as refused:
        QtiBankReader.read(
            BankRequest(tmp_path / "en.xml", "en.xml", "bank", "en", {"ur": tmp_path / "ar.xml"})
        )
    assert str(refused.value) == (
        f"{tmp_path / 'ar.xml'}:2: is in ar (xml:lang), but was given as the ur bank; give it as --locale ar FILE"
    )


def test_a_translation_in_the_bare_language_of_a_regional_locale_is_that_locale(tmp_path: Path) -> None:
    """Items in ``ur`` given as a project's ``ur_PK`` (``--locale ur`` is taken as a project's only Urdu
    locale, toolkit/importing/bank_languages.py): accepted as its translation, not refused with advice
    to give them as ``--locale ur``, which would name the same locale again."""
    (tmp_path / "en.xml").write_bytes(_choice_item("en", "Two GPUs?", ("Yes", "No"), "Two."))
    (tmp_path / "ur.xml").write_bytes(_choice_item("ur", "دو GPU؟", ("ہاں", "نہیں"), "دو۔"))
    imported = QtiBankReader.read(
        BankRequest(tmp_path / "en.xml", "en.xml", "bank", "en", {"ur_PK": tmp_path / "ur.xml"})
    )
    assert imported.locales == ("ur_PK",)
    assert imported.quiz.questions[0].prompt.imported == (("ur_PK", "دو GPU؟"),)


@pytest.mark.parametrize(
    ("source_lang", "source_locale", "item_lang", "given"),
    [
        ("EN", "en", "UR-pk", "ur_PK"),  # a tag is case-insensitive (RFC 5646 2.1.1)
        ("en-US", "EN_us", "ur", "UR"),
        ("en", "en", "ur-PK", "ur"),  # a regional text is its bare language's translation
        ("en", "en", "zh-Hant-TW", "zh_Hant"),  # zh-Hant is the range of zh-Hant-TW (RFC 4647 3.3.1)
    ],
)
def test_language_tags_match_whatever_their_case_and_a_range_matches_its_regions(
    tmp_path: Path, source_lang: str, source_locale: str, item_lang: str, given: str
) -> None:
    """The QTI 3.0 reader takes one locale's item for another's when one tag is the other or its language
    range (toolkit.text.locale_packs.one_within_the_other), case aside; it compared ``zh_Hant`` and
    ``zh_Hant_TW`` as two languages, and refused the translation."""
    (tmp_path / "en.xml").write_bytes(_choice_item(source_lang, "Two GPUs?", ("Yes", "No"), "Two."))
    (tmp_path / "t.xml").write_bytes(_choice_item(item_lang, "دو GPU؟", ("ہاں", "نہیں"), "دو۔"))
    imported = QtiBankReader.read(
        BankRequest(tmp_path / "en.xml", "en.xml", "bank", source_locale, {given: tmp_path / "t.xml"})
    )
    assert (imported.locales, imported.issues) == ((given,), ())
    assert imported.quiz.questions[0].prompt.imported == ((given, "دو GPU؟"),)


def test_an_item_of_another_region_is_no_translation_into_this_one(tmp_path: Path) -> None:
    (tmp_path / "en.xml").write_bytes(_choice_item("en", "Two GPUs?", ("Yes", "No"), "Two."))
    (tmp_path / "t.xml").write_bytes(_choice_item("ur-IN", "دو GPU؟", ("ہاں", "نہیں"), "دو۔"))
    with pytest.raises(BankError) as refused:
        QtiBankReader.read(
            BankRequest(tmp_path / "en.xml", "en.xml", "bank", "en", {"UR-pk": tmp_path / "t.xml"})
        )
    assert str(refused.value) == (
        f"{tmp_path / 't.xml'}:2: is in ur-IN (xml:lang), but was given as the UR-pk bank; give it as "
        "--locale ur_IN FILE"
    )


def test_an_item_only_a_translation_has_is_reported(tmp_path: Path) -> None:
    (tmp_path / "en.xml").write_bytes(_choice_item("en", "Two GPUs?", ("Yes", "No"), "Two."))
    other = _choice_item("ur", "دو GPU؟", ("ہاں", "نہیں"), "دو۔").replace(b'"gpu-count"', b'"gpu-other"')
    (tmp_path / "ur.xml").write_bytes(other)
    imported = QtiBankReader.read(
        BankRequest(tmp_path / "en.xml", "en.xml", "bank", "en", {"ur": tmp_path / "ur.xml"})
    )
    assert [(issue.line, issue.question, issue.reason) for issue in imported.issues] == [
        (
            2,
            "gpu-other",
            "the ur bank has this item, but the source bank has none of that identifier: its translation is "
            "left out",
        )
    ]


def test_a_package_whose_manifest_lists_only_the_test_is_read_in_the_tests_order(tmp_path: Path) -> None:
    manifest = (
        b'<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1"><resources>'
        b'<resource identifier="t" type="imsqti_test_xmlv3p0" href="tests/test.xml">'
        b'<file href="tests/test.xml"/><file href="items/second.xml"/><file href="items/first.xml"/>'
        b"</resource></resources></manifest>"
    )
    test = (
        b'<qti-assessment-test xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="t" title="GPUs">'
        b'<qti-test-part identifier="p" navigation-mode="linear" submission-mode="individual">'
        b'<qti-assessment-section identifier="s" title="S" visible="true">'
        b'<qti-assessment-item-ref identifier="first" href="../items/first.xml"/>'
        b'<qti-assessment-item-ref identifier="second" href="../items/second.xml"/>'
        b"</qti-assessment-section></qti-test-part></qti-assessment-test>"
    )
    first = _choice_item("en", "One GPU?", ("Yes", "No"), "One.").replace(b'"gpu-count"', b'"first"')
    second = _choice_item("en", "Two GPUs?", ("Yes", "No"), "Two.").replace(b'"gpu-count"', b'"second"')
    package = _zip(
        tmp_path / "bank.zip",
        {
            "imsmanifest.xml": manifest,
            "tests/test.xml": test,
            "items/second.xml": second,
            "items/first.xml": first,
        },
    )
    imported = QtiBankReader.read(BankRequest(package, "bank.zip", "bank", "en"))
    assert imported.quiz.title.source == "GPUs"
    assert [(question.id, question.prompt.source) for question in imported.quiz.questions] == [
        ("first", "One GPU?"),
        ("second", "Two GPUs?"),
    ]


def test_an_item_identifier_that_is_no_quizkit_id_gives_a_numbered_question(tmp_path: Path) -> None:
    item = _choice_item("en", "Two GPUs?", ("Yes", "No"), "Two.").replace(b'"gpu-count"', b'"ITEM_7"')
    (tmp_path / "item.xml").write_bytes(item)
    imported = QtiBankReader.read(BankRequest(tmp_path / "item.xml", "item.xml", "bank", "en"))
    assert [question.id for question in imported.quiz.questions] == ["q1"]
    assert imported.quiz.questions[0].prompt.key == "bank.questions.q1.prompt"
    assert "item.xml: item identifier 'ITEM_7' is no quizkit id; its question is q1" in imported.notes


def test_one_package_per_locale_in_three_languages_gives_two_translations(tmp_path: Path) -> None:
    root = fixture_project(tmp_path)
    (root / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur", "ar"]\n', encoding="utf-8"
    )
    result = run_quizkit_in_process(root, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    quiz = _source_quiz(root, "tiny")
    urdu = {text.key: f"اردو {index}" for index, text in enumerate(quiz.texts())}
    arabic = {text.key: f"عربي {index}" for index, text in enumerate(quiz.texts())}
    translate(root / "locales/ur/LC_MESSAGES/tiny.po", urdu)
    translate(root / "locales/ar/LC_MESSAGES/tiny.po", arabic)
    packages = _export(root) / "tiny"
    bank = QtiBankReader.read(
        BankRequest(
            packages / "en.zip",
            "en.zip",
            "tiny",
            "en",
            {"ur": packages / "ur.zip", "ar": packages / "ar.zip"},
        )
    )
    assert bank.locales == ("ar", "ur")
    # QTI has no description: the title stands in for it, in every language.
    description = "tiny.description"
    assert [(t.source, dict(t.imported)) for t in bank.quiz.texts() if t.key != description] == [
        (t.source, {"ar": arabic[t.key], "ur": urdu[t.key]}) for t in quiz.texts() if t.key != description
    ]
    assert bank.quiz.description.imported == bank.quiz.title.imported


def test_what_the_text_of_blanks_cannot_hold_is_reported(tmp_path: Path) -> None:
    """A blank's sentence is reduced as every text is: an exact superscript is written with Unicode's
    character, an image is reported (review 39, finding 8: the text of blanks lost both silently)."""
    item = """<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="light"
    title="Light" adaptive="false" time-dependent="false" xml:lang="en">
  <qti-response-declaration identifier="speed" cardinality="single" base-type="string">
    <qti-correct-response><qti-value>c</qti-value></qti-correct-response>
  </qti-response-declaration>
  <qti-item-body>
    <p>Complete the formula.</p>
    <p>E = m<qti-text-entry-interaction response-identifier="speed"/><sup>2</sup>
      <img src="einstein.png" alt="Einstein"/></p>
  </qti-item-body>
  <qti-response-processing template="https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml"/>
  <qti-modal-feedback outcome-identifier="FEEDBACK" show-hide="show" identifier="SOLUTION">
    <qti-content-body><p>The speed of light, squared.</p></qti-content-body>
  </qti-modal-feedback>
</qti-assessment-item>
"""
    (tmp_path / "light.xml").write_text(item, encoding="utf-8")
    bank = QtiBankReader.read(BankRequest(tmp_path / "light.xml", "light.xml", "bank", "en"))
    (question,) = bank.quiz.questions
    assert isinstance(question, FillInBlanksQuestion)
    assert question.text.source == "E = m{{speed}}²"
    assert [(issue.line, issue.reason) for issue in bank.issues] == [
        (
            9,
            "the text holds an image, which a quiz text cannot hold yet; it is left out (its words, if any, are kept)",
        )
    ]


def test_an_item_in_the_source_locale_is_no_translation_into_a_regional_locale_of_it(tmp_path: Path) -> None:
    """A ``pt`` project's ``pt_BR`` package: an item quizkit's export left in ``pt`` (it fell back) is the
    source text, not a ``pt_BR`` translation equal to it."""
    (tmp_path / "pt.xml").write_bytes(_choice_item("pt", "Duas GPUs?", ("Sim", "Não"), "Duas."))
    (tmp_path / "pt-BR.xml").write_bytes(_choice_item("pt", "Duas GPUs?", ("Sim", "Não"), "Duas."))
    imported = QtiBankReader.read(
        BankRequest(tmp_path / "pt.xml", "pt.xml", "bank", "pt", {"pt_BR": tmp_path / "pt-BR.xml"})
    )
    assert imported.notes[0] == (
        f"{tmp_path / 'pt-BR.xml'}: item gpu-count is in pt, the source language (it fell back when exported): "
        "it gives no pt_BR translation"
    )
    assert all(text.imported == () for text in imported.quiz.texts())


def test_one_item_in_the_source_locale_and_its_bare_language_is_one_question_with_a_translation(
    tmp_path: Path,
) -> None:
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "gpu-count.pt-BR.xml").write_bytes(_choice_item("pt-BR", "Duas GPUs?", ("Sim", "Não"), "Duas."))
    (bank / "gpu-count.pt.xml").write_bytes(_choice_item("pt", "Duas GPU?", ("Sim", "Não"), "Duas."))
    imported = QtiBankReader.read(BankRequest(bank, "bank", "bank", "pt_BR"))
    (question,) = imported.quiz.questions
    assert question.prompt.source == "Duas GPUs?"
    assert question.prompt.imported == (("pt", "Duas GPU?"),)
