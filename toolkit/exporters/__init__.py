"""Exporters: localized bundles for frontends and platforms, one module per format.

Every format, the built-ins included, is registered through the ``quizkit.exporters`` entry-point
group and implements :class:`Exporter`; the built-ins subclass :class:`BaseExporter`, which declares
every optional part of the contract with its default.
"""

from toolkit.exporters.base import (
    ENTRY_POINT_GROUP,
    NOT_XML_CHARACTER,
    BaseExporter,
    Exporter,
    ExportError,
    ExportRequest,
    OutputFile,
    QuizSummary,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "NOT_XML_CHARACTER",
    "BaseExporter",
    "ExportError",
    "ExportRequest",
    "Exporter",
    "OutputFile",
    "QuizSummary",
]
