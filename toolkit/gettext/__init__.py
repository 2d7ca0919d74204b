"""The gettext core: catalogs as GNU gettext knows them, and nothing of quizzes.

The catalog model, PO files read and written as msgcat writes them, MO files as msgfmt writes them, the
merge of a template into a catalog (by key, or exactly as msgmerge), and approvals kept as translator
comments. It imports only itself, :mod:`toolkit.text`, the error root (:mod:`toolkit.errors`) and the
standard library (tests/test_architecture.py), so it could leave quizkit as a library of its own. ``toolkit.catalogs`` re-exports the names below, where
docs/api.md documents them.
"""

from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry, Header
from toolkit.gettext.merge import MergeError, MergeSummary, merge
from toolkit.gettext.mo_writer import compile_mo
from toolkit.gettext.po_reader import PoSyntaxError, read_po
from toolkit.gettext.po_writer import format_po, write_po

__all__ = [
    "FUZZY",
    "Catalog",
    "CatalogEntry",
    "Header",
    "MergeError",
    "MergeSummary",
    "PoSyntaxError",
    "compile_mo",
    "format_po",
    "merge",
    "read_po",
    "write_po",
]
