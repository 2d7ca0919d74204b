"""Outputs an earlier build wrote and this one no longer does (a deleted quiz, a dropped format).

Only regenerable files are ever removed (bundles under the output folder and compiled catalogs), and
only those a build's own records name; catalogs and templates stay, whatever the cache says.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from toolkit.build.cache import BuildCache, Stamp, stamp
from toolkit.config import ProjectConfig


def recorded_outputs(cache: BuildCache) -> dict[str, Stamp]:
    """Every file a build's records name, with the size and time it had when the build wrote it."""
    names = dict(cache.shared_outputs)
    for record in cache.domains.values():
        names.update(record.outputs)
    return names


def remove_stale_outputs(config: ProjectConfig, root: Path, names: Mapping[str, Stamp]) -> list[Path]:
    """Delete what an earlier build wrote and this one no longer does (a deleted quiz, a dropped format).

    Only regenerable files go: bundles under the output folder and compiled catalogs, and only while they
    are as that build left them (same size and modification time): a file edited since, or one a crafted
    cache merely names, stays. Catalogs and templates stay, whatever the cache says.
    """
    from toolkit.files import OutsideProjectError, confined

    removed: list[Path] = []
    for name in sorted(names):
        folder = config.output_path.resolve()
        try:
            path = confined(root / name, folder)
        except OutsideProjectError:
            if not name.endswith(".mo"):
                continue
            folder = config.locales_path.resolve()
            try:
                path = confined(root / name, folder)
            except OutsideProjectError:
                continue
        if not path.is_file() or stamp(path) != names[name]:
            continue
        path.unlink()
        removed.append(path)
        parent = path.parent
        # A deleted quiz leaves no empty folder behind; folders holding anything else stay.
        while parent != folder and parent.is_relative_to(folder) and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    return removed
