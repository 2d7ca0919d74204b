"""``quizkit build``: content to every bundle in one run, redoing only what changed since the last build.

validate → extract → update → check → compile → export, stopping at the first step with errors. Work is
done per *domain* (a quiz, or ``ui``): a domain whose inputs (its YAML, the interface YAML, its catalogs
and the interface catalogs in every target locale, the glossaries, the configuration and quizkit itself)
hash to the key recorded by the last successful build, and whose recorded outputs are still on disk as
that build left them, is skipped: its findings and statistics come from :mod:`toolkit.build_cache`.
Files that depend on every quiz (an index page) are rewritten whenever any domain was rebuilt.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.build_cache import BuildCache
from toolkit.config import ProjectConfig
from toolkit.diagnostics import Diagnostic

ProgressCallback = Callable[[str, int, int], None]
"""Called as (step, done, total) while a step works through its domains."""


class BuildFailedError(Exception):
    """A step found errors; they are in ``diagnostics``, and later steps did not run."""

    def __init__(self, step: str, diagnostics: list[Diagnostic]) -> None:
        super().__init__(f"{step}: {len(diagnostics)} error(s)")
        self.step = step
        self.diagnostics = diagnostics


@dataclass(frozen=True)
class StepResult:
    name: str
    seconds: float
    written: int
    detail: str


@dataclass(frozen=True)
class LocaleSummary:
    locale: str
    translated: int
    total: int
    errors: int
    warnings: int

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.total if self.total else 100.0


@dataclass
class BuildResult:
    steps: list[StepResult] = field(default_factory=list)
    locales: list[LocaleSummary] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    rebuilt: list[str] = field(default_factory=list)
    """Domains whose inputs changed (or whose outputs were missing), so their work was redone."""
    domains: int = 0
    removed: list[Path] = field(default_factory=list)
    """Outputs of an earlier build that this build no longer produces, deleted."""


@dataclass
class _StepRecord:
    written: int = 0
    detail: str = ""


@contextmanager
def _step(result: BuildResult, name: str, on_step: Callable[[str], None] | None) -> Iterator[_StepRecord]:
    if on_step is not None:
        on_step(name)
    started = time.perf_counter()
    record = _StepRecord()
    yield record
    result.steps.append(StepResult(name, time.perf_counter() - started, record.written, record.detail))


def run_build(
    config: ProjectConfig,
    on_step: Callable[[str], None] | None = None,
    *,
    clean: bool = False,
    on_progress: ProgressCallback | None = None,
) -> BuildResult:
    """Build the project; ``clean`` ignores (and replaces) the cache of the last build."""
    from toolkit.build_cache import (
        ContentRecord,
        DomainRecord,
        combined_key,
        digest_bytes,
        digest_file,
        environment_key,
        load_cache,
        outputs_intact,
        save_cache,
        stamps_of,
    )
    from toolkit.catalogs.catalog import Catalog
    from toolkit.catalogs.extraction import interface_template, quiz_template
    from toolkit.catalogs.layout import CatalogLayout
    from toolkit.catalogs.mo_writer import compile_mo
    from toolkit.catalogs.po_writer import write_po
    from toolkit.catalogs.project import imported_translations, plan_catalog, validated_catalog
    from toolkit.catalogs.statistics import catalog_statistics
    from toolkit.checks.runner import check_catalog
    from toolkit.content.validation import (
        ContentError,
        FileValidation,
        collect_files,
        combine_files,
        display_path,
        validate_file,
    )
    from toolkit.diagnostics import count_errors, sort_diagnostics
    from toolkit.exporters.run import build_request, resolve_formats, write_exports
    from toolkit.files import remove_stale_temporaries, write_bytes_atomic, write_text_atomic
    from toolkit.glossary import Glossary, glossary_path, load_glossary
    from toolkit.keys import UI_DOMAIN
    from toolkit.model import Content, InterfaceMessages, Quiz
    from toolkit.model_codec import CodecError, decode, decode_diagnostic, encode

    def progress(step: str, done: int, total: int) -> None:
        if on_progress is not None:
            on_progress(step, done, total)

    root = config.root.resolve()
    result = BuildResult()
    # Under the writer lock no write is in progress: temporary files found now were left by a killed run.
    for folder in (config.locales_path, config.output_path, root / ".quizkit-cache"):
        remove_stale_temporaries(folder)
    config_bytes = config.config_file.read_bytes() if config.config_file is not None else b""
    # Messages name files relative to the working folder, and cached findings keep those names.
    environment = environment_key(config_bytes + b"\0" + display_path(root).encode("utf-8"))
    # Any earlier cache says what was written (to remove what is no longer produced); only one of this
    # environment, and not with --clean, may stand in for work.
    written_before = load_cache(root)
    if written_before is not None and written_before.environment == environment and not clean:
        previous = written_before
    else:
        previous = BuildCache(environment)
    cache = BuildCache(environment)
    layout = CatalogLayout.for_project(config)
    targets = config.target_locales

    with _step(result, "validate", on_step) as record:
        files, collected = collect_files([config.content_path])
        validations: list[FileValidation] = []
        digests: dict[str, str] = {}
        reused = 0
        for path in files:
            name = _relative(path, root)
            try:
                data: bytes | None = path.read_bytes()
            except OSError:
                data = None  # validate_file reports it, located
            digest = digest_bytes(data) if data is not None else "unreadable"
            validation: FileValidation | None = None
            earlier = previous.content.get(name)
            record_to_keep: ContentRecord | None = None
            if earlier is not None and earlier.digest == digest:
                try:
                    kind: type[Quiz] | type[InterfaceMessages] = (
                        Quiz if earlier.kind == "quiz" else InterfaceMessages
                    )
                    validation = (
                        [decode_diagnostic(item) for item in earlier.diagnostics],
                        decode(kind, earlier.model),
                    )
                    reused += 1
                    record_to_keep = earlier
                except CodecError:
                    validation = None
            if validation is None:
                validation = validate_file(path, data)
            validations.append(validation)
            found, model = validation
            if model is not None and data is not None:
                digests[display_path(path)] = digest
                cache.content[name] = record_to_keep or ContentRecord(
                    digest,
                    [item.to_dict() for item in found],
                    encode(model),
                    "quiz" if isinstance(model, Quiz) else "interface",
                )
        validated = combine_files(files, collected, validations)
        if validated.error_count or not validated.files:
            raise ContentError(validated.diagnostics)
        content = validated.content()
        result.warnings.extend(validated.diagnostics)
        record.detail = f"{len(files)} files, {len(files) - reused} changed"

    quizzes = {quiz.id: quiz for quiz in content.quizzes}
    domains = sorted(quizzes) + ([UI_DOMAIN] if content.interface is not None else [])
    interface_digest = digests.get(content.interface.origin.file, "") if content.interface else "none"
    glossary_digests = {locale: digest_file(glossary_path(config.locales_path, locale)) for locale in targets}
    catalog_digests: dict[tuple[str, str], str] = {
        (locale, domain): digest_file(layout.catalog(locale, domain))
        for locale in targets
        for domain in domains
    }

    def domain_key(domain: str) -> str:
        own = quizzes[domain].origin.file if domain in quizzes else ""
        parts = [environment, domain, digests.get(own, ""), interface_digest]
        for locale in targets:
            parts += [locale, glossary_digests[locale], catalog_digests[(locale, domain)]]
            if content.interface is not None:
                parts.append(catalog_digests[(locale, UI_DOMAIN)])
        return combined_key(*parts)

    dirty: list[str] = []
    for domain in domains:
        earlier_domain = previous.domains.get(domain)
        if (
            earlier_domain is None
            or earlier_domain.key != domain_key(domain)
            or not outputs_intact(root, earlier_domain.outputs)
        ):
            dirty.append(domain)
    result.rebuilt = dirty
    result.domains = len(domains)
    outputs: dict[str, list[Path]] = {domain: [] for domain in dirty}

    with _step(result, "update", on_step) as record:
        waiting = imported_translations(
            Content(tuple(quizzes[domain] for domain in dirty if domain in quizzes))
        )
        for number, domain in enumerate(dirty, start=1):
            progress("update", number, len(dirty))
            if domain in quizzes:
                template = quiz_template(quizzes[domain], config.root)
            else:
                assert content.interface is not None
                template = interface_template(content.interface, config.root)
            template_path = layout.template(domain)
            if write_text_atomic(template_path, write_po(template)):
                result.written.append(template_path)
                record.written += 1
            outputs[domain].append(template_path)
            for locale in targets:
                plan = plan_catalog(config, locale, domain, template, waiting.get((locale, domain)))
                if write_text_atomic(plan.path, plan.text, durable=True):
                    result.written.append(plan.path)
                    record.written += 1
                catalog_digests[(locale, domain)] = digest_bytes(plan.text.encode("utf-8"))
        record.detail = f"{len(dirty)} of {len(domains)} domains"

    glossaries: dict[str, Glossary | None] = {}
    for locale in targets:
        path = glossary_path(config.locales_path, locale)
        glossaries[locale] = load_glossary(path) if path.exists() else None
    catalogs: dict[tuple[str, str], Catalog] = {}
    findings: dict[str, list[Diagnostic]] = {}
    with _step(result, "check", on_step) as record:
        errors: list[Diagnostic] = []
        for number, domain in enumerate(domains, start=1):
            if domain not in dirty:
                earlier_record = previous.domains[domain]
                findings[domain] = [decode_diagnostic(item) for item in earlier_record.findings]
                continue
            progress("check", number, len(domains))
            findings[domain] = []
            for locale in targets:
                path = layout.catalog(locale, domain)
                catalog = catalogs[(locale, domain)] = validated_catalog(path, locale)
                checked = check_catalog(catalog, display_path(path), locale, glossaries[locale])
                findings[domain].extend(checked.diagnostics)
                errors.extend(item for item in checked.diagnostics if item.is_error)
        if errors:
            raise BuildFailedError("check", sort_diagnostics(errors))
        every_finding = [item for domain in domains for item in findings[domain]]
        result.warnings.extend(every_finding)
        record.detail = f"{len(every_finding)} warnings"

    statistics: dict[str, dict[str, tuple[int, int]]] = {}
    with _step(result, "compile", on_step) as record:
        for number, domain in enumerate(dirty, start=1):
            progress("compile", number, len(dirty))
            statistics[domain] = {}
            for locale in targets:
                catalog = catalogs[(locale, domain)]
                counts = catalog_statistics(catalog)
                statistics[domain][locale] = (counts.translated, counts.total)
                path = layout.compiled(locale, domain)
                if write_bytes_atomic(path, compile_mo(catalog)):
                    result.written.append(path)
                    record.written += 1
                outputs[domain].append(path)
        record.detail = f"{len(dirty) * len(targets)} of {len(domains) * len(targets)} catalogs"

    keys = {domain: domain_key(domain) for domain in domains}
    formats = resolve_formats(config.export_formats)
    shared_key = combined_key(*(keys[domain] for domain in domains), *formats)
    shared_outputs = previous.shared_outputs
    with _step(result, "export", on_step) as record:
        if dirty or previous.shared_key != shared_key or not outputs_intact(root, shared_outputs):
            progress("export", 0, 1)
            request = build_request(
                config,
                content=content,
                quiz_ids=frozenset(domain for domain in dirty if domain in quizzes),
                preloaded=catalogs,
            )
            exported = write_exports(request, formats, config.output_path)
            result.written.extend(exported.written)
            record.written = len(exported.written)
            shared: list[Path] = []
            for path, quiz in exported.quiz_of.items():
                outputs.get(quiz or "", shared).append(path)
            shared_outputs = stamps_of(root, shared)
            record.detail = f"{len(exported.quiz_of)} files for {len(formats)} formats"
            progress("export", 1, 1)
        else:
            record.detail = "nothing changed"

    for domain in domains:
        if domain in outputs:
            cache.domains[domain] = DomainRecord(
                keys[domain],
                stamps_of(root, outputs[domain]),
                [item.to_dict() for item in findings[domain]],
                statistics[domain],
            )
        else:
            cache.domains[domain] = previous.domains[domain]
    cache.shared_key = shared_key
    cache.shared_outputs = shared_outputs
    if written_before is not None:
        result.removed = _remove_stale_outputs(config, root, _recorded(written_before) - _recorded(cache))
    if cache != previous:
        save_cache(root, cache)

    for locale in targets:
        translated = total = 0
        for domain in domains:
            pair = cache.domains[domain].statistics.get(locale, (0, 0))
            translated, total = translated + pair[0], total + pair[1]
        locale_findings = [
            item
            for domain in domains
            for item in findings[domain]
            if f"/{locale}/" in item.file.replace("\\", "/")
        ]
        errors_count = count_errors(locale_findings)
        result.locales.append(
            LocaleSummary(locale, translated, total, errors_count, len(locale_findings) - errors_count)
        )
    return result


def _recorded(cache: BuildCache) -> set[str]:
    names = set(cache.shared_outputs)
    for record in cache.domains.values():
        names.update(record.outputs)
    return names


def _remove_stale_outputs(config: ProjectConfig, root: Path, names: set[str]) -> list[Path]:
    """Delete what an earlier build wrote and this one no longer does (a deleted quiz, a dropped format).

    Only regenerable files go: bundles under the output folder and compiled catalogs. Catalogs and
    templates stay, whatever the cache says.
    """
    from toolkit.files import OutsideProjectError, confined

    removed: list[Path] = []
    for name in sorted(names):
        folder = config.output_path.resolve()
        try:
            path = confined(root / name, folder)
        except OutsideProjectError:
            if not name.endswith(".mo"):
                continue
            folder = config.locales_path.resolve()
            try:
                path = confined(root / name, folder)
            except OutsideProjectError:
                continue
        if not path.is_file():
            continue
        path.unlink()
        removed.append(path)
        parent = path.parent
        # A deleted quiz leaves no empty folder behind; folders holding anything else stay.
        while parent != folder and parent.is_relative_to(folder) and not any(parent.iterdir()):
            parent.rmdir()
            parent = parent.parent
    return removed


def _relative(path: Path, root: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.resolve().as_posix()
