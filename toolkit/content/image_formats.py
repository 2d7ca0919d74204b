"""What an image file's bytes are: its format (read from its signature, never from its name), its size in
pixels where its header says so cheaply, whether it is whole (a damaged file is caught before it reaches
every package), and, for SVG, whether a player may show it as it is (nothing that runs a script or loads
anything from outside the file). Where the files are, and each locale's own, is toolkit.content.images.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass

from toolkit.errors import QuizkitError


@dataclass(frozen=True)
class ImageFacts:
    """What a file's bytes say it is: its type, and its size in pixels where its header says so cheaply."""

    kind: str
    width: int | None = None
    height: int | None = None


@dataclass(frozen=True)
class ImageKind:
    """How the files of one image type are named and served: the suffix an export writes, the media type."""

    suffix: str
    media_type: str


IMAGE_KINDS = {
    "png": ImageKind(".png", "image/png"),
    "jpeg": ImageKind(".jpg", "image/jpeg"),
    "gif": ImageKind(".gif", "image/gif"),
    "webp": ImageKind(".webp", "image/webp"),
    "svg": ImageKind(".svg", "image/svg+xml"),
}
"""Each type :func:`image_facts` tells (its ``kind``)."""


class ImageError(QuizkitError):
    """Why a file is not an image quizkit takes, in words an author can act on."""


MAX_IMAGE_SIDE = 10_000
MAX_IMAGE_PIXELS = 40_000_000
"""A larger image is refused. A browser decodes an image to 4 bytes a pixel, so 40 megapixels take
160 MB in every learner's tab (more than a phone gives a page), and an LMS's thumbnailer decodes it too;
no quiz screen shows more than a few thousand pixels across, and a header claiming more is a mistake or
a decompression bomb."""


def image_facts(data: bytes, file: str) -> ImageFacts:
    """What ``data`` is (read from its signature), or :class:`ImageError`: not an image, damaged (its
    structure checked where that is cheap and sure), or larger than a player shows."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        kind, size, damage = "png", *_png_size(data)
    elif data.startswith(b"\xff\xd8\xff"):
        kind, size, damage = "jpeg", *_jpeg_size(data)
    elif data[:6] in (b"GIF87a", b"GIF89a"):
        kind, size, damage = "gif", *_gif_size(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        kind, size, damage = "webp", *_webp_size(data)
    elif _looks_like_svg(data):
        return _svg_facts(data, file)
    else:
        raise ImageError(
            f"{file} is not a PNG, JPEG, GIF, WebP or SVG image (its bytes say so, whatever its name); "
            "save it in one of these formats"
        )
    if damage is not None:
        raise ImageError(
            f"{file} is a damaged {kind.upper()} file ({damage}); save or export it again from the program "
            "that made it"
        )
    return _within_limits(_facts(kind, size), file)


def _within_limits(facts: ImageFacts, file: str) -> ImageFacts:
    width, height = facts.width or 0, facts.height or 0
    if max(width, height) > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        raise ImageError(
            f"{file} is {width:,}×{height:,} pixels, more than any player shows (at most {MAX_IMAGE_SIDE:,} "
            f"pixels a side and {MAX_IMAGE_PIXELS // 1_000_000} megapixels); scale it down"
        )
    return facts


Size = tuple[int, int] | None
"""An image's width and height from its header, where it says them."""


def _png_size(data: bytes) -> tuple[Size, str | None]:
    """The size in a PNG's IHDR, and what is damaged: every chunk up to IEND is walked and its CRC checked
    (zlib's CRC-32 is what PNG uses), so a truncated or garbled file is caught before every export."""
    import zlib

    at, size, first = 8, None, True
    while True:
        if at + 12 > len(data):
            return size, "it ends before its IEND chunk"
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        end = at + 8 + length
        if end + 4 > len(data):
            return size, "it ends inside a chunk"
        if zlib.crc32(data[at + 4 : end]) != struct.unpack(">I", data[end : end + 4])[0]:
            return size, f"the chunk at byte {at:,} fails its checksum"
        if first:
            if kind != b"IHDR" or length < 8:
                return None, "its first chunk is not IHDR"
            size, first = struct.unpack(">II", data[at + 8 : at + 16]), False
        if kind == b"IEND":
            return size, None
        at = end + 4


def _jpeg_size(data: bytes) -> tuple[Size, str | None]:
    """The size in a JPEG's start-of-frame segment, walking the segments before it, and what is damaged:
    no frame header, or no end-of-image marker after it."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None, "a segment does not start with a marker"
        marker = data[at + 1]
        if marker in (0xD8, 0x01, 0xFF) or 0xD0 <= marker <= 0xD7:
            at += 1 if marker == 0xFF else 2
            continue
        (length,) = struct.unpack(">H", data[at + 2 : at + 4])
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            if data.rfind(b"\xff\xd9") < at + 2 + length:
                return (width, height), "it ends before its end-of-image marker"
            return (width, height), None
        at += 2 + length
    return None, "it has no frame header"


def _gif_size(data: bytes) -> tuple[Size, str | None]:
    """The size in a GIF's screen descriptor, and what is damaged: it ends before the trailer byte."""
    if len(data) < 13:
        return None, "it ends inside its header"
    size = struct.unpack("<HH", data[6:10])
    if not data.rstrip(b"\x00").endswith(b";"):
        return size, "it ends before its trailer"
    return size, None


def _webp_size(data: bytes) -> tuple[Size, str | None]:
    """The size in a WebP's first chunk, and what is damaged: the file is shorter than its RIFF header
    says, or its first chunk holds no size."""
    if int.from_bytes(data[4:8], "little") + 8 > len(data):
        return None, "it is shorter than its header says"
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        width, height = struct.unpack("<HH", data[26:30])
        return (width & 0x3FFF, height & 0x3FFF), None
    if chunk == b"VP8L" and len(data) >= 25:
        bits = int.from_bytes(data[21:25], "little")
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1), None
    if chunk == b"VP8X" and len(data) >= 30:
        return (int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1), None
    return None, "its first chunk holds no size"


def _facts(kind: str, size: tuple[int, int] | None) -> ImageFacts:
    if size is None or not all(size):
        return ImageFacts(kind)
    return ImageFacts(kind, size[0], size[1])


def _looks_like_svg(data: bytes) -> bool:
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    # The root may have a prefix (<s:svg xmlns:s="…">): the namespace makes it SVG, not the prefix.
    root = re.compile(rb"<([A-Za-z_][\w.-]*:)?svg[\s>/]")
    starts = head.startswith((b"<?xml", b"<!--", b"<!DOCTYPE svg")) or root.match(head) is not None
    return starts and root.search(data) is not None


_SVG = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_ACTIVE_ELEMENTS = {"script", "foreignObject", "iframe", "embed", "object", "handler", "listener"}
_URL = re.compile(r"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)


def _svg_facts(data: bytes, file: str) -> ImageFacts:
    """An SVG a player may show as it is, with its size from ``width``/``height`` or ``viewBox``."""
    from lxml import etree

    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise ImageError(
            f"{file}: an SVG with a DOCTYPE or entities is refused (they can read other files); remove it"
        )
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        svg = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        # libxml2's own text may end with a line of its own, and lxml adds "line N, column M": one place.
        reason = re.sub(r"(,? line \d+)+(, column \d+)?$", "", error.msg or "").strip()
        where = f"line {error.lineno}, column {error.position[1]}"
        raise ImageError(
            f"{file} is not well-formed SVG ({where}): {reason}; fix it or export it again"
        ) from error
    if svg.tag != f"{_SVG}svg":
        raise ImageError(f"{file} is not an SVG image (its root element is not svg in the SVG namespace)")
    # A processing instruction anywhere (<?xml-stylesheet href="…"?> before the root, too) can load a
    # style sheet when the file is opened on its own ("Open image in new tab").
    for node in (*svg.itersiblings(preceding=True), *svg.iter(), *svg.itersiblings()):
        if isinstance(node, etree._ProcessingInstruction):
            raise _unsafe(file, f"a processing instruction <?{node.target} …?>, which can load a style sheet")
    for element in svg.iter():
        if not isinstance(element.tag, str):
            continue
        name = etree.QName(element).localname
        if name in _ACTIVE_ELEMENTS:
            raise _unsafe(file, f"a <{name}> element, which can run code in the player")
        for attribute, value in element.attrib.items():
            local = etree.QName(attribute).localname
            if local.lower().startswith("on"):
                raise _unsafe(file, f"an event attribute {local}, which runs code in the player")
            if attribute in (_XLINK_HREF, "href"):
                _check_link(file, name, value.strip())
            elif local == "style" and _external_url(value):
                raise _unsafe(file, "a style that loads something from outside the file")
            elif _external_url(value):  # fill, stroke, filter, mask, clip-path, marker-*, cursor, …
                raise _unsafe(file, f'a {local}="url(…)" that loads something from outside the file')
        changed = element.get("attributeName", "")
        if name in ("animate", "set") and changed.endswith("href"):
            raise _unsafe(file, f"a <{name}> that changes a link, which can make it leave the file")
        if name in ("animate", "set") and changed.lower().startswith("on"):
            raise _unsafe(
                file, f"a <{name}> that sets an event attribute {changed}, which runs code in the player"
            )
        if name == "style" and (_external_url(element.text or "") or "@import" in (element.text or "")):
            raise _unsafe(file, "a style sheet that loads something from outside the file")
    attributes = svg.attrib
    width, height = _pixels(attributes.get("width")), _pixels(attributes.get("height"))
    if width and height:  # a viewBox alone is in the drawing's own units, which may be any size
        _within_limits(ImageFacts("svg", width, height), file)
    return _facts("svg", _svg_size(svg))


_EMBEDDED_IMAGE = re.compile(r"data:image/(png|jpeg|gif|webp);base64,", re.IGNORECASE)
"""A raster image embedded in an ``<image>``, as Inkscape and draw.io write it: inside the file, and a
raster image loads nothing."""


def _check_link(file: str, element: str, link: str) -> None:
    """A link may point inside the file (``#id``), and an ``<image>`` may embed a PNG, JPEG, GIF or WebP."""
    if link.startswith("#") or (element == "image" and _EMBEDDED_IMAGE.match(link)):
        return
    if link[:5].lower() == "data:":
        kind = link[5:].split(",", 1)[0][:40]
        raise _unsafe(
            file,
            f"an embedded data:{kind} in an <{element}>; only a PNG, JPEG, GIF or WebP image embedded in an "
            "<image> is taken, since anything else can load or run more",
        )
    raise _unsafe(file, f"a link to {link[:80]}, outside the file")


def _unsafe(file: str, what: str) -> ImageError:
    return ImageError(
        f"{file}: the SVG holds {what}; players show SVG as it is, so quizkit refuses it: remove it, "
        "or save the image as PNG"
    )


def _external_url(style: str) -> bool:
    return any(not found.startswith("#") for found in _URL.findall(style))


def _svg_size(svg: object) -> tuple[int, int] | None:
    attributes = getattr(svg, "attrib", {})
    width, height = _pixels(attributes.get("width")), _pixels(attributes.get("height"))
    if width and height:
        return width, height
    box = (attributes.get("viewBox") or "").replace(",", " ").split()
    try:
        if len(box) == 4:
            return round(float(box[2])), round(float(box[3]))
    except ValueError:
        return None
    return None


_CSS_PIXELS = {
    "": 1.0,
    "px": 1.0,
    "in": 96.0,
    "cm": 96 / 2.54,
    "mm": 96 / 25.4,
    "q": 96 / 101.6,
    "pt": 96 / 72,
    "pc": 16.0,
}
"""CSS pixels per unit (CSS Values 4, absolute lengths: 96 px to the inch), as a browser sizes the root
``<svg>`` of an ``<img>``: Inkscape writes ``width="40mm"``, which is about 151 px, not 40."""


def _pixels(value: str | None) -> int | None:
    found = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*([a-zA-Z]*)\s*", value or "")
    if not found or found.group(2).lower() not in _CSS_PIXELS:
        return None  # a percentage or a font-relative size: the viewBox gives the proportions
    return round(float(found.group(1)) * _CSS_PIXELS[found.group(2).lower()])
