"""The data formats with every question kind: JSON bundles that validate against schema/bundle.schema.json
and carry each kind's texts and key exactly (golden files), a delivery variant with no key and an order
that does not depend on the answer, and i18next resources the real i18next in Node resolves."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import yaml
from exporters.test_exports import resolve_in_i18next
from jsonschema import Draft202012Validator
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process, translate

from toolkit.catalogs import read_po
from toolkit.content.validation import validate_paths
from toolkit.exporters.canonical_json import content_hash
from toolkit.exporters.json_bundle import decimal_text
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.localization import LocalizedQuiz, localize
from toolkit.model import (
    AcceptedAnswer,
    Blank,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    Item,
    MatchingQuestion,
    NumericQuestion,
    Option,
    OrderingQuestion,
    Pair,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    TrueFalseQuestion,
    TypedBlank,
)

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
URDU = yaml.safe_load((EVERY_TYPE_QUIZ.parent / "every-type.ur.yaml").read_text(encoding="utf-8"))
SCHEMA = Draft202012Validator(
    json.loads((ROOT / "schema" / "bundle.schema.json").read_text(encoding="utf-8"))
)
VARIANTS = [(locale, suffix) for locale in ("en", "ur") for suffix in (".json", ".no-answers.json")]


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def export(root: Path, *arguments: str) -> None:
    result = run_quizkit_in_process(root, "export", "-f", "json,i18next", "--strict", *arguments)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "warning" not in result.stdout


def every_type_project(target: Path, quiz: str | None = None) -> Path:
    """A project with the every-type quiz (or ``quiz``, a variant of it) and its Urdu translations."""
    text = quiz if quiz is not None else EVERY_TYPE_QUIZ.read_text(encoding="utf-8")
    root = fixture_project(target, {"every-type": text})
    result = run_quizkit_in_process(root, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    translate(root / "locales/ur/LC_MESSAGES/every-type.po", URDU)
    return root


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ with the answers (json, i18next) and delivery/ with the delivery variant."""
    root = every_type_project(tmp_path_factory.mktemp("every-type"))
    export(root)
    export(root, "--no-answers", "--out", "delivery")
    return root


def localized(locale: str) -> LocalizedQuiz:
    """The every-type quiz localized by the library, to compare the exports with."""
    result = validate_paths([EVERY_TYPE_QUIZ])
    (quiz,) = result.content().quizzes
    catalog = None
    if locale != "en":
        entries = tuple(
            CatalogEntry(msgid=text.source, msgstr=URDU[text.key], context=text.key) for text in quiz.texts()
        )
        catalog = Catalog(Header((("Language", locale),)), entries)
    return localize(quiz, None, locale, "en", catalog, None)


@pytest.mark.parametrize(("locale", "suffix"), VARIANTS)
def test_every_bundle_validates_and_lists_every_question(exported: Path, locale: str, suffix: str) -> None:
    folder = "dist" if suffix == ".json" else "delivery"
    bundle = load(exported / folder / "json" / "every-type" / f"{locale}{suffix}")
    assert [error.message for error in SCHEMA.iter_errors(bundle)] == []
    assert bundle["formatVersion"] == 2
    assert bundle["answers"] is (suffix == ".json")
    assert bundle["contentHash"] == content_hash({k: v for k, v in bundle.items() if k != "contentHash"})
    assert [(question["id"], question["type"]) for question in bundle["questions"]] == [
        (question.id, question.type.value) for question in localized(locale).questions
    ]
    assert bundle["fallback"]["questions"] == []
    assert bundle["messages"]["true"] == {"text": "True" if locale == "en" else "صحیح"}


@pytest.mark.parametrize(
    ("folder", "name", "golden"),
    [
        ("dist", "json/every-type/ur.json", "every-type.ur.json"),
        ("delivery", "json/every-type/ur.no-answers.json", "every-type.ur.no-answers.json"),
        ("dist", "i18next/ur/every-type.json", "i18next.ur.every-type.json"),
        ("delivery", "i18next/no-answers/ur/every-type.json", "i18next.ur.every-type.no-answers.json"),
    ],
)
def test_exports_match_their_golden_files(exported: Path, folder: str, name: str, golden: str) -> None:
    """Regenerate with ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff."""
    written = (exported / folder / name).read_text(encoding="utf-8")
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        (GOLDEN / golden).write_text(written, encoding="utf-8")
    assert written == (GOLDEN / golden).read_text(encoding="utf-8")


def _answers(entries: list[dict[str, Any]]) -> tuple[AcceptedAnswer[str], ...]:
    return tuple(AcceptedAnswer(entry["id"], "\n".join(entry["accepted"])) for entry in entries)


def _items(entries: list[dict[str, Any]]) -> tuple[Item[str], ...]:
    return tuple(Item(entry["id"], entry["text"]) for entry in entries)


def _blank(entry: dict[str, Any]) -> Blank[str]:
    if entry["type"] == "typed":
        return TypedBlank(entry["id"], _answers(entry["answers"]), entry["caseSensitive"])
    return ChoiceBlank(entry["id"], _items(entry["options"]), entry["correct"])


def from_bundle(item: dict[str, Any]) -> Question[str]:
    """A question read back from the bundle, as a frontend would: it equals the library's localized
    question only if the bundle carries every text and the whole key."""
    common = {
        "id": item["id"],
        "prompt": item["prompt"],
        "explanation": item["explanation"],
        "fell_back": "lang" in item,
    }
    partial = item.get("partialCredit", False)
    kind = QuestionType(item["type"])
    if kind in (QuestionType.SINGLE_CHOICE, QuestionType.MULTIPLE_CHOICE):
        options = tuple(
            Option(option["id"], option["text"], option.get("feedback"), option.get("pinned", False))
            for option in item["options"]
        )
        return ChoiceQuestion(
            item["id"], kind, item["prompt"], options, tuple(item["correct"]), item["explanation"],
            item["shuffle"], partial, "lang" in item,
        )  # fmt: skip
    if kind is QuestionType.TRUE_FALSE:
        return TrueFalseQuestion(correct=item["correct"], **common)
    if kind is QuestionType.SHORT_ANSWER:
        return ShortAnswerQuestion(
            answers=_answers(item["answers"]), case_sensitive=item["caseSensitive"], **common
        )
    if kind is QuestionType.NUMERIC:
        return NumericQuestion(
            answer=Decimal(item["answer"]),
            tolerance=Decimal(item["tolerance"]),
            unit=item.get("unit"),
            **common,
        )
    if kind is QuestionType.MATCHING:
        match_of = {match["pair"]: match["text"] for match in item["matches"] if "pair" in match}
        pairs = tuple(Pair(pair["id"], pair["prompt"], match_of[pair["id"]]) for pair in item["pairs"])
        distractors = tuple(
            Item(match["distractor"], match["text"]) for match in item["matches"] if "distractor" in match
        )
        return MatchingQuestion(pairs=pairs, distractors=distractors, partial_credit=partial, **common)
    if kind is QuestionType.ORDERING:
        return OrderingQuestion(items=_items(item["items"]), partial_credit=partial, **common)
    if kind is QuestionType.FILL_IN_BLANKS:
        blanks = tuple(_blank(blank) for blank in item["blanks"])
        return FillInBlanksQuestion(text=item["text"], blanks=blanks, partial_credit=partial, **common)
    return EssayQuestion(model_answer=item.get("modelAnswer"), **common)


def _as_read_back(question: Question[str]) -> Question[str]:
    """``question`` with every accepted answer marked translated: the bundle carries an answer's accepted
    lines, not whether the catalog translates it (a frontend has no use for that)."""

    def answers(listed: tuple[AcceptedAnswer[str], ...]) -> tuple[AcceptedAnswer[str], ...]:
        return tuple(replace(answer, translate=True) for answer in listed)

    if isinstance(question, ShortAnswerQuestion):
        return replace(question, answers=answers(question.answers))
    if isinstance(question, FillInBlanksQuestion):
        blanks = tuple(
            replace(blank, answers=answers(blank.answers)) if isinstance(blank, TypedBlank) else blank
            for blank in question.blanks
        )
        return replace(question, blanks=blanks)
    return question


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_the_bundle_carries_every_text_and_the_whole_key(exported: Path, locale: str) -> None:
    bundle = load(exported / "dist" / "json" / "every-type" / f"{locale}.json")
    library = localized(locale).questions
    assert [from_bundle(item) for item in bundle["questions"]] == [
        _as_read_back(question) for question in library
    ]
    # Distractors come after the pairs in the model, but the bundle lists them among the matches.
    (matching,) = [item for item in library if isinstance(item, MatchingQuestion)]
    assert matching.distractors and len(matching.distractors) < len(matching.pairs)


def test_urdu_accepted_answers_keep_every_line_of_the_translation(exported: Path) -> None:
    bundle = load(exported / "dist" / "json" / "every-type" / "ur.json")
    (question,) = [item for item in bundle["questions"] if item["id"] == "name-collective"]
    assert question["answers"] == [
        {"id": "all-reduce", "accepted": ["all-reduce"]},  # translate: false, the same in every locale
        {"id": "reduce-all", "accepted": ["سب کو ریڈیوس", "ریڈیوس ٹو آل"]},
    ]


def test_fill_in_blanks_segments_follow_the_translations_marker_order(exported: Path) -> None:
    urdu = load(exported / "dist" / "json" / "every-type" / "ur.json")
    (question,) = [item for item in urdu["questions"] if item["id"] == "fill-replica"]
    pieces = question["segments"]["text"]
    assert [piece.get("blank") for piece in pieces if "blank" in piece] == ["collective", "copy"]
    joined = "".join(piece.get("text", "{{" + str(piece.get("blank")) + "}}") for piece in pieces)
    assert joined == question["text"]


def sha256_order(texts: list[str]) -> list[str]:
    return sorted(texts, key=lambda text: hashlib.sha256(text.encode("utf-8")).digest())


def test_delivery_lists_matches_and_items_by_the_hash_of_their_source_text(exported: Path) -> None:
    english = {
        item["id"]: item
        for item in load(exported / "delivery/json/every-type/en.no-answers.json")["questions"]
    }
    urdu = {
        item["id"]: item
        for item in load(exported / "delivery/json/every-type/ur.no-answers.json")["questions"]
    }
    matches = [match["text"] for match in english["match-collectives"]["matches"]]
    assert matches == sha256_order(matches)
    assert [match["id"] for match in english["match-collectives"]["matches"]] == ["m1", "m2", "m3", "m4"]
    items = [item["text"] for item in english["step-order"]["items"]]
    assert items == sha256_order(items)
    # Named by that position, not by their ids (update, all-reduce, forward, backward).
    assert [item["id"] for item in english["step-order"]["items"]] == ["i1", "i2", "i3", "i4"]
    # The same order and ids in every locale: a response given in Urdu is graded with either key.
    assert [item["id"] for item in urdu["step-order"]["items"]] == ["i1", "i2", "i3", "i4"]
    (ordering,) = [
        item
        for item in load(exported / "dist/json/every-type/ur.json")["questions"]
        if item["type"] == "ordering"
    ]
    assert [(item["id"], item["deliveryId"]) for item in ordering["items"]] == [
        ("forward", "i3"),
        ("backward", "i4"),
        ("all-reduce", "i2"),
        ("update", "i1"),
    ]
    (matching,) = [
        item
        for item in load(exported / "dist/json/every-type/ur.json")["questions"]
        if item["type"] == "matching"
    ]
    assert [(match["id"], match["text"]) for match in matching["matches"]] == [
        (match["id"], match["text"]) for match in urdu["match-collectives"]["matches"]
    ]


def test_the_delivery_variant_is_the_same_whatever_the_answer(tmp_path: Path) -> None:
    """Another key (broadcast and scatter swap matches; forward and backward swap places) changes the
    bundle with answers, and not one byte of the delivery variant's matching and ordering questions."""
    text = EVERY_TYPE_QUIZ.read_text(encoding="utf-8")
    swapped = (
        text.replace("match: Copies one GPU's data to all the others", "match: SCATTER")
        .replace("match: Splits data among the GPUs", "match: Copies one GPU's data to all the others")
        .replace("match: SCATTER", "match: Splits data among the GPUs")
        .replace(
            "      - {id: forward, text: Forward pass on the local batch}\n"
            "      - {id: backward, text: Backward pass computes local gradients}\n",
            "      - {id: backward, text: Backward pass computes local gradients}\n"
            "      - {id: forward, text: Forward pass on the local batch}\n",
        )
    )
    assert swapped != text
    exports = []
    for name, quiz in (("original", text), ("swapped", swapped)):
        root = fixture_project(tmp_path / name, {"every-type": quiz})
        result = run_quizkit_in_process(root, "export", "-f", "json", "-l", "en", "--no-checks")
        assert result.returncode == 0, result.stdout + result.stderr
        assert (
            run_quizkit_in_process(
                root, "export", "-f", "json", "-l", "en", "--no-answers", "--no-checks"
            ).returncode
            == 0
        )
        exports.append(root / "dist" / "json" / "every-type")
    with_answers = [load(folder / "en.json")["questions"][4:6] for folder in exports]
    assert with_answers[0] != with_answers[1]
    delivery = [load(folder / "en.no-answers.json")["questions"][4:6] for folder in exports]
    assert [question["id"] for question in delivery[0]] == ["match-collectives", "step-order"]
    assert delivery[0] == delivery[1]


def test_a_question_with_an_untranslated_accepted_answer_falls_back_whole(tmp_path: Path) -> None:
    root = every_type_project(tmp_path)
    catalog = root / "locales/ur/LC_MESSAGES/every-type.po"
    translate(catalog, {"every-type.questions.name-collective.answers.reduce-all": "سب کو ریڈیوس"}, frozenset(
        {"every-type.questions.name-collective.answers.reduce-all"}
    ))  # fmt: skip
    entry = read_po(catalog.read_bytes(), catalog.name).by_context()[
        "every-type.questions.name-collective.answers.reduce-all"
    ]
    assert entry.is_fuzzy
    result = run_quizkit_in_process(root, "export", "-f", "json,i18next", "--no-checks")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "every-type [ur]: 1 question in the source language: name-collective" in result.stdout
    bundle = load(root / "dist/json/every-type/ur.json")
    assert bundle["fallback"]["questions"] == ["name-collective"]
    (question,) = [item for item in bundle["questions"] if item["id"] == "name-collective"]
    english = load_source_question("name-collective")
    assert question == {**english, "lang": "en", "dir": "ltr"}
    assert list(question)[:5] == ["id", "type", "prompt", "lang", "dir"]
    resources = load(root / "dist/i18next/ur/every-type.json")
    assert resources["_meta"]["fellBack"] == ["name-collective"]
    assert resources["questions"]["name-collective"]["answers"] == {
        "all-reduce": "all-reduce",
        "reduce-all": "reduce to all",
    }


def load_source_question(question_id: str) -> dict[str, Any]:
    from toolkit.exporters.json_bundle import bundle

    (item,) = [item for item in bundle(localized("en"))["questions"] if item["id"] == question_id]
    result: dict[str, Any] = item
    return result


@pytest.mark.parametrize(
    ("written", "exact"),
    [("256", "256"), ("0", "0"), ("-0", "0"), ("2.50", "2.50"), ("1e-3", "0.001"), ("1E+2", "100"),
     ("-0.5", "-0.5"), (".5", "0.5"), ("+3", "3"), ("0.1", "0.1")],
)  # fmt: skip
def test_numbers_are_exact_decimals_in_plain_notation(written: str, exact: str) -> None:
    assert decimal_text(Decimal(written)) == exact


def i18next_texts(quiz: LocalizedQuiz) -> list[tuple[str, str]]:
    """(i18next key, text) of every text of the quiz, as docs/exports.md documents the keys."""
    texts = [("title", quiz.title), ("description", quiz.description)]
    for question in quiz.questions:
        for key, text in question.texts():
            if isinstance(question, ChoiceQuestion) and key.endswith(".feedback"):
                key = key.removesuffix(".feedback") + "_feedback"
            texts.append((f"questions.{question.id}.{key}", text))
    return texts


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_i18next_resolves_every_text_of_every_kind(exported: Path, locale: str) -> None:
    texts = i18next_texts(localized(locale))
    assert ("questions.name-collective.answers.all-reduce", "all-reduce") in texts  # translate: false too
    requests = [{"lng": locale, "ns": "every-type", "key": key} for key, _ in texts]
    answers = resolve_in_i18next(exported / "dist" / "i18next", requests)
    assert [
        (key, answer["exists"], answer["value"]) for (key, _), answer in zip(texts, answers, strict=True)
    ] == [(key, True, text) for key, text in texts]
    if locale == "ur":
        assert dict(texts)["questions.name-collective.answers.reduce-all"] == "سب کو ریڈیوس\nریڈیوس ٹو آل"


def test_i18next_fills_the_blank_markers_only_when_asked(exported: Path) -> None:
    key = "questions.fill-replica.text"
    requests: list[dict[str, Any]] = [
        {"lng": "ur", "ns": "every-type", "key": key},
        {"lng": "ur", "ns": "every-type", "key": key, "options": {"collective": "▢1", "copy": "▢2"}},
    ]
    plain, filled = resolve_in_i18next(exported / "dist" / "i18next", requests)
    assert plain["value"] == URDU[f"every-type.{key}"]
    assert filled["value"] == "▢1 گریڈیئنٹس کا اوسط نکالتا ہے، اور ہر GPU ماڈل کی ایک مکمل ▢2 رکھتا ہے۔"


def test_i18next_delivery_resources_hold_no_key(exported: Path) -> None:
    answer_keys = [
        "questions.gpu-holds.explanation",
        "questions.name-collective.answers.all-reduce",
        "questions.name-collective.answers.reduce-all",
        "questions.match-collectives.pairs.broadcast.match",
        "questions.match-collectives.distractors.shuffle",
        "questions.fill-replica.blanks.copy.answers.replica",
        "questions.memory-essay.model-answer",
        "questions.memory-essay.explanation",
    ]
    bundle = load(exported / "delivery/json/every-type/ur.no-answers.json")
    (matching,) = [item for item in bundle["questions"] if item["type"] == "matching"]
    shown = {
        f"questions.match-collectives.matches.{match['id']}": match["text"] for match in matching["matches"]
    }
    shown["questions.match-collectives.pairs.broadcast.prompt"] = URDU[
        "every-type.questions.match-collectives.pairs.broadcast.prompt"
    ]
    shown["questions.fill-replica.blanks.collective.options.broadcast"] = URDU[
        "every-type.questions.fill-replica.blanks.collective.options.broadcast"
    ]
    requests = [{"lng": "ur", "ns": "every-type", "key": key} for key in [*answer_keys, *shown]]
    answers = resolve_in_i18next(exported / "delivery" / "i18next" / "no-answers", requests)
    assert [answer["exists"] for answer in answers] == [False] * len(answer_keys) + [True] * len(shown)
    assert [answer["value"] for answer in answers[len(answer_keys) :]] == list(shown.values())
    resources = load(exported / "delivery/i18next/no-answers/ur/every-type.json")["questions"]
    (ordering,) = [item for item in bundle["questions"] if item["type"] == "ordering"]
    assert list(resources["step-order"]["items"]) == [item["id"] for item in ordering["items"]]


def test_a_project_chooses_the_digits_of_a_locale(tmp_path: Path) -> None:
    # CLDR's usual digits for ur are Latin; a project that writes Urdu in Urdu digits says so, and the
    # bundle (whose numberingSystem the player formats every number with) follows it.
    project = fixture_project(tmp_path)
    config = project / "quizkit.toml"
    config.write_text(
        config.read_text(encoding="utf-8") + 'numbering-systems = { ur = "arabext" }\n', encoding="utf-8"
    )
    assert run_quizkit_in_process(project, "update").returncode == 0
    result = run_quizkit_in_process(project, "export", "-f", "json,html")
    assert result.returncode == 0, result.stdout + result.stderr
    urdu = json.loads((project / "dist/json/tiny/ur.json").read_text(encoding="utf-8"))
    english = json.loads((project / "dist/json/tiny/en.json").read_text(encoding="utf-8"))
    assert (urdu["numberingSystem"], english["numberingSystem"]) == ("arabext", "latn")
    assert '"numberingSystem":"arabext"' in (project / "dist/html/tiny/ur.html").read_text(encoding="utf-8")
