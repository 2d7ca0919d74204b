"""The layering of ``toolkit/`` (docs/architecture.md): no import circle, no import upwards, size limits.

Imports are read with ``ast``, not by importing, so that a module imported only inside a function (to
keep ``quizkit --help`` fast) still counts as a dependency. Every import counts for the layering, those
inside functions and under ``TYPE_CHECKING`` included; only module-level imports that run on import can
make a circle.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOOLKIT = ROOT / "toolkit"

# Lowest first. A module may import from its own layer and the layers below it, never above.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "vocabulary",
        (
            "toolkit",
            "toolkit.model",
            "toolkit.keys",
            "toolkit.config",
            "toolkit.schemas",
            "toolkit.diagnostics",
            "toolkit.errors",
            "toolkit.files",
            "toolkit.plugins",
            "toolkit.text",
            "toolkit.gettext",
            "toolkit.concurrency",
            # Where a screenshot lives: a name the catalogs reference, below the browser that takes it.
            "toolkit.screenshots.naming",
        ),
    ),
    ("content", ("toolkit.content",)),
    ("catalogs", ("toolkit.catalogs", "toolkit.interchange", "toolkit.memory")),
    (
        "checks and localization",
        ("toolkit.checks", "toolkit.localization", "toolkit.importing", "toolkit.locales"),
    ),
    ("exporters", ("toolkit.exporters",)),
    ("build", ("toolkit.build",)),
    ("authoring", ("toolkit.scaffold", "toolkit.preview", "toolkit.screenshots")),
    ("cli", ("toolkit.cli", "toolkit.__main__")),
)

MAX_TOP_LEVEL_MODULES = 8
MAX_MODULE_LINES = 600


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    line: int
    at_import_time: bool
    """False for imports inside a function or under ``if TYPE_CHECKING:``: they cannot make a circle."""


def module_name(path: Path, package_root: Path) -> str:
    parts = list(path.relative_to(package_root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _resolve(name: str, modules: set[str]) -> str | None:
    """The longest known module that ``name`` is or lies in (``toolkit.catalogs.read_po`` →
    ``toolkit.catalogs``)."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(path: Path, name: str, modules: set[str]) -> list[Import]:
    tree = ast.parse(path.read_bytes(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []

    def add(target: str, node: ast.stmt, at_import_time: bool) -> None:
        resolved = _resolve(target, modules)
        if resolved is not None and resolved != name:
            found.append(Import(name, resolved, node.lineno, at_import_time))

    def visit(node: ast.AST, at_import_time: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(alias.name, child, at_import_time)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - (child.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in child.names:
                    # ``from toolkit import keys`` names a module; ``from toolkit.catalogs import read_po``
                    # a name in the package: _resolve tells them apart.
                    add(f"{base}.{alias.name}", child, at_import_time)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                visit(child, False)
            elif isinstance(child, ast.If) and _is_type_checking(child.test):
                for statement in child.body:
                    visit(ast.Module(body=[statement], type_ignores=[]), False)
                for statement in child.orelse:
                    visit(ast.Module(body=[statement], type_ignores=[]), at_import_time)
            else:
                visit(child, at_import_time)

    visit(tree, True)
    return found


def package_imports(package_root: Path) -> tuple[set[str], list[Import]]:
    files = {module_name(path, package_root): path for path in sorted(package_root.rglob("*.py"))}
    modules = set(files)
    return modules, [found for name, path in files.items() for found in imports_of(path, name, modules)]


def layer_of(module: str, layers: tuple[tuple[str, tuple[str, ...]], ...]) -> int | None:
    best: tuple[int, int] | None = None
    for index, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            # "toolkit" is itself a prefix of everything: the longest prefix decides.
            matches = module == prefix or module.startswith(prefix + ".")
            if matches and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    return None if best is None else best[0]


def package_of(module: str, modules: set[str]) -> str:
    """The package ``module`` is, or lies in: ``toolkit.exporters.qti.items`` → ``toolkit.exporters.qti``.
    A module of the top level (``toolkit.keys``, ``toolkit.errors``) counts as a package of its own: they
    are the shared vocabulary, each imported by packages that the others import."""
    if module.count(".") == 1 or any(other.startswith(module + ".") for other in modules):
        return module
    return module.rpartition(".")[0]


def upward_imports(imports: list[Import], layers: tuple[tuple[str, tuple[str, ...]], ...]) -> list[str]:
    problems = []
    for found in imports:
        low, high = layer_of(found.importer, layers), layer_of(found.imported, layers)
        if low is not None and high is not None and high > low:
            problems.append(
                f"{found.importer} (layer {layers[low][0]}) imports {found.imported} "
                f"(layer {layers[high][0]}) on line {found.line}"
            )
    return problems


def import_circles(imports: list[Import]) -> list[list[str]]:
    """Every strongly connected group of modules through imports that run at import time, as one circle
    each (a path that starts and ends at the same module)."""
    graph: dict[str, set[str]] = {}
    for found in imports:
        if found.at_import_time:
            graph.setdefault(found.importer, set()).add(found.imported)
    circles: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                circles.append([*path[path.index(target) :], target])
            elif target not in state:
                walk(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module)
    return circles


# --- the real package ---


def test_toolkit_has_no_import_circle() -> None:
    _, imports = package_imports(TOOLKIT)
    assert [" → ".join(circle) for circle in import_circles(imports)] == []


def test_no_module_imports_from_a_higher_layer() -> None:
    _, imports = package_imports(TOOLKIT)
    assert upward_imports(imports, LAYERS) == []


def test_every_module_belongs_to_a_layer() -> None:
    modules, _ = package_imports(TOOLKIT)
    assert sorted(module for module in modules if layer_of(module, LAYERS) is None) == []
    # "toolkit" covers everything by prefix; a new top-level module or package must be placed on purpose.
    top_level = {module.split(".")[1] for module in modules if module.count(".") >= 1}
    placed = {prefix.split(".")[1] for _, prefixes in LAYERS for prefix in prefixes if "." in prefix}
    assert sorted(top_level - placed) == []


def test_no_module_name_repeats() -> None:
    # One name, one module: ``project.py`` four times over made every traceback, search and import a
    # question of which one (issue 38).
    homes: dict[str, list[str]] = {}
    for path in sorted(TOOLKIT.rglob("*.py")):
        if path.name not in {"__init__.py", "__main__.py"}:
            homes.setdefault(path.stem, []).append(path.relative_to(ROOT).as_posix())
    assert {name: paths for name, paths in homes.items() if len(paths) > 1} == {}


def test_the_gettext_core_knows_nothing_of_quizzes() -> None:
    # toolkit.gettext is a gettext library of its own (catalogs, PO, MO, merge): it may use the text
    # utilities of toolkit.text beside it and the error root, and nothing else of quizkit (issue 38).
    modules, imports = package_imports(TOOLKIT)
    core = {"catalog", "po_reader", "po_writer", "mo_writer", "merge", "similarity", "line_breaking"}
    assert {f"toolkit.gettext.{name}" for name in core} <= modules
    # toolkit.errors: the root every exception of quizkit derives from (tests/test_errors.py).
    allowed = ("toolkit.gettext", "toolkit.text", "toolkit.errors")
    assert [
        f"{found.importer} imports {found.imported} on line {found.line}"
        for found in imports
        if found.importer.startswith("toolkit.gettext")
        and not any(found.imported == prefix or found.imported.startswith(prefix + ".") for prefix in allowed)
    ] == []


def test_packages_of_a_layer_use_each_other_in_one_direction() -> None:
    # Inside a layer packages may use each other, never both ways (docs/architecture.md): a package
    # circle is a module circle waiting for one more import.
    modules, imports = package_imports(TOOLKIT)
    uses = {(package_of(found.importer, modules), package_of(found.imported, modules)) for found in imports}
    assert sorted(f"{a} ⇄ {b}" for a, b in uses if (b, a) in uses and a < b) == []


def test_locale_packs_are_reached_only_through_their_entry_points() -> None:
    # A module that imported a pack would decide by name which language's rules apply: exactly what the
    # pack interface exists to prevent (a third-party pack must be able to do all a built-in one does).
    _, imports = package_imports(TOOLKIT)
    assert [
        f"{found.importer} imports {found.imported} on line {found.line}"
        for found in imports
        if found.imported.startswith("toolkit.locales") and not found.importer.startswith("toolkit.locales")
    ] == []


def test_top_level_holds_only_the_shared_vocabulary() -> None:
    modules = sorted(
        path.name for path in TOOLKIT.glob("*.py") if path.name not in {"__init__.py", "__main__.py"}
    )
    assert len(modules) <= MAX_TOP_LEVEL_MODULES, modules


def test_no_module_is_too_long_to_read() -> None:
    long = {
        str(path.relative_to(ROOT)): count
        for path in sorted(TOOLKIT.rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_entry_points_name_modules_that_exist() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    targets = [project["scripts"]["quizkit"]]
    for group in project["entry-points"].values():
        targets.extend(group.values())
    modules, _ = package_imports(TOOLKIT)
    missing = [target for target in targets if target.partition(":")[0] not in modules]
    assert missing == []


# --- the checker itself, on packages written for the purpose ---


def write_package(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root / "pkg"


CHECKER_LAYERS = (("low", ("pkg", "pkg.low")), ("high", ("pkg.high",)))


def test_a_circle_is_found_with_its_path(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": "from pkg.low.b import thing\n",
            "low/b.py": "import pkg.low.c\nthing = 1\n",
            "low/c.py": "from pkg.low import a\n",
        },
    )
    _, imports = package_imports(package)
    assert import_circles(imports) == [["pkg.low.a", "pkg.low.b", "pkg.low.c", "pkg.low.a"]]


def test_a_package_init_that_its_own_module_imports_back_is_a_circle(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "from pkg.low.a import thing\n",
            "low/a.py": "from pkg.low import other\nthing = 1\n",
        },
    )
    _, imports = package_imports(package)
    assert import_circles(imports) == [["pkg.low", "pkg.low.a", "pkg.low"]]


@pytest.mark.parametrize(
    "deferred",
    [
        "def later():\n    from pkg.low.a import thing\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.low.a import thing\n",
    ],
    ids=["inside-a-function", "type-checking"],
)
def test_a_deferred_import_makes_no_circle(tmp_path: Path, deferred: str) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/a.py": "import pkg.low.b\nthing = 1\n",
            "low/b.py": deferred,
        },
    )
    _, imports = package_imports(package)
    assert import_circles(imports) == []


@pytest.mark.parametrize(
    "statement",
    [
        "from pkg.high.top import thing\n",
        "import pkg.high.top\n",
        "from pkg import high\n",
        "from ..high import top\n",
        "def later():\n    from pkg.high.top import thing\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.high.top import thing\n",
    ],
    ids=["from-module", "import-module", "from-package", "relative", "inside-a-function", "type-checking"],
)
def test_every_kind_of_upward_import_is_found(tmp_path: Path, statement: str) -> None:
    package = write_package(
        tmp_path,
        {
            "__init__.py": "",
            "low/__init__.py": "",
            "low/base.py": statement,
            "high/__init__.py": "",
            "high/top.py": "from pkg.low.base import anything\n",
        },
    )
    _, imports = package_imports(package)
    problems = upward_imports(imports, CHECKER_LAYERS)
    assert len(problems) == 1
    assert problems[0].startswith("pkg.low.base (layer low) imports pkg.high")


def test_the_recipe_for_a_new_question_kind_names_files_that_exist_and_counts_them() -> None:
    """Issue 38: the recipe names every file a new kind touches outside tests/ and docs/ (at most 25 is
    the aim); each one it names exists, and the count it states is the number of files in its tables."""
    import re

    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    recipe = text[text.index("### A new question kind\n") : text.index("### A new export format\n")]
    rows = re.findall(r"^\| \d+ \| ([^|]+) \|", recipe, flags=re.MULTILINE)
    named = [path for row in rows for path in re.findall(r"`([^`]+)`", row)]
    assert [path for path in named if not (ROOT / path).is_file()] == []
    assert not [path for path in named if path.startswith(("tests/", "docs/"))]
    (counted,) = re.findall(r"Counted: (\d+) files", recipe)
    assert int(counted) == len(set(named)) == len(named)
