"""quizkit as a user installs it: the sdist and the wheel built from it, as ``python -m build`` makes a
release, and fresh virtual environments to install the wheel into (never editable).

A fresh environment must not download quizkit's dependencies on every run (slow, and impossible offline),
nor see this checkout's editable quizkit, nor any package a user's pip would not install beside quizkit: a
module of toolkit that imports a package missing from ``[project].dependencies`` must fail here, not find
it among the development tools. So it keeps its own site-packages, holding only what pip installs into it,
and a ``.pth`` file naming a folder of links to the installed distributions quizkit's run-time
requirements name, with theirs (no extra, no marker that excludes this platform), plus the tools a test
runs beside quizkit (mypy, the build backend), with theirs. pip then finds every dependency already
installed and, with ``PIP_NO_INDEX``, never asks an index: a dependency missing here fails the install
with pip's own message instead of a download.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]

_PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
RUN_TIME_REQUIREMENTS: tuple[str, ...] = tuple(_PROJECT["project"]["dependencies"])
"""What installing quizkit installs, as the wheel declares it (pyproject.toml, not the editable install's
metadata, which is as old as the last ``./dev setup``)."""
BUILD_REQUIREMENTS: tuple[str, ...] = tuple(_PROJECT["build-system"]["requires"])
"""What building quizkit from its sources needs (its build backend)."""


def installed_closure(requirements: Iterable[str]) -> list[metadata.Distribution]:
    """The installed distributions that ``requirements`` name, and those their own requirements name, down
    to the last: a requirement only an extra asks for, or whose marker excludes this platform, is no part
    of it. A distribution not installed is left out (pip then names it when it installs the wheel)."""
    found: dict[str, metadata.Distribution] = {}
    # (distribution, extra) pairs whose own requirements are followed already.
    followed: set[tuple[str, str]] = set()
    pending = [Requirement(text) for text in requirements if _applies(Requirement(text), "")]
    while pending:
        requirement = pending.pop()
        name = canonicalize_name(requirement.name)
        try:
            distribution = found.get(name) or metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        found[name] = distribution
        for extra in {"", *requirement.extras} - {key[1] for key in followed if key[0] == name}:
            followed.add((name, extra))
            pending += [own for own in map(Requirement, distribution.requires or []) if _applies(own, extra)]
    return list(found.values())


def _applies(requirement: Requirement, extra: str) -> bool:
    """Whether ``requirement`` holds here when its distribution is installed with ``extra`` ("" for
    none)."""
    return requirement.marker is None or requirement.marker.evaluate({"extra": extra})


def build_distributions(out: Path) -> tuple[Path, Path]:
    """The sdist of this checkout and the wheel built from that sdist (what ``python -m build`` does), so a
    file the sdist lacks fails the wheel's build or its tests. No build isolation: the build backend is a
    development dependency, so no index is needed."""
    done = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (sdist,) = out.glob("quizkit-*.tar.gz")
    (wheel,) = out.glob("quizkit-*.whl")
    return sdist, wheel


@dataclass(frozen=True)
class Environment:
    """A virtual environment made for one test module."""

    root: Path
    site_packages: Path

    @property
    def bin(self) -> Path:
        return self.root / "bin"

    def variables(self) -> dict[str, str]:
        """The process environment of a shell in which this environment is active and no index is asked."""
        variables = {
            name: value
            for name, value in os.environ.items()
            if name
            not in {
                "PYTHONPATH",
                "PYTHONHOME",
                "VIRTUAL_ENV",
                "PIP_REQUIRE_VIRTUALENV",
                "PIP_USER",
                "PIP_TARGET",
                "PIP_PREFIX",
            }
        }
        variables.update(
            PATH=f"{self.bin}{os.pathsep}{os.environ.get('PATH', '')}",
            VIRTUAL_ENV=str(self.root),
            PIP_NO_INDEX="1",
            PIP_DISABLE_PIP_VERSION_CHECK="1",
            PYTHONNOUSERSITE="1",
        )
        return variables

    def run(self, command: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
        """``command`` in ``folder``, its program looked up in this environment first."""
        return subprocess.run(
            command,
            cwd=folder,
            env=self.variables(),
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )


def fresh_environment(folder: Path, tools: Sequence[str] = ()) -> Environment:
    """A new virtual environment at ``folder`` with pip, quizkit's run-time dependencies reachable, and
    the ``tools`` (requirements) a test runs there beside quizkit; quizkit itself not, nor anything else
    installed beside these tests."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True, timeout=300)
    python = folder / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    site_packages = Path(purelib)
    dependencies = folder / "dependencies"
    dependencies.mkdir()
    for distribution in installed_closure([*RUN_TIME_REQUIREMENTS, *tools]):
        # Its top-level entries (packages, modules, extension modules, its .dist-info, by which pip
        # knows it is installed); not what it installs elsewhere (scripts: ../../bin), nor .pth files
        # and __pycache__, which every distribution of the folder shares.
        top_level = {file.parts[0] for file in distribution.files or () if file.parts[0] != ".."}
        for name in sorted(top_level):
            entry = Path(str(distribution.locate_file(name)))
            target = dependencies / name
            if name == "__pycache__" or entry.suffix == ".pth" or not entry.exists() or target.exists():
                continue
            target.symlink_to(entry)
    (site_packages / "quizkit-test-dependencies.pth").write_text(f"{dependencies}\n", encoding="utf-8")
    return Environment(folder, site_packages)
