"""quizkit's catalogs: extraction from quizzes, the project's catalog workflow, statistics.

The names below are the stable library API (``docs/api.md``); the modules behind them may move. The
catalog model, PO and MO files and the merge are the gettext core's (:mod:`toolkit.gettext`), re-exported
here where the API has always had them.
"""

from toolkit.catalogs.extraction import extract_templates
from toolkit.catalogs.statistics import CatalogStatistics, catalog_statistics
from toolkit.gettext import (
    FUZZY,
    Catalog,
    CatalogEntry,
    Header,
    MergeError,
    MergeSummary,
    PoSyntaxError,
    compile_mo,
    format_po,
    merge,
    read_po,
    write_po,
)

__all__ = [
    "FUZZY",
    "Catalog",
    "CatalogEntry",
    "CatalogStatistics",
    "Header",
    "MergeError",
    "MergeSummary",
    "PoSyntaxError",
    "catalog_statistics",
    "compile_mo",
    "extract_templates",
    "format_po",
    "merge",
    "read_po",
    "write_po",
]
