"""Exporters: localized bundles for frontends and platforms, one module per format.

Every format, the built-ins included, is registered through the ``quizkit.exporters`` entry-point
group and implements :class:`Exporter`.
"""

from toolkit.exporters.base import (
    ENTRY_POINT_GROUP,
    NOT_XML_CHARACTER,
    Exporter,
    ExportError,
    ExportRequest,
    OutputFile,
    QuizSummary,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "NOT_XML_CHARACTER",
    "ExportError",
    "ExportRequest",
    "Exporter",
    "OutputFile",
    "QuizSummary",
]
