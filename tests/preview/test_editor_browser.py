"""The translator view of ``quizkit serve`` (a subprocess) in Chromium: an edit saved, the player page
updating by itself, a check error shown on the entry, search and filters, a conflicting edit made on disk
shown with both versions; a cross-origin form post, a cross-origin fetch and a page reached through a
rebound DNS name all refused, with the catalog unchanged; usable at a phone's width, right to left for
Urdu.

The other origin is a second local server on another port (a page of "another site" as the browser
sees it); the rebound name is Chromium's own resolver told to map ``rebound.example`` to 127.0.0.1, which
is what a DNS-rebinding attack achieves. Needs Debian's ``chromium`` and ``playwright`` (the dev extra).
"""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import lxml.html
import pytest
from browser import ARGS, CHROMIUM, chromium, require_chromium
from serve_process import Serve

sync_api = require_chromium()

from toolkit.scaffold import create_project  # noqa: E402

WAIT_MILLISECONDS = 60_000
AXE = Path(__file__).resolve().parents[1] / "node" / "node_modules" / "axe-core" / "axe.min.js"
TITLE = "first-quiz.title"
BLANKS = "first-quiz.questions.fill-the-cycle.text"
SAVED = "Saved to locales/fr/LC_MESSAGES/first-quiz.po."


@pytest.fixture
def project(tmp_path: Path) -> Path:
    create_project(tmp_path / "demo", ["fr", "ur"])
    return tmp_path / "demo"


@pytest.fixture
def serve(project: Path) -> Iterator[Serve]:
    running = Serve(project)
    yield running
    running.kill()


@pytest.fixture
def browser() -> Iterator[Any]:
    with chromium(sync_api) as opened:
        yield opened


def catalog(project: Path, locale: str = "fr") -> Path:
    return project / "locales" / locale / "LC_MESSAGES" / "first-quiz.po"


def entry(key: str) -> str:
    return f"li[data-key='{key}']"


def shows(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([selector, text]) => [...document.querySelectorAll(selector)].some(node => node.innerText.trim() === text)",
        arg=[selector, text],
        timeout=WAIT_MILLISECONDS,
    )


def version(serve: Serve) -> int:
    import json
    import urllib.request

    with urllib.request.urlopen(f"{serve.url}__quizkit/state", timeout=60) as response:
        return int(json.loads(response.read())["version"])


def rebuilt_after(serve: Serve, before: int) -> None:
    """Wait until serve's watcher has rebuilt for a file written on disk (a PO editor's save)."""
    import time

    deadline = time.monotonic() + WAIT_MILLISECONDS / 1000
    while version(serve) == before:
        assert time.monotonic() < deadline, "serve did not rebuild after the catalog changed on disk"
        time.sleep(0.1)


def open_view(browser: Any, serve: Serve, locale: str = "fr", **context: Any) -> Any:
    page = browser.new_context(**context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("response", lambda response: response.status >= 400 and errors.append(response.url))
    page.errors = errors
    page.goto(f"{serve.url}translate/first-quiz/{locale}")
    page.wait_for_selector("form.filters:not([hidden])", timeout=WAIT_MILLISECONDS)
    return page


def test_an_edit_is_saved_checked_and_shown_in_the_player(browser: Any, serve: Serve, project: Path) -> None:
    player = browser.new_page()
    player.goto(f"{serve.url}first-quiz/fr.html")
    player.wait_for_selector("h1", timeout=WAIT_MILLISECONDS)
    assert "Le cycle de l'eau" not in player.inner_text("body")
    page = open_view(browser, serve)
    page.evaluate("window.quizkitMarker = 'not reloaded'")

    page.fill(f"{entry(TITLE)} textarea", "Le cycle de l'eau")
    page.click(f"{entry(TITLE)} button.save")
    shows(page, f"{entry(TITLE)} .outcome", SAVED)
    assert page.inner_text(f"{entry(TITLE)} p.state") == "translated"
    # The player page rebuilt and reloaded by itself with the saved title.
    player.wait_for_function(
        'document.body.innerText.includes("Le cycle de l\'eau")', timeout=WAIT_MILLISECONDS
    )
    data = catalog(project).read_bytes()
    assert b'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle de l\'eau"\n' in data
    assert shutil.which("msgcat") is not None, "GNU gettext (msgcat) is not installed"
    assert subprocess.run(["msgcat", str(catalog(project))], capture_output=True, check=True).stdout == data

    # A translation that loses a blank marker: the check's error is shown on the entry at once.
    page.fill(
        f"{entry(BLANKS)} textarea",
        "L'eau qui pénètre dans le sol devient {{store}}, et les plantes la rendent à l'air.",
    )
    page.click(f"{entry(BLANKS)} button.save")
    shows(page, f"{entry(BLANKS)} .outcome", SAVED)
    shows(
        page,
        f"{entry(BLANKS)} .findings li.error",
        "error[blank-markers]: {{process}} is missing: keep each of {{store}}, {{process}} exactly once, "
        "unchanged (they may move)",
    )
    # The save's own rebuild did not reload the view (what it shows came with the save's answer).
    assert page.evaluate("window.quizkitMarker") == "not reloaded"

    # Filters and search.
    total = page.locator("li.entry").count()
    page.select_option("#filter", "findings")
    assert page.locator("li.entry:not([hidden])").evaluate_all("nodes => nodes.map(n => n.dataset.key)") == [
        BLANKS
    ]
    assert page.inner_text("#shown") == f"1 of {total} entries shown"
    page.select_option("#filter", "all")
    page.fill("#search", "water cycle")
    keys = page.locator("li.entry:not([hidden])").evaluate_all("nodes => nodes.map(n => n.dataset.key)")
    assert TITLE in keys and BLANKS not in keys
    page.fill("#search", "")
    page.select_option("#filter", "untranslated")
    assert page.inner_text("#shown") == f"{total - 2} of {total} entries shown"
    assert page.errors == [], page.errors


def test_a_conflicting_edit_on_disk_is_shown_with_both_versions(
    browser: Any, serve: Serve, project: Path
) -> None:
    page = open_view(browser, serve)
    page.fill(f"{entry(TITLE)} textarea", "Le cycle de l'eau")
    path = catalog(project)
    in_po_editor = path.read_text(encoding="utf-8").replace(
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""',
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le Cycle de l\'Eau"',
    )
    before = version(serve)
    path.write_text(in_po_editor, encoding="utf-8")
    # The watcher rebuilds for it; the view, holding an unsaved edit, does not reload: it says so.
    rebuilt_after(serve, before)
    shows(
        page,
        "#quizkit-stale",
        "The project changed since this page was read (saved in a PO editor?). Your edits are kept here: "
        "save them, then reload the page to see the change.",
    )
    assert page.input_value(f"{entry(TITLE)} textarea") == "Le cycle de l'eau"
    page.click(f"{entry(TITLE)} button.save")
    conflict = page.wait_for_selector(f"{entry(TITLE)} .conflict", timeout=WAIT_MILLISECONDS)
    assert [line for line in conflict.inner_text().splitlines() if line] == [
        "This translation changed on disk since the page was read (saved in a PO editor?), so nothing was "
        "written. Keep yours or the one on disk:",
        "Yours",
        "Le cycle de l'eau",
        "On disk",
        "Le Cycle de l'Eau",
        "Keep mine Keep the one on disk",
    ]
    assert path.read_text(encoding="utf-8") == in_po_editor
    page.click(f"{entry(TITLE)} .conflict button.keep-disk")
    shows(page, f"{entry(TITLE)} .outcome", "Kept the translation on disk; nothing was written.")
    assert page.input_value(f"{entry(TITLE)} textarea") == "Le Cycle de l'Eau"
    assert path.read_text(encoding="utf-8") == in_po_editor

    # Again, and this time keep mine: saved over what the translator has now seen.
    page.fill(f"{entry(TITLE)} textarea", "Le cycle de l'eau")
    before = version(serve)
    path.write_text(in_po_editor.replace("Le Cycle de l'Eau", "Cycle de l'eau"), encoding="utf-8")
    rebuilt_after(serve, before)
    page.click(f"{entry(TITLE)} button.save")
    page.wait_for_selector(f"{entry(TITLE)} .conflict", timeout=WAIT_MILLISECONDS)
    page.click(f"{entry(TITLE)} .conflict button.keep-mine")
    shows(page, f"{entry(TITLE)} .outcome", SAVED)
    assert 'msgstr "Le cycle de l\'eau"' in path.read_text(encoding="utf-8")
    # The browser logs each conflict's answer (409), and nothing else went wrong.
    conflict = [
        f"{serve.url}translate/first-quiz/fr",
        "Failed to load resource: the server responded with a status of 409 (Conflict)",
    ]
    assert sorted(page.errors) == sorted(conflict * 2)


class _OtherSite(BaseHTTPRequestHandler):
    """A page of another origin: whatever ``page`` holds, for every path."""

    page = b""

    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(self.page)))
        self.end_headers()
        self.wfile.write(self.page)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def other_site() -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _OtherSite)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


def token_of(serve: Serve) -> str:
    import urllib.request

    with urllib.request.urlopen(f"{serve.url}translate/first-quiz/fr", timeout=60) as response:
        page = lxml.html.fromstring(response.read())
    (token,) = page.xpath(f"//li[@data-key='{TITLE}']//input[@name='token']/@value")
    return str(token)


def test_a_cross_origin_form_post_and_fetch_are_refused(
    browser: Any, serve: Serve, project: Path, other_site: ThreadingHTTPServer
) -> None:
    before = catalog(project).read_bytes()
    # Even a page that knew the session's token (it cannot read it) is refused for its origin.
    token = token_of(serve)
    target = f"{serve.url}translate/first-quiz/fr"
    fields = (
        f'<input name="token" value="{token}"><input name="key" value="{TITLE}">'
        '<input name="target-0" value="Piraté"><input name="read-0" value=""><input name="read-fuzzy" value="0">'
    )
    other = f"http://127.0.0.1:{other_site.server_address[1]}"
    refused = (
        f"refused: the request comes from {other}, another site; the translator view saves only from its own "
        f"page (http://127.0.0.1:{serve.port})"
    )
    _OtherSite.page = f'<form method="post" action="{target}">{fields}</form>'.encode()
    page = browser.new_page()
    page.goto(other + "/form.html")
    with page.expect_response(lambda response: response.request.method == "POST") as posted:
        page.evaluate("document.forms[0].submit()")
    assert (posted.value.status, posted.value.text()) == (403, refused + "\n")
    assert catalog(project).read_bytes() == before

    page.goto(other + "/fetch.html")
    body = f"token={token}&key={TITLE}&target-0=Pirat%C3%A9&read-0=&read-fuzzy=0"
    # A fetch's answer is not the page's to read (no CORS header): it fails, and the catalog is as it was.
    with page.expect_event("requestfailed", lambda request: request.method == "POST") as failed:
        seen = page.evaluate(
            """([target, body]) => fetch(target, {method: "POST", body,
                headers: {"Content-Type": "application/x-www-form-urlencoded"}})
                .then(() => "answered", error => error.name)""",
            [target, body],
        )
    assert (seen, failed.value.failure) == ("TypeError", "net::ERR_FAILED")
    # In no-cors mode not even an opaque answer reaches the page: the preview's resources are same-origin
    # only (Cross-Origin-Resource-Policy).
    with page.expect_event("requestfailed", lambda request: request.method == "POST") as failed:
        seen = page.evaluate(
            """([target, body]) => fetch(target, {method: "POST", mode: "no-cors", body,
                headers: {"Content-Type": "application/x-www-form-urlencoded"}})
                .then(() => "answered", error => error.name)""",
            [target, body],
        )
    assert (seen, failed.value.failure) == ("TypeError", "net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin")
    assert catalog(project).read_bytes() == before
    # A fetch that sends the token's header needs the server's leave first (a preflight): refused.
    outcome = page.evaluate(
        """([target, body, token]) => fetch(target, {method: "POST", body, headers: {"X-Quizkit-Token": token,
            "Content-Type": "application/x-www-form-urlencoded"}}).then(() => "answered", error => error.name)""",
        [target, body, token],
    )
    assert outcome == "TypeError"
    # And the page cannot read the view (no CORS): the token stays the preview's.
    read = page.evaluate("target => fetch(target).then(() => 'read', error => error.name)", target)
    assert read == "TypeError"
    assert catalog(project).read_bytes() == before


def test_a_page_reached_through_a_rebound_dns_name_reads_and_writes_nothing(
    serve: Serve, project: Path
) -> None:
    before = catalog(project).read_bytes()
    with sync_api.sync_playwright() as playwright:
        rebinding = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[*ARGS, "--host-resolver-rules=MAP rebound.example 127.0.0.1"],
        )
        try:
            page = rebinding.new_page()
            response = page.goto(f"http://rebound.example:{serve.port}/translate/first-quiz/fr")
            refused = (
                f"refused: the request names the host 'rebound.example:{serve.port}'; this preview answers "
                f"only to 127.0.0.1, localhost and [::1] on port {serve.port}"
            )
            assert (response.status, response.text()) == (403, refused + "\n")
            # The attacker's page, now "same-origin" with the preview, posts: refused by the host as well.
            answer = page.evaluate(
                """target => fetch(target, {method: "POST", body: "key=first-quiz.title&target-0=x&read-0=",
                    headers: {"Content-Type": "application/x-www-form-urlencoded"}})
                    .then(response => [response.status, response.text()])
                    .then(([status, text]) => text.then(words => [status, words]))""",
                f"http://rebound.example:{serve.port}/translate/first-quiz/fr",
            )
            assert answer == [403, refused + "\n"]
        finally:
            rebinding.close()
    assert catalog(project).read_bytes() == before


def test_the_view_fits_a_phone_and_writes_urdu_right_to_left(browser: Any, serve: Serve) -> None:
    page = open_view(browser, serve, "ur", viewport={"width": 360, "height": 740}, is_mobile=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    area = page.locator(f"{entry(TITLE)} textarea")
    assert (area.get_attribute("lang"), area.get_attribute("dir")) == ("ur", "rtl")
    assert area.evaluate("node => getComputedStyle(node).direction") == "rtl"
    assert (
        page.locator(f"{entry(TITLE)} .source p").evaluate("node => getComputedStyle(node).direction")
        == "ltr"
    )
    box = area.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    # No serious accessibility violation (axe-core, the checker the player's tests run too).
    assert AXE.exists(), "axe-core is not installed (npm ci in tests/node; .ci/run does it)"
    page.evaluate(AXE.read_text(encoding="utf-8"))  # through the DevTools protocol, as the player's tests do
    violations = page.evaluate("axe.run(document).then(r => r.violations)")
    serious = [
        (violation["id"], [node["target"] for node in violation["nodes"]][:3])
        for violation in violations
        if violation["impact"] in ("serious", "critical")
    ]
    assert serious == []
    assert page.errors == [], page.errors
