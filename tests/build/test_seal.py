"""The build cache's key (toolkit.build.seal) when several quizkit processes make it at the same moment:
parallel builds of CI jobs, or pytest-xdist workers, on a machine where the user has no key yet."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from toolkit.build import seal
from toolkit.build.seal import KEY_BYTES, cache_key


def test_a_key_another_process_is_still_writing_is_never_read_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other process is played by a second cache_key() while the first is making its key's bytes:
    the moment at which the key's name could already exist with nothing in it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    real_token_bytes = seal.secrets.token_bytes
    other: list[bytes | None] = []

    def token_bytes(count: int) -> bytes:
        if not other:
            other.append(b"")
            other[0] = cache_key()
        return real_token_bytes(count)

    monkeypatch.setattr(seal.secrets, "token_bytes", token_bytes)
    first = cache_key()
    assert other[0] is not None and len(other[0]) == KEY_BYTES
    assert first == other[0]
    key = tmp_path / "quizkit" / "cache-key"
    assert key.read_bytes() == first
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert sorted(path.name for path in key.parent.iterdir()) == ["cache-key"]
    assert cache_key() == first


def test_a_process_killed_while_making_the_key_leaves_no_short_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGKILL between creating the key and writing it (os._exit stands in): the next command still
    gets a key, so its build cache is sealed and trusted next time."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    child = os.fork()
    if child == 0:  # pragma: no cover (the child never returns)

        def killed(count: int) -> bytes:
            os._exit(9)

        seal.secrets.token_bytes = killed
        cache_key()
        os._exit(0)
    _, status = os.waitpid(child, 0)
    assert os.waitstatus_to_exitcode(status) == 9
    key = cache_key()
    assert key is not None and len(key) == KEY_BYTES
    assert cache_key() == key
