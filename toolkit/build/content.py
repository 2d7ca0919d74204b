"""The validate step of ``quizkit build`` (:mod:`toolkit.build.steps`): content, and what it came from.

A content file whose bytes are those of the last build's is not validated again: its findings and its
model come from the cache (:mod:`toolkit.build.codec`). When every file is the last build's, even the
rules across files stand, and no model is decoded unless some domain is rebuilt.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
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
        self._fresh: dict[str, tuple[str, list[Diagnostic], Quiz | InterfaceMessages]] = {}
        """Content files validated in this build: (digest, findings, model) by name, for :meth:`record`."""
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
        if self._content is None:
            quizzes = tuple(self.quiz(quiz_id) for quiz_id in self._quiz_records)
            self._content = Content(quizzes, self.interface)
        return self._content

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
        fresh_count = sum(1 for *_, reused in validated_files if not reused)
        return f"{len(files)} files, {fresh_count} changed"

    def record(self) -> None:
        """Write the model of each file validated in this build, and its record in the cache. Called
        once the build succeeded, so that a failed build writes nothing; the models are encoded only
        now, rather than held twice (as models and as data) through the whole build."""
        from toolkit.build.codec import encode

        for name, (digest, found, model) in self._fresh.items():
            body = sealed_json(encode(model))
            model_name = digest_bytes(body)
            self.models.write_body(model_name, body)
            self.cache.content[name] = ContentRecord(
                digest,
                [item.to_dict() for item in found],
                model_name,
                "quiz" if isinstance(model, Quiz) else "interface",
                model.id if isinstance(model, Quiz) else None,
                model.origin.file,
            )
        self._fresh = {}


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
