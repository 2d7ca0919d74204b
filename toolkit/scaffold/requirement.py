"""The requirement a new project's CI workflow installs quizkit by: the route this copy of quizkit came
by, when a CI machine can take it too.

quizkit has no release on PyPI yet, so ``quizkit==VERSION`` alone names a version no public index serves
(what ``quizkit init`` used to write, failing every new project's first CI run). Where an installed copy
came from is recorded by pip beside it, in ``direct_url.json`` (PEP 610; absent when an index served it):

- a git (or other version control) URL: the same URL at the commit that was installed;
- an archive at an http(s) URL: that URL, with its hash when pip recorded one;
- a folder on this machine (``pip install .``, an editable install): a checkout CI cannot reach, so its
  ``origin`` remote at the checkout's HEAD commit, as a pinned git URL, provided that commit is on a
  branch of ``origin`` as the checkout last saw it (its remote-tracking branches; no network is asked). A
  commit not pushed yet would give a workflow whose install fails, so the route falls back, with a
  problem saying why and what to do, which ``quizkit init`` prints as a warning;
- an index: ``quizkit==VERSION``, which works from any index that serves that version;
- nothing CI can reach (a wheel or sdist file, a folder with no ``origin`` or one only this machine
  reaches, a git URL that is a path): ``quizkit==VERSION`` too, as the one requirement left, but with a
  problem saying why it is no route to this quizkit and what to write instead. No index serves quizkit
  yet, so a silent fallback would write a workflow whose first step fails.

Credentials in a URL never reach the requirement: the workflow file is committed.
"""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

_SCP_LIKE = re.compile(r"^(?:[^@/:]+@)?(?P<host>[^/:\\]{2,}):(?P<path>(?!/).+)$")
"""``git@github.com:owner/quizkit.git``: git's short form of an ssh URL."""


REMOTE = "origin"
"""The remote of a checkout whose URL the workflow installs from."""


@dataclass(frozen=True)
class Checkout:
    """The git checkout a quizkit was installed from, as far as CI is concerned."""

    remote_url: str
    """The URL of its :data:`REMOTE`."""
    commit: str
    """Its HEAD commit."""
    published: bool
    """Whether ``commit`` is on a branch of :data:`REMOTE`, by the checkout's remote-tracking branches."""


@dataclass(frozen=True)
class InstallRoute:
    """How CI installs quizkit, and why it could not take the route this copy came by, if it could not."""

    requirement: str
    """A PEP 508 requirement."""
    problem: str | None = None
    """Why the requirement is not the route this quizkit came by, and what to do; None where it is."""


def install_requirement() -> InstallRoute:
    """The route by which a CI machine can install the quizkit running now."""
    from toolkit import __version__

    try:
        recorded = metadata.distribution("quizkit").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        pinned = f"quizkit=={__version__}"
        return InstallRoute(
            pinned, _fallback(pinned, "it runs from its sources, not installed, so no route is recorded")
        )
    try:
        direct_url = json.loads(recorded) if recorded else None
    except ValueError:
        direct_url = {}
    if direct_url is not None and not isinstance(direct_url, dict):
        direct_url = {}
    return requirement_for(__version__, direct_url, checkout_of)


def requirement_for(
    version: str,
    direct_url: dict[str, Any] | None,
    checkout: Callable[[Path], Checkout | None] | None = None,
) -> InstallRoute:
    """The route for quizkit ``version`` installed as ``direct_url`` (PEP 610) says.

    ``checkout(folder)`` describes the git checkout at a local folder (:func:`checkout_of`), or gives
    None where it is none; it is a parameter so that the choice can be tested without a repository.
    """
    pinned = f"quizkit=={version}"
    if direct_url is None:
        return InstallRoute(pinned)
    url = direct_url.get("url")
    if not isinstance(url, str):
        return InstallRoute(pinned, _fallback(pinned, "its install record (direct_url.json) names no URL"))
    vcs_info = direct_url.get("vcs_info")
    if isinstance(vcs_info, dict) and isinstance(vcs_info.get("commit_id"), str):
        public = public_url(url)
        vcs = vcs_info.get("vcs", "git")
        if public is None:
            return InstallRoute(
                pinned,
                _fallback(
                    pinned,
                    f"it was installed from {vcs}+{_shown(url)}, a repository only this machine can reach",
                ),
            )
        return InstallRoute(f"quizkit @ {vcs}+{public}@{vcs_info['commit_id']}{_subdirectory(direct_url)}")
    scheme = urlsplit(url).scheme
    if scheme in ("http", "https") and isinstance(direct_url.get("archive_info"), dict):
        public = public_url(url)
        if public is None:
            return InstallRoute(
                pinned, _fallback(pinned, f"it was installed from {_shown(url)}, which names no host")
            )
        digest = direct_url["archive_info"].get("hash")
        return InstallRoute(f"quizkit @ {public}" + (f"#{digest}" if isinstance(digest, str) else ""))
    if scheme == "file" and "dir_info" in direct_url:
        folder = Path(unquote(urlsplit(url).path))
        found = checkout(folder) if checkout is not None else None
        if found is None:
            return InstallRoute(
                pinned,
                _fallback(
                    pinned,
                    f"it was installed from the folder {folder}, which is no git checkout with a remote "
                    f"{REMOTE}, so CI cannot fetch it",
                ),
            )
        public = public_url(found.remote_url)
        if public is None:
            return InstallRoute(
                pinned,
                _fallback(
                    pinned,
                    f"it was installed from the checkout {folder}, whose remote {REMOTE} "
                    f"({_shown(found.remote_url)}) only this machine can reach",
                ),
            )
        requirement = f"quizkit @ git+{public}@{found.commit}{_subdirectory(direct_url)}"
        if found.published:
            return InstallRoute(requirement)
        return InstallRoute(
            pinned,
            f"it installs {pinned}, not the quizkit checkout that ran init ({folder}): that checkout's "
            f"commit {found.commit[:12]} is on no branch of its remote {REMOTE} ({public}), so CI could "
            f"not fetch it. Push the commit (git push {REMOTE}), then set QUIZKIT_REQUIREMENT to "
            f'"{requirement}", or to another route CI can take',
        )
    if scheme == "file":
        return InstallRoute(
            pinned,
            _fallback(
                pinned,
                f"it was installed from the file {unquote(urlsplit(url).path)}, which CI cannot reach",
            ),
        )
    return InstallRoute(
        pinned, _fallback(pinned, f"it was installed from {_shown(url)}, which CI cannot reach")
    )


def _fallback(pinned: str, why: str) -> str:
    """The problem of a workflow that installs ``pinned`` because the quizkit running init came by a route
    CI cannot take (``why``)."""
    return (
        f"it installs {pinned}, which only an index serving that version provides, not the quizkit that ran "
        f"init: {why}. Set QUIZKIT_REQUIREMENT to a route CI can reach (a git URL pinned to a pushed "
        f'commit, "quizkit @ git+https://HOST/PATH@COMMIT", or a wheel on a server CI can fetch)'
    )


def _shown(url: str) -> str:
    """``url`` without a user or password, to be printed."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.rpartition("@")[2]))


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


def checkout_of(folder: Path) -> Checkout | None:
    """The git checkout at ``folder`` (its :data:`REMOTE`, its HEAD commit, and whether that commit is on
    one of the remote's branches as the checkout last fetched or pushed them), or None where ``folder`` is
    no checkout or has no such remote. Only local refs are read: init asks no network."""

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

    remote = git("remote", "get-url", REMOTE)
    commit = git("rev-parse", "--verify", "HEAD^{commit}")
    if remote is None or commit is None:
        return None
    branches = git("for-each-ref", "--contains", commit, "--format=%(refname)", f"refs/remotes/{REMOTE}/")
    return Checkout(remote, commit, branches is not None)
