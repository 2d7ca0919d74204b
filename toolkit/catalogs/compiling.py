"""``quizkit compile``: every catalog of the project to ``locales/<locale>/LC_MESSAGES/<domain>.mo``, the
files applications read, under the release gate as ``build`` and ``export`` publish (:mod:`.project` reads
the catalogs; :mod:`.mo_writer` writes the bytes).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.statistics import CatalogStatistics, catalog_statistics
from toolkit.catalogs.workflow import (
    CatalogError,
    FileOutcome,
    Outcomes,
    _locales,
    template_domains,
    validated_catalog_read,
)
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path
from toolkit.files import refuse_unwritable, write_bytes_atomic
from toolkit.gettext.mo_writer import compile_mo


def compile_catalogs(
    config: ProjectConfig,
    locales: Sequence[str] | None = None,
    *,
    use_fuzzy: bool = False,
    jobs: int = 1,
) -> Outcomes:
    """Compile every catalog that has a template; with ``jobs`` > 1, many catalogs share the processes.

    Every catalog is read and compiled before the first .mo is written. Under the release gate
    (``require = "approved"``) only approved translations are compiled, as ``build`` and ``export``
    publish them; ``use_fuzzy`` then cannot apply (a fuzzy entry is never approved).
    """
    from toolkit.concurrency.workers import run_in_slices

    layout = CatalogLayout.for_project(config)
    domains = template_domains(config)
    sources = [(locale, domain) for locale in _locales(config, locales) for domain in domains]
    for locale, domain in sources:
        source = layout.catalog(locale, domain)
        if not source.exists():
            raise CatalogError(display_path(source), None, "catalog missing; run quizkit update to create it")

    def compile_some(some: list[tuple[str, str]]) -> list[tuple[Path, bytes, CatalogStatistics]]:
        done = []
        for locale, domain in some:
            catalog = validated_catalog_read(layout.catalog(locale, domain), locale, refuse_empty=True)[0]
            done.append(
                (
                    layout.compiled(locale, domain),
                    compile_mo(catalog, use_fuzzy=use_fuzzy, require_approved=config.require_approved),
                    catalog_statistics(catalog),
                )
            )
        return done

    # Forking pays only for many catalogs; a small project compiles at once in this process.
    workers = jobs if len(sources) >= 32 else 1
    compiled = run_in_slices(compile_some, sources, workers)
    for path, data, _ in compiled:
        refuse_unwritable(path, data)
    return Outcomes(
        tuple(
            FileOutcome(
                path, write_bytes_atomic(path, data), _compiled_detail(statistics, config.require_approved)
            )
            for path, data, statistics in compiled
        )
    )


def _compiled_detail(statistics: CatalogStatistics, require_approved: bool) -> str:
    if not require_approved:
        return f"{statistics.translated} of {statistics.total} messages translated"
    held_back = statistics.translated - statistics.approved
    return (
        f"{statistics.approved} of {statistics.total} messages approved; "
        f'{held_back} translated but not approved left out (require = "approved")'
    )
