r"""Moodle's Cloze (``multianswer``) question text: its embedded subquestions read as Moodle reads them.

The grammar is question/type/multianswer/questiontype.php's (``ANSWER_REGEX`` and the alternatives'
regular expressions): ``{weight:TYPE:alternative~alternative…}``, an alternative being an optional
fraction (``=`` for 100 %, ``%50%``), the answer up to the first ``~``, ``#`` or ``}`` not preceded by
``\``, ``&`` or ``&amp;``, and an optional ``#feedback``. Moodle decodes character references in an
answer, then turns ``\}`` into ``}`` and ``\#`` into ``#``
(``qtype_multianswer_extract_question``), which is what quizkit's exporter relies on
(:mod:`toolkit.exporters.lms.moodle_cloze`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from toolkit import keys
from toolkit.importing.moodle_bank_questions import Element, QuestionReader, close_to, percent
from toolkit.importing.moodle_bank_texts import (
    HTML,
    PLAIN,
    FieldText,
    field_text,
    text_markup,
    top_level_blocks,
)
from toolkit.importing.question_drafts import part_id
from toolkit.model import (
    Blank,
    ChoiceBlank,
    FillInBlanksQuestion,
    Item,
    Origin,
    Question,
    Text,
    TypedBlank,
)

_TYPES = (
    "NUMERICAL|NM|MULTICHOICE|MC|MULTICHOICE_V|MCV|MULTICHOICE_H|MCH|SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC|"
    "MULTICHOICE_S|MCS|MULTICHOICE_VS|MCVS|MULTICHOICE_HS|MCHS|MULTIRESPONSE|MR|MULTIRESPONSE_H|MRH|"
    "MULTIRESPONSE_S|MRS|MULTIRESPONSE_HS|MRHS"
)
_FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
# Python's look-behind takes one width at a time: Moodle's (?<!\\|&|&amp;) as three.
_ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
_FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
_ALTERNATIVE = f"(?:{_FRACTION})?(?:{_ANSWER})(?:#(?:{_FEEDBACK}))?"
_CODE = re.compile(r"\{([0-9]*):(" + _TYPES + r"):(" + _ALTERNATIVE + r"(?:~" + _ALTERNATIVE + r")*)\}", re.S)
_ONE_ALTERNATIVE = re.compile(
    r"~?(?:(=)|%(-?[0-9]+(?:[.,][0-9]*)?)%)?(" + _ANSWER + r")(?:#(" + _FEEDBACK + r"))?", re.S
)

SHORT_ANSWER = "short answer"
CHOICE = "choice"
NUMBER = "number"
MULTIPLE_RESPONSE = "multiple response"

_KINDS = {
    "SHORTANSWER": SHORT_ANSWER,
    "SA": SHORT_ANSWER,
    "MW": SHORT_ANSWER,
    "SHORTANSWER_C": SHORT_ANSWER,
    "SAC": SHORT_ANSWER,
    "MWC": SHORT_ANSWER,
    "NUMERICAL": NUMBER,
    "NM": NUMBER,
}


@dataclass(frozen=True)
class Alternative:
    fraction: Decimal
    """As a percentage: 100 for ``=``, 0 when none is written."""
    answer: str
    """As Moodle stores it (HTML for a drop-down's option, the answer for a typed one)."""
    feedback: str


@dataclass(frozen=True)
class Subquestion:
    number: int
    """1-based, in the order of the text."""
    code: str
    """As written, for the report."""
    weight: int
    kind: str
    """:data:`SHORT_ANSWER`, :data:`CHOICE`, :data:`NUMBER` or :data:`MULTIPLE_RESPONSE`."""
    moodle_type: str
    case_sensitive: bool
    alternatives: tuple[Alternative, ...]


def _decoded(text: str) -> str:
    return html.unescape(text.strip()).replace("\\}", "}").replace("\\#", "#")


def _kind(moodle_type: str) -> str:
    if moodle_type in _KINDS:
        return _KINDS[moodle_type]
    return MULTIPLE_RESPONSE if moodle_type.startswith(("MR", "MULTIRESPONSE")) else CHOICE


def subquestions(questiontext: str, marker: str = "{{{{b{number}}}}}") -> tuple[str, tuple[Subquestion, ...]]:
    """``questiontext`` with each subquestion replaced by ``marker`` (formatted with its number), and the
    subquestions in order."""
    found: list[Subquestion] = []

    def replace(match: re.Match[str]) -> str:
        number = len(found) + 1
        moodle_type = match.group(2)
        alternatives = []
        remaining = match.group(3)
        while remaining:
            alternative = _ONE_ALTERNATIVE.match(remaining)
            if alternative is None or not alternative.group(0):
                break
            fraction = Decimal(100) if alternative.group(1) else Decimal(0)
            if alternative.group(2):
                try:
                    fraction = Decimal(alternative.group(2).replace(",", "."))
                except InvalidOperation:
                    fraction = Decimal(0)
            alternatives.append(
                Alternative(fraction, _decoded(alternative.group(3)), _decoded(alternative.group(4) or ""))
            )
            remaining = remaining[alternative.end() :]
        found.append(
            Subquestion(
                number,
                match.group(0),
                int(match.group(1) or 1),
                _kind(moodle_type),
                moodle_type,
                moodle_type in {"SHORTANSWER_C", "SAC", "MWC"},
                tuple(alternatives),
            )
        )
        return marker.format(number=number)

    return _CODE.sub(replace, questiontext), tuple(found)


def numbered_layout(text: str, count: int) -> str | None:
    """quizkit's ``multilang.xml`` form of a Cloze text in one language (see
    :func:`toolkit.exporters.lms.moodle_cloze.cloze_questiontext`): the language's text shows the blanks as
    (1), (2) … and a last line lists ``(1) {{b1}} (2) {{b2}}``. The text with each number replaced by its
    marker, or None when ``text`` is not in that form."""
    lines = text.split("\n")
    listing = " ".join(f"({number}) {{{{b{number}}}}}" for number in range(1, count + 1))
    if not lines or lines[-1].strip() != listing:
        return None
    body = "\n".join(lines[:-1])
    for number in range(1, count + 1):
        if body.count(f"({number})") != 1:
            return None
        body = body.replace(f"({number})", f"{{{{b{number}}}}}")
    return body


def read_cloze(reader: QuestionReader, element: Element) -> Question[Text]:
    questiontext = element.find("questiontext")
    raw = text_markup(questiontext.find("text")) if questiontext is not None else ""
    line = questiontext.sourceline if questiontext is not None else reader.line
    marked, found = subquestions(raw)
    if not found:
        raise reader.unsupported("its text embeds no answer ({1:SHORTANSWER:=…})")
    prompt, text, has_prompt = blanks_text(reader, element, marked, len(found))
    blanks = tuple(_blank(reader, sub, line) for sub in found)
    if not has_prompt:
        reader.notes.append(
            f"{reader.file}:{reader.line}: {reader.question_id}: no paragraph comes before its first blank, so "
            "its name is its prompt, untranslated (Moodle shows learners no name): write the prompt in the quiz "
            "file and translate it"
        )
    if len({sub.weight for sub in found}) > 1:
        reader.issue(
            f"its blanks have the weights {', '.join(str(sub.weight) for sub in found)}; every quizkit blank counts the same"
        )
    return FillInBlanksQuestion(
        id=reader.question_id,
        prompt=prompt,
        text=text,
        blanks=blanks,
        explanation=reader.explanation(element),
        partial_credit=True,
    )


def blanks_text(reader: QuestionReader, element: Element, marked: str, count: int) -> tuple[Text, Text, bool]:
    """The prompt and the text of a question whose ``count`` blanks stand as ``{{b1}}`` … in ``marked`` (its
    question text): the blocks before the first blank's are the prompt (else the question's name is), the
    rest the text, in every language; and whether the text had a prompt of its own."""
    questiontext = element.find("questiontext")
    text_format = questiontext.get("format", HTML) if questiontext is not None else HTML
    line = questiontext.sourceline if questiontext is not None else reader.line
    blocks = top_level_blocks(marked) if text_format != PLAIN else [marked]
    first = next(index for index, block in enumerate(blocks) if "{{b" in block) if blocks else 0
    listing = " ".join(f"({number}) {{{{b{number}}}}}" for number in range(1, count + 1))
    if first > 1 and field_text(blocks[first], text_format, reader.source_locale).source == listing:
        first -= 1  # quizkit's multilang.xml: the blanks are listed after the text that numbers them
    if first > 0:
        prompt = reader.make(
            keys.prompt_key(reader.quiz_id, reader.question_id),
            reader.texts("".join(blocks[:first]), text_format, line),
            line,
        )
        body = "".join(blocks[first:])
    else:
        name = element.findtext("name/text") or reader.label
        prompt = reader.plain(keys.prompt_key(reader.quiz_id, reader.question_id), name, line, "a name")
        body = marked
    texts = reader.texts(body, text_format, line)
    markers = [f"{{{{b{number}}}}}" for number in range(1, count + 1)]

    def placed(text: str | None) -> str | None:
        if text is None:
            return None
        text = numbered_layout(text, count) or text
        return text if all(text.count(marker) == 1 for marker in markers) else None

    source = placed(texts.source)
    if source is None:
        raise reader.unsupported(_unplaced(texts, reader.source_locale, markers), line)
    translations = []
    for locale, translation in texts.translations:
        if (placed_translation := placed(translation)) is not None:
            translations.append((locale, placed_translation))
        else:
            reader.issue(
                f"its {locale} text does not show every blank once; that translation is not imported",
                line,
            )
    text = Text(
        keys.blanks_text_key(reader.quiz_id, reader.question_id),
        source,
        Origin(reader.file, line),
        imported=tuple(translations),
    )
    return prompt, text, first > 0


def _unplaced(texts: FieldText, source_locale: str, markers: list[str]) -> str:
    """Why the blanks ``markers`` could not be placed in the source text of ``texts``, and what to do."""
    versions = [(source_locale, texts.source or ""), *texts.translations]

    def shown(text: str) -> list[int]:
        return [number for number, marker in enumerate(markers, 1) if marker in text]

    if len(versions) > 1 and sorted(n for _locale, text in versions for n in shown(text)) == list(
        range(1, len(markers) + 1)
    ):
        where = ", ".join(
            f"{locale} shows {_numbers(shown(text))}" for locale, text in versions if shown(text)
        )
        return (
            f"its blanks are inside its language spans ({where}): a quizkit question has the same blanks "
            "in every language, and Moodle grades every blank, shown or not, so nobody could earn full "
            "marks; write each blank once, outside the spans, with the words around it in each language's "
            "span, and import it again"
        )
    missing = [number for number in range(1, len(markers) + 1) if number not in shown(texts.source or "")]
    repeated = [number for number, marker in enumerate(markers, 1) if (texts.source or "").count(marker) > 1]
    problems = []
    if missing:
        problems.append(f"{_numbers(missing)} not in")
    if repeated:
        problems.append(f"{_numbers(repeated)} more than once in")
    return (
        f"its blanks could not be placed in its text: {' and '.join(problems)} its {source_locale} text; "
        "write each blank once in the text the question shows in every language, and import it again"
    )


def _numbers(numbers: list[int]) -> str:
    listed = ", ".join(str(number) for number in numbers)
    return f"blank {listed}" if len(numbers) == 1 else f"blanks {listed}"


def _blank(reader: QuestionReader, sub: Subquestion, line: int) -> Blank[Text]:
    blank_id = f"b{sub.number}"
    if sub.kind == SHORT_ANSWER:
        alternatives = [
            (alternative.answer, alternative.fraction, alternative.feedback, line)
            for alternative in sub.alternatives
        ]
        answers = reader.accepted(
            alternatives,
            lambda answer_id: keys.answer_key(reader.quiz_id, reader.question_id, answer_id, blank_id),
            sub.case_sensitive,
        )
        return TypedBlank(blank_id, answers, sub.case_sensitive)
    if sub.kind != CHOICE:
        raise reader.unsupported(
            f"its blank {sub.number} ({sub.moodle_type}) "
            + (
                "takes a number; quizkit's typed blanks compare text"
                if sub.kind == "number"
                else "lets the learner tick several answers; quizkit's drop-downs take one"
            )
        )
    options = []
    right = []
    for index, alternative in enumerate(sub.alternatives):
        option_id = part_id(index)
        if alternative.feedback:
            reader.issue(
                f"the feedback of the option '{alternative.answer}' of blank {sub.number} has no place in quizkit; not imported",
                line,
            )
        key = keys.blank_option_key(reader.quiz_id, reader.question_id, blank_id, option_id)
        options.append(
            Item(option_id, reader.plain(key, alternative.answer, line, f"an option of blank {sub.number}"))
        )
        if close_to(alternative.fraction, Decimal(100)):
            right.append(option_id)
        elif alternative.fraction != 0:
            reader.issue(
                f"the option '{alternative.answer}' of blank {sub.number} earns {percent(alternative.fraction)} % in Moodle; quizkit's drop-down has one right option",
                line,
            )
    if len(right) != 1:
        raise reader.unsupported(
            f"its blank {sub.number} has {len(right)} options worth 100 %; a drop-down has exactly one right option"
        )
    if sub.moodle_type not in ("MULTICHOICE", "MC", "MULTICHOICE_S", "MCS"):
        reader.notes.append(
            f"{reader.file}:{reader.line}: {reader.question_id}: blank {sub.number} ({sub.moodle_type}, radio buttons in Moodle) is a drop-down in quizkit"
        )
    return ChoiceBlank(blank_id, tuple(options), right[0])


_GAP = re.compile(r"\[\[([0-9]+)\]\]")


def read_gapselect(reader: QuestionReader, element: Element) -> Question[Text]:
    """Select missing words (qtype_gapselect): gap ``[[n]]`` is right with choice n, and its drop-down
    lists the choices of choice n's group (qtype_gapselect's question.php), which is exactly a
    drop-down blank whose options are that group's choices; Moodle scores the gaps one by one."""
    questiontext = element.find("questiontext")
    raw = text_markup(questiontext.find("text")) if questiontext is not None else ""
    choices = [
        (text_markup(option.find("text")), (option.findtext("group") or "1").strip(), option.sourceline)
        for option in element.findall("selectoption")
    ]
    gaps: list[int] = []

    def mark(match: re.Match[str]) -> str:
        gaps.append(int(match.group(1)))
        return f"{{{{b{len(gaps)}}}}}"

    marked = _GAP.sub(mark, raw)
    if not gaps:
        raise reader.unsupported("its text has no gap ([[1]])")
    missing = sorted({gap for gap in gaps if not 1 <= gap <= len(choices)})
    if missing:
        raise reader.unsupported(f"its gaps {', '.join(f'[[{gap}]]' for gap in missing)} name no choice")
    prompt, text, _has_prompt = blanks_text(reader, element, marked, len(gaps))
    blanks: list[Blank[Text]] = []
    for number, gap in enumerate(gaps, start=1):
        blank_id = f"b{number}"
        group = choices[gap - 1][1]
        in_group = [index for index, choice in enumerate(choices) if choice[1] == group]
        options = tuple(
            Item(
                part_id(position),
                reader.plain(
                    keys.blank_option_key(reader.quiz_id, reader.question_id, blank_id, part_id(position)),
                    choices[index][0],
                    choices[index][2],
                    f"a choice of gap {number}",
                ),
            )
            for position, index in enumerate(in_group)
        )
        if len({option.text.source for option in options}) != len(options):
            raise reader.unsupported(
                f"the choices of gap {number} repeat a text, which a drop-down cannot tell apart"
            )
        blanks.append(ChoiceBlank(blank_id, options, part_id(in_group.index(gap - 1))))
    return FillInBlanksQuestion(
        id=reader.question_id,
        prompt=prompt,
        text=text,
        blanks=tuple(blanks),
        explanation=reader.explanation(element),
        partial_credit=True,
    )
