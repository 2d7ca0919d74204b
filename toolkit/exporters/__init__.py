"""Exporters: localized bundles for frontends and platforms, one module per format.

The data formats are modules here; the formats that share code are packages: ``qti/`` (QTI 3.0),
``lms/`` (Canvas, Common Cartridge, GIFT, Moodle XML), ``player/`` (the HTML player and SCORM).

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
