"""``i18next``: i18next v4 JSON resources, one file per locale and namespace.

Layout: ``i18next/<locale>/<namespace>.json``, with the quiz id and ``ui`` as namespaces. Keys nest by
key segment without the namespace (``questions.gpu-holds.options.full-replica``); placeholders become
``{{name}}``; plural messages get ``_one``/``_other`` (every CLDR category of the locale) selected by
``count``. Option feedback, whose key extends its option's key, uses i18next's context suffix:
``options.<id>_feedback`` (``t(key, {context: "feedback"})``). Fallen-back questions are included
whole in the source language, so i18next's per-key fallback never mixes languages inside one question;
``_meta`` records them with the locale's direction.

Every kind's texts are under the key grammar's keys; an accepted answer is its translation as it is (the
locale's accepted answers one per line). The delivery variant leaves out the texts the model declares
answer key (explanations, feedback, accepted answers, model answers), and lists matching matches and
ordering items as the JSON bundle does (:mod:`toolkit.exporters.neutral_order`), matches under
``matches.<m>`` and items under ``items.<i>``, the bundle's delivery ids. No kind has code of its own
here: its texts and which of them are the answer key follow from its fields.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import PurePosixPath
from typing import Any

from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportError, ExportRequest, OutputFile
from toolkit.exporters.json_bundle import render
from toolkit.exporters.neutral_order import delivery_texts
from toolkit.localization import LocalizedQuiz
from toolkit.model import Content, Question, Quiz
from toolkit.text.message_format import i18next_interpolation


def _set(tree: dict[str, Any], path: list[str], value: str) -> None:
    node = tree
    for index, segment in enumerate(path[:-1]):
        child = node.setdefault(segment, {})
        if isinstance(child, str) and index == len(path) - 2:
            # A text whose key extends another text's by one segment (an option's feedback) is that
            # text in a context: i18next's context suffix, t("options.a", {context: "feedback"}).
            node[f"{segment}_{path[-1]}"] = value
            return
        if not isinstance(child, dict):
            raise ExportError(f"i18next: key {'.'.join(path)} collides with a text at {segment}")
        node = child
    node[path[-1]] = value


def _question_texts(
    localized: LocalizedQuiz, question: Question[str], answers: bool
) -> Iterator[tuple[str, str]]:
    """(key relative to the question, text); accepted answers are their lines joined with newlines."""
    return question.keyed_texts() if answers else delivery_texts(localized.quiz, question)


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

    @staticmethod
    def export_notes(quizzes: Sequence[Quiz]) -> Iterator[str]:
        # Resources are texts only: an image's file and each locale's own are the bundle's (json), so a
        # frontend reading i18next alone must be told where they are rather than find no path.
        from toolkit.exporters.media import question_images

        if any(question_images(question, answers=True) for quiz in quizzes for question in quiz.questions):
            yield (
                "format i18next carries the alt texts of images, not their files: each image's file, and each "
                "locale's own, are in the JSON bundle (export -f json: the src of each image in "
                "json/<quiz>/<locale>.json)"
            )

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
