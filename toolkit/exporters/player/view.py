"""What the HTML player renders of a quiz: every text split into segments, per question kind.

``view(localized, answers)`` is the ``view`` half of the data the player page embeds (the other half is
the JSON bundle). Texts are ``[kind, text]`` segments (``text``, ``latin`` for a Latin run to isolate in
right-to-left text, ``code`` for inline code); interface messages add ``["ph", name]`` placeholders.

Without answers (the delivery variant) a question carries no key at all: no correct option or boolean,
no accepted answer, no number or tolerance, no drop-down ``correct``, no model answer, no explanation or
feedback. Matches and ordering items are then as uninformative as with answers: both are listed in an
order that depends on their source text alone (a SHA-256 of question id and source text), and they
carry ids by that position (``m1``, ``i1``), never the pair's or item's id, so neither the order nor
the ids say which match belongs to which prompt or which item comes first. Being the source's order,
it is the same in every locale, which lets a response travel across the locale switch.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.exporters.media import MediaFiles
from toolkit.exporters.neutral_order import ITEM_ID_PREFIX, MATCH_ID_PREFIX
from toolkit.keys import message_key
from toolkit.localization import LocalizedMessage, LocalizedQuiz
from toolkit.localization.grading import normalize_answer
from toolkit.model import (
    AcceptedAnswer,
    ChoiceBlank,
    ChoiceQuestion,
    EssayQuestion,
    FillInBlanksQuestion,
    Image,
    MatchingQuestion,
    NumericQuestion,
    OrderingQuestion,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    TrueFalseQuestion,
)
from toolkit.text.bidi import Segment, bidi_segments
from toolkit.text.blanks import split_at_blanks
from toolkit.text.formulas import Formula, mathml, plain_text

Segments = list[list[str]]
TRUE_FALSE_DEFAULTS = {"true": "True", "false": "False"}


def segments(text: str, direction: str) -> Segments:
    """``text`` as ``[kind, text]`` pairs: Latin runs are isolated in right-to-left text only. A formula
    is ``[kind, MathML, plain]``: the MathML made here, at build time, and its plain text
    (:func:`toolkit.text.formulas.plain_text`, "2(N − 1)/N") for a place that holds no markup."""
    return [_segment(segment) for segment in bidi_segments(text, isolate_latin=direction == "rtl")]


def _segment(segment: Segment) -> list[str]:
    if segment.kind in ("math", "display-math"):
        display = segment.kind == "display-math"
        formula = Formula(segment.text, display, 0, 0)
        return [segment.kind, mathml(formula), plain_text(formula)]
    return [segment.kind, segment.text]


TYPED_TYPES = frozenset({QuestionType.SHORT_ANSWER, QuestionType.FILL_IN_BLANKS, QuestionType.ESSAY})


KEY_SEGMENT = "key"
"""The kind of the segment that leads a text in the marked view: ``["key", <catalog key>]``."""

LANGUAGE_SEGMENT = "lang"
"""The kind of the segment (after the key, if any) of a text shown in the source language in a question
otherwise in the locale (the ``text`` fallback policy): ``["lang", <tag>, <dir>]``; the player gives the
element that holds the text that ``lang`` and ``dir``, as it does a whole question that fell back."""


@dataclass(frozen=True)
class Marks:
    """Each text's catalog key, for the view that marks them (the screenshots' variant): the player sets
    ``data-quizkit-key`` on the element that holds a text whose segments begin with ``["key", key]``.
    Unmarked (the exports), every text is as it was; a text without a catalog entry (an accepted answer
    marked ``translate: false``) is never marked. A text is named by its key relative to its question,
    as :meth:`toolkit.model.HasTexts.keyed_texts` gives it (``options.<id>.feedback``); a name that
    matched none would leave its text unmarked, without a screenshot, which tests/screenshots/ catch."""

    keys: Mapping[str, str] | None
    in_source: frozenset[str] = frozenset()
    """The relative names of the texts shown in the source language (the ``text`` fallback policy)."""
    source: tuple[str, str] = ("", "")
    """The source's ``lang`` and ``dir``, for the texts of ``in_source``."""

    @classmethod
    def of(cls, localized: LocalizedQuiz, question_id: str, marked: bool) -> Marks:
        """The marks of one question: its texts' keys by their key relative to the question, and which
        of its texts stand in the source language."""
        source = localized.quiz.question(question_id)
        in_source = frozenset(
            relative for relative, text in source.keyed_texts() if text.key in localized.fallen_back_keys
        )
        language = (localized.source.tag, localized.source.direction)
        if not marked:
            return cls(None, in_source, language)
        translated = {text.key for text in source.texts()}
        keys = {relative: text.key for relative, text in source.keyed_texts() if text.key in translated}
        return cls(keys, in_source, language)

    def __call__(self, parts: Segments, relative: str) -> Segments:
        if relative in self.in_source:
            parts = [[LANGUAGE_SEGMENT, *self.source], *parts]
        key = self.keys.get(relative) if self.keys is not None else None
        return [[KEY_SEGMENT, key], *parts] if key else parts


@dataclass(frozen=True)
class ImageLinks:
    """How a page links the quiz's images: their copies in ``media``, ``depth`` folders up from it."""

    media: MediaFiles
    depth: int = 1

    def __call__(
        self, image: Image[str] | None, direction: str, mark: Marks, relative: str
    ) -> dict[str, Any] | None:
        """An image as the player shows it: ``src`` from the page, ``alt`` as segments (the player writes
        them as plain text, and marks the image with the alt text's key), its size where known."""
        if image is None:
            return None
        copy = self.media.file(image)
        shown: dict[str, Any] = {"src": "../" * self.depth + str(copy.path), "decorative": image.decorative}
        if image.alt is not None and not image.decorative:
            shown["alt"] = mark(segments(image.alt, direction), relative)
        if copy.facts.width and copy.facts.height:
            shown |= {"width": copy.facts.width, "height": copy.facts.height}
        return shown


def typed_direction(direction: str) -> str:
    """The ``dir`` of a field a learner types an answer in, in a question written in ``direction``.

    ``auto`` only in left-to-right questions: their answers start with a left-to-right letter, so the
    field stays left to right for them, and turns right to left for a learner who types Arabic or Hebrew
    script. In a right-to-left question ``auto`` would turn the whole field left to right as soon as an
    answer starts with a Latin name (``all-reduce``, GPU), which is common in Urdu: the field keeps the
    question's direction there. (Numeric fields are always ``ltr``: a number is a left-to-right run in
    Urdu too, and in a right-to-left field ``-5`` shows as ``5-``.)
    """
    return "auto" if direction == "ltr" else direction


def _digest(question_id: str, text: str) -> str:
    return hashlib.sha256(f"{question_id}\0{text}".encode()).hexdigest()


def _by_digest(question_id: str, texts: dict[str, str]) -> list[str]:
    """The ids of ``texts`` (source texts by id) ordered by a hash of question id and text, then by id."""
    return sorted(texts, key=lambda text_id: (_digest(question_id, texts[text_id]), text_id))


def option_order(question: ChoiceQuestion[str]) -> list[str]:
    """Option ids in display order: unpinned options shuffled by a hash seeded with the question id."""
    ids = [option.id for option in question.options]
    if not question.shuffle:
        return ids
    free = [option.id for option in question.options if not option.pinned]
    shuffled = iter(sorted(free, key=lambda option_id: _digest(question.id, option_id)))
    return [option.id if option.pinned else next(shuffled) for option in question.options]


def match_order(localized: LocalizedQuiz, question: MatchingQuestion[str]) -> list[str]:
    """The ids of the matches (a pair's match has its pair's id; then the distractors) in display order:
    by a hash of their source text, so the order says nothing of the pairing and is the same in every
    locale."""
    source = localized.quiz.question(question.id)
    assert isinstance(source, MatchingQuestion)
    texts = {pair.id: pair.match.source for pair in source.pairs}
    texts |= {distractor.id: distractor.text.source for distractor in source.distractors}
    return _by_digest(question.id, texts)


def item_order(localized: LocalizedQuiz, question: OrderingQuestion[str]) -> list[str]:
    """The ids of the items in the order they are first shown: by a hash of their source text, not the
    correct order, and the same in every locale."""
    source = localized.quiz.question(question.id)
    assert isinstance(source, OrderingQuestion)
    texts = {item.id: item.text.source for item in source.items}
    return _by_digest(question.id, texts)


def _delivery_ids(order: list[str], prefix: str) -> dict[str, str]:
    """Each id of ``order`` by the id the player shows for it: ``prefix`` and its position (m1, i1)."""
    return {shown_id: f"{prefix}{index}" for index, shown_id in enumerate(order, start=1)}


def _accepted(answers: Sequence[AcceptedAnswer[str]], locale: str, case_sensitive: bool) -> list[str]:
    """Every accepted answer of the locale as the reference grader compares it (normalized here, by
    the library itself), without duplicates."""
    normalized = (
        normalize_answer(line, locale, case_sensitive) for answer in answers for line in answer.accepted
    )
    return list(dict.fromkeys(text for text in normalized if text))


def _shown(
    answers: Sequence[AcceptedAnswer[str]], direction: str, mark: Marks, owner: str = ""
) -> list[Segments]:
    return [mark(segments(answer.shown, direction), f"{owner}answers.{answer.id}") for answer in answers]


def _choice(
    question: ChoiceQuestion[str], direction: str, answers: bool, mark: Marks, links: ImageLinks
) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for option in question.options:
        entry: dict[str, Any] = {"text": mark(segments(option.text, direction), f"options.{option.id}")}
        if option.image is not None:
            entry["image"] = links(option.image, direction, mark, f"options.{option.id}.image-alt")
        if answers and option.feedback:
            entry["feedback"] = mark(segments(option.feedback, direction), f"options.{option.id}.feedback")
        options[option.id] = entry
    item: dict[str, Any] = {"order": option_order(question), "options": options}
    if answers:
        item["correct"] = list(question.correct)
        item["partialCredit"] = question.partial_credit
    return item


def _matching(
    localized: LocalizedQuiz, question: MatchingQuestion[str], direction: str, answers: bool, mark: Marks
) -> dict[str, Any]:
    texts = {pair.id: (pair.match, f"pairs.{pair.id}.match") for pair in question.pairs}
    texts |= {
        distractor.id: (distractor.text, f"distractors.{distractor.id}")
        for distractor in question.distractors
    }
    order = match_order(localized, question)
    position = _delivery_ids(order, MATCH_ID_PREFIX)
    item: dict[str, Any] = {
        "pairs": [
            {"id": pair.id, "prompt": mark(segments(pair.prompt, direction), f"pairs.{pair.id}.prompt")}
            for pair in question.pairs
        ],
        "matches": [
            {
                "id": position[match_id],
                "text": mark(segments(texts[match_id][0], direction), texts[match_id][1]),
            }
            for match_id in order
        ],
    }
    if answers:
        item["correct"] = {pair.id: position[pair.id] for pair in question.pairs}
        item["partialCredit"] = question.partial_credit
    return item


def _ordering(
    localized: LocalizedQuiz, question: OrderingQuestion[str], direction: str, answers: bool, mark: Marks
) -> dict[str, Any]:
    texts = {entry.id: entry.text for entry in question.items}
    order = item_order(localized, question)
    position = _delivery_ids(order, ITEM_ID_PREFIX)
    item: dict[str, Any] = {
        "items": [
            {"id": position[item_id], "text": mark(segments(texts[item_id], direction), f"items.{item_id}")}
            for item_id in order
        ]
    }
    if answers:
        item["correct"] = [position[entry.id] for entry in question.items]
        item["partialCredit"] = question.partial_credit
    return item


def _blanks(
    question: FillInBlanksQuestion[str], locale: str, direction: str, answers: bool, mark: Marks
) -> dict[str, Any]:
    # The pieces in the translation's order: a translator may move the markers.
    parts: list[Any] = [
        ["blank", piece] if is_blank else ["text", mark(segments(piece, direction), "text")]
        for piece, is_blank in split_at_blanks(question.text)
    ]
    blanks: dict[str, Any] = {}
    for blank in question.blanks:
        if isinstance(blank, ChoiceBlank):
            entry: dict[str, Any] = {
                "kind": "choice",
                "options": [
                    {
                        "id": option.id,
                        "text": mark(
                            segments(option.text, direction), f"blanks.{blank.id}.options.{option.id}"
                        ),
                    }
                    for option in blank.options
                ],
            }
            if answers:
                entry["correct"] = blank.correct
        else:
            entry = {"kind": "typed"}
            if answers:
                entry["accepted"] = _accepted(blank.answers, locale, blank.case_sensitive)
                entry["caseSensitive"] = blank.case_sensitive
                entry["shown"] = _shown(blank.answers, direction, mark, f"blanks.{blank.id}.")
        blanks[blank.id] = entry
    item: dict[str, Any] = {"text": parts, "blanks": blanks}
    if answers:
        item["partialCredit"] = question.partial_credit
    return item


def _kind(
    localized: LocalizedQuiz,
    question: Question[str],
    direction: str,
    answers: bool,
    mark: Marks,
    links: ImageLinks,
) -> dict[str, Any]:
    """The fields of one question's kind; the key only with ``answers``."""
    locale = localized.locale.tag
    if isinstance(question, ChoiceQuestion):
        return _choice(question, direction, answers, mark, links)
    if isinstance(question, TrueFalseQuestion):
        return {"correct": question.correct} if answers else {}
    if isinstance(question, ShortAnswerQuestion):
        if not answers:
            return {}
        return {
            "accepted": _accepted(question.answers, locale, question.case_sensitive),
            "caseSensitive": question.case_sensitive,
            "shown": _shown(question.answers, direction, mark),
        }
    if isinstance(question, NumericQuestion):
        item: dict[str, Any] = {
            "unit": mark(segments(question.unit, direction), "unit") if question.unit else None
        }
        if answers:
            item["answer"] = str(question.answer)
            item["tolerance"] = str(question.tolerance)
        return item
    if isinstance(question, MatchingQuestion):
        return _matching(localized, question, direction, answers, mark)
    if isinstance(question, OrderingQuestion):
        return _ordering(localized, question, direction, answers, mark)
    if isinstance(question, FillInBlanksQuestion):
        return _blanks(question, locale, direction, answers, mark)
    assert isinstance(question, EssayQuestion)
    if answers and question.model_answer:
        return {"modelAnswer": mark(segments(question.model_answer, direction), "model-answer")}
    return {}


def message_segments(template: str, placeholders: Sequence[str], direction: str) -> Segments:
    """A message template as segments, with ``["ph", name]`` for each placeholder."""
    result: Segments = []
    rest = template
    while rest:
        found = [(rest.find("{" + name + "}"), name) for name in placeholders if "{" + name + "}" in rest]
        if not found:
            result += segments(rest, direction)
            break
        index, name = min(found)
        if index:
            result += segments(rest[:index], direction)
        result.append(["ph", name])
        rest = rest[index + len(name) + 2 :]
    return result


def view_message(message: LocalizedMessage, localized: LocalizedQuiz, marked: bool = False) -> dict[str, Any]:
    """A message as segments, with the ``lang``/``dir`` it is written in: the player gives interface
    text its own language even inside a question that fell back to the source. ``marked``: each form
    led by the message's key (:class:`Marks`)."""
    written_in = localized.source if message.fell_back else localized.locale
    direction = written_in.direction
    language = {"lang": written_in.tag, "dir": direction}
    mark = Marks({"": message_key(message.name)} if marked else None)
    if message.plural is None:
        text = message_segments(message.text or "", message.placeholders, direction)
        return {"text": mark(text, ""), **language}
    return {
        "plural": message.plural,
        "forms": {
            category: mark(message_segments(form, message.placeholders, direction), "")
            for category, form in message.forms
        },
        **language,
    }


def view(
    localized: LocalizedQuiz, answers: bool, marked: bool = False, links: ImageLinks | None = None
) -> dict[str, Any]:
    """The texts of a quiz as the player renders them: segments, with each question's ``lang``/``dir``,
    and its kind's fields. ``marked``: every text led by its catalog key (:class:`Marks`), for the
    screenshots; the exports are never marked. ``links``: where the page finds the images."""
    links = links if links is not None else ImageLinks(MediaFiles())
    questions = []
    for question in localized.questions:
        written_in = localized.source if question.fell_back else localized.locale
        direction = written_in.direction
        mark = Marks.of(localized, question.id, marked)
        item: dict[str, Any] = {
            "id": question.id,
            "type": question.type.value,
            "lang": written_in.tag,
            "dir": direction,
            "prompt": mark(segments(question.prompt, direction), "prompt"),
        }
        if question.image is not None:
            item["image"] = links(question.image, direction, mark, "image-alt")
        if question.type in TYPED_TYPES:
            item["typedDir"] = typed_direction(direction)
        item |= _kind(localized, question, direction, answers, mark, links)
        if answers:
            item["explanation"] = mark(segments(question.explanation, direction), "explanation")
            if question.explanation_image is not None:
                item["explanationImage"] = links(
                    question.explanation_image, direction, mark, "explanation-image-alt"
                )
        questions.append(item)
    messages = {message.name: view_message(message, localized, marked) for message in localized.messages}
    source = {"lang": localized.source.tag, "dir": localized.source.direction}
    # A project without the true/false labels in its ui.yaml: the source language's words.
    for name, default in TRUE_FALSE_DEFAULTS.items():
        messages.setdefault(name, {"text": [["text", default]], **source})
    return {
        "latinLang": localized.source.tag if localized.source.direction == "ltr" else "en",
        "questions": questions,
        "messages": messages,
    }
