"""``xliff``: XLIFF 2.1 per target locale and domain, ``xliff/<locale>/<domain>.xlf``, for CAT tools.

See :mod:`toolkit.interchange.xliff_document` for the mapping; ``quizkit import-xliff`` brings the translations back.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import ClassVar

from toolkit.exporters.base import ALL_QUESTION_TYPES, BaseExporter, ExportError, ExportRequest, OutputFile
from toolkit.interchange.xliff_document import XliffError, catalog_to_xliff
from toolkit.model import QuestionType
from toolkit.text.locale_info import bcp47


class XliffExporter(BaseExporter):
    name: ClassVar[str] = "xliff"
    description: ClassVar[str] = "XLIFF 2.1 per target locale and domain, for CAT tools"
    presents_quiz: ClassVar[bool] = False
    question_types: ClassVar[frozenset[QuestionType]] = ALL_QUESTION_TYPES
    """A catalog format: it carries every text of every kind by its key."""

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for locale, domain, quiz, catalog in request.catalogs_to_write():
            original = f"locales/{locale}/LC_MESSAGES/{domain}.po"
            try:
                data = catalog_to_xliff(
                    catalog, domain, locale, bcp47(request.source_locale), bcp47(locale), original
                )
            except XliffError as error:
                where = original if error.line is None else f"{original}:{error.line}"
                raise ExportError(f"{where}: {error.message}") from None
            yield OutputFile(PurePosixPath(bcp47(locale)) / f"{domain}.xlf", data, quiz=quiz)
