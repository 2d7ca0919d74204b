"""One QTI 1.2 ``<item>`` (Canvas's flavour, or Common Cartridge's profile) read as a question of the
content model, its texts still plain strings in the item's own language.

The kind comes from Canvas's ``question_type`` (``qtimetadata``), else the item's ``cc_profile``, else
the shape of its responses. The right answers come from the item's ``resprocessing`` as Canvas's
exporter writes it (``lib/cc/qti/qti_items.rb`` in instructure/canvas-lms) and its importer reads it
(``gems/plugins/qti_exporter/lib/qti/``): a choice is right when a condition on it sets ``SCORE`` above
zero (``<and>`` of the right ones and ``<not>`` the others for multiple answers); a typed answer is
right when a condition on its text does (several ``<varequal>`` in a condition, or joined by ``<or>``,
are alternatives); a number has an exact value, a ``<vargte>``/``<varlte>`` margin or a range; each
prompt of a matching question and each blank adds its share. Feedback is an ``<itemfeedback>``: the
one shown by the ``<other/>`` condition (or named ``general_fb``) is the explanation, one shown by a
condition on a single choice is that option's feedback.

Ids are given by position (options ``a``, ``b``…), since the items' own answer ids are numbers or
digests that are no quizkit id; blanks keep their names where they are ids. The bank module decides the
question ids and turns the strings into texts with keys and translations (:mod:`toolkit.importing.qti12_bank`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation

from lxml import etree

from toolkit.errors import QuizkitError
from toolkit.importing.local_names import descendants, first, local_name
from toolkit.importing.markup_reduction import only_images
from toolkit.importing.qti12_elements import (
    GENERAL_FEEDBACK,
    Condition,
    Material,
    counting_tests,
    is_other,
    letter_id,
    metadata_fields,
    read_conditions,
    read_feedbacks,
)
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
    Pair,
    Question,
    QuestionType,
    ShortAnswerQuestion,
    TrueFalseQuestion,
    TypedBlank,
)

UNREPRESENTABLE = {
    "calculated_question": "a formula question (Canvas's calculated_question) has no quizkit kind: its "
    "numbers are drawn anew for every learner; write it as a numeric question with fixed numbers",
    "file_upload_question": "a file upload (Canvas's file_upload_question) has no quizkit kind; ask for "
    "the answer as an essay instead",
    "text_only_question": "a text with no question (Canvas's text_only_question) has no quizkit kind; put "
    "its text in the quiz's description or in the prompt of the question it introduces",
    "cc.pattern_match.v0p1": "a pattern-match answer (cc.pattern_match.v0p1) accepts any response holding "
    "its text, which quizkit's grader does not do; write the accepted answers out",
}
_DIV_WITH_LANGUAGE = re.compile(r"<div\b[^>]*\blang=\"([^\"]+)\"[^>]*>.*?</div>", re.DOTALL)
_CANVAS_BLANK = re.compile(r"\[([^\[\]\s]+)\]")


class ItemRefusedError(QuizkitError):
    """The item holds no question quizkit can carry; ``str()`` says why. Caught by the bank module,
    which reports it; never reaches the caller of a reader."""


@dataclass(frozen=True)
class ParsedItem:
    """An item as a question whose texts are the item's strings (reduced from HTML), ids by position."""

    ident: str
    title: str
    line: int | None
    kind: str
    """The item's own name for its kind: Canvas's question_type, the cc_profile, or the shape read."""
    question: Question[str]
    language: str | None
    """The ``lang`` of the prompt's HTML, where it has one: how a translation shows that a question fell
    back to the source language."""
    lost: tuple[str, ...] = ()
    """What the item has that the question does not (an image, a feedback for wrong answers)."""
    todos: tuple[tuple[str, str], ...] = ()
    """(field, what to do): the question is kept only as a draft with these to-dos."""
    part_idents: tuple[tuple[str, str], ...] = ()
    """(key relative to the question, the item's ident) of each option, distractor and drop-down option:
    how a translation's parts are found when they are listed in another order."""
    answer_idents: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(``answers`` or ``blanks.<id>.answers``, the idents of its accepted answers in order): how the
    answers of a translation, which may have more or fewer, are grouped under the source's."""
    notes: tuple[str, ...] = field(default=())


def read_item(item: etree._Element) -> ParsedItem:
    """``item`` as a question; :class:`ItemRefusedError` when it holds none quizkit can carry."""
    itemmetadata = first(item, "itemmetadata")
    fields = metadata_fields(itemmetadata if itemmetadata is not None else item)
    kind = fields.get("question_type") or fields.get("cc_profile") or _shape(item)
    if kind in UNREPRESENTABLE:
        raise ItemRefusedError(UNREPRESENTABLE[kind])
    material = Material()
    presentation = first(item, "presentation")
    if presentation is None:
        raise ItemRefusedError("the item has no <presentation>, so no question to read")
    prompt_html = material.html(_own_material(presentation))
    language = _language(prompt_html)
    conditions = read_conditions(item)
    feedbacks = read_feedbacks(item, material)
    reader = _ItemReader(item, presentation, material, conditions, feedbacks, kind)
    question, todos = reader.question(prompt_html)
    explanation, lost_feedback = reader.explanation()
    todos = [*todos, *reader.todos]
    if not explanation:
        todos.append(
            ("explanation", "write why the answer is right: the bank has no general feedback for it")
        )
    question = replace(question, explanation=explanation)
    if not question.prompt:
        todos.append(
            ("prompt", "write the question's instruction: the bank has the whole question in its text")
        )
    lost = [f"{what} in its texts" for what in material.lost] + lost_feedback + reader.lost
    return ParsedItem(
        ident=item.get("ident", ""),
        title=item.get("title", ""),
        line=item.sourceline,
        kind=kind,
        question=question,
        language=language,
        lost=tuple(lost),
        todos=tuple(todos),
        part_idents=tuple(reader.part_idents),
        answer_idents=tuple(reader.answer_idents),
        notes=tuple(reader.notes),
    )


def _own_material(presentation: etree._Element) -> etree._Element | None:
    """The presentation's own text (its first ``material`` outside every response)."""
    for element in presentation.iter():
        if local_name(element) == "material" and not any(
            local_name(ancestor).startswith("response_") for ancestor in element.iterancestors()
        ):
            return element
    return None


def _language(html: str) -> str | None:
    found = re.match(r"\s*<div\b[^>]*\blang=\"([^\"]+)\"", html)
    return found.group(1) if found else None


def _shape(item: etree._Element) -> str:
    """A kind for an item that does not name one: from its responses."""
    lids = descendants(item, "response_lid")
    if len(lids) > 1:
        return "matching_question"
    if lids:
        return _CHOICE_BY_SHAPE
    fib = first(item, "render_fib")
    if fib is not None and fib.get("fibtype", "String") in {"Decimal", "Integer"}:
        return "numerical_question"
    if fib is not None and fib.get("rows", "1").strip() not in {"", "0", "1"}:
        return "essay_question"
    return "short_answer_question" if fib is not None else "unknown"


_CHOICE_BY_SHAPE = "a choice (read from its responses)"
"""An item naming no kind with one list of options: true/false, single or multiple choice by its answers."""
_CANVAS_MULTIPLE_ANSWERS = "multiple_answers_question"
_CHOICE_KINDS = {
    "multiple_choice_question": QuestionType.SINGLE_CHOICE,
    "cc.multiple_choice.v0p1": QuestionType.SINGLE_CHOICE,
    _CANVAS_MULTIPLE_ANSWERS: QuestionType.MULTIPLE_CHOICE,
    "cc.multiple_response.v0p1": QuestionType.MULTIPLE_CHOICE,
}
_SHORT = {"short_answer_question", "cc.fib.v0p1"}
_ESSAY = {"essay_question", "cc.essay.v0p1"}
_TRUE_FALSE = {"true_false_question", "cc.true_false.v0p1"}
_QUESTION_FEEDBACK = frozenset({GENERAL_FEEDBACK, "correct_fb", "general_incorrect_fb"})
"""Canvas's feedback of the question as a whole (``lib/cc/qti/qti_items.rb``, ``add_question``)."""
_BLANKS = {"fill_in_multiple_blanks_question", "multiple_dropdowns_question"}


@dataclass
class _ItemReader:
    """One item as it is read: its parts, and what the reading used, lost and noted."""

    item: etree._Element
    presentation: etree._Element
    material: Material
    conditions: list[Condition]
    feedbacks: dict[str, str]
    kind: str
    used_feedback: set[str] = field(default_factory=set)
    lost: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    part_idents: list[tuple[str, str]] = field(default_factory=list)
    answer_idents: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    todos: list[tuple[str, str]] = field(default_factory=list)

    # --- the kinds -------------------------------------------------------------------------------------

    def question(self, prompt_html: str) -> tuple[Question[str], list[tuple[str, str]]]:
        kind = self.kind
        if kind in _BLANKS:
            return self.blanks(prompt_html), []
        if kind == "numerical_question":
            return self.numeric(prompt_html)
        prompt = self.material.reduce(prompt_html)
        if kind in _CHOICE_KINDS or kind in _TRUE_FALSE or kind == _CHOICE_BY_SHAPE:
            return self.choice(prompt, _CHOICE_KINDS.get(kind)), []
        if kind in _SHORT:
            return self.short_answer(prompt), []
        if kind == "matching_question":
            return self.matching(prompt), []
        if kind in _ESSAY:
            self.notes_for_essay()
            return EssayQuestion(id="", prompt=prompt, explanation=""), []
        raise ItemRefusedError(f"its kind '{kind}' is not one quizkit reads from QTI 1.2")

    def labels(self, response: etree._Element) -> list[tuple[str, str]]:
        return [
            (label.get("ident", ""), self.material.text(label))
            for label in descendants(response, "response_label")
        ]

    def right(self, respident: str | None = None) -> list[str]:
        """The values of the varequal tests of the conditions that give marks, in order, once each."""
        found: list[str] = []
        for condition in self.conditions:
            if not condition.scores:
                continue
            for test in counting_tests(condition):
                if respident is not None and test.get("respident") != respident:
                    continue
                value = (test.text or "").strip()
                if value not in found:
                    found.append(value)
        return found

    def choice(self, prompt: str, kind: QuestionType | None) -> Question[str]:
        response = first(self.presentation, "response_lid")
        if response is None:
            raise ItemRefusedError("a choice question with no <response_lid>: it lists no options")
        labels = self.labels(response)
        if not labels:
            raise ItemRefusedError("a choice question with no options")
        right = [ident for ident in self.right() if ident in {label for label, _ in labels}]
        adds = [condition for condition in self.conditions if condition.scores and condition.adds]
        if kind is None:
            true_false = self.true_false(prompt, labels, right)
            if true_false is not None:
                return true_false
            kind = QuestionType.SINGLE_CHOICE if len(right) == 1 else QuestionType.MULTIPLE_CHOICE
        if not right:
            raise ItemRefusedError("no option gives marks: the item's <resprocessing> marks no answer right")
        if kind is QuestionType.SINGLE_CHOICE and len(right) > 1:
            kind = QuestionType.MULTIPLE_CHOICE
            self.notes.append("several options give full marks, so it became a multiple_choice question")
        ids = [letter_id(index) for index in range(len(labels))]
        options = []
        for option_id, (ident, text), label in zip(
            ids, labels, descendants(response, "response_label"), strict=True
        ):
            options.append(Option(id=option_id, text=text, feedback=self.option_feedback(ident)))
            self.part_idents.append((f"options.{option_id}", ident))
            if not text:
                why = only_images(self.material.html(label)) or "the bank's option has none"
                self.todos.append((f"options.{option_id}", f"write the text of option {option_id}: {why}"))
        shuffle = first(response, "render_choice")
        shuffles = (
            None if shuffle is None or shuffle.get("shuffle") is None else shuffle.get("shuffle") == "Yes"
        )
        pinned = {
            label.get("ident")
            for label in descendants(response, "response_label")
            if label.get("rshuffle") == "No"
        }
        options = [
            replace(option, pinned=True) if shuffles and ident in pinned else option
            for option, (ident, _) in zip(options, labels, strict=True)
        ]
        correct = tuple(
            option_id for option_id, (ident, _) in zip(ids, labels, strict=True) if ident in right
        )
        return ChoiceQuestion(
            id="",
            type=kind,
            prompt=prompt,
            options=tuple(options),
            correct=correct,
            explanation="",
            shuffle=shuffles,
            # Canvas grades a multiple_answers_question per option whatever its conditions say: each
            # right choice adds 1/R of the marks, each wrong one takes 1/R away, never below 0
            # (``MultipleAnswersQuestion#correct_answer_parts``,
            # ``app/models/quizzes/quiz_question/multiple_answers_question.rb``), quizkit's partial credit.
            partial_credit=kind is QuestionType.MULTIPLE_CHOICE
            and (bool(adds) or self.kind == _CANVAS_MULTIPLE_ANSWERS),
        )

    def true_false(
        self, prompt: str, labels: list[tuple[str, str]], right: list[str]
    ) -> Question[str] | None:
        if len(labels) != 2 or len(right) != 1:
            return None
        by_ident = {ident.lower(): ident for ident, _ in labels}
        if set(by_ident) == {"true", "false"}:
            true_ident = by_ident["true"]
        else:
            # As Canvas's importer decides (ChoiceInteraction#process_true_false_question): one answer
            # reads /true/i and the other /false/i.
            matches = [ident for ident, text in labels if re.search("true", text, re.I)]
            others = [ident for ident, text in labels if re.search("false", text, re.I)]
            if len(matches) != 1 or len(others) != 1 or matches == others:
                return None
            true_ident = matches[0]
        return TrueFalseQuestion(id="", prompt=prompt, correct=right[0] == true_ident, explanation="")

    def option_feedback(self, ident: str) -> str | None:
        for condition in self.conditions:
            tests = counting_tests(condition)
            if len(tests) != 1 or (tests[0].text or "").strip() != ident:
                continue
            for link in condition.feedback:
                if link in self.feedbacks and link not in _QUESTION_FEEDBACK and self.feedbacks[link]:
                    self.used_feedback.add(link)
                    return self.feedbacks[link]
        named = f"{ident}_fb"
        if self.feedbacks.get(named):
            self.used_feedback.add(named)
            return self.feedbacks[named]
        return None

    def short_answer(self, prompt: str) -> Question[str]:
        texts = [text for text in self.right() if text]
        if not texts:
            raise ItemRefusedError("a short answer with no accepted answer in its <resprocessing>")
        cased = any(
            test.get("case", "No") == "Yes"
            for condition in self.conditions
            for test in counting_tests(condition)
        )
        if any(counting_tests(condition, "varsubstring") for condition in self.conditions):
            self.lost.append("an answer accepted when the response only contains it (<varsubstring>)")
        answers = tuple(
            AcceptedAnswer(id=letter_id(index), text=" ".join(text.split()))
            for index, text in enumerate(texts)
        )
        original = metadata_fields(self.item).get("original_answer_ids", "")
        idents = tuple(ident for ident in original.split(",") if ident)
        self.answer_idents.append(("answers", idents if len(idents) == len(texts) else ()))
        return ShortAnswerQuestion(
            id="", prompt=prompt, answers=answers, explanation="", case_sensitive=cased
        )

    def numeric(self, prompt_html: str) -> tuple[Question[str], list[tuple[str, str]]]:
        unit = None
        blocks = _DIV_WITH_LANGUAGE.findall(prompt_html)
        divs = list(_DIV_WITH_LANGUAGE.finditer(prompt_html))
        if (
            len(blocks) == 2
            and "".join(
                prompt_html[match.end() : next_start]
                for match, next_start in zip(divs, [divs[1].start(), len(prompt_html)], strict=True)
            ).strip()
            == ""
        ):
            # quizkit writes a numeric question's unit as a second block after its prompt.
            unit = self.material.reduce(divs[1].group(0)) or None
            prompt_html = divs[0].group(0)
        prompt = self.material.reduce(prompt_html)
        ranges: list[tuple[Decimal, Decimal]] = []
        for condition in self.conditions:
            if not condition.scores:
                continue
            found = self.number_range(condition)
            if found is not None and found not in ranges:
                ranges.append(found)
        if not ranges:
            raise ItemRefusedError("a numerical question with no answer in its <resprocessing>")
        low, high = ranges[0]
        if low > high:
            raise ItemRefusedError(f"its answer range runs from {low} down to {high}; correct it in the bank")
        try:
            answer, tolerance = (low + high) / 2, (high - low) / 2
        except ArithmeticError:
            raise ItemRefusedError("its answer's numbers are too large to compute with") from None
        todos = []
        if len(ranges) > 1:
            others = ", ".join(_range_text(*each) for each in ranges[1:])
            todos.append(
                (
                    "prompt",
                    f"the bank accepts several answers ({_range_text(low, high)}, {others}); quizkit "
                    "takes one answer with a tolerance: keep the right one, then remove this to-do",
                )
            )
        question = NumericQuestion(
            id="",
            prompt=prompt,
            answer=answer.normalize() if answer else Decimal(0),
            tolerance=tolerance.normalize() if tolerance else Decimal(0),
            unit=unit,
            explanation="",
        )
        return question, todos

    def number_range(self, condition: Condition) -> tuple[Decimal, Decimal] | None:
        values: dict[str, Decimal] = {}
        for name in ("varequal", "vargte", "vargt", "varlte", "varlt"):
            for test in counting_tests(condition, name):
                try:
                    value = Decimal((test.text or "").strip())
                except InvalidOperation:
                    continue
                if value.is_finite():
                    values.setdefault(name, value)
        low = values.get("vargte", values.get("vargt"))
        high = values.get("varlte", values.get("varlt"))
        if "vargt" in values or "varlt" in values:
            self.notes.append("a bound that excludes its own value (vargt/varlt) became one that includes it")
        if low is not None and high is not None:
            return (low, high)
        if "varequal" in values:
            return (values["varequal"], values["varequal"])
        return None

    def matching(self, prompt: str) -> Question[str]:
        responses = [lid for lid in descendants(self.presentation, "response_lid")]
        if not responses:
            raise ItemRefusedError("a matching question with no prompts to match")
        texts: dict[str, str] = {}
        correct: list[tuple[str, str]] = []
        for response in responses:
            for ident, text in self.labels(response):
                texts.setdefault(ident, " ".join(text.split()))
            right = self.right(response.get("ident"))
            if not right:
                raise ItemRefusedError(f"the prompt {response.get('ident')!r} has no right match")
            correct.append((self.material.text(response), right[0]))
        pairs = tuple(
            Pair(id=letter_id(index), prompt=text, match=texts.get(match, match))
            for index, (text, match) in enumerate(correct)
        )
        used = {match for _, match in correct}
        unused = [(ident, text) for ident, text in texts.items() if ident not in used]
        distractors = tuple(
            Item(id=letter_id(len(pairs) + index), text=text) for index, (_, text) in enumerate(unused)
        )
        self.part_idents += [
            (f"distractors.{item.id}", ident) for item, (ident, _) in zip(distractors, unused, strict=True)
        ]
        if len(used) < len(correct):
            self.notes.append("two prompts share one match; each pair now has its own copy of it")
        return MatchingQuestion(
            id="",
            prompt=prompt,
            pairs=pairs,
            distractors=distractors,
            explanation="",
            partial_credit=any(condition.adds for condition in self.conditions if condition.scores),
        )

    def blanks(self, html: str) -> Question[str]:
        responses = descendants(self.presentation, "response_lid")
        if not responses:
            raise ItemRefusedError("a fill-in-the-blanks question with no blanks")
        dropdowns = self.kind == "multiple_dropdowns_question"
        blanks: list[Blank[str]] = []
        names: dict[str, str] = {}
        for index, response in enumerate(responses):
            name = re.sub(r"^response_", "", response.get("ident", ""))
            blank_id = name if is_valid_id(name) and name not in names.values() else f"blank{index + 1}"
            names[name] = blank_id
            labels = [(ident, " ".join(text.split())) for ident, text in self.labels(response)]
            cased = any(
                test.get("case", "No") == "Yes"
                for condition in self.conditions
                for test in counting_tests(condition)
                if test.get("respident") == response.get("ident")
            )
            if dropdowns:
                right = self.right(response.get("ident"))
                correct = [index for index, (ident, _) in enumerate(labels) if ident in right]
                if not correct:
                    raise ItemRefusedError(f"the drop-down {name!r} has no right option")
                blanks.append(
                    ChoiceBlank(
                        id=blank_id,
                        options=tuple(Item(id=letter_id(i), text=text) for i, (_, text) in enumerate(labels)),
                        correct=letter_id(correct[0]),
                    )
                )
                self.part_idents += [
                    (f"blanks.{blank_id}.options.{letter_id(i)}", ident)
                    for i, (ident, _) in enumerate(labels)
                ]
            else:
                # Every answer Canvas lists for a blank is accepted (its importer's FillInTheBlank#process_canvas).
                firsts = {text: ident for ident, text in reversed(labels)}
                texts = list(dict.fromkeys(text for _, text in labels if text))
                if not texts:
                    raise ItemRefusedError(f"the blank {name!r} accepts no answer")
                answers = tuple(AcceptedAnswer(id=letter_id(i), text=text) for i, text in enumerate(texts))
                blanks.append(TypedBlank(id=blank_id, answers=answers, case_sensitive=cased))
                self.answer_idents.append(
                    (f"blanks.{blank_id}.answers", tuple(firsts[text] for text in texts))
                )

        def marker(match: re.Match[str]) -> str:
            return "{{" + names[match.group(1)] + "}}" if match.group(1) in names else match.group(0)

        marked = _CANVAS_BLANK.sub(marker, html)
        divs = list(_DIV_WITH_LANGUAGE.finditer(marked))
        prompt_html, text_html = "", marked
        if len(divs) >= 2 and "{{" not in divs[0].group(0):
            # quizkit writes the prompt as a block of its own before the text with the blanks.
            prompt_html, text_html = marked[: divs[0].end()], marked[divs[0].end() :]
        prompt = self.material.reduce(prompt_html)
        text = self.material.reduce(text_html)
        if not prompt:
            lines = text.split("\n")
            if len(lines) > 1 and "{{" not in lines[0]:
                prompt, text = lines[0], "\n".join(lines[1:])
        return FillInBlanksQuestion(
            id="",
            prompt=prompt,
            text=text,
            blanks=tuple(blanks),
            explanation="",
            partial_credit=any(condition.adds for condition in self.conditions if condition.scores),
        )

    def notes_for_essay(self) -> None:
        if first(self.item, "solution") is not None:
            self.lost.append("a solution shown to learners (quizkit's model answer is for graders only)")

    # --- feedback --------------------------------------------------------------------------------------

    def explanation(self) -> tuple[str, list[str]]:
        """The general feedback, and what other item feedback is lost."""
        general = GENERAL_FEEDBACK if GENERAL_FEEDBACK in self.feedbacks else None
        if general is None:
            for condition in self.conditions:
                if is_other(condition) and not condition.scores:
                    general = next((link for link in condition.feedback if link in self.feedbacks), None)
                    if general:
                        break
        text = self.feedbacks.get(general, "") if general else ""
        lost = []
        for ident, feedback in self.feedbacks.items():
            if ident == general or ident in self.used_feedback or not feedback:
                continue
            if ident == "correct_fb":
                lost.append("its feedback for a right answer (quizkit shows the explanation to everyone)")
            elif ident == "general_incorrect_fb":
                lost.append("its feedback for a wrong answer (quizkit shows the explanation to everyone)")
            else:
                lost.append(
                    f"the feedback '{ident}' of one answer (quizkit has feedback only on a choice's options)"
                )
        return text, lost


def _range_text(low: Decimal, high: Decimal) -> str:
    return str(low) if low == high else f"{low} to {high}"
