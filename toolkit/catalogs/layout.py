"""Where a project's templates, catalogs and compiled catalogs live (design.md's repository layout).

::

    locales/<domain>.pot                          templates, one per quiz and one for ui
    locales/<locale>/LC_MESSAGES/<domain>.po      catalogs, one per target locale and domain
    locales/<locale>/LC_MESSAGES/<domain>.mo      compiled catalogs (not committed)
    locales/retired/<locale>/<domain>.po          catalogs of quizzes that are gone (toolkit.catalogs.retirement)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.files import confined, confined_name
from toolkit.keys import is_valid_id


@dataclass(frozen=True)
class CatalogLayout:
    root: Path

    @classmethod
    def for_project(cls, config: ProjectConfig) -> CatalogLayout:
        return cls(config.locales_path)

    def _inside(self, folder: tuple[str, ...], name: str) -> Path:
        # Domains are validated ids and locales validated tags, so this guards against a bug, and against
        # links that lead out of the project. The folder is resolved once per locale (a build asks
        # thousands of times); the file name only when it is a link.
        return confined_name(_confined_folder(self.root.absolute(), folder), name, self.root)

    def template(self, domain: str) -> Path:
        assert is_valid_id(domain), domain
        return self._inside((), f"{domain}.pot")

    def catalog(self, locale: str, domain: str) -> Path:
        assert is_valid_id(domain), domain
        return self._inside((locale, "LC_MESSAGES"), f"{domain}.po")

    def compiled(self, locale: str, domain: str) -> Path:
        assert is_valid_id(domain), domain
        return self._inside((locale, "LC_MESSAGES"), f"{domain}.mo")


@functools.lru_cache(maxsize=256)
def _confined_folder(root: Path, parts: tuple[str, ...]) -> Path:
    return confined(root.joinpath(*parts), root)
