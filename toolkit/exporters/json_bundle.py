"""``json``: one self-contained bundle per quiz and locale (schema/bundle.schema.json).

Layout: ``json/<quiz>/<locale>.json``; the delivery variant (``--no-answers``) is
``json/<quiz>/<locale>.no-answers.json``. Output is byte-identical for identical input, and carries a
SHA-256 hash of its canonical JSON (RFC 8785) so caches and CDNs can tell versions apart. Every question
kind is carried, with the fields its ``$defs`` entry in the schema lists; the delivery variant holds no
answer key (the schema checks that too) and lists matches and ordering items in an order that does not
depend on the answer, under ids that do not either (:mod:`toolkit.exporters.neutral_order`): ordering
items as ``i1``, ``i2``, …, which the variant with answers gives beside each item's id (``deliveryId``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportRequest, OutputFile
from toolkit.exporters.canonical_json import content_hash
from toolkit.exporters.media import MediaFiles, image_fields
from toolkit.exporters.neutral_order import delivery_ids, neutral_list
from toolkit.localization import LocalizedMessage, LocalizedQuiz
from toolkit.model import (
    ITEMS,
    MATCHES,
    AcceptedAnswer,
    Blank,
    ChoiceQuestion,
    FillInBlanksQuestion,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    Quiz,
    ShortAnswerQuestion,
    TrueFalseQuestion,
    TypedBlank,
)
from toolkit.text.blanks import split_at_blanks
from toolkit.text.formulas import find_formulas, unescape_dollars
from toolkit.text.locale_info import LocaleInfo
from toolkit.text.message_format import icu_plural
from toolkit.text.tokens import split_code

FORMAT_NAME = "quizkit.bundle"
FORMAT_VERSION = 2
"""2: every question kind (1 had single and multiple choice only); see docs/exports.md."""


def _message(message: LocalizedMessage) -> dict[str, Any]:
    result: dict[str, Any] = {}
    if message.plural is None:
        result["text"] = message.text
    else:
        result["plural"] = message.plural
        result["forms"] = dict(message.forms)
        result["icu"] = icu_plural(message.plural, message.forms)
    if message.placeholders:
        result["placeholders"] = list(message.placeholders)
    return result


def segments(texts: dict[str, str | None]) -> dict[str, list[dict[str, str]]]:
    """The texts that contain code or a TeX formula, by field, as ``{"text": …}``, ``{"code": …}``,
    ``{"code-block": …}``, ``{"math": …}`` and ``{"display-math": …}`` pieces: a frontend renders code and formulas without
    parsing backticks or dollar signs itself (an unclosed backtick stays text)."""
    result: dict[str, list[dict[str, str]]] = {}
    for field, text in texts.items():
        if text is None:
            continue
        pieces = _pieces(text)
        if any("text" not in piece for piece in pieces):
            result[field] = pieces
    return result


def _pieces(text: str) -> list[dict[str, str]]:
    """``text`` split at code (inline and fenced blocks), then its prose at formulas (their TeX without the dollar signs);
    in plain-text pieces ``\\$`` is a dollar sign."""
    pieces: list[dict[str, str]] = []
    for part, kind in split_code(text):
        if kind != "text":
            pieces.append({kind: part})
            continue
        position = 0
        for formula in find_formulas(part):
            if formula.start > position:
                pieces.append({"text": unescape_dollars(part[position : formula.start])})
            pieces.append({"display-math" if formula.display else "math": formula.tex})
            position = formula.end
        if position < len(part):
            pieces.append({"text": unescape_dollars(part[position:])})
    return pieces


def _with_segments(item: dict[str, Any], texts: dict[str, str | None]) -> None:
    found = segments(texts)
    if found:
        item["segments"] = found


def decimal_text(value: Decimal) -> str:
    """An exact decimal in plain notation ("256", "0.001", "-2.50"): a JSON string, because a JSON
    number is read as a binary float by most parsers, and 0.4 - 0.3 <= 0.1 is then false."""
    text = format(value, "f")
    return text.lstrip("-") if value.is_zero() else text


def _fill_segments(text: str) -> list[dict[str, str]]:
    """A fill-in-the-blanks text as pieces: ``{"blank": id}`` at each marker, the rest split at inline
    code. Markers are found first, as validation finds them, so a backtick pair never hides one."""
    pieces: list[dict[str, str]] = []
    for part, is_blank in split_at_blanks(text):
        if is_blank:
            pieces.append({"blank": part})
        else:
            pieces.extend(_pieces(part))
    return pieces


def _text_entry(identifier: str, text: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": identifier, "text": text}
    _with_segments(entry, {"text": text})
    return entry


def _accepted(answers: tuple[AcceptedAnswer[str], ...]) -> list[dict[str, Any]]:
    return [{"id": answer.id, "accepted": list(answer.accepted)} for answer in answers]


def _choice_fields(
    question: ChoiceQuestion[str], item: dict[str, Any], answers: bool, media: MediaFiles
) -> None:
    options = []
    for option in question.options:
        entry: dict[str, Any] = {"id": option.id, "text": option.text}
        if option.image is not None:
            entry["image"] = image_fields(option.image, media)
        if option.pinned:
            entry["pinned"] = True
        if answers and option.feedback is not None:
            entry["feedback"] = option.feedback
        _with_segments(entry, {"text": option.text, "feedback": entry.get("feedback")})
        options.append(entry)
    item["options"] = options
    item["shuffle"] = question.shuffle
    if answers:
        item["correct"] = list(question.correct)


def _matching_fields(
    quiz: Quiz, question: MatchingQuestion[str], item: dict[str, Any], answers: bool
) -> None:
    pairs = []
    for pair in question.pairs:
        entry: dict[str, Any] = {"id": pair.id, "prompt": pair.prompt}
        _with_segments(entry, {"prompt": pair.prompt})
        pairs.append(entry)
    item["pairs"] = pairs
    matches = []
    for match in neutral_list(quiz, question, MATCHES):
        entry = {"id": match.id, "text": match.text}
        if answers:
            # A pair's match is a text of its pair (pairs.<p>.match); a distractor is a part of its own.
            entry["pair" if match.key == f"pairs.{match.part}.match" else "distractor"] = match.part
        _with_segments(entry, {"text": match.text})
        matches.append(entry)
    item["matches"] = matches


def _ordering_fields(
    quiz: Quiz, question: OrderingQuestion[str], item: dict[str, Any], answers: bool
) -> None:
    """With answers, the items in the correct order under their ids, each with its delivery id; in the
    delivery variant, the items in the answer-independent order under their delivery ids only (an
    author's ids, step-1 or first, would tell the order)."""
    delivery_id = delivery_ids(quiz, question, ITEMS)
    if answers:
        entries = []
        for entry in question.items:
            written = {"id": entry.id, "deliveryId": delivery_id[entry.id], "text": entry.text}
            _with_segments(written, {"text": entry.text})
            entries.append(written)
        item["items"] = entries
    else:
        item["items"] = [_text_entry(entry.id, entry.text) for entry in neutral_list(quiz, question, ITEMS)]


def _blank(blank: Blank[str], answers: bool) -> dict[str, Any]:
    if isinstance(blank, TypedBlank):
        entry: dict[str, Any] = {"id": blank.id, "type": "typed"}
        if answers:
            entry["answers"] = _accepted(blank.answers)
            entry["caseSensitive"] = blank.case_sensitive
        return entry
    entry = {
        "id": blank.id,
        "type": "choice",
        "options": [_text_entry(option.id, option.text) for option in blank.options],
    }
    if answers:
        entry["correct"] = blank.correct
    return entry


def _kind_fields(
    quiz: Quiz, question: Question[str], item: dict[str, Any], answers: bool, media: MediaFiles
) -> dict[str, str | None]:
    """Adds the fields of the question's kind to ``item``; returns its texts that may hold inline code."""
    if isinstance(question, ChoiceQuestion):
        _choice_fields(question, item, answers, media)
    elif isinstance(question, TrueFalseQuestion):
        if answers:
            item["correct"] = question.correct
    elif isinstance(question, ShortAnswerQuestion):
        if answers:
            item["answers"] = _accepted(question.answers)
            item["caseSensitive"] = question.case_sensitive
    elif isinstance(question, NumericQuestion):
        if question.unit is not None:
            item["unit"] = question.unit
        if answers:
            item["answer"] = decimal_text(question.answer)
            item["tolerance"] = decimal_text(question.tolerance)
        return {"unit": question.unit}
    elif isinstance(question, MatchingQuestion):
        _matching_fields(quiz, question, item, answers)
    elif isinstance(question, OrderingQuestion):
        _ordering_fields(quiz, question, item, answers)
    elif isinstance(question, FillInBlanksQuestion):
        item["text"] = question.text
        item["blanks"] = [_blank(blank, answers) for blank in question.blanks]
    else:
        if answers and question.model_answer is not None:
            item["modelAnswer"] = question.model_answer
        return {"modelAnswer": item.get("modelAnswer")}
    return {}


PARTIAL_CREDIT_KINDS = (ChoiceQuestion, MatchingQuestion, OrderingQuestion, FillInBlanksQuestion)


def _question(
    quiz: Quiz, question: Question[str], source: LocaleInfo, answers: bool, media: MediaFiles
) -> dict[str, Any]:
    item: dict[str, Any] = {"id": question.id, "type": question.type.value, "prompt": question.prompt}
    if question.image is not None:
        item["image"] = image_fields(question.image, media)
    if question.fell_back:
        item["lang"] = source.tag
        item["dir"] = source.direction
    texts = _kind_fields(quiz, question, item, answers, media)
    if answers:
        item["explanation"] = question.explanation
        if question.explanation_image is not None:
            item["explanationImage"] = image_fields(question.explanation_image, media)
        if isinstance(question, PARTIAL_CREDIT_KINDS) and question.partial_credit:
            item["partialCredit"] = True
    found = segments({"prompt": question.prompt})
    if isinstance(question, FillInBlanksQuestion):
        found["text"] = _fill_segments(question.text)
    found.update(segments({**texts, "explanation": item.get("explanation")}))
    if found:
        item["segments"] = found
    return item


def bundle(localized: LocalizedQuiz, answers: bool = True, media: MediaFiles | None = None) -> dict[str, Any]:
    """The bundle of one quiz in one locale; its images' files are added to ``media``, which the caller
    copies (their ``src`` is their path inside the format's folder)."""
    source = localized.source
    media = media if media is not None else MediaFiles()
    questions = [
        _question(localized.quiz, question, source, answers, media) for question in localized.questions
    ]
    document: dict[str, Any] = {
        "format": FORMAT_NAME,
        "formatVersion": FORMAT_VERSION,
        "quiz": localized.quiz.id,
        "locale": localized.locale.tag,
        "dir": localized.locale.direction,
        "sourceLocale": source.tag,
        "numberingSystem": localized.locale.numbering_system,
        "pluralCategories": list(localized.locale.plural_categories),
        "level": localized.quiz.level.value,
        "levelLabel": localized.level_label,
        "guide": localized.quiz.guide,
        "title": localized.title,
        "description": localized.description,
        "answers": answers,
        "questions": questions,
        "messages": {message.name: _message(message) for message in localized.messages},
        "fallback": {
            "policy": localized.policy.value,
            "questions": list(localized.fallen_back_questions),
            "omitted": list(localized.omitted),
            "texts": list(localized.fallen_back_texts),
            "messages": [message.name for message in localized.messages if message.fell_back],
        },
    }
    _with_segments(document, {"title": localized.title, "description": localized.description})
    document["contentHash"] = content_hash(document)
    return document


def render(document: dict[str, Any]) -> bytes:
    """A JSON file as quizkit's JSON formats write it (bundles, i18next resources): UTF-8, two-space
    indent, one final newline."""
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


class JsonBundleExporter(BaseExporter):
    name = "json"
    description = "one self-contained JSON bundle per quiz and locale"
    presents_quiz = True
    omits_answers = True
    question_types = ALL_QUESTION_TYPES

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        suffix = ".json" if request.answers else ".no-answers.json"
        media = MediaFiles()
        for localized in request.every_localized():
            yield OutputFile.of_quiz(localized, suffix, render(bundle(localized, request.answers, media)))
        yield from media.outputs()
