"""A new quizkit project: configuration, an example quiz with every question kind, the interface
messages, copies of the schemas for editor completion, ``.gitignore``, a CI workflow, and the catalogs as
``quizkit update`` makes them (by running it), so that ``quizkit build`` works at once.

Nothing is written into a folder that holds anything unless asked (``force``), and even then no existing
file is replaced: init writes only files that do not exist yet and lists the ones it kept. A folder that
is a project already (a quizkit.toml, or a pyproject.toml with ``tool.quizkit``) keeps its configuration:
init writes no quizkit.toml beside it (one would take precedence over pyproject.toml, and its defaults
would silently replace the project's target locales, release gate and formats), puts the example in the
configured content folder and makes the configured locales' catalogs. Every file is written inside the
folder: a linked ``.github/`` or ``schema/`` leading elsewhere is refused before anything is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from toolkit.config import ConfigError, ProjectConfig, parse_config, target_locale_problem
from toolkit.content.player_messages import KIND_HINTS
from toolkit.diagnostics import Diagnostic
from toolkit.errors import LocatedError

if TYPE_CHECKING:
    from toolkit.scaffold.requirement import InstallRoute

CONFIG_NAME = "quizkit.toml"
SOURCE_LOCALE = "en"
"""The source locale of a new project (the example quiz is written in English)."""
CONFIGURATION_DOC = "docs/configuration.md"
"""Where the written configuration sends its reader (a file of quizkit's repository)."""
DEFAULT_FORMATS = ("html", "i18next", "json", "mo", "moodle", "qti", "xliff")
"""The formats that carry every question kind; gift and canvas leave some out (with a warning, which
``build --strict`` would turn into a failure), so a new project exports them only on request."""

SCHEMAS = ("quiz.schema.json", "ui.schema.json", "glossary.schema.json")
# Template file → where it goes in the project.
WORKFLOW = ".github/workflows/quizkit.yml"
TEMPLATE_FILES = (
    ("content/first-quiz.yaml", "content/first-quiz.yaml"),
    ("content/ui.yaml", "content/ui.yaml"),
    ("gitignore", ".gitignore"),
    ("workflows/quizkit.yml", WORKFLOW),
)
VERSION_MARK = b"@QUIZKIT_VERSION@"
"""Where a template names the version of the quizkit that created the project."""
REQUIREMENT_MARK = b"@QUIZKIT_REQUIREMENT@"
"""Where a template names how to install that quizkit (the CI workflow; :mod:`.requirement`)."""


class InitError(LocatedError):
    """The folder cannot become a project (not empty, a file, a bad locale); nothing was written."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None) -> None:
        super().__init__(file or "", line, message)


@dataclass(frozen=True)
class InitResult:
    root: Path
    written: tuple[Path, ...]
    kept: tuple[Path, ...]
    """Files that existed already (with ``force``) and were left as they were."""
    configuration: Path | None
    """The configuration file the folder had already, which init used and left as it was."""
    catalogs: tuple[Path, ...]
    """Templates and catalogs written by the update run after the files."""
    warnings: tuple[Diagnostic, ...] = ()
    """What the new files leave to do: a CI workflow that could not install quizkit the way it was
    installed here (:mod:`.requirement`)."""


def config_text(locales: Sequence[str]) -> str:
    # json.dumps writes a list of plain strings exactly as TOML spells it.
    return (
        f"# quizkit configuration: {CONFIGURATION_DOC} in quizkit's repository describes every setting.\n"
        f'source-locale = "{SOURCE_LOCALE}"\n'
        f"target-locales = {json.dumps(list(locales))}\n"
        'content-dir = "content"\n'
        'locales-dir = "locales"\n'
        'output-dir = "dist"\n'
        "# Every format that carries each question kind; gift and canvas leave some kinds out.\n"
        f"export-formats = {json.dumps(list(DEFAULT_FORMATS))}\n"
    )


def _template(name: str, requirement: str) -> bytes:
    from toolkit import __version__

    data = files("toolkit.scaffold").joinpath("template", *name.split("/")).read_bytes()
    if REQUIREMENT_MARK in data:
        # A JSON string is a YAML double-quoted scalar: the requirement's characters need no thought.
        data = data.replace(REQUIREMENT_MARK, json.dumps(requirement).encode("ascii"))
    return data.replace(VERSION_MARK, __version__.encode("ascii"))


def with_kind_hints(ui_yaml: bytes) -> bytes:
    """The template's ui.yaml with every kind's hint it does not list (a kind newer than the template)
    added at its end, declared as :data:`toolkit.content.player_messages.KIND_HINTS` declares it."""
    import yaml

    listed = {str(message["name"]) for message in yaml.safe_load(ui_yaml)["messages"]}
    # A JSON string is a YAML double-quoted scalar: the texts' characters need no thought.
    added = "".join(
        f"\n  - name: {json.dumps(hint.name)}\n    text: {json.dumps(hint.text, ensure_ascii=False)}\n"
        f"    comment: {json.dumps(hint.comment, ensure_ascii=False)}\n"
        for hint in KIND_HINTS
        if hint.name not in listed
    )
    return ui_yaml + added.encode("utf-8")


def planned_files(
    locales: Sequence[str], requirement: str, *, content_dir: str = "content", config: bool = True
) -> dict[str, bytes]:
    """Every file init writes before the update, by its path in the project: the configuration (unless
    the project has one), the example and ui.yaml in ``content_dir``, and the rest; the CI workflow
    installs quizkit by ``requirement``."""
    from toolkit.schemas import schema_directory

    planned = {CONFIG_NAME: config_text(locales).encode("utf-8")} if config else {}
    # The YAML files name the schema copies for editor completion, relative to where they are.
    schema_folder = PurePosixPath(os.path.relpath("schema", content_dir).replace(os.sep, "/"))
    for source, target in TEMPLATE_FILES:
        data = _template(source, requirement)
        if target == "content/ui.yaml":
            data = with_kind_hints(data)
        if target.startswith("content/"):
            target = f"{PurePosixPath(content_dir) / target.removeprefix('content/')}"
            data = data.replace(b"$schema=../schema/", f"$schema={schema_folder}/".encode())
        planned[target] = data
    for schema in SCHEMAS:
        planned[f"schema/{schema}"] = (schema_directory() / schema).read_bytes()
    return planned


def _existing_configuration(root: Path) -> ProjectConfig | None:
    """The configuration of ``root`` itself (not of a folder above it), if it has one."""
    from toolkit.config import find_project_root, load_config

    if find_project_root(root) != root:
        return None
    try:
        return load_config(root)
    except ConfigError as error:
        raise InitError(error.message, error.file, error.line) from None


def _confined_targets(folder: Path, root: Path, names: Sequence[str]) -> dict[str, Path]:
    """Each planned file's path, provided it stays inside ``root`` once every link on the way is
    followed; one that would not stops init before anything is written."""
    from toolkit.files import OutsideProjectError, confined

    targets: dict[str, Path] = {}
    for name in names:
        try:
            confined(root / name, root)
        except OutsideProjectError:
            raise InitError(_outside_message(folder, root, name)) from None
        targets[name] = root / name
    return targets


def _outside_message(folder: Path, root: Path, name: str) -> str:
    """Why ``name`` leads outside the project: the first step on its way that does, a link (a link to a
    folder of the project is no culprit, the link it leads to is) or a path that climbs out."""
    relative = PurePosixPath(name)
    steps = [*reversed(relative.parents[:-1]), relative]
    culprit = next(
        (step for step in steps if not (root / step).resolve().is_relative_to(root.resolve())), relative
    )
    if (root / culprit).is_symlink():
        remedy = (
            "remove it" if culprit == relative else f"make {culprit} a folder of the project, or remove it"
        )
        return (
            f"{folder / culprit} is a link that leads outside {folder}; quizkit init writes only inside "
            f"the project, so it does not write {name} through it (nothing was written): {remedy}"
        )
    return (
        f"{folder / culprit} leads outside {folder}; quizkit init writes only inside the project, so it "
        f"does not write {name} (nothing was written): name a folder inside the project"
    )


def _requirement_warning(path: Path, data: bytes, problem: str) -> Diagnostic:
    """The warning for a written CI workflow whose install route is a fallback, at its requirement's line."""
    from toolkit.content.validation import display_path
    from toolkit.diagnostics import Severity

    marker = b"QUIZKIT_REQUIREMENT:"
    line = next(
        (
            number
            for number, text in enumerate(data.splitlines(), start=1)
            if text.lstrip().startswith(marker)
        ),
        None,
    )
    return Diagnostic(display_path(path), line, None, Severity.WARNING, "ci-requirement", problem)


def create_project(
    folder: Path, locales: Sequence[str] = (), *, force: bool = False, route: InstallRoute | None = None
) -> InitResult:
    """Make ``folder`` (created if missing) a quizkit project with ``locales`` as its target locales
    (``ar-EG`` or ``ar_EG`` alike). Its CI workflow installs quizkit by ``route``, by default the route
    the quizkit running now came by (:func:`.requirement.install_requirement`)."""
    from toolkit.catalogs.workflow import update
    from toolkit.config import load_config
    from toolkit.files import write_bytes_atomic
    from toolkit.scaffold.requirement import install_requirement
    from toolkit.text.locale_packs import normalized_locale

    if folder.exists() and not folder.is_dir():
        raise InitError(f"{folder} is a file, not a folder; name a new folder or an empty one")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise InitError(
            f"{folder} is not empty; quizkit init makes a new project in an empty folder "
            "(--force writes into this one, keeping every file that is already there)"
        )
    root = folder.resolve()
    if route is None:
        route = install_requirement()
    requested = [normalized_locale(locale) for locale in locales]
    existing = _existing_configuration(root) if root.is_dir() else None
    if existing is not None:
        assert existing.config_file is not None
        if requested and sorted(set(requested)) != sorted(existing.target_locales):
            configured = ", ".join(existing.target_locales) or "none"
            raise InitError(
                f"--locale: {existing.config_file.name} configures this project already (target-locales: "
                f"{configured}), and init keeps it; add a locale with quizkit add-locale"
            )
        planned = planned_files(
            existing.target_locales, route.requirement, content_dir=existing.content_dir, config=False
        )
    else:
        for locale in requested:
            # The one locale rule (toolkit.config), as add-locale applies it; the option is named, as
            # the configuration is not written yet.
            problem = target_locale_problem(locale, SOURCE_LOCALE)
            if problem is not None:
                raise InitError(f"--locale: {problem}")
        if len(set(requested)) != len(requested):
            twice = next(locale for locale in requested if requested.count(locale) > 1)
            raise InitError(f"--locale: '{twice}' is given twice")
        planned = planned_files(requested, route.requirement)
        try:
            parse_config(root, root / CONFIG_NAME, planned[CONFIG_NAME].decode("utf-8"))
        except ConfigError as error:
            # The locales passed; what is left is the folder (a locales/ linked out of it, ...).
            raise InitError(f"{error.message}; nothing was written") from None
    targets = _confined_targets(folder, root, list(planned))
    written: list[Path] = []
    kept: list[Path] = []
    for name, data in planned.items():
        path = targets[name]
        if path.exists() or path.is_symlink():
            kept.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, data)
        written.append(path)
    warnings: tuple[Diagnostic, ...] = ()
    if route.problem is not None and targets[WORKFLOW] in written:
        warnings = (_requirement_warning(targets[WORKFLOW], planned[WORKFLOW], route.problem),)
    try:
        config = load_config(root)
    except ConfigError as error:
        raise InitError(error.message, error.file, error.line) from None
    from toolkit.concurrency.lock import project_lock

    with project_lock(config.root, "init"):
        templates, catalogs = update(config)
    changed = [outcome.path for outcome in templates.files if outcome.changed]
    changed += [plan.path for plan, did_change in catalogs if did_change]
    return InitResult(
        root,
        tuple(written),
        tuple(kept),
        existing.config_file if existing is not None else None,
        tuple(changed),
        warnings,
    )
