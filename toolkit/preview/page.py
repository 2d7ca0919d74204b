"""The preview's additions to a served page: its reload and error-overlay script, under a policy of its own.

Exported pages load their stylesheet and script from the site's own files (``'self'``) and nothing else
(no network at all). The preview never changes them on disk: as it serves a page, it rewrites the page's
policy to also allow an event stream from the preview server itself (``connect-src 'self'``; scripts and
styles from ``'self'`` too, for a page that had none), and adds the script that listens to that stream.
The player's assets are served from the site like its pages. Everything else in the policy stays as the
exporter wrote it.
"""

from __future__ import annotations

import re

from lxml import etree

ASSET_PREFIX = "/__quizkit/"
SCRIPT_PATH = ASSET_PREFIX + "preview.js"
STYLE_PATH = ASSET_PREFIX + "preview.css"
EVENTS_PATH = ASSET_PREFIX + "events"
STATE_PATH = ASSET_PREFIX + "state"
EDITOR_SCRIPT_PATH = ASSET_PREFIX + "editor.js"
ICON_PATH = ASSET_PREFIX + "favicon.svg"

_POLICY_META = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
_HEAD_END = re.compile(rb"</head>", re.IGNORECASE)
# Directives that must allow the preview server's own files, and the event stream.
_SELF_SOURCES = ("script-src", "style-src", "connect-src")

PREVIEW_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'none'; "
    "font-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
"""For the pages the preview makes itself (the page shown before a first build, a catalog's problems)."""

EDITOR_POLICY = PREVIEW_POLICY.replace("img-src 'none'", "img-src 'self'").replace(
    "form-action 'none'", "form-action 'self'"
)
"""For the translator view: its screenshots, and its forms, which post to the preview server alone."""


def widened_policy(policy: str) -> str:
    """``policy`` with ``'self'`` allowed for scripts, styles and connections (``'none'`` dropped there)."""
    directives: list[tuple[str, list[str]]] = []
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives.append((words[0].lower(), words[1:]))
    names = {name for name, _ in directives}
    directives += [(name, []) for name in _SELF_SOURCES if name not in names]
    widened = []
    for name, sources in directives:
        if name in _SELF_SOURCES:
            sources = [source for source in sources if source != "'none'"]
            if "'self'" not in sources:
                sources.append("'self'")
        widened.append(" ".join([name, *sources]))
    return "; ".join(widened)


def preview_tags(version: int) -> bytes:
    return (
        f'<link rel="stylesheet" href="{STYLE_PATH}">'
        f'<script src="{SCRIPT_PATH}" data-version="{version}" defer></script>'
    ).encode("ascii")


def with_preview(page: bytes, version: int) -> bytes:
    """A served copy of an exported page: its policy widened for the preview, the preview script added."""
    from html import escape, unescape

    def widen(match: re.Match[bytes]) -> bytes:
        policy = unescape(match.group(1).decode("utf-8"))
        return (
            b'<meta http-equiv="Content-Security-Policy" content="'
            + escape(widened_policy(policy), quote=False).replace('"', "&quot;").encode("utf-8")
            + b'">'
        )

    page, count = _POLICY_META.subn(widen, page, count=1)
    if count == 0:
        # A page without the exporter's policy gets the preview's own: nothing may load from elsewhere.
        meta = f'<meta http-equiv="Content-Security-Policy" content="{PREVIEW_POLICY}">'.encode("ascii")
        page = _HEAD_END.sub(lambda _: meta + b"</head>", page, count=1)
    return _HEAD_END.sub(lambda _: preview_tags(version) + b"</head>", page, count=1)


def preview_document(
    title: str, version: int, *, editor: bool = False
) -> tuple[etree._Element, etree._Element]:
    """A page of the preview's own (html element, body), with its policy and script; ``editor``: the
    translator view's, whose page holds edits the reload must not lose (``data-editor``)."""
    html = etree.Element("html", lang="en", dir="ltr")
    head = etree.SubElement(html, "head")
    etree.SubElement(head, "meta", charset="utf-8")
    policy = EDITOR_POLICY if editor else PREVIEW_POLICY
    # frame-ancestors works in the header alone (the server sends it); a browser warns of it in a <meta>.
    in_page = policy.replace("; frame-ancestors 'none'", "")
    etree.SubElement(head, "meta", {"http-equiv": "Content-Security-Policy", "content": in_page})
    etree.SubElement(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    etree.SubElement(head, "title").text = title
    etree.SubElement(head, "link", rel="stylesheet", href=STYLE_PATH)
    script = etree.SubElement(
        head, "script", {"src": SCRIPT_PATH, "defer": "defer", "data-version": str(version)}
    )
    if editor:
        # Its own icon: else the browser asks for /favicon.ico, which the site does not have.
        etree.SubElement(head, "link", rel="icon", href=ICON_PATH, type="image/svg+xml")
        script.set("data-editor", "editor")
        etree.SubElement(head, "script", {"src": EDITOR_SCRIPT_PATH, "defer": "defer"})
    body = etree.SubElement(html, "body", {"class": "quizkit-preview"})
    return html, body


def serialize(html: etree._Element) -> bytes:
    """A preview page, serialized as the player's pages are."""
    from toolkit.exporters.player.html import serialize_page

    return serialize_page(html)


def waiting_page(version: int) -> bytes:
    """Shown where no build has succeeded yet: the overlay lists what stops it, and a fix reloads."""
    html, body = preview_document("quizkit preview", version)
    main = etree.SubElement(body, "main")
    etree.SubElement(main, "h1").text = "Nothing built yet"
    etree.SubElement(main, "p").text = "The preview shows the quizzes once the project builds."
    return serialize(html)


def asset(name: str) -> bytes:
    from importlib.resources import files

    return files("toolkit.preview").joinpath("assets", name).read_bytes()
