"""Exporters: localized bundles for frontends and platforms, one module per format.

Every format, the built-ins included, is registered through the ``quizkit.exporters`` entry-point
group and implements :class:`~toolkit.exporters.base.Exporter`.
"""
