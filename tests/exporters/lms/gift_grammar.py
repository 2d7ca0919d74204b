"""A GIFT reader of the tests' own that follows Moodle's importer (question/format/gift/format.php)
step by step: questions split at blank lines, comment lines dropped, escapes replaced by placeholders
before parsing and restored after, the name between ``::``, the answers between the first ``{`` and the
first ``}``, ``####`` general feedback, then the type decided in Moodle's order (essay, numerical,
multichoice, match, truefalse, shortanswer) and each type's answers read as Moodle reads them."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

_ESCAPES = [
    ("\\:", "\0058"),
    ("\\#", "\0035"),
    ("\\=", "\0061"),
    ("\\{", "\0123"),
    ("\\}", "\0125"),
    ("\\~", "\0126"),
    ("\\n", "\0010"),
]
_CHARACTERS = {
    "\0058": ":",
    "\0035": "#",
    "\0061": "=",
    "\0123": "{",
    "\0125": "}",
    "\0126": "~",
    "\0010": "\n",
}
_WEIGHT = re.compile(r"^%-*([0-9]{1,2})\.?([0-9]*)%")
_ORDERING = re.compile(
    r"^\s*>\s*(\d+)\s*((?:ALL|EXACT|RANDOM|REL|CONTIGUOUS|CONTIG)?)\s*"
    r"((?:HORIZONTAL|HORI|H|1|VERTICAL|VERT|V|0)?)\s*"
    r"((?:ALL_OR_NOTHING|ABSOLUTE_POSITION|ABSOLUTE|ABS|RELATIVE_NEXT_EXCLUDE_LAST|RELATIVE_NEXT_INCLUDE_LAST"
    r"|RELATIVE_ONE_PREVIOUS_AND_NEXT|RELATIVE_ALL_PREVIOUS_AND_NEXT|RELATIVE_TO_CORRECT|RELATIVE"
    r"|RELLONGEST_ORDERED_SUBSET|LONGEST_CONTIGUOUS_SUBSET)?)\s*"
    r"((?:SHOW|TRUE|YES|1|HIDE|FALSE|NO|0)?)\s*((?:none|123|abc|ABCD|iii|IIII)?)\s*(.*?)\s*$",
    re.DOTALL,
)
"""qtype_ordering's pattern for its GIFT form, alternative by alternative (its "RELATIVE|REL" joins
"LONGEST_ORDERED_SUBSET" without a bar, as in Moodle's source)."""


@dataclass
class GiftQuestion:
    qtype: str
    name: str
    text: str
    text_format: str
    general_feedback: str = ""
    answers: list[str] = field(default_factory=list)
    fractions: list[float] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    single: bool = True
    correct_answer: bool | None = None
    tolerances: list[str] = field(default_factory=list)
    subquestions: list[str] = field(default_factory=list)
    subanswers: list[str] = field(default_factory=list)
    category: str | None = None
    ordering: dict[str, str] = field(default_factory=dict)
    """An ordering question's options as qtype_ordering reads them: count, select, layout, grading, show,
    numbering."""


def _pre(text: str) -> str:
    text = text.replace("\\\\", "\0092")
    for escaped, placeholder in _ESCAPES:
        text = text.replace(escaped, placeholder)
    return text.replace("\0092", "\\")


def _post(text: str) -> str:
    for placeholder, character in _CHARACTERS.items():
        text = text.replace(placeholder, character)
    return text


def _with_format(text: str, default: str) -> tuple[str, str]:
    result_format = default
    if text.startswith("["):
        end = text.index("]")
        name = text[1:end]
        if name in ("moodle", "html", "plain", "markdown"):
            result_format, text = name, text[end + 1 :]
    return _post(text).strip(), result_format


def _weight(answer: str) -> tuple[float, str]:
    answer = answer[1:]
    end = answer.index("%")
    return float(answer[:end]) / 100, answer[end + 1 :]


def _comment(answer: str, default: str) -> tuple[str, str]:
    bits = answer.split("#", 1)
    text, _ = _with_format(bits[0].strip(), default)
    feedback = _with_format(bits[1].strip(), default)[0] if len(bits) > 1 else ""
    return text, feedback


def read_gift(document: str) -> list[GiftQuestion]:
    questions: list[GiftQuestion] = []
    for block in re.split(r"\n[ \t]*\n", document.replace("\r\n", "\n")):
        lines = [" " if line.strip().startswith("//") else line for line in block.split("\n")]
        text = "\n".join(lines).strip()
        if text:
            questions.append(read_question(text))
    return questions


def read_question(text: str) -> GiftQuestion:
    text = _pre(text)
    if text.startswith("$CATEGORY:"):
        return GiftQuestion("category", "", "", "moodle", category=text[10:].strip())
    name = ""
    if text.startswith("::"):
        text = text[2:]
        end = text.index("::")
        name, text = _post(text[:end]), text[end + 2 :].strip()
    start, finish = text.find("{"), text.find("}")
    if start < 0 and finish < 0:
        question_text, answer_text = text, None
    else:
        assert start >= 0 and finish >= 0, "a brace is missing"
        answer_text = text[start + 1 : finish].strip()
        question_text = text[:start] + ("" if text.endswith("}") else "_____") + text[finish + 1 :]
    general = ""
    if answer_text is not None and "####" in answer_text:
        cut = answer_text.rindex("####")
        general, answer_text = answer_text[cut + 4 :], answer_text[:cut].strip()
    body, text_format = _with_format(question_text, "moodle")
    question = GiftQuestion("", name, body, text_format, _with_format(general, text_format)[0])
    # Question type plugins read first (qformat_gift's try_importing_using_qtypes): Moodle's ordering type
    # (qtype_ordering::import_from_gift, question/type/ordering/questiontype.php, core since Moodle 4.4).
    ordering = _ORDERING.match(answer_text or "")
    if ordering is not None:
        question.qtype = "ordering"
        names = ("count", "select", "layout", "grading", "show", "numbering")
        question.ordering = dict(zip(names, (part.strip() for part in ordering.groups()[:6]), strict=True))
        # Split at line breaks, blank lines dropped, each trimmed: never unescaped (no _post).
        question.answers = [line.strip() for line in re.split(r"[\r\n]+", ordering.group(7)) if line.strip()]
        return question
    if answer_text is None:
        question.qtype = "description"
    elif answer_text == "":
        question.qtype = "essay"
    elif answer_text[0] == "#":
        question.qtype = "numerical"
        for answer in [part.strip() for part in answer_text[1:].split("=") if part.strip()]:
            value, _ = _comment(answer, text_format)
            number, _, tolerance = value.partition(":")
            question.answers.append(number.strip())
            question.tolerances.append(tolerance.strip() or "0")
    elif "~" in answer_text:
        question.qtype = "multichoice"
        question.single = "=" in answer_text
        answers = answer_text.replace("=", "~=").split("~")
        answers = [answer.strip() for answer in answers if answer.strip()]
        for answer in answers:
            if answer.startswith("="):
                weight, answer = 1.0, answer[1:]
            elif _WEIGHT.match(answer):
                weight, answer = _weight(answer)
            else:
                weight = 0.0
            answer_text_only, feedback = _comment(answer, text_format)
            question.answers.append(answer_text_only)
            question.feedback.append(feedback)
            question.fractions.append(weight)
    elif "=" in answer_text and "->" in answer_text:
        question.qtype = "match"
        for answer in [part.strip() for part in answer_text.split("=") if part.strip()]:
            marker = answer.index("->")
            question.subquestions.append(_with_format(answer[:marker], text_format)[0])
            question.subanswers.append(_post(answer[marker + 2 :]).strip())
    else:
        check = answer_text.split("#", 1)[0].strip()
        if check in ("T", "TRUE", "F", "FALSE"):
            question.qtype = "truefalse"
            question.correct_answer = check in ("T", "TRUE")
        else:
            question.qtype = "shortanswer"
            for answer in [part.strip() for part in answer_text.split("=") if part.strip()]:
                weight = 1.0
                if _WEIGHT.match(answer):
                    weight, answer = _weight(answer)
                value, feedback = _comment(answer, text_format)
                question.answers.append(value)
                question.fractions.append(weight)
                question.feedback.append(feedback)
    return question


def moodle_short_answer_matches(response: str, pattern: str, *, ignore_case: bool = True) -> bool:
    """Whether Moodle gives a stored short answer's marks to ``response``: its own rule, step by step
    (``qtype_shortanswer_question::compare_string_with_wildcard``, question/type/shortanswer/question.php):
    the pattern splits at runs of unescaped ``*`` (any text), ``\\*`` is a literal asterisk, the rest is
    compared literally against the trimmed response, case ignored unless the question uses case."""
    bits = re.split(r"(?<!\\)\*+", unicodedata.normalize("NFC", pattern))
    expression = ".*".join(re.escape(bit.replace("\\*", "*")) for bit in bits)
    flags = re.IGNORECASE if ignore_case else 0
    return (
        re.fullmatch(expression, unicodedata.normalize("NFC", response).strip(), flags | re.DOTALL)
        is not None
    )
