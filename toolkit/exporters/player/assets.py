"""The player's stylesheet and scripts as files of their own, and the policy that lets a page load them.

A player page refers to one stylesheet (``player.css``) and one script (``grading.js``, ``kinds.js`` and
``player.js``, joined by :func:`player_script`) instead of carrying a copy of each: the ``html`` format
writes them once per export, as ``html/assets/player-<hash>.css`` and ``.js``, and a SCORM package holds
one copy beside its pages. ``<hash>`` is the first 12 hex digits of the SHA-256 of the file's bytes, so
a file of a given name never changes (a browser or an LMS may cache it for good) and a new player gets
new names; ``quizkit build`` removes the old files with the other outputs it no longer writes.

The policy (:func:`content_security_policy`) keeps ``default-src 'none'`` and allows scripts and styles
from ``'self'`` only: no inline script or style runs, and nothing comes from the network. ``'self'`` is
the narrowest source that works both from ``file://`` and over http, measured in Chromium
(tests/exporters/player/test_html_browser.py): a path cannot be a CSP source without a host; ``file:`` fails
over http; a hash allows an external script only with an ``integrity`` attribute, which Chromium cannot
check on a ``file://`` page (it needs a CORS request), and never allows an external stylesheet. Over
http ``'self'`` allows the site's own files; from ``file://`` Chromium lets it match any local file
(still no network). A page without script keeps ``script-src 'none'``.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from importlib.resources import files
from pathlib import PurePosixPath

ASSET_FOLDER = "assets"
"""The folder of the shared files, inside the ``html`` format's folder and inside a SCORM package."""
HASH_DIGITS = 12
CSP_TEMPLATE = (
    "default-src 'none'; script-src {script}; style-src 'self'; img-src 'none'; font-src 'none'; "
    "connect-src 'none'; base-uri 'none'; form-action 'none'"
)
PLAYER_SCRIPTS = ("grading.js", "kinds.js", "player.js")
SCORM_SCRIPTS = ("scorm.js", "scorm_player.js")


@dataclass(frozen=True)
class Asset:
    """A stylesheet or script that pages load: its name carries the hash of its bytes."""

    name: str
    data: bytes

    @property
    def path(self) -> PurePosixPath:
        """Where it goes, relative to the folder of the format or the package: ``assets/<name>``."""
        return PurePosixPath(ASSET_FOLDER) / self.name

    def href(self, depth: int) -> str:
        """The link to it from a page ``depth`` folders below that folder (``0``: beside ``assets``)."""
        return "../" * depth + str(self.path)


def player_asset(name: str) -> str:
    """The text of a file of ``toolkit/exporters/player/`` (``player.js``, ``player.css``...)."""
    return files("toolkit.exporters.player").joinpath(name).read_text(encoding="utf-8")


def joined(names: tuple[str, ...]) -> str:
    return "\n".join(player_asset(name) for name in names)


def player_script() -> str:
    """The player's script: the grader (a port of the library's), the question kinds, the player."""
    return joined(PLAYER_SCRIPTS)


def named(stem: str, suffix: str, text: str) -> Asset:
    """``text`` as the file ``<stem>-<hash><suffix>``."""
    data = text.encode("utf-8")
    return Asset(f"{stem}-{hashlib.sha256(data).hexdigest()[:HASH_DIGITS]}{suffix}", data)


# Read and hashed once per process: every page of an export refers to the same files.
@functools.cache
def player_stylesheet() -> Asset:
    return named("player", ".css", player_asset("player.css"))


@functools.cache
def player_code() -> Asset:
    return named("player", ".js", player_script())


@functools.cache
def scorm_code() -> Asset:
    """The SCORM adapter: the session (``scorm.js``, which also runs the launch page) and the reporting
    (``scorm_player.js``), for the launch page and every player page of a package."""
    return named("scorm", ".js", joined(SCORM_SCRIPTS))


def forget_assets() -> None:
    """Read the shipped files again at the next use (tests that change them)."""
    for cached in (player_stylesheet, player_code, scorm_code):
        cached.cache_clear()


def content_security_policy(scripts: bool, images: bool = False) -> str:
    """A page's policy: no network, no inline code; the page's own stylesheet, scripts if it has any, and
    images from its own folder if it shows any (a quiz's, copied beside it)."""
    policy = CSP_TEMPLATE.format(script="'self'" if scripts else "'none'")
    return policy.replace("img-src 'none'", "img-src 'self'") if images else policy
