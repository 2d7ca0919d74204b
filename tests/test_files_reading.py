"""toolkit.files.read_regular_file: only regular files, read with a bound that st_size cannot lift."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.files import FileTooLargeError, NotRegularFileError, read_regular_file

PIPE_MESSAGE = "a named pipe (FIFO), not a regular file; quizkit reads only regular files"
DEVICE_MESSAGE = "a device, not a regular file; quizkit reads only regular files"


def test_a_regular_file_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "ten.txt"
    path.write_bytes(b"0123456789")
    assert read_regular_file(path, 10) == b"0123456789"
    with pytest.raises(FileTooLargeError) as raised:
        read_regular_file(path, 9)
    assert (raised.value.size, raised.value.limit, raised.value.filename) == (10, 9, str(path))


def test_the_bound_holds_when_st_size_says_nothing() -> None:
    # Files in /proc say they are empty (st_size 0) and hold more: only a bounded read stops in time.
    status = Path("/proc/self/status")
    if not status.exists():
        pytest.skip("needs /proc (Linux)")
    assert status.stat().st_size == 0
    with pytest.raises(FileTooLargeError) as raised:
        read_regular_file(status, 16)
    assert raised.value.size == 17


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (os.mkfifo, PIPE_MESSAGE),
        (os.mkdir, "a folder, not a regular file; quizkit reads only regular files"),
        (lambda path: path.symlink_to("/dev/zero"), DEVICE_MESSAGE),
    ],
    ids=["fifo", "folder", "dev-zero"],
)
def test_only_regular_files_are_read(tmp_path: Path, make: object, message: str) -> None:
    path = tmp_path / "input"
    assert callable(make)
    make(path)
    with pytest.raises(NotRegularFileError) as raised:
        read_regular_file(path, 1024)
    assert (raised.value.strerror, raised.value.filename) == (message, str(path))
