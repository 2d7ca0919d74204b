"""The validated content model: what catalogs, checks and exporters see.

Frozen dataclasses only: never YAML nodes, Babel or polib objects. Every translatable text carries its
translation key and its origin (file and 1-based line), so any output string and any error traces back
to the YAML it came from.

The questions and their parts are generic over their text type: the same classes hold a quiz in one
locale, with each ``Text`` replaced by the string picked for it (``ChoiceQuestion[str]``), so a kind is
defined once and its texts, their keys, its localized form, its reading from the YAML and the
translator comments of its catalog entries follow from its fields (:class:`toolkit.keys.TextField`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Generic, TypeVar, overload

from toolkit.keys import NeutralOrder, join_key, text_fields, text_metadata
from toolkit.model.messages import InterfaceMessages as InterfaceMessages
from toolkit.model.messages import Message as Message
from toolkit.model.messages import Placeholder as Placeholder
from toolkit.model.messages import Variant as Variant
from toolkit.model.quizzes import Content as Content
from toolkit.model.quizzes import Quiz as Quiz


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

    @property
    def described(self) -> str:
        """What the kind asks of the learner, in a few words: translators read it beside the prompt."""
        return _DESCRIBED[self]


_DESCRIBED = {
    QuestionType.SINGLE_CHOICE: "one correct answer",
    QuestionType.MULTIPLE_CHOICE: "one or more correct answers",
    QuestionType.TRUE_FALSE: "a statement the learner marks true or false",
    QuestionType.SHORT_ANSWER: "the learner types a short answer",
    QuestionType.NUMERIC: "the learner types a number",
    QuestionType.MATCHING: "the learner matches each prompt with its match",
    QuestionType.ORDERING: "the learner puts the items in order",
    QuestionType.FILL_IN_BLANKS: "the learner fills in the blanks of a text",
    QuestionType.ESSAY: "the learner writes an essay, graded by a person",
}

CHOICE_TYPES = frozenset({QuestionType.SINGLE_CHOICE, QuestionType.MULTIPLE_CHOICE})
"""The two types every format has carried from the start."""


class Level(enum.Enum):
    BEGINNER = "beginner"
    INTERMEDIATE = "intermediate"
    ADVANCED = "advanced"


# Origin and Text (a hundred of each a quiz) hold their fields in slots: a bank of 10,000 quizzes holds
# every text through a build. Not the generic parts (HasTexts): on Python 3.11 a frozen dataclass with
# slots cannot be made through its alias (ChoiceQuestion[str](...) sets __orig_class__, and the
# generated __setattr__ of the slotted copy fails on it: python/cpython#116669 and #105936).
@dataclass(frozen=True, slots=True)
class Origin:
    file: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True, slots=True)
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


def _slots(
    owner: object,
    prefix: str,
    with_keys: bool,
    into: list[tuple[str, Any, bool]],
    answer_key: bool = True,
) -> None:
    """Append (key relative to the question, text, whether a catalog translates it) of every text field
    of ``owner`` and its parts, in field order, which is reading order: the one walk behind texts() and
    keyed_texts(). A list, not nested generators, and keys only when asked: catalogs and exports walk
    every text of every question. ``answer_key`` false: without the fields declared ``answer_key``."""
    translated = owner.translated if isinstance(owner, HasTexts) else True
    for name, declared in text_fields(type(owner)):
        value = getattr(owner, name)
        if value is None or (declared.answer_key and not answer_key):
            continue
        key = join_key(prefix, declared.segment) if with_keys else ""
        if isinstance(value, tuple):
            for part in value:
                _slots(part, join_key(key, part.id) if with_keys else "", with_keys, into, answer_key)
        elif isinstance(value, HasTexts):  # a part of its own (an image): its texts take the field's key
            _slots(value, key, with_keys, into, answer_key)
        else:
            into.append((key, value, translated))


def _with_texts(owner: Any, pick: Callable[[Text], str], locale: str | None, **changes: Any) -> Any:
    """``owner`` with ``pick`` applied to every text field, into its parts: localization's one walk.
    An image takes the file of ``locale`` where it has one."""
    for name, _declared in text_fields(type(owner)):
        value = getattr(owner, name)
        if isinstance(value, tuple):
            changes[name] = tuple(_with_texts(part, pick, locale) for part in value)
        elif isinstance(value, HasTexts):
            changes[name] = _with_texts(value, pick, locale)
        elif value is not None:
            changes[name] = pick(value)
    if isinstance(owner, AcceptedAnswer):
        changes["text"] = owner.localized_text(changes["text"])
    if isinstance(owner, Image):
        changes["file"] = owner.file_in(locale)
    return replace(owner, **changes)


class HasTexts(Generic[TextType]):
    """A part of the model whose fields hold texts: their keys and reading order come from the fields'
    key segments (the key grammar of docs/design.md), so no kind lists its texts by hand."""

    id: str
    """Every question and every part has one: the key segment after its tuple's (``options.<id>``)."""

    @property
    def translated(self) -> bool:
        """Whether a catalog translates the texts of this part (not so an accepted answer that is the
        same in every locale)."""
        return True

    def keyed_texts(self, answer_key: bool = True) -> Iterator[tuple[str, TextType]]:
        """(key relative to the owner, text) of every text in reading order, accepted answers that are
        the same in every locale included. Relative to a question, ``prompt``, ``options.<id>.feedback``,
        ``blanks.<id>.answers.<id>``, ``model-answer``; a source text's own key ends with it.
        ``answer_key`` false: without the texts that are the answer key or tell it (their fields declare
        ``answer_key``), as a delivery variant shows them."""
        slots: list[tuple[str, Any, bool]] = []
        _slots(self, "", True, slots, answer_key)
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


_ACCEPTED_ANSWER_NOTE = (
    "An accepted answer: a learner who types it gets the mark. List every answer a learner of your "
    "language may type, one per line; the first is the one shown in review."
)
_BLANK_MARKER_NOTE = (
    "Each {{...}} marks a blank: keep every marker exactly once, unchanged; move them where your "
    "language's word order needs them."
)
_PROMPT = text_metadata("prompt", "Question $number of $count ($kind).")
_EXPLANATION = text_metadata(
    "explanation", "Explanation shown after $asked is answered: $quoted", answer_key=True
)
_ACCEPTED_ANSWERS = text_metadata(
    "answers", "Accepted answer for $where", _ACCEPTED_ANSWER_NOTE, answer_key=True
)
MATCHES = NeutralOrder("matches", "m")
"""Matching matches, pairs' and distractors' together: authored beside their prompts, distractors last."""
ITEMS = NeutralOrder("items", "i")
"""Ordering items: authored in the correct order, under ids that can tell it (step-1, first, a)."""


@dataclass(frozen=True)
class Image(HasTexts[TextType]):
    """An image shown with a prompt, an option or an explanation: ``file`` relative to the content folder
    ``root`` (absolute, where exports read it), localized the locale's own where it has one. ``alt`` is a
    translatable text, absent only where the image is ``decorative`` (screen readers skip it)."""

    file: str
    root: str
    alt: TextType | None = field(metadata=text_metadata(""), default=None)
    decorative: bool = False
    replacements: tuple[tuple[str, str], ...] = ()
    """Each locale's own file (``media/ur/ring.png`` for ``media/ring.png``): (locale, file)."""

    def file_in(self, locale: str | None) -> str:
        own, tag = dict(self.replacements), (locale or "").replace("_", "-")
        return next((own[name] for name in (locale, tag, tag.split("-")[0]) if name in own), self.file)


_IMAGE_ALT_NOTE = "Describe what the image shows, as a person who cannot see it needs it for the question."
_IMAGE = text_metadata(
    "image-alt", "Alternative text of the image $file shown with the prompt of $where", _IMAGE_ALT_NOTE
)
_EXPLANATION_IMAGE = text_metadata(
    "explanation-image-alt",
    "Alternative text of the image $file shown with the explanation of $where",
    _IMAGE_ALT_NOTE,
    answer_key=True,
)
_OPTION_IMAGE = text_metadata(
    "image-alt", "Alternative text of the image $file shown in option $number of $where", _IMAGE_ALT_NOTE
)


@dataclass(frozen=True)
class Option(HasTexts[TextType]):
    id: str
    text: TextType = field(metadata=text_metadata(""))
    image: Image[TextType] | None = field(metadata=_OPTION_IMAGE, default=None, kw_only=True)
    feedback: TextType | None = field(
        metadata=text_metadata(
            "feedback",
            "Feedback shown when option $number for $asked is chosen.",
            "That option is $role: $text.",
            answer_key=True,
        ),
        default=None,
    )
    pinned: bool = False


@dataclass(frozen=True)
class Item(HasTexts[TextType]):
    """A text with an id in a list: a matching distractor, an ordering step, a drop-down option."""

    id: str
    text: TextType = field(metadata=text_metadata(""))


@dataclass(frozen=True)
class AcceptedAnswer(HasTexts[TextType]):
    """One answer a learner may type. ``translate`` false: the same in every locale (a name, code, a
    number), so it has no catalog entry and ``text`` is never translated. Localized, ``text`` holds the
    locale's accepted answers one per line (a translation may list several)."""

    id: str
    text: TextType = field(metadata=text_metadata(""))
    translate: bool = True

    @property
    def translated(self) -> bool:
        return self.translate

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
    prompt: TextType = field(
        metadata=text_metadata("prompt", "Prompt $number of $count to match in $asked: $quoted")
    )
    match: TextType = field(
        metadata=text_metadata(
            "match", "The match of prompt $number in $asked: $prompt", neutral_order=MATCHES
        )
    )


@dataclass(frozen=True)
class TypedBlank(HasTexts[TextType]):
    """A blank the learner types into; graded like a short answer."""

    id: str
    answers: tuple[AcceptedAnswer[TextType], ...] = field(metadata=_ACCEPTED_ANSWERS)
    case_sensitive: bool = False


@dataclass(frozen=True)
class ChoiceBlank(HasTexts[TextType]):
    """A blank with a drop-down of options, one of them correct."""

    id: str
    options: tuple[Item[TextType], ...] = field(
        metadata=text_metadata(
            "options",
            "An option of the drop-down for $where.",
            "This option is $role.",
            roles=("the correct option", "a wrong option"),
        )
    )
    correct: str

    def is_correct(self, option_id: str) -> bool:
        return option_id == self.correct


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
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None, kw_only=True)
    options: tuple[Option[TextType], ...] = field(
        metadata=text_metadata(
            "options",
            "Option $number of $count for $asked: $quoted",
            "This option is $role.",
            roles=("the correct answer", "a distractor (a wrong answer)"),
        )
    )
    correct: tuple[str, ...]
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None, kw_only=True)
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
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    correct: bool
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
    fell_back: bool = False
    type: QuestionType = QuestionType.TRUE_FALSE


@dataclass(frozen=True, kw_only=True)
class ShortAnswerQuestion(HasTexts[TextType]):
    id: str
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    answers: tuple[AcceptedAnswer[TextType], ...] = field(metadata=_ACCEPTED_ANSWERS)
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
    case_sensitive: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.SHORT_ANSWER


@dataclass(frozen=True, kw_only=True)
class NumericQuestion(HasTexts[TextType]):
    """Answered with a number; right when it is within ``tolerance`` (absolute) of ``answer``."""

    id: str
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    answer: Decimal
    tolerance: Decimal = Decimal(0)
    unit: TextType | None = field(
        metadata=text_metadata("unit", "Unit shown after the answer field of $asked: $quoted"), default=None
    )
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
    fell_back: bool = False
    type: QuestionType = QuestionType.NUMERIC


@dataclass(frozen=True, kw_only=True)
class MatchingQuestion(HasTexts[TextType]):
    id: str
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    pairs: tuple[Pair[TextType], ...] = field(metadata=text_metadata("pairs"))
    distractors: tuple[Item[TextType], ...] = field(
        metadata=text_metadata(
            "distractors",
            "A match that belongs to no prompt (a distractor) in $asked: $quoted",
            neutral_order=MATCHES,
        ),
        default=(),
    )
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
    partial_credit: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.MATCHING


@dataclass(frozen=True, kw_only=True)
class OrderingQuestion(HasTexts[TextType]):
    """``items`` in the correct order; players always show them shuffled."""

    id: str
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    items: tuple[Item[TextType], ...] = field(
        metadata=text_metadata(
            "items",
            "Item $number of $count in the correct order for $asked: $quoted",
            "Learners see the items shuffled.",
            neutral_order=ITEMS,
        )
    )
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
    partial_credit: bool = False
    fell_back: bool = False
    type: QuestionType = QuestionType.ORDERING


@dataclass(frozen=True, kw_only=True)
class FillInBlanksQuestion(HasTexts[TextType]):
    """``text`` holds one ``{{id}}`` marker per blank, in the source's order; a translation may reorder
    them."""

    id: str
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    text: TextType = field(
        metadata=text_metadata("text", "The text with blanks of $asked: $quoted", _BLANK_MARKER_NOTE)
    )
    blanks: tuple[Blank[TextType], ...] = field(
        metadata=text_metadata("blanks", where="blank {{$id}} of $asked")
    )
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
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
    prompt: TextType = field(metadata=_PROMPT)
    image: Image[TextType] | None = field(metadata=_IMAGE, default=None)
    model_answer: TextType | None = field(
        metadata=text_metadata(
            "model-answer", "Model answer of $asked, shown to graders only: $quoted", answer_key=True
        ),
        default=None,
    )
    explanation: TextType = field(metadata=_EXPLANATION)
    explanation_image: Image[TextType] | None = field(metadata=_EXPLANATION_IMAGE, default=None)
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

QUESTION_CLASSES: dict[QuestionType, type[Question[Any]]] = {
    QuestionType.SINGLE_CHOICE: ChoiceQuestion,
    QuestionType.MULTIPLE_CHOICE: ChoiceQuestion,
    QuestionType.TRUE_FALSE: TrueFalseQuestion,
    QuestionType.SHORT_ANSWER: ShortAnswerQuestion,
    QuestionType.NUMERIC: NumericQuestion,
    QuestionType.MATCHING: MatchingQuestion,
    QuestionType.ORDERING: OrderingQuestion,
    QuestionType.FILL_IN_BLANKS: FillInBlanksQuestion,
    QuestionType.ESSAY: EssayQuestion,
}
"""The class of each kind: what the loader builds from a question's ``type``."""


def accepted_answers(owner: HasTexts[TextType]) -> Iterator[AcceptedAnswer[TextType]]:
    """Every accepted answer among the parts of ``owner`` (a short answer's, a typed blank's), in reading
    order: the texts that are localized one answer per line, whatever kind holds them."""
    for name, _declared in text_fields(type(owner)):
        value = getattr(owner, name)
        if isinstance(value, tuple):
            for part in value:
                if isinstance(part, AcceptedAnswer):
                    yield part
                else:
                    yield from accepted_answers(part)


def with_texts(
    question: Question[Text], pick: Callable[[Text], str], locale: str | None = None, **changes: Any
) -> Question[str]:
    """``question`` with every text replaced by ``pick(text)`` and ``changes`` made to its other fields
    (``fell_back``): the one field walk localization uses. Accepted answers keep their picked lines one
    per line (:meth:`AcceptedAnswer.localized_text`); images show the file of ``locale`` where the project
    has one (:meth:`Image.file_in`)."""
    localized: Question[str] = _with_texts(question, pick, locale, **changes)
    return localized
