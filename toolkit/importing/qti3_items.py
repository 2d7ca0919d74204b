"""One QTI 3.0 item (``qti-assessment-item``) read as a question of the content model, in its own language.

Each interaction maps to a kind (the QTI 3.0 Assessment, Section and Item information model,
https://www.imsglobal.org/spec/qti/v3p0/impl):

- ``qti-choice-interaction``: single choice (``max-choices="1"`` and a ``single`` response), multiple
  choice otherwise; the choices ``true`` and ``false`` alone, as quizkit writes them, a true/false
  question. Partial credit where the response is scored by its mapping (``qti-map-response``, the
  ``map_response`` template).
- ``qti-text-entry-interaction`` alone in its paragraph: a short answer (its mapping's keys and the
  correct response are the accepted answers, ``case-sensitive`` as the entries say), or a number (a
  ``float`` or ``integer`` response, or quizkit's own string response graded by a number pattern).
- ``qti-text-entry-interaction`` and ``qti-inline-choice-interaction`` inside a sentence: fill in the
  blanks, one blank each.
- ``qti-extended-text-interaction``: an essay (a scorer's ``qti-rubric-block`` is the model answer).
- ``qti-match-interaction``: matching (targets no prompt is matched with are distractors).
- ``qti-order-interaction``: ordering, in the correct response's order.

Feedback: a ``qti-modal-feedback`` or ``qti-feedback-inline`` named after a choice is that option's
feedback; the others (quizkit's ``EXPLANATION``, an author's general feedback) the explanation. The
item's XHTML is reduced to quiz text by :func:`toolkit.importing.markup_reduction.reduce_markup`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from lxml import etree

from toolkit.errors import QuizkitError
from toolkit.importing.markup_reduction import reduce_markup
from toolkit.importing.number_patterns import accepted_interval
from toolkit.keys import is_valid_id
from toolkit.model import (
    AcceptedAnswer,
    Blank,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    Item,
    MatchingQuestion,
    NumericQuestion,
    Option,
    OrderingQuestion,
    Pair,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    TrueFalseQuestion,
    TypedBlank,
)

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_UNSUPPORTED = {
    "qti-hotspot-interaction": "a hotspot interaction (clicking areas of an image)",
    "qti-graphic-order-interaction": "a graphic order interaction (ordering areas of an image)",
    "qti-graphic-associate-interaction": "a graphic associate interaction (linking areas of an image)",
    "qti-graphic-gap-match-interaction": "a graphic gap match interaction (dragging onto an image)",
    "qti-select-point-interaction": "a select point interaction (clicking a point of an image)",
    "qti-position-object-interaction": "a position object interaction (placing an image on an image)",
    "qti-slider-interaction": "a slider interaction",
    "qti-upload-interaction": "an upload interaction (a file as the answer)",
    "qti-drawing-interaction": "a drawing interaction",
    "qti-media-interaction": "a media interaction (a recording to play)",
    "qti-custom-interaction": "a custom interaction",
    "qti-portable-custom-interaction": "a portable custom interaction (PCI)",
    "qti-hottext-interaction": "a hottext interaction (choosing words of a text)",
    "qti-associate-interaction": "an associate interaction (pairing choices of one set)",
    "qti-gap-match-interaction": "a gap match interaction (dragging words into gaps)",
    "qti-end-attempt-interaction": "an end attempt interaction",
}
_FEEDBACK = frozenset({"qti-modal-feedback", "qti-feedback-inline", "qti-feedback-block"})
_NOT_SHOWN = frozenset({"qti-rubric-block", "qti-template-block", "qti-template-inline", "qti-stylesheet"})
_INLINE = frozenset({"qti-text-entry-interaction", "qti-inline-choice-interaction"})
_BLOCKS = frozenset({"p", "div", "li", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"})


@dataclass(frozen=True)
class Problem:
    """Something of the item the question does not hold, at a line of the item file."""

    line: int | None
    reason: str


@dataclass(frozen=True)
class ReadItem:
    """An item read in its own language: its question (None when it has none quizkit can hold), the line
    of each text by its key relative to the question, and what was not taken."""

    identifier: str
    title: str | None
    language: str | None
    line: int
    question: Question[str] | None
    lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    missing_explanation: bool = False
    """The item has no general feedback: the question needs an explanation before it can be used."""


class _RefusedError(QuizkitError):
    """The item's question cannot be held; the problem says why."""

    def __init__(self, line: int | None, reason: str) -> None:
        super().__init__(reason)
        self.problem = Problem(line, reason)


def local_name(element: etree._Element) -> str:
    return etree.QName(element).localname if isinstance(element.tag, str) else ""


def _children(element: etree._Element, name: str) -> list[etree._Element]:
    return [child for child in element if local_name(child) == name]


def _child(element: etree._Element, name: str) -> etree._Element | None:
    found = _children(element, name)
    return found[0] if found else None


def _descendants(element: etree._Element, names: frozenset[str] | str) -> list[etree._Element]:
    wanted = frozenset({names}) if isinstance(names, str) else names
    return [node for node in element.iter() if isinstance(node.tag, str) and local_name(node) in wanted]


@dataclass
class _Reading:
    """What reading one item collects besides its question."""

    lines: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def text(
        self,
        key: str,
        element: etree._Element | None,
        what: str,
        skip: Callable[[etree._Element], str | None] | None = None,
        before: Sequence[etree._Element] = (),
    ) -> str:
        """The quiz text of ``element``'s content (and of ``before``'s, in front of it)."""
        parts = [_markup_of(node, skip) for node in (*before, *([element] if element is not None else []))]
        reduced = reduce_markup("<br>".join(part for part in parts if part.strip()))
        where = element if element is not None else (before[0] if before else None)
        if where is not None:
            self.lines[key] = where.sourceline or 0
        for lost in reduced.lost:
            self.problems.append(
                Problem(
                    where.sourceline if where is not None else None,
                    f"the {what} holds {lost}, which a quiz text cannot hold yet; it is left out "
                    "(its words, if any, are kept)",
                )
            )
        return reduced.text


def _markup_of(element: etree._Element, skip: Callable[[etree._Element], str | None] | None) -> str:
    """``element``'s content as HTML without namespaces; ``skip`` gives what stands for a child in its
    place (an empty string drops it), None to keep the child."""
    parts = [html.escape(element.text or "", quote=False)]
    for child in element:
        if isinstance(child.tag, str):
            name = local_name(child)
            replacement = skip(child) if skip is not None else None
            if replacement is not None:
                parts.append(html.escape(replacement, quote=False))
            elif name in _FEEDBACK or name in _NOT_SHOWN:
                pass
            else:
                attributes = "".join(
                    f' {key}="{html.escape(value)}"'
                    for key, value in child.attrib.items()
                    if key in {"href", "src", "alt"}
                )
                parts.append(f"<{name}{attributes}>{_markup_of(child, skip)}</{name}>")
        parts.append(html.escape(child.tail or "", quote=False))
    return "".join(parts)


def _attribute(element: etree._Element, name: str, default: str = "") -> str:
    return (element.get(name) or default).strip()


def _values(element: etree._Element | None) -> list[str]:
    if element is None:
        return []
    return [(value.text or "").strip() for value in _descendants(element, "qti-value")]


@dataclass(frozen=True)
class _Declaration:
    identifier: str
    cardinality: str
    base_type: str
    correct: tuple[str, ...]
    mapping: tuple[tuple[str, Decimal, bool], ...]
    """(key, mapped value, case-sensitive) of each map entry."""
    line: int


def _declarations(item: etree._Element) -> dict[str, _Declaration]:
    found = {}
    for declaration in _children(item, "qti-response-declaration"):
        mapping = []
        map_element = _child(declaration, "qti-mapping")
        for entry in _children(map_element, "qti-map-entry") if map_element is not None else []:
            try:
                mapped = Decimal(_attribute(entry, "mapped-value", "0"))
            except InvalidOperation:
                raise _RefusedError(entry.sourceline, "a mapped-value that is not a number") from None
            case = _attribute(entry, "case-sensitive", "false") in {"true", "1"}
            mapping.append((entry.get("map-key") or "", mapped, case))
        identifier = _attribute(declaration, "identifier")
        found[identifier] = _Declaration(
            identifier,
            _attribute(declaration, "cardinality", "single"),
            _attribute(declaration, "base-type"),
            tuple(_values(_child(declaration, "qti-correct-response"))),
            tuple(mapping),
            declaration.sourceline or 0,
        )
    return found


@dataclass(frozen=True)
class _Ids:
    """The bank's identifiers as quizkit ids: kept where valid, else made up (``a``, ``b``, …)."""

    by_bank: dict[str, str]
    made_up: bool

    @staticmethod
    def of(identifiers: Sequence[str], prefix: str = "") -> _Ids:
        if all(is_valid_id(identifier) for identifier in identifiers) and len(set(identifiers)) == len(
            identifiers
        ):
            return _Ids({identifier: identifier for identifier in identifiers}, False)
        return _Ids(
            {identifier: _made_up(index, prefix) for index, identifier in enumerate(identifiers)}, True
        )


def _made_up(index: int, prefix: str) -> str:
    if prefix:
        return f"{prefix}{index + 1}"
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("a") + remainder) + letters
    return letters


class _ItemReader:
    def __init__(self, item: etree._Element) -> None:
        self.item = item
        self.reading = _Reading()
        self.declarations = _declarations(item)
        self.processing = _child(item, "qti-response-processing")
        self.identifier = _attribute(item, "identifier")
        body = _child(item, "qti-item-body")
        if body is None:
            raise _RefusedError(item.sourceline, "the item has no qti-item-body")
        self.body = body

    # --- what the processing does ---------------------------------------------------------------------

    def _template(self) -> str:
        if self.processing is None:
            return ""
        template = self.processing.get("template") or ""
        return template.rstrip("/").rsplit("/", 1)[-1].removesuffix(".xml")

    def _processing_has(self, name: str) -> bool:
        return self.processing is not None and bool(_descendants(self.processing, name))

    def _scored_by_mapping(self) -> bool:
        return self._template() in {"map_response", "map_response_point"} or self._processing_has(
            "qti-map-response"
        )

    def declaration(self, interaction: etree._Element) -> _Declaration:
        identifier = _attribute(interaction, "response-identifier")
        found = self.declarations.get(identifier)
        if found is None:
            raise _RefusedError(
                interaction.sourceline, f"the interaction's response {identifier!r} is not declared"
            )
        return found

    # --- feedback -------------------------------------------------------------------------------------

    def feedback(self, choice_ids: dict[str, str]) -> tuple[dict[str, etree._Element], list[etree._Element]]:
        """Feedback per option (by the option's quizkit id) and the general feedback elements."""
        per_option: dict[str, etree._Element] = {}
        general: list[etree._Element] = []
        candidates = _children(self.item, "qti-modal-feedback") + [
            block for block in _descendants(self.body, "qti-feedback-block")
        ]
        for feedback in candidates:
            identifier = _attribute(feedback, "identifier")
            option = choice_ids.get(identifier) or choice_ids.get(identifier.removeprefix("FEEDBACK."))
            if option is not None and option not in per_option:
                per_option[option] = feedback
            else:
                general.append(feedback)
        return per_option, general

    def explanation(self, general: list[etree._Element]) -> str:
        texts = []
        for index, feedback in enumerate(general):
            content = _child(feedback, "qti-content-body")
            text = self.reading.text(
                "explanation" if index == 0 else f"explanation.{index}",
                content if content is not None else feedback,
                "feedback",
            )
            if text:
                texts.append(text)
        if len(texts) > 1:
            self.reading.problems.append(
                Problem(
                    general[1].sourceline,
                    f"the item has {len(texts)} general feedbacks, shown on different outcomes; quizkit has "
                    "one explanation, shown after the answer: they are joined into it",
                )
            )
        return "\n".join(texts)

    # --- the prompt -----------------------------------------------------------------------------------

    def stem(self, interaction: etree._Element) -> list[etree._Element]:
        """The body's elements before the block that holds ``interaction``: the question's stem."""
        container = interaction
        while container.getparent() is not None and container.getparent() is not self.body:
            container = container.getparent()  # type: ignore[assignment]
        before = []
        for child in self.body:
            if child is container:
                break
            if isinstance(child.tag, str) and local_name(child) not in _FEEDBACK | _NOT_SHOWN:
                before.append(child)
        return before

    def prompt(self, key: str, before: list[etree._Element], prompt: etree._Element | None) -> str:
        text = self.reading.text(key, prompt, "prompt", before=before)
        if text:
            return text
        title = _attribute(self.item, "title")
        if title and title != self.identifier:
            self.reading.lines[key] = self.item.sourceline or 0
            self.reading.problems.append(
                Problem(self.item.sourceline, "the item has no prompt; its title is taken as the prompt")
            )
            return title
        raise _RefusedError(
            self.item.sourceline, "the item has no prompt (no text before or in its interaction)"
        )


# --- the kinds ---------------------------------------------------------------------------------------


def _choice(reader: _ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    choices = _children(interaction, "qti-simple-choice")
    if not choices:
        raise _RefusedError(interaction.sourceline, "the choice interaction has no choices")
    bank_ids = [_attribute(choice, "identifier") for choice in choices]
    ids = _Ids.of(bank_ids)
    per_option, general = reader.feedback(ids.by_bank)
    for choice in choices:
        for inline in _descendants(choice, "qti-feedback-inline"):
            per_option.setdefault(ids.by_bank[_attribute(choice, "identifier")], inline)
    explanation = reader.explanation(general)
    correct_bank = list(declaration.correct)
    mapped = {key: value for key, value, _ in declaration.mapping}
    if not correct_bank and mapped:
        correct_bank = [key for key, value in mapped.items() if value > 0]
    unknown = [value for value in correct_bank if value not in ids.by_bank]
    if unknown or not correct_bank:
        raise _RefusedError(
            declaration.line,
            "the correct response names no choice of the item"
            if not unknown
            else f"the correct response names {unknown[0]!r}, which is no choice of the item",
        )
    prompt = reader.prompt("prompt", reader.stem(interaction), _child(interaction, "qti-prompt"))
    multiple = declaration.cardinality != "single" or _attribute(interaction, "max-choices", "1") != "1"
    if not multiple and len(correct_bank) > 1:
        raise _RefusedError(declaration.line, "a single response with several correct choices")
    if not multiple and sorted(bank_ids) == ["false", "true"]:
        return TrueFalseQuestion(
            id="", prompt=prompt, correct=correct_bank == ["true"], explanation=explanation
        )
    options = []
    for choice in choices:
        option_id = ids.by_bank[_attribute(choice, "identifier")]
        text = reader.reading.text(
            f"options.{option_id}",
            choice,
            "choice",
            skip=lambda node: "" if local_name(node) == "qti-feedback-inline" else None,
        )
        feedback_element = per_option.get(option_id)
        feedback = None
        if feedback_element is not None:
            content = _child(feedback_element, "qti-content-body")
            feedback = (
                reader.reading.text(
                    f"options.{option_id}.feedback",
                    content if content is not None else feedback_element,
                    "feedback",
                )
                or None
            )
        options.append(
            Option(id=option_id, text=text, feedback=feedback, pinned=_attribute(choice, "fixed") == "true")
        )
    partial = False
    if reader._scored_by_mapping():
        if multiple:
            partial = True
            _check_partial_scheme(reader, declaration, correct_bank)
        elif any(value > 0 for key, value in mapped.items() if key not in correct_bank):
            reader.reading.problems.append(
                Problem(
                    declaration.line,
                    "some wrong choices earn part of the score; quizkit scores a single "
                    "choice all or nothing, so they earn nothing now",
                )
            )
    correct = tuple(ids.by_bank[value] for value in correct_bank)
    kind = QuestionType.MULTIPLE_CHOICE if multiple else QuestionType.SINGLE_CHOICE
    question = ChoiceQuestion(
        id="",
        type=kind,
        prompt=prompt,
        options=tuple(options),
        correct=correct,
        explanation=explanation,
        shuffle=_attribute(interaction, "shuffle", "false") == "true",
        partial_credit=partial,
    )
    if ids.made_up:
        reader.reading.problems.append(Problem(None, _MADE_UP_CHOICES))
    return question


_MADE_UP_CHOICES = "its choices' identifiers are no quizkit ids: the options are named a, b, c… instead"


def _check_partial_scheme(reader: _ItemReader, declaration: _Declaration, correct: list[str]) -> None:
    """quizkit's partial credit: each correct option chosen earns one share, each wrong one costs one."""
    mapped = {key: value for key, value, _ in declaration.mapping}
    shares = {mapped.get(key) for key in correct}
    penalties = {value for key, value in mapped.items() if key not in correct}
    if len(shares) == 1 and (share := shares.pop()) is not None and share > 0 and penalties <= {-share}:
        return
    reader.reading.problems.append(
        Problem(
            declaration.line,
            "the choices' scores are not quizkit's partial credit (each correct choice one share, each wrong "
            "choice one share off); the question is imported with quizkit's partial credit, so scores differ",
        )
    )


def _accepted(declaration: _Declaration) -> tuple[list[str], bool, list[Problem]]:
    """The accepted answers of a text response: the correct response and every key mapped to full marks."""
    problems = []
    texts: dict[str, None] = {}
    for correct in declaration.correct:
        if correct:
            texts[correct] = None
    top = max((mapped for _, mapped, _ in declaration.mapping), default=Decimal(0))
    for key, mapped, _ in declaration.mapping:
        if mapped == top and mapped > 0:
            texts[" ".join(key.split())] = None
        elif mapped > 0:
            problems.append(
                Problem(
                    declaration.line,
                    f"the answer {key!r} earns part of the score; quizkit accepts an answer or not, so it is "
                    "left out of the accepted answers",
                )
            )
    cases = {case for _, _, case in declaration.mapping}
    if len(cases) > 1:
        problems.append(
            Problem(
                declaration.line,
                "some answers are compared case-sensitively and some not; quizkit compares all of an "
                "answer's texts alike: the question is case-sensitive",
            )
        )
    return list(texts), True in cases, problems


def _answers(texts: list[str]) -> tuple[AcceptedAnswer[str], ...]:
    return tuple(AcceptedAnswer(id=_made_up(index, ""), text=text) for index, text in enumerate(texts))


def _number(reader: _ItemReader, declaration: _Declaration) -> tuple[Decimal, Decimal] | None:
    """The answer and tolerance of a numeric response, or None when it is typed text."""
    float_types = {"float", "integer"}
    pattern_matches = (
        _descendants(reader.processing, "qti-pattern-match") if reader.processing is not None else []
    )
    if declaration.base_type not in float_types and not (
        declaration.base_type == "string" and not declaration.mapping and pattern_matches
    ):
        return None
    if len(declaration.correct) != 1:
        raise _RefusedError(declaration.line, "a numeric response needs exactly one correct value")
    try:
        answer = Decimal(declaration.correct[0])
    except InvalidOperation:
        if declaration.base_type == "string":
            return None
        raise _RefusedError(declaration.line, "the correct value is not a number") from None
    if not answer.is_finite():
        raise _RefusedError(declaration.line, "the correct value is not a finite number")
    if declaration.base_type == "string":
        interval = accepted_interval(pattern_matches[0].get("pattern") or "")
        if interval is None or interval.high - answer != answer - interval.low:
            raise _RefusedError(
                pattern_matches[0].sourceline,
                "the number is graded by a pattern that is not a number within a tolerance",
            )
        return answer, (interval.high - answer).normalize()
    tolerance = Decimal(0)
    for equal in _descendants(reader.processing, "qti-equal") if reader.processing is not None else []:
        mode = _attribute(equal, "tolerance-mode", "exact")
        bounds = (equal.get("tolerance") or "0").split()
        if mode == "relative":
            raise _RefusedError(
                equal.sourceline,
                "the number is graded within a relative tolerance (a percentage); quizkit's tolerance is "
                "absolute",
            )
        if mode == "absolute":
            try:
                values = {Decimal(bound) for bound in bounds}
            except InvalidOperation:
                raise _RefusedError(equal.sourceline, "the tolerance is not a number") from None
            if len(values) != 1:
                raise _RefusedError(
                    equal.sourceline,
                    "the tolerance differs below and above the answer; quizkit's is the same both ways",
                )
            tolerance = abs(values.pop())
    if reader._processing_has("qti-equal-rounded"):
        raise _RefusedError(
            reader.processing.sourceline if reader.processing is not None else None,
            "the number is graded after rounding (qti-equal-rounded), which quizkit does not do",
        )
    return answer, tolerance


def _text_entry(reader: _ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    paragraph = interaction.getparent()
    unit_element = None
    before = reader.stem(interaction)
    number = _number(reader, declaration)
    if paragraph is not None and paragraph is not reader.body:
        siblings = [child for child in paragraph if isinstance(child.tag, str) and child is not interaction]
        if number is not None and len(siblings) == 1 and local_name(siblings[0]) == "span":
            unit_element = siblings[0]
    _, general = reader.feedback({})
    explanation = reader.explanation(general)
    prompt = reader.prompt("prompt", before, None)
    if number is not None:
        unit = None
        if unit_element is not None:
            unit = reader.reading.text("unit", unit_element, "unit") or None
        answer, tolerance = number
        return NumericQuestion(
            id="", prompt=prompt, answer=answer, tolerance=tolerance, unit=unit, explanation=explanation
        )
    texts, case_sensitive, problems = _accepted(declaration)
    reader.reading.problems += problems
    if not texts:
        raise _RefusedError(declaration.line, "the response has no correct value and no mapped answer")
    for index, _text in enumerate(texts):
        reader.reading.lines[f"answers.{_made_up(index, '')}"] = declaration.line
    return ShortAnswerQuestion(
        id="", prompt=prompt, answers=_answers(texts), explanation=explanation, case_sensitive=case_sensitive
    )


def _is_inline(reader: _ItemReader, interaction: etree._Element) -> bool:
    """Whether a text entry stands inside a sentence (a blank) rather than alone in its paragraph (a
    number's paragraph may hold its unit after it, in a ``span``, as quizkit writes it)."""
    parent = interaction.getparent()
    if parent is None or parent is reader.body:
        return False
    others = [child for child in parent if isinstance(child.tag, str) and child is not interaction]
    loose_text = (
        (parent.text or "") + (interaction.tail or "") + "".join(child.tail or "" for child in others)
    )
    if (
        not loose_text.strip()
        and len(others) == 1
        and local_name(others[0]) == "span"
        and _number(reader, reader.declaration(interaction)) is not None
    ):
        return False
    return bool("".join(parent.itertext()).strip()) or len(_descendants(parent, _INLINE)) > 1


def _fill_in_blanks(reader: _ItemReader, interactions: list[etree._Element]) -> Question[str]:
    responses = [_attribute(interaction, "response-identifier") for interaction in interactions]
    short = [response.removeprefix("RESPONSE.") for response in responses]
    ids = _Ids.of(short, "b")
    if ids.made_up:
        reader.reading.problems.append(
            Problem(
                None, "its responses' identifiers are no quizkit ids: the blanks are named b1, b2… instead"
            )
        )
    blank_of = {response: ids.by_bank[name] for response, name in zip(responses, short, strict=True)}
    blanks: list[Blank[str]] = []
    for interaction in interactions:
        declaration = reader.declaration(interaction)
        blank_id = blank_of[declaration.identifier]
        if local_name(interaction) == "qti-inline-choice-interaction":
            choices = _children(interaction, "qti-inline-choice")
            choice_ids = _Ids.of([_attribute(choice, "identifier") for choice in choices])
            if len(declaration.correct) != 1 or declaration.correct[0] not in choice_ids.by_bank:
                raise _RefusedError(
                    declaration.line, f"the drop-down {declaration.identifier} has no one correct choice"
                )
            options = tuple(
                Item(
                    id=choice_ids.by_bank[_attribute(choice, "identifier")],
                    text=reader.reading.text(
                        f"blanks.{blank_id}.options.{choice_ids.by_bank[_attribute(choice, 'identifier')]}",
                        choice,
                        "drop-down choice",
                    ),
                )
                for choice in choices
            )
            blanks.append(
                ChoiceBlank(id=blank_id, options=options, correct=choice_ids.by_bank[declaration.correct[0]])
            )
            continue
        if declaration.base_type in {"float", "integer"}:
            raise _RefusedError(
                interaction.sourceline,
                "a blank answered with a number; quizkit's blanks take text: make it a numeric question",
            )
        texts, case_sensitive, problems = _accepted(declaration)
        reader.reading.problems += problems
        if not texts:
            raise _RefusedError(
                declaration.line, f"the blank {declaration.identifier} has no accepted answer"
            )
        for index, _text in enumerate(texts):
            reader.reading.lines[f"blanks.{blank_id}.answers.{_made_up(index, '')}"] = declaration.line
        blanks.append(TypedBlank(id=blank_id, answers=_answers(texts), case_sensitive=case_sensitive))
    # The text is every block that holds a blank; the stem before the first of them is the prompt.
    containers: list[etree._Element] = []
    for interaction in interactions:
        container = interaction
        while container.getparent() is not None and container.getparent() is not reader.body:
            container = container.getparent()  # type: ignore[assignment]
        if container not in containers:
            containers.append(container)

    def marker(node: etree._Element) -> str | None:
        if local_name(node) in _INLINE:
            return "{{" + blank_of[_attribute(node, "response-identifier")] + "}}"
        return None

    parts = []
    for container in containers:
        parts.append(reduce_markup(_markup_of(container, marker)).text)
    text = "\n".join(part for part in parts if part)
    reader.reading.lines["text"] = containers[0].sourceline or 0
    prompt = reader.prompt("prompt", reader.stem(interactions[0]), None)
    _, general = reader.feedback({})
    explanation = reader.explanation(general)
    partial = reader._processing_has("qti-divide") or reader._template() == "map_response"
    return FillInBlanksQuestion(
        id="", prompt=prompt, text=text, blanks=tuple(blanks), explanation=explanation, partial_credit=partial
    )


def _essay(reader: _ItemReader, interaction: etree._Element) -> Question[str]:
    rubric = next(
        (
            block
            for block in _descendants(reader.body, "qti-rubric-block")
            if "scorer" in (block.get("view") or "").split()
        ),
        None,
    )
    model_answer = None
    if rubric is not None:
        content = _child(rubric, "qti-content-body")
        model_answer = reader.reading.text(
            "model-answer", content if content is not None else rubric, "rubric"
        )
    prompt = reader.prompt("prompt", reader.stem(interaction), _child(interaction, "qti-prompt"))
    _, general = reader.feedback({})
    explanation = reader.explanation(general)
    return EssayQuestion(id="", prompt=prompt, model_answer=model_answer or None, explanation=explanation)


def _matching(reader: _ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    sets = _children(interaction, "qti-simple-match-set")
    if len(sets) != 2:
        raise _RefusedError(interaction.sourceline, "a match interaction needs two sets of choices")
    sources = _children(sets[0], "qti-simple-associable-choice")
    targets = _children(sets[1], "qti-simple-associable-choice")
    correct: dict[str, str] = {}
    for pair in declaration.correct:
        source, _, target_id = pair.partition(" ")
        if source in correct:
            raise _RefusedError(
                declaration.line, f"{source!r} has several correct matches; quizkit pairs one with one"
            )
        correct[source] = target_id.strip()
    source_ids = _Ids.of([_attribute(choice, "identifier") for choice in sources])
    target_text = {_attribute(choice, "identifier"): choice for choice in targets}
    pairs = []
    for choice in sources:
        bank_id = _attribute(choice, "identifier")
        pair_id = source_ids.by_bank[bank_id]
        match_element = target_text.get(correct.get(bank_id, ""))
        if match_element is None:
            raise _RefusedError(choice.sourceline, f"{bank_id!r} has no correct match")
        pairs.append(
            Pair(
                id=pair_id,
                prompt=reader.reading.text(f"pairs.{pair_id}.prompt", choice, "match prompt"),
                match=reader.reading.text(f"pairs.{pair_id}.match", match_element, "match"),
            )
        )
    if len(set(correct.values())) != len(correct):
        raise _RefusedError(
            declaration.line, "a target is the match of several prompts; quizkit pairs one with one"
        )
    unmatched = [choice for choice in targets if _attribute(choice, "identifier") not in correct.values()]
    distractors = tuple(
        Item(id=f"d{index}", text=reader.reading.text(f"distractors.d{index}", choice, "distractor"))
        for index, choice in enumerate(unmatched, start=1)
    )
    prompt = reader.prompt("prompt", reader.stem(interaction), _child(interaction, "qti-prompt"))
    _, general = reader.feedback({})
    explanation = reader.explanation(general)
    return MatchingQuestion(
        id="",
        prompt=prompt,
        pairs=tuple(pairs),
        distractors=distractors,
        explanation=explanation,
        partial_credit=reader._scored_by_mapping(),
    )


def _ordering(reader: _ItemReader, interaction: etree._Element) -> Question[str]:
    declaration = reader.declaration(interaction)
    choices = {
        _attribute(choice, "identifier"): choice for choice in _children(interaction, "qti-simple-choice")
    }
    if sorted(declaration.correct) != sorted(choices):
        raise _RefusedError(declaration.line, "the correct order does not list every choice once")
    ids = _Ids.of(list(declaration.correct), "i")
    items = tuple(
        Item(
            id=ids.by_bank[bank_id],
            text=reader.reading.text(f"items.{ids.by_bank[bank_id]}", choices[bank_id], "item"),
        )
        for bank_id in declaration.correct
    )
    prompt = reader.prompt("prompt", reader.stem(interaction), _child(interaction, "qti-prompt"))
    _, general = reader.feedback({})
    explanation = reader.explanation(general)
    partial = reader._processing_has("qti-index") or reader._scored_by_mapping()
    return OrderingQuestion(
        id="", prompt=prompt, items=items, explanation=explanation, partial_credit=partial
    )


def _question(reader: _ItemReader) -> Question[str]:
    interactions = [
        node
        for node in reader.body.iter()
        if isinstance(node.tag, str) and local_name(node).endswith("-interaction")
    ]
    for interaction in interactions:
        what = _UNSUPPORTED.get(local_name(interaction))
        if what is not None:
            raise _RefusedError(
                interaction.sourceline, f"the item has {what}, which quizkit has no question kind for"
            )
    if not interactions:
        raise _RefusedError(reader.body.sourceline, "the item has no interaction: it asks nothing to answer")
    inline = [node for node in interactions if local_name(node) in _INLINE]
    if len(inline) == len(interactions) and (
        len(inline) > 1
        or local_name(inline[0]) == "qti-inline-choice-interaction"
        or _is_inline(reader, inline[0])
    ):
        return _fill_in_blanks(reader, inline)
    if len(interactions) > 1:
        raise _RefusedError(
            interactions[1].sourceline,
            f"the item has {len(interactions)} interactions; a quizkit question has one (split the item)",
        )
    interaction = interactions[0]
    kinds: dict[str, Callable[[_ItemReader, etree._Element], Question[str]]] = {
        "qti-choice-interaction": _choice,
        "qti-text-entry-interaction": _text_entry,
        "qti-extended-text-interaction": _essay,
        "qti-match-interaction": _matching,
        "qti-order-interaction": _ordering,
    }
    kind = kinds.get(local_name(interaction))
    if kind is None:
        raise _RefusedError(
            interaction.sourceline, f"the item has a {local_name(interaction)}, which quizkit does not read"
        )
    return kind(reader, interaction)


def read_item(item: etree._Element) -> ReadItem:
    """``item``, the root of an item file, as a question in its own language (its id left empty: the
    bank decides it)."""
    identifier = _attribute(item, "identifier")
    body = _child(item, "qti-item-body")
    language = item.get(XML_LANG) or (body.get(XML_LANG) if body is not None else None)
    title = item.get("title")
    try:
        reader = _ItemReader(item)
        question = _question(reader)
    except _RefusedError as refused:
        return ReadItem(identifier, title, language, item.sourceline or 0, None, {}, (refused.problem,))
    missing = not question.explanation
    return ReadItem(
        identifier,
        title,
        language,
        item.sourceline or 0,
        question,
        reader.reading.lines,
        tuple(reader.reading.problems),
        missing,
    )
