"""Content: quiz and interface-message YAML, from bytes on disk to the validated model.

The steps are separate, as in pypa/packaging: :mod:`.yaml_document` turns bytes into raw data with
positions, :mod:`.schema_validation` and :mod:`.rules` find every problem in the raw data, and
:mod:`.loader` builds the frozen model from data that passed.
"""

from toolkit.content.glossary import Glossary, GlossaryError, load_glossary
from toolkit.content.project import Project, load_project
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
