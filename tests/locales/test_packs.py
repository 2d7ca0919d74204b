"""The Urdu, Arabic, Persian and Hindi packs on the cases a reviewer of each language would raise
(``cases/<locale>.yaml``): every finding of the pack's checks, exactly, and what ``--fix`` makes of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.checks.registry import registered_checks
from toolkit.checks.runner import check_catalog, fixed_translation
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.text.locale_packs import pack_for

CASES = Path(__file__).parent / "cases"


def cases() -> list[Any]:
    found = []
    for path in sorted(CASES.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            found.append(pytest.param(path.stem, case, id=f"{path.stem}-{case['name']}"))
    return found


def pack_check_ids(locale: str) -> set[str]:
    pack = pack_for(locale)
    assert pack is not None
    return {item.info.id for item in registered_checks() if item.pack is pack}


@pytest.mark.parametrize(("locale", "case"), cases())
def test_pack_findings(locale: str, case: dict[str, Any]) -> None:
    header = Header((("Language", locale), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))
    entry = CatalogEntry(msgid=case["source"], msgstr=case["translation"], context="quiz.questions.q.prompt")
    diagnostics = check_catalog(Catalog(header, (entry,)), "x.po", locale, None).diagnostics
    ids = pack_check_ids(locale)
    assert [f"{d.code}: {d.message}" for d in diagnostics if d.code in ids] == case["findings"]
    # The generic end-punctuation check leaves a Latin mark to the pack's own punctuation check.
    assert [d.code for d in diagnostics if d.code == "end-punctuation"] == []


@pytest.mark.parametrize(("locale", "case"), cases())
def test_pack_fixes(locale: str, case: dict[str, Any]) -> None:
    fixable = frozenset(item.info.id for item in registered_checks() if item.info.fixable)
    fixed = fixed_translation(case["translation"], locale, fixable)
    assert fixed == case.get("fixed", case["translation"])
    # A fixed text is clean: fixing it again changes nothing.
    assert fixed_translation(fixed, locale, fixable) == fixed
