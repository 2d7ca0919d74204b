r"""Moodle's Cloze (``multianswer``) question text: its embedded subquestions read as Moodle reads them.

The grammar is question/type/multianswer/questiontype.php's (``ANSWER_REGEX`` and the alternatives'
regular expressions): ``{weight:TYPE:alternative~alternative…}``, an alternative being an optional
fraction (``=`` for 100 %, ``%50%``), the answer up to the first ``~``, ``#`` or ``}`` not preceded by
``\``, ``&`` or ``&amp;``, and an optional ``#feedback``. Moodle decodes character references in an
answer, then turns ``\}`` into ``}`` and ``\#`` into ``#``
(``qtype_multianswer_extract_question``), which is what quizkit's exporter relies on
(:mod:`toolkit.exporters.moodle_cloze`).
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

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
    :func:`toolkit.exporters.moodle_cloze.cloze_questiontext`): the language's text shows the blanks as
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
