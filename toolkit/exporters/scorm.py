"""``scorm``: the HTML player as a SCORM 1.2 package, ``scorm/<quiz>.zip``, one per quiz holding every
locale.

The package holds the player page of each locale exactly as the ``html`` format builds it
(:func:`toolkit.exporters.html.player_page`), with the SCORM adapter (``player/scorm.js`` and
``player/scorm_player.js``) appended to its inline script; a launch page, ``index.html``, that picks the
learner's language from ``cmi.student_preference.language`` (the same tag, else the same language, else
the source locale) and lists every locale for a learner without script; and ``imsmanifest.xml``
(:mod:`toolkit.exporters.scorm_manifest`), one SCO with ``adlcp:masteryscore`` from the project's
``scorm-mastery-score``. The player's own switch between locales stays: the session stays open across it.

What the adapter records, and how it saves and resumes an attempt, is in ``docs/exports.md``. Like the
``html`` pages, the package carries the answer key (the page grades in the browser), so there is no
delivery variant.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from decimal import Decimal
from pathlib import PurePosixPath
from typing import Any, ClassVar

from lxml import etree

from toolkit.exporters.archive import package
from toolkit.exporters.base import ALL_QUESTION_TYPES, ExportRequest, OutputFile
from toolkit.exporters.html import (
    _append_segments,
    _head,
    _serialize,
    autonym,
    plain_title,
    player_asset,
    player_page,
    script_json,
    segments,
)
from toolkit.exporters.scorm_manifest import LAUNCH_PAGE, manifest, mastery_text
from toolkit.localization import LocalizedQuiz
from toolkit.model import QuestionType

LAUNCH_DATA_ID = "scorm-launch"

__all__ = ["ScormExporter", "adapter_script", "launch_page", "launch_script", "scorm_package"]


def adapter_script(mastery_score: Decimal) -> str:
    """The script a player page runs after the player: the session and the reporting, with the package's
    mastery score for an LMS that does not pass ``cmi.student_data.mastery_score`` on."""
    settings = json.dumps({"masteryScore": mastery_text(mastery_score)})
    return "\n".join(
        (
            f"var quizkitScormSettings = {settings};",
            player_asset("scorm.js"),
            player_asset("scorm_player.js"),
        )
    )


def launch_script() -> str:
    return player_asset("scorm.js") + "\nquizkitScorm.launch();\n"


def launch_page(every: Sequence[LocalizedQuiz]) -> bytes:
    """The SCO's entry point: it opens the session and goes to the learner's language; without script,
    a link per locale."""
    source = every[0]
    script = launch_script()
    direction = source.locale.direction
    html = etree.Element("html", lang=source.locale.tag, dir=direction)
    _head(html, plain_title(source.title, direction), script, player_asset("player.css"))
    body = etree.SubElement(html, "body")
    main = etree.SubElement(body, "main", {"class": "index"})
    latin_lang = source.locale.tag if direction == "ltr" else "en"
    _append_segments(etree.SubElement(main, "h1"), segments(source.title, direction), latin_lang)
    listing = etree.SubElement(main, "ul")
    for localized in every:
        item = etree.SubElement(listing, "li", lang=localized.locale.tag, dir=localized.locale.direction)
        link = etree.SubElement(
            item,
            "a",
            {
                "href": f"{localized.locale.tag}.html",
                "hreflang": localized.locale.tag,
                "data-locale-link": "",
            },
        )
        link.text = autonym(localized.locale.tag)
    data: dict[str, Any] = {
        "locales": [localized.locale.tag for localized in every],
        "source": source.locale.tag,
    }
    etree.SubElement(body, "script", type="application/json", id=LAUNCH_DATA_ID).text = script_json(data)
    etree.SubElement(body, "script").text = script
    return _serialize(html)


def scorm_package(every: Sequence[LocalizedQuiz], mastery_score: Decimal) -> bytes:
    """The zip of one quiz in every locale (``every``: source first)."""
    adapter = adapter_script(mastery_score)
    files = [(LAUNCH_PAGE, launch_page(every))]
    files += [
        (f"{localized.locale.tag}.html", player_page(localized, every, True, host_script=adapter))
        for localized in every
    ]
    source = every[0]
    listed = [name for name, _ in files]
    files.append(("imsmanifest.xml", manifest(source.quiz.id, source.title, listed, mastery_score)))
    return package(files)


class ScormExporter:
    name: ClassVar[str] = "scorm"
    description: ClassVar[str] = "the quiz player as a SCORM 1.2 package per quiz, every locale inside"
    presents_quiz: ClassVar[bool] = True
    question_types: ClassVar[frozenset[QuestionType]] = ALL_QUESTION_TYPES

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for quiz in request.content.quizzes:
            if not request.includes(quiz.id):
                continue
            every = request.versions(quiz.id)
            if every:
                yield OutputFile(
                    PurePosixPath(f"{quiz.id}.zip"), scorm_package(every, request.mastery_score), quiz=quiz.id
                )
