"""Latin runs inside right-to-left text: which stretches of a text markup must isolate, and how to split it.

Why isolate. Urdu text is laid out right to left by the Unicode bidi algorithm, and a Latin phrase inside
it is reordered with the Urdu around it unless it is isolated: unisolated, ``8-GPU`` shows as ``GPU-8``,
``2 × 3 = 6`` as ``6 = 3 × 2``, ``C++`` as ``++C``, and a list "GPU، NCCL" swaps its order. The house
style (docs/urdu-style.md, "Rendering") therefore isolates every Latin phrase inside Urdu text,
and keeps bidi control characters out of translations: markup formats (HTML, QTI, Moodle) isolate with
markup (``<span dir="ltr" lang="en">``, ``<bdi>``), built from the segments this module finds, and never
rely on ``dir="auto"``. Left-to-right text needs no isolation; inline code, code blocks and each TeX formula
(:mod:`toolkit.text.formulas`) are always segments of their own.

What a run is. A run starts and ends with a Latin letter (with its accented forms, and any combining
marks after it: "café" written with U+0301) or an ASCII digit. Between two of those it may hold spaces,
punctuation and symbols ("PyTorch DistributedDataParallel", "B × W", "8-GPU", "x ≤ 5", "a ± b",
"GPU → CPU"), but not a line break, nor Arabic-script punctuation: "GPU، NCCL" is two runs, so the list
keeps its right-to-left order. Brackets in a run pair up ("GPU (NCCL)"; "GPU (NCCL" without its ")" is
two runs), or the bidi algorithm would mirror an unpaired one wrongly. Signs that touch a run belong to
it, or the bidi algorithm would move them across it: after it ``+ # % ° ′ ″`` ("C++", "C#", "50%",
"30°", "5′"), and before it, where it starts a word (after a space, an opening bracket or quote, or at
the start), ``+ - − ± $ € £ #`` ("-1", "(−1)", "±0.5", "$5", "#1").

Bare numbers. A run made of ASCII digits only ("32", "256") is not isolated: European digits keep their
order inside right-to-left text without help, and a number is read in the sentence's language. Anything
more is isolated: "2 × 3 = 6", "1.5", "-1", "50%", "8-GPU", "8 GPUs".
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from toolkit.text.formulas import find_formulas, unescape_dollars
from toolkit.text.tokens import split_code

_ARABIC_BLOCKS = (
    (0x0600, 0x06FF),
    (0x0750, 0x077F),
    (0x0870, 0x08FF),
    (0xFB50, 0xFDFF),
    (0xFE70, 0xFEFF),
)
_OPENERS = {"(": ")", "[": "]", "{": "}"}
_CLOSERS = {closer: opener for opener, closer in _OPENERS.items()}
# Signs and symbols that belong to the Latin run they touch: "C++", "C#", "50%", "30°", "-1", "$5".
_ATTACHED_AFTER = "+#%°′″"
_ATTACHED_BEFORE = "+-\u2212±$€£#"

SegmentKind = Literal["text", "latin", "code", "code-block", "math", "display-math"]


# The characters _is_latin accepts, to skip right-to-left text in one search instead of a loop.
_LATIN = re.compile("[A-Za-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]")


def _is_latin(character: str) -> bool:
    """Latin letters (with their accented forms) and ASCII digits: what starts and ends a Latin run."""
    if character.isascii():
        return character.isalnum()
    code = ord(character)
    return (0x00C0 <= code <= 0x024F and character not in "×÷") or 0x1E00 <= code <= 0x1EFF


def _is_mark(character: str) -> bool:
    """A combining mark: it belongs to the character before it ("e" + U+0301 is "é")."""
    return unicodedata.category(character).startswith("M")


def _is_joiner(character: str) -> bool:
    """Spaces, punctuation and symbols that may stand between two Latin characters of one run.

    Line breaks and line or paragraph separators end a run; Arabic-script punctuation (the Urdu comma ،
    and full stop ۔) belongs to the surrounding text.
    """
    if character in "\n\r":
        return False
    if any(low <= ord(character) <= high for low, high in _ARABIC_BLOCKS):
        return False
    category = unicodedata.category(character)
    return category[0] in "PS" or category == "Zs"


def has_latin_letter(text: str) -> bool:
    """Whether ``text`` holds a Latin letter, not only digits and symbols: a name or term, in a language."""
    return any(_is_latin(character) and not character.isdigit() for character in text)


def _past_marks(text: str, index: int) -> int:
    """``index`` moved past the combining marks that stand at it."""
    while index < len(text) and _is_mark(text[index]):
        index += 1
    return index


def _past_attached(text: str, index: int) -> int:
    """``index`` moved past the signs at it that belong to the run before them ("C++", "50%")."""
    while index < len(text) and text[index] in _ATTACHED_AFTER:
        index += 1
    return index


def _trim(text: str, start: int, end: int) -> int:
    """The end of ``text[start:end]`` without trailing joiners: a run ends with a Latin character."""
    while end > start:
        base = end - 1
        while base > start and _is_mark(text[base]):
            base -= 1
        if _is_latin(text[base]):
            return end
        end = base
    return end


def _balanced_end(text: str, start: int, end: int) -> int:
    """Shorten (or extend by a closing bracket) ``text[start:end]`` so that its brackets pair up.

    An isolated run with an unpaired bracket would mirror that bracket wrongly: "GPU (NCCL" inside an
    LTR isolate and its ")" outside in the RTL text render as "( GPU (NCCL". A run cut short ends with a
    Latin character again, which may leave a bracket unpaired once more: repeat until none is.
    """
    while True:
        stack: list[tuple[str, int]] = []
        cut = None
        for index in range(start, end):
            character = text[index]
            if character in _OPENERS:
                stack.append((character, index))
            elif character in _CLOSERS:
                if not stack or stack[-1][0] != _CLOSERS[character]:
                    cut = index  # before an unpaired closing bracket
                    break
                stack.pop()
        if cut is None:
            while stack and end < len(text) and text[end] == _OPENERS[stack[-1][0]]:
                stack.pop()
                end += 1
            if not stack:
                return end
            cut = stack[0][1]  # before the first unpaired opening bracket
        end = _trim(text, start, cut)


def _starts_word(text: str, index: int) -> bool:
    """Whether ``text[index]`` starts a word: at the start, or after a space, an opening bracket or quote."""
    if index == 0:
        return True
    before = text[index - 1]
    return before.isspace() or unicodedata.category(before) in ("Ps", "Pi")


def latin_runs(text: str) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of the Latin runs in ``text`` that right-to-left text must isolate.

    See the module docstring for what a run is; a bare number (ASCII digits only) is not one.
    """
    runs: list[tuple[int, int]] = []
    position = 0
    length = len(text)
    # The stretch of Latin characters and joiners being read, and the end of its last Latin character:
    # a run cut short by a bracket is followed by another run in the same stretch.
    stretch_end = latin_end = 0
    while position < length:
        found = _LATIN.search(text, position)
        if found is None:
            break
        start = position = found.start()
        if start >= stretch_end:
            latin_end = scan = _past_marks(text, start + 1)
            while scan < length and (_is_latin(text[scan]) or _is_joiner(text[scan])):
                latin = _is_latin(text[scan])
                scan = _past_marks(text, scan + 1)
                if latin:
                    latin_end = scan
            stretch_end = scan
        end = latin_end
        # Signs after the run count for its brackets ("f(C++)"), and stay when a bracket cuts it short.
        end = _balanced_end(text, start, _past_attached(text, end))
        end = _past_attached(text, end)
        if (
            start > 0
            and text[start - 1] in _ATTACHED_BEFORE
            and _starts_word(text, start - 1)
            and (not runs or runs[-1][1] < start - 1)
        ):
            start -= 1
        if not (text[start:end].isascii() and text[start:end].isdigit()):
            runs.append((start, end))
        position = end
    return runs


# A right-to-left run inside left-to-right text: from a Hebrew or Arabic-script letter to the last one
# before a bracket, a quote, sentence punctuation or a line break; Latin words between two right-to-left
# words belong to the run ("ہر GPU … رکھتا ہے" is one Urdu phrase).
_RIGHT_TO_LEFT = "\\u0590-\\u05ff" + "".join(
    f"\\u{first:04x}-\\u{last:04x}" for first, last in _ARABIC_BLOCKS
)
_RIGHT_TO_LEFT_RUN = re.compile(f'[{_RIGHT_TO_LEFT}](?:[^()\\[\\]{{}}"“”‘’«»;:,.=!?\\n]*[{_RIGHT_TO_LEFT}])?')


def right_to_left_runs(text: str) -> list[tuple[int, int]]:
    """Spans ``(start, end)`` of the right-to-left phrases inside left-to-right ``text`` (a note in English
    quoting Urdu): each starts and ends with a Hebrew or Arabic-script character and stops at brackets,
    quotes, sentence punctuation and line breaks, so that isolating it keeps those in the English order."""
    return [(found.start(), found.end()) for found in _RIGHT_TO_LEFT_RUN.finditer(text)]


@dataclass(frozen=True)
class Segment:
    """A piece of a text as markup renders it: plain text, an isolated Latin run, inline code, a code
    block (its lines without the fence lines), or a TeX formula (inline ``math`` or ``display-math``,
    its TeX without the dollar signs)."""

    kind: SegmentKind
    text: str


def bidi_segments(text: str, isolate_latin: bool) -> list[Segment]:
    """``text`` split into plain text, inline code (backticks removed), TeX formulas (dollar signs removed)
    and, if asked, Latin runs.

    Ask for Latin runs in right-to-left text only. Joining the segments' texts gives back ``text`` without
    the backticks of its inline code and the dollar signs of its formulas, and with ``\\$`` read as ``$``;
    an unclosed backtick stays text.
    """
    return list(_segments(text, isolate_latin))


# Every format that marks up text splits the same texts of a quiz again (the player's view, Moodle, QTI):
# 212,000 calls for 3,000 distinct texts in a 200-quiz build.
@functools.lru_cache(maxsize=1 << 14)
def _segments(text: str, isolate_latin: bool) -> tuple[Segment, ...]:
    if not isolate_latin and "`" not in text and "$" not in text:
        # Most texts of a left-to-right quiz: no code, no formula, nothing to isolate.
        return (Segment("text", text),) if text else ()
    segments: list[Segment] = []
    for piece, kind in split_code(text):
        if kind != "text":
            segments.append(Segment(kind, piece))
            continue
        position = 0
        for formula in find_formulas(piece):
            segments += _prose_segments(piece[position : formula.start], isolate_latin)
            segments.append(Segment("display-math" if formula.display else "math", formula.tex))
            position = formula.end
        segments += _prose_segments(piece[position:], isolate_latin)
    return tuple(segments)


def _prose_segments(piece: str, isolate_latin: bool) -> list[Segment]:
    """Prose (no code, no formula) as text and, if asked, Latin runs; ``\\$`` is a dollar sign."""
    piece = unescape_dollars(piece)
    segments: list[Segment] = []
    position = 0
    for start, end in latin_runs(piece) if isolate_latin else ():
        if start > position:
            segments.append(Segment("text", piece[position:start]))
        segments.append(Segment("latin", piece[start:end]))
        position = end
    if position < len(piece):
        segments.append(Segment("text", piece[position:]))
    return segments
