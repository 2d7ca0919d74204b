"""Fill-in-the-blanks as Moodle's ``multianswer`` (Cloze) question: each blank an embedded subquestion,
``{1:SHORTANSWER:=replica~=copy}`` or ``{1:MULTICHOICE:=all-reduce~broadcast}``, written where its marker
stands in the locale's text (see :mod:`toolkit.exporters.lms.moodle` for the rules it follows).

Moodle reads a Cloze answer up to the first ``~``, ``#`` or ``}`` that is not preceded by ``\\``, ``&`` or
``&amp;``, decodes HTML character references, then turns ``\\}`` into ``}`` and ``\\#`` into ``#``
(qtype_multianswer's ``qtype_multianswer_extract_question``); ``\\~``, ``\\/``, ``\\"`` and ``\\\\`` are
not undone there. So ``}`` and ``#`` are written as ``\\}`` and ``\\#``, and ``~``, ``\\``, ``/``, ``"``,
``=``, ``%``, ``{``, ``&``, ``<`` and ``>`` as character references (``&#126;``), which the reader's
``&`` guard keeps inside the answer and its decoding restores. A short answer's ``*`` is Moodle's
wildcard, written ``\\*``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from lxml import etree

from toolkit.exporters.lms.html_text import fill, serialize
from toolkit.exporters.lms.moodle_html import Version, multilang_span, plain_versions
from toolkit.model import ChoiceBlank, FillInBlanksQuestion, TypedBlank
from toolkit.text.blanks import split_at_blanks

_REFERENCES = {
    "&": "&#38;",  # not &amp;: Moodle's reader takes "&amp;" before a "~" as part of the answer
    "<": "&lt;",
    ">": "&gt;",
    '"': "&quot;",
    "~": "&#126;",
    "\\": "&#92;",
    "/": "&#47;",
    "=": "&#61;",
    "%": "&#37;",
    "{": "&#123;",
    "}": "\\}",
    "#": "\\#",
}


def cloze_answer(stored: str) -> str:
    """``stored`` (the answer as Moodle is to store it) as it is written inside a Cloze code."""
    return "".join(_REFERENCES.get(character, character) for character in stored)


def wildcard_escaped(answer: str) -> str:
    """A short answer as Moodle stores it: ``*`` is its wildcard (any text), ``\\*`` a literal asterisk."""
    return answer.replace("*", "\\*")


def _escaped_html(text: str) -> str:
    element = etree.Element("span")
    element.text = text
    return serialize(element)[len("<span>") : -len("</span>")]


def _option_html(versions: Sequence[Version], blank_id: str, option_id: str, multilang: bool) -> str:
    """A drop-down option as Moodle stores it: HTML, though a browser shows an option's text alone."""

    def text_of(question: Any) -> str:
        blank = cast(FillInBlanksQuestion[str], question).blank(blank_id)
        assert isinstance(blank, ChoiceBlank)
        (text,) = [option.text for option in blank.options if option.id == option_id]
        return text

    plain = plain_versions(versions, text_of, multilang)
    return plain if multilang else _escaped_html(plain)


def cloze_code(versions: Sequence[Version], blank_id: str, multilang: bool, weight: int) -> str:
    """The Cloze code of one blank, of ``weight`` marks. In ``multilang.xml`` one subquestion serves every
    locale: a typed blank accepts the answers of all of them, a drop-down shows each option's multilang
    spans."""
    first = cast(FillInBlanksQuestion[str], versions[0].question).blank(blank_id)
    if isinstance(first, TypedBlank):
        accepted: list[str] = []
        for each in versions:
            blank = cast(FillInBlanksQuestion[str], each.question).blank(blank_id)
            assert isinstance(blank, TypedBlank)
            for answer in blank.answers:
                accepted.extend(line for line in answer.accepted if line not in accepted)
        kind = "SHORTANSWER_C" if first.case_sensitive else "SHORTANSWER"
        alternatives = ["=" + cloze_answer(wildcard_escaped(line)) for line in accepted]
    else:
        kind = "MULTICHOICE"
        alternatives = [
            ("=" if option.id == first.correct else "")
            + cloze_answer(_option_html(versions, blank_id, option.id, multilang))
            for option in first.options
        ]
    # The number is the blank's weight: every blank counts the same, as in the reference grader.
    return "{" + str(weight) + ":" + kind + ":" + "~".join(alternatives) + "}"


def _token_base(texts: Sequence[str]) -> str:
    """A mark found in none of ``texts``, to stand for a blank until the HTML is serialized."""
    base = "\uf8ff"
    while any(base in text for text in texts):
        base += "\uf8fe"
    return base


def _fill_with_blanks(element: etree._Element, text: str, each: Version, tokens: dict[str, str]) -> None:
    for piece, is_blank in split_at_blanks(text):
        if not is_blank:
            fill(element, piece, each.direction, each.latin_lang, "span")
            continue
        # Appended as text, never through bidi isolation: the code replaces it after serialization.
        holder = element[-1] if len(element) else None
        mark = tokens[piece]
        if holder is None:
            element.text = (element.text or "") + mark
        else:
            holder.tail = (holder.tail or "") + mark


def cloze_questiontext(versions: Sequence[Version], multilang: bool, weight: int = 1) -> str:
    """The question text of a Cloze question: the prompt, then the text with a subquestion per blank, each
    of ``weight`` marks.

    In a locale's file each blank's code stands where its marker is. In ``multilang.xml`` it cannot: the
    code would be in one language's span only, and Moodle renders each subquestion inside a ``<span>``,
    which ends a multilang span early. So each locale's text there shows the blanks as numbers, (1), (2),
    in its own word order, and the subquestions follow the texts, outside the spans, each after its number.
    """
    first = cast(FillInBlanksQuestion[str], versions[0].question)
    blank_ids = [blank.id for blank in first.blanks]
    every_text = [
        cast(FillInBlanksQuestion[str], each.question).text
        + cast(FillInBlanksQuestion[str], each.question).prompt
        for each in versions
    ]
    base = _token_base(every_text)
    tokens = {blank_id: f"{base}{number}{base}" for number, blank_id in enumerate(blank_ids, start=1)}
    codes = {tokens[blank_id]: cloze_code(versions, blank_id, multilang, weight) for blank_id in blank_ids}
    if not multilang:
        (only,) = versions
        question = cast(FillInBlanksQuestion[str], only.question)
        prompt = fill(
            etree.Element("div", dir=only.direction, lang=only.lang),
            question.prompt,
            only.direction,
            only.latin_lang,
            "span",
        )
        body = etree.Element("div", dir=only.direction, lang=only.lang)
        _fill_with_blanks(body, question.text, only, tokens)
        html = serialize(prompt) + serialize(body)
    else:
        prompt = etree.Element("p")
        text = etree.Element("p")
        for each in versions:
            question = cast(FillInBlanksQuestion[str], each.question)
            prompt.append(
                multilang_span(
                    question.prompt, each.locale_tag, each.lang, each.direction, latin_lang=each.latin_lang
                )
            )
            labelled = question.text
            for number, blank_id in enumerate(blank_ids, start=1):
                labelled = labelled.replace("{{" + blank_id + "}}", f"({number})")
            text.append(
                multilang_span(
                    labelled, each.locale_tag, each.lang, each.direction, latin_lang=each.latin_lang
                )
            )
        paragraphs = [prompt, text]
        fields = etree.Element("p")
        fields.text = "".join(
            f"({number}) {tokens[blank_id]} " for number, blank_id in enumerate(blank_ids, start=1)
        ).rstrip()
        paragraphs.append(fields)
        html = "".join(serialize(paragraph) for paragraph in paragraphs)
    for token, code in codes.items():
        html = html.replace(token, code)
    return html
