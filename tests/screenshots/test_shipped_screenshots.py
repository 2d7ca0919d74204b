"""The shipped project's screenshots, as committed (no browser): every entry of its Urdu catalogs has its
screenshot in English and Urdu, listed in the manifest of the screenshots quizkit wrote (issue 40's "done
when": every translatable string of the player has a screenshot in en and ur)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit.gettext.po_reader import read_po
from toolkit.screenshots.screenshot_run import MANIFEST

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = sorted((ROOT / "locales/ur/LC_MESSAGES").glob("*.po"))


def catalog_keys() -> list[str]:
    keys = []
    for path in CATALOGS:
        catalog = read_po(path.read_bytes(), path.name)
        keys += [entry.context for entry in catalog.entries if entry.context and not entry.obsolete]
    return keys


def test_the_shipped_catalogs_have_entries() -> None:
    assert [path.name for path in CATALOGS] == ["data-parallel.po", "gradient-sync.po", "ui.po"]
    assert len(catalog_keys()) == 140


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_entry_of_the_shipped_catalogs_has_a_screenshot(locale: str) -> None:
    written = set(json.loads((ROOT / "screenshots" / MANIFEST).read_text(encoding="utf-8"))["written"])
    missing = [key for key in catalog_keys() if f"{locale}/{key}.png" not in written]
    assert missing == []
    absent = [key for key in catalog_keys() if not (ROOT / "screenshots" / locale / f"{key}.png").is_file()]
    assert absent == []
