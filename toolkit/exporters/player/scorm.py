"""``scorm``: the HTML player as a SCORM 1.2 package, ``scorm/<quiz>.zip``, one per quiz holding every
locale.

The package holds the player page of each locale as the ``html`` format builds it
(:func:`toolkit.exporters.player.html.player_page`), beside the launch page instead of one folder below it, with
the SCORM adapter (``player/scorm.js`` and ``player/scorm_player.js``, one script) after the player's
script and the package's settings (the mastery score) in a JSON element, ``scorm-settings``; a launch
page, ``index.html``, that picks the learner's language from ``cmi.student_preference.language`` (the
same tag, else the same language, else the source locale) and lists every locale for a learner without
script; one copy of the stylesheet and of the two scripts, ``assets/player-<hash>.css``,
``assets/player-<hash>.js`` and ``assets/scorm-<hash>.js`` (:mod:`toolkit.exporters.player.assets`),
shared by all the pages; and ``imsmanifest.xml`` (:mod:`toolkit.exporters.player.scorm_manifest`), one SCO with
``adlcp:masteryscore`` from the format's ``mastery-score`` setting, listing every file. The scripts are the
same in every package (the settings are data), so an LMS that caches them by name serves one copy. The
player's own switch between locales stays: the session stays open across it.

What the adapter records, and how it saves and resumes an attempt, is in ``docs/exports.md``. Like the
``html`` pages, the package carries the answer key (the page grades in the browser), so there is no
delivery variant.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal
from pathlib import PurePosixPath
from typing import Any, ClassVar

from lxml import etree

from toolkit.exporters.archive import package
from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportRequest, OutputFile
from toolkit.exporters.media import MediaFiles
from toolkit.exporters.player.assets import Asset, player_code, player_stylesheet, scorm_code
from toolkit.exporters.player.html import (
    append_segments,
    end_body,
    locale_item,
    page_head,
    plain_title,
    player_page,
    segments,
    serialize_page,
)
from toolkit.exporters.player.scorm_manifest import LAUNCH_PAGE, manifest, mastery_text
from toolkit.localization import LocalizedQuiz

LAUNCH_DATA_ID = "scorm-launch"
SETTINGS_ID = "scorm-settings"

__all__ = ["ScormExporter", "launch_page", "package_assets", "player_settings", "scorm_package"]


def package_assets() -> list[Asset]:
    """The files every package holds once, for all its pages."""
    return [player_stylesheet(), player_code(), scorm_code()]


def player_settings(mastery_score: Decimal) -> dict[str, str]:
    """What the adapter reads from a player page's ``scorm-settings`` element: the package's mastery
    score, for an LMS that does not pass ``cmi.student_data.mastery_score`` on."""
    return {"masteryScore": mastery_text(mastery_score)}


def launch_page(every: Sequence[LocalizedQuiz]) -> bytes:
    """The SCO's entry point: it opens the session and goes to the learner's language; without script,
    a link per locale."""
    source = every[0]
    direction = source.locale.direction
    html = etree.Element("html", lang=source.locale.tag, dir=direction)
    page_head(html, plain_title(source.title, direction), 0, True)
    body = etree.SubElement(html, "body")
    main = etree.SubElement(body, "main", {"class": "index"})
    latin_lang = source.locale.tag if direction == "ltr" else "en"
    append_segments(etree.SubElement(main, "h1"), segments(source.title, direction), latin_lang)
    listing = etree.SubElement(main, "ul")
    for localized in every:
        locale_item(listing, localized.locale, f"{localized.locale.tag}.html", {"data-locale-link": ""})
    data: dict[str, Any] = {
        "locales": [localized.locale.tag for localized in every],
        "source": source.locale.tag,
    }
    # The adapter's session script sees the launch data and goes on to the learner's language.
    end_body(body, {LAUNCH_DATA_ID: data}, [scorm_code()], 0)
    return serialize_page(html)


def scorm_package(every: Sequence[LocalizedQuiz], mastery_score: Decimal) -> bytes:
    """The zip of one quiz in every locale (``every``: source first)."""
    settings = {SETTINGS_ID: player_settings(mastery_score)}
    media = MediaFiles()
    files = [(LAUNCH_PAGE, launch_page(every))]
    files += [
        (
            f"{localized.locale.tag}.html",
            player_page(
                localized, every, True, depth=0, host_scripts=[scorm_code()], host_data=settings, media=media
            ),
        )
        for localized in every
    ]
    files += [(str(asset.path), asset.data) for asset in package_assets()]
    # The images of every locale, inside the package and in its manifest (SCORM 1.2 CAM: every file).
    files += [(str(output.path), output.data) for output in media.outputs()]
    source = every[0]
    listed = [name for name, _ in files]
    files.append(("imsmanifest.xml", manifest(source.quiz.id, source.title, listed, mastery_score)))
    return package(files)


class ScormExporter(BaseExporter):
    name = "scorm"
    description = "the quiz player as a SCORM 1.2 package per quiz, every locale inside"
    presents_quiz = True
    question_types = ALL_QUESTION_TYPES
    options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "mastery-score": {
            "title": "Mastery score",
            "description": (
                "The percentage a learner needs to pass a SCORM package (adlcp:masteryscore), from 0 to "
                "100 with at most two decimals."
            ),
            "type": "number",
            "minimum": 0,
            "maximum": 100,
            "multipleOf": 0.01,
            "default": 80,
            "x-message": "{name} must be a percentage from 0 to 100 (such as 80 or 62.5), found {value!r}",
        }
    }

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        mastery_score = Decimal(str(self.option(request, "mastery-score")))
        for quiz, every in request.versions_by_quiz():
            yield OutputFile(
                PurePosixPath(f"{quiz.id}.zip"), scorm_package(every, mastery_score), quiz=quiz.id
            )
