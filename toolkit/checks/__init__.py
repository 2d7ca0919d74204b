"""Translation checks: ``quizkit check``.

Each check is a plain function taking an :class:`EntryContext` and yielding
findings, declared with :func:`check` and registered through the
``quizkit.checks`` entry-point group, built-ins exactly like third-party checks.
"""

from toolkit.checks.context import EntryContext, TextPair
from toolkit.checks.registry import ENTRY_POINT_GROUP, CheckInfo, Finding, check
from toolkit.diagnostics import Severity

__all__ = ["ENTRY_POINT_GROUP", "CheckInfo", "EntryContext", "Finding", "Severity", "TextPair", "check"]
