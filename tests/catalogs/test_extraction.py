"""Templates: keys, translator context, declared flags, determinism, and Babel's extractor agreeing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import EVERY_TYPE_QUIZ, FIXTURE
from toy_kind import Anchor, ScaleQuestion

from toolkit.catalogs.extraction import extract_templates, literal_format_flags, quiz_template
from toolkit.content.validation import load_content
from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.po_writer import format_po
from toolkit.model import Level, Option, Origin, Quiz, Text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def templates() -> dict[str, object]:
    return dict(extract_templates(load_content(FIXTURE / "content"), FIXTURE))


def test_one_template_per_quiz_and_ui(templates: dict[str, object]) -> None:
    assert list(templates) == ["data-parallel", "ui"]


def test_quiz_entries_carry_keys_and_context() -> None:
    catalog = extract_templates(load_content(FIXTURE / "content"), FIXTURE)["data-parallel"]
    entries = {entry.context: entry for entry in catalog.entries}
    correct = entries["data-parallel.questions.gpu-holds.options.full-replica"]
    assert correct.msgid == "A full copy of the model, processing a different slice of the batch"
    assert correct.extracted_comments == (
        "Option 1 of 4 for question 1: “In standard data parallelism, what does each GPU hold?”",
        "This option is the correct answer.",
    )
    assert correct.references == ("content/data-parallel.yaml",)
    distractor = entries["data-parallel.questions.gpu-holds.options.compressed"]
    assert distractor.extracted_comments[1] == "This option is a distractor (a wrong answer)."
    noted = entries["data-parallel.questions.global-batch.prompt"]
    assert (
        "Note: B and W are variables; keep them as the Latin capital letters B and W."
        in noted.extracted_comments
    )
    code = entries["data-parallel.questions.sync-operation.options.all-reduce"]
    assert (
        code.extracted_comments[-1]
        == "Text in backticks is code: keep it exactly as it is, backticks included."
    )


def test_interface_entries_declare_placeholders_and_plurals() -> None:
    catalog = extract_templates(load_content(FIXTURE / "content"), FIXTURE)["ui"]
    entries = {entry.context: entry for entry in catalog.entries}
    count = entries["ui.question-count"]
    assert (count.msgid, count.msgid_plural) == ("{count} question", "{count} questions")
    assert count.flags == ("python-brace-format",)
    assert "{count}: Number of questions in the quiz." in count.extracted_comments
    assert "The plural form is chosen by the number {count}." in count.extracted_comments
    assert entries["ui.check-answer"].flags == ()


@pytest.mark.parametrize(
    ("texts", "flags"),
    [
        (("What is 50% of 80?",), ("no-python-format",)),
        (("Sets {1, 2} and {3}",), ("no-python-brace-format",)),
        (("100% {x}",), ("no-python-format", "no-python-brace-format")),
        (("Plain text",), ()),
    ],
)
def test_literal_percent_and_braces_are_declared_not_formats(
    texts: tuple[str, ...], flags: tuple[str, ...]
) -> None:
    assert literal_format_flags(*texts) == flags


def test_percent_in_quiz_text_passes_msgfmt_check(tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext (msgfmt) is not installed")
    quiz = (FIXTURE / "content" / "data-parallel.yaml").read_text(encoding="utf-8")
    quiz = quiz.replace("text: Message size and topology", "text: 50% of the message size and {topology}")
    (tmp_path / "data-parallel.yaml").write_text(quiz, encoding="utf-8")
    template = extract_templates(load_content(tmp_path), tmp_path)["data-parallel"]
    (tmp_path / "t.pot").write_text(format_po(template), encoding="utf-8")
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(tmp_path / "t.pot")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_extraction_is_deterministic(tmp_path: Path) -> None:
    first = {
        domain: format_po(catalog)
        for domain, catalog in extract_templates(load_content(FIXTURE / "content"), FIXTURE).items()
    }
    second = {
        domain: format_po(catalog)
        for domain, catalog in extract_templates(load_content(FIXTURE / "content"), FIXTURE).items()
    }
    assert first == second
    assert "POT-Creation-Date" not in first["ui"]


def test_line_numbers_only_on_request() -> None:
    content = load_content(FIXTURE / "content")
    plain = extract_templates(content, FIXTURE)["data-parallel"].entries[0]
    with_lines = extract_templates(content, FIXTURE, with_lines=True)["data-parallel"].entries[0]
    assert plain.references == ("content/data-parallel.yaml",)
    assert with_lines.references == ("content/data-parallel.yaml:5",)


def test_shipped_templates_are_current() -> None:
    for domain, catalog in extract_templates(load_content(ROOT / "content"), ROOT).items():
        assert (ROOT / "locales" / f"{domain}.pot").read_text(encoding="utf-8") == format_po(catalog)


def test_pybabel_extract_gives_the_same_entries(tmp_path: Path) -> None:
    pybabel = Path(sys.executable).parent / "pybabel"
    if not pybabel.exists():
        pytest.skip("pybabel is not installed in this environment")
    output = tmp_path / "babel.pot"
    subprocess.run(
        [str(pybabel), "extract", "-F", "babel.cfg", "-o", str(output), "."],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    babel_entries = parse_po(output.read_text(encoding="utf-8"), "babel.pot").entries
    ours = [
        entry
        for catalog in extract_templates(load_content(ROOT / "content"), ROOT).values()
        for entry in catalog.entries
    ]

    def essence(entry: object) -> tuple[object, ...]:
        from toolkit.gettext.catalog import CatalogEntry

        assert isinstance(entry, CatalogEntry)
        # Babel's writer wraps long #. comments over several lines; the text is what must agree.
        return (entry.context, entry.msgid, entry.msgid_plural, " ".join(entry.extracted_comments))

    assert sorted(map(essence, babel_entries), key=repr) == sorted(map(essence, ours), key=repr)
    # Flags differ only where Babel adds its own guess.
    babel_flags = {entry.context: set(entry.flags) for entry in babel_entries}
    for entry in ours:
        assert set(entry.flags) - {"no-python-format", "no-python-brace-format"} <= babel_flags[
            entry.context
        ] | {"python-brace-format"}


def test_every_question_kind_gets_its_entries_and_translator_comments(tmp_path: Path) -> None:
    """The template of a quiz with one question of each kind, against its golden file; regenerate with
    ``QUIZKIT_UPDATE_GOLDEN=1`` after an intended change, and read the diff."""
    shutil.copy(EVERY_TYPE_QUIZ, tmp_path / EVERY_TYPE_QUIZ.name)
    template = format_po(extract_templates(load_content(tmp_path), tmp_path)["every-type"])
    golden = Path(__file__).parent / "golden" / "every-type.pot"
    if os.environ.get("QUIZKIT_UPDATE_GOLDEN"):
        golden.write_text(template, encoding="utf-8")
    assert template == golden.read_text(encoding="utf-8")
    # A text that is the same in every locale (translate: false) has no entry.
    assert 'msgctxt "every-type.questions.name-collective.answers.all-reduce"' not in template


def test_every_question_kind_passes_msgfmt_check(tmp_path: Path) -> None:
    if shutil.which("msgfmt") is None:
        pytest.skip("GNU gettext (msgfmt) is not installed")
    shutil.copy(EVERY_TYPE_QUIZ, tmp_path / EVERY_TYPE_QUIZ.name)
    (tmp_path / "t.pot").write_text(
        format_po(extract_templates(load_content(tmp_path), tmp_path)["every-type"]), encoding="utf-8"
    )
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(tmp_path / "t.pot")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_a_new_kinds_translator_comments_come_from_its_fields_metadata() -> None:
    """A kind extraction has no code for (tests/toy_kind.py): each entry's comments are the templates its
    field declares, filled in with its place (the option of a tuple with roles, the end of a scale)."""
    origin = Origin("content/scale.yaml", 1)

    def text(key: str, source: str) -> Text:
        return Text(f"scale.questions.sure.{key}", source, origin)

    question = ScaleQuestion(
        id="sure",
        prompt=text("prompt", "How sure are you?"),
        levels=(
            Option("low", text("levels.low", "Not sure")),
            Option("high", text("levels.high", "Sure"), text("levels.high.feedback", "Good.")),
        ),
        expected="high",
        anchors=(Anchor("left", text("anchors.left.label", "Doubt")),),
        hint=text("hint", "Pick one."),
        explanation=text("explanation", "Be sure."),
    )
    # A kind outside the Question union, on purpose: the union is for type checkers.
    quiz = Quiz(
        "scale", Level.BEGINNER, text("title", "Scale"), text("description", "A scale."), (question,), origin
    )
    catalog = quiz_template(quiz, Path())
    assert [(entry.context, entry.extracted_comments) for entry in catalog.entries[2:]] == [
        ("scale.questions.sure.prompt", ("Question 1 of 1 (one correct answer).",)),
        (
            "scale.questions.sure.levels.low",
            (
                "Level 1 of 2 on the scale of question 1: “How sure are you?”",
                "This level is not the expected one.",
            ),
        ),
        (
            "scale.questions.sure.levels.high",
            (
                "Level 2 of 2 on the scale of question 1: “How sure are you?”",
                "This level is the expected one.",
            ),
        ),
        (
            "scale.questions.sure.levels.high.feedback",
            (
                "Feedback shown when option 2 for question 1 is chosen.",
                "That option is the expected one: “Sure”.",
            ),
        ),
        ("scale.questions.sure.anchors.left.label", ("Label of end 1 of the scale of question 1.",)),
        (
            "scale.questions.sure.hint",
            ("Hint shown under the scale of question 1 (question 1: “How sure are you?”).",),
        ),
        ("scale.questions.sure.explanation", ("Explained after question 1.",)),
    ]


def test_a_text_with_a_formula_tells_the_translator_to_keep_it() -> None:
    origin = Origin("content/scale.yaml", 1)

    def text(key: str, source: str) -> Text:
        return Text(f"scale.questions.sure.{key}", source, origin)

    question = ScaleQuestion(
        id="sure",
        prompt=text("prompt", "Each GPU sends $2(N-1)/N$ of the data and `$x$` is code."),
        levels=(Option("low", text("levels.low", "It costs $5 and $10")),),  # prices: no formula
        expected="low",
        anchors=(),
        hint=text("hint", "$$\\sum_i x_i$$"),
        explanation=None,
    )
    quiz = Quiz(
        "scale", Level.BEGINNER, text("title", "Scale"), text("description", "A scale."), (question,), origin
    )
    entries = {entry.context: entry for entry in quiz_template(quiz, Path()).entries}
    note = "Text between dollar signs ($…$, $$…$$) is a formula: keep it exactly as it is, dollar signs included."
    assert entries["scale.questions.sure.prompt"].extracted_comments[-2:] == (
        "Text in backticks is code: keep it exactly as it is, backticks included.",
        note,
    )
    assert entries["scale.questions.sure.hint"].extracted_comments[-1] == note
    assert note not in entries["scale.questions.sure.levels.low"].extracted_comments


def test_alt_texts_are_entries_that_say_which_image_and_where(tmp_path: Path) -> None:
    from image_project import images_project

    project = images_project(tmp_path, translated=False)
    catalog = extract_templates(load_content(project / "content"), project)["images"]
    entries = {entry.context: entry for entry in catalog.entries}
    describe = "Describe what the image shows, as a person who cannot see it needs it for the question."
    prompt = entries["images.questions.ring.image-alt"]
    assert prompt.msgid == "Four GPUs in a ring, each sending to the next"
    assert prompt.extracted_comments == (
        "Alternative text of the image media/ring.png shown with the prompt of question 1: “What does the "
        "picture show?”",
        describe,
    )
    assert entries["images.questions.ring.options.tree-shape.image-alt"].extracted_comments == (
        "Alternative text of the image media/tree.svg shown in option 2 of question 1: “What does the picture "
        "show?”",
        describe,
    )
    assert entries["images.questions.steps.explanation-image-alt"].extracted_comments[0] == (
        "Alternative text of the image media/square.png shown with the explanation of question 2: “A ring "
        "all-reduce takes 2(N - 1) steps.”"
    )
    # Right after the text each belongs with; a decorative image has no entry.
    assert [entry.context for entry in catalog.entries][2:5] == [
        "images.questions.ring.prompt",
        "images.questions.ring.image-alt",
        "images.questions.ring.options.ring-shape",
    ]
    assert not any("divider" in " ".join(entry.extracted_comments) for entry in catalog.entries)
