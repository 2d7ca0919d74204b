"""A quiz project as a library user loads it: its configuration and its validated content."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.config import ProjectConfig, load_config
from toolkit.content.validation import load_content
from toolkit.model import Content


@dataclass(frozen=True)
class Project:
    config: ProjectConfig
    content: Content


def load_project(start: Path | None = None) -> Project:
    """The project that ``start`` (default: the working folder) belongs to, with every quiz and the
    interface messages validated.

    Raises :class:`~toolkit.config.ConfigError` for a configuration that cannot be read and
    :class:`~toolkit.content.validation.ContentError`, carrying every diagnostic, for invalid content.
    """
    config = load_config(Path.cwd() if start is None else start)
    return Project(config, load_content(config.content_path))
