"""Gettext catalogs: the catalog model, PO and MO files, XLIFF, extraction, key-aware merging, statistics.

The names below are the stable library API (``docs/api.md``); the modules behind them may move.
"""

from toolkit.catalogs.extraction import extract_templates
from toolkit.catalogs.statistics import CatalogStatistics, catalog_statistics
from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry, Header
from toolkit.gettext.merge import MergeError, MergeSummary, merge
from toolkit.gettext.mo_writer import compile_mo
from toolkit.gettext.po_reader import PoSyntaxError, read_po
from toolkit.gettext.po_writer import format_po, write_po

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
