"""The export step of ``quizkit build`` (:mod:`toolkit.build.steps`): the files of the quizzes to redo, in
slices over worker processes, then the files that list every quiz (an index).

The step reads what the steps before it decided (which domains to redo, the content, the catalogs the
checks read) and gives back what the build records: the files written, the shared files' key and
outputs, and per quiz its titles, the questions exported in the source language and the warnings for
questions a format cannot carry.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

from toolkit.build.cache import BuildCache, Stamp, combined_key, outputs_intact, stamps_of
from toolkit.build.content import BuildContent
from toolkit.config import ProjectConfig
from toolkit.diagnostics import Diagnostic
from toolkit.exporters.base import ExportRequest, QuizSummary
from toolkit.gettext.catalog import Catalog

Exported = tuple[Path, str | None, bool]
"""A file an export wrote or found unchanged: its path, the quiz it presents, whether it was written."""

EXPORT_SLICE = 50
"""Quizzes exported at a time: their files are held until every format has made them."""


class ExportStep:
    def __init__(
        self,
        config: ProjectConfig,
        source: BuildContent,
        previous: BuildCache,
        written_before: BuildCache | None,
        only: frozenset[str] | None,
        dirty: list[str],
        domains: list[str],
        outputs: dict[str, list[Path]],
        loaded: dict[tuple[str, str], Catalog],
        jobs_for: Callable[[int], int],
        progress: Callable[[str, int, int], None],
    ) -> None:
        self.config = config
        self.root = config.root.resolve()
        self.source = source
        self.previous = previous
        self.written_before = written_before
        self.only = only
        self.dirty = dirty
        self.domains = domains
        self.outputs = outputs
        """The files of each domain redone, which the export adds its own to."""
        self.loaded = loaded
        self.jobs_for = jobs_for
        self.progress = progress
        self.written: list[Path] = []
        self.titles: dict[str, dict[str, str]] = {}
        self.descriptions: dict[str, dict[str, str]] = {}
        self.question_counts: dict[str, dict[str, int]] = {}
        self.fell_back: dict[str, dict[str, list[str]]] = {}
        self.warnings: dict[str, list[Diagnostic]] = {}
        """Questions a format cannot carry, by quiz."""

    def export_quizzes(
        self, quiz_ids: list[str]
    ) -> tuple[list[Exported], list[QuizSummary], list[Diagnostic]]:
        """Write the files of ``quiz_ids`` (not the shared ones); their summaries, for the index; and the
        questions a format left out because it cannot write them in some locale."""
        from toolkit.exporters.export_run import resolve_formats, unwritable_questions

        request, files = self._export(frozenset(quiz_ids), shared=False)
        summaries = [request.summary(quiz_id, locale) for quiz_id in quiz_ids for locale in request.locales]
        left_out = unwritable_questions(request, resolve_formats(self.config.export_formats))
        return files, summaries, left_out

    def _export(
        self,
        quiz_ids: frozenset[str],
        shared: bool,
        summaries: dict[tuple[str, str], QuizSummary] | None = None,
    ) -> tuple[ExportRequest, list[Exported]]:
        from toolkit.exporters.export_run import build_request, resolve_formats, write_exports

        request = build_request(
            self.config,
            # The files of some quizzes need only them; the shared ones (an index) every quiz.
            content=self.source.content if shared else self.source.subset(quiz_ids),
            quiz_ids=quiz_ids,
            shared=shared,
            preloaded=self.loaded,
            summaries=summaries,
        )
        exported = write_exports(
            request, resolve_formats(self.config.export_formats), self.config.output_path
        )
        written = set(exported.written)
        return request, [
            (path, quiz, path in written)
            for path, quiz in exported.quiz_of.items()
            # An exporter that ignores the selection may produce more quizzes' files: only these are
            # this call's. Files of no quiz come with quiz files too (the player's assets, which every
            # page needs): they are the shared files' kind, recorded with them.
            if quiz is None or quiz in quiz_ids
        ]

    def find_warnings(self, formats: list[str]) -> None:
        """Questions a format cannot carry: found for the quizzes to redo, kept for the others (an
        unchanged quiz is not decoded just to find none again)."""
        from toolkit.build.codec import decode_diagnostic
        from toolkit.exporters.export_run import draft_left_out, unsupported_questions

        # A slice of quizzes at a time, so that a bank past DECODED_UP_TO holds no more decoded at once.
        for start in range(0, len(self.dirty), EXPORT_SLICE):
            redone = self.source.subset(self.dirty[start : start + EXPORT_SLICE])
            for warning in unsupported_questions(redone, formats):
                self.warnings.setdefault((warning.key or "").split(".")[0], []).append(warning)
            for quiz in redone.quizzes:
                if quiz.draft:
                    self.warnings.setdefault(quiz.id, []).append(draft_left_out(quiz))
        for domain in self.domains:
            if domain not in self.outputs:
                self.warnings[domain] = [
                    decode_diagnostic(item) for item in self.previous.domains[domain].export_warnings
                ]

    def run(self, keys: dict[str, str]) -> tuple[str, dict[str, Stamp], str]:
        """Export what changed: the shared files' key and outputs, and the step's detail line."""
        from toolkit.concurrency.workers import chunks, run_all
        from toolkit.exporters.export_run import resolve_formats

        formats = resolve_formats(self.config.export_formats)
        self.find_warnings(formats)
        # Keys, and the order of the quizzes (by file), which an index follows.
        order = [f"{quiz_id}={file}" for quiz_id, file in self.source.quiz_files.items()]
        shared_key = combined_key(*(keys[domain] for domain in self.domains), *order, *formats)
        previous = self.previous
        if self.only is not None:
            # Files that list every quiz (an index) wait for a build of the whole project; they stay as
            # the last build wrote them.
            previous = self.written_before or previous
            shared_key = previous.shared_key
        if (
            not self.dirty
            and previous.shared_key == shared_key
            and outputs_intact(self.root, previous.shared_outputs)
        ):
            return shared_key, previous.shared_outputs, "nothing changed"
        # Drafts are validated, their catalogs updated and checked, but not exported.
        quizzes = [
            domain
            for domain in self.dirty
            if domain in self.source.quiz_files and not self.source.is_draft(domain)
        ]
        jobs = self.jobs_for(len(quizzes))
        self.progress("export", 0, len(quizzes))
        # Slices of at most EXPORT_SLICE quizzes: a slice's files are all in memory until it is written.
        slices = max(4, math.ceil(len(quizzes) / (jobs * EXPORT_SLICE)))
        done, _ = run_all(self.export_quizzes, chunks(quizzes, jobs, slices), jobs)
        summaries = self._summaries([summary for _, made, _ in done for summary in made])
        for _, _, left_out in done:
            for warning in left_out:
                self.warnings.setdefault((warning.key or "").split(".")[0], []).append(warning)
        _, shared_files = (
            self._export(frozenset(), shared=True, summaries=summaries) if self.only is None else (None, [])
        )
        self.progress("export", len(quizzes), len(quizzes))
        files = [item for files_made, _, _ in done for item in files_made] + shared_files
        shared = self._record_files(files)
        detail = f"{len({path for path, _, _ in files})} files for {len(formats)} formats"
        if self.only is not None:
            # The shared files stay as the last whole build wrote them; files of no quiz this build
            # wrote besides (the assets of a new player, which its pages refer to) join them, so that
            # the next whole build removes them once no page needs them.
            return shared_key, {**stamps_of(self.root, shared), **previous.shared_outputs}, detail
        return shared_key, stamps_of(self.root, shared), detail

    def _summaries(self, made: list[QuizSummary]) -> dict[tuple[str, str], QuizSummary]:
        """Every quiz's summary for the shared files (an index): the rebuilt ones' just ``made``, the
        others' from the titles, descriptions and question counts the cache kept, so no catalog is read again for them."""
        from toolkit.text.locale_info import locale_info

        summaries: dict[tuple[str, str], QuizSummary] = {}
        source = locale_info(self.config.source_locale)
        for quiz_id in self.source.quiz_files:
            kept = self.previous.domains.get(quiz_id)
            if quiz_id not in self.outputs and kept is not None:
                for locale, title in kept.titles.items():
                    summaries[(quiz_id, locale)] = QuizSummary(
                        quiz_id,
                        locale_info(locale),
                        source,
                        title,
                        description=kept.descriptions.get(locale, ""),
                        questions=kept.question_counts.get(locale, 0),
                    )
        for summary in made:
            summaries[(summary.quiz_id, summary.locale.locale)] = summary
            self.titles.setdefault(summary.quiz_id, {})[summary.locale.locale] = summary.title
            self.descriptions.setdefault(summary.quiz_id, {})[summary.locale.locale] = summary.description
            self.question_counts.setdefault(summary.quiz_id, {})[summary.locale.locale] = summary.questions
            if summary.fell_back:
                self.fell_back.setdefault(summary.quiz_id, {})[summary.locale.locale] = list(
                    summary.fell_back
                )
        return summaries

    def _record_files(self, files: list[Exported]) -> dict[Path, None]:
        """Give each file to its quiz's outputs, or to the shared ones; note those written. The shared
        files are returned."""
        # A file of no quiz (an asset) may come from several calls: each worker's, and the shared one.
        shared: dict[Path, None] = {}
        counted: set[Path] = set()
        for path, quiz, written in files:
            if quiz is not None and quiz in self.outputs:
                self.outputs[quiz].append(path)
            elif quiz is None or self.only is None:
                shared[path] = None
            if written and path not in counted:
                counted.add(path)
                self.written.append(path)
        return shared
