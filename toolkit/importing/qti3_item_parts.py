"""The parts of a QTI 3.0 item that reading any interaction needs (its XML walked by local name,
:mod:`toolkit.importing.local_names`): the item's XHTML as quiz text, its response declarations, its
feedback and its stem, identifiers as quizkit ids, and what a reading could not take (:class:`Problem`),
for :mod:`toolkit.importing.qti3_items`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from lxml import etree

from toolkit.errors import QuizkitError
from toolkit.importing.local_names import child, children, descendants, local_name
from toolkit.importing.markup_reduction import reduce_markup
from toolkit.importing.question_drafts import part_id
from toolkit.keys import is_valid_id

FEEDBACK = frozenset({"qti-modal-feedback", "qti-feedback-inline", "qti-feedback-block"})
NOT_SHOWN = frozenset({"qti-rubric-block", "qti-template-block", "qti-template-inline", "qti-stylesheet"})
INLINE = frozenset({"qti-text-entry-interaction", "qti-inline-choice-interaction"})
WHITE_SPACE = re.compile(r"[ \t\r\n]+")


@dataclass(frozen=True)
class Problem:
    """Something of the item the question does not hold, at a line of the item file."""

    line: int | None
    reason: str


class RefusedError(QuizkitError):
    """The item's question cannot be held; the problem says why."""

    def __init__(self, line: int | None, reason: str) -> None:
        super().__init__(reason)
        self.problem = Problem(line, reason)


@dataclass
class Reading:
    """What reading one item collects besides its question."""

    lines: dict[str, int] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    todos: dict[str, str] = field(default_factory=dict)
    """What a person must write (by key relative to the question): the question is then a draft."""

    def text(
        self,
        key: str,
        element: etree._Element | None,
        what: str,
        skip: Callable[[etree._Element], str | None] | None = None,
        before: Sequence[etree._Element] = (),
    ) -> str:
        """The quiz text of ``element``'s content (and of ``before``'s, in front of it)."""
        parts = [markup_of(node, skip) for node in (*before, *([element] if element is not None else []))]
        where = element if element is not None else (before[0] if before else None)
        if where is not None:
            self.lines[key] = where.sourceline or 0
        return self.reduced(parts, what, where.sourceline if where is not None else None)

    def reduced(self, parts: Sequence[str], what: str, line: int | None) -> str:
        """The HTML ``parts`` as one quiz text, each a block of its own (a line between them, none for a
        part with no text); what they had that a quiz text cannot hold is reported at ``line``."""
        reduced = reduce_markup("".join(f"<div>{part}</div>" for part in parts if part.strip()))
        for lost in reduced.lost:
            self.problems.append(
                Problem(
                    line,
                    f"the {what} holds {lost}, which a quiz text cannot hold yet; it is left out "
                    "(its words, if any, are kept)",
                )
            )
        return reduced.text


def markup_of(
    element: etree._Element, skip: Callable[[etree._Element], str | None] | None, preformatted: bool = False
) -> str:
    """``element``'s content as HTML without namespaces; ``skip`` gives what stands for a child in its
    place (an empty string drops it), None to keep the child."""
    # XHTML white space (line breaks of the file's layout included) is a space, except inside <pre>;
    # <br> and blocks break lines.
    preformatted = preformatted or local_name(element) == "pre"

    def words(text: str | None) -> str:
        return html.escape((text or "") if preformatted else WHITE_SPACE.sub(" ", text or ""), quote=False)

    parts = [words(element.text)]
    for node in element:
        if isinstance(node.tag, str):
            name = local_name(node)
            replacement = skip(node) if skip is not None else None
            if replacement is not None:
                parts.append(html.escape(replacement, quote=False))
            elif name in FEEDBACK or name in NOT_SHOWN:
                pass
            else:
                attributes = "".join(
                    f' {key}="{html.escape(value)}"'
                    for key, value in node.attrib.items()
                    if key in {"href", "src", "alt", "encoding", "display"}  # MathML: its TeX, display
                )
                parts.append(f"<{name}{attributes}>{markup_of(node, skip, preformatted)}</{name}>")
        parts.append(words(node.tail))
    return "".join(parts)


def attribute(element: etree._Element, name: str, default: str = "") -> str:
    return (element.get(name) or default).strip()


def values(element: etree._Element | None) -> list[str]:
    if element is None:
        return []
    return [(value.text or "").strip() for value in descendants(element, "qti-value")]


@dataclass(frozen=True)
class Declaration:
    identifier: str
    cardinality: str
    base_type: str
    correct: tuple[str, ...]
    mapping: tuple[tuple[str, Decimal, bool], ...]
    """(key, mapped value, case-sensitive) of each map entry."""
    line: int


def declarations(item: etree._Element) -> dict[str, Declaration]:
    found = {}
    for declaration in children(item, "qti-response-declaration"):
        mapping = []
        map_element = child(declaration, "qti-mapping")
        for entry in children(map_element, "qti-map-entry") if map_element is not None else []:
            try:
                mapped = Decimal(attribute(entry, "mapped-value", "0"))
            except InvalidOperation:
                raise RefusedError(entry.sourceline, "a mapped-value that is not a number") from None
            case = attribute(entry, "case-sensitive", "false") in {"true", "1"}
            mapping.append((entry.get("map-key") or "", mapped, case))
        identifier = attribute(declaration, "identifier")
        found[identifier] = Declaration(
            identifier,
            attribute(declaration, "cardinality", "single"),
            attribute(declaration, "base-type"),
            tuple(values(child(declaration, "qti-correct-response"))),
            tuple(mapping),
            declaration.sourceline or 0,
        )
    return found


@dataclass(frozen=True)
class Ids:
    """The bank's identifiers as quizkit ids: kept where valid, else made up (``a``, ``b``, …)."""

    by_bank: dict[str, str]
    made_up: bool

    @staticmethod
    def of(identifiers: Sequence[str], prefix: str = "") -> Ids:
        if all(is_valid_id(identifier) for identifier in identifiers) and len(set(identifiers)) == len(
            identifiers
        ):
            return Ids({identifier: identifier for identifier in identifiers}, False)
        return Ids({identifier: made_up(index, prefix) for index, identifier in enumerate(identifiers)}, True)


def made_up(index: int, prefix: str) -> str:
    """The id of the part at ``index`` that the bank does not name: ``<prefix>1``, ``<prefix>2``, …, or
    without a prefix ``a``, ``b``, … as every reader names them (:func:`question_drafts.part_id`)."""
    return f"{prefix}{index + 1}" if prefix else part_id(index)


class ItemReader:
    """One item being read: its declarations, response processing and body, and what the reading
    collects (:class:`Reading`)."""

    def __init__(self, item: etree._Element) -> None:
        self.item = item
        self.reading = Reading()
        self.declarations = declarations(item)
        self.processing = child(item, "qti-response-processing")
        self.identifier = attribute(item, "identifier")
        body = child(item, "qti-item-body")
        if body is None:
            raise RefusedError(item.sourceline, "the item has no qti-item-body")
        self.body = body

    # --- what the processing does ---------------------------------------------------------------------

    def template(self) -> str:
        if self.processing is None:
            return ""
        template = self.processing.get("template") or ""
        return template.rstrip("/").rsplit("/", 1)[-1].removesuffix(".xml")

    def processing_has(self, name: str) -> bool:
        return self.processing is not None and bool(descendants(self.processing, name))

    def scored_by_mapping(self) -> bool:
        return self.template() in {"map_response", "map_response_point"} or self.processing_has(
            "qti-map-response"
        )

    def declaration(self, interaction: etree._Element) -> Declaration:
        identifier = attribute(interaction, "response-identifier")
        found = self.declarations.get(identifier)
        if found is None:
            raise RefusedError(
                interaction.sourceline, f"the interaction's response {identifier!r} is not declared"
            )
        return found

    # --- feedback -------------------------------------------------------------------------------------

    def feedback(
        self, choice_ids: dict[str, str], inline: Sequence[tuple[str, etree._Element]] = ()
    ) -> tuple[dict[str, list[etree._Element]], list[etree._Element]]:
        """Feedback per option (by the option's quizkit id: each feedback shown when it is chosen, the
        ``inline`` ones, each with the option it is inside, first) and the general feedback elements."""
        per_option: dict[str, list[etree._Element]] = {}
        general: list[etree._Element] = []
        candidates = [
            *inline,
            *(("", feedback) for feedback in children(self.item, "qti-modal-feedback")),
            *(("", block) for block in descendants(self.body, "qti-feedback-block")),
        ]
        for inside, feedback in candidates:
            identifier = attribute(feedback, "identifier")
            option = (
                choice_ids.get(identifier)
                or choice_ids.get(identifier.removeprefix("FEEDBACK."))
                or inside
                or None
            )
            if option is None:
                general.append(feedback)
            elif attribute(feedback, "show-hide", "show") == "hide":
                # Shown while the outcome does NOT hold the choice: for every answer but that one.
                self.reading.problems.append(
                    Problem(
                        feedback.sourceline,
                        f'a feedback shown when choice {identifier!r} is not chosen (show-hide="hide") has no '
                        "place in quizkit, whose option feedback shows when its option is chosen; left out",
                    )
                )
            else:
                per_option.setdefault(option, []).append(feedback)
        return per_option, general

    def general_explanation(self) -> str:
        """The explanation of a question with no feedback per option: every general feedback."""
        _, general = self.feedback({})
        return self.explanation(general)

    def explanation(self, general: list[etree._Element]) -> str:
        texts = []
        for index, feedback in enumerate(general):
            content = child(feedback, "qti-content-body")
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

    def container_of(self, node: etree._Element) -> etree._Element:
        """The child of the body that holds ``node`` (``node`` itself when it is one)."""
        container = node
        while (parent := container.getparent()) is not None and parent is not self.body:
            container = parent
        return container

    def stem(self, interaction: etree._Element) -> list[etree._Element]:
        """The body's elements before the block that holds ``interaction``: the question's stem."""
        container = self.container_of(interaction)
        before = []
        for node in self.body:
            if node is container:
                break
            if isinstance(node.tag, str) and local_name(node) not in FEEDBACK | NOT_SHOWN:
                before.append(node)
        return before

    def prompt_and_explanation(self, interaction: etree._Element) -> tuple[str, str]:
        """The prompt (the stem and the interaction's ``qti-prompt``) and the general explanation, read in
        that order."""
        prompt = self.prompt("prompt", self.stem(interaction), child(interaction, "qti-prompt"))
        return prompt, self.general_explanation()

    def prompt(self, key: str, before: list[etree._Element], prompt: etree._Element | None) -> str:
        text = self.reading.text(key, prompt, "prompt", before=before)
        if text:
            return text
        title = attribute(self.item, "title")
        if title and title != self.identifier:
            self.reading.lines[key] = self.item.sourceline or 0
            self.reading.problems.append(
                Problem(self.item.sourceline, "the item has no prompt; its title is taken as the prompt")
            )
            return title
        raise RefusedError(
            self.item.sourceline, "the item has no prompt (no text before or in its interaction)"
        )
