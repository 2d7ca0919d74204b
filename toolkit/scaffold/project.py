"""A new quizkit project: configuration, an example quiz with every question kind, the interface
messages, copies of the schemas for editor completion, ``.gitignore``, a CI workflow, and the catalogs as
``quizkit update`` makes them (by running it), so that ``quizkit build`` works at once.

Nothing is written into a folder that holds anything unless asked (``force``), and even then no existing
file is replaced: init writes only files that do not exist yet and lists the ones it kept.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from toolkit.config import ConfigError, parse_config

CONFIG_NAME = "quizkit.toml"
DEFAULT_FORMATS = ("html", "i18next", "json", "mo", "moodle", "qti", "xliff")
"""The formats that carry every question kind; gift and canvas leave some out (with a warning, which
``build --strict`` would turn into a failure), so a new project exports them only on request."""

SCHEMAS = ("quiz.schema.json", "ui.schema.json", "glossary.schema.json")
# Template file → where it goes in the project.
TEMPLATE_FILES = (
    ("content/first-quiz.yaml", "content/first-quiz.yaml"),
    ("content/ui.yaml", "content/ui.yaml"),
    ("gitignore", ".gitignore"),
    ("workflows/quizkit.yml", ".github/workflows/quizkit.yml"),
)
VERSION_MARK = b"@QUIZKIT_VERSION@"
"""Where a template names the version of the quizkit that created the project."""
REQUIREMENT_MARK = b"@QUIZKIT_REQUIREMENT@"
"""Where a template names how to install that quizkit (the CI workflow; :mod:`.requirement`)."""


class InitError(Exception):
    """The folder cannot become a project (not empty, a file, a bad locale); nothing was written."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line


@dataclass(frozen=True)
class InitResult:
    root: Path
    written: tuple[Path, ...]
    kept: tuple[Path, ...]
    """Files that existed already (with ``force``) and were left as they were."""
    catalogs: tuple[Path, ...]
    """Templates and catalogs written by the update run after the files."""


def config_text(locales: Sequence[str]) -> str:
    # json.dumps writes a list of plain strings exactly as TOML spells it.
    return (
        "# quizkit configuration: docs/configuration in the quizkit repository lists every setting.\n"
        'source-locale = "en"\n'
        f"target-locales = {json.dumps(list(locales))}\n"
        'content-dir = "content"\n'
        'locales-dir = "locales"\n'
        'output-dir = "dist"\n'
        "# Every format that carries each question kind; gift and canvas leave some kinds out.\n"
        f"export-formats = {json.dumps(list(DEFAULT_FORMATS))}\n"
    )


def _template(name: str) -> bytes:
    from toolkit import __version__
    from toolkit.scaffold.requirement import install_requirement

    data = files("toolkit.scaffold").joinpath("template", *name.split("/")).read_bytes()
    if REQUIREMENT_MARK in data:
        # A JSON string is a YAML double-quoted scalar: the requirement's characters need no thought.
        data = data.replace(REQUIREMENT_MARK, json.dumps(install_requirement()).encode("ascii"))
    return data.replace(VERSION_MARK, __version__.encode("ascii"))


def planned_files(locales: Sequence[str]) -> dict[str, bytes]:
    """Every file init writes before the update, by its path in the project."""
    from toolkit.content.schemas import schema_directory

    planned = {CONFIG_NAME: config_text(locales).encode("utf-8")}
    for source, target in TEMPLATE_FILES:
        planned[target] = _template(source)
    for schema in SCHEMAS:
        planned[f"schema/{schema}"] = (schema_directory() / schema).read_bytes()
    return planned


def create_project(folder: Path, locales: Sequence[str] = (), *, force: bool = False) -> InitResult:
    """Make ``folder`` (created if missing) a quizkit project with ``locales`` as its target locales."""
    from toolkit.catalogs.project import update
    from toolkit.config import load_config
    from toolkit.files import write_bytes_atomic

    if folder.exists() and not folder.is_dir():
        raise InitError(f"{folder} is a file, not a folder; name a new folder or an empty one")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise InitError(
            f"{folder} is not empty; quizkit init makes a new project in an empty folder "
            "(--force writes into this one, keeping every file that is already there)"
        )
    root = folder.resolve()
    planned = planned_files(locales)
    try:
        parse_config(root, root / CONFIG_NAME, planned[CONFIG_NAME].decode("utf-8"))
    except ConfigError as error:
        # The configuration is not written yet: name the option, not the file.
        raise InitError(f"--locale: {error.message}") from None
    written: list[Path] = []
    kept: list[Path] = []
    for name, data in planned.items():
        path = root / name
        if path.exists() or path.is_symlink():
            kept.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
        written.append(path)
    try:
        config = load_config(root)
    except ConfigError as error:
        raise InitError(error.message, error.file, error.line) from None
    from toolkit.concurrency.lock import project_lock

    with project_lock(config.root, "init"):
        templates, catalogs = update(config)
    changed = [outcome.path for outcome in templates.files if outcome.changed]
    changed += [plan.path for plan, did_change in catalogs if did_change]
    return InitResult(root, tuple(written), tuple(kept), tuple(changed))
