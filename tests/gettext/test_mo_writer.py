"""Compiled catalogs answer every lookup exactly as msgfmt's do."""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
from pathlib import Path

import pytest

from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.gettext.mo_writer import compile_mo
from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.po_writer import format_po

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "locales").rglob("*.po"))
needs_msgfmt = pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed"
)


def mixed_catalog() -> Catalog:
    header = Header(
        (
            ("Language", "ur"),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
            ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
        )
    )
    return Catalog(
        header,
        (
            CatalogEntry(msgid="Yes", msgstr="ہاں", context="q1.options.a"),
            CatalogEntry(msgid="Yes", msgstr="جی ہاں", context="q2.options.a"),
            CatalogEntry(msgid="Plain", msgstr="سادہ"),
            CatalogEntry(msgid="Fuzzy", msgstr="دھندلا", context="f", flags=("fuzzy",)),
            CatalogEntry(msgid="Empty", msgstr="", context="e"),
            CatalogEntry(
                msgid="{count} question",
                msgid_plural="{count} questions",
                msgstr_plural=("{count} سوال", "{count} سوالات"),
                context="ui.question-count",
            ),
            CatalogEntry(msgid="Gone", msgstr="گیا", context="g", obsolete=True),
        ),
    )


def lookups(translations: gettext.GNUTranslations, catalog: Catalog) -> list[object]:
    results: list[object] = []
    for entry in catalog.entries:
        if entry.is_plural:
            for number in (0, 1, 2, 8):
                results.append(
                    translations.npgettext(entry.context or "", entry.msgid, entry.msgid_plural or "", number)
                )
        elif entry.context is None:
            results.append(translations.gettext(entry.msgid))
        else:
            results.append(translations.pgettext(entry.context, entry.msgid))
    results.append(translations.info())
    return results


def compare_with_msgfmt(catalog: Catalog, tmp_path: Path, use_fuzzy: bool = False) -> None:
    source = tmp_path / "catalog.po"
    source.write_text(format_po(catalog), encoding="utf-8")
    arguments = ["msgfmt", "-o", str(tmp_path / "gnu.mo"), str(source)]
    if use_fuzzy:
        arguments.insert(1, "--use-fuzzy")
    subprocess.run(arguments, check=True)
    gnu = gettext.GNUTranslations(io.BytesIO((tmp_path / "gnu.mo").read_bytes()))
    ours = gettext.GNUTranslations(io.BytesIO(compile_mo(catalog, use_fuzzy=use_fuzzy)))
    assert lookups(ours, catalog) == lookups(gnu, catalog)
    assert ours._catalog == gnu._catalog  # type: ignore[attr-defined]


@needs_msgfmt
@pytest.mark.parametrize("use_fuzzy", [False, True])
def test_mixed_catalog_matches_msgfmt(tmp_path: Path, use_fuzzy: bool) -> None:
    compare_with_msgfmt(mixed_catalog(), tmp_path, use_fuzzy)


@needs_msgfmt
@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_shipped_catalogs_match_msgfmt(path: Path, tmp_path: Path) -> None:
    compare_with_msgfmt(parse_po(path.read_text(encoding="utf-8"), path.name), tmp_path)


def test_contexts_keep_equal_texts_apart() -> None:
    translations = gettext.GNUTranslations(io.BytesIO(compile_mo(mixed_catalog())))
    assert translations.pgettext("q1.options.a", "Yes") == "ہاں"
    assert translations.pgettext("q2.options.a", "Yes") == "جی ہاں"
    assert translations.pgettext("f", "Fuzzy") == "Fuzzy"
    assert (
        translations.npgettext("ui.question-count", "{count} question", "{count} questions", 1)
        == "{count} سوال"
    )
    assert (
        translations.npgettext("ui.question-count", "{count} question", "{count} questions", 8)
        == "{count} سوالات"
    )
