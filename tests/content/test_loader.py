"""The shipped content loads into the model with the keys of docs/design.md and the lines of the YAML."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import FIXTURE
from toy_kind import Anchor, ScaleQuestion

from toolkit.content.loader import _Builder, yaml_texts
from toolkit.content.validation import load_content, validate_paths
from toolkit.content.yaml_document import parse_yaml
from toolkit.model import QUESTION_CLASSES, Content, Level, Option, Origin, QuestionType, Text

ROOT = Path(__file__).resolve().parents[2]
CONTENT = FIXTURE / "content"


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content(CONTENT)


def test_shipped_content_is_clean() -> None:
    result = validate_paths([CONTENT])
    assert result.diagnostics == []
    assert len(result.files) == 2


def test_data_parallel_structure(content: Content) -> None:
    quiz = content.quiz("data-parallel")
    assert quiz.level is Level.INTERMEDIATE
    assert quiz.guide == "data-parallelism"
    assert len(quiz.questions) == 8
    assert all(len(question.options) == 4 for question in quiz.questions)
    assert all(question.type is QuestionType.SINGLE_CHOICE for question in quiz.questions)
    assert all(len(question.correct) == 1 for question in quiz.questions)
    assert [question.id for question in quiz.questions] == [
        "gpu-holds",
        "sync-operation",
        "memory-limit",
        "nccl-factors",
        "hide-latency",
        "global-batch",
        "throughput-scaling",
        "gradient-accumulation",
    ]


def test_page_order_and_answers(content: Content) -> None:
    quiz = content.quiz("data-parallel")
    # The English-only items of the scraped page keep their wording and order.
    memory = quiz.question("memory-limit")
    assert memory.prompt.source == "What memory limit remains in plain data parallelism?"
    assert [option.text.source for option in memory.options] == [
        "The full model is sharded automatically across the GPUs",
        "Only the input batch uses device memory",
        "Each GPU keeps model parameters and optimizer state replicated, limiting the model size that fits",
        "Each worker stores different model layers by default",
    ]
    answers = {question.id: question.option(question.correct[0]).text.source for question in quiz.questions}
    assert answers["nccl-factors"] == "Message size and topology"
    assert answers["global-batch"] == "B multiplied by W, before any gradient-accumulation factor"
    assert (
        answers["throughput-scaling"]
        == "Gradient communication, data loading, and synchronization add overhead"
    )
    assert answers["gradient-accumulation"] == (
        "Combine gradients from multiple microbatches before an optimizer update"
    )


def test_keys_follow_the_grammar(content: Content) -> None:
    quiz = content.quiz("data-parallel")
    keys = [text.key for text in quiz.texts()]
    assert keys[:5] == [
        "data-parallel.title",
        "data-parallel.description",
        "data-parallel.questions.gpu-holds.prompt",
        "data-parallel.questions.gpu-holds.options.full-replica",
        "data-parallel.questions.gpu-holds.options.layer-slice",
    ]
    assert "data-parallel.questions.gradient-accumulation.explanation" in keys
    assert len(keys) == len(set(keys)) == 2 + 8 * 6


def test_texts_carry_their_origin(content: Content) -> None:
    quiz = content.quiz("data-parallel")
    lines = (CONTENT / "data-parallel.yaml").read_text(encoding="utf-8").splitlines()
    for text in quiz.texts():
        assert text.origin.file.endswith("data-parallel.yaml")
        line = lines[text.origin.line - 1]
        # Folded texts start on the line after their indicator; the first words are on the origin line.
        first_words = text.source.split()[0]
        assert first_words in line or line.rstrip().endswith(">-"), (text.key, line)


def test_translator_note_on_a_text(content: Content) -> None:
    prompt = content.quiz("data-parallel").question("global-batch").prompt
    assert prompt.note == "B and W are variables; keep them as the Latin capital letters B and W."
    assert prompt.source.startswith("With equal local batch size B on each of W data-parallel workers")


def test_interface_messages(content: Content) -> None:
    interface = content.interface
    assert interface is not None
    count = interface.message("question-count")
    assert count.is_plural and count.plural == "count"
    assert (count.one, count.other) == ("{count} question", "{count} questions")
    assert count.key == "ui.question-count"
    progress = interface.message("question-progress")
    assert progress.text == "Question {current} of {total}"
    assert [placeholder.name for placeholder in progress.placeholders] == ["current", "total"]
    assert [(variant.locale, variant.text) for variant in progress.variants] == [
        ("ur", "سوال {current} کی {total}")
    ]
    names = {message.name for message in interface.messages}
    page_strings = {"guide-linked-quiz", "level-intermediate", "review-each-question", "answers-appear"}
    player_strings = {
        "check-answer",
        "next-question",
        "correct",
        "incorrect",
        "explanation",
        "score",
        "restart",
        "language",
    }
    assert page_strings | player_strings <= names


def test_option_text_no_and_on_stay_text(tmp_path: Path) -> None:
    quiz = (CONTENT / "data-parallel.yaml").read_text(encoding="utf-8")
    quiz = quiz.replace("text: Message size and topology", "text: no").replace(
        "text: The optimizer type and validation score", "text: on"
    )
    (tmp_path / "data-parallel.yaml").write_bytes(b"\xef\xbb\xbf" + quiz.encode("utf-8"))
    loaded = load_content(tmp_path)
    texts = [option.text.source for option in loaded.quiz("data-parallel").question("nccl-factors").options]
    assert texts[-2:] == ["on", "no"]


SCALE_YAML = """\
id: sure
type: single_choice
prompt: How sure are you?
levels:
  - id: low
    text: Not sure
  - id: high
    text: Sure
    feedback: {text: Good., note: Praise briefly.}
expected: high
anchors:
  - id: left
    label: Doubt
explanation: Be sure.
shuffle: true
"""


def test_a_new_kind_is_read_from_its_fields_by_their_names_and_key_segments() -> None:
    """A kind the loader has no code for (tests/toy_kind.py) is built from its YAML field by field: texts
    keyed by their segments with their lines, parts by their class, other fields by their type, a field
    the YAML leaves out (``hint``) by its default."""
    document = parse_yaml(SCALE_YAML.encode("utf-8"))
    assert isinstance(document.data, dict)
    question = _Builder(document, "scale.yaml").build(
        ScaleQuestion, document.data, (), "scale.questions.sure"
    )

    def text(key: str, source: str, line: int, column: int, note: str | None = None) -> Text:
        return Text(f"scale.questions.sure.{key}", source, Origin("scale.yaml", line, column), note)

    assert question == ScaleQuestion(
        id="sure",
        prompt=text("prompt", "How sure are you?", 3, 9),
        levels=(
            Option("low", text("levels.low", "Not sure", 6, 11)),
            Option(
                "high",
                text("levels.high", "Sure", 8, 11),
                text("levels.high.feedback", "Good.", 9, 22, "Praise briefly."),
            ),
        ),
        expected="high",
        anchors=(Anchor("left", text("anchors.left.label", "Doubt", 13, 12)),),
        explanation=text("explanation", "Be sure.", 14, 14),
        shuffle=True,
    )
    assert question.hint is None


def test_where_any_kind_holds_texts_in_its_yaml_follows_from_its_fields() -> None:
    """Validation's text rules (control characters, blank texts, inline code, to-dos, ids) walk a
    question's raw YAML by these fields, whatever its kind: the model's kinds give the tables rules.py
    listed by hand, and a new kind (tests/toy_kind.py) adds its own with no change there. Before, a kind
    with a text field of a new name (hint, levels, anchors) went unchecked."""
    kinds = dict.fromkeys(QUESTION_CLASSES.values())
    shipped = yaml_texts(kinds)
    assert set(shipped.fields) == {"prompt", "text", "unit", "model_answer", "explanation"}
    assert shipped.lists == {
        "options": ("text", "feedback"),
        "answers": ("text",),
        "pairs": ("prompt", "match"),
        "distractors": ("text",),
        "items": ("text",),
    }
    assert shipped.nested == ("blanks",)
    with_toy = yaml_texts([*kinds, ScaleQuestion])
    assert with_toy.fields == (*shipped.fields[:-1], "hint", "explanation")
    assert with_toy.lists == {**shipped.lists, "levels": ("text", "feedback"), "anchors": ("label",)}
    assert with_toy.nested == ("blanks",)
