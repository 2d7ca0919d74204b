"""quizkit as a user installs it: the sdist and the wheel built from it, as ``python -m build`` makes a
release, and fresh virtual environments to install the wheel into (never editable).

A fresh environment must not download quizkit's dependencies on every run (slow, and impossible offline),
nor see this checkout's editable quizkit. So it keeps its own site-packages, holding only what pip installs
into it, and a ``.pth`` file naming a folder of links to the packages installed beside the running tests,
every one but quizkit and pip (the environment has its own pip). pip then finds every dependency already
installed and, with ``PIP_NO_INDEX``, never asks an index: a dependency missing here fails the install
with pip's own message instead of a download.
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_NOT_LINKED = {"toolkit", "pip", "_editable_impl_quizkit.pth"}
_NOT_LINKED_PREFIXES = ("quizkit-", "__editable__", "pip-")
"""quizkit's own files in the test environment (its editable install) and pip's: never linked."""


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


def fresh_environment(folder: Path) -> Environment:
    """A new virtual environment at ``folder`` with pip, quizkit's dependencies reachable, quizkit not."""
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
    for directory in [*site.getsitepackages(), site.getusersitepackages()]:
        if not Path(directory).is_dir():
            continue
        for entry in sorted(Path(directory).iterdir()):
            target = dependencies / entry.name
            if (
                entry.name in _NOT_LINKED
                or entry.name.startswith(_NOT_LINKED_PREFIXES)
                or entry.suffix == ".pth"
                or target.exists()
            ):
                continue
            target.symlink_to(entry)
    (site_packages / "quizkit-test-dependencies.pth").write_text(f"{dependencies}\n", encoding="utf-8")
    return Environment(folder, site_packages)
