"""Exporters: localized bundles for frontends and platforms, one module per format.

The data formats are modules here; the formats that share code are packages: ``qti/`` (QTI 3.0),
``lms/`` (Canvas, Common Cartridge, GIFT, Moodle XML), ``player/`` (the HTML player and SCORM).

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
