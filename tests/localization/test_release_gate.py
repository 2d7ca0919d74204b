"""The release gate in ``localize`` (issue 21): with ``require_approved``, a question with any text that
is not approved falls back exactly as one with an untranslated text does, under each policy."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support import FIXTURE

from toolkit.content.validation import load_content
from toolkit.gettext.catalog import Catalog
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.review import approved
from toolkit.localization import FallbackError, FallbackPolicy, localize
from toolkit.model import Quiz

UNAPPROVED = "data-parallel.questions.gpu-holds.options.compressed"


def catalog(name: str) -> Catalog:
    path = FIXTURE / "locales/ur/LC_MESSAGES" / f"{name}.po"
    return read_po(path.read_bytes(), path.name)


def approved_except(source: Catalog, *keys: str) -> Catalog:
    entries = tuple(
        entry if entry.obsolete or entry.context in keys else approved(entry, "Test Reviewer", "2026-12-02")
        for entry in source.entries
    )
    return replace(source, entries=entries)


@pytest.fixture(scope="module")
def quiz_and_interface() -> tuple[Quiz, object]:
    content = load_content(Path(FIXTURE / "content"))
    return content.quizzes[0], content.interface


def test_one_unapproved_option_sends_its_whole_question_to_the_source_language(
    quiz_and_interface: tuple[Quiz, object],
) -> None:
    quiz, interface = quiz_and_interface
    quiz_catalog = approved_except(catalog("data-parallel"), UNAPPROVED)
    ui_catalog = approved_except(catalog("ui"), "ui.start-quiz")
    gated = localize(quiz, interface, "ur", "en", quiz_catalog, ui_catalog, require_approved=True)  # type: ignore[arg-type]
    assert gated.fallen_back_questions == ("gpu-holds",)
    question = next(question for question in gated.questions if question.id == "gpu-holds")
    assert question.prompt == "In standard data parallelism, what does each GPU hold?"
    start = next(message for message in gated.messages if message.name == "start-quiz")
    assert (start.text, start.fell_back) == ("Start quiz", True)
    ungated = localize(quiz, interface, "ur", "en", quiz_catalog, ui_catalog)  # type: ignore[arg-type]
    assert ungated.fallen_back_questions == ()


def test_omit_and_fail_apply_to_unapproved_questions(quiz_and_interface: tuple[Quiz, object]) -> None:
    quiz, interface = quiz_and_interface
    quiz_catalog = approved_except(catalog("data-parallel"), UNAPPROVED)
    omitted = localize(
        quiz,
        interface,
        "ur",
        "en",
        quiz_catalog,
        None,
        FallbackPolicy.OMIT,
        require_approved=True,  # type: ignore[arg-type]
    )
    assert omitted.omitted == ("gpu-holds",)
    with pytest.raises(FallbackError) as raised:
        localize(quiz, interface, "ur", "en", quiz_catalog, None, FallbackPolicy.FAIL, require_approved=True)  # type: ignore[arg-type]
    assert str(raised.value) == (
        "quiz data-parallel is not fully translated into ur: questions gpu-holds have untranslated, fuzzy "
        "or unapproved texts (fallback policy 'fail')"
    )
