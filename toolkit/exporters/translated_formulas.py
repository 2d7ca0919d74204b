"""Translated formulas an export would write but no format can render, found before any format runs.

``quizkit check`` stops such a formula (inline-code: the translation changed the source's formula), and
validation stops one in the source; an export with ``--no-checks`` skips the checks, so without this
each format met the formula on its own: those that render formulas (html, qti, moodle, …) stopped without
saying where it is, those that carry the TeX as text (json, i18next, xliff, mo) wrote it. Every format now
stops alike, each formula named by its catalog, line and key. Only translations the export shows are
looked at: a question shown in the source language (incomplete, or left out) writes none of its own.
"""

from __future__ import annotations

from toolkit.catalogs.layout import CatalogLayout
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.errors import DiagnosedError
from toolkit.exporters.base import ExportRequest
from toolkit.text.formulas import formula_problem, formulas_outside_code


class UnrenderableFormulaError(DiagnosedError):
    """Formulas of translations being exported that cannot be rendered: nothing is written."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} formula(s) cannot be rendered", diagnostics)


def unrenderable_formulas(config: ProjectConfig, request: ExportRequest) -> list[Diagnostic]:
    """An error for each formula that cannot be rendered in a translation the export shows."""
    layout = CatalogLayout.for_project(config)
    errors: list[Diagnostic] = []
    for quiz_id, locale in sorted(request.localized):
        if (
            locale not in request.target_locales
            or locale in config.pseudo_locales
            or not request.includes(quiz_id)
            or (locale, quiz_id) not in request.catalogs
        ):
            continue
        localized = request.localized[(quiz_id, locale)]
        in_source = {*localized.fallen_back_questions, *localized.omitted}
        unshown = tuple(f"{quiz_id}.questions.{question}." for question in in_source)
        file = display_path(layout.catalog(locale, quiz_id))
        for entry in request.catalogs[(locale, quiz_id)].entries:
            key = entry.context or entry.msgid
            if entry.obsolete or "fuzzy" in entry.flags or key in localized.fallen_back_keys:
                continue
            if key.startswith(unshown):
                continue
            for text in (entry.msgstr, *entry.msgstr_plural):
                for formula in formulas_outside_code(text):
                    problem = formula_problem(formula)
                    if problem is not None:
                        errors.append(
                            Diagnostic(
                                file,
                                entry.msgstr_line or entry.line or None,
                                None,
                                Severity.ERROR,
                                "formula",
                                f"formula {formula.written} cannot be rendered: {problem}; write the formula "
                                "as the source does",
                                key=key,
                            )
                        )
    return errors
