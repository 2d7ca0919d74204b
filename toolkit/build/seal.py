"""The seal on the build cache: only a cache this user's quizkit wrote is trusted.

The cache holds validated models and check findings, and a build takes them instead of reading the
files again. A cache that someone else wrote (committed to a repository, or crafted) could then make a
build export a prompt or an answer key that is in no YAML file, or hide a check error. So the cache
file carries an HMAC-SHA256 of its bytes under a key that lives outside the project, in the user's
cache folder, readable by the user alone. A cache whose seal does not verify is no cache at all: the
build does all the work again, and removes nothing on its word.

The seal covers the file's name in the cache folder too (``build.json``, ``models/<digest>.json``),
which is the record it is: a model's name is the digest of the model, a unit file's the digest of what
decides it. Sealed over the bytes alone, an older model of the same quiz, sealed by this user and
copied over the current one, verified, and a build exported its old answer key.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import stat
import tempfile
from pathlib import Path

KEY_BYTES = 32


def key_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "quizkit"


def _private_file(path: Path) -> bool:
    """A regular file (not a link) of this user that nobody else may read or write."""
    try:
        status = path.lstat()
    except OSError:
        return False
    return stat.S_ISREG(status.st_mode) and status.st_uid == os.getuid() and not status.st_mode & 0o077


def cache_key() -> bytes | None:
    """This user's key, made on first use; None where none can be kept safely (then nothing is sealed,
    and no cache is ever trusted)."""
    folder = key_folder()
    path = folder / "cache-key"
    with contextlib.suppress(OSError):
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not path.exists() and not path.is_symlink():
            _make_key(path)
    if not _private_file(path):
        return None
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        key = os.read(descriptor, KEY_BYTES + 1)
    finally:
        os.close(descriptor)
    return key if len(key) == KEY_BYTES else None


def _make_key(path: Path) -> None:
    """A new key written beside ``path``, then linked into place. Created at ``path`` itself, the key
    was there empty until written: another quizkit starting at that moment (parallel CI jobs), or a
    process killed in between, read a short key, and then nothing was ever sealed with it. A link never
    replaces a file: when two processes make a key at once, the first link wins and both read its key."""
    key = secrets.token_bytes(KEY_BYTES)
    descriptor, name = tempfile.mkstemp(prefix=".cache-key.", suffix=".tmp", dir=path.parent)
    temporary = Path(name)
    try:
        with os.fdopen(descriptor, "wb") as stream:  # mkstemp: readable by this user alone
            stream.write(key)
        with contextlib.suppress(FileExistsError):
            path.hardlink_to(temporary)
    finally:
        temporary.unlink()


def _mark(body: bytes, key: bytes, record: str) -> bytes:
    # The name first, ended by a NUL no name holds, so that no name and body run into another pair.
    signed = record.encode("utf-8") + b"\0" + body
    return hmac.new(key, signed, hashlib.sha256).hexdigest().encode("ascii")


def seal(body: bytes, key: bytes, record: str) -> bytes:
    """``body`` with its seal as a first line; ``record``: the file's name in the cache folder."""
    return _mark(body, key, record) + b"\n" + body


def unsealed(data: bytes, key: bytes | None, record: str) -> bytes | None:
    """The body of sealed ``data`` if its seal is this user's, for the file named ``record``; else None."""
    if key is None:
        return None
    mark, separator, body = data.partition(b"\n")
    if not separator:
        return None
    return body if hmac.compare_digest(mark, _mark(body, key, record)) else None
