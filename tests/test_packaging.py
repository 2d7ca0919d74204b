"""The package a user installs: the sdist holds what a build needs, the wheel built from it holds what
quizkit reads at run time (the schemas, the player's assets, init's template, the locale packs), and a
wheel installed into a fresh virtual environment, not editable, does a new user's first session.

A file left out of the wheel fails here: the commands below read every kind of data file quizkit ships.
"""

from __future__ import annotations

import ast
import tarfile
import tomllib
import zipfile
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from installed_package import ROOT, Environment, build_distributions, fresh_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name


@pytest.fixture(scope="module")
def distributions(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return build_distributions(tmp_path_factory.mktemp("dist"))


@pytest.fixture(scope="module")
def installed(
    tmp_path_factory: pytest.TempPathFactory, distributions: tuple[Path, Path]
) -> Iterator[Environment]:
    # mypy: for the plugin author's type check below.
    environment = fresh_environment(tmp_path_factory.mktemp("venv") / "env", tools=["mypy"])
    done = environment.run(["pip", "install", str(distributions[1])], environment.root)
    assert done.returncode == 0, done.stdout + done.stderr
    yield environment


def test_the_sdist_holds_the_sources_the_license_and_the_tests(distributions: tuple[Path, Path]) -> None:
    sdist, _ = distributions
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {
        "pyproject.toml",
        "README.md",
        "LICENSE",
        "CHANGELOG.md",
        "schema/quiz.schema.json",
        "toolkit/py.typed",
        "toolkit/exporters/player/player.js",
        "toolkit/scaffold/template/workflows/quizkit.yml",
        "tests/test_packaging.py",
    } <= names
    # What git ignores (the development environment, caches, build outputs) stays out.
    assert not {name for name in names if name.startswith((".venv/", "dist/", ".quizkit-cache/"))}
    assert not {name for name in names if "__pycache__" in name or "node_modules" in name}


def test_every_run_time_dependency_is_imported_by_the_package() -> None:
    """A user installs every entry of ``dependencies``: one no module of toolkit imports (a test peer such
    as polib) belongs in an extra."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {canonicalize_name(Requirement(requirement).name) for requirement in project["dependencies"]}
    imported: set[str] = set()
    for module in (ROOT / "toolkit").rglob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
                imported.add(node.module.split(".")[0])
    providers = packages_distributions()
    used = {canonicalize_name(name) for module in imported for name in providers.get(module, ())}
    assert declared - used == set()


def test_the_wheel_ships_the_types_the_license_and_every_data_file(distributions: tuple[Path, Path]) -> None:
    _, wheel = distributions
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read("quizkit-0.1.0.dist-info/METADATA").decode("utf-8")
    data = {
        str(path.relative_to(ROOT))
        for path in (ROOT / "toolkit").rglob("*")
        # What git ignores inside the package (bytecode, compiled catalogs) is no part of it.
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".pyc", ".pyo", ".mo"}
    }
    data |= {f"toolkit/schema/{path.name}" for path in (ROOT / "schema").glob("*.json")}
    assert data <= names
    assert "toolkit/py.typed" in names
    assert "quizkit-0.1.0.dist-info/licenses/LICENSE" in names
    assert "License-Expression: MIT" in metadata.splitlines()
    assert "Classifier: Typing :: Typed" in metadata.splitlines()


def test_an_installed_wheel_makes_builds_exports_and_validates_a_new_project(
    installed: Environment, distributions: tuple[Path, Path], tmp_path: Path
) -> None:
    located = installed.run(["python", "-c", "import toolkit; print(toolkit.__file__)"], tmp_path)
    # The wheel's copy runs, not this checkout's.
    assert Path(located.stdout.strip()) == installed.site_packages / "toolkit" / "__init__.py"

    init = installed.run(["quizkit", "init", "demo", "--locale", "ur"], tmp_path)
    assert init.returncode == 0, init.stdout + init.stderr
    # Installed from a wheel file, which no CI machine can reach: the workflow's requirement is the version,
    # and init says why and what to write instead.
    workflow = (tmp_path / "demo" / ".github" / "workflows" / "quizkit.yml").read_text(encoding="utf-8")
    line = workflow.splitlines().index('      QUIZKIT_REQUIREMENT: "quizkit==0.1.0"') + 1
    wheel = distributions[1]
    assert init.stdout.splitlines()[-2] == (
        f"demo/.github/workflows/quizkit.yml:{line}: warning[ci-requirement]: it installs quizkit==0.1.0, "
        "which only an index serving that version provides, not the quizkit that ran init: it was installed "
        f"from the file {wheel}, which CI cannot reach. Set QUIZKIT_REQUIREMENT to a route CI can reach (a "
        'git URL pinned to a pushed commit, "quizkit @ git+https://HOST/PATH@COMMIT", or a wheel on a server '
        "CI can fetch)"
    )
    project = tmp_path / "demo"
    for arguments in (["build"], ["export", "-f", "all"], ["validate"]):
        done = installed.run(["quizkit", *arguments], project)
        assert done.returncode == 0, f"quizkit {' '.join(arguments)}:\n{done.stdout}{done.stderr}"
        assert "Traceback" not in done.stderr

    dist = project / "dist"
    assert sorted(path.name for path in dist.iterdir()) == [
        "canvas",
        "cc",
        "gift",
        "html",
        "i18next",
        "json",
        "mo",
        "moodle",
        "qti",
        "scorm",
        "xliff",
    ]
    # The player's assets, as this checkout's library makes them, byte for byte.
    from toolkit.exporters.player.assets import player_code, player_stylesheet

    for asset in (player_code(), player_stylesheet()):
        assert (dist / "html" / asset.path).read_bytes() == asset.data


@pytest.mark.parametrize("module", ["hypothesis", "polib", "translate", "build"])
def test_the_fresh_environment_holds_no_development_tool(
    installed: Environment, tmp_path: Path, module: str
) -> None:
    """Installed beside these tests, but no requirement of quizkit's: a module of toolkit importing one
    must fail in the environment the wheel is tested in, as it would for a user."""
    assert module in packages_distributions()
    done = installed.run(["python", "-c", f"import {module}"], tmp_path)
    assert (done.returncode, done.stderr.splitlines()[-1]) == (
        1,
        f"ModuleNotFoundError: No module named '{module}'",
    )


def test_the_installed_types_reach_a_plugin_author(installed: Environment, tmp_path: Path) -> None:
    plugin = tmp_path / "plugin.py"
    plugin.write_text("from toolkit import __version__\n\nversion: int = __version__\n", encoding="utf-8")
    done = installed.run(
        ["python", "-m", "mypy", "--no-incremental", "--follow-imports=silent", str(plugin)], tmp_path
    )
    # mypy read the package's annotations (py.typed): without them it would call the module untyped.
    assert (
        'Incompatible types in assignment (expression has type "str", variable has type "int")' in done.stdout
    )
    assert "py.typed" not in done.stdout
