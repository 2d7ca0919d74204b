"""The validate step of ``quizkit build`` (:mod:`toolkit.build.steps`): content, and what it came from.

A content file whose bytes are those of the last build's is not validated again: its findings and its
model come from the cache (:mod:`toolkit.build.codec`). When every file is the last build's, even the
rules across files stand, and no model is decoded unless some domain is rebuilt.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from toolkit.build.cache import (
    BuildCache,
    ContentRecord,
    combined_key,
    digest_bytes,
    digest_file,
    sealed_json,
)
from toolkit.build.resident import ResidentState
from toolkit.build.store import SealedStore
from toolkit.config import ProjectConfig
from toolkit.content.validation import FileValidation
from toolkit.content.yaml_document import MAX_FILE_BYTES
from toolkit.diagnostics import Diagnostic
from toolkit.errors import QuizkitError
from toolkit.files import name_below, read_regular_file
from toolkit.model import Content, InterfaceMessages, Quiz

_Model = TypeVar("_Model", Quiz, InterfaceMessages)

DECODED_UP_TO = 1_000
"""A build of more quizzes holds each quiz's validated model as the compressed body of its cache file (a
seventh of the model's size), or as the name of the file the cache has, and decodes a quiz where a step
asks for it, rather than holding every model through the whole build: at 10,000 quizzes the models were
some 340 MB of the peak. Up to this many, the models stay decoded (no quiz is decoded twice)."""


class DamagedCacheError(QuizkitError):
    """A cached model turned out unreadable after the build relied on it: build again without the cache."""


class BuildContent:
    def __init__(
        self,
        config: ProjectConfig,
        root: Path,
        previous: BuildCache,
        cache: BuildCache,
        jobs_for: Callable[[int], int],
        models: SealedStore,
        resident: ResidentState | None = None,
    ) -> None:
        self.config = config
        self.models = models
        self.resident = resident
        """Models decoded by earlier builds of a long-running process (the preview), by store name."""
        """Where each content file's validated model is kept between builds."""
        self._fresh: dict[str, tuple[str, list[Diagnostic], Quiz | InterfaceMessages | _Body]] = {}
        """Content files validated in this build: (digest, findings, model) by name, for :meth:`record`."""
        self._bodies: dict[str, _Body] = {}
        """Past :data:`DECODED_UP_TO` quizzes: each quiz validated in this build, as its cache file's body."""
        self._stored: dict[str, str] = {}
        """Past :data:`DECODED_UP_TO` quizzes: each quiz the cache held as it is, by its model's file."""
        self._drafts: dict[str, bool] = {}
        """Past :data:`DECODED_UP_TO` quizzes: whether each quiz validated in this build is a draft."""
        self.root = root
        self.previous = previous
        self.cache = cache
        self.jobs_for = jobs_for
        self.warnings: list[Diagnostic] = []
        self.digests: dict[str, str] = {}
        """Digest of each content file's bytes, by the name messages give it (with the image files')."""
        self.media = ""
        """The content folder's image files as :func:`toolkit.content.images.media_state` tells them: part
        of every content file's digest, since a quiz's model and exports depend on its images' files."""
        self.quiz_files: dict[str, str] = {}
        """Quiz id → the content file it comes from (as messages name it)."""
        self.interface_file: str | None = None
        self._content: Content | None = None
        # After a no-change validation: the cached records, decoded only as they are asked for.
        self._quiz_records: dict[str, ContentRecord] = {}
        self._interface_record: ContentRecord | None = None
        self._interface: InterfaceMessages | None = None
        self._decoded: dict[str, Quiz] = {}
        self._file_digests: dict[Path, str] = {}
        """Each content file's digest as this build read it: looked at twice when some file changed."""

    def reused(self, path: Path) -> tuple[str, str, FileValidation, bool] | None:
        """(name, digest, validation, True) of a content file the cache holds as it is; else None."""
        from toolkit.build.codec import CodecError, decode_diagnostic

        name = _relative(path, self.root)
        earlier = self.previous.content.get(name)
        if earlier is None or earlier.digest != self._with_media(self._digest(path)):
            return None
        try:
            decoded: Quiz | InterfaceMessages | None = (
                self._stored_model(Quiz, earlier.model)
                if earlier.kind == "quiz"
                else self._stored_model(InterfaceMessages, earlier.model)
            )
            if decoded is None:
                return None
            return (
                name,
                earlier.digest,
                ([decode_diagnostic(item) for item in earlier.diagnostics], decoded),
                True,
            )
        except CodecError:
            return None

    def _digest(self, path: Path) -> str:
        found = self._file_digests.get(path)
        if found is None:
            found = self._file_digests[path] = digest_file(path)
        return found

    def _stored_model(self, kind: type[_Model], model: str) -> _Model | None:
        """The model the store keeps as ``model`` (None: no such file); kept decoded in a long-running
        process. Raises CodecError for a file that does not hold one."""
        from toolkit.build.codec import decode

        kept = self.resident.models.get(model) if self.resident is not None else None
        if isinstance(kept, kind):
            return kept
        data = self.models.read(model)
        if data is None:
            return None
        decoded = decode(kind, data)
        if self.resident is not None:
            self.resident.models.put(model, decoded)
        return decoded

    def validate_files(self, paths: list[Path]) -> list[tuple[str, str, FileValidation, bool]]:
        return [self.validate_file(path) for path in paths]

    def validate_file(self, path: Path) -> tuple[str, str, FileValidation, bool]:
        """(name, digest, validation, False) of a content file validated now."""
        from toolkit.content.validation import validate_file

        try:
            data: bytes | None = read_regular_file(path, MAX_FILE_BYTES)
        except OSError:
            data = None  # validate_file reports it, located
        digest = self._with_media(digest_bytes(data)) if data is not None else "unreadable"
        return _relative(path, self.root), digest, validate_file(path, data), False

    def _with_media(self, digest: str) -> str:
        return (
            combined_key(digest, self.media)
            if self.media and digest not in ("missing", "unreadable")
            else digest
        )

    @property
    def content(self) -> Content:
        """The validated content; after a no-change validation, decoded from the cache on first use."""
        if not self.holds_models:
            # Decoded for the caller only: held, they would be every model again.
            return Content(tuple(self.quiz(quiz_id) for quiz_id in self.quiz_files), self.interface)
        if self._content is None:
            quizzes = tuple(self.quiz(quiz_id) for quiz_id in self._quiz_records)
            self._content = Content(quizzes, self.interface)
        return self._content

    @property
    def holds_models(self) -> bool:
        """Whether the quizzes' models are held decoded (:data:`DECODED_UP_TO`)."""
        return not (self._bodies or self._stored)

    def is_draft(self, quiz_id: str) -> bool:
        if quiz_id in self._drafts:
            return self._drafts[quiz_id]
        return self.quiz(quiz_id).draft

    @property
    def interface(self) -> InterfaceMessages | None:
        if self._content is not None:
            return self._content.interface
        if self._interface is None and self._interface_record is not None:
            self._interface = self._decoded_model(InterfaceMessages, self._interface_record)
        return self._interface

    def quiz(self, quiz_id: str) -> Quiz:
        """One validated quiz; after a no-change validation, only it is decoded from the cache: a build
        that redoes one quiz of ten thousand decodes one."""
        body = self._bodies.get(quiz_id)
        if body is not None:
            return body.model()
        stored = self._stored.get(quiz_id)
        if stored is not None:
            file = self.quiz_files.get(quiz_id, quiz_id)
            return self._decoded_model(Quiz, ContentRecord("", [], stored, "quiz", quiz_id, file))
        found = self._decoded.get(quiz_id)
        if found is None:
            if self._content is not None:
                self._decoded = {quiz.id: quiz for quiz in self._content.quizzes}
                return self._decoded[quiz_id]
            found = self._decoded[quiz_id] = self._decoded_model(Quiz, self._quiz_records[quiz_id])
        return found

    def subset(self, quiz_ids: Iterable[str]) -> Content:
        """The interface and the quizzes ``quiz_ids``, in the order of the content."""
        wanted = set(quiz_ids)
        order = [quiz_id for quiz_id in self.quiz_files if quiz_id in wanted]
        return Content(tuple(self.quiz(quiz_id) for quiz_id in order), self.interface)

    def _decoded_model(self, kind: type[_Model], record: ContentRecord) -> _Model:
        from toolkit.build.codec import CodecError

        try:
            found = self._stored_model(kind, record.model)
        except CodecError as error:
            raise DamagedCacheError(str(error)) from None
        if found is None:
            raise DamagedCacheError(f"the model of {record.origin} is not in the cache")
        return found

    def unchanged_content(self, files: list[Path]) -> bool:
        """Whether these are the files of the last build, byte for byte: then its validation stands,
        cross-file rules included, and no model needs decoding unless some domain is rebuilt."""

        names = [_relative(path, self.root) for path in files]
        if sorted(names) != sorted(self.previous.content) or not files:
            return False
        kept = [self.previous.content[name] for name in names]
        digests = [self._with_media(self._digest(path)) for path in files]
        if any(record.digest != digest for record, digest in zip(kept, digests, strict=True)):
            return False
        if not self._take_records(files, names, kept):
            # Nothing of a cache found wanting is kept: validation starts afresh.
            self.quiz_files, self.interface_file, self.digests = {}, None, {}
            self.cache.content = {}
            self._quiz_records, self._interface_record = {}, None
            return False
        if len(self._quiz_records) > DECODED_UP_TO and self.resident is None:
            self._stored = {quiz_id: record.model for quiz_id, record in self._quiz_records.items()}
        return True

    def _take_records(self, files: list[Path], names: list[str], kept: list[ContentRecord]) -> bool:
        from toolkit.build.codec import CodecError, decode_diagnostic
        from toolkit.content.validation import display_path

        try:
            for path, name, record in zip(files, names, kept, strict=True):
                file = record.origin
                if file != display_path(path):
                    return False
                # Models are read only when asked for: what the records say of them must agree now.
                if record.quiz_id is not None:
                    if record.quiz_id in self._quiz_records:
                        return False
                    self.quiz_files[record.quiz_id] = file
                    self._quiz_records[record.quiz_id] = record
                else:
                    if self._interface_record is not None:
                        return False
                    self.interface_file = file
                    self._interface_record = record
                self.digests[file] = record.digest
                self.cache.content[name] = record
            warnings = [decode_diagnostic(item) for record in kept for item in record.diagnostics]
        except CodecError:
            return False
        self.warnings.extend(warnings)
        return True

    def validate(self) -> str:
        """Validate (or take from the cache) every content file; the step's detail line."""
        from toolkit.concurrency.workers import run_in_slices
        from toolkit.content.images import media_state
        from toolkit.content.validation import (
            ContentError,
            collect_files,
            combine_files,
            display_path,
            no_content,
        )

        files, collected = collect_files([self.config.content_path])
        self.media = media_state(self.config.content_path)
        if not collected and self.unchanged_content(files):
            return f"{len(files)} files, 0 changed"
        # Files the cache holds are taken here; only the others go to workers (and only if many).
        kept = [self.reused(path) for path in files]
        changed = [path for path, result in zip(files, kept, strict=True) if result is None]
        fresh = run_in_slices(self.validate_files, changed, self.jobs_for(len(changed)))
        validated_iterator = iter(fresh)
        validated_files = [result if result is not None else next(validated_iterator) for result in kept]
        for path, (name, digest, (found, model), reused) in zip(files, validated_files, strict=True):
            if model is None or digest == "unreadable":
                continue
            self.digests[display_path(path)] = digest
            earlier = self.previous.content.get(name)
            if reused and earlier is not None:
                self.cache.content[name] = earlier
            else:
                self._fresh[name] = (digest, found, model)
        validated = combine_files(files, collected, [validation for _, _, validation, _ in validated_files])
        if validated.error_count or not validated.files:
            raise ContentError(validated.diagnostics or [no_content(self.config.content_path)])
        self._content = validated.content()
        self.quiz_files = {quiz.id: quiz.origin.file for quiz in self._content.quizzes}
        interface = self._content.interface
        self.interface_file = interface.origin.file if interface is not None else None
        self.warnings.extend(validated.diagnostics)
        if len(self.quiz_files) > DECODED_UP_TO and self.resident is None:
            self._hold_encoded()
        fresh_count = sum(1 for *_, reused in validated_files if not reused)
        return f"{len(files)} files, {fresh_count} changed"

    def _hold_encoded(self) -> None:
        """Let the models go: each quiz is decoded again where a step asks for it (:data:`DECODED_UP_TO`)."""
        for name, (digest, found, model) in self._fresh.items():
            if isinstance(model, Quiz):
                body = self._bodies[model.id] = _Body.of(model)
                self._fresh[name] = (digest, found, body)
        if self._content is not None:
            self._drafts = {quiz.id: quiz.draft for quiz in self._content.quizzes}
        for record in self.cache.content.values():
            if record.quiz_id is not None and record.quiz_id not in self._bodies:
                self._stored[record.quiz_id] = record.model
        self._interface = self._content.interface if self._content is not None else None
        self._interface_record = None
        self._content = None
        self._decoded = {}

    def record(self) -> None:
        """Write the model of each file validated in this build, and its record in the cache. Called
        once the build succeeded, so that a failed build writes nothing; the models are encoded only
        now (past :data:`DECODED_UP_TO` quizzes, they were encoded after validation and held so), rather
        than held twice (as models and as data) through the whole build."""
        from toolkit.build.codec import encode

        for name, (digest, found, model) in self._fresh.items():
            quiz_id: str | None
            if isinstance(model, _Body):
                body, quiz_id, origin = zlib.decompress(model.compressed), model.quiz_id, model.origin
            else:
                body = sealed_json(encode(model))
                quiz_id = model.id if isinstance(model, Quiz) else None
                origin = model.origin.file
            model_name = digest_bytes(body)
            self.models.write_body(model_name, body)
            self.cache.content[name] = ContentRecord(
                digest,
                [item.to_dict() for item in found],
                model_name,
                "quiz" if quiz_id is not None else "interface",
                quiz_id,
                origin,
            )
        self._fresh = {}


@dataclass(frozen=True, slots=True)
class _Body:
    """A quiz's model as the body of its cache file, compressed (:data:`DECODED_UP_TO`)."""

    compressed: bytes
    quiz_id: str
    origin: str

    @classmethod
    def of(cls, quiz: Quiz) -> _Body:
        from toolkit.build.codec import encode

        # Level 1: a tenth of the time of the default level, for nearly the same size.
        return cls(zlib.compress(sealed_json(encode(quiz)), 1), quiz.id, quiz.origin.file)

    def model(self) -> Quiz:
        from toolkit.build.codec import decode

        return decode(Quiz, json.loads(zlib.decompress(self.compressed)))


def _relative(path: Path, root: Path) -> str:
    """The cache's name of a content file: relative to the (resolved) project root where it lies below.

    ``path`` comes resolved from ``collect_files`` (every caller's): one that plainly lies below the
    root is named by its text alone; resolving every file again (a walk of each folder on the way) was a third of a
    preview rebuild's validate step at 1,000 quizzes."""
    below = name_below(path, os.fspath(root)) if path.is_absolute() and path == _normalized(path) else None
    if below is not None and not path.is_symlink():
        return below.replace(os.sep, "/")
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return path.resolve().as_posix()


def _normalized(path: Path) -> Path:
    return Path(os.path.normpath(path))
