"""``json``: one self-contained bundle per quiz and locale (schema/bundle.schema.json).

Layout: ``json/<quiz>/<locale>.json``; the delivery variant (``--no-answers``) is
``json/<quiz>/<locale>.no-answers.json``. Output is byte-identical for identical input, and carries a
SHA-256 hash of its canonical JSON (RFC 8785) so caches and CDNs can tell versions apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import Any, ClassVar

from toolkit.exporters.base import ExportRequest, OutputFile, choice_questions
from toolkit.exporters.canonical_json import content_hash
from toolkit.localization import LocalizedMessage, LocalizedQuiz
from toolkit.text.message_format import icu_plural
from toolkit.text.tokens import split_inline_code

FORMAT_NAME = "quizkit.bundle"
FORMAT_VERSION = 1


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
    """The texts that contain inline code, by field, as ``{"text": …}`` and ``{"code": …}`` pieces:
    a frontend renders code without parsing backticks itself (an unclosed backtick stays text)."""
    result: dict[str, list[dict[str, str]]] = {}
    for field, text in texts.items():
        if text is None:
            continue
        parts = split_inline_code(text)
        if any(is_code for _, is_code in parts):
            result[field] = [{"code" if is_code else "text": part} for part, is_code in parts]
    return result


def _with_segments(item: dict[str, Any], texts: dict[str, str | None]) -> None:
    found = segments(texts)
    if found:
        item["segments"] = found


def bundle(localized: LocalizedQuiz, answers: bool = True) -> dict[str, Any]:
    source = localized.source
    questions = []
    for question in choice_questions(localized):
        item: dict[str, Any] = {"id": question.id, "type": question.type.value, "prompt": question.prompt}
        if question.fell_back:
            item["lang"] = source.tag
            item["dir"] = source.direction
        options = []
        for option in question.options:
            entry: dict[str, Any] = {"id": option.id, "text": option.text}
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
            item["explanation"] = question.explanation
            if question.partial_credit:
                item["partialCredit"] = True
        _with_segments(item, {"prompt": question.prompt, "explanation": item.get("explanation")})
        questions.append(item)
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
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


class JsonBundleExporter:
    name: ClassVar[str] = "json"
    description: ClassVar[str] = "one self-contained JSON bundle per quiz and locale"
    presents_quiz: ClassVar[bool] = True
    omits_answers: ClassVar[bool] = True

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        suffix = ".json" if request.answers else ".no-answers.json"
        for locale in request.locales:
            for localized in request.quizzes_in(locale):
                path = PurePosixPath(localized.quiz.id) / f"{localized.locale.tag}{suffix}"
                yield OutputFile(path, render(bundle(localized, request.answers)), quiz=localized.quiz.id)
