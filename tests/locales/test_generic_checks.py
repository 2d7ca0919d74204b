"""The generic checks on correct Arabic, Persian and Hindi (``generic/cases.yaml``): a plural form that
stands for one number may drop the count, and an acronym's English plural (GPUs) is kept as the acronym
the language inflects in its own way (وحدات GPU, GPUها); numbers are values written with each locale's
separators (``0.5`` in English is ``0,5`` in French; ``source-locale`` names the source's, English by
default)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from toolkit.checks.registry import registered_checks
from toolkit.checks.runner import check_catalog
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header

CASES = Path(__file__).parent / "generic" / "cases.yaml"


def cases() -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in yaml.safe_load(CASES.read_text(encoding="utf-8"))]


def entry(case: dict[str, Any]) -> CatalogEntry:
    key = case.get("key", "quiz.questions.q.prompt")
    if isinstance(case["source"], str):
        return CatalogEntry(msgid=case["source"], msgstr=case["translation"], context=key)
    one, other = case["source"]
    return CatalogEntry(
        msgid=one,
        msgid_plural=other,
        msgstr_plural=tuple(case["translation"]),
        context="ui.question-count",
        flags=("python-brace-format",),
        extracted_comments=("The plural form is chosen by the number {count}.",),
    )


@pytest.mark.parametrize("case", cases())
def test_generic_findings(case: dict[str, Any]) -> None:
    header = Header((("Language", case["locale"]), ("Plural-Forms", case["plural-forms"])))
    catalog = Catalog(header, (entry(case),))
    source_locale = case.get("source-locale", "en")
    diagnostics = check_catalog(
        catalog, "x.po", case["locale"], None, source_locale=source_locale
    ).diagnostics
    generic = {item.info.id for item in registered_checks() if item.pack is None}
    assert [f"{d.code}: {d.message}" for d in diagnostics if d.code in generic] == case["findings"]
