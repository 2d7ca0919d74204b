"""Who may read and write through the preview server, decided before anything is read or written.

``quizkit serve`` runs on a developer's machine while they browse the web, and its translator view
writes the project's catalogs. A page of another site can make the browser send requests to
``127.0.0.1``; a DNS-rebinding attack can even make the browser treat the preview as that site's own.
So:

- the server listens on loopback only (:func:`is_loopback`), and every request must name it by a
  loopback name in its ``Host`` header: a rebound name (``attacker.example`` pointed at 127.0.0.1) is
  refused, so such a page can read nothing, and no token with it;
- every write must come from the preview's own pages: its ``Origin`` is this server, and where the
  browser says ``Sec-Fetch-Site``, it says ``same-origin``;
- every write carries the session's token (random, made when the server starts, written into the
  translator view only): a page that cannot read the view cannot learn it.

Each refusal is a :class:`Refusal`: the status and the words the client is answered with.
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from http import HTTPStatus
from urllib.parse import urlsplit

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
"""The names a request may give the preview by (``Host``, ``Origin``)."""
TOKEN_FIELD = "token"
TOKEN_HEADER = "X-Quizkit-Token"
MAX_FORM_BYTES = 1024 * 1024
"""A save sends one entry's texts: far less than this."""
FORM_TYPE = "application/x-www-form-urlencoded"


@dataclass(frozen=True)
class Refusal:
    status: HTTPStatus
    message: str


def is_loopback(host: str) -> bool:
    return host in LOOPBACK_NAMES


def new_token() -> str:
    """A session's token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def _name_and_port(authority: str) -> tuple[str, str]:
    """``127.0.0.1:8000`` → (``127.0.0.1``, ``8000``); ``[::1]:8000`` → (``[::1]``, ``8000``)."""
    if authority.startswith("["):
        name, _, rest = authority.partition("]")
        return name + "]", rest.removeprefix(":")
    name, _, port = authority.partition(":")
    return name, port


def refused_host(host_header: str | None, port: int) -> Refusal | None:
    """A request that does not name the server by a loopback name and its port (a rebound DNS name)."""
    name, given_port = _name_and_port(host_header or "")
    if is_loopback(name) and given_port in ("", str(port)):
        return None
    shown = (host_header or "").encode("ascii", "backslashreplace").decode("ascii")[:200]
    return Refusal(
        HTTPStatus.FORBIDDEN,
        f"refused: the request names the host {repr(shown) if shown else '(none)'}; this preview answers only to "
        f"127.0.0.1, localhost and [::1] on port {port}",
    )


def refused_origin(origin: str | None, site: str | None, port: int) -> Refusal | None:
    """A write that does not come from the preview's own pages: its ``Origin`` and ``Sec-Fetch-Site``."""
    own = f"http://127.0.0.1:{port}"
    if origin is None:
        if site == "same-origin":
            return None
        return Refusal(
            HTTPStatus.FORBIDDEN,
            f"refused: the request names no origin; the translator view saves only from its own page ({own})",
        )
    parts = urlsplit(origin)
    name, given_port = _name_and_port(parts.netloc)
    if parts.scheme != "http" or not is_loopback(name) or given_port != str(port):
        shown = origin.encode("ascii", "backslashreplace").decode("ascii")[:200]
        return Refusal(
            HTTPStatus.FORBIDDEN,
            f"refused: the request comes from {shown}, another site; the translator view saves only from "
            f"its own page ({own})",
        )
    if site is not None and site != "same-origin":
        return Refusal(
            HTTPStatus.FORBIDDEN,
            f"refused: the browser says the request comes from another site (Sec-Fetch-Site: {site}); "
            f"the translator view saves only from its own page ({own})",
        )
    return None


def refused_token(given: str | None, token: str) -> Refusal | None:
    """A write without the session's token, or with another (an old session's: reload the page)."""
    if given is None or not hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("ascii")):
        return Refusal(
            HTTPStatus.FORBIDDEN,
            "refused: the request carries no valid session token; reload the translator view "
            "(quizkit serve makes a new token each time it starts)",
        )
    return None


def refused_form(content_type: str | None, length: str | None) -> Refusal | None:
    """A write whose body is not a form of a size the server reads (before any of it is read)."""
    if (content_type or "").split(";", 1)[0].strip().lower() != FORM_TYPE:
        return Refusal(
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            f"refused: a save is sent as {FORM_TYPE}, not {content_type or 'without a Content-Type'}",
        )
    if length is None or not length.isdigit():
        return Refusal(HTTPStatus.LENGTH_REQUIRED, "refused: a save must say its length (Content-Length)")
    if int(length) > MAX_FORM_BYTES:
        return Refusal(
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            f"refused: a save of {int(length):,} bytes; one entry's texts are at most {MAX_FORM_BYTES:,}",
        )
    return None
