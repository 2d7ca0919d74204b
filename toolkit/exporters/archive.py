"""Zip packages that depend only on their entries, for the formats that ship one (QTI 3.0, Canvas QTI 1.2,
Common Cartridge, SCORM): identical input gives a byte-identical package, so builds and caches can compare
them.

The package is written in one pass, with the bytes Python's ``zipfile`` writes for the same entries
(``tests/exporters/test_archive.py`` holds the two to the same bytes), and each entry's deflated form
comes from a small cache: the files every package of a format holds alike (the SCORM player's scripts and
stylesheet, some 100 KB in each of thousands of packages) are compressed once per process, not once per
package.
"""

from __future__ import annotations

import functools
import io
import struct
import zipfile
import zlib
from collections.abc import Sequence

ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip entry can hold: no build's clock leaks into the package."""
ZIP_LEVEL = 6
"""zlib's default: level 9 took twice the time for 0.3% smaller packages (measured on 1,200 QTI and SCORM
entries, 17 MB), and builds compress every package they write."""

_VERSION = 20
"""The zip version needed to extract a deflated entry (2.0), which zipfile also writes as the creator's."""
_UNIX = 3
_FILE_ATTRIBUTES = 0o100644 << 16
"""A regular file, rw-r--r--, in the high half as Unix zip tools read it."""
_UTF8_NAME = 0x800
_DOS_DATE = (ZIP_TIMESTAMP[0] - 1980) << 9 | ZIP_TIMESTAMP[1] << 5 | ZIP_TIMESTAMP[2]
_DOS_TIME = ZIP_TIMESTAMP[3] << 11 | ZIP_TIMESTAMP[4] << 5 | ZIP_TIMESTAMP[5] // 2
_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")
_CENTRAL_HEADER = struct.Struct("<4s4B4HL2L5H2L")
_END_RECORD = struct.Struct("<4s4H2LH")
_ZIP64_LIMIT = (1 << 31) - 1
"""Past this size (zipfile's ZIP64_LIMIT) or 65,535 entries a package needs zip64 records: written by
zipfile itself, not here."""


def package(files: Sequence[tuple[str, bytes]]) -> bytes:
    """A zip of ``files`` (name, bytes): sorted, fixed timestamps and attributes, fixed deflate."""
    entries = sorted(files)
    if len(entries) >= 0xFFFF or any(len(data) * 1.05 > _ZIP64_LIMIT for _, data in entries):
        return _zipfile_package(entries)
    body = bytearray()
    central = bytearray()
    for name, data in entries:
        crc, deflated = _deflated(data)
        encoded_name, flags = _encoded_name(name)
        offset = len(body)
        body += _LOCAL_HEADER.pack(
            b"PK\x03\x04", _VERSION, 0, flags, zipfile.ZIP_DEFLATED, _DOS_TIME, _DOS_DATE,
            crc, len(deflated), len(data), len(encoded_name), 0,
        )  # fmt: skip
        body += encoded_name
        body += deflated
        central += _CENTRAL_HEADER.pack(
            b"PK\x01\x02", _VERSION, _UNIX, _VERSION, 0, flags, zipfile.ZIP_DEFLATED, _DOS_TIME, _DOS_DATE,
            crc, len(deflated), len(data), len(encoded_name), 0, 0, 0, 0, _FILE_ATTRIBUTES, offset,
        )  # fmt: skip
        central += encoded_name
    if len(body) + len(central) > _ZIP64_LIMIT:
        return _zipfile_package(entries)
    end = _END_RECORD.pack(b"PK\x05\x06", 0, 0, len(entries), len(entries), len(central), len(body), 0)
    return bytes(body + central + end)


def _encoded_name(name: str) -> tuple[bytes, int]:
    try:
        return name.encode("ascii"), 0
    except UnicodeEncodeError:
        return name.encode("utf-8"), _UTF8_NAME


# Entries repeated across packages are few (a format's shared files) and recent: a small cache keeps
# them; the others pass through it (hashing an entry costs a small fraction of compressing it).
@functools.lru_cache(maxsize=32)
def _deflated(data: bytes) -> tuple[int, bytes]:
    """The CRC-32 of ``data`` and its raw deflate stream, as zipfile compresses an entry."""
    compressor = zlib.compressobj(ZIP_LEVEL, zlib.DEFLATED, -15)
    return zlib.crc32(data), compressor.compress(data) + compressor.flush()


def _zipfile_package(entries: Sequence[tuple[str, bytes]]) -> bytes:
    """The same package written by zipfile: for those that need its zip64 records."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = _UNIX
            info.external_attr = _FILE_ATTRIBUTES
            archive.writestr(info, data, compresslevel=ZIP_LEVEL)
    return buffer.getvalue()
