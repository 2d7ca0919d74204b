"""The files of a bank package (a Canvas export zip, an ``.imscc``, a QTI 3.0 package), read safely from
a zip or from the folder it was unpacked into.

A package comes from outside, so every name and size is checked before a byte is used: names that climb
out of the package (``../``), absolute names, links, more members or more bytes than any real bank has,
and members that expand far beyond their compressed size (zip bombs) are refused with what to do.
Members are read whole into memory, never extracted to disk.
"""

from __future__ import annotations

import stat
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from toolkit.files import read_regular_file
from toolkit.importing.bank import ZIP_MAGIC, BankError

MAX_MEMBERS = 20_000
MAX_MEMBER_BYTES = 64 * 1024 * 1024
MAX_TOTAL_BYTES = 512 * 1024 * 1024
MAX_COMPRESSION_RATIO = 200
"""Deflate at its best gives about 1,000:1 on a run of one byte; text compresses 3–10:1. A member that
claims more than this is a bomb, not a question bank."""
MANIFEST = "imsmanifest.xml"
ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    EOFError,
    NotImplementedError,
    RuntimeError,
    ValueError,
)
"""What :mod:`zipfile` raises for a zip that is damaged, cut short, encrypted or packed in a way it cannot
unpack (a bad checksum, data that does not inflate, a member that ends early, Deflate64, a password)."""
SIGNATURE_BYTES = 4 * 1024 * 1024
"""How much of a package's manifest detection looks at for the resource types that tell its format:
far more than the resources of any real cartridge take, and bounded however far the manifest expands."""


@dataclass(frozen=True)
class Package:
    """A package's members by their POSIX names inside it; read with :meth:`read`."""

    path: Path
    display_name: str
    members: tuple[str, ...]
    _zip_sizes: dict[str, int] | None = field(default=None, repr=False, compare=False)

    def has(self, name: str) -> bool:
        return name in self.members

    def read(self, name: str) -> bytes:
        """The bytes of member ``name``, which must be one of :attr:`members`."""
        if name not in self.members:
            raise BankError(self.display_name, None, f"the package has no file {name}; is it complete?")
        if self._zip_sizes is None:
            return read_regular_file(self.path / name, MAX_MEMBER_BYTES)
        try:
            with zipfile.ZipFile(self.path) as archive, archive.open(name) as member:
                data = member.read(MAX_MEMBER_BYTES + 1)
        except ZIP_ERRORS as error:
            raise BankError(f"{self.display_name}/{name}", None, damaged_member(error)) from None
        if len(data) > MAX_MEMBER_BYTES or len(data) != self._zip_sizes[name]:
            raise BankError(
                self.display_name,
                None,
                f"{name} inside the package is not the size the zip says it is; the zip is damaged or made "
                "to mislead: export the bank again",
            )
        return data


@dataclass(frozen=True)
class PackageSignature:
    """What tells a package's format, read cheaply and without trusting it (:func:`package_signature`)."""

    folders: frozenset[str]
    """The names of the package's top-level folders."""
    manifest: bytes
    """The first :data:`SIGNATURE_BYTES` of its ``imsmanifest.xml``, unparsed; empty without one."""
    has_manifest: bool
    """Whether it has an ``imsmanifest.xml`` at all (a link or a member that cannot be read too)."""


def package_signature(path: Path) -> PackageSignature | None:
    """The signature of the package at ``path`` (a zip or a folder), None when it is neither.

    For telling formats apart only: the names come from the zip's central directory and nothing is
    checked or expanded but at most :data:`SIGNATURE_BYTES` of the manifest, so a package that is
    damaged or made to harm (a name climbing out, a bomb, a link) is still recognized, and the reader
    then refuses it with what is wrong (:func:`open_package`)."""
    try:
        if path.is_dir():
            folders = frozenset(found.name for found in path.iterdir() if found.is_dir())
            manifest = path / MANIFEST
            if manifest.is_symlink() or not manifest.is_file():
                return PackageSignature(folders, b"", manifest.is_symlink() or manifest.exists())
            with manifest.open("rb") as handle:
                return PackageSignature(folders, handle.read(SIGNATURE_BYTES), True)
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            folders = frozenset(name.split("/")[0] for name in names if "/" in name.strip("/"))
            if MANIFEST not in names:
                return PackageSignature(folders, b"", False)
            try:
                with archive.open(MANIFEST) as member:
                    return PackageSignature(folders, member.read(SIGNATURE_BYTES), True)
            except ZIP_ERRORS:
                # Encrypted, oddly compressed or damaged: still a package; its reader says what is wrong.
                return PackageSignature(folders, b"", True)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError):
        return None


def damaged_member(error: Exception) -> str:
    """What is wrong with a zip member :mod:`zipfile` could not read (``error``, one of
    :data:`ZIP_ERRORS`), and what to do: the message of a :class:`BankError` naming the member."""
    text = str(error)
    if isinstance(error, NotImplementedError) or "compression method" in text.lower():
        return (
            "is packed with a compression method quizkit cannot unpack (zip tools of Windows use Deflate64 "
            "for large files): export or download the package again, or pack it again as an ordinary zip"
        )
    if "encrypted" in text or "password" in text:
        return "is encrypted (the zip has a password): export or download the package again without one"
    return (
        "is damaged: its bytes in the zip do not unpack or fail their checksum; export or download it again"
    )


def damaged_zip(display_name: str) -> BankError:
    """The error for a file that starts as a zip but whose directory cannot be read: cut short (a download
    that stopped) or damaged."""
    return BankError(
        display_name,
        None,
        "is a zip that is incomplete or damaged (its list of files cannot be read): download or export it again",
    )


def _checked_name(name: str, package: str) -> str:
    path = PurePosixPath(name)
    if name.startswith("/") or "\\" in name or ".." in path.parts or (path.parts and ":" in path.parts[0]):
        raise BankError(
            package,
            None,
            f"the package holds a file named {name!r}, which points outside the package; "
            "quizkit reads no such package: export the bank again from its platform",
        )
    return str(path)


def open_package(path: Path, display_name: str) -> Package:
    """The package at ``path``, a zip file or a folder, its members listed and checked."""
    if path.is_dir():
        return _folder(path, display_name)
    try:
        archive = zipfile.ZipFile(path)
    except ZIP_ERRORS:
        if _starts_as_zip(path):
            raise damaged_zip(display_name) from None
        raise BankError(
            display_name, None, "is neither a zip package nor a folder; give the exported .zip or .imscc"
        ) from None
    with archive:
        infos = [info for info in archive.infolist() if not info.is_dir()]
        if len(infos) > MAX_MEMBERS:
            raise BankError(
                display_name, None, f"holds {len(infos):,} files, more than any bank ({MAX_MEMBERS:,})"
            )
        sizes: dict[str, int] = {}
        total = 0
        for info in infos:
            name = _checked_name(info.filename, display_name)
            if stat.S_ISLNK(info.external_attr >> 16):
                raise BankError(
                    display_name, None, f"{name} inside the package is a link; quizkit reads no links"
                )
            ratio = info.file_size / max(info.compress_size, 1)
            if info.file_size > MAX_MEMBER_BYTES or (
                info.file_size > 1024 * 1024 and ratio > MAX_COMPRESSION_RATIO
            ):
                raise BankError(
                    display_name,
                    None,
                    f"{name} inside the package expands to {info.file_size:,} bytes "
                    f"({ratio:,.0f} times its packed size): not a question bank",
                )
            total += info.file_size
            sizes[name] = info.file_size
        if total > MAX_TOTAL_BYTES:
            raise BankError(
                display_name, None, f"expands to {total:,} bytes, more than any bank ({MAX_TOTAL_BYTES:,})"
            )
    return Package(path, display_name, tuple(sorted(sizes)), sizes)


def _starts_as_zip(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return handle.read(4) in ZIP_MAGIC
    except OSError:
        return False


def _folder(path: Path, display_name: str) -> Package:
    members: list[str] = []
    for found in sorted(path.rglob("*")):
        relative = found.relative_to(path).as_posix()
        if found.is_symlink():
            raise BankError(display_name, None, f"{relative} is a link; quizkit reads no links in a package")
        if found.is_file():
            members.append(relative)
            if len(members) > MAX_MEMBERS:
                raise BankError(display_name, None, f"holds more files than any bank ({MAX_MEMBERS:,})")
    return Package(path, display_name, tuple(members))
