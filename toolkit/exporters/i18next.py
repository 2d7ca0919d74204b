"""``i18next``: i18next v4 JSON resources, one file per locale and namespace.

Layout: ``i18next/<locale>/<namespace>.json``, with the quiz id and ``ui`` as namespaces. Keys nest by
key segment without the namespace (``questions.gpu-holds.options.full-replica``); placeholders become
``{{name}}``; plural messages get ``_one``/``_other`` (every CLDR category of the locale) selected by
``count``. Option feedback, whose key extends its option's key, uses i18next's context suffix:
``options.<id>_feedback`` (``t(key, {context: "feedback"})``). Fallen-back questions are included
whole in the source language, so i18next's per-key fallback never mixes languages inside one question;
``_meta`` records them with the locale's direction.

Every kind's texts are under the key grammar's keys; an accepted answer is its translation as it is (the
locale's accepted answers one per line). The delivery variant leaves out explanations, feedback,
accepted answers and model answers, and lists matching matches and ordering items as the JSON bundle
does (:mod:`toolkit.exporters.neutral_order`), matches under ``matches.<m>`` and items under
``items.<i>``, the bundle's delivery ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import Any

from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportError, ExportRequest, OutputFile
from toolkit.exporters.json_bundle import render
from toolkit.exporters.neutral_order import delivery_item_ids, neutral_items, neutral_matches
from toolkit.localization import LocalizedQuiz
from toolkit.model import ChoiceQuestion, Content, MatchingQuestion, OrderingQuestion, Question
from toolkit.text.message_format import i18next_interpolation

# Texts that are the answer key, or say what it is: left out of the delivery variant.
_KEY_TEXT = re.compile(r"^(explanation|model-answer|answers\.[^.]+|blanks\.[^.]+\.answers\.[^.]+)$")


def _set(tree: dict[str, Any], path: list[str], value: str) -> None:
    node = tree
    for segment in path[:-1]:
        child = node.setdefault(segment, {})
        if not isinstance(child, dict):
            raise ExportError(f"i18next: key {'.'.join(path)} collides with a text at {segment}")
        node = child
    node[path[-1]] = value


def _choice_texts(question: ChoiceQuestion[str], answers: bool) -> Iterator[tuple[str, str]]:
    yield "prompt", question.prompt
    for option in question.options:
        yield f"options.{option.id}", option.text
        if answers and option.feedback is not None:
            yield f"options.{option.id}_feedback", option.feedback
    if answers:
        yield "explanation", question.explanation


def _delivery_texts(localized: LocalizedQuiz, question: Question[str]) -> Iterator[tuple[str, str]]:
    """The texts of the delivery variant: no key, and nothing that names it. A match's key names its
    pair (``pairs.<p>.match``) and a distractor's says it is one, so matches are ``matches.<m>`` under
    the bundle's ids; ordering items come in the bundle's answer-independent order under its delivery
    ids (``items.<i>``), since an author's item ids can tell the order (step-1, first, a)."""
    if isinstance(question, MatchingQuestion):
        yield "prompt", question.prompt
        for pair in question.pairs:
            yield f"pairs.{pair.id}.prompt", pair.prompt
        for match in neutral_matches(localized.quiz, question):
            yield f"matches.{match.id}", match.text
        return
    if isinstance(question, OrderingQuestion):
        yield "prompt", question.prompt
        delivery_id = delivery_item_ids(localized.quiz, question)
        for item in neutral_items(localized.quiz, question):
            yield f"items.{delivery_id[item.id]}", item.text
        return
    for key, text in question.keyed_texts():
        if not _KEY_TEXT.match(key):
            yield key, text


def _question_texts(
    localized: LocalizedQuiz, question: Question[str], answers: bool
) -> Iterator[tuple[str, str]]:
    """(key relative to the question, text); accepted answers are their lines joined with newlines."""
    if isinstance(question, ChoiceQuestion):
        yield from _choice_texts(question, answers)
    elif answers:
        yield from question.keyed_texts()
    else:
        yield from _delivery_texts(localized, question)


def quiz_resources(localized: LocalizedQuiz, answers: bool) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    _set(tree, ["title"], localized.title)
    _set(tree, ["description"], localized.description)
    for question in localized.questions:
        for key, text in _question_texts(localized, question, answers):
            _set(tree, ["questions", question.id, *key.split(".")], text)
    tree["_meta"] = {
        "lang": localized.locale.tag,
        "dir": localized.locale.direction,
        "sourceLang": localized.source.tag,
        "fellBack": list(localized.fallen_back_questions),
        "omitted": list(localized.omitted),
    }
    return tree


def _refuse_plurals_not_by_count(content: Content) -> None:
    """Refuse, at its place in ui.yaml, a plural message selected by a placeholder other than
    ``count``: i18next picks a plural form by the ``count`` it is given, and by nothing else. The
    other formats name the selecting placeholder, so only this one refuses it (validate cannot)."""
    for message in content.interface.messages if content.interface is not None else ():
        if message.plural is not None and message.plural != "count":
            raise ExportError(
                f"{message.origin}: ui.{message.name} selects its plural form by {{{message.plural}}}, but "
                "i18next selects plural forms by {count} only; name the placeholder count, or leave i18next "
                "out of the formats"
            )


def ui_resources(localized: LocalizedQuiz) -> dict[str, Any]:
    tree: dict[str, Any] = {}
    for message in localized.messages:
        if message.plural is None:
            tree[message.name] = i18next_interpolation(message.text or "")
            continue
        if message.plural != "count":  # the export refused it first (_refuse_plurals_not_by_count)
            raise ExportError(f"ui.{message.name}: i18next selects plurals by count, not by {message.plural}")
        for category, text in message.forms:
            tree[f"{message.name}_{category}"] = i18next_interpolation(text)
    return tree


DELIVERY_FOLDER = "no-answers"
"""Where the delivery variant goes inside i18next/: ``no-answers/<locale>/<namespace>.json``."""


class I18nextExporter(BaseExporter):
    name = "i18next"
    description = "i18next v4 JSON resources per locale and namespace"
    presents_quiz = True
    omits_answers = True
    question_types = ALL_QUESTION_TYPES

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        # The delivery variant lives in a folder of its own with the same layout, so both variants can be
        # in one dist/ and a frontend's load path differs by a prefix only (no-answers/{{lng}}/{{ns}}.json).
        variant = PurePosixPath() if request.answers else PurePosixPath(DELIVERY_FOLDER)
        _refuse_plurals_not_by_count(request.content)  # before any file, in every worker of a build
        for locale in request.locales:
            for localized in request.quizzes_in(locale):
                folder = variant / localized.locale.tag
                yield OutputFile(
                    folder / f"{localized.quiz.id}.json",
                    render(quiz_resources(localized, request.answers)),
                    quiz=localized.quiz.id,
                )
            # The interface namespace is the same in every quiz of a locale: any one of them gives it.
            if not request.shared:
                continue
            first = next(
                (quiz for quiz in request.content.quizzes if (quiz.id, locale) in request.localized), None
            )
            if first is not None:
                localized = request.localized[(first.id, locale)]
                yield OutputFile(variant / localized.locale.tag / "ui.json", render(ui_resources(localized)))
