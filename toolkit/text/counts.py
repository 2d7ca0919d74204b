"""A count with its noun, in the singular for one: "1 question", "2 questions" (English messages)."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun: ``singular`` for exactly one, else ``plural`` (default: ``singular`` + s)."""
    return f"{count} {singular if count == 1 else (plural or singular + 's')}"
