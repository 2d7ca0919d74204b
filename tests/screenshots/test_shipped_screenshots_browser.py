"""The shipped project's screenshots (screenshots/, committed): every string its player shows has one in
English and Urdu, the catalogs reference them, and taking them again changes no byte."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from screenshots.test_screenshot_run_browser import SLOW_MACHINE, catalog_keys
from support import run_quizkit, snapshot

ROOT = Path(__file__).resolve().parents[2]
if not Path("/usr/bin/chromium").exists():
    pytest.skip(
        "no browser: /usr/bin/chromium is missing (apt-get install chromium fonts-noto-core fontconfig)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("shipped")
    for folder in ("content", "locales", "screenshots"):
        shutil.copytree(ROOT / folder, project / folder, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", project / "pyproject.toml")
    return project


@pytest.mark.parametrize("locale", ["en", "ur"])
def test_every_string_the_shipped_player_shows_has_a_screenshot(shipped: Path, locale: str) -> None:
    taken = {path.name.removesuffix(".png") for path in (shipped / "screenshots" / locale).glob("*.png")}
    # Every string, the shipped quizzes showing what the fixture of every kind does not (a guide line,
    # the verdict and score of partial credit).
    assert taken == catalog_keys(shipped)


def test_taking_the_shipped_screenshots_again_changes_no_byte(shipped: Path) -> None:
    before = snapshot(shipped)
    result = run_quizkit(shipped, "screenshots", *SLOW_MACHINE)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == (
        "screenshots done: 280 screenshots in screenshots, 0 written, 0 catalogs updated"
    )
    after = snapshot(shipped)
    assert sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path)) == []
