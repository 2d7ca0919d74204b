"""Image files: their type read from their bytes, their size from cheap headers, SVG kept safe, each
locale's own file found beside the source's, and images read into the model with their alt texts' keys."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from image_project import BLUE, images_project, png
from support import run_quizkit_in_process

from toolkit.content.images import ImageError, ImageFacts, image_facts, read_image, replacements
from toolkit.content.validation import load_content
from toolkit.model import ChoiceQuestion, Image, Text, TrueFalseQuestion

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


def test_each_locale_folder_beside_the_file_replaces_it(tmp_path: Path) -> None:
    media = tmp_path / "media"
    for folder in ("ur", "pt-BR", "old", "fr"):
        (media / folder).mkdir(parents=True)
    (media / "ring.png").write_bytes(png(2, 2, BLUE))
    (media / "ur" / "ring.png").write_bytes(png(2, 2, BLUE))
    (media / "pt-BR" / "ring.png").write_bytes(png(2, 2, BLUE))
    (media / "old" / "ring.png").write_bytes(png(2, 2, BLUE))  # a folder of that name, not a locale's
    assert replacements(tmp_path, "media/ring.png") == (
        ("pt-BR", "media/pt-BR/ring.png"),
        ("ur", "media/ur/ring.png"),
    )


def test_a_path_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "quizkit.toml").write_text("", encoding="utf-8")
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "ring.png").symlink_to("/etc/hostname")
    with pytest.raises(ImageError, match="is outside the project"):
        read_image(tmp_path / "content", "ring.png")


def test_images_are_read_into_the_model_with_their_keys_and_locale_files(tmp_path: Path) -> None:
    project = images_project(tmp_path, translated=False)
    quiz = load_content(project / "content").quiz("images")
    ring = quiz.question("ring")
    assert isinstance(ring, ChoiceQuestion)
    content = str((project / "content").resolve())
    assert ring.image is not None and isinstance(ring.image.alt, Text)
    assert (ring.image.file, ring.image.root, ring.image.replacements) == (
        "media/ring.png",
        content,
        (("ur", "media/ur/ring.png"),),
    )
    assert ring.image.alt.key == "images.questions.ring.image-alt"
    option_image = ring.options[0].image
    assert option_image is not None and isinstance(option_image.alt, Text)
    assert option_image.alt.key == "images.questions.ring.options.ring-shape.image-alt"
    assert ring.explanation_image == Image("media/divider.png", content, None, decorative=True)
    steps = quiz.question("steps")
    assert isinstance(steps, TrueFalseQuestion) and steps.explanation_image is not None
    assert [key for key, _text in steps.keyed_texts()] == ["prompt", "explanation", "explanation-image-alt"]
    assert [key for key, _text in steps.keyed_texts(answer_key=False)] == ["prompt"]
    assert [text.key for text in ring.texts()] == [
        "images.questions.ring.prompt",
        "images.questions.ring.image-alt",
        "images.questions.ring.options.ring-shape",
        "images.questions.ring.options.ring-shape.image-alt",
        "images.questions.ring.options.tree-shape",
        "images.questions.ring.options.tree-shape.image-alt",
        "images.questions.ring.explanation",
    ]


def test_validate_warns_of_a_locale_s_file_that_replaces_no_image(tmp_path: Path) -> None:
    project = images_project(tmp_path, translated=False)
    (project / "content/media/ur/rign.png").write_bytes(png(2, 2, BLUE))
    (project / "content/media/ur/ring.png").write_bytes(png(2, 2, BLUE))  # used: no warning
    result = run_quizkit_in_process(project, "validate")
    assert result.stdout.splitlines() == [
        "content/media/ur/rign.png: warning[unused-image]: the ur file in place of media/rign.png, which no "
        "quiz shows; did you mean media/ur/ring.png? rename it to the file it replaces, or remove it",
        "0 errors, 1 warning in 1 of 3 files",
    ]
    assert result.returncode == 0
    # A file in a locale's folder that a quiz shows itself is used, whatever it would replace.
    (project / "content/media/ur/only-urdu.png").write_bytes(png(2, 2, BLUE))
    quiz = project / "content/images.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace("file: media/divider.png", "file: media/ur/only-urdu.png"),
        encoding="utf-8",
    )
    assert run_quizkit_in_process(project, "validate").stdout.splitlines()[1:] == [
        "0 errors, 1 warning in 1 of 3 files"
    ]
    # A quiz validated alone cannot tell what the others show: no warning.
    alone = run_quizkit_in_process(project, "validate", "content/images.yaml")
    assert "unused-image" not in alone.stdout


@pytest.mark.parametrize(
    ("folder", "advice"),
    [
        ("UR", "rename it to ur"),
        ("ur_PK", "rename it to ur"),
        ("urdu", "rename it to ur"),
        ("fr", "add fr to target-locales in the configuration to translate into it, or remove the folder"),
    ],
)
def test_validate_warns_of_a_folder_named_for_none_of_the_project_s_locales(
    tmp_path: Path, folder: str, advice: str
) -> None:
    project = images_project(tmp_path, translated=False)
    (project / "content/media/ur").rename(project / "content/media" / folder)
    (project / "content/media/old").mkdir()  # the author's own folder, named for no locale: left alone
    (project / "content/media/old/ring.png").write_bytes(png(2, 2, BLUE))
    result = run_quizkit_in_process(project, "validate")
    assert result.stdout.splitlines() == [
        f"content/media/{folder}: warning[unused-image]: the folder {folder} is named for none of the project's "
        f"locales (target locales: ur), so no quiz shows its images; {advice}",
        "0 errors, 1 warning in 1 of 3 files",
    ]
    assert result.returncode == 0


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


def test_a_named_pipe_in_place_of_an_image_is_named_for_what_it_is(tmp_path: Path) -> None:
    import os

    (tmp_path / "media").mkdir()
    os.mkfifo(tmp_path / "media/ring.png")
    with pytest.raises(ImageError) as raised:
        read_image(tmp_path, "media/ring.png")
    assert (
        str(raised.value)
        == "media/ring.png is a named pipe (FIFO), not an image file; name the image file itself"
    )
