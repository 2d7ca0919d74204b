"""Interface messages in other message syntaxes: ICU MessageFormat and i18next interpolation."""

from __future__ import annotations

import re

_PLACEHOLDER = re.compile(r"\{([a-z][a-z0-9_]*)\}")


def icu_escape(text: str) -> str:
    """Literal text for ICU MessageFormat: apostrophes doubled (placeholders are kept as they are)."""
    return text.replace("'", "''")


def icu_plural(selector: str, forms: tuple[tuple[str, str], ...]) -> str:
    """``{count, plural, one {{count} question} other {{count} questions}}``."""
    branches = " ".join(f"{category} {{{icu_escape(text)}}}" for category, text in forms)
    return f"{{{selector}, plural, {branches}}}"


def i18next_interpolation(text: str) -> str:
    """``{name}`` → ``{{name}}``, i18next's default interpolation."""
    return _PLACEHOLDER.sub(lambda match: "{{" + match.group(1) + "}}", text)
