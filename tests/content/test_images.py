"""Image files of a project: paths written one way and kept inside it, each locale's own file found
beside the source's (and a folder named for no locale warned of), and images read into the model with
their alt texts' keys. What a file's bytes are: test_image_formats.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from image_project import BLUE, images_project, png
from support import run_quizkit_in_process

from toolkit.content.image_formats import ImageError
from toolkit.content.images import read_image, replacements
from toolkit.content.validation import load_content
from toolkit.model import ChoiceQuestion, Image, Text, TrueFalseQuestion


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
