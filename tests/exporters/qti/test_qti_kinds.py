"""QTI 3.0 items of every question kind (tests/content/types/every-type.yaml): valid against the QTI 3
schema in English and Urdu, with and without answers; byte for byte the golden items in
tests/exporters/qti/every-type/ (Urdu with answers, English without); the delivery variant carries no
answer key; true/false labels come from the interface messages."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from exporters.qti.test_qti3 import NS, SAFE_PARSER, Schemas, parse, schemas  # noqa: F401  (the schemas fixture)
from localization.test_grading import localized

from toolkit.exporters.qti.qti3 import package_files
from toolkit.localization.localized import LocalizedMessage

GOLDEN = Path(__file__).resolve().parent / "every-type"
QUESTIONS = [question.id for question in localized("en").questions]


def items(locale: str, answers: bool) -> dict[str, bytes]:
    return {
        name.removeprefix("items/").removesuffix(".xml"): data
        for name, data in package_files(localized(locale), answers)
        if name.startswith("items/")
    }


@pytest.mark.parametrize("answers", [True, False], ids=["answers", "no-answers"])
@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_kind_validates(schemas: Schemas, locale: str, answers: bool) -> None:  # noqa: F811
    files = dict(package_files(localized(locale), answers))
    assert sorted(files) == sorted(
        ["imsmanifest.xml", "test.xml", *(f"items/{id_}.xml" for id_ in QUESTIONS)]
    )
    for name, data in files.items():
        schema = schemas.package if name == "imsmanifest.xml" else schemas.qti
        assert schema.validate(parse(data)), f"{locale}:{name}: {schema.error_log}"


@pytest.mark.parametrize(
    ("locale", "answers", "folder"), [("ur", True, "ur"), ("en", False, "en.no-answers")]
)
@pytest.mark.parametrize("question_id", QUESTIONS)
def test_golden_item_per_kind(question_id: str, locale: str, answers: bool, folder: str) -> None:
    written = items(locale, answers)[question_id]
    # Regenerate with ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff.
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        (GOLDEN / folder / f"{question_id}.xml").write_bytes(written)
    expected = (GOLDEN / folder / f"{question_id}.xml").read_bytes()
    assert written == expected


def test_delivery_variant_carries_no_answer_key() -> None:
    for locale in ("en", "ur"):
        quiz = localized(locale)
        for question_id, data in items(locale, False).items():
            document = parse(data)
            for absent in (
                "qti-correct-response",
                "qti-mapping",
                "qti-response-processing",
                "qti-modal-feedback",
                "qti-rubric-block",
            ):
                assert document.find(f".//q:{absent}", NS) is None, (locale, question_id, absent)
            text = data.decode("utf-8")
            (question,) = [question for question in quiz.questions if question.id == question_id]
            assert question.explanation not in text
        matching = parse(items(locale, False)["match-collectives"])
        _, targets = matching.findall(".//q:qti-simple-match-set", NS)
        pair_ids = {pair.id for pair in quiz.questions[4].pairs}  # type: ignore[union-attr]
        assert not {choice.get("identifier") for choice in targets} & pair_ids
        assert [choice.get("identifier") for choice in targets] == [
            "MATCH.1",
            "MATCH.2",
            "MATCH.3",
            "MATCH.4",
        ]
        ordering = parse(items(locale, False)["step-order"])
        listed = [choice.get("identifier") for choice in ordering.iterfind(".//q:qti-simple-choice", NS)]
        # Delivery ids in the answer-independent order: neither the ids nor their order tell the answer.
        assert listed == ["i1", "i2", "i3", "i4"]
        assert not set(listed) & {item.id for item in quiz.questions[5].items}  # type: ignore[union-attr]
        essay = items(locale, False)["memory-essay"].decode("utf-8")
        assert quiz.questions[7].model_answer not in essay  # type: ignore[union-attr]


def labels(document_data: bytes) -> list[str]:
    document = parse(document_data)
    return ["".join(choice.itertext()) for choice in document.iterfind(".//q:qti-simple-choice", NS)]


def test_true_false_labels_are_the_interface_messages() -> None:
    assert labels(items("ur", True)["overlap-true"]) == ["True", "False"]  # no such messages: the default
    messages = (
        LocalizedMessage("true", "درست", (), None, (), False),
        LocalizedMessage("false", "غلط", (), None, (), False),
    )
    urdu = dataclasses.replace(localized("ur"), messages=messages)
    files = dict(package_files(urdu, True))
    assert labels(files["items/overlap-true.xml"]) == ["درست", "غلط"]
    document = parse(files["items/overlap-true.xml"])
    assert [value.text for value in document.iterfind(".//q:qti-correct-response/q:qti-value", NS)] == [
        "true"
    ]


def test_blanks_are_inline_in_the_translations_order() -> None:
    document = parse(items("ur", True)["fill-replica"])
    paragraph = document.findall("q:qti-item-body/q:p", NS)[1]
    interactions = [
        (child.tag.split("}")[1], child.get("response-identifier"))
        for child in paragraph
        if child.get("response-identifier")
    ]
    # The Urdu text reads "{{collective}} ... {{copy}}": the drop-down comes first.
    assert interactions == [
        ("qti-inline-choice-interaction", "RESPONSE.collective"),
        ("qti-text-entry-interaction", "RESPONSE.copy"),
    ]
    entry = paragraph.find("q:qti-text-entry-interaction", NS)
    assert entry.get("dir") == "auto"
    numeric = parse(items("ur", True)["global-batch-size"]).find(".//q:qti-text-entry-interaction", NS)
    assert numeric.get("dir") == "ltr"
