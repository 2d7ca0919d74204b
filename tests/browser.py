"""Headless Chromium for the browser tests: Debian's ``chromium`` driven by the ``playwright`` package
(the dev extra); the browser is never downloaded. A module that needs it calls :func:`require_chromium`
before its other imports: without the browser or playwright the module is skipped, with the reason (CI
installs both, and turns skips into failures)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
)


def require_chromium() -> ModuleType:
    """playwright's sync API, or a skip of the calling module naming what is missing."""
    if not CHROMIUM.exists():
        pytest.skip(
            "no browser: /usr/bin/chromium is missing (apt-get install chromium fonts-noto-core fontconfig)",
            allow_module_level=True,
        )
    return pytest.importorskip(
        "playwright.sync_api", reason="the playwright package is missing (pip install -e '.[dev]')"
    )


@contextmanager
def chromium(sync_api: ModuleType) -> Iterator[Any]:
    """One headless Chromium, closed afterwards."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(ARGS))
        try:
            yield browser
        finally:
            browser.close()
