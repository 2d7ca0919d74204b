"""Content: quiz and interface-message YAML, from bytes on disk to the validated model.

The steps are separate, as in pypa/packaging: :mod:`.yaml_document` turns bytes into raw data with
positions, :mod:`.schema_validation` and :mod:`.rules` find every problem in the raw data, and
:mod:`.loader` builds the frozen model from data that passed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toolkit.content.glossary import Glossary, GlossaryError, load_glossary
    from toolkit.content.loaded_project import Project, load_project
    from toolkit.content.validation import ContentError, ValidationResult, load_content, validate_paths

__all__ = [
    "ContentError",
    "Glossary",
    "GlossaryError",
    "Project",
    "ValidationResult",
    "load_content",
    "load_glossary",
    "load_project",
    "validate_paths",
]

# Each name is imported on first use: every module of the package imports this one first, and
# `quizkit validate` needs the validation modules, not the glossary's (a third of the start-up).
_HOMES = {
    "ContentError": "toolkit.content.validation",
    "Glossary": "toolkit.content.glossary",
    "GlossaryError": "toolkit.content.glossary",
    "Project": "toolkit.content.loaded_project",
    "ValidationResult": "toolkit.content.validation",
    "load_content": "toolkit.content.validation",
    "load_glossary": "toolkit.content.glossary",
    "load_project": "toolkit.content.loaded_project",
    "validate_paths": "toolkit.content.validation",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value
    return value
