"""A kind of question the model does not have, declared as docs/architecture.md's recipe says one is: a
class over its text type whose text fields name their key segment and their translator comments in their
metadata, and which of them are the answer key (its explanation, its levels' feedback). Tests of the
model, the loader, extraction and i18next use it to show that its keys, its reading from YAML, its
catalog entries and its i18next resources with and without the answer key follow from those fields,
with no code of its own in keys.py, the loader, extraction or i18next.py. (A real kind adds its
``QuestionType`` member too; this one borrows ``single_choice``'s.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.keys import text_metadata
from toolkit.model import HasTexts, Option, QuestionType, TextType


@dataclass(frozen=True)
class Anchor(HasTexts[TextType]):
    """One end of the scale, with a label of its own."""

    id: str
    label: TextType = field(metadata=text_metadata("label", "Label of end $number of the scale of $asked."))


@dataclass(frozen=True, kw_only=True)
class ScaleQuestion(HasTexts[TextType]):
    """The learner picks the expected level of a scale; the scale's ends may be labelled."""

    id: str
    prompt: TextType = field(metadata=text_metadata("prompt", "Question $number of $count ($kind)."))
    levels: tuple[Option[TextType], ...] = field(
        metadata=text_metadata(
            "levels",
            "Level $number of $count on the scale of $asked: $quoted",
            "This level is $role.",
            roles=("the expected one", "not the expected one"),
        )
    )
    expected: str
    anchors: tuple[Anchor[TextType], ...] = field(metadata=text_metadata("anchors"), default=())
    hint: TextType | None = field(
        metadata=text_metadata("hint", "Hint shown under the scale of $asked ($where)."), default=None
    )
    explanation: TextType = field(
        metadata=text_metadata("explanation", "Explained after $asked.", answer_key=True)
    )
    shuffle: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.SINGLE_CHOICE

    def is_correct(self, level_id: str) -> bool:
        return level_id == self.expected
