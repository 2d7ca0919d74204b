"""``archive.package`` writes, in one pass and with cached compression, the bytes Python's zipfile writes
for the same entries (the packages every format shipped before), and a package any zip reader opens."""

from __future__ import annotations

import io
import os
import random
import zipfile

import pytest

from toolkit.exporters.archive import ZIP_LEVEL, ZIP_TIMESTAMP, package


def zipfile_package(files: list[tuple[str, bytes]]) -> bytes:
    """The package as zipfile writes it: sorted entries, fixed time, attributes and deflate level."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            archive.writestr(info, data, compresslevel=ZIP_LEVEL)
    return buffer.getvalue()


CASES = {
    "no entry": [],
    "an empty entry": [("empty.txt", b"")],
    "several, unsorted": [
        ("b/item.xml", b"<item/>\n" * 40),
        ("a.html", b"<p>hi</p>"),
        ("imsmanifest.xml", b"m"),
    ],
    "a non-ASCII name": [("ur/سوال.xml", "اردو متن".encode()), ("plain.txt", b"x")],
    "incompressible bytes": [("random.bin", random.Random(7).randbytes(70_000))],
    "a large text": [("assets/player.js", b"function f(a) { return a + 1; }\n" * 5000)],
}


@pytest.mark.parametrize("files", CASES.values(), ids=CASES.keys())
def test_the_package_is_the_bytes_zipfile_writes(files: list[tuple[str, bytes]]) -> None:
    assert package(files) == zipfile_package(files)


def test_an_entry_shared_by_packages_is_written_the_same_in_each() -> None:
    shared = ("assets/player.js", os.urandom(2000) + b"shared script " * 3000)
    first = [shared, ("en.html", b"<html>one</html>")]
    second = [("en.html", b"<html>two</html>"), shared]
    assert package(first) == zipfile_package(first)
    assert package(second) == zipfile_package(second)
    with zipfile.ZipFile(io.BytesIO(package(second))) as archive:
        assert archive.testzip() is None
        assert archive.read("assets/player.js") == shared[1]
        assert [info.date_time for info in archive.infolist()] == [ZIP_TIMESTAMP, ZIP_TIMESTAMP]
