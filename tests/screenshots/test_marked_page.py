"""The marked player page the screenshots are taken from, and the exported page, which is never marked."""

from __future__ import annotations

import json

import lxml.html
import pytest
from support import EVERY_TYPE_QUIZ, fixture_project, run_quizkit_in_process, translate

from toolkit.config import load_config
from toolkit.exporters.export_run import build_request
from toolkit.exporters.player.html import DATA_ELEMENT_ID, player_page
from toolkit.localization import FallbackPolicy, LocalizedQuiz


@pytest.fixture(scope="module")
def versions(tmp_path_factory: pytest.TempPathFactory) -> list[LocalizedQuiz]:
    project = fixture_project(tmp_path_factory.mktemp("marks"), {"every-type": EVERY_TYPE_QUIZ.read_text()})
    assert run_quizkit_in_process(project, "update").returncode == 0
    request = build_request(load_config(project), ("ur",))
    [(_, every)] = list(request.versions_by_quiz())
    return every


def leading_keys(value: object) -> list[str]:
    """The keys that lead segment lists anywhere in the page's view."""
    if isinstance(value, list):
        if value and isinstance(value[0], list) and len(value[0]) == 2 and value[0][0] == "key":
            return [value[0][1]]
        return [key for item in value for key in leading_keys(item)]
    if isinstance(value, dict):
        return [key for item in value.values() for key in leading_keys(item)]
    return []


def view_of(page: bytes) -> object:
    document = lxml.html.fromstring(page)
    return json.loads(document.get_element_by_id(DATA_ELEMENT_ID).text)["view"]


def test_an_exported_page_carries_no_key(versions: list[LocalizedQuiz]) -> None:
    for localized in versions:
        page = player_page(localized, versions)
        assert b"data-quizkit-key" not in page
        assert leading_keys(view_of(page)) == []


def test_a_marked_page_leads_every_text_the_player_shows_with_its_key(versions: list[LocalizedQuiz]) -> None:
    urdu = next(localized for localized in versions if localized.locale.tag == "ur")
    page = player_page(urdu, versions, marked=True)
    document = lxml.html.fromstring(page)
    header = [
        element.get("data-quizkit-key") for element in document.iter() if element.get("data-quizkit-key")
    ]
    assert header == ["ui.language", "every-type.title", "ui.level-intermediate", "every-type.description"]
    keys = set(leading_keys(view_of(page)))
    questions = "every-type.questions."
    assert {key for key in keys if key.startswith(questions + "match-collectives.")} == {
        f"{questions}match-collectives.{end}"
        for end in (
            "prompt",
            "explanation",
            "distractors.shuffle",
            *(
                f"pairs.{pair}.{part}"
                for pair in ("broadcast", "all-reduce", "scatter")
                for part in ("prompt", "match")
            ),
        )
    }
    # An accepted answer marked translate: false has no catalog entry, so no key to mark.
    assert f"{questions}name-collective.answers.all-reduce" not in keys
    assert f"{questions}name-collective.answers.reduce-all" in keys
    assert "ui.check-answer" in keys


def test_a_text_shown_in_english_in_a_partly_translated_question_is_marked_english(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # The screenshots' per-text fallback: the translated prompt in Urdu, each untranslated text in
    # English, marked so the player writes it lang=en dir=ltr (its full stop at its end), not as Urdu.
    project = fixture_project(tmp_path_factory.mktemp("partly"))
    assert run_quizkit_in_process(project, "update").returncode == 0
    translate(project / "locales/ur/LC_MESSAGES/tiny.po", {"tiny.questions.first.prompt": "پہلا کون سا ہے؟"})
    request = build_request(load_config(project), ("ur",), FallbackPolicy.TEXT)
    [(_, versions)] = list(request.versions_by_quiz())
    urdu = next(localized for localized in versions if localized.locale.tag == "ur")
    [first, *_] = view_of(player_page(urdu, versions, marked=True))["questions"]  # type: ignore[index]
    assert (first["lang"], first["dir"]) == ("ur", "rtl")
    assert first["prompt"] == [["key", "tiny.questions.first.prompt"], ["text", "پہلا کون سا ہے؟"]]
    english = ["lang", "en", "ltr"]
    assert first["options"]["this"]["text"][:2] == [["key", "tiny.questions.first.options.this"], english]
    assert first["explanation"][1] == english
