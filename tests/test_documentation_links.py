"""Every relative link in the README, the contributing guide, the changelog and docs/ leads somewhere: the
file exists, and the #anchor, where one is given, is a heading of that file as GitHub names it.

Links to other sites are not fetched (the suite runs offline); links inside code are not links.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(
    [ROOT / "README.md", ROOT / "CONTRIBUTING.md", ROOT / "CHANGELOG.md", *(ROOT / "docs").glob("*.md")]
)

_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1")
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines outside fenced code blocks, with their numbers."""
    lines = []
    fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        opened = _FENCE.match(line)
        if fence is not None:
            if opened and opened.group(1) == fence:
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        lines.append((number, line))
    return lines


def links(page: Path) -> list[tuple[int, str]]:
    found = []
    for number, line in _prose_lines(page.read_text(encoding="utf-8")):
        reference = _REFERENCE.match(line)
        if reference:
            found.append((number, reference.group(1)))
            continue
        found += [(number, match.group(1)) for match in _LINK.finditer(_INLINE_CODE.sub("", line))]
    return found


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text lowercased, punctuation dropped, spaces made hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link counts by its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "").lower()
    kept = "".join(
        character for character in text if character in " -_" or unicodedata.category(character)[0] in "LNM"
    )
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of ``page``'s headings, the second of a name getting ``-1``, as GitHub numbers them."""
    seen: dict[str, int] = {}
    names = set()
    for _, line in _prose_lines(page.read_text(encoding="utf-8")):
        heading = _HEADING.match(line)
        if not heading:
            continue
        slug = _slug(heading.group(2))
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        names.add(slug if count == 0 else f"{slug}-{count}")
    names |= set(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", page.read_text(encoding="utf-8")))
    return names


def broken_links(page: Path) -> list[str]:
    broken = []
    for number, target in links(page):
        if _EXTERNAL.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        destination = (page.parent / unquote(path_part)).resolve() if path_part else page
        where = f"{page.relative_to(ROOT)}:{number}: {target}"
        if not destination.exists():
            broken.append(f"{where}: no such file")
        elif ROOT not in destination.parents and destination != ROOT:
            broken.append(f"{where}: outside the repository")
        elif anchor and destination.suffix == ".md" and unquote(anchor) not in anchors(destination):
            broken.append(f"{where}: no heading #{anchor} in {destination.relative_to(ROOT)}")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    assert broken_links(page) == []


def test_the_pages_exist_and_the_readme_leads() -> None:
    for name in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md", "LICENSE", "docs/index.md"):
        assert (ROOT / name).is_file(), name
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 160
    # docs/index.md orders every page of docs/.
    listed = {target.partition("#")[0] for _, target in links(ROOT / "docs" / "index.md")}
    assert {page.name for page in (ROOT / "docs").glob("*.md")} - {"index.md"} <= listed


def test_a_broken_file_link_and_a_broken_anchor_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(
        "# A page\n\n## The test suite (`./dev test`, issue 24)\n\n## Notes\n\n## Notes\n", encoding="utf-8"
    )
    page = tmp_path / "README.md"
    page.write_text(
        "See [a](docs/a.md#the-test-suite-dev-test-issue-24), [b](docs/a.md#notes-1),\n"
        "[gone](docs/gone.md), [bad anchor](docs/a.md#nowhere), [web](https://example.org/x).\n"
        "`[not a link](nowhere.md)`\n"
        "```\n[in code](nowhere.md)\n```\n",
        encoding="utf-8",
    )
    assert broken_links(page) == [
        "README.md:2: docs/gone.md: no such file",
        "README.md:2: docs/a.md#nowhere: no heading #nowhere in docs/a.md",
    ]
