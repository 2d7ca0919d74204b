"""The steps of one ``quizkit build`` (:mod:`toolkit.build.pipeline` runs them), over the domains that changed.

Each step that works through many domains hands slices of them to worker processes
(:mod:`toolkit.concurrency.workers`); a step's results come back to this process, which alone decides whether the
build goes on, and alone writes the cache.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from toolkit.build.cache import (
    BuildCache,
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
from toolkit.build.content import BuildContent
from toolkit.build.memory_cache import KeptCatalogUnits
from toolkit.build.outputs import recorded_outputs, remove_stale_outputs
from toolkit.build.resident import ResidentState
from toolkit.build.results import BuildFailedError, BuildResult, LocaleSummary, ProgressCallback, StepResult
from toolkit.build.store import SealedStore
from toolkit.catalogs.layout import CatalogLayout
from toolkit.config import MAX_CONFIG_BYTES, ProjectConfig
from toolkit.content.glossary import Glossary
from toolkit.diagnostics import Diagnostic
from toolkit.files import read_regular_file
from toolkit.gettext.catalog import Catalog

MODELS_FOLDER = "models"
PARALLEL_FROM = 16
"""Fewer domains than this are built in one process: forking costs more than it saves."""
KEEP_CATALOGS_UP_TO = 64
"""A build that checks at most this many domains keeps their catalogs for the export; a larger one reads
them again there rather than hold every catalog of the project at once (20,000 in a bank of 10,000
quizzes with two target locales)."""


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


@dataclass(frozen=True)
class _Updated:
    domain: str
    written: list[Path]
    digests: dict[str, str]
    """The digest of each locale's catalog as written."""


@dataclass(frozen=True)
class _Checked:
    domain: str
    findings: list[Diagnostic]
    statistics: dict[str, tuple[int, int]]
    compiled: dict[str, bytes]
    """The .mo bytes by locale: compiled beside the checks, written by the compile step."""


class BuildSteps:
    def __init__(
        self,
        config: ProjectConfig,
        clean: bool,
        jobs: int,
        on_step: Callable[[str], None] | None,
        on_progress: ProgressCallback | None,
        only: frozenset[str] | None = None,
        use_memory: bool = True,
        resident: ResidentState | None = None,
    ) -> None:
        from toolkit.content.validation import display_path
        from toolkit.memory.prefill import PrefillMemory

        self.only = only
        """The quizzes to build (None: the project). The others keep what the last build made of them."""
        self.config = config
        self.jobs = max(1, jobs)
        self.on_step = on_step
        self.on_progress = on_progress
        self.root = config.root.resolve()
        self.layout = CatalogLayout.for_project(config)
        self.targets = config.target_locales
        self.result = BuildResult()
        config_bytes = (
            read_regular_file(config.config_file, MAX_CONFIG_BYTES) if config.config_file is not None else b""
        )
        # Messages name files relative to the working folder, and cached findings keep those names.
        # The pseudo-locales too: --pseudo changes the outputs without changing the configuration file.
        self.environment = environment_key(
            config_bytes
            + b"\0"
            + display_path(self.root).encode("utf-8")
            + "".join(f"\0{locale}" for locale in config.pseudo_locales).encode("utf-8")
        )
        # Any earlier cache says what was written (to remove what is no longer produced); only one of
        # this environment, and not with --clean, may stand in for work.
        self.written_before = load_cache(self.root, resident)
        self.outputs_trusted = (
            resident is not None
            and self.written_before is not None
            and resident.outputs_as_recorded is self.written_before
        )
        """Whether the recorded outputs are as this process's last build left them (:mod:`.resident`)."""
        if resident is not None:
            resident.outputs_as_recorded = None  # until this build succeeds
        usable = self.written_before is not None and self.written_before.environment == self.environment
        self.previous = (
            self.written_before
            if usable and not clean and self.written_before
            else BuildCache(self.environment)
        )
        self.cache = BuildCache(self.environment)
        self.resident = resident
        """What a long-running process kept from its earlier builds (:mod:`toolkit.build.resident`)."""
        self.kept_units = KeptCatalogUnits(
            self.root, self.environment, use_kept=usable and not clean, resident=resident
        )
        self.memory = (
            PrefillMemory(
                config,
                catalog_units_of=self.kept_units,
                kept_indexes=resident.memory_indexes if resident is not None else None,
            )
            if use_memory
            else None
        )
        """The translation memory the update step pre-fills from (read when first needed)."""
        self.models = SealedStore(self.root, MODELS_FOLDER)
        self.source = BuildContent(
            config, self.root, self.previous, self.cache, self.jobs_for, self.models, resident
        )
        self.catalog_digests: dict[tuple[str, str], str] = {}
        self.glossary_digests: dict[str, str] = {}
        self.glossaries: dict[str, Glossary | None] = {}
        self.domains: list[str] = []
        self.dirty: list[str] = []
        self.outputs: dict[str, list[Path]] = {}
        self.findings: dict[str, list[Diagnostic]] = {}
        self.export_warnings: dict[str, list[Diagnostic]] = {}
        self.statistics: dict[str, dict[str, tuple[int, int]]] = {}
        self.titles: dict[str, dict[str, str]] = {}
        self.descriptions: dict[str, dict[str, str]] = {}
        self.question_counts: dict[str, dict[str, int]] = {}
        self.fell_back: dict[str, dict[str, list[str]]] = {}
        self.loaded: dict[tuple[str, str], Catalog] = {}
        """Catalogs read by the checks in this process, for the exporters to reuse (in a small build)."""

    def jobs_for(self, count: int) -> int:
        return self.jobs if count >= PARALLEL_FROM else 1

    def progress(self, step: str, done: int, total: int) -> None:
        if self.on_progress is not None:
            self.on_progress(step, done, total)

    def run(self) -> BuildResult:
        from toolkit.build.cache import CACHE_FOLDER
        from toolkit.files import confined, remove_stale_temporaries

        # Before anything is written: a cache folder that is a link out of the project stops the build.
        cache_folder = confined(self.root / CACHE_FOLDER, self.root)
        # Under the writer lock no write is in progress: temporaries found now were left by a killed run
        # (in a long-running process, before its first build: its own writes leave none).
        if self.resident is None or not self.resident.swept:
            for folder in (self.config.locales_path, self.config.output_path, cache_folder):
                remove_stale_temporaries(folder)
        if self.resident is not None:
            self.resident.swept = True
        with _step(self.result, "validate", self.on_step) as record:
            self.validate(record)
        self.find_dirty()
        with _step(self.result, "update", self.on_step) as record:
            self.update(record)
        with _step(self.result, "check", self.on_step) as record:
            checked = self.check(record)
        with _step(self.result, "compile", self.on_step) as record:
            self.compile(record, checked)
        # The .mo bytes of every catalog checked, written now: not held through the export (some 180 MB
        # at 10,000 quizzes).
        del checked
        keys = {domain: self.domain_key(domain) for domain in self.domains}
        with _step(self.result, "export", self.on_step) as record:
            shared_key, shared_outputs = self.export(record, keys)
        self.record(keys, shared_key, shared_outputs)
        self.summarize()
        if self.resident is not None:
            self.resident.end_build()
        return self.result

    # validate -----------------------------------------------------------------------------------------

    def validate(self, record: _StepRecord) -> None:
        record.detail = self.source.validate()
        self.result.warnings.extend(self.source.warnings)

    # what changed -------------------------------------------------------------------------------------

    def domain_key(self, domain: str) -> str:
        """The digest of everything the domain's outputs depend on."""
        from toolkit.keys import UI_DOMAIN

        interface = self.source.interface_file
        own = self.source.quiz_files.get(domain, "")
        interface_digest = self.source.digests.get(interface, "") if interface is not None else "none"
        # The file's name counts as well as its bytes: templates and catalogs refer to it.
        parts = [
            self.environment,
            # --require overrides the configuration, whose bytes are in the environment already.
            self.config.require,
            domain,
            own,
            self.source.digests.get(own, ""),
            str(interface),
            interface_digest,
        ]
        for locale in self.targets:
            parts += [locale, self.glossary_digests[locale], self.catalog_digests[(locale, domain)]]
            if interface is not None:
                parts.append(self.catalog_digests[(locale, UI_DOMAIN)])
        return combined_key(*parts)

    def find_dirty(self) -> None:
        from toolkit.content.glossary import glossary_path, load_glossary
        from toolkit.keys import UI_DOMAIN

        every = sorted(self.source.quiz_files) + (
            [UI_DOMAIN] if self.source.interface_file is not None else []
        )
        self.domains = every
        if self.only is not None:
            unknown = sorted(self.only - set(self.source.quiz_files))
            if unknown:
                raise BuildFailedError("validate", [self._unknown_quiz(unknown[0])])
            self.domains = [domain for domain in every if domain in self.only]
        for locale in self.targets:
            path = glossary_path(self.config.locales_path, locale)
            self.glossary_digests[locale] = digest_file(path)
            self.glossaries[locale] = load_glossary(path) if path.exists() else None
        # Every domain's: a quiz's key includes the interface catalogs, built or not.
        self.catalog_digests = {
            (locale, domain): digest_file(self.layout.catalog(locale, domain))
            for locale in self.targets
            for domain in every
        }
        for domain in self.domains:
            earlier = self.previous.domains.get(domain)
            if (
                earlier is None
                or earlier.key != self.domain_key(domain)
                or not (self.outputs_trusted or outputs_intact(self.root, earlier.outputs))
            ):
                self.dirty.append(domain)
        self.outputs = {domain: [] for domain in self.dirty}
        self.result.rebuilt = list(self.dirty)
        self.result.domains = len(self.domains)

    @property
    def source_interface_domain(self) -> str | None:
        from toolkit.keys import UI_DOMAIN

        return UI_DOMAIN if self.source.interface_file is not None else None

    def _unknown_quiz(self, quiz_id: str) -> Diagnostic:
        from toolkit.content.validation import display_path
        from toolkit.diagnostics import Severity

        known = ", ".join(sorted(self.source.quiz_files)) or "none"
        return Diagnostic(
            display_path(self.config.content_path),
            None,
            None,
            Severity.ERROR,
            "unknown-quiz",
            f"no quiz '{quiz_id}' to build; the quizzes are: {known}",
        )

    # update -------------------------------------------------------------------------------------------

    def update_domains(self, domains: list[str]) -> list[_Updated]:
        """Write the templates and merged catalogs of ``domains``."""
        from toolkit.catalogs.extraction import interface_template, quiz_template
        from toolkit.catalogs.workflow import (
            finish_restoring,
            imported_translations,
            plan_catalog,
            refuse_changed_since_read,
        )
        from toolkit.files import write_bytes_atomic
        from toolkit.gettext.po_writer import write_po
        from toolkit.memory.translation_memory import catalog_units
        from toolkit.model import Content

        done = []
        for domain in domains:
            waiting = {}
            if domain in self.source.quiz_files:
                # One quiz at a time: past DECODED_UP_TO quizzes, each is decoded where it is needed.
                quiz = self.source.quiz(domain)
                template = quiz_template(quiz, self.config.root)
                waiting = imported_translations(Content((quiz,)))
            else:
                interface = self.source.interface
                assert interface is not None
                template = interface_template(interface, self.config.root)
            written: list[Path] = []
            template_path = self.layout.template(domain)
            if write_bytes_atomic(template_path, write_po(template)):
                written.append(template_path)
            updated = _Updated(domain, written, {})
            for locale in self.targets:
                plan = plan_catalog(
                    self.config, locale, domain, template, waiting.get((locale, domain)), self.memory
                )
                digest = updated.digests[locale] = digest_bytes(plan.data)
                refuse_changed_since_read(plan.path, plan.read_digest)  # saved in an editor meanwhile
                if write_bytes_atomic(plan.path, plan.data, durable=True):
                    written.append(plan.path)
                    if self.memory is not None and self.memory.was_read and plan.catalog is not None:
                        # The memory's next read finds the catalog as this step left it.
                        units = catalog_units(plan.catalog, locale, domain)
                        self.kept_units.write_units(locale, domain, digest, units)
                finish_restoring(plan)  # a returning quiz's retired catalog, now merged into its catalog
            done.append(updated)
        return done

    def update(self, record: _StepRecord) -> None:
        from toolkit.concurrency.workers import run_in_slices

        jobs = self.jobs_for(len(self.dirty))
        if self.dirty and self.source.holds_models:
            # Decoded here once, not in every worker; and only the quizzes to redo.
            _ = self.source.subset(self.dirty)
        if self.memory is not None and len(self.dirty) > 1:
            # Read before any catalog is rewritten, so that every domain pre-fills from the catalogs as
            # they were when the step began (read lazily, a later domain would see the ones written
            # before it), and once: forked workers share it instead of each reading every catalog.
            # A broken catalog is left for its own domain's update to report, as a catalog error.
            from toolkit.memory.translation_memory import MemoryFileError

            with suppress(MemoryFileError):
                _ = self.memory.memory
        self.progress("update", 0, len(self.dirty))
        for updated in run_in_slices(self.update_domains, self.dirty, jobs):
            domain = updated.domain
            self.outputs[domain].append(self.layout.template(domain))
            self.result.written.extend(updated.written)
            record.written += len(updated.written)
            for locale, digest in updated.digests.items():
                self.catalog_digests[(locale, domain)] = digest
                self.kept_units.record(locale, domain, digest)
        # No later step asks the memory: its units and indexes (the size of every catalog) go now.
        self.memory = None
        self.retire_orphans()
        self.progress("update", len(self.dirty), len(self.dirty))
        record.detail = f"{len(self.dirty)} of {len(self.domains)} domains"

    def retire_orphans(self) -> None:
        """The templates and catalogs of quizzes that are gone, retired as ``update`` retires them: a
        build that took a returning quiz's catalog back leaves none of a deleted quiz's behind either."""
        from toolkit.catalogs.retirement import live_domains, orphans, plan_retirement, retire

        live = live_domains(
            self.config, [*self.source.quiz_files, *filter(None, [self.source_interface_domain])]
        )
        planned = plan_retirement(self.config, orphans(self.config, live))
        self.result.retired.extend(retire(self.config, planned))

    # check and compile --------------------------------------------------------------------------------

    def check_domains(self, domains: list[str]) -> list[_Checked]:
        from toolkit.catalogs.statistics import catalog_statistics
        from toolkit.catalogs.workflow import validated_catalog
        from toolkit.checks.question_facts import source_questions
        from toolkit.checks.runner import check_catalog
        from toolkit.content.validation import display_path
        from toolkit.gettext.mo_writer import compile_mo
        from toolkit.model import Content

        done = []
        for domain in domains:
            checked = _Checked(domain, [], {}, {})
            # The quiz's own questions, for the checks that read the answer key (a numeric answer).
            quiz = self.source.quiz(domain) if domain in self.source.quiz_files else None
            questions = source_questions(Content((quiz,))) if quiz is not None else None
            for locale in self.targets:
                path = self.layout.catalog(locale, domain)
                catalog = validated_catalog(path, locale)
                if len(self.dirty) <= KEEP_CATALOGS_UP_TO:
                    self.loaded[(locale, domain)] = catalog
                findings = check_catalog(
                    catalog,
                    display_path(path),
                    locale,
                    self.glossaries[locale],
                    source_locale=self.config.source_locale,
                    questions=questions,
                )
                checked.findings.extend(findings.diagnostics)
                counts = catalog_statistics(catalog)
                checked.statistics[locale] = (counts.translated, counts.total)
                # The release gate holds unapproved translations back from locales/ too, where
                # applications read the .mo files, not only from the output folder.
                checked.compiled[locale] = compile_mo(catalog, require_approved=self.config.require_approved)
            done.append(checked)
        return done

    def check(self, record: _StepRecord) -> list[_Checked]:
        from toolkit.build.codec import decode_diagnostic
        from toolkit.concurrency.workers import run_in_slices
        from toolkit.diagnostics import sort_diagnostics

        self.progress("check", 0, len(self.dirty))
        checked = run_in_slices(self.check_domains, self.dirty, self.jobs_for(len(self.dirty)))
        self.progress("check", len(self.dirty), len(self.dirty))
        for item in checked:
            self.findings[item.domain] = item.findings
            self.statistics[item.domain] = item.statistics
        for domain in self.domains:
            if domain not in self.findings:
                self.findings[domain] = [
                    decode_diagnostic(entry) for entry in self.previous.domains[domain].findings
                ]
        errors = [item for domain in self.domains for item in self.findings[domain] if item.is_error]
        if errors:
            raise BuildFailedError("check", sort_diagnostics(errors))
        every = [item for domain in self.domains for item in self.findings[domain]]
        self.result.warnings.extend(every)
        record.detail = f"{len(every)} warnings"
        return checked

    def compile(self, record: _StepRecord, checked: list[_Checked]) -> None:
        from toolkit.files import write_bytes_atomic

        for item in checked:
            for locale, data in item.compiled.items():
                path = self.layout.compiled(locale, item.domain)
                if write_bytes_atomic(path, data):
                    self.result.written.append(path)
                    record.written += 1
                self.outputs[item.domain].append(path)
        total = len(self.domains) * len(self.targets)
        record.detail = f"{len(checked) * len(self.targets)} of {total} catalogs"

    # export -------------------------------------------------------------------------------------------

    def export(self, record: _StepRecord, keys: dict[str, str]) -> tuple[str, dict[str, tuple[int, int]]]:
        from toolkit.build.export_step import ExportStep

        step = ExportStep(
            self.config,
            self.source,
            self.previous,
            self.written_before,
            self.only,
            self.dirty,
            self.domains,
            self.outputs,
            self.loaded,
            self.jobs_for,
            self.progress,
        )
        shared_key, shared_outputs, detail = step.run(keys)
        self.titles, self.fell_back, self.export_warnings = step.titles, step.fell_back, step.warnings
        self.descriptions, self.question_counts = step.descriptions, step.question_counts
        self.result.warnings.extend(
            warning for domain in self.domains for warning in step.warnings.get(domain, [])
        )
        self.result.written.extend(step.written)
        record.written += len(step.written)
        record.detail = detail
        return shared_key, shared_outputs

    # the record of this build -------------------------------------------------------------------------

    def record(
        self, keys: dict[str, str], shared_key: str, shared_outputs: dict[str, tuple[int, int]]
    ) -> None:
        for domain in self.domains:
            if domain in self.outputs:
                self.cache.domains[domain] = DomainRecord(
                    keys[domain],
                    stamps_of(self.root, self.outputs[domain]),
                    [item.to_dict() for item in self.findings[domain]],
                    self.statistics[domain],
                    self.titles.get(domain, {}),
                    self.fell_back.get(domain, {}),
                    [item.to_dict() for item in self.export_warnings.get(domain, [])],
                    self.descriptions.get(domain, {}),
                    self.question_counts.get(domain, {}),
                )
            else:
                self.cache.domains[domain] = self.previous.domains[domain]
        if self.only is not None and self.written_before is not None:
            # A build of some quizzes leaves the others' records as the last build wrote them, so their
            # outputs stay (and a stale record only makes the next build redo that quiz).
            for domain, kept in self.written_before.domains.items():
                if domain not in self.cache.domains and (
                    domain in self.source.quiz_files or domain == self.source_interface_domain
                ):
                    self.cache.domains[domain] = kept
        self.cache.shared_key = shared_key
        self.cache.shared_outputs = shared_outputs
        if self.written_before is not None:
            earlier, now = recorded_outputs(self.written_before), recorded_outputs(self.cache)
            self.result.removed = remove_stale_outputs(
                self.config, self.root, {name: kept for name, kept in earlier.items() if name not in now}
            )
        # The files the cache refers to first, then the cache (the memory's files stand on their own).
        self.kept_units.save()
        self.source.record()
        if self.cache != self.previous:
            save_cache(self.root, self.cache, self.resident)
        if self.resident is not None and self.resident.build_record is not None:
            self.resident.outputs_as_recorded = self.resident.build_record[1]
        # Once the cache that refers to them is written: a killed build leaves the old one whole.
        self.models.keep_only({record.model for record in self.cache.content.values()})

    def summarize(self) -> None:
        from toolkit.diagnostics import count_errors

        for quiz_id in self.domains:
            if quiz_id not in self.source.quiz_files:
                continue
            for locale, questions in sorted(self.cache.domains[quiz_id].fell_back.items()):
                self.result.fell_back[(quiz_id, locale)] = tuple(questions)
        for locale in self.targets:
            translated = total = 0
            for domain in self.domains:
                pair = self.cache.domains[domain].statistics.get(locale, (0, 0))
                translated, total = translated + pair[0], total + pair[1]
            found = [
                item
                for domain in self.domains
                for item in self.findings[domain]
                if f"/{locale}/" in item.file.replace("\\", "/")
            ]
            errors = count_errors(found)
            self.result.locales.append(LocaleSummary(locale, translated, total, errors, len(found) - errors))
