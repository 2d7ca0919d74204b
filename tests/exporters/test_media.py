"""Images in the data formats: the JSON bundle gives each image's copy, alt text and size (golden file,
schema), the export copies each distinct file once into the format's folder, the Urdu bundle names the
Urdu file, and i18next carries the alt texts as texts that the real i18next resolves."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from exporters.test_exports import resolve_in_i18next
from image_project import URDU, images_project
from jsonschema import Draft202012Validator
from support import run_quizkit_in_process

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden"
SCHEMA = Draft202012Validator(
    json.loads((ROOT / "schema" / "bundle.schema.json").read_text(encoding="utf-8"))
)


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The images project exported to json and i18next, with answers (dist/) and without (delivery/)."""
    project = images_project(tmp_path_factory.mktemp("images"))
    for arguments in ((), ("--no-answers", "--out", "delivery")):
        result = run_quizkit_in_process(project, "export", "-f", "json,i18next", "--strict", *arguments)
        assert result.returncode == 0, result.stdout + result.stderr
    return project


@pytest.mark.parametrize(
    ("name", "golden"),
    [
        ("dist/json/images/ur.json", "images.ur.json"),
        ("delivery/json/images/ur.no-answers.json", "images.ur.no-answers.json"),
    ],
)
def test_the_bundle_with_images_matches_its_golden_file(exported: Path, name: str, golden: str) -> None:
    """Regenerate with ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff."""
    written = (exported / name).read_text(encoding="utf-8")
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        (GOLDEN / golden).write_text(written, encoding="utf-8")
    assert written == (GOLDEN / golden).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "name",
    ["dist/json/images/en.json", "dist/json/images/ur.json", "delivery/json/images/ur.no-answers.json"],
)
def test_bundles_with_images_follow_the_schema(exported: Path, name: str) -> None:
    assert list(SCHEMA.iter_errors(load(exported / name))) == []


def test_each_locale_names_its_own_file_and_every_file_is_copied_once(exported: Path) -> None:
    content = exported / "content"
    folder = exported / "dist" / "json"
    english, urdu = load(folder / "images/en.json"), load(folder / "images/ur.json")
    assert (folder / english["questions"][0]["image"]["src"]).read_bytes() == (
        content / "media/ring.png"
    ).read_bytes()
    assert (folder / urdu["questions"][0]["image"]["src"]).read_bytes() == (
        content / "media/ur/ring.png"
    ).read_bytes()
    assert urdu["questions"][0]["image"]["alt"] == URDU["images.questions.ring.image-alt"]
    # square.png is shown by an option and by an explanation, in both locales: one copy.
    copies = sorted(path.name for path in (folder / "media").iterdir())
    assert [name.rsplit("-", 1)[0] for name in copies] == ["divider", "ring", "ring", "square", "tree"]
    for image in (
        english["questions"][0]["options"][0]["image"],
        english["questions"][1]["explanationImage"],
    ):
        assert image["src"] == urdu["questions"][0]["options"][0]["image"]["src"]


def test_the_delivery_variant_copies_no_explanation_image(exported: Path) -> None:
    copies = sorted(path.name.rsplit("-", 1)[0] for path in (exported / "delivery/json/media").iterdir())
    assert copies == ["ring", "ring", "square", "tree"]  # the decorative divider is only an explanation's


def test_i18next_carries_alt_texts_as_texts_that_i18next_resolves(exported: Path) -> None:
    requests = [
        {"lng": "ur", "ns": "images", "key": "questions.ring.image-alt"},
        {
            "lng": "ur",
            "ns": "images",
            "key": "questions.ring.options.ring-shape",
            "options": {"context": "image-alt"},
        },
        {"lng": "ur", "ns": "images", "key": "questions.ring.options.ring-shape"},
        {"lng": "ur", "ns": "images", "key": "questions.steps.explanation-image-alt"},
    ]
    answers = resolve_in_i18next(exported / "dist" / "i18next", requests)
    assert [answer["value"] for answer in answers] == [
        URDU["images.questions.ring.image-alt"],
        URDU["images.questions.ring.options.ring-shape.image-alt"],
        URDU["images.questions.ring.options.ring-shape"],
        URDU["images.questions.steps.explanation-image-alt"],
    ]
    # The files are the bundle's: i18next resources hold texts only.
    assert not (exported / "dist" / "i18next" / "media").exists()
    delivery = load(exported / "delivery/i18next/no-answers/ur/images.json")
    assert "explanation-image-alt" not in delivery["questions"]["steps"]


def test_alt_text_in_markup_is_what_a_reader_hears() -> None:
    """The package formats write alt="" for a decorative image, and a formula in an alt attribute as its
    plain text (no MathML goes in an attribute), inline code without its backticks."""
    from toolkit.exporters.media import alt_text
    from toolkit.model import Image

    def image(alt: str | None, decorative: bool = False) -> Image[str]:
        return Image("media/a.png", "/project/content", alt, decorative)

    assert alt_text(image("Each GPU sends $\\frac{2(N-1)}{N}$ with `all_reduce`")) == (
        "Each GPU sends 2(N − 1)/N with all_reduce"
    )
    assert alt_text(image(None, decorative=True)) == ""


def test_the_bundle_s_alt_text_is_plain_text_as_in_every_other_format(tmp_path: Path) -> None:
    """A frontend sets ``img.alt = image.alt``: a screen reader must not read TeX or backticks aloud."""
    project = images_project(tmp_path, translated=False)
    quiz = project / "content/images.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace(
            "alt: Four GPUs in a ring, each sending to the next",
            "alt: 'Ring with cost $\\frac{1}{N}$ and `send()`'",
        ),
        encoding="utf-8",
    )
    result = run_quizkit_in_process(project, "export", "-f", "json", "-l", "en")
    assert result.returncode == 0, result.stdout + result.stderr
    english = load(project / "dist/json/images/en.json")
    assert english["questions"][0]["image"]["alt"] == "Ring with cost 1/N and send()"


def test_an_i18next_export_notes_once_that_image_files_are_in_the_bundle(tmp_path: Path) -> None:
    project = images_project(tmp_path)
    result = run_quizkit_in_process(project, "export", "-f", "i18next", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr
    note = (
        "note: format i18next carries the alt texts of images, not their files: each image's file, and each "
        "locale's own, are in the JSON bundle (export -f json: the src of each image in "
        "json/<quiz>/<locale>.json)"
    )
    assert [line for line in result.stdout.splitlines() if line.startswith("note:")] == [note]
    assert not any(
        line.startswith("note:")
        for line in run_quizkit_in_process(project, "export", "-f", "json").stdout.splitlines()
    )
