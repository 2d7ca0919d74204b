"""The requirement a new project's CI workflow installs quizkit by: the route this copy of quizkit came
by, when a CI machine can take it too.

quizkit has no release on PyPI yet, so ``quizkit==VERSION`` alone names a version no public index serves
(what ``quizkit init`` used to write, failing every new project's first CI run). Where an installed copy
came from is recorded by pip beside it, in ``direct_url.json`` (PEP 610; absent when an index served it):

- a git (or other version control) URL: the same URL at the commit that was installed;
- an archive at an http(s) URL: that URL, with its hash when pip recorded one;
- a folder on this machine (``pip install .``, an editable install): a checkout CI cannot reach, so its
  ``origin`` remote at the checkout's HEAD commit when it has one, as a pinned git URL;
- an index, or nothing CI can reach (a wheel file, a folder with no remote): ``quizkit==VERSION``, which
  works from any index that serves that version; the workflow's comment says how to point it elsewhere.

Credentials in a URL never reach the requirement: the workflow file is committed.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

_SCP_LIKE = re.compile(r"^(?:[^@/:]+@)?(?P<host>[^/:\\]{2,}):(?P<path>(?!/).+)$")
"""``git@github.com:owner/quizkit.git``: git's short form of an ssh URL."""


def install_requirement() -> str:
    """The PEP 508 requirement for the quizkit running now, as a CI machine can install it."""
    from toolkit import __version__

    try:
        recorded = metadata.distribution("quizkit").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        recorded = None
    return requirement_for(__version__, json.loads(recorded) if recorded else None, _checkout_remote)


def requirement_for(
    version: str,
    direct_url: dict[str, Any] | None,
    checkout_remote: Callable[[Path], tuple[str, str] | None] | None = None,
) -> str:
    """The requirement for quizkit ``version`` installed as ``direct_url`` (PEP 610) says.

    ``checkout_remote(folder)`` gives ``(remote URL, commit)`` for a local folder that is a git checkout,
    or None; it is a parameter so that the choice can be tested without a repository.
    """
    pinned = f"quizkit=={version}"
    if not direct_url or not isinstance(direct_url.get("url"), str):
        return pinned
    url = direct_url["url"]
    vcs_info = direct_url.get("vcs_info")
    if isinstance(vcs_info, dict) and isinstance(vcs_info.get("commit_id"), str):
        public = public_url(url)
        if public is None:
            return pinned
        return f"quizkit @ {vcs_info.get('vcs', 'git')}+{public}@{vcs_info['commit_id']}{_subdirectory(direct_url)}"
    scheme = urlsplit(url).scheme
    if scheme in ("http", "https") and isinstance(direct_url.get("archive_info"), dict):
        public = public_url(url)
        if public is None:
            return pinned
        digest = direct_url["archive_info"].get("hash")
        return f"quizkit @ {public}" + (f"#{digest}" if isinstance(digest, str) else "")
    if scheme == "file" and "dir_info" in direct_url and checkout_remote is not None:
        found = checkout_remote(Path(unquote(urlsplit(url).path)))
        if found is not None:
            remote, commit = found
            public = public_url(remote)
            if public is not None:
                return f"quizkit @ git+{public}@{commit}{_subdirectory(direct_url)}"
    return pinned


def public_url(url: str) -> str | None:
    """``url`` as a CI machine can fetch it without the author's keys: https, no user, password or query,
    or None for a place only this machine can reach (a path, ``file:``)."""
    scp = _SCP_LIKE.match(url)
    if scp and "://" not in url:
        return f"https://{scp['host']}/{scp['path']}"
    parts = urlsplit(url)
    if parts.scheme not in ("https", "http", "ssh", "git") or not parts.hostname:
        return None
    host = parts.hostname + (f":{parts.port}" if parts.port and parts.scheme in ("https", "http") else "")
    scheme = parts.scheme if parts.scheme in ("https", "http") else "https"
    # No query or fragment either: a token can hide there as well as in the user part.
    return urlunsplit((scheme, host, parts.path, "", ""))


def _subdirectory(direct_url: dict[str, Any]) -> str:
    subdirectory = direct_url.get("subdirectory")
    return f"#subdirectory={subdirectory}" if isinstance(subdirectory, str) and subdirectory else ""


def _checkout_remote(folder: Path) -> tuple[str, str] | None:
    """The ``origin`` remote and the HEAD commit of the git checkout at ``folder``, or None."""

    def git(*arguments: str) -> str | None:
        try:
            done = subprocess.run(
                ["git", "-C", str(folder), *arguments],
                capture_output=True,
                text=True,
                timeout=10,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None

    remote = git("remote", "get-url", "origin")
    commit = git("rev-parse", "--verify", "HEAD")
    return (remote, commit) if remote and commit else None
