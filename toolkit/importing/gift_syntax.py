"""GIFT files read as Moodle's own reader reads them (``question/format/gift/format.php``, qformat_gift):
the file's blocks, and each block as the parts of one question, before any of it means quiz content.

Moodle's rules, kept exactly, since a bank is only right if it reads here as it reads there:

- a question is a block of lines between blank lines; a line starting ``//`` is a comment (its
  ``[id:…]`` and ``[tag:…]`` are the question's id number and tags); ``$CATEGORY:`` starts a category;
- ``\\\\`` is a backslash and ``\\~ \\= \\# \\{ \\} \\:`` are those characters, ``\\n`` a line break; any
  other backslash stays as written (a short answer's ``\\*`` is a literal asterisk to Moodle's grader);
- ``::name::`` names the question; the answers are between the first ``{`` and the first ``}``; text
  after them makes a missing-word question (Moodle shows ``_____`` where the answers were); no braces at
  all is a description; the last ``####`` in the answers starts the general feedback;
- a text may start with its format, ``[html]``, ``[moodle]`` (the default), ``[markdown]`` or ``[plain]``;
  answers and feedback take the question text's format unless they name their own;
- the kind follows from the answers: ``>`` (an ordering question, ``qtype_ordering::import_from_gift``,
  tried first as Moodle lets question-type plugins go first), none (essay), ``#`` first (numerical),
  a ``~`` (multichoice), ``=`` with ``->`` (matching), ``T``/``TRUE``/``F``/``FALSE`` (true/false), else a
  short answer.

Errors are what Moodle refuses too (a brace without its pair, a multichoice with one answer, a number
that is not one), raised with the file and the line of the question, never a partial result.
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_right
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from toolkit.importing.bank import BankError, head_text, read_bank_bytes, refuse_package, wide_unicode

MAX_GIFT_BYTES = 32 * 1024 * 1024
"""Far beyond any question bank (Moodle's own export writes a few hundred bytes a question)."""

# Moodle replaces escaped characters by placeholders before it looks for structure and puts them back
# after (escapedchar_pre / escapedchar_post); noncharacters play the placeholders here, as no quiz text may
# hold one (a file that does is refused).
_ESCAPES = {
    ":": "\ufdd0",
    "#": "\ufdd1",
    "=": "\ufdd2",
    "{": "\ufdd3",
    "}": "\ufdd4",
    "~": "\ufdd5",
    "n": "\ufdd6",
}
_UNESCAPE = str.maketrans(
    {placeholder: ("\n" if escaped == "n" else escaped) for escaped, placeholder in _ESCAPES.items()}
)
_PLACEHOLDERS = re.compile("[\ufdd0-\ufdd6]")
_ESCAPED = re.compile(r"\\\\|\\([:#={}~n])")


@dataclass(frozen=True)
class GiftText:
    """One text as the file holds it, escapes undone, with the format it is written in."""

    text: str
    format: str
    """``html``, ``moodle``, ``markdown`` or ``plain``."""
    line: int


@dataclass(frozen=True)
class GiftAnswer:
    text: GiftText
    weight: Decimal | None
    """The percentage: ``=`` is 100, a ``~`` without one is 0; None where the kind has no weights."""
    feedback: GiftText | None


@dataclass(frozen=True)
class GiftNumber:
    answer: str
    """As written: a number, or ``*`` (any number)."""
    tolerance: str
    weight: Decimal
    feedback: GiftText | None
    written: str
    """The answer as the file gives it (``3.14:0.01``, ``1..5``), for messages."""
    line: int


@dataclass(frozen=True)
class GiftOrdering:
    select_count: int
    select_type: str
    grading: str
    items: tuple[GiftText, ...]
    """The lines as Moodle keeps them: not unescaped, each taken as Moodle-auto-format HTML."""
    settings_beyond_first_line: str = ""
    """What Moodle's reader took as settings from the lines after ``{>n …`` (its optional fields may
    span lines, so an item starting ``1`` or ``none`` loses that word to them)."""


@dataclass(frozen=True)
class GiftQuestion:
    """One question block: its kind (``multichoice``, ``truefalse``, ``shortanswer``, ``numerical``,
    ``match``, ``ordering``, ``essay``, ``description``) and the parts that kind has."""

    kind: str
    line: int
    name: str | None
    idnumber: str | None
    tags: tuple[str, ...]
    category: str | None
    prompt: GiftText
    after: GiftText | None
    """The text after the answers in the missing-word form (Moodle puts ``_____`` between)."""
    general_feedback: GiftText | None
    answers: tuple[GiftAnswer, ...] = ()
    """multichoice, shortanswer: in order."""
    single: bool = True
    """multichoice: one answer is marked ``=`` (Moodle's single-answer form)."""
    truth: bool | None = None
    true_false_feedback: tuple[GiftText | None, GiftText | None] = (None, None)
    """(feedback for a wrong response, feedback for the right one), as ``{T#wrong#right}`` orders them."""
    numbers: tuple[GiftNumber, ...] = ()
    wrong_feedback: GiftText | None = None
    """numerical: the ``~#…`` feedback for any other number."""
    pairs: tuple[tuple[GiftText, str], ...] = ()
    """match: (prompt, match); an empty prompt makes the match an extra choice."""
    ordering: GiftOrdering | None = None

    @property
    def title(self) -> str:
        """How the report names the question: its name, else the start of its text, as Moodle names it."""
        if self.name:
            return self.name
        words = " ".join(re.sub(r"<[^>]*>", " ", self.prompt.text).split())
        return words[:40] + ("…" if len(words) > 40 else "")


@dataclass(frozen=True)
class GiftFile:
    questions: tuple[GiftQuestion, ...]
    categories: tuple[tuple[int, str], ...]
    """(line, category) of every ``$CATEGORY`` line, in order."""


class Block:
    """The lines of one block joined as Moodle joins them, with the file line of every offset."""

    def __init__(self, lines: list[tuple[int, str]], comments: str) -> None:
        self.starts: list[int] = []
        self.numbers: list[int] = []
        parts = []
        offset = 0
        for number, line in lines:
            self.starts.append(offset)
            self.numbers.append(number)
            parts.append(line)
            offset += len(line) + 1
        self.text = "\n".join(parts)
        self.comments = comments
        self.line = lines[0][0]

    def line_at(self, offset: int) -> int:
        return self.numbers[max(0, bisect_right(self.starts, offset) - 1)]


def unescape(text: str) -> str:
    """Placeholders back to the characters they stand for (qformat_gift::escapedchar_post)."""
    return text.translate(_UNESCAPE)


def escaped(text: str) -> str:
    # One pass, as Moodle's three str_replace calls amount to: "\\" is a backslash that escapes nothing.
    return _ESCAPED.sub(lambda match: "\\" if match.group(1) is None else _ESCAPES[match.group(1)], text)


def blocks(text: str, file: str) -> list[Block]:
    """The question blocks of a file's text, as qformat_default::readquestions splits it."""
    found: list[Block] = []
    current: list[tuple[int, str]] = []
    comments: list[str] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            if current and any(part.strip() for _number, part in current):
                found.append(Block(current, "\n".join(comments)))
            current, comments = [], []
            continue
        placeholder = _PLACEHOLDERS.search(line)
        if placeholder:
            raise BankError(
                file,
                number,
                f"holds U+{ord(placeholder.group()):04X}, a noncharacter no quiz text may hold; remove it",
            )
        if line.startswith("//"):
            comments.append(line)
            line = " "
        current.append((number, line))
    if current and any(part.strip() for _number, part in current):
        found.append(Block(current, "\n".join(comments)))
    return found


def has_escape_placeholder(text: str) -> bool:
    return _PLACEHOLDERS.search(text) is not None


def read_text(path: Path, display_name: str) -> str:
    """A GIFT file's text: UTF-8 (a byte-order mark dropped), UTF-16 or UTF-32 with its mark, line breaks as
    ``\\n``."""
    data = read_bank_bytes(
        path,
        display_name,
        MAX_GIFT_BYTES,
        lambda size: (
            f"is {size:,} bytes; GIFT files are limited to {MAX_GIFT_BYTES:,} bytes: split the bank "
            "into several files"
        ),
    )
    refuse_package(data, display_name, "a GIFT file")
    marked = wide_unicode(data)
    if marked is not None:
        mark, encoding = marked
        try:
            data = data[len(mark) :].decode(encoding).encode("utf-8")
        except UnicodeDecodeError:
            raise BankError(
                display_name, None, f"starts as {encoding[:6]} but is not; save it as UTF-8 and import again"
            ) from None
    data = data.removeprefix(codecs.BOM_UTF8)
    if b"\x00" in data:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise BankError(display_name, line, "holds a NUL byte: this is not a GIFT text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BankError(
            display_name,
            line,
            f"is not UTF-8 (byte 0x{data[error.start]:02X}); Moodle reads GIFT files as UTF-8 only: save it "
            "as UTF-8 and import again",
        ) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


_GIFT_HEAD = (
    re.compile(r"^\s*::[^\n]*?::", re.MULTILINE),
    re.compile(r"^\s*\$CATEGORY:", re.MULTILINE),
    re.compile(r"\{\s*(?:[=~#>][^{}]*|T|F|TRUE|FALSE)\}"),
    re.compile(r"\{\s*\n\s*[=~#]"),
)


def looks_like_gift(head: bytes) -> bool:
    """Whether the first bytes of a file read as GIFT: a named question, a category, or answers in braces
    (not markup, which a Moodle XML file or a page starts with, and not binary content such as a zip)."""
    text = head_text(head)
    if text is None or text.lstrip().startswith("<"):
        return False
    return any(pattern.search(text) for pattern in _GIFT_HEAD)
