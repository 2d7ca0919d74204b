"""The exporter contract: BaseExporter's declared defaults, read alike from a plugin that implements only
the Exporter protocol, and every built-in format built on the base class."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import pytest

from toolkit.exporters.base import (
    BaseExporter,
    ExportRequest,
    OutputFile,
    declared_options,
    exporter_names,
    load_exporter,
    lost_in_quiz,
    lost_settings,
    omits_answers,
    question_types,
    unwritable,
    writes_every_question,
)
from toolkit.exporters.format_options import default_options
from toolkit.model import CHOICE_TYPES, QuestionType


class ProtocolOnly:
    """A plugin that implements only the Exporter protocol: no optional declaration at all."""

    name = "protocol-only"
    description = "declares nothing optional"
    presents_quiz = True

    def export(self, request: ExportRequest) -> Iterator[OutputFile]:
        yield from ()


class Subclassed(BaseExporter):
    name = "subclassed"
    description = "keeps every default of the base class"
    presents_quiz = True


class Declaring(BaseExporter):
    name = "declaring"
    description = "declares every optional part"
    presents_quiz = False
    question_types = frozenset({QuestionType.ESSAY})
    omits_answers = True
    options: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "width": {"type": "integer", "minimum": 1, "default": 72},
        "style": {"type": "string"},
    }

    @staticmethod
    def lost_settings(question: object) -> tuple[str, ...]:
        return ("its shuffle",)

    @staticmethod
    def lost_in_quiz(quiz: object) -> Iterator[tuple[str, str]]:
        yield "q1", "its marks"

    @staticmethod
    def unwritable(question: object) -> str | None:
        return "a character the target cannot read"


@pytest.mark.parametrize("exporter", [ProtocolOnly, Subclassed], ids=["protocol", "base-class"])
def test_a_format_that_declares_nothing_gets_the_defaults(exporter: type[BaseExporter]) -> None:
    assert question_types(exporter) == CHOICE_TYPES
    assert omits_answers(exporter) is False
    assert declared_options(exporter) == {}
    assert default_options(exporter) == {}
    assert lost_settings(exporter, object()) == ()  # type: ignore[arg-type]
    assert lost_in_quiz(exporter, object()) == ()  # type: ignore[arg-type]
    assert unwritable(exporter, object()) is None  # type: ignore[arg-type]
    assert writes_every_question(exporter) is True


def test_what_a_format_declares_overrides_the_defaults() -> None:
    assert question_types(Declaring) == {QuestionType.ESSAY}
    assert omits_answers(Declaring) is True
    assert default_options(Declaring) == {"width": 72}
    assert lost_settings(Declaring, object()) == ("its shuffle",)  # type: ignore[arg-type]
    assert lost_in_quiz(Declaring, object()) == (("q1", "its marks"),)  # type: ignore[arg-type]
    assert unwritable(Declaring, object()) == "a character the target cannot read"  # type: ignore[arg-type]
    assert writes_every_question(Declaring) is False


def test_a_setting_falls_back_to_its_default_in_a_request_made_by_hand() -> None:
    from exporters.player.test_html_kinds import every_type_request

    request = every_type_request()
    assert Declaring().option(request, "width") == 72
    assert Declaring().option(request, "style") is None
    from dataclasses import replace

    assert Declaring().option(replace(request, options={"width": 100}), "width") == 100


@pytest.mark.parametrize("name", exporter_names())
def test_every_built_in_format_is_built_on_the_base_class(name: str) -> None:
    exporter = load_exporter(name)
    assert issubclass(exporter, BaseExporter)
    assert exporter.__module__.startswith("toolkit.exporters.")
