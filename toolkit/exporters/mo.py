"""``mo``: compiled gettext catalogs in the standard layout, ``mo/<locale>/LC_MESSAGES/<domain>.mo``.

Fuzzy and untranslated entries are left out, as msgfmt does; gettext then shows the source text for
them. Written for target locales only: the source locale needs no catalog.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import ClassVar

from toolkit.catalogs.mo_writer import compile_mo
from toolkit.exporters.base import ExportRequest, OutputFile


class MoExporter:
    name: ClassVar[str] = "mo"
    description: ClassVar[str] = "compiled gettext catalogs (<locale>/LC_MESSAGES/<domain>.mo)"
    presents_quiz: ClassVar[bool] = False

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        for (locale, domain), catalog in sorted(request.catalogs.items()):
            yield OutputFile(PurePosixPath(locale) / "LC_MESSAGES" / f"{domain}.mo", compile_mo(catalog))
