"""Declaring checks and finding them: the ``quizkit.checks`` entry-point group for checks that hold in
every locale, and the locale packs (``quizkit.locales``, :mod:`toolkit.text.locale_packs`) for checks
that hold only in the locales a pack serves."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from toolkit.diagnostics import Severity
from toolkit.errors import QuizkitError
from toolkit.text.locale_packs import LocalePack, registered_packs

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
    pack: LocalePack | None = None
    """The locale pack that brings the check; None for a check of every locale."""

    def applies_to(self, locale: str) -> bool:
        return self.pack is None or self.pack.serves(locale)

    @property
    def locales(self) -> tuple[str, ...]:
        """The locales the check runs for; empty for every locale."""
        return self.pack.locales if self.pack else ()


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


class CheckLoadError(QuizkitError):
    pass


@functools.cache
def registered_checks() -> tuple[Check, ...]:
    """Every check the installed packages register, built-ins and locale packs' included, in a stable
    order: the checks of every locale by entry-point name, then each pack's in the pack's order."""
    checks: dict[str, Check] = {}

    def add(function: object, origin: str, pack: LocalePack | None) -> None:
        info = getattr(function, "check_info", None)
        if not isinstance(info, CheckInfo) or not callable(function):
            raise CheckLoadError(f"{origin} is not declared with toolkit.checks.registry.check")
        if info.id in checks:
            raise CheckLoadError(f"two check plugins use the id {info.id}")
        checks[info.id] = Check(info, function, pack)

    for entry_point in sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name):
        try:
            function = entry_point.load()
        except Exception as error:  # a broken plugin must not hide the others' results
            raise CheckLoadError(
                f"check plugin {entry_point.name} ({entry_point.value}) failed to load: {error}"
            ) from error
        add(function, f"check plugin {entry_point.name}", None)
    for pack in registered_packs():
        for function in pack.checks:
            add(function, f"a check of locale pack {pack.name}", pack)
    if not checks:
        raise CheckLoadError(
            "no checks are registered: is quizkit installed (pip install -e .)? "
            f"Checks are found through the {ENTRY_POINT_GROUP} entry points."
        )
    return tuple(checks.values())


def checks_for_locale(locale: str) -> tuple[Check, ...]:
    """The checks that run on a catalog of ``locale``: every locale's, and those of the pack serving it."""
    return tuple(item for item in registered_checks() if item.applies_to(locale))
