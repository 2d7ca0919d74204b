"""``xliff``: XLIFF 2.1 per target locale and domain, ``xliff/<locale>/<domain>.xlf``, for CAT tools.

See :mod:`toolkit.interchange.xliff_document` for the mapping; ``quizkit import-xliff`` brings the translations back.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from toolkit.exporters.base import CatalogExporter, ExportError, ExportRequest
from toolkit.gettext.catalog import Catalog
from toolkit.interchange.xliff_document import XliffError, catalog_to_xliff
from toolkit.text.locale_info import bcp47


class XliffExporter(CatalogExporter):
    name = "xliff"
    description = "XLIFF 2.1 per target locale and domain, for CAT tools"

    def catalog_file(
        self, request: ExportRequest, locale: str, domain: str, catalog: Catalog
    ) -> tuple[PurePosixPath, bytes]:
        original = f"locales/{locale}/LC_MESSAGES/{domain}.po"
        try:
            data = catalog_to_xliff(
                catalog, domain, locale, bcp47(request.source_locale), bcp47(locale), original
            )
        except XliffError as error:
            where = original if error.line is None else f"{original}:{error.line}"
            raise ExportError(f"{where}: {error.message}") from None
        return PurePosixPath(bcp47(locale)) / f"{domain}.xlf", data
