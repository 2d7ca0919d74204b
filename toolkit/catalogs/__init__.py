"""Gettext catalogs: the catalog model, PO and MO files, XLIFF, extraction, key-aware merging, statistics.

The names below are the stable library API (``docs/api.md``); the modules behind them may move.
"""

from toolkit.catalogs.catalog import FUZZY, Catalog, CatalogEntry, Header
from toolkit.catalogs.extraction import extract_templates
from toolkit.catalogs.merge import MergeError, MergeSummary, merge
from toolkit.catalogs.mo_writer import compile_mo
from toolkit.catalogs.po_reader import PoSyntaxError, read_po
from toolkit.catalogs.po_writer import format_po, write_po
from toolkit.catalogs.statistics import CatalogStatistics, catalog_statistics

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
