"""What the last successful build read and wrote, so that the next build redoes only what changed.

The cache lives in ``<project>/.quizkit-cache/build.json``; deleting the folder costs one full build and
nothing else. It records:

* for each content file: the digest of its bytes, its validation findings and the name of the file that
  holds its validated model (:mod:`toolkit.build.codec`, :mod:`toolkit.build.store`), so an unchanged
  quiz is not parsed again;
* for each domain (a quiz, or ``ui``): a key, the digest of every input its outputs depend on, the files
  written for it with their size and modification time, its check findings and statistics, and the
  export's warnings for it;
* the files that depend on the project as a whole (an index page), under a key made of every domain key.

An entry is used only when its key matches *and* every file recorded for it is still on disk as the build
left it, so a file deleted or edited by hand is rebuilt. The environment key (quizkit's version and
source, the registered plugins, the Python version) is part of every key: a new quizkit rebuilds all.
A cache that cannot be read is ignored, never trusted in part.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, entry_points
from importlib.metadata import version as metadata_version
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.files import confined, name_below, read_regular_file, write_bytes_atomic

MAX_INPUT_BYTES = 64 * 1024 * 1024
"""Largest project input digested: the largest any reader accepts (catalogs and XLIFF, 64 MiB)."""
MAX_CACHE_BYTES = 256 * 1024 * 1024
"""Largest build cache read; a larger one is damaged or not ours, and the build starts afresh."""

CACHE_FOLDER = ".quizkit-cache"
CACHE_FILE = "build.json"
CACHE_FORMAT = 6
PLUGIN_GROUPS = ("quizkit.checks", "quizkit.exporters")
LIBRARIES = ("babel", "polib", "pyyaml", "jsonschema", "lxml", "click")

if TYPE_CHECKING:
    from toolkit.build.resident import ResidentState

Stamp = tuple[int, int]
"""Size and modification time (ns) of a file the build wrote."""


def digest_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def digest_file(path: Path) -> str:
    """Digest of a file's bytes, or ``"missing"``: a file appearing or vanishing changes the key too."""
    try:
        return digest_bytes(read_regular_file(path, MAX_INPUT_BYTES))
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return "missing"
    except OSError:
        # A pipe, a device, a file too large or unreadable: its reader reports it, located.
        return "unreadable"


def combined_key(*parts: str) -> str:
    return digest_bytes("\0".join(parts).encode("utf-8"))


def stamp(path: Path) -> Stamp | None:
    try:
        status = path.stat()
    except (OSError, ValueError):
        return None
    return (status.st_size, status.st_mtime_ns)


def environment_key(config_bytes: bytes) -> str:
    """Everything besides the project's files that decides what a build writes.

    quizkit's own source files are hashed (not only its version), so an edited checkout rebuilds too;
    third-party plugins count by name, entry point and distribution version.
    """
    import toolkit

    package = Path(toolkit.__file__).parent
    hasher = hashlib.sha256()
    hasher.update(f"{toolkit.__version__}\0{sys.version}\0{CACHE_FORMAT}\0".encode())
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".json", ".css", ".js", ".html", ".yaml") and path.is_file():
            hasher.update(path.relative_to(package).as_posix().encode("utf-8") + b"\0")
            hasher.update(path.read_bytes())
    # The JSON Schemas live beside the package in a source checkout; the libraries decide plural rules,
    # YAML parsing and XML serialization.
    from toolkit.schemas import schema_directory

    for path in sorted(schema_directory().glob("*.json")):
        hasher.update(path.name.encode("utf-8") + b"\0" + path.read_bytes())
    for library in LIBRARIES:
        try:
            hasher.update(f"{library} {metadata_version(library)}\0".encode())
        except PackageNotFoundError:
            hasher.update(f"{library} missing\0".encode())
    # A distribution's name and version are read from its METADATA file, parsed again on every access:
    # once per distribution, not once per entry point (quizkit alone registers 30-odd). The points of one
    # distribution share one object, and every point stays alive in `every` while `versions` is keyed by
    # those objects' ids (an id is unique only among live objects).
    every = entry_points()
    versions: dict[int, str] = {}
    for group in PLUGIN_GROUPS:
        for point in sorted(every.select(group=group), key=lambda item: (item.name, item.value)):
            distribution = point.dist
            version = ""
            if distribution is not None:
                if id(distribution) not in versions:
                    metadata = distribution.metadata
                    versions[id(distribution)] = f"{metadata['Name']} {metadata['Version']}"
                version = versions[id(distribution)]
            hasher.update(f"{group}\0{point.name}\0{point.value}\0{version}\0".encode())
    hasher.update(config_bytes)
    return hasher.hexdigest()


@dataclass(frozen=True)
class ContentRecord:
    digest: str
    diagnostics: list[object]
    model: str
    """The name of the file that holds the validated model (:mod:`toolkit.build.store`)."""
    kind: str
    """``quiz`` or ``interface``."""
    quiz_id: str | None
    """The quiz's id (None for the interface): what rules across files need, without the model."""
    origin: str
    """The file as the model names it (as messages do)."""


@dataclass(frozen=True)
class DomainRecord:
    key: str
    outputs: dict[str, Stamp]
    """Files written for the domain, relative to the project root."""
    findings: list[object]
    statistics: dict[str, tuple[int, int]]
    """Translated and total messages, by locale."""
    titles: dict[str, str] = field(default_factory=dict)
    """The quiz's title as exported, by locale (source included): what an index lists."""
    fell_back: dict[str, list[str]] = field(default_factory=dict)
    """Questions exported in the source language, by target locale (only locales that have some)."""
    export_warnings: list[object] = field(default_factory=list)
    """The export's warnings for the quiz: its questions that a chosen format cannot carry."""
    descriptions: dict[str, str] = field(default_factory=dict)
    """The quiz's description as exported, by locale: what an index's start card shows."""
    question_counts: dict[str, int] = field(default_factory=dict)
    """How many questions the quiz has as exported, by locale: what an index's start card says."""


@dataclass
class BuildCache:
    environment: str
    content: dict[str, ContentRecord] = field(default_factory=dict)
    domains: dict[str, DomainRecord] = field(default_factory=dict)
    shared_key: str = ""
    shared_outputs: dict[str, Stamp] = field(default_factory=dict)


def cache_path(root: Path) -> Path:
    return root / CACHE_FOLDER / CACHE_FILE


def load_cache(root: Path, resident: ResidentState | None = None) -> BuildCache | None:
    """The cache of the last build, made in whichever environment; None if it is missing or unreadable.

    Only a cache of the current environment may stand in for work; any cache says what was written.
    A long-running process (``resident``) keeps the cache it last read or wrote with the digest of the
    file's bytes: while the file is those bytes, that cache is what it holds, and it is not parsed again
    (at 1,000 quizzes, parsing it was a tenth of a preview's rebuild).
    """
    try:
        sealed = read_regular_file(cache_path(root), MAX_CACHE_BYTES)
    except OSError:
        return None
    digest = digest_bytes(sealed)
    if resident is not None and resident.build_record is not None and resident.build_record[0] == digest:
        return resident.build_record[1]
    cache = _decoded_cache(_unsealed_json(sealed, CACHE_FILE))
    if resident is not None and cache is not None:
        resident.build_record = (digest, cache)
    return cache


def _decoded_cache(data: Any) -> BuildCache | None:
    if data is None:
        return None
    from toolkit.build.codec import CodecError, decode_diagnostic

    try:
        if data["format"] != CACHE_FORMAT:
            return None
        cache = BuildCache(
            str(data["environment"]),
            {
                _name(name): ContentRecord(
                    str(record["digest"]),
                    list(record["diagnostics"]),
                    cached_text(record["model"]),
                    str(record["kind"]),
                    None if record["quiz_id"] is None else cached_text(record["quiz_id"]),
                    cached_text(record["origin"]),
                )
                for name, record in data["content"].items()
            },
            {
                _name(name): DomainRecord(
                    str(record["key"]),
                    _stamps(record["outputs"]),
                    list(record["findings"]),
                    {
                        str(locale): (_count(pair[0]), _count(pair[1]))
                        for locale, pair in record["statistics"].items()
                    },
                    {str(locale): str(title) for locale, title in record["titles"].items()},
                    {
                        str(locale): [_name(question) for question in questions]
                        for locale, questions in record["fell_back"].items()
                    },
                    list(record["export_warnings"]),
                    # A cache written before descriptions were kept has none: its quizzes are redone.
                    {str(locale): str(text) for locale, text in record.get("descriptions", {}).items()},
                    {
                        str(locale): _count(count)
                        for locale, count in record.get("question_counts", {}).items()
                    },
                )
                for name, record in data["domains"].items()
            },
            str(data["shared_key"]),
            _stamps(data["shared_outputs"]),
        )
        # Findings are replayed as they are: each must be a diagnostic now, not when it is printed.
        for content_record in cache.content.values():
            if content_record.kind not in ("quiz", "interface") or (
                (content_record.kind == "quiz") != (content_record.quiz_id is not None)
            ):
                raise ValueError(content_record.kind)
            for item in content_record.diagnostics:
                decode_diagnostic(item)
        for domain_record in cache.domains.values():
            for item in (*domain_record.findings, *domain_record.export_warnings):
                decode_diagnostic(item)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, CodecError):
        return None
    return cache


def _name(value: object) -> str:
    """A file name the cache gives: a string a path can hold."""
    if not isinstance(value, str) or not value or "\0" in value:
        raise ValueError("bad file name in the cache")
    return value


def cached_text(value: object) -> str:
    """A text the cache gives: a string, or the cache is not well formed (ValueError)."""
    if not isinstance(value, str):
        raise ValueError("bad text in the cache")
    return value


def _count(value: object) -> int:
    if type(value) is not int or not 0 <= value < 2**62:
        raise ValueError("bad number in the cache")
    return value


def _stamps(data: Mapping[str, object]) -> dict[str, Stamp]:
    stamps: dict[str, Stamp] = {}
    for name, value in data.items():
        if not isinstance(value, list) or len(value) != 2:
            raise ValueError(name)
        stamps[_name(name)] = (_count(value[0]), _count(value[1]))
    return stamps


def save_cache(root: Path, cache: BuildCache, resident: ResidentState | None = None) -> None:
    """Write ``cache`` as the record of the last build. A long-running process (``resident``) keeps each
    record's JSON from the build before: a rebuild of one quiz encodes one quiz's record, not every
    quiz's (the records are the earlier build's own objects, never changed), and keeps the cache written."""
    memo = resident.encoded_records if resident is not None else None
    used: dict[int, tuple[object, bytes]] = {}

    def encoded(record: ContentRecord | DomainRecord) -> bytes:
        kept = memo.get(id(record)) if memo is not None else None
        # The record itself is kept beside its JSON: its id stands for no other object while it is held.
        if kept is None or kept[0] is not record:
            kept = (record, sealed_json(_record_data(record)))
        used[id(record)] = kept
        return kept[1]

    body = _json_object(
        [
            ("format", sealed_json(CACHE_FORMAT)),
            ("environment", sealed_json(cache.environment)),
            (
                "content",
                _json_object([(name, encoded(record)) for name, record in sorted(cache.content.items())]),
            ),
            (
                "domains",
                _json_object([(name, encoded(record)) for name, record in sorted(cache.domains.items())]),
            ),
            ("shared_key", sealed_json(cache.shared_key)),
            (
                "shared_outputs",
                sealed_json({path: list(value) for path, value in sorted(cache.shared_outputs.items())}),
            ),
        ]
    )
    written = write_sealed(root, CACHE_FILE, body)
    if resident is not None:
        resident.encoded_records = used
        resident.build_record = (digest_bytes(written), cache) if written is not None else None


def _record_data(record: ContentRecord | DomainRecord) -> dict[str, object]:
    if isinstance(record, ContentRecord):
        return {
            "digest": record.digest,
            "diagnostics": record.diagnostics,
            "model": record.model,
            "kind": record.kind,
            "quiz_id": record.quiz_id,
            "origin": record.origin,
        }
    return {
        "key": record.key,
        "outputs": {path: list(value) for path, value in sorted(record.outputs.items())},
        "findings": record.findings,
        "statistics": {locale: list(pair) for locale, pair in sorted(record.statistics.items())},
        "titles": dict(sorted(record.titles.items())),
        "fell_back": dict(sorted(record.fell_back.items())),
        "export_warnings": record.export_warnings,
        "descriptions": dict(sorted(record.descriptions.items())),
        "question_counts": dict(sorted(record.question_counts.items())),
    }


def _json_object(members: list[tuple[str, bytes]]) -> bytes:
    """The JSON object of ``members`` (name, the value's JSON), as :func:`sealed_json` writes one."""
    return b"{" + b",".join(sealed_json(name) + b":" + value for name, value in members) + b"}"


def prepared_cache_folder(root: Path) -> Path:
    """The cache folder, made (and tagged) if it is not there yet."""
    # A link .quizkit-cache -> elsewhere must not carry the cache out of the project.
    folder = confined(root / CACHE_FOLDER, root)
    folder.mkdir(exist_ok=True)
    marker = folder / "CACHEDIR.TAG"
    if not marker.exists():
        # The standard tag (bford.info/cachedir) keeps backup tools out of the folder.
        write_bytes_atomic(
            marker,
            b"Signature: 8a477f597d28d172789f06886806bc55\n# quizkit build cache; safe to delete.\n",
        )
    return folder


def sealed_json(data: object) -> bytes:
    """``data`` as the cache's files hold it: JSON, before the seal."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def write_sealed(root: Path, name: str, body: bytes) -> bytes | None:
    """Write the JSON ``body`` sealed to ``name`` (a path below the cache folder), making the cache folder
    if needed; nothing without a key to seal it with. The bytes written, or None."""
    folder = prepared_cache_folder(root)
    from toolkit.build.seal import cache_key, seal

    key = cache_key()
    if key is None:
        return None  # with no private key to seal it, a cache could not be trusted next time
    sealed = seal(body, key, name)
    write_bytes_atomic(folder / name, sealed)
    return sealed


def read_sealed(root: Path, name: str, limit: int = MAX_CACHE_BYTES) -> object | None:
    """The JSON of ``name`` (a path below the cache folder) if this user sealed it; else None (missing,
    not sealed by this user, larger than ``limit``, not JSON)."""
    try:
        sealed = read_regular_file(root / CACHE_FOLDER / name, limit)
    except OSError:
        return None
    return _unsealed_json(sealed, name)


def _unsealed_json(sealed: bytes, name: str) -> object | None:
    """The JSON that ``sealed`` (the bytes of ``name``) holds, if this user sealed it; else None."""
    from toolkit.build.seal import cache_key, unsealed

    try:
        body = unsealed(sealed, cache_key(), name)
        if body is None:
            return None  # missing seal, or not this user's: nothing in it is trusted
        found: object = json.loads(body)
    except (OSError, ValueError):
        return None
    return found


def outputs_intact(root: Path, outputs: Mapping[str, Stamp]) -> bool:
    return all(stamp(root / name) == value for name, value in outputs.items())


def stamps_of(root: Path, paths: Iterable[Path]) -> dict[str, Stamp]:
    stamps: dict[str, Stamp] = {}
    folder = os.fspath(root)
    for path in paths:
        value = stamp(path)
        if value is not None:
            name = name_below(path, folder) or os.path.relpath(path, root)
            stamps[name.replace(os.sep, "/")] = value
    return stamps
