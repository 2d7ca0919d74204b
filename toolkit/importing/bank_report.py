"""The report of ``quizkit import`` of a bank as plain data, the same fields for people (text) and
machines (JSON): the bank's issues and notes, and per quiz its counts, languages and files
(:mod:`toolkit.importing.bank_writing` plans them; the command prints the report)."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.content.validation import display_path
from toolkit.importing.bank import ImportedBank, ImportIssue
from toolkit.importing.bank_writing import BankImportPlan, NothingImportedError, PlannedLocale


def _issue(issue: ImportIssue) -> dict[str, object]:
    return {
        "file": issue.file,
        "line": issue.line,
        "question": issue.question,
        "reason": issue.reason,
        "draft": issue.draft is not None,
    }


def _planned_locale(planned: PlannedLocale) -> dict[str, object]:
    return {
        "locale": planned.locale,
        "translations": planned.translations,
        "catalog": display_path(planned.catalog.path) if planned.catalog is not None else None,
        "kept": planned.kept,
        "skipped": planned.skipped,
    }


def _quiz_report(plan: BankImportPlan, notes: Sequence[str]) -> dict[str, object]:
    """One quiz of the import: what ``quizzes`` of the report lists."""
    categories = plan.bank.categories
    return {
        "quiz": plan.bank.quiz.id,
        "title": plan.bank.quiz.title.source,
        "category": "/".join(categories[0].path) if len(categories) == 1 and categories[0].path else None,
        "questions": len(plan.bank.quiz.questions),
        "drafts": len(plan.drafts),
        "notes": list(notes),
        "locales": [_planned_locale(planned) for planned in plan.locales],
        "files": [display_path(planned.path) for planned in plan.files],
    }


def _existing(plans: Sequence[BankImportPlan]) -> list[str]:
    """The planned files already there, which the import replaces: not a quiz's template, which is
    made from the quiz and so never a conflict (:attr:`BankImportPlan.template`)."""
    return [
        display_path(planned.path)
        for plan in plans
        for planned in plan.files
        if planned.existed and planned is not plan.template
    ]


def category_report(
    bank: ImportedBank,
    plans: Sequence[BankImportPlan],
    notes: Sequence[str],
    format_name: str,
    written: bool,
) -> dict[str, object]:
    """The report of ``--quiz-per-category``: :func:`bank_report`'s fields for the whole bank (``quiz``
    None, each locale naming its quiz), and ``quizzes``, each quiz with its category, counts, notes,
    locales and files. ``notes`` are the bank's (the reader's and the split's)."""
    files = [planned for plan in plans for planned in plan.files]
    return {
        "bank": plans[0].bank_file,
        "format": format_name,
        "quiz": None,
        "source_locale": bank.source_locale,
        "questions": sum(len(plan.bank.quiz.questions) for plan in plans),
        "drafts": sum(len(plan.drafts) for plan in plans),
        "issues": [_issue(issue) for issue in bank.issues if issue.draft is None]
        + [_issue(issue) for plan in plans for issue in plan.drafts],
        "notes": list(notes),
        "locales": [
            {"quiz": plan.bank.quiz.id, **_planned_locale(planned)}
            for plan in plans
            for planned in plan.locales
        ],
        "files": [display_path(planned.path) for planned in files],
        "existing": _existing(plans),
        "written": written,
        "error": None,
        "by_category": True,
        "quizzes": [_quiz_report(plan, plan.bank.notes) for plan in plans],
    }


def bank_report(plan: BankImportPlan, format_name: str, written: bool) -> dict[str, object]:
    """The import report as plain data: the same fields for people (text) and machines (JSON)."""
    bank = plan.bank
    return {
        "bank": plan.bank_file,
        "format": format_name,
        "quiz": bank.quiz.id,
        "source_locale": bank.source_locale,
        "questions": len(bank.quiz.questions),
        "drafts": len(plan.drafts),
        "issues": [_issue(issue) for issue in bank.issues],
        "notes": list(bank.notes),
        "locales": [_planned_locale(planned) for planned in plan.locales],
        "files": [display_path(planned.path) for planned in plan.files],
        "existing": _existing([plan]),
        "written": written,
        "error": None,
        "by_category": False,
        "quizzes": [_quiz_report(plan, ())],
    }


def refused_report(error: NothingImportedError, format_name: str) -> dict[str, object]:
    """The report of an import refused because no question came through: the same fields as
    :func:`bank_report`, the issues that say why, nothing planned, and ``error``, the refusal."""
    bank = error.bank
    return {
        "bank": error.bank_file,
        "format": format_name,
        "quiz": bank.quiz.id,
        "source_locale": bank.source_locale,
        "questions": 0,
        "drafts": 0,
        "issues": [_issue(issue) for issue in bank.issues],
        "notes": list(bank.notes),
        "locales": [],
        "files": [],
        "existing": [],
        "written": False,
        # The parts of the error line, as every refusal's JSON report gives them (toolkit/cli/error_report.py).
        "error": {"code": "import", "file": error.bank_file, "line": None, "message": error.reason},
        "by_category": False,
        "quizzes": [],
    }
