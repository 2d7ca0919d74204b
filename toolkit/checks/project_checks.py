"""``quizkit check`` over a project: which catalogs, which glossary, and the fixes written back."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.retirement import RETIRED_FOLDER
from toolkit.catalogs.soundness import CatalogProblem
from toolkit.catalogs.workflow import (
    CatalogError,
    read_catalog,
    read_with_problems,
    refuse_changed_since_read,
    templates,
)
from toolkit.checks.question_facts import SourceQuestions, source_questions
from toolkit.checks.runner import CatalogFindings, Fix, apply_fixes, check_catalog
from toolkit.config import ProjectConfig
from toolkit.content.glossary import Glossary, glossary_path, load_glossary
from toolkit.content.validation import ContentError, display_path, load_content
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.files import write_text_atomic


@dataclass
class CheckRun:
    results: list[CatalogFindings] = field(default_factory=list)
    fixes: dict[str, list[Fix]] = field(default_factory=dict)


def _locale_of(path: Path, locales_root: Path) -> str | None:
    try:
        relative = path.resolve().relative_to(locales_root.resolve())
    except ValueError:
        return None
    parts = relative.parts
    return parts[0] if len(parts) == 3 and parts[1] == "LC_MESSAGES" else None


def _not_retired(files: Iterable[Path], config: ProjectConfig) -> Iterator[Path]:
    retired = (config.locales_path / RETIRED_FOLDER).resolve()
    return (file for file in files if not file.resolve().is_relative_to(retired))


def catalogs_to_check(
    config: ProjectConfig, locales: Sequence[str], paths: Sequence[Path]
) -> list[tuple[Path, str]]:
    layout = CatalogLayout.for_project(config)
    if paths:
        chosen = []
        for path in paths:
            # A folder's retired catalogs (quizzes that are gone) are kept, not checked.
            files = sorted(_not_retired(path.rglob("*.po"), config)) if path.is_dir() else [path]
            for file in files:
                locale = _locale_of(file, config.locales_path)
                if locale is None:
                    raise CatalogError(
                        display_path(file),
                        None,
                        "not a catalog of this project (locales/<locale>/LC_MESSAGES/<domain>.po)",
                    )
                if not file.exists():
                    raise CatalogError(display_path(file), None, "no such catalog")
                if not locales or locale in locales:
                    chosen.append((file, locale))
        return chosen
    targets = list(locales) or list(config.target_locales)
    return [
        (layout.catalog(locale, domain), locale)
        for locale in targets
        for domain in templates(config)
        if layout.catalog(locale, domain).exists()
    ]


def _glossary(config: ProjectConfig, locale: str, cache: dict[str, Glossary | None]) -> Glossary | None:
    if locale not in cache:
        path = glossary_path(config.locales_path, locale)
        cache[locale] = load_glossary(path) if path.exists() else None
    return cache[locale]


def _problem_diagnostics(problems: list[CatalogProblem], file: str) -> list[Diagnostic]:
    """The problems that stop every other command, as errors of ``quizkit check``."""
    return [
        Diagnostic(file, problem.line, None, Severity.ERROR, problem.code, problem.message, key=problem.key)
        for problem in problems
    ]


def _source_questions(config: ProjectConfig) -> SourceQuestions:
    """The project's questions, for the checks that compare a translation with the answer key (a
    numeric answer). Content that does not validate is ``quizkit validate``'s to report: the catalogs
    are still checked, and only those checks go without the content."""
    try:
        return source_questions(load_content(config.content_path))
    except ContentError:
        return {}


def run_checks(
    config: ProjectConfig, locales: Sequence[str] = (), paths: Sequence[Path] = (), *, fix: bool = False
) -> CheckRun:
    run = CheckRun()
    glossaries: dict[str, Glossary | None] = {}
    questions = _source_questions(config)
    for path, locale in catalogs_to_check(config, locales, paths):
        catalog, problems, data = read_with_problems(path, locale, refuse_empty=True)
        file = display_path(path)
        glossary = _glossary(config, locale, glossaries)  # GlossaryError carries every problem, located
        findings = check_catalog(
            catalog, file, locale, glossary, source_locale=config.source_locale, questions=questions
        )
        findings.diagnostics[:0] = _problem_diagnostics(problems, file)
        if fix and findings.fixable_entries:
            # Bytes in, bytes out: line endings and every untouched line stay exactly as they were. The
            # bytes are the ones the findings were made from, and a catalog saved in an editor since then
            # is not written over.
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise CatalogError(
                    file,
                    None,
                    "--fix rewrites UTF-8 catalogs only; convert this one first: msgconv --to-code=UTF-8",
                ) from None
            fixed_text, fixes = apply_fixes(text, findings, locale)
            if fixes:
                refuse_changed_since_read(path, hashlib.sha256(data).hexdigest())
                write_text_atomic(path, fixed_text, durable=True)
                run.fixes[file] = fixes
                findings = check_catalog(
                    read_catalog(path),
                    file,
                    locale,
                    glossary,
                    source_locale=config.source_locale,
                    questions=questions,
                )
                findings.diagnostics[:0] = _problem_diagnostics(problems, file)
        run.results.append(findings)
    return run
