"""A quiz in one locale: each image takes the locale's own file where the project has one."""

from __future__ import annotations

from pathlib import Path

from image_project import URDU, images_project

from toolkit.catalogs import read_po
from toolkit.content.validation import load_content
from toolkit.localization import localize
from toolkit.model import ChoiceQuestion


def test_an_image_is_the_locale_s_own_file_else_the_source_s(tmp_path: Path) -> None:
    project = images_project(tmp_path)
    content = load_content(project / "content")
    quiz = content.quiz("images")
    catalog = read_po((project / "locales/ur/LC_MESSAGES/images.po").read_bytes(), "images.po")
    in_urdu = localize(quiz, content.interface, "ur", "en", catalog, None)
    in_english = localize(quiz, content.interface, "en", "en", None, None)
    in_french = localize(quiz, content.interface, "fr", "en", None, None)
    ring = in_urdu.questions[0]
    assert isinstance(ring, ChoiceQuestion) and ring.image is not None
    assert (ring.image.file, ring.image.alt) == ("media/ur/ring.png", URDU["images.questions.ring.image-alt"])
    option_image = ring.options[0].image
    assert option_image is not None
    assert (option_image.file, option_image.alt) == (
        "media/square.png",
        URDU["images.questions.ring.options.ring-shape.image-alt"],
    )
    for localized in (in_english, in_french):
        source = localized.questions[0]
        assert isinstance(source, ChoiceQuestion) and source.image is not None
        assert (source.image.file, source.image.alt) == (
            "media/ring.png",
            "Four GPUs in a ring, each sending to the next",
        )
    assert ring.explanation_image is not None and ring.explanation_image.decorative
    assert ring.explanation_image.alt is None


def test_an_untranslated_alt_text_falls_the_question_back_whole_with_its_image(tmp_path: Path) -> None:
    project = images_project(tmp_path)
    content = load_content(project / "content")
    catalog = read_po((project / "locales/ur/LC_MESSAGES/images.po").read_bytes(), "images.po")
    without_alt = type(catalog)(
        catalog.header,
        tuple(entry for entry in catalog.entries if entry.context != "images.questions.ring.image-alt"),
    )
    in_urdu = localize(content.quiz("images"), content.interface, "ur", "en", without_alt, None)
    assert in_urdu.fallen_back_questions == ("ring",)
    ring = in_urdu.questions[0]
    assert isinstance(ring, ChoiceQuestion) and ring.image is not None
    # Wholly in the source language, its picture too: an Urdu diagram beside English text is as wrong as
    # an English one beside Urdu.
    assert (ring.image.file, ring.image.alt) == (
        "media/ring.png",
        "Four GPUs in a ring, each sending to the next",
    )
