"""One export: load content and catalogs, localize every quiz, run the chosen exporters, write files.

Files are written only after every exporter has produced its output, atomically, and only inside
``<out>/<format>/``: nothing a quiz id or an exporter says can place a file elsewhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from toolkit.catalogs.catalog import Catalog
from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.project import CatalogError, validated_catalog
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path, load_content
from toolkit.diagnostics import Diagnostic
from toolkit.exporters.base import ExportRequest, OutputFile, exporter_names, load_exporter
from toolkit.files import OutsideProjectError, confined, write_bytes_atomic
from toolkit.keys import UI_DOMAIN
from toolkit.localization import FallbackPolicy, LocalizedQuiz, localize


class ExportError(Exception):
    pass


class ExportBlockedError(Exception):
    """Check errors in the catalogs: errors block export (warnings do not)."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{len(diagnostics)} check error(s)")
        self.diagnostics = diagnostics


@dataclass
class ExportResult:
    written: list[Path] = field(default_factory=list)
    unchanged: list[Path] = field(default_factory=list)
    fell_back: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    omitted: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)


def resolve_formats(names: Sequence[str]) -> list[str]:
    available = exporter_names()
    if not names or "all" in names:
        return list(available)
    unknown = [name for name in names if name not in available]
    if unknown:
        raise ExportError(f"unknown format {unknown[0]!r}; available: {', '.join(available)}, all")
    return list(dict.fromkeys(names))


def build_request(
    config: ProjectConfig,
    locales: Sequence[str] = (),
    policy: FallbackPolicy = FallbackPolicy.QUESTION,
    answers: bool = True,
) -> ExportRequest:
    content = load_content(config.content_path)
    targets = tuple(locales) if locales else config.target_locales
    for locale in targets:
        if locale not in config.target_locales and locale != config.source_locale:
            raise ExportError(f"locale {locale} is not a target locale of this project")
    target_locales = tuple(locale for locale in targets if locale != config.source_locale)
    layout = CatalogLayout.for_project(config)
    domains = [quiz.id for quiz in content.quizzes] + ([UI_DOMAIN] if content.interface else [])
    catalogs: dict[tuple[str, str], Catalog] = {}
    for locale in target_locales:
        for domain in domains:
            path = layout.catalog(locale, domain)
            if not path.exists():
                raise CatalogError(
                    display_path(path), None, "catalog missing; run quizkit update to create it"
                )
            catalogs[(locale, domain)] = validated_catalog(path, locale)
    localized: dict[tuple[str, str], LocalizedQuiz] = {}
    for quiz in content.quizzes:
        localized[(quiz.id, config.source_locale)] = localize(
            quiz, content.interface, config.source_locale, config.source_locale, None, None, policy
        )
        for locale in target_locales:
            localized[(quiz.id, locale)] = localize(
                quiz,
                content.interface,
                locale,
                config.source_locale,
                catalogs[(locale, quiz.id)],
                catalogs.get((locale, UI_DOMAIN)),
                policy,
            )
    return ExportRequest(content, config.source_locale, target_locales, localized, catalogs, policy, answers)


def run_export(
    config: ProjectConfig,
    formats: Sequence[str],
    out: Path,
    locales: Sequence[str] = (),
    policy: FallbackPolicy = FallbackPolicy.QUESTION,
    answers: bool = True,
    run_checks: bool = True,
) -> ExportResult:
    request = build_request(config, locales, policy, answers)
    if run_checks:
        blocking = check_errors(config, request)
        if blocking:
            raise ExportBlockedError(blocking)
    _refuse_uncarryable_characters(request)
    planned: list[tuple[Path, bytes]] = []
    for name in resolve_formats(formats):
        exporter = load_exporter(name)()
        folder = out / name
        for output in exporter.export(request):
            planned.append((_target(folder, output), output.data))
    result = ExportResult()
    for path, data in planned:
        (result.written if write_bytes_atomic(path, data) else result.unchanged).append(path)
    for key, localized in request.localized.items():
        if localized.fallen_back_questions:
            result.fell_back[key] = localized.fallen_back_questions
        if localized.omitted:
            result.omitted[key] = localized.omitted
    return result


# Characters XML 1.0 cannot carry at all, not even escaped (lxml refuses them with a bare ValueError).
# quizkit check reports them as errors; _refuse_uncarryable_characters stops an export run with
# --no-checks before any exporter meets them, and exporters called directly use the same pattern.
NOT_XML_CHARACTER = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _texts(localized: LocalizedQuiz) -> Iterator[tuple[str, str]]:
    yield "title", localized.title
    yield "description", localized.description
    for question in localized.questions:
        prefix = f"questions.{question.id}"
        yield f"{prefix}.prompt", question.prompt
        for option in question.options:
            yield f"{prefix}.options.{option.id}", option.text
            if option.feedback is not None:
                yield f"{prefix}.options.{option.id}.feedback", option.feedback
        yield f"{prefix}.explanation", question.explanation
    for message in localized.messages:
        if message.text is not None:
            yield f"{UI_DOMAIN}.{message.name}", message.text
        for category, text in message.forms:
            yield f"{UI_DOMAIN}.{message.name}[{category}]", text


def _refuse_uncarryable_characters(request: ExportRequest) -> None:
    for localized in request.localized.values():
        for key, text in _texts(localized):
            found = NOT_XML_CHARACTER.search(text)
            if found:
                where = key if key.startswith(f"{UI_DOMAIN}.") else f"{localized.quiz.id}.{key}"
                raise ExportError(
                    f"{where} [{localized.locale.tag}] contains U+{ord(found.group(0)):04X}, a control "
                    "character no export format can carry; remove it (quizkit check shows its line)"
                )


def check_errors(config: ProjectConfig, request: ExportRequest) -> list[Diagnostic]:
    """Error-severity findings of quizkit check in the catalogs being exported."""
    from toolkit.checks.runner import check_catalog
    from toolkit.glossary import glossary_path, load_glossary

    layout = CatalogLayout.for_project(config)
    errors: list[Diagnostic] = []
    for locale in request.target_locales:
        path = glossary_path(config.locales_path, locale)
        glossary = load_glossary(path) if path.exists() else None
        for (catalog_locale, domain), catalog in request.catalogs.items():
            if catalog_locale != locale:
                continue
            file = display_path(layout.catalog(locale, domain))
            findings = check_catalog(catalog, file, locale, glossary)
            errors.extend(diagnostic for diagnostic in findings.diagnostics if diagnostic.is_error)
    return errors


def _target(folder: Path, output: OutputFile) -> Path:
    relative = PurePosixPath(output.path)
    if relative.is_absolute() or ".." in relative.parts:
        raise OutsideProjectError(f"{relative} (an exporter tried to leave {folder})")
    try:
        return confined(folder / Path(*relative.parts), folder)
    except OutsideProjectError:
        raise OutsideProjectError(f"{relative} (it leaves {folder})") from None
