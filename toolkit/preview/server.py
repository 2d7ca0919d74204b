"""The preview's HTTP server: the player pages of the last build, the translator view, and the event
stream that tells open pages to reload or to show what stops the build.

Only files below the built site are served, named by plain path segments: a request whose decoded path
holds ``..``, a backslash, a NUL or a hidden name, or that resolves (through a link) outside the site,
is answered 404. The server listens on loopback only, and requests must name it by a loopback name and
its port, so a page elsewhere cannot reach the preview through a name of its own pointed at this machine;
a save (a POST from the translator view) must also come from the preview's own page and carry the
session's token (:mod:`.security`). What a save does is :mod:`.editor`'s.

A client cannot hold the server: every connection has a socket timeout (a request that does not
arrive, or a page that stops reading, is dropped), at most :data:`MAX_CONNECTIONS` are answered at once
(one more is told 503 and closed), and the request threads are daemons that stopping does not wait
for. A client that goes away mid-answer is no error worth a word: the next request is answered as usual.

A request that fails for another reason (a defect) is told to ``on_error`` once, and answered 500 with
the same words while nothing of its answer has gone out. Once a status line or a byte of a body has, a
second answer would be read as the rest of the first (an event stream would take it for events): the
connection is closed instead.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote

from toolkit.content.image_formats import IMAGE_KINDS
from toolkit.preview.page import (
    ASSET_PREFIX,
    EDITOR_POLICY,
    EDITOR_SCRIPT_PATH,
    EVENTS_PATH,
    ICON_PATH,
    PREVIEW_POLICY,
    SCRIPT_PATH,
    STATE_PATH,
    STYLE_PATH,
    asset,
    waiting_page,
    with_preview,
)
from toolkit.preview.security import (
    TOKEN_HEADER,
    Refusal,
    is_loopback,
    new_token,
    refused_form,
    refused_host,
    refused_origin,
    refused_token,
)
from toolkit.preview.session import PreviewSession
from toolkit.preview.translation_aids import MAX_SCREENSHOT_BYTES, SCREENSHOT_PREFIX, screenshot_of_request

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    # The image files an export writes (toolkit.exporters.media names them by their type's suffix).
    **{kind.suffix: kind.media_type for kind in IMAGE_KINDS.values()},
}
KEEP_ALIVE_SECONDS = 15.0
REQUEST_TIMEOUT_SECONDS = 30.0
"""How long a connection may take to send a request, or to take in an answer (an event stream's
keep-alive comes every :data:`KEEP_ALIVE_SECONDS`, well within it)."""
MAX_CONNECTIONS = 64
"""Connections answered at once: each open page holds one for its event stream, and a browser opens up
to six per page while it loads."""
GONE = (ConnectionError, TimeoutError)
"""A client that went away, reset the connection or stopped reading."""
STOP_CHECK_SECONDS = 0.25
"""How often an open event stream looks whether the server is stopping."""
TRANSLATE_PREFIX = "/translate/"


def site_file(site: Path, request_path: str) -> Path | None:
    """The file below ``site`` that ``request_path`` names, or None (missing, or not below ``site``)."""
    path = request_path.split("?", 1)[0].split("#", 1)[0]
    try:
        decoded = unquote(path, errors="strict")
    except UnicodeDecodeError:
        return None
    if not decoded.startswith("/") or "\\" in decoded or "\0" in decoded:
        return None
    parts = [part for part in decoded.split("/")[1:]]
    if not parts or parts[-1] == "":
        parts = [*parts[:-1], "index.html"] if parts else ["index.html"]
    if any(part in ("", ".", "..") or part.startswith(".") for part in parts):
        return None
    root = site.resolve()
    candidate = root.joinpath(*parts).resolve()
    if not candidate.is_relative_to(root) or not candidate.is_file():
        return None
    return candidate


class PreviewServer(ThreadingHTTPServer):
    """Serves one :class:`PreviewSession`; stopping it waits for no client.

    ``on_request`` hears a line per request; ``on_error`` a line per request that failed for a reason
    other than its client going away (a defect: the library never prints)."""

    daemon_threads = True
    block_on_close = False

    def __init__(
        self,
        session: PreviewSession,
        host: str,
        port: int,
        on_request: Callable[[str], None] | None = None,
        *,
        on_error: Callable[[str], None] | None = None,
        request_timeout: float = REQUEST_TIMEOUT_SECONDS,
        max_connections: int = MAX_CONNECTIONS,
    ) -> None:
        if not is_loopback(host):
            # The translator view writes the project's catalogs: it is for this machine's browser alone.
            raise ValueError(f"the preview listens on loopback only (127.0.0.1, ::1, localhost), not {host}")
        self.session = session
        self.token = new_token()
        """Required by every save; written into the translator view only (:mod:`.security`)."""
        self.on_request = on_request
        self.on_error = on_error
        self.request_timeout = request_timeout
        self._slots = threading.BoundedSemaphore(max_connections)
        if ":" in host:
            self.address_family = socket.AF_INET6
        super().__init__((host.strip("[]"), port), _Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        name = host if isinstance(host, str) else bytes(host).decode("ascii")
        return f"http://{'[' + name + ']' if ':' in name else name}:{port}/"

    def process_request(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: object
    ) -> None:
        """Answer in a thread of its own, while fewer than ``max_connections`` are answered; else 503."""
        if not self._slots.acquire(blocking=False):
            assert isinstance(request, socket.socket)
            try:
                request.settimeout(self.request_timeout)
                request.sendall(
                    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                    b"Content-Length: 26\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
                    b"too many open connections\n"
                )
            except OSError:
                pass  # gone already
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()  # no thread started to release it
            raise

    def process_request_thread(
        self, request: socket.socket | tuple[bytes, socket.socket], client_address: object
    ) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def handle_error(self, request: object, client_address: object) -> None:
        """A request that failed: quietly when its client went away, else one line to ``on_error``
        (the default prints a traceback to the terminal for each)."""
        import sys

        error = sys.exc_info()[1]
        if isinstance(error, GONE) or self.on_error is None:
            return
        self.on_error(f"error[internal]: answering {client_address}: {type(error).__name__}: {error}")

    def serve_in_thread(self) -> threading.Thread:
        thread = threading.Thread(
            target=self.serve_forever, name="quizkit-serve", kwargs={"poll_interval": 0.2}
        )
        thread.start()
        return thread


class _Handler(BaseHTTPRequestHandler):
    server: PreviewServer
    server_version = "quizkit-preview"
    _headers_buffer: list[bytes]
    """What send_response() and send_header() buffered, until flush_headers() sends it."""
    _begun = False
    """Whether any of the answer (its status line first) has gone out to the client."""

    def setup(self) -> None:
        super().setup()
        # A request that never arrives, or an answer never read, ends here instead of holding a thread.
        self.connection.settimeout(self.server.request_timeout)

    def handle(self) -> None:
        try:
            super().handle()
        except GONE:
            self.close_connection = True  # the client went away: nothing to answer, nothing to say

    def log_message(self, format: str, *args: object) -> None:
        if self.server.on_request is not None:
            self.server.on_request(format % args)

    def flush_headers(self) -> None:
        # From here on the client holds (part of) an answer: a failure can only end the connection.
        self._begun = True
        super().flush_headers()

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def do_GET(self) -> None:
        self._answer(head=False)

    def do_POST(self) -> None:
        self._answer(head=False, post=True)

    def do_OPTIONS(self) -> None:
        # A preflight: the preview allows no request from another origin, and says no CORS header.
        self._refuse(Refusal(HTTPStatus.FORBIDDEN, "refused: the preview answers no cross-origin request"))

    def _answer(self, head: bool, post: bool = False) -> None:
        self._begun = False
        try:
            if post:
                self._post()
            else:
                self._respond(head)
        except GONE:
            raise
        except Exception as error:  # said once; the page gets what went wrong, or a closed connection
            from toolkit.build.failures import failure_diagnostics, failure_text

            text = "\n".join(failure_text(diagnostic) for diagnostic in failure_diagnostics(error))
            if self._begun:
                self.close_connection = True
                self._tell(f"{text} (answering {self.path}; its answer had begun: the connection was closed)")
                return
            self._headers_buffer = []  # a status line buffered, never sent: not this answer's
            self._tell(f"{text} (answering {self.path})")
            try:
                self._send(
                    HTTPStatus.INTERNAL_SERVER_ERROR,
                    (text + "\n").encode("utf-8", errors="backslashreplace"),  # a file name's lone surrogate
                    "text/plain; charset=utf-8",
                    head,
                )
            except Exception:  # told already; the client gets a closed connection instead
                self.close_connection = True

    def _tell(self, line: str) -> None:
        if self.server.on_error is not None:
            self.server.on_error(line)

    def _refuse(self, refusal: Refusal, head: bool = False) -> None:
        self._send(
            refusal.status, (refusal.message + "\n").encode("utf-8"), "text/plain; charset=utf-8", head
        )

    def _refused_host(self, head: bool) -> bool:
        refusal = refused_host(self.headers.get("Host"), self.server.server_address[1])
        if refusal is not None:
            self._refuse(refusal, head)
        return refusal is not None

    def _post(self) -> None:
        """A save from the translator view: refused unless it comes from the preview's own page with
        the session's token; then :func:`toolkit.preview.editor.save`, and a rebuild."""
        self.close_connection = True  # a refused body is not read; and a save is one request, not a stream
        if self._refused_host(False):
            return
        path = self.path.split("?", 1)[0]
        parts = unquote(path.removeprefix(TRANSLATE_PREFIX)).split("/")
        if not path.startswith(TRANSLATE_PREFIX) or len(parts) != 2:
            self._refuse(
                Refusal(HTTPStatus.NOT_FOUND, "nothing to save here; saves go to /translate/QUIZ/LOCALE")
            )
            return
        port = self.server.server_address[1]
        refusal = refused_origin(
            self.headers.get("Origin"), self.headers.get("Sec-Fetch-Site"), port
        ) or refused_form(self.headers.get("Content-Type"), self.headers.get("Content-Length"))
        if refusal is not None:
            self._refuse(refusal)
            return
        body = self.rfile.read(int(self.headers["Content-Length"]))
        from toolkit.preview.editor import EditError, edit_from_form

        try:
            edit, token = edit_from_form(parts[0], parts[1], body)
        except EditError as error:
            self._refuse(Refusal(HTTPStatus(error.status), error.message))
            return
        refusal = refused_token(self.headers.get(TOKEN_HEADER) or token, self.server.token)
        if refusal is not None:
            self._refuse(refusal)
            return
        from toolkit.preview.edit_answer import answer_edit

        status, payload, location = answer_edit(
            self.server.session, edit, "application/json" in (self.headers.get("Accept") or "")
        )
        if location is not None:
            self.send_response(status)
            self.send_header("Location", location)
            self.send_header("Content-Length", "0")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            return
        content_type = "application/json" if payload.startswith(b"{") else "text/plain; charset=utf-8"
        self._send(status, payload, content_type, False)

    def _respond(self, head: bool) -> None:
        if self._refused_host(head):
            return
        session = self.server.session
        path = self.path.split("?", 1)[0]
        if path == EVENTS_PATH and not head:
            self._events()
            return
        if path == STATE_PATH:
            body = json.dumps(session.state.to_dict(), ensure_ascii=False).encode("utf-8")
            self._send(HTTPStatus.OK, body, "application/json", head)
            return
        if path.startswith(SCREENSHOT_PREFIX):
            self._screenshot(path.removeprefix(SCREENSHOT_PREFIX), head)
            return
        if path in (SCRIPT_PATH, STYLE_PATH, EDITOR_SCRIPT_PATH, ICON_PATH):
            name = path.removeprefix(ASSET_PREFIX)
            self._send(HTTPStatus.OK, asset(name), CONTENT_TYPES[Path(name).suffix], head)
            return
        if path.startswith(TRANSLATE_PREFIX):
            self._translator(path.removeprefix(TRANSLATE_PREFIX), head)
            return
        state = session.state
        session.mirror.check_folder("read")  # the site is read through no link either
        found = site_file(session.site, self.path)
        if found is None:
            if not state.built and (path == "/" or path.endswith(".html")):
                self._send(
                    HTTPStatus.OK, waiting_page(state.version), CONTENT_TYPES[".html"], head, PREVIEW_POLICY
                )
                return
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", head)
            return
        try:
            data = found.read_bytes()
        except OSError:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", head)
            return
        content_type = CONTENT_TYPES.get(found.suffix, "application/octet-stream")
        if found.suffix == ".html":
            data = with_preview(data, state.version)
        self._send(HTTPStatus.OK, data, content_type, head)

    def _translator(self, rest: str, head: bool) -> None:
        from toolkit.preview.translator import translator_page

        parts = unquote(rest).split("/")
        session, token = self.server.session, self.server.token
        page = translator_page(session, parts[0], parts[1], token) if len(parts) == 2 else None
        if page is None:
            self._send(
                HTTPStatus.NOT_FOUND, b"no such quiz or target locale\n", "text/plain; charset=utf-8", head
            )
            return
        self._send(HTTPStatus.OK, page, CONTENT_TYPES[".html"], head, EDITOR_POLICY)

    def _screenshot(self, rest: str, head: bool) -> None:
        """A screenshot of the author's project (``quizkit screenshots``), for the translator view."""
        from toolkit.files import read_regular_file

        try:
            found = screenshot_of_request(self.server.session.mirror.source, unquote(rest, errors="strict"))
            data = None if found is None else read_regular_file(found, MAX_SCREENSHOT_BYTES)
        except (OSError, UnicodeDecodeError, ValueError):
            data = None
        if data is None:
            self._send(HTTPStatus.NOT_FOUND, b"no such screenshot\n", "text/plain; charset=utf-8", head)
            return
        self._send(HTTPStatus.OK, data, CONTENT_TYPES[".png"], head)

    def _send(
        self, status: HTTPStatus, body: bytes, content_type: str, head: bool, policy: str | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        # No page of another site may embed what the preview serves (an image, a script, a frame).
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("X-Frame-Options", "DENY")
        if policy is not None:
            self.send_header("Content-Security-Policy", policy)
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _events(self) -> None:
        """Server-sent events: the state now, then each new one, until the page goes or the server stops."""
        session = self.server.session
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        state = session.state
        try:
            self._event(f"retry: 1000\nevent: state\ndata: {json.dumps(state.to_dict())}\n\n")
            serial, quiet = state.serial, 0.0
            while not session.stopping:
                newer = session.wait(serial, STOP_CHECK_SECONDS)
                if newer is not None:
                    serial, quiet = newer.serial, 0.0
                    self._event(f"event: state\ndata: {json.dumps(newer.to_dict())}\n\n")
                    continue
                quiet += STOP_CHECK_SECONDS
                if quiet >= KEEP_ALIVE_SECONDS:
                    # A comment line: finds a page that went away, and keeps proxies from closing the stream.
                    self._event(": keep-alive\n\n")
                    quiet = 0.0
        except (BrokenPipeError, ConnectionResetError):
            return

    def _event(self, text: str) -> None:
        self.wfile.write(text.encode("utf-8"))
        self.wfile.flush()
