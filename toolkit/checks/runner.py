"""Run every registered check over catalogs; apply safe fixes without touching any other byte."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from toolkit.catalogs.suppression import suppressions
from toolkit.checks.context import CatalogView, EntryContext, LocaleRules
from toolkit.checks.question_facts import SourceQuestions
from toolkit.checks.registry import Check, registered_checks
from toolkit.content.glossary import Glossary
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_writer import wrap_field


@dataclass
class CatalogFindings:
    file: str
    diagnostics: list[Diagnostic] = field(default_factory=list)
    suppressed: int = 0
    fixable_entries: list[tuple[CatalogEntry, frozenset[str]]] = field(default_factory=list)


def _line(entry: CatalogEntry) -> int | None:
    return entry.msgstr_line or entry.line or None


# Faults that reach an export even in a fuzzy entry: XLIFF carries fuzzy translations to translators, and
# XML cannot carry a control character at all.
_CARRIED_WHEN_FUZZY = frozenset({"control-characters"})


def check_catalog(
    catalog: Catalog,
    file: str,
    locale: str,
    glossary: Glossary | None,
    checks: Sequence[Check] | None = None,
    source_locale: str = "en",
    questions: SourceQuestions | None = None,
) -> CatalogFindings:
    """Every finding of ``checks`` (default: the registered ones) in ``catalog``. ``questions``, the
    source questions by key prefix (:func:`toolkit.checks.question_facts.source_questions`), lets the
    checks that need the content (a numeric answer) run."""
    checks = [
        item for item in (checks if checks is not None else registered_checks()) if item.applies_to(locale)
    ]
    known = {item.info.id for item in registered_checks()}
    rules = LocaleRules.for_locale(locale, source_locale)
    view = CatalogView(catalog, questions)
    result = CatalogFindings(file)
    for entry in catalog.active():
        context = EntryContext(entry, view, rules, glossary)
        exempt: dict[str, str] = {}
        for suppression in suppressions(entry):
            if not suppression.check or suppression.check not in known:
                result.diagnostics.append(
                    Diagnostic(
                        file,
                        entry.line or None,
                        None,
                        Severity.WARNING,
                        "suppression-unknown-check",
                        f"quizkit-ignore names no known check ({suppression.check or 'empty'}); "
                        "write quizkit-ignore: <check-id>: <reason>",
                        key=context.key,
                    )
                )
                continue
            if not suppression.reason:
                result.diagnostics.append(
                    Diagnostic(
                        file,
                        entry.line or None,
                        None,
                        Severity.ERROR,
                        "suppression-without-reason",
                        f"quizkit-ignore: {suppression.check} gives no reason; "
                        f"write quizkit-ignore: {suppression.check}: <why this is right>",
                        key=context.key,
                    )
                )
                continue
            exempt[suppression.check] = suppression.reason
        fixable: set[str] = set()
        for item in checks:
            for finding in item.run(context):
                if finding.check in exempt:
                    result.suppressed += 1
                    continue
                severity, message = item.info.severity, finding.message
                if entry.is_fuzzy and severity is Severity.ERROR and finding.check not in _CARRIED_WHEN_FUZZY:
                    # A fuzzy translation is never exported or compiled (it falls back to the source), so
                    # its faults cannot reach a learner: they are shown, but block nothing until review.
                    severity, message = (
                        Severity.WARNING,
                        f"{message} (in a fuzzy entry, not used until reviewed)",
                    )
                result.diagnostics.append(
                    Diagnostic(file, _line(entry), None, severity, finding.check, message, key=context.key)
                )
                if item.info.fixable:
                    fixable.add(finding.check)
        if fixable:
            result.fixable_entries.append((entry, frozenset(fixable)))
    return result


def fixed_translation(text: str, locale: str, checks_to_fix: frozenset[str]) -> str:
    """The translation with the safe fixes of ``checks_to_fix`` applied and nothing else."""
    pack = LocaleRules.for_locale(locale).pack
    if pack is not None and pack.normalizer is not None:
        disabled = frozenset(rule for rule, owner in pack.fix_rules.items() if owner not in checks_to_fix)
        return pack.normalizer(text, disabled)
    if "whitespace" in checks_to_fix:
        # Runs of spaces become one and edge spaces go; newlines and tabs are content.
        return re.sub(r" {2,}", " ", text).strip(" ")
    return text


@dataclass(frozen=True)
class Fix:
    key: str
    line: int
    before: tuple[str, ...]
    after: tuple[str, ...]


def apply_fixes(text: str, findings: CatalogFindings, locale: str) -> tuple[str, list[Fix]]:
    """Rewrite only the msgstr lines of the entries with fixable findings; every other line stays.

    Lines end as most lines of the file end (CRLF or LF), the rewritten ones and, in a file that mixed
    the two, every other one: a fixed file has one convention. (msgcat is no model here: it keeps a
    CRLF file's carriage returns in comment lines only.)
    """
    crlf = text.count("\r\n")
    ending = "\r\n" if crlf > text.count("\n") - crlf else "\n"
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    fixes: list[Fix] = []
    replacements: dict[int, tuple[int, list[str]]] = {}
    for entry, checks_to_fix in findings.fixable_entries:
        if not entry.msgstr_line:
            continue
        start = entry.msgstr_line - 1
        keywords = (
            [f"msgstr[{index}]" for index in range(len(entry.msgstr_plural))]
            if entry.is_plural
            else ["msgstr"]
        )
        values = list(entry.msgstr_plural) if entry.is_plural else [entry.msgstr]
        new_values = [fixed_translation(value, locale, checks_to_fix) for value in values]
        if new_values == values:
            continue
        end = start
        while end < len(lines) and (
            lines[end].startswith("msgstr") or (end > start and lines[end].startswith('"'))
        ):
            end += 1
        new_lines = [
            line
            for keyword, value in zip(keywords, new_values, strict=True)
            for line in wrap_field(keyword, value)
        ]
        replacements[start] = (end, new_lines)
        fixes.append(Fix(entry.context or entry.msgid, entry.msgstr_line, tuple(values), tuple(new_values)))
    output: list[str] = []
    index = 0
    while index < len(lines):
        if index in replacements:
            end, new_lines = replacements[index]
            output.extend(new_lines)
            index = end
        else:
            output.append(lines[index])
            index += 1
    if not fixes:
        return text, fixes
    return ending.join(output), fixes


def check_summaries() -> list[dict[str, object]]:
    return [
        {
            "id": item.info.id,
            "severity": item.info.severity.value,
            "summary": item.info.summary,
            "fixable": item.info.fixable,
            "locales": list(item.locales),
        }
        for item in registered_checks()
    ]
