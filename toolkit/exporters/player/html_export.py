"""The ``html`` export: a player page per quiz and locale (:mod:`toolkit.exporters.player.html`), the
index page (:mod:`toolkit.exporters.player.index_page`), the images they show and the player's assets.

Apart from the two pages' modules because the index page is built of the player page's parts: the
export that writes both imports each, and neither imports it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePosixPath

from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportRequest, OutputFile
from toolkit.exporters.media import MediaFiles
from toolkit.exporters.player.html import asset_outputs, player_page
from toolkit.exporters.player.index_page import index_page


class HtmlExporter(BaseExporter):
    name = "html"
    description = "a static quiz player page per quiz and locale, and an index page"
    presents_quiz = True
    # A static page cannot keep the answer key secret: there is no delivery variant (omits_answers is
    # not declared), so --no-answers leaves html out, saying so, or refuses it by name.
    question_types = ALL_QUESTION_TYPES

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        if not request.answers:
            return  # never asked (see above); a page without the key would be no page at all
        pages = 0
        media = MediaFiles()
        for quiz, every in request.versions_by_quiz():
            for localized in every:
                pages += 1
                yield OutputFile(
                    PurePosixPath(quiz.id) / f"{localized.locale.tag}.html",
                    player_page(localized, every, media=media),
                    quiz=quiz.id,
                )
        yield from media.outputs()
        if request.shared:
            pages += 1
            yield OutputFile(PurePosixPath("index.html"), index_page(request))
        if pages:
            # With every export that writes a page, shared or not: the pages of `quizkit export --quiz`
            # must work without an earlier export of the whole project (and after a change of player).
            # They depend on no quiz (quiz None); a build records them with the shared files.
            yield from asset_outputs()
