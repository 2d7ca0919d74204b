"""The validate step's bookkeeping (toolkit/build/content.py): the cache's name of each content file."""

from __future__ import annotations

from pathlib import Path

from toolkit.build.content import _relative
from toolkit.content.validation import collect_files


def resolved_name(path: Path, root: Path) -> str:
    """What the name was before files came resolved: the path resolved, relative to the root."""
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def test_each_collected_file_is_named_as_resolving_it_names_it(tmp_path: Path) -> None:
    """Plain files, a file that is a link to another file of the project, a content folder reached
    through a linked folder, and a file outside the root."""
    root = tmp_path / "project"
    (root / "real" / "deep").mkdir(parents=True)
    (root / "real" / "a.yaml").write_text("a", encoding="utf-8")
    (root / "real" / "deep" / "b.yaml").write_text("b", encoding="utf-8")
    (root / "real" / "linked.yaml").symlink_to(root / "real" / "deep" / "b.yaml")
    (root / "content").symlink_to(root / "real")
    outside = tmp_path / "outside.yaml"
    outside.write_text("o", encoding="utf-8")
    files, _ = collect_files([root / "content", outside])
    assert len(files) == 3  # the linked file is the file it leads to
    resolved_root = root.resolve()
    assert [_relative(path, resolved_root) for path in files] == [
        resolved_name(path, resolved_root) for path in files
    ]
