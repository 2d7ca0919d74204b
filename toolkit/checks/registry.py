"""Declaring checks and finding them through the ``quizkit.checks`` entry-point group."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from toolkit.diagnostics import Severity

if TYPE_CHECKING:
    from toolkit.checks.context import EntryContext

ENTRY_POINT_GROUP = "quizkit.checks"


@dataclass(frozen=True)
class Finding:
    """What a check says about one entry; the runner adds file, line and key."""

    check: str
    message: str


@dataclass(frozen=True)
class CheckInfo:
    id: str
    severity: Severity
    summary: str
    fixable: bool = False


CheckFunction = Callable[["EntryContext"], Iterable[Finding]]


@dataclass(frozen=True)
class Check:
    info: CheckInfo
    run: CheckFunction


def check(
    id: str, severity: Severity, summary: str, *, fixable: bool = False
) -> Callable[[CheckFunction], CheckFunction]:
    """Declare a check function: ``@check("placeholders", Severity.ERROR, "...")``.

    ``fixable`` marks the built-in checks whose findings ``--fix`` repairs through the Urdu normalizer;
    a plugin's own checks report only (``--fix`` has no way to know what a plugin would change).
    """

    def decorate(function: CheckFunction) -> CheckFunction:
        function.check_info = CheckInfo(id, severity, summary, fixable)  # type: ignore[attr-defined]
        return function

    return decorate


class CheckLoadError(Exception):
    pass


@functools.cache
def registered_checks() -> tuple[Check, ...]:
    """Every check the installed packages register, built-ins included, in a stable order."""
    checks: dict[str, Check] = {}
    for entry_point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name):
        try:
            function = entry_point.load()
        except Exception as error:  # a broken plugin must not hide the others' results
            raise CheckLoadError(
                f"check plugin {entry_point.name} ({entry_point.value}) failed to load: {error}"
            ) from error
        info = getattr(function, "check_info", None)
        if not isinstance(info, CheckInfo):
            raise CheckLoadError(
                f"check plugin {entry_point.name} is not declared with toolkit.checks.registry.check"
            )
        if info.id in checks:
            raise CheckLoadError(f"two check plugins use the id {info.id}")
        checks[info.id] = Check(info, function)
    if not checks:
        raise CheckLoadError(
            "no checks are registered: is quizkit installed (pip install -e .)? "
            f"Checks are found through the {ENTRY_POINT_GROUP} entry points."
        )
    return tuple(checks.values())


def check_by_id() -> dict[str, Check]:
    return {check.info.id: check for check in registered_checks()}
