"""Taking the screenshots: each quiz in each locale as a marked player page (every text's element carries
its catalog key, :func:`toolkit.exporters.player.html.player_page`), opened in Chromium and walked through
as a learner would, one PNG of each key where it first shows.

The walk, the same every run: each question as it is asked, then answered (its first option, typed text,
a number, the first choice of each drop-down) and checked, then "Next", to the results page with every
answer reviewed; then an item of each ordering question moved (the screen readers' announcement), and
each option of each choice question chosen on its own (the feedback of every option, the verdicts); then
the results page with nothing answered. A key is captured in the first state
that shows it, and an interface message (``ui.*``) in the first quiz that shows it.

Every run gives the same bytes for the same project and browser: a fixed viewport (1024 CSS pixels wide,
a device scale of 1), the fonts the player's stylesheet names, no animation, transition or caret, nothing
focused, and PNGs holding nothing but their pixels (:func:`without_metadata`).
"""

from __future__ import annotations

import base64
import json
import struct
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Any

from toolkit.screenshots.devtools import TIMEOUT_SECONDS, Browser, BrowserError, browser

VIEWPORT_WIDTH = 1024
VIEWPORT_HEIGHT = 800
KEPT_CHUNKS = frozenset({b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND", b"sRGB", b"gAMA", b"cHRM", b"iCCP"})
"""The PNG chunks that make the picture; the rest (tIME, tEXt, zTXt, iTXt, …) would only vary."""


SETTLED = (
    "document.fonts.ready.then(function () { return new Promise(function (done) {"
    " requestAnimationFrame(function () { requestAnimationFrame(function () { done(true); }); }); }); })"
)


@dataclass(frozen=True)
class Page:
    """One marked player page to walk: a quiz in a locale, as a file relative to the pages' folder."""

    quiz_id: str
    locale: str
    path: PurePosixPath
    questions: int
    walk: bool = True
    """A player to walk through; else (the index) a page taken as it opens."""


@dataclass(frozen=True)
class Shot:
    """The screenshot of one key in one locale."""

    key: str
    locale: str
    png: bytes


def without_metadata(png: bytes) -> bytes:
    """``png`` with only the chunks that make its picture, so that nothing in it can differ between two
    runs that drew the same pixels."""
    signature = png[:8]
    if signature != b"\x89PNG\r\n\x1a\n":
        raise BrowserError("the browser's screenshot is not a PNG")
    kept = [signature]
    position = 8
    while position + 8 <= len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        end = position + 12 + length
        if kind in KEPT_CHUNKS:
            kept.append(png[position:end])
        position = end
    return b"".join(kept)


def _script() -> str:
    return resources.files("toolkit.screenshots").joinpath("capture.js").read_text(encoding="utf-8")


class _Tab:
    """One browser tab on a marked page."""

    def __init__(self, connection: Browser) -> None:
        self.connection = connection
        target = connection.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session: str = connection.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        self.call("Page.enable")
        # The player's Content-Security-Policy allows no inline style: the outline and the style that
        # stops animations are the capture's own, added to a page that only the capture sees.
        self.call("Page.setBypassCSP", {"enabled": True})
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": VIEWPORT_WIDTH, "height": VIEWPORT_HEIGHT, "deviceScaleFactor": 1, "mobile": False},
        )
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True})

    def call(self, method: str, params: dict[str, Any] | None = None) -> Any:
        return self.connection.call(method, params, self.session)

    def open(self, url: str) -> None:
        self.connection.forget_events()
        self.call("Page.navigate", {"url": url})
        self.connection.wait_for("Page.loadEventFired", self.session)
        self.evaluate("document.fonts.ready.then(function () { return true; })")
        self.evaluate(_script())

    def evaluate(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True}
        )
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise BrowserError(f"the page's script failed: {text}")
        return result.get("result", {}).get("value")

    def run(self, function: str, *arguments: object) -> Any:
        listed = ", ".join(json.dumps(argument) for argument in arguments)
        return self.evaluate(f"window.quizkitScreenshots.{function}({listed})")

    def player(self, call: str) -> Any:
        return self.evaluate(f"window.quizkitPlayer.{call}")

    def capture(self, key: str) -> bytes | None:
        # A text shown for the first time in this state may need a font (or a face of one) the page has
        # not loaded yet; the browser loads it in the background and paints a fallback meanwhile. Wait
        # for every font, then for two frames, so the picture never depends on how busy the machine is.
        self.evaluate(SETTLED)
        clip = self.run("frame", key)
        try:
            if clip is None:
                return None
            shot = self.call(
                "Page.captureScreenshot",
                {"format": "png", "clip": clip, "captureBeyondViewport": True, "fromSurface": True},
            )
        finally:
            self.run("unframe")
        return without_metadata(base64.b64decode(shot["data"]))


def _take(tab: _Tab, wanted: set[str], taken: dict[str, bytes]) -> None:
    """Capture each key of ``wanted`` the page shows now and that is not ``taken`` yet."""
    for key in tab.run("keys"):
        if key in wanted and key not in taken:
            png = tab.capture(key)
            if png is not None:
                taken[key] = png


def _walk(tab: _Tab, page: Page, wanted: set[str], taken: dict[str, bytes]) -> None:
    """Every state of ``page`` in the walk's order; each key of ``wanted`` captured where it first shows."""

    def take() -> None:
        _take(tab, wanted, taken)

    tab.player('resume("q=1")')
    for _ in range(page.questions):
        take()
        if tab.run("answer", 0):
            take()
        if not tab.run("next"):
            break
    take()  # the results, every question answered
    for index in range(page.questions):
        tab.player(f'resume("q={index + 1}")')
        if tab.run("move"):  # an ordering question: an item moved, what screen readers are told of it
            take()
            tab.player(f'resume("q={index + 1}")')
        for choice in range(tab.run("choices")):
            if choice:
                tab.player(f'resume("q={index + 1}")')
            if tab.run("answer", choice):
                take()
    tab.player(f'resume("q={page.questions + 1}")')
    take()  # the results, nothing answered


def capture_pages(
    folder: Path,
    pages: Sequence[Page],
    keys: Mapping[tuple[str, str], frozenset[str]],
    program: Path | None = None,
    timeout: float = TIMEOUT_SECONDS,
) -> Iterator[Shot]:
    """Walk each page of ``folder`` (in the order given) and yield a shot of each key of ``keys[(quiz,
    locale)]`` it shows, each (key, locale) once: a key already taken in an earlier page of its locale (an
    interface message) is not taken again. ``timeout``: the seconds each browser command may take."""
    taken_by_locale: dict[str, set[str]] = {}
    with browser(program, timeout=timeout) as connection:
        tab = _Tab(connection)
        for page in pages:
            done = taken_by_locale.setdefault(page.locale, set())
            wanted = set(keys.get((page.quiz_id, page.locale), frozenset())) - done
            if not wanted:
                continue
            tab.open((folder / page.path).as_uri())
            taken: dict[str, bytes] = {}
            if page.walk:
                _walk(tab, page, wanted, taken)
            else:
                _take(tab, wanted, taken)
            for key in sorted(taken):
                done.add(key)
                yield Shot(key, page.locale, taken[key])


def scratch_folder() -> tempfile.TemporaryDirectory[str]:
    """Where the marked pages are written for the browser to open: a folder of its own, removed after."""
    return tempfile.TemporaryDirectory(prefix="quizkit-screenshots-")
