"""``quizkit serve``: a live preview of the project.

:mod:`.mirror` keeps a copy of the project's sources inside the preview folder, so that the build (and
the catalog update it runs) writes only there; :mod:`.session` rebuilds it and holds what the pages are
told; :mod:`.watcher` rebuilds on change; :mod:`.server` serves the pages with :mod:`.page`'s reload and
error overlay script, and :mod:`.translator`'s view, which edits the author's catalogs (:mod:`.editor`
saves, :mod:`.edit_answer` answers a save, :mod:`.entry_view` shows an entry with
:mod:`.translation_aids`); :mod:`.security` decides who may read and write.
"""

from toolkit.preview.server import PreviewServer
from toolkit.preview.session import PREVIEW_FOLDER, PreviewSession, PreviewState, Problem

__all__ = ["PREVIEW_FOLDER", "PreviewServer", "PreviewSession", "PreviewState", "Problem"]
