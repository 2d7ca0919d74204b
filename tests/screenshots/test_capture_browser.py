"""The capture's outline in headless Chromium, on a page of the test's own: it marks the string's box and
never hides what it crosses (a glyph of the line above, the comma after an inline answer)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from screenshots.test_screenshot_run_browser import CHROMIUM, OUTLINE, pixels, unfiltered

from toolkit.screenshots.capture import Page, capture_pages

SQUARE = 20
"""The side of the black square the outline crosses, in CSS pixels (the device scale is 1)."""

# A black square, then the marked word in light grey right after it: the outline, 4 px outside the
# word's box, crosses the square's last columns. The square stands in for a glyph (any dark pixels).
PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><style>
body {{ margin: 0; background: #fff; }}
main {{ margin: 40px; font: 20px/40px sans-serif; color: #ccc; }}
.square {{ display: inline-block; width: {SQUARE}px; height: {SQUARE}px; background: #000; }}
</style></head>
<body><main><p><span class="square"></span><span data-quizkit-key="word">word</span></p></main></body></html>
"""


def dark(red: int, green: int, blue: int) -> bool:
    return max(red, green, blue) < 0x30


def test_the_outline_never_hides_a_glyph_it_crosses(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text(PAGE, encoding="utf-8")
    page = Page("page", "en", PurePosixPath("page.html"), 0, walk=False)
    (shot,) = capture_pages(tmp_path, [page], {("page", "en"): frozenset({"word"})}, CHROMIUM, 180)
    assert shot.key == "word"
    width, _ = pixels(shot.png)
    rgb = unfiltered(shot.png)
    colours = [tuple(rgb[index : index + 3]) for index in range(0, len(rgb), 3)]
    assert OUTLINE in rgb  # the outline is drawn, in its colour where it crosses the white page
    # Multiplied with what lies under it, the outline leaves every pixel of the square dark: had it
    # been painted over, the columns it crosses would be the outline's pink.
    assert sum(dark(*colour) for colour in colours) == SQUARE * SQUARE, width


# A filled button, its label marked (as the player's message() marks it), on a white page.
BUTTON = "#1f5fa8"
BUTTON_PAGE = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><style>
body {{ margin: 0; background: #fff; }}
main {{ margin: 40px; font: 20px/1.5 sans-serif; }}
button {{ font: inherit; padding: 12px 40px; border: 1px solid {BUTTON}; background: {BUTTON}; color: #fff; }}
</style></head>
<body><main><button type="button"><span data-quizkit-key="ui.check-answer">Check</span></button></main></body></html>
"""


def bounds(rgb: bytes, width: int, colour: bytes) -> tuple[int, int, int, int]:
    """The smallest box (left, top, right, bottom, in pixels) holding every pixel of ``colour``."""
    found = [
        (index // 3 % width, index // 3 // width)
        for index in range(0, len(rgb), 3)
        if rgb[index : index + 3] == colour
    ]
    assert found, f"no pixel of {colour.hex()}"
    return (
        min(x for x, _ in found),
        min(y for _, y in found),
        max(x for x, _ in found),
        max(y for _, y in found),
    )


def test_a_button_s_label_is_outlined_round_the_whole_button(tmp_path: Path) -> None:
    # The review of issue 40 found the player's filled buttons outlined round their label, inside the
    # button: multiplied into its colour, the outline looked like a focus ring and crossed the text.
    (tmp_path / "page.html").write_text(BUTTON_PAGE, encoding="utf-8")
    page = Page("page", "en", PurePosixPath("page.html"), 0, walk=False)
    (shot,) = capture_pages(tmp_path, [page], {("page", "en"): frozenset({"ui.check-answer"})}, CHROMIUM, 180)
    width, _ = pixels(shot.png)
    rgb = unfiltered(shot.png)
    outline = bounds(rgb, width, OUTLINE)
    button = bounds(rgb, width, bytes.fromhex(BUTTON[1:]))
    assert outline[0] < button[0] and outline[1] < button[1]
    assert outline[2] > button[2] and outline[3] > button[3]


# Lines of text 40 px apart above and below the marked line: the crop's margin (24 px) around the marked
# line ends in the middle of the line above and of the line below.
LINES_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><style>
body { margin: 0; background: #fff; }
main { margin: 0 40px; font: 20px/40px sans-serif; color: #000; }
p { margin: 0; }
</style></head>
<body><main><p>First line above<br>Second line above<br>Third line above</p>
<p><span data-quizkit-key="word">word</span></p>
<p>First line below<br>Second line below</p></main></body></html>
"""


def test_the_crop_never_cuts_through_a_line_of_text(tmp_path: Path) -> None:
    # The review of issue 40 found the 24 px margin slicing a line of Urdu in half at the crop's edge:
    # the edges now move out to the whole line they would cut.
    (tmp_path / "page.html").write_text(LINES_PAGE, encoding="utf-8")
    page = Page("page", "en", PurePosixPath("page.html"), 0, walk=False)
    (shot,) = capture_pages(tmp_path, [page], {("page", "en"): frozenset({"word"})}, CHROMIUM, 180)
    width, _ = pixels(shot.png)
    rgb = unfiltered(shot.png)
    stride = width * 3
    first, last = rgb[:stride], rgb[-stride:]
    assert first == b"\xff" * stride  # above the line's text, not through its letters
    assert last == b"\xff" * stride
    assert b"\x00\x00\x00" in rgb[stride * 2 : stride * 20]  # the whole line above is in the crop
