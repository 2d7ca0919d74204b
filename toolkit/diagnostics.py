"""Diagnostics: the one format every quizkit command reports problems in.

A diagnostic knows the file, line and column it is about, its severity, a stable code, a message for
people, and where there is one the JSON path inside the document or the translation key.
Text form: ``path:line[:col]: severity[code]: message [where]``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, order=True)
class Diagnostic:
    file: str
    line: int | None
    column: int | None
    severity: Severity
    code: str
    message: str
    path: str | None = None
    key: str | None = None

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def location(self) -> str:
        return format_location(self.file, self.line, self.column)

    def to_text(self) -> str:
        text = f"{self.location()}: {self.severity}[{self.code}]: {self.message}"
        where = self.key or self.path
        if where:
            text += f" [{where}]"
        return terminal_safe(text)

    def to_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "path": self.path,
            "key": self.key,
        }


def format_location(file: str, line: int | None, column: int | None) -> str:
    """``file:line:column`` as far as it is known (a column without a line is not shown)."""
    parts = [file]
    if line is not None:
        parts.append(str(line))
        if column is not None:
            parts.append(str(column))
    return ":".join(parts)


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Order by file, then position, so output is stable and reads top to bottom."""
    return sorted(
        diagnostics,
        key=lambda item: (item.file, item.line or 0, item.column or 0, item.code, item.message),
    )


def count_errors(diagnostics: Iterable[Diagnostic]) -> int:
    return sum(1 for diagnostic in diagnostics if diagnostic.is_error)


def render_text(diagnostics: Sequence[Diagnostic]) -> str:
    return "".join(diagnostic.to_text() + "\n" for diagnostic in diagnostics)


def render_json(diagnostics: Sequence[Diagnostic], summary: Mapping[str, object] | None = None) -> str:
    document: dict[str, object] = {"diagnostics": [diagnostic.to_dict() for diagnostic in diagnostics]}
    if summary is not None:
        document["summary"] = dict(summary)
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def format_json_path(parts: Iterable[str | int]) -> str:
    """``('questions', 2, 'options', 1)`` → ``$.questions[2].options[1]``."""
    text = "$"
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += "[" + json.dumps(part, ensure_ascii=False) + "]"
    return text


# Characters that a terminal acts on instead of showing (escape sequences can retitle the window, clear
# the screen or print a fake success), and bidi embeddings, overrides and isolates, which reorder what
# follows them on the line.
_TERMINAL_UNSAFE = {
    code: f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    for code in (*range(0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A))
}


def terminal_safe(text: str) -> str:
    """``text`` with every character a terminal would act on written as an escape (``\\x1b``)."""
    return text.translate(_TERMINAL_UNSAFE)
