"""No dead code in ``toolkit/``: every function, class, method, property, constant, attribute and
parameter is used somewhere, or listed with its reason in tests/vulture_whitelist.py.

vulture finds what no code of toolkit/ names. It does not read pyproject.toml, so the test hands it the
objects registered there (the console script, the Babel extractor, the exporters, checks and locale
packs), and it does not know click, so commands declared with a group's ``command`` decorator count as
used (the group registers them). Code that only tests reach is dead to the tool and not to the project:
it is listed in the whitelist, so keeping it is a decision someone made.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import vulture
import vulture_whitelist
from support import ROOT

WHITELIST = ROOT / "tests" / "vulture_whitelist.py"
DECORATORS_THAT_REGISTER = ["@*.command", "@*.group"]


def registered_objects() -> str:
    """Code naming every object pyproject.toml registers: ``toolkit.checks.generic:brackets`` gives
    ``brackets``."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = [project["scripts"], *project["entry-points"].values()]
    return "\n".join(target.partition(":")[2] for group in groups for target in group.values())


def unused_code(*extra: Path) -> list[vulture.core.Item]:
    """What vulture finds unused in toolkit/, with ``extra`` files read as users of its names."""
    finder = vulture.Vulture(ignore_decorators=DECORATORS_THAT_REGISTER)
    finder.scavenge([ROOT / "toolkit", *extra])
    finder.scan(registered_objects(), filename=ROOT / "pyproject.toml")
    return [
        item for item in finder.get_unused_code() if item.filename.resolve().is_relative_to(ROOT / "toolkit")
    ]


def location(item: vulture.core.Item) -> tuple[str, str]:
    return item.filename.resolve().relative_to(ROOT).as_posix(), item.name


def whitelisted_names() -> set[str]:
    """The last name of every reference in the whitelist's tuples (``line_breaking.WJ`` gives ``WJ``)."""
    module = ast.parse(WHITELIST.read_text(encoding="utf-8"))
    return {
        node.attr
        for statement in module.body
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Tuple)
        for node in statement.value.elts
        if isinstance(node, ast.Attribute)
    }


def test_toolkit_has_no_unused_code() -> None:
    unused = [
        item.get_report()
        for item in unused_code(WHITELIST)
        if location(item) not in vulture_whitelist.NAMES_IN_FILES
    ]
    assert unused == [], (
        "unused code in toolkit/: remove it; if something reaches it by name (a framework, getattr, a "
        "test seam), list it in tests/vulture_whitelist.py with the reason"
    )


def test_every_whitelist_entry_is_still_needed() -> None:
    found = unused_code()
    needed = {item.name for item in found}
    message = "used by toolkit/ now: remove it from tests/vulture_whitelist.py"
    assert sorted(whitelisted_names() - needed) == [], message
    assert sorted(set(vulture_whitelist.NAMES_IN_FILES) - {location(item) for item in found}) == [], message
