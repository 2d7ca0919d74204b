"""Images of localized questions in the package formats: their path inside a package and their alt."""

from __future__ import annotations

import hashlib

import pytest

from toolkit.exporters.media import alt_text, flat_name, package_path
from toolkit.model import Image


def image(file: str, alt: str | None = "A ring", decorative: bool = False) -> Image[str]:
    return Image(file, "/project/content", alt, decorative)


@pytest.mark.parametrize(
    ("file", "path"),
    [
        ("media/ring.png", "media/ring.png"),
        ("media/ur/ring.png", "media/ur/ring.png"),
        ("ring_2-a.svg", "ring_2-a.svg"),
        # Not safe in a URL as written: a stable name of its own (the path's SHA-256), the extension kept.
        ("media/my ring.PNG", f"media/{hashlib.sha256(b'media/my ring.PNG').hexdigest()[:16]}.png"),
        ("media/حلقہ.png", f"media/{hashlib.sha256('media/حلقہ.png'.encode()).hexdigest()[:16]}.png"),
        ("media/noext", "media/noext"),
    ],
)
def test_a_file_keeps_its_path_when_a_url_can_hold_it_as_written(file: str, path: str) -> None:
    assert package_path(image(file)) == path


def test_flat_names_are_unique_as_paths_are() -> None:
    assert flat_name(image("media/ur/ring.png")) == "media_ur_ring.png"
    assert flat_name(image("media/ring.png")) != flat_name(image("media/ur/ring.png"))


def test_alt_text_is_what_a_reader_hears() -> None:
    assert alt_text(image("a.png", "Each GPU sends $\\frac{2(N-1)}{N}$ with `all_reduce`")) == (
        "Each GPU sends 2(N − 1)/N with all_reduce"
    )
    assert alt_text(image("a.png", None, decorative=True)) == ""
