"""GIFT question blocks read into :class:`~toolkit.importing.gift_syntax.GiftQuestion` records, as
qformat_gift::readquestion reads them (the rules: :mod:`toolkit.importing.gift_syntax`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from toolkit.importing.bank import BankError
from toolkit.importing.gift_syntax import (
    Block,
    GiftAnswer,
    GiftFile,
    GiftNumber,
    GiftOrdering,
    GiftQuestion,
    GiftText,
    blocks,
    escaped,
    unescape,
)

_WEIGHT = re.compile(r"^%-*([0-9]{1,2})\.?([0-9]*)%")
"""qformat_gift's $giftanswerweightregex: what counts as a weight (then read up to the next ``%``)."""
_FORMATS = ("html", "moodle", "markdown", "plain")
_ID_TOKEN = re.compile(r"\[id:((?:\\]|[^\]\x00-\x1f\x7f])+)\]")
_TAG_TOKEN = re.compile(r"\[tag:((?:\\]|[^\]<>`\x00-\x1f\x7f])+)\]")
_ORDERING = re.compile(
    r"^\s*>\s*(\d+)\s*(ALL|EXACT|RANDOM|REL|CONTIGUOUS|CONTIG)?\s*(HORIZONTAL|HORI|H|1|VERTICAL|VERT|V|0)?\s*"
    r"(ALL_OR_NOTHING|ABSOLUTE_POSITION|ABSOLUTE|ABS|RELATIVE_NEXT_EXCLUDE_LAST|RELATIVE_NEXT_INCLUDE_LAST|"
    r"RELATIVE_ONE_PREVIOUS_AND_NEXT|RELATIVE_ALL_PREVIOUS_AND_NEXT|RELATIVE_TO_CORRECT|RELATIVE|REL|"
    r"LONGEST_ORDERED_SUBSET|LONGEST_CONTIGUOUS_SUBSET)?\s*(SHOW|TRUE|YES|1|HIDE|FALSE|NO|0)?\s*"
    r"(none|123|abc|ABCD|iii|IIII)?\s*(.*?)\s*$",
    re.DOTALL,
)
_LARGEST = Decimal("1.7976931348623157e308")
"""The largest double: what the quiz schema takes for a number, and any number a player can compare."""
_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
"""What PHP's is_numeric takes (leading spaces trimmed before): Moodle's test of a numerical answer."""


def parse(text: str, file: str) -> GiftFile:
    """Every question of a GIFT file's text (decoded, line breaks as ``\\n``)."""
    questions: list[GiftQuestion] = []
    categories: list[tuple[int, str]] = []
    category: str | None = None
    for block in blocks(text, file):
        body = block.text.strip()
        lead = len(block.text) - len(block.text.lstrip())
        line = block.line_at(lead)
        text = escaped(body)
        if text.startswith("$CATEGORY:"):
            category = unescape(text[len("$CATEGORY:") :]).strip()
            categories.append((line, category))
            continue
        questions.append(_Question(block, text, line, file, category).parse())
    return GiftFile(tuple(questions), tuple(categories))


@dataclass(frozen=True)
class Stem:
    """What every kind of question has before its answers: the name, the text before and after the
    braces, and the general feedback (``####``)."""

    name: str | None
    prompt: GiftText
    after: GiftText | None
    general: GiftText | None


class _Question:
    def __init__(self, block: Block, text: str, line: int, file: str, category: str | None) -> None:
        self.block = block
        self.text = text
        self.line = line
        self.file = file
        self.category = category

    def error(self, message: str, offset: int | None = None) -> BankError:
        return BankError(self.file, self.line if offset is None else self.line_of(offset), message)

    def line_of(self, offset: int) -> int:
        """The file line of an offset into the question's text (escapes change offsets, never lines)."""
        return self.line + self.text.count("\n", 0, max(0, offset))

    def parse(self) -> GiftQuestion:
        text = self.text
        start = 0
        name: str | None = None
        if text.startswith("::"):
            finish = text.find("::", 2)
            if finish != -1:
                name = unescape(text[2:finish]).strip() or None
                start = finish + 2
                while start < len(text) and text[start].isspace():
                    start += 1
        opening = text.find("{", start)
        closing = text.find("}", start)
        if opening == -1 and closing == -1:
            prompt = self.gift_text(text[start:], "moodle", start)
            return self.question("description", Stem(name, prompt, None, None))
        if opening == -1 or closing == -1 or closing < opening:
            where = closing if opening == -1 or (closing != -1 and closing < opening) else opening
            raise self.error(
                f"a '{text[where]}' without its pair; enclose the answers in {{…}}, or escape a brace that "
                "belongs to the text as \\{ or \\}",
                where,
            )
        answers = text[opening + 1 : closing].strip()
        answers_offset = (
            opening + 1 + (len(text[opening + 1 : closing]) - len(text[opening + 1 : closing].lstrip()))
        )
        before = text[start:opening]
        after_text = text[closing + 1 :]
        rest = text.find("{", closing + 1)
        if rest != -1 and text.find("}", rest) != -1:
            raise self.error(
                "holds a second {…} answer set; GIFT reads one per question, so Moodle would take the rest "
                "as text: split the question, or escape the braces as \\{ and \\}",
                rest,
            )
        prompt = self.gift_text(before, "moodle", start)
        after = None
        if after_text.strip():
            after = self.gift_text(after_text, prompt.format, closing + 1, keep_format=True)
        general: GiftText | None = None
        separator = answers.rfind("####")
        if separator != -1:
            general = self.gift_text(answers[separator + 4 :], prompt.format, answers_offset + separator + 4)
            answers = answers[:separator].strip()
        stem = Stem(name, prompt, after, general)
        ordering = _ORDERING.match(answers) if answers.lstrip().startswith(">") else None
        if ordering:
            return self.ordering(stem, ordering, answers_offset)
        if not answers:
            return self.question("essay", stem)
        if answers.startswith("#"):
            return self.numerical(stem, answers[1:], answers_offset + 1)
        if "~" in answers:
            return self.multichoice(stem, answers, answers_offset)
        if "=" in answers and "->" in answers:
            return self.match(stem, answers, answers_offset)
        check = answers.split("#", 1)[0].strip() if answers.find("#") > 0 else answers
        if check in ("T", "TRUE", "F", "FALSE"):
            return self.true_false(stem, answers, answers_offset)
        return self.short_answer(stem, answers, answers_offset)

    def gift_text(self, raw: str, default: str, offset: int, *, keep_format: bool = False) -> GiftText:
        """qformat_gift::parse_text_with_format: a leading ``[format]``, then the text unescaped and trimmed."""
        stripped = raw.strip()
        text_format = default
        if stripped.startswith("[") and not keep_format:
            end = stripped.find("]")
            if end != -1 and stripped[1:end] in _FORMATS:
                text_format = stripped[1:end]
                stripped = stripped[end + 1 :]
        leading = len(raw) - len(raw.lstrip())
        return GiftText(unescape(stripped).strip(), text_format, self.line_of(offset + leading))

    def question(
        self,
        kind: str,
        stem: Stem,
        **parts: object,
    ) -> GiftQuestion:
        idnumber = _ID_TOKEN.search(self.block.comments)
        tags = tuple(tag.replace("\\]", "]").strip() for tag in _TAG_TOKEN.findall(self.block.comments))
        return GiftQuestion(
            kind,
            self.line,
            stem.name,
            idnumber.group(1).replace("\\]", "]").strip() if idnumber else None,
            tags,
            self.category,
            stem.prompt,
            stem.after,
            stem.general,
            **parts,  # type: ignore[arg-type]
        )

    def pieces(self, answers: str, separator: str, offset: int) -> list[tuple[str, int]]:
        """``answers`` split at ``separator`` as Moodle explodes them, each piece trimmed, with its offset."""
        found: list[tuple[str, int]] = []
        position = 0
        for piece in answers.split(separator):
            stripped = piece.strip()
            found.append((stripped, offset + position + len(piece) - len(piece.lstrip())))
            position += len(piece) + len(separator)
        if found and not found[0][0]:
            found.pop(0)
        return found

    def weighted(self, piece: str) -> tuple[Decimal | None, str]:
        if not _WEIGHT.match(piece):
            return None, piece
        end = piece.index("%", 1)
        try:
            weight = Decimal(piece[1:end])
        except InvalidOperation:
            weight = Decimal(0)
        return weight, piece[end + 1 :]

    def answer(self, piece: str, weight: Decimal | None, default: str, offset: int) -> GiftAnswer:
        """qformat_gift::commentparser: the answer, then its feedback after the first ``#``."""
        text, hash_mark, feedback = piece.partition("#")
        return GiftAnswer(
            self.gift_text(text, default, offset),
            weight,
            self.gift_text(feedback, default, offset + len(text) + 1)
            if hash_mark and feedback.strip()
            else None,
        )

    def multichoice(
        self,
        stem: Stem,
        answers: str,
        offset: int,
    ) -> GiftQuestion:
        single = "=" in answers
        # Moodle turns every "=" into "~=" and splits at "~": a piece starts at each "=" (kept, it marks
        # a right answer) and after each "~"; empty pieces hold no answer (Moodle saves none for them).
        cuts = [match.start() for match in re.finditer("[~=]", answers)]
        parsed = []
        for start, end in zip([0, *cuts], [*cuts, len(answers)], strict=True):
            piece = answers[start:end]
            if piece.startswith("~"):
                start, piece = start + 1, piece[1:]
            stripped = piece.strip()
            if not stripped:
                continue
            at = offset + start + len(piece) - len(piece.lstrip())
            if stripped.startswith("="):
                parsed.append(self.answer(stripped[1:], Decimal(100), stem.prompt.format, at + 1))
                continue
            weight, rest = self.weighted(stripped)
            parsed.append(self.answer(rest, Decimal(0) if weight is None else weight, stem.prompt.format, at))
        if len(parsed) < 2:
            raise self.error(
                "a multiple-choice question needs at least two answers (each starting with = or ~)", offset
            )
        return self.question("multichoice", stem, answers=tuple(parsed), single=single)

    def match(
        self,
        stem: Stem,
        answers: str,
        offset: int,
    ) -> GiftQuestion:
        pieces = self.pieces(answers, "=", offset)
        if len(pieces) < 2:
            raise self.error("a matching question needs at least two pairs (=prompt -> match)", offset)
        pairs = []
        for piece, at in pieces:
            if "->" not in piece:
                raise self.error(
                    f"matching pair {piece!r} has no '->'; write each pair as =prompt -> match", at
                )
            left, _arrow, right = piece.partition("->")
            pairs.append((self.gift_text(left, stem.prompt.format, at), unescape(right).strip()))
        return self.question("match", stem, pairs=tuple(pairs))

    def true_false(
        self,
        stem: Stem,
        answers: str,
        offset: int,
    ) -> GiftQuestion:
        bits = answers.split("#", 2)
        feedbacks = [
            self.gift_text(bit, stem.prompt.format, offset) if bit.strip() else None for bit in bits[1:]
        ] + [None, None]
        return self.question(
            "truefalse",
            stem,
            truth=bits[0].strip() in ("T", "TRUE"),
            true_false_feedback=(feedbacks[0], feedbacks[1]),
        )

    def short_answer(
        self,
        stem: Stem,
        answers: str,
        offset: int,
    ) -> GiftQuestion:
        parsed = []
        for piece, at in self.pieces(answers, "=", offset):
            weight, rest = self.weighted(piece)
            # An accepted answer is plain text to Moodle (the format of its feedback only).
            answer = self.answer(rest, Decimal(100) if weight is None else weight, stem.prompt.format, at)
            parsed.append(
                GiftAnswer(
                    GiftText(answer.text.text, "plain", answer.text.line), answer.weight, answer.feedback
                )
            )
        if not parsed:
            raise self.error("a short-answer question needs at least one answer (=answer)", offset)
        return self.question("shortanswer", stem, answers=tuple(parsed))

    def numerical(
        self,
        stem: Stem,
        answers: str,
        offset: int,
    ) -> GiftQuestion:
        wrong: GiftText | None = None
        tilde = answers.find("~")
        if tilde != -1:
            _text, _hash, feedback = answers[tilde + 1 :].partition("#")
            if feedback.strip():
                wrong = self.gift_text(feedback, stem.prompt.format, offset + tilde)
            answers = answers[:tilde]
        numbers = []
        for piece, at in self.pieces(answers, "=", offset):
            weight, rest = self.weighted(piece)
            answer = self.answer(rest, Decimal(100) if weight is None else weight, stem.prompt.format, at)
            written = answer.text.text
            if ".." in written and written.index("..") > 0:
                low, _dots, high = written.partition("..")
                low, high = low.strip(), high.strip()
                self.check_number(low, written, at)
                self.check_number(high, written, at)
                middle = (Decimal(high) + Decimal(low)) / 2
                value, tolerance = str(middle), str(Decimal(high) - middle)
            elif ":" in written and written.index(":") > 0:
                value, _colon, tolerance = (part.strip() for part in written.partition(":"))
                self.check_number(value, written, at, star=True)
                self.check_number(tolerance, written, at)
            else:
                value, tolerance = written.strip(), "0"
                self.check_number(value, written, at, star=True)
            numbers.append(
                GiftNumber(
                    value, tolerance, answer.weight or Decimal(0), answer.feedback, written, answer.text.line
                )
            )
        if not numbers:
            raise self.error("a numerical question needs an answer after '#' (#3.14:0.01, #1..5)", offset)
        return self.question("numerical", stem, numbers=tuple(numbers), wrong_feedback=wrong)

    def check_number(self, value: str, written: str, offset: int, *, star: bool = False) -> None:
        if star and value == "*":
            return
        if _NUMBER.match(value):
            if Decimal(value).copy_abs() <= _LARGEST:
                return
            raise self.error(
                f"numerical answer {written!r} is beyond any number a quiz can hold (at most about 1.8e308)",
                offset,
            )
        raise self.error(
            f"numerical answer {written!r} is not a number; write it as #answer, #answer:margin or #min..max",
            offset,
        )

    def ordering(
        self,
        stem: Stem,
        match: re.Match[str],
        offset: int,
    ) -> GiftQuestion:
        items = []
        body_offset = offset + match.start(7)
        position = 0
        for raw in match.group(7).split("\n"):
            # qtype_ordering keeps each line as it stands, escape placeholders and all: undone here only
            # for the report to show them readably (Moodle would show its placeholder).
            if raw.strip():
                items.append(GiftText(raw.strip(), "moodle", self.line_of(body_offset + position)))
            position += len(raw) + 1
        ordering = GiftOrdering(
            int(match.group(1)),
            (match.group(2) or "RANDOM").upper(),
            (match.group(4) or "").upper(),
            tuple(items),
            match.string[: match.start(7)].rstrip().partition("\n")[2].strip(),
        )
        return self.question("ordering", stem, ordering=ordering)
