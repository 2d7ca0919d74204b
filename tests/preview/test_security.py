"""Who may read and write through the preview (toolkit/preview/security.py): each refusal in its words,
and what passes. The server applies them to real requests in test_editor.py and in Chromium in
test_editor_browser.py."""

from __future__ import annotations

from http import HTTPStatus

import pytest

from toolkit.preview.security import (
    MAX_FORM_BYTES,
    is_loopback,
    new_token,
    refused_form,
    refused_host,
    refused_origin,
    refused_token,
)

PORT = 8000
ONLY = "this preview answers only to 127.0.0.1, localhost and [::1] on port 8000"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.1", "localhost"])
def test_loopback_names_of_this_server_pass(host: str) -> None:
    assert refused_host(host, PORT) is None


@pytest.mark.parametrize(
    ("host", "shown"),
    [
        ("rebound.example:8000", "'rebound.example:8000'"),
        ("127.0.0.1:8001", "'127.0.0.1:8001'"),
        ("127.0.0.1.nip.io:8000", "'127.0.0.1.nip.io:8000'"),
        ("[::1]:80", "'[::1]:80'"),
        ("0.0.0.0:8000", "'0.0.0.0:8000'"),
        ("évil.example", "'\\\\xe9vil.example'"),
        ("", "(none)"),
        (None, "(none)"),
    ],
)
def test_any_other_host_is_refused(host: str | None, shown: str) -> None:
    refusal = refused_host(host, PORT)
    assert refusal is not None
    assert (refusal.status, refusal.message) == (
        HTTPStatus.FORBIDDEN,
        f"refused: the request names the host {shown}; {ONLY}",
    )


@pytest.mark.parametrize(
    ("origin", "site"),
    [
        ("http://127.0.0.1:8000", None),
        ("http://127.0.0.1:8000", "same-origin"),
        ("http://localhost:8000", "same-origin"),
        ("http://[::1]:8000", None),
        (None, "same-origin"),
    ],
)
def test_a_write_from_the_preview_itself_passes(origin: str | None, site: str | None) -> None:
    assert refused_origin(origin, site, PORT) is None


OWN = "the translator view saves only from its own page (http://127.0.0.1:8000)"


@pytest.mark.parametrize(
    ("origin", "site", "message"),
    [
        (
            "http://attacker.example",
            "cross-site",
            f"refused: the request comes from http://attacker.example, another site; {OWN}",
        ),
        (
            "http://127.0.0.1:9000",
            "same-site",
            f"refused: the request comes from http://127.0.0.1:9000, another site; {OWN}",
        ),
        (
            "https://127.0.0.1:8000",
            None,
            f"refused: the request comes from https://127.0.0.1:8000, another site; {OWN}",
        ),
        ("null", None, f"refused: the request comes from null, another site; {OWN}"),
        (
            "http://127.0.0.1:8000",
            "cross-site",
            f"refused: the browser says the request comes from another site (Sec-Fetch-Site: cross-site); {OWN}",
        ),
        (None, None, f"refused: the request names no origin; {OWN}"),
        (None, "cross-site", f"refused: the request names no origin; {OWN}"),
        (None, "none", f"refused: the request names no origin; {OWN}"),
    ],
)
def test_a_write_from_anywhere_else_is_refused(origin: str | None, site: str | None, message: str) -> None:
    refusal = refused_origin(origin, site, PORT)
    assert refusal is not None
    assert (refusal.status, refusal.message) == (HTTPStatus.FORBIDDEN, message)


def test_the_token_is_random_and_required() -> None:
    token = new_token()
    assert len(token) >= 43 and token != new_token()
    assert refused_token(token, token) is None
    for given in (None, "", token[:-1], token + "x", "é"):
        refusal = refused_token(given, token)
        assert refusal is not None
        assert refusal.message == (
            "refused: the request carries no valid session token; reload the translator view (quizkit serve "
            "makes a new token each time it starts)"
        )


@pytest.mark.parametrize(
    ("content_type", "length", "status", "message"),
    [
        ("application/x-www-form-urlencoded", "10", None, None),
        ("application/x-www-form-urlencoded; charset=UTF-8", "10", None, None),
        (
            "multipart/form-data; boundary=x",
            "10",
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            "refused: a save is sent as application/x-www-form-urlencoded, not multipart/form-data; boundary=x",
        ),
        (
            None,
            "10",
            HTTPStatus.UNSUPPORTED_MEDIA_TYPE,
            "refused: a save is sent as application/x-www-form-urlencoded, not without a Content-Type",
        ),
        (
            "application/x-www-form-urlencoded",
            None,
            HTTPStatus.LENGTH_REQUIRED,
            "refused: a save must say its length (Content-Length)",
        ),
        (
            "application/x-www-form-urlencoded",
            "-1",
            HTTPStatus.LENGTH_REQUIRED,
            "refused: a save must say its length (Content-Length)",
        ),
        (
            "application/x-www-form-urlencoded",
            str(MAX_FORM_BYTES + 1),
            HTTPStatus.REQUEST_ENTITY_TOO_LARGE,
            "refused: a save of 1,048,577 bytes; one entry's texts are at most 1,048,576",
        ),
    ],
)
def test_a_save_is_a_form_of_bounded_size(
    content_type: str | None, length: str | None, status: HTTPStatus | None, message: str | None
) -> None:
    refusal = refused_form(content_type, length)
    assert (
        (refusal.status, refusal.message) == (status, message)
        if refusal
        else (status, message) == (None, None)
    )


def test_loopback_addresses() -> None:
    assert [
        host
        for host in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "192.168.1.2", "::")
        if is_loopback(host)
    ] == [
        "127.0.0.1",
        "::1",
        "localhost",
    ]
