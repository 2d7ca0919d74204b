"""The player's images in Chromium: the Urdu page shows the Urdu file (decoded, its blue pixels) with its
Urdu alt text, the English page the source's; an option with an image is one labelled control whose name
holds the image's alt; a decorative image is skipped by screen readers; every image fits the card, at a
phone's width too, and in a right-to-left page it stands at the right."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import chromium
from exporters.player.test_html_browser import served, sync_api
from image_project import URDU, images_project
from support import run_quizkit

DECODED = "() => Promise.all(Array.from(document.images).map(image => image.decode().catch(() => null)))"
"""Every image of the page loaded and decoded (a lazy one too): a function, not a string the page's policy
would have to evaluate."""

IMAGES = """() => Array.from(document.querySelectorAll('img.quiz-image')).map(image => {
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
  let pixel = null;
  if (image.naturalWidth) {
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    pixel = Array.from(context.getImageData(1, 1, 1, 1).data.slice(0, 3));
  }
  const box = image.getBoundingClientRect();
  const card = image.closest('main').getBoundingClientRect();
  return {class: image.className, alt: image.getAttribute('alt'), role: image.getAttribute('role'),
          loading: image.getAttribute('loading'), naturalWidth: image.naturalWidth, pixel,
          fits: box.left >= card.left - 0.5 && box.right <= card.right + 0.5,
          atRight: Math.abs(box.right - image.parentElement.getBoundingClientRect().right) < 40};
})"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    project = images_project(tmp_path_factory.mktemp("images"))
    result = run_quizkit(project, "export", "-f", "html")
    assert result.returncode == 0, result.stdout + result.stderr
    with served(project / "dist" / "html") as origin:
        yield project, origin


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium(sync_api) as browser:
        yield browser


def images_on(browser: Any, url: str, width: int = 900) -> tuple[list[dict[str, Any]], Any]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("response", lambda response: errors.append(response.url) if response.status >= 400 else None)
    page.goto(url)
    page.evaluate(DECODED)
    found = page.evaluate(IMAGES)
    assert errors == []
    return found, page


@pytest.mark.parametrize(
    ("locale", "colour", "alt"),
    [
        ("ur", [0, 0, 200], URDU["images.questions.ring.image-alt"]),
        ("en", [200, 0, 0], "Four GPUs in a ring, each sending to the next"),
    ],
)
def test_the_prompt_shows_the_locale_s_own_image_with_its_alt_text(
    browser: Any, site: tuple[Path, str], locale: str, colour: list[int], alt: str
) -> None:
    _project, origin = site
    found, page = images_on(browser, f"{origin}images/{locale}.html#q=1")
    prompt, ring_option, tree_option = found
    assert prompt["class"] == "quiz-image prompt-image"
    assert (prompt["alt"], prompt["naturalWidth"], prompt["pixel"], prompt["loading"]) == (
        alt,
        40,
        colour,
        "lazy",
    )
    assert ring_option["naturalWidth"] == 16 and tree_option["naturalWidth"] > 0  # the SVG too
    assert all(image["fits"] and image["role"] is None for image in found)
    if locale == "ur":
        # Right to left: the prompt's image starts at the right of its card.
        assert prompt["atRight"]
        # One labelled control per option, named by its text and its image's alt text.
        label = page.evaluate("() => document.querySelector('input[value=ring-shape]').labels[0].textContent")
        assert label == URDU["images.questions.ring.options.ring-shape"]
        named = (
            URDU["images.questions.ring.options.ring-shape"]
            + " "
            + URDU["images.questions.ring.options.ring-shape.image-alt"]
        )
        assert page.get_by_role("radio", name=named, exact=True).count() == 1
    page.context.close()


def test_the_explanation_s_decorative_image_is_skipped_and_every_image_fits_a_phone(
    browser: Any, site: tuple[Path, str]
) -> None:
    _project, origin = site
    _found, page = images_on(browser, f"{origin}images/ur.html#q=1", width=320)
    page.click("input[value=ring-shape]")
    page.click("button.check")
    page.evaluate(DECODED)
    found = page.evaluate(IMAGES)
    (divider,) = [image for image in found if "explanation-image" in image["class"]]
    assert (divider["alt"], divider["role"], divider["naturalWidth"]) == ("", "presentation", 30)
    assert all(image["fits"] for image in found), found
    page.context.close()
