"""quizkit's PO layer and merge on real catalogs written by other tools, against GNU gettext.

The catalogs are those a Python package ships in its wheel (Django's: over a thousand .po files in a
hundred locales, written by Transifex and msgmerge, mostly without msgctxt). For each file:

* read then write with ``toolkit.catalogs.read_po`` / ``write_po`` equals ``msgcat``'s output byte for
  byte (files msgcat refuses are left out);
* ``quizkit merge``'s library function, with the English catalog of the same domain as the template,
  equals ``msgmerge --previous`` byte for byte, and keeps every translation msgmerge keeps; catalogs
  quizkit refuses are listed with the reason.

Run: ``.venv/bin/python benchmarks/real_catalogs.py [--package django] [--keep DIR]``. It downloads the
wheel with pip (no dependencies), so it needs PyPI; nothing is written outside a temporary folder.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from toolkit.catalogs import read_po, write_po
from toolkit.catalogs.file_merge import merge_files
from toolkit.catalogs.workflow import CatalogError
from toolkit.gettext.merge import MergeError
from toolkit.gettext.po_reader import PoSyntaxError


def _translated(data: bytes) -> set[tuple[str, ...]]:
    """Every translation in a catalog (active or obsolete, fuzzy or not), whichever entry holds it."""
    return {entry.translations for entry in read_po(data, "catalog.po").entries if entry.has_translation}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package", default="django", help="a PyPI package whose wheel ships .po files")
    parser.add_argument("--keep", type=Path, help="extract into this folder instead of a temporary one")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = arguments.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "-q",
                "-d",
                str(folder),
                arguments.package,
            ],
            check=True,
        )
        wheel = next(folder.glob("*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            names = [name for name in archive.namelist() if name.endswith(".po")]
            archive.extractall(folder, members=names)
        files = sorted(folder / name for name in names)
        print(f"{wheel.name}: {len(files)} catalogs")

        started = time.perf_counter()
        identical, different, refused = 0, [], []
        for path in files:
            gnu = subprocess.run(["msgcat", str(path)], capture_output=True, check=False)
            if gnu.returncode != 0:
                continue
            try:
                ours = write_po(read_po(path.read_bytes(), path.name))
            except PoSyntaxError as error:
                refused.append(f"{path.relative_to(folder)}: {error.message}")
                continue
            if ours == gnu.stdout:
                identical += 1
            else:
                different.append(str(path.relative_to(folder)))
        print(
            f"read + write vs msgcat: {identical} identical, {len(different)} different, {len(refused)} refused "
            f"({time.perf_counter() - started:.1f} s)"
        )
        for line in (*different[:10], *refused[:10]):
            print(f"  {line}")

        started = time.perf_counter()
        same, unlike, not_merged = 0, [], []
        lost_by_quizkit = lost_by_msgmerge = 0
        for path in files:
            template = path.parents[2] / "en" / "LC_MESSAGES" / path.name
            if path.parts[-3] == "en" or not template.exists():
                continue
            gnu = subprocess.run(
                ["msgmerge", "--quiet", "--previous", "-o", "-", str(path), str(template)],
                capture_output=True,
                check=False,
            )
            if gnu.returncode != 0:
                continue
            try:
                ours = merge_files(path, template).data
            except (CatalogError, MergeError, PoSyntaxError) as error:
                not_merged.append(f"{path.relative_to(folder)}: {getattr(error, 'message', error)}")
                continue
            if ours == gnu.stdout:
                same += 1
            else:
                unlike.append(str(path.relative_to(folder)))
            before = _translated(path.read_bytes())
            lost_by_quizkit += len(before - _translated(ours))
            lost_by_msgmerge += len(before - _translated(gnu.stdout))
        print(
            f"merge vs msgmerge --previous: {same} identical, {len(unlike)} different, {len(not_merged)} refused "
            f"({time.perf_counter() - started:.1f} s); translations no longer anywhere in the catalog: quizkit {lost_by_quizkit}, "
            f"msgmerge {lost_by_msgmerge}"
        )
        for line in (*unlike[:10], *not_merged[:10]):
            print(f"  {line}")


if __name__ == "__main__":
    main()
