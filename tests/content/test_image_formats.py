"""What an image file's bytes are: the type read from them, the size from cheap headers, a damaged or
oversized file refused, and SVG kept safe (nothing that runs or loads from outside the file)."""

from __future__ import annotations

import struct

import pytest
from image_project import BLUE, png

from toolkit.content.image_formats import ImageError, ImageFacts, image_facts

GIF = b"GIF89a" + struct.pack("<HH", 12, 7) + b"\x00" * 20 + b";"
# A baseline JPEG's first segments: SOI, an APP0 of 16 bytes, then SOF0 with height 9 and width 33; EOI.
JPEG = (
    b"\xff\xd8"
    + b"\xff\xe0\x00\x10"
    + b"JFIF\x00"
    + b"\x00" * 9
    + b"\xff\xc0\x00\x11\x08\x00\x09\x00\x21"
    + b"\x00" * 12
    + b"\xff\xd9"
)
WEBP_LOSSLESS = b"RIFF\x00\x00\x00\x00WEBPVP8L\x00\x00\x00\x00\x2f" + ((5 - 1) | ((3 - 1) << 14)).to_bytes(
    4, "little"
)


@pytest.mark.parametrize(
    ("data", "facts"),
    [
        (png(40, 20, BLUE), ImageFacts("png", 40, 20)),
        (GIF, ImageFacts("gif", 12, 7)),
        (JPEG, ImageFacts("jpeg", 33, 9)),
        (WEBP_LOSSLESS, ImageFacts("webp", 5, 3)),
        (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 30 20"/>', ImageFacts("svg", 30, 20)),
        (
            b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="8px" height="4"/>',
            ImageFacts("svg", 8, 4),
        ),
        (b'<svg xmlns="http://www.w3.org/2000/svg" width="50%"/>', ImageFacts("svg")),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="1in" viewBox="0 0 40 25"/>',
            ImageFacts("svg", 151, 96),
        ),
        (b'<svg xmlns="http://www.w3.org/2000/svg" width="3cm" height="12pt"/>', ImageFacts("svg", 113, 16)),
        (b'<s:svg xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 6 4"/>', ImageFacts("svg", 6, 4)),
    ],
    ids=[
        "png",
        "gif",
        "jpeg",
        "webp",
        "svg-viewbox",
        "svg-size",
        "svg-no-size",
        "svg-mm-in",
        "svg-cm-pt",
        "svg-prefixed",
    ],
)
def test_the_type_and_size_come_from_the_bytes(data: bytes, facts: ImageFacts) -> None:
    assert image_facts(data, "media/x") == facts


@pytest.mark.parametrize(
    ("data", "refused"),
    [
        (b"<html><body>hi</body></html>", "is not a PNG, JPEG, GIF, WebP or SVG image"),
        (b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', "an event attribute onload"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>', "a <foreignObject> element"),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(https://x.org/a.css);</style></svg>',
            "a style sheet that loads something from outside the file",
        ),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(https://x.org/p.svg#p)"/></svg>',
            "a style that loads something from outside the file",
        ),
        (b'<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', "a DOCTYPE or entities"),
        (b"<svg><rect/></svg>", "not an SVG image (its root element is not svg in the SVG namespace)"),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg"><a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a></svg>',
            "a <set> that changes a link",
        ),
    ],
    ids=[
        "html",
        "event",
        "foreign-object",
        "style-import",
        "style-url",
        "entities",
        "no-namespace",
        "set-href",
    ],
)
def test_what_a_player_must_not_show_is_refused(data: bytes, refused: str) -> None:
    with pytest.raises(ImageError) as raised:
        image_facts(data, "media/x.svg")
    assert refused in str(raised.value)


def test_a_link_inside_the_svg_is_kept() -> None:
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2"><defs><circle id="c" r="1"/></defs><use href="#c"/></svg>'
    assert image_facts(svg, "media/x.svg") == ImageFacts("svg", 2, 2)


@pytest.mark.parametrize(
    "attribute", ["fill", "stroke", "filter", "mask", "clip-path", "marker-end", "cursor"]
)
def test_a_url_out_of_the_file_in_any_attribute_is_refused(attribute: str) -> None:
    svg = f'<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0" {attribute}="url( \'//x.org/a.svg#p\')"/></svg>'
    with pytest.raises(ImageError) as raised:
        image_facts(svg.encode(), "media/x.svg")
    assert f'holds a {attribute}="url(…)" that loads something from outside the file' in str(raised.value)
    inside = svg.replace("//x.org/a.svg#p", "#p").encode()
    assert image_facts(inside, "media/x.svg") == ImageFacts("svg")


def test_a_raster_image_embedded_in_the_svg_is_taken() -> None:
    """Inkscape and draw.io write an embedded image as a data: URI; it is inside the file."""
    for kind in ("png", "jpeg", "gif", "webp"):
        svg = (
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 4">'
            f'<image xlink:href="data:image/{kind};base64,AAAA" width="4" height="4"/></svg>'
        )
        assert image_facts(svg.encode(), "media/x.svg") == ImageFacts("svg", 4, 4)
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/svg+xml;base64,AAAA"/></svg>'
    with pytest.raises(ImageError, match=r"an embedded data:image/svg\+xml;base64 in an <image>"):
        image_facts(svg.encode(), "media/x.svg")


def _png_with_header(width: int, height: int) -> bytes:
    """A PNG whose IHDR says ``width``×``height`` (its CRC right) while its pixels are 2×2."""
    import zlib

    data = png(2, 2, BLUE)
    header = b"IHDR" + struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return data[:12] + header + struct.pack(">I", zlib.crc32(header)) + data[33:]


@pytest.mark.parametrize(
    ("data", "refused"),
    [
        (
            _png_with_header(100_000, 100_000),
            "media/x is 100,000×100,000 pixels, more than any player shows (at most 10,000 pixels a side and 40 "
            "megapixels); scale it down",
        ),
        (
            _png_with_header(8_000, 8_000),
            "media/x is 8,000×8,000 pixels, more than any player shows (at most 10,000 pixels a side and 40 "
            "megapixels); scale it down",
        ),
        (
            b'<svg xmlns="http://www.w3.org/2000/svg" width="9999999" height="9999999"/>',
            "media/x is 9,999,999×9,999,999 pixels, more than any player shows (at most 10,000 pixels a side and 40 "
            "megapixels); scale it down",
        ),
        (
            png(2, 2, BLUE)[:40] + b"garbage" * 10,
            "media/x is a damaged PNG file (the chunk at byte 33 fails its checksum); save or export it again from "
            "the program that made it",
        ),
        (
            png(2, 2, BLUE)[:-12],
            "media/x is a damaged PNG file (it ends before its IEND chunk); save or export it again from the "
            "program that made it",
        ),
        (
            JPEG[:-2],
            "media/x is a damaged JPEG file (it ends before its end-of-image marker); save or export it again from "
            "the program that made it",
        ),
        (
            b"\xff\xd8\xff\xe0\x00\x10" + b"\x00" * 14 + b"\xff\xd9",
            "media/x is a damaged JPEG file (it has no frame header); save or export it again from the program "
            "that made it",
        ),
        (
            GIF[:-1],
            "media/x is a damaged GIF file (it ends before its trailer); save or export it again from the program "
            "that made it",
        ),
        (
            b"RIFF\xff\x00\x00\x00WEBPVP8L" + b"\x00" * 20,
            "media/x is a damaged WEBP file (it is shorter than its header says); save or export it again from "
            "the program that made it",
        ),
    ],
    ids=[
        "png-huge",
        "png-megapixels",
        "svg-huge",
        "png-garbled",
        "png-truncated",
        "jpeg-truncated",
        "jpeg-no-frame",
        "gif-truncated",
        "webp-truncated",
    ],
)
def test_a_damaged_or_huge_image_is_refused(data: bytes, refused: str) -> None:
    with pytest.raises(ImageError) as raised:
        image_facts(data, "media/x")
    assert str(raised.value) == refused
