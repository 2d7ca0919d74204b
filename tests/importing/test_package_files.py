"""Bank packages read safely: members listed and checked before a byte is used."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from toolkit.importing.bank import BankError
from toolkit.importing.package_files import MAX_MEMBER_BYTES, open_package


def _zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_a_zip_and_its_unpacked_folder_read_the_same(tmp_path: Path) -> None:
    members = {"imsmanifest.xml": b"<manifest/>", "items/q1.xml": "<item>سوال</item>".encode()}
    packed = open_package(_zip(tmp_path / "bank.zip", members), "bank.zip")
    folder = tmp_path / "bank"
    for name, data in members.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    unpacked = open_package(folder, "bank")
    assert packed.members == unpacked.members == ("imsmanifest.xml", "items/q1.xml")
    assert [packed.read(name) for name in packed.members] == [
        unpacked.read(name) for name in unpacked.members
    ]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "../evil.xml",
            "bank.zip: the package holds a file named '../evil.xml', which points outside the package",
        ),
        (
            "/etc/passwd",
            "bank.zip: the package holds a file named '/etc/passwd', which points outside the package",
        ),
    ],
)
def test_a_name_that_climbs_out_is_refused(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(BankError) as refused:
        open_package(_zip(tmp_path / "bank.zip", {name: b"x"}), "bank.zip")
    assert str(refused.value).startswith(message)


def test_a_zip_bomb_is_refused_before_it_is_read(tmp_path: Path) -> None:
    bomb = _zip(tmp_path / "bank.zip", {"items/q1.xml": b"\0" * (MAX_MEMBER_BYTES // 4)})
    with pytest.raises(BankError) as refused:
        open_package(bomb, "bank.zip")
    assert "times its packed size): not a question bank" in str(refused.value)


def test_something_that_is_no_zip_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bank.zip").write_bytes(b"GIFT? no")
    with pytest.raises(BankError) as refused:
        open_package(tmp_path / "bank.zip", "bank.zip")
    assert (
        str(refused.value)
        == "bank.zip: is neither a zip package nor a folder; give the exported .zip or .imscc"
    )


def test_a_link_in_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bank").mkdir()
    (tmp_path / "bank" / "manifest.xml").symlink_to("/etc/passwd")
    with pytest.raises(BankError) as refused:
        open_package(tmp_path / "bank", "bank")
    assert str(refused.value) == "bank: manifest.xml is a link; quizkit reads no links in a package"


def test_a_zip_cut_short_is_refused_as_incomplete_not_as_no_zip(tmp_path: Path) -> None:
    whole = _zip(tmp_path / "whole.zip", {"imsmanifest.xml": b"<manifest/>" * 100}).read_bytes()
    (tmp_path / "bank.zip").write_bytes(whole[: len(whole) // 2])
    with pytest.raises(BankError) as refused:
        open_package(tmp_path / "bank.zip", "bank.zip")
    assert str(refused.value) == (
        "bank.zip: is a zip that is incomplete or damaged (its list of files cannot be read): download or "
        "export it again"
    )


def test_a_member_that_fails_its_checksum_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "bank.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("items/q1.xml", b"<item>question</item>")
    path.write_bytes(path.read_bytes().replace(b"question", b"answered"))
    package = open_package(path, "bank.zip")
    with pytest.raises(BankError) as refused:
        package.read("items/q1.xml")
    assert str(refused.value) == (
        "bank.zip/items/q1.xml: is damaged: its bytes in the zip do not unpack or fail their checksum; export "
        "or download it again"
    )
