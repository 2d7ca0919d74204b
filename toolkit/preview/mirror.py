"""The project's sources copied into the preview folder, so that a preview build writes nowhere else.

A build updates catalogs and templates, compiles ``.mo`` files, writes its cache and exports: run on
the project itself it would change the author's files. The preview runs the same build on a copy of the
configuration, ``content/`` and ``locales/`` inside ``.quizkit/preview/project/``. A source file is copied
again only when its bytes changed since it was last copied (the build's own update of the copy is not
undone by every sync), and a copy whose source was deleted is deleted.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import replace
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.files import TEMPORARY_SUFFIX, confined, read_regular_file, write_bytes_atomic

MAX_SOURCE_BYTES = 64 * 1024 * 1024
COMPILED_SUFFIX = ".mo"


class ProjectMirror:
    def __init__(self, config: ProjectConfig, folder: Path) -> None:
        self.root = config.root.absolute()
        self.folder = folder.absolute()
        """The copy's root: the preview folder's ``project/``."""
        self.preview = self.folder.parent
        self._copied: dict[str, str] = {}
        """The digest of each source file as it was last copied, by its name relative to the project."""
        self.configure(config)

    def configure(self, config: ProjectConfig) -> None:
        """Follow the project's configuration as it is now (it is watched too)."""
        self.source = config
        self.config = replace(
            config,
            root=self.folder,
            config_file=self.folder / config.config_file.name if config.config_file is not None else None,
        )

    def is_source(self, path: Path) -> bool:
        """Whether a change to ``path`` (absolute) changes what the preview builds."""
        if path.is_relative_to(self.preview) or path.name.endswith(TEMPORARY_SUFFIX):
            return False
        if self.source.config_file is not None and path == self.source.config_file.absolute():
            return True
        if path.suffix == COMPILED_SUFFIX:
            return False  # compiled catalogs are the build's output, never its input
        return any(
            path.is_relative_to(folder.absolute())
            for folder in (self.source.content_path, self.source.locales_path)
        )

    def sources(self) -> dict[str, Path]:
        found: dict[str, Path] = {}
        if self.source.config_file is not None and self.source.config_file.is_file():
            found[self.source.config_file.name] = self.source.config_file
        for folder in (self.source.content_path, self.source.locales_path):
            if not folder.is_dir():
                continue
            for path in sorted(folder.rglob("*")):
                absolute = path.absolute()
                if path.is_file() and self.is_source(absolute):
                    found[absolute.relative_to(self.root).as_posix()] = path
        return found

    def sync(self) -> bool:
        """Bring the copy in step with the project; whether anything changed."""
        changed = False
        current = self.sources()
        for name, path in current.items():
            data = read_regular_file(path, MAX_SOURCE_BYTES)
            digest = hashlib.sha256(data).hexdigest()
            if self._copied.get(name) == digest:
                continue
            target = confined(self.folder / name, self.folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(target, data)
            self._copied[name] = digest
            changed = True
        for name in sorted(set(self._copied) - set(current)):
            target = confined(self.folder / name, self.folder)
            target.unlink(missing_ok=True)
            del self._copied[name]
            changed = True
        return changed

    def original(self, path: Path) -> Path:
        """The project file that ``path`` in the copy stands for (``path`` itself if it is not in the copy)."""
        absolute = Path(
            os.path.normpath(Path.cwd() / path)
        )  # messages name files relative to the working folder
        if absolute.is_relative_to(self.folder):
            return self.root / absolute.relative_to(self.folder)
        return path
