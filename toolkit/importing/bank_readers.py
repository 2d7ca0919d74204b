"""The bank readers registered under the ``quizkit.importers`` entry points, and picking one for a file.

Built-in readers are registered in pyproject.toml exactly as a plugin's would be, and reached only
through the registry (:mod:`toolkit.plugins`). ``quizkit import`` without ``--from`` asks each reader
whether it recognizes the file (:meth:`BankReader.detects`, given the file's first bytes); exactly one
must. A scraped page has no mark of its own: a text file no reader recognizes is read as one (the page
import that ``quizkit import`` was before banks), while a package, a folder or an XML file no reader
recognizes is refused, naming the formats quizkit knows.
"""

from __future__ import annotations

from pathlib import Path
from typing import cast

from toolkit.errors import QuizkitError
from toolkit.files import read_regular_file_head
from toolkit.importing.bank import ZIP_MAGIC, BankError, BankReader, head_text
from toolkit.importing.package_files import MANIFEST, open_package, package_signature
from toolkit.plugins import PluginLoadError, load_plugin, plugin_names

ENTRY_POINT_GROUP = "quizkit.importers"
PAGE = "page"
"""The ``--from`` value of a scraped quiz page (toolkit/importing/plan.py), which is not a bank."""
HEAD_BYTES = 64 * 1024
"""How much of a file the readers see to recognize it: enough for an XML prolog and root element, the
first questions of a text format, and a zip's first member header."""


class BankFormatError(QuizkitError):
    """The format of a bank cannot be told or is not known: the message names the formats there are."""


def reader_names() -> tuple[str, ...]:
    """Every registered bank format; nothing is imported until one is used."""
    return plugin_names(ENTRY_POINT_GROUP)


def format_names() -> tuple[str, ...]:
    """The ``--from`` values: every bank format and ``page``."""
    return (*reader_names(), PAGE)


def load_reader(name: str) -> type[BankReader]:
    """The reader registered as ``name``; :class:`BankFormatError` for an unknown one,
    :class:`~toolkit.plugins.PluginLoadError` for one that does not load."""
    reader = load_plugin(ENTRY_POINT_GROUP, name, "bank reader")
    if reader is None:
        raise BankFormatError(f"unknown format {name!r}; available: {', '.join(format_names())}")
    return cast("type[BankReader]", reader)


def file_head(path: Path) -> bytes:
    """The first bytes of ``path`` (empty for a folder), as :meth:`BankReader.detects` is given them.

    Opened without blocking and checked on its descriptor, as :func:`toolkit.files.read_regular_file`
    does: a FIFO or a device given as the bank is refused, never waited on or read without end."""
    if path.is_dir():
        return b""
    return read_regular_file_head(path, HEAD_BYTES)


def _looks_like_text(path: Path, head: bytes) -> bool:
    """Whether ``path`` may be a scraped page: a file of text (the page import judges its encoding), not
    a package, a folder or a markup document."""
    if path.is_dir() or head.startswith(ZIP_MAGIC) or head.lstrip(b" \t\r\n\x00").startswith(b"<"):
        return False
    text = head_text(head)
    # Bytes holding NUL are no text, but the page import says so at their line.
    return text is None or not text.lstrip().startswith("<")


def detect_format(path: Path, display_name: str) -> str:
    """The name of the one format that recognizes ``path``: a registered reader, else ``page`` for a
    text file. :class:`BankFormatError` when several readers recognize it, or none does and it is not text;
    :class:`~toolkit.importing.bank.BankError` for an empty file, or a package that is damaged or made to harm."""
    head = file_head(path)
    text = head_text(head)
    # A byte order mark and white space alone are empty too (an editor saves an empty file so).
    if not path.is_dir() and (not head.strip(b" \t\r\n") or (text is not None and not text.strip())):
        raise BankError(
            display_name, None, "is empty: there is nothing to import; is the export or download complete?"
        )
    candidates = []
    for name in reader_names():
        try:
            reader = load_reader(name)
            recognized = reader.detects(path, head)
        except PluginLoadError:
            raise
        except Exception as error:  # a plugin's detection that fails must not hide the others
            raise PluginLoadError(
                f"bank reader plugin {name} failed to recognize {display_name}: {error}"
            ) from error
        if recognized:
            candidates.append(name)
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        choices = " or ".join(f"--from {name}" for name in candidates)
        raise BankFormatError(f"{display_name} could be {', '.join(candidates)}: say which with {choices}")
    if _looks_like_text(path, head):
        return PAGE
    signature = package_signature(path)
    if head.startswith(ZIP_MAGIC) or (
        signature is not None and (signature.has_manifest or not path.is_dir())
    ):
        # A package no reader recognizes may be one made to harm (its manifest a bomb, or a link) or
        # damaged (a download cut short, a manifest that does not unpack): that is refused for what it
        # is, as every package reader would refuse it, not as an unknown format. (Not any folder: one
        # that is no package at all is simply in no format.)
        package = open_package(path, display_name)
        if not package.members:  # a zip of its end record alone (a folder here holds a manifest)
            raise BankError(
                display_name,
                None,
                "is an empty zip: there is nothing to import; is the export or download complete?",
            )
        if package.has(MANIFEST):
            package.read(MANIFEST)
    raise BankFormatError(
        f"{display_name} is in no format quizkit recognizes; if it is a question bank, name its format "
        f"with --from (one of: {', '.join(format_names())})"
    )
