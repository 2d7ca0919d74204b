"""The validated content model: what catalogs, checks and exporters see.

Frozen dataclasses only: never YAML nodes, Babel or polib objects. Every translatable text carries its
translation key and its origin (file and 1-based line), so any output string and any error traces back
to the YAML it came from.

The questions and their parts are generic over their text type: the same classes hold a quiz in one
locale, with each ``Text`` replaced by the string picked for it (``ChoiceQuestion[str]``), so a kind is
defined once and its texts, their keys and its localized form follow from its fields.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from typing import Any, Generic, TypeVar, overload


class QuestionType(enum.Enum):
    SINGLE_CHOICE = "single_choice"
    MULTIPLE_CHOICE = "multiple_choice"
    TRUE_FALSE = "true_false"
    SHORT_ANSWER = "short_answer"
    NUMERIC = "numeric"
    MATCHING = "matching"
    ORDERING = "ordering"
    FILL_IN_BLANKS = "fill_in_blanks"
    ESSAY = "essay"


CHOICE_TYPES = frozenset({QuestionType.SINGLE_CHOICE, QuestionType.MULTIPLE_CHOICE})
"""The two types every format has carried from the start."""


class Level(enum.Enum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"


@dataclass(frozen=True)
class Origin:
    file: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Text:
    """One translatable text in the source language."""

    key: str
    source: str
    origin: Origin
    note: str | None = None
    imported: tuple[tuple[str, str], ...] = ()
    """Translations by locale waiting to enter the catalogs: from a bank reader, the bank's texts in its
    other languages; from the YAML, ``ur:`` beside ``text:``, which ``quizkit update`` takes into a catalog
    while it has no translation for the key (as fuzzy, unless :attr:`imported_from` names its bank)."""
    imported_from: tuple[tuple[str, str], ...] = ()
    """The bank file each waiting translation was translated in, by locale (``ur: {text: …, from: bank.xml}``
    in the YAML): ``quizkit update`` takes those in as translated, naming the file. A locale not listed
    was imported from a scraped page (fuzzy, not reviewed)."""
    imported_source: tuple[tuple[str, str], ...] = ()
    """The source text each bank translation translates, by locale, as the bank had it (``ur: {text: …,
    from: bank.xml, source: …}``): ``quizkit update`` takes the translation in as translated only while the
    text is still that one, else fuzzy with it as the previous source text. A locale not listed: fuzzy."""


TextType = TypeVar("TextType", Text, str)
"""What a text field holds: a :class:`Text` in the source model, the picked string once localized.
The question classes below serve both: ``ChoiceQuestion[Text]`` is a source question,
``ChoiceQuestion[str]`` the same question in one locale (:func:`toolkit.localization.localize`)."""

_KEY = "key"
"""Field metadata: the key grammar's segment for a text field, or for a tuple of parts with ids (each
part's texts continue the key with its id); an empty segment is the part itself (``options.<id>``)."""


def _segment(segment: str) -> dict[str, str]:
    return {_KEY: segment}


_TEXT_FIELDS: dict[type, tuple[tuple[str, str], ...]] = {}


def _text_fields(owner: object) -> tuple[tuple[str, str], ...]:
    """(field name, key segment) of the text fields of ``owner``'s class, in field order: worked out
    once per class, since catalogs and exports walk every text of every question."""
    owner_type = type(owner)
    found = _TEXT_FIELDS.get(owner_type)
    if found is None:
        found = _TEXT_FIELDS[owner_type] = tuple(
            (owner_field.name, owner_field.metadata[_KEY])
            for owner_field in fields(owner)  # type: ignore[arg-type]
            if _KEY in owner_field.metadata
        )
    return found


def _slots(owner: object, prefix: str, with_keys: bool, into: list[tuple[str, Any, bool]]) -> None:
    """Append (key relative to the question, text, whether a catalog translates it) of every text field
    of ``owner`` and its parts, in field order, which is reading order: the one walk behind texts() and
    keyed_texts(). A list, not nested generators, and keys only when asked: catalogs and exports walk
    every text of every question."""
    # An accepted answer marked ``translate: false`` is the same in every locale: no catalog entry.
    translated = getattr(owner, "translate", True) is not False
    for name, segment in _text_fields(owner):
        value = getattr(owner, name)
        if value is None:
            continue
        key = (f"{prefix}.{segment}" if prefix and segment else prefix or segment) if with_keys else ""
        if isinstance(value, tuple):
            for part in value:
                _slots(part, f"{key}.{part.id}" if with_keys else "", with_keys, into)
        else:
            into.append((key, value, translated))


def _with_texts(owner: Any, pick: Callable[[Text], str], **changes: Any) -> Any:
    """``owner`` with ``pick`` applied to every text field, into its parts: localization's one walk."""
    for name, _segment_name in _text_fields(owner):
        value = getattr(owner, name)
        if value is not None:
            changes[name] = (
                tuple(_with_texts(part, pick) for part in value) if isinstance(value, tuple) else pick(value)
            )
    if isinstance(owner, AcceptedAnswer):
        changes["text"] = owner.localized_text(changes["text"])
    return replace(owner, **changes)


class HasTexts(Generic[TextType]):
    """A part of the model whose fields hold texts: their keys and reading order come from the fields'
    key segments (the key grammar of docs/design.md), so no kind lists its texts by hand."""

    def keyed_texts(self) -> Iterator[tuple[str, TextType]]:
        """(key relative to the owner, text) of every text in reading order, accepted answers that are
        the same in every locale included. Relative to a question, ``prompt``, ``options.<id>.feedback``,
        ``blanks.<id>.answers.<id>``, ``model-answer``; a source text's own key ends with it."""
        slots: list[tuple[str, Any, bool]] = []
        _slots(self, "", True, slots)
        return ((key, text) for key, text, _translated in slots)

    @overload
    def texts(self: HasTexts[Text]) -> Iterator[Text]: ...

    @overload
    def texts(self: HasTexts[str]) -> Iterator[tuple[str, str]]: ...

    def texts(self) -> Iterator[Text] | Iterator[tuple[str, str]]:
        """Source: the texts a catalog translates, in reading order (accepted answers marked
        ``translate: false`` have no entry). Localized: as :meth:`keyed_texts`, which replaces it there;
        kept for the callers of the former ``Localized*`` classes."""
        slots: list[tuple[str, Any, bool]] = []
        _slots(self, "", False, slots)
        if slots and not isinstance(slots[0][1], Text):
            return self.keyed_texts()  # type: ignore[return-value]
        return (text for _key, text, translated in slots if translated)


@dataclass(frozen=True)
class Option(HasTexts[TextType]):
    id: str
    text: TextType = field(metadata=_segment(""))
    feedback: TextType | None = field(metadata=_segment("feedback"), default=None)
    pinned: bool = False


@dataclass(frozen=True)
class Item(HasTexts[TextType]):
    """A text with an id in a list: a matching distractor, an ordering step, a drop-down option."""

    id: str
    text: TextType = field(metadata=_segment(""))


@dataclass(frozen=True)
class AcceptedAnswer(HasTexts[TextType]):
    """One answer a learner may type. ``translate`` false: the same in every locale (a name, code, a
    number), so it has no catalog entry and ``text`` is never translated. Localized, ``text`` holds the
    locale's accepted answers one per line (a translation may list several)."""

    id: str
    text: TextType = field(metadata=_segment(""))
    translate: bool = True

    def localized_text(self, picked: str) -> str:
        """The answers of a picked text one per line: each line trimmed, blank lines are not answers."""
        if not self.translate:
            return picked
        return "\n".join(line.strip() for line in picked.split("\n") if line.strip())

    @property
    def accepted(self: AcceptedAnswer[str]) -> tuple[str, ...]:
        """The answers accepted in this locale; the first is the one shown in review."""
        if not self.translate:
            return (self.text,)
        return tuple(line for line in self.text.split("\n") if line)

    @property
    def shown(self: AcceptedAnswer[str]) -> str:
        return self.accepted[0]


@dataclass(frozen=True)
class Pair(HasTexts[TextType]):
    """One prompt of a matching question and the match that belongs to it."""

    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    match: TextType = field(metadata=_segment("match"))


@dataclass(frozen=True)
class TypedBlank(HasTexts[TextType]):
    """A blank the learner types into; graded like a short answer."""

    id: str
    answers: tuple[AcceptedAnswer[TextType], ...] = field(metadata=_segment("answers"))
    case_sensitive: bool = False


@dataclass(frozen=True)
class ChoiceBlank(HasTexts[TextType]):
    """A blank with a drop-down of options, one of them correct."""

    id: str
    options: tuple[Item[TextType], ...] = field(metadata=_segment("options"))
    correct: str


Blank = TypedBlank[TextType] | ChoiceBlank[TextType]


# One class per kind of question: each carries exactly the fields its kind has, so an exporter that
# handles a kind cannot read a field that kind lacks. Every kind has an id, a prompt and an explanation;
# its text fields are in reading order (texts() follows the fields). ``fell_back``: localized, the
# question is in the source language because its translation is incomplete.


@dataclass(frozen=True)
class ChoiceQuestion(HasTexts[TextType]):
    """single_choice (exactly one correct option) or multiple_choice (one or more)."""

    id: str
    type: QuestionType
    prompt: TextType = field(metadata=_segment("prompt"))
    options: tuple[Option[TextType], ...] = field(metadata=_segment("options"))
    correct: tuple[str, ...]
    explanation: TextType = field(metadata=_segment("explanation"))
    shuffle: bool | None = None
    """The question's own setting; localized, resolved: this, else the quiz's."""
    partial_credit: bool = False
    fell_back: bool = False

    def option(self, option_id: str) -> Option[TextType]:
        for option in self.options:
            if option.id == option_id:
                return option
        raise KeyError(option_id)

    def is_correct(self, option_id: str) -> bool:
        return option_id in self.correct


@dataclass(frozen=True, kw_only=True)
class TrueFalseQuestion(HasTexts[TextType]):
    """A statement that is true or false; the labels are interface messages (ui.true, ui.false)."""

    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    correct: bool
    explanation: TextType = field(metadata=_segment("explanation"))
    fell_back: bool = False
    type: QuestionType = QuestionType.TRUE_FALSE


@dataclass(frozen=True, kw_only=True)
class ShortAnswerQuestion(HasTexts[TextType]):
    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    answers: tuple[AcceptedAnswer[TextType], ...] = field(metadata=_segment("answers"))
    explanation: TextType = field(metadata=_segment("explanation"))
    case_sensitive: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.SHORT_ANSWER


@dataclass(frozen=True, kw_only=True)
class NumericQuestion(HasTexts[TextType]):
    """Answered with a number; right when it is within ``tolerance`` (absolute) of ``answer``."""

    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    answer: Decimal
    tolerance: Decimal = Decimal(0)
    unit: TextType | None = field(metadata=_segment("unit"), default=None)
    explanation: TextType = field(metadata=_segment("explanation"))
    fell_back: bool = False
    type: QuestionType = QuestionType.NUMERIC


@dataclass(frozen=True, kw_only=True)
class MatchingQuestion(HasTexts[TextType]):
    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    pairs: tuple[Pair[TextType], ...] = field(metadata=_segment("pairs"))
    distractors: tuple[Item[TextType], ...] = field(metadata=_segment("distractors"), default=())
    explanation: TextType = field(metadata=_segment("explanation"))
    partial_credit: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.MATCHING


@dataclass(frozen=True, kw_only=True)
class OrderingQuestion(HasTexts[TextType]):
    """``items`` in the correct order; players always show them shuffled."""

    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    items: tuple[Item[TextType], ...] = field(metadata=_segment("items"))
    explanation: TextType = field(metadata=_segment("explanation"))
    partial_credit: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.ORDERING


@dataclass(frozen=True, kw_only=True)
class FillInBlanksQuestion(HasTexts[TextType]):
    """``text`` holds one ``{{id}}`` marker per blank, in the source's order; a translation may reorder
    them."""

    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    text: TextType = field(metadata=_segment("text"))
    blanks: tuple[Blank[TextType], ...] = field(metadata=_segment("blanks"))
    explanation: TextType = field(metadata=_segment("explanation"))
    partial_credit: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.FILL_IN_BLANKS

    def blank(self, blank_id: str) -> Blank[TextType]:
        for blank in self.blanks:
            if blank.id == blank_id:
                return blank
        raise KeyError(blank_id)


@dataclass(frozen=True, kw_only=True)
class EssayQuestion(HasTexts[TextType]):
    """Answered in free text and graded by a person; ``model_answer`` is for graders only."""

    id: str
    prompt: TextType = field(metadata=_segment("prompt"))
    model_answer: TextType | None = field(metadata=_segment("model-answer"), default=None)
    explanation: TextType = field(metadata=_segment("explanation"))
    fell_back: bool = False
    type: QuestionType = QuestionType.ESSAY


Question = (
    ChoiceQuestion[TextType]
    | TrueFalseQuestion[TextType]
    | ShortAnswerQuestion[TextType]
    | NumericQuestion[TextType]
    | MatchingQuestion[TextType]
    | OrderingQuestion[TextType]
    | FillInBlanksQuestion[TextType]
    | EssayQuestion[TextType]
)
"""Any question (``Question[Text]`` in the source, ``Question[str]`` localized); ``question.type`` says
which kind, ``isinstance`` narrows it."""


def with_texts(question: Question[Text], pick: Callable[[Text], str], **changes: Any) -> Question[str]:
    """``question`` with every text replaced by ``pick(text)`` and ``changes`` made to its other fields
    (``fell_back``): the one field walk localization uses. Accepted answers keep their picked lines one
    per line (:meth:`AcceptedAnswer.localized_text`)."""
    localized: Question[str] = _with_texts(question, pick, **changes)
    return localized


@dataclass(frozen=True)
class Quiz:
    id: str
    level: Level
    title: Text
    description: Text
    questions: tuple[Question[Text], ...]
    origin: Origin
    guide: str | None = None
    shuffle: bool = False
    draft: bool = False
    """Unfinished: left out of exports unless asked for; questions with to-dos are not in the model."""

    def question(self, question_id: str) -> Question[Text]:
        for question in self.questions:
            if question.id == question_id:
                return question
        raise KeyError(question_id)

    def texts(self) -> Iterator[Text]:
        """Every translatable text of the quiz, in content order."""
        yield self.title
        yield self.description
        for question in self.questions:
            yield from question.texts()


@dataclass(frozen=True)
class Placeholder:
    name: str
    meaning: str


@dataclass(frozen=True)
class Variant:
    """A wording of a message seen on a scraped page, with numbers replaced by placeholders."""

    locale: str
    text: str


@dataclass(frozen=True)
class Message:
    """One interface message; either ``text``, or plural forms ``one``/``other`` selected by ``plural``."""

    name: str
    key: str
    origin: Origin
    text: str | None = None
    one: str | None = None
    other: str | None = None
    plural: str | None = None
    placeholders: tuple[Placeholder, ...] = ()
    comment: str | None = None
    variants: tuple[Variant, ...] = ()

    @property
    def is_plural(self) -> bool:
        return self.plural is not None

    @property
    def source(self) -> str:
        """The singular (or only) source text: the gettext msgid."""
        source = self.one if self.is_plural else self.text
        assert source is not None, "a validated message always has its text"
        return source


@dataclass(frozen=True)
class InterfaceMessages:
    messages: tuple[Message, ...]
    origin: Origin

    def message(self, name: str) -> Message:
        for message in self.messages:
            if message.name == name:
                return message
        raise KeyError(name)


@dataclass(frozen=True)
class Content:
    """All content of a project: its quizzes and its interface messages."""

    quizzes: tuple[Quiz, ...]
    interface: InterfaceMessages | None = None

    def quiz(self, quiz_id: str) -> Quiz:
        for quiz in self.quizzes:
            if quiz.id == quiz_id:
                return quiz
        raise KeyError(quiz_id)
