"""Where GNU gettext wraps a string in a PO file, so that quizkit writes catalogs byte for byte as msgcat.

GNU tools wrap ``msgid``/``msgstr`` lines with libunistring's line breaking: the pair-table form of
Unicode's line breaking algorithm (UAX #14) decides where a break may go, and a greedy pass over display
widths decides where breaks are taken. Translators' editors and quizkit must not fight over wrapping, so
this module implements the same decisions.

Scope: break classes are assigned exactly for ASCII, Latin, Arabic-script and common punctuation, and by
general category elsewhere. Tests compare the result with libunistring itself where it is installed.
"""

from __future__ import annotations

import functools
import re
import unicodedata

# Break classes (a subset of UAX #14's; resolved ones such as AI, SA, XX map onto AL).
OP, CL, CP, QU, GL, NS, EX, SY, IS, PR, PO, NU, AL, ID, IN, HY, BA, BB, B2, ZW, CM, WJ, SP, BK = range(24)

_ASCII: dict[str, int] = {
    "\t": BA,
    " ": SP,
    "!": EX,
    '"': QU,
    "$": PR,
    "%": PO,
    "'": QU,
    "(": OP,
    ")": CP,
    "+": PR,
    ",": IS,
    "-": HY,
    ".": IS,
    "/": SY,
    ":": IS,
    ";": IS,
    "?": EX,
    "[": OP,
    "\\": PR,
    "]": CP,
    "{": OP,
    "|": BA,
    "}": CL,
}

_SPECIAL: dict[int, int] = {
    0x00A0: GL,
    0x00AB: QU,
    0x00AD: BA,
    0x00B0: PO,
    0x00B4: BB,
    0x00BB: QU,
    0x060C: IS,
    0x060D: IS,
    0x061B: EX,
    0x061F: EX,
    0x066A: PO,
    0x066B: NU,
    0x066C: NU,
    0x06D4: EX,
    0x200B: ZW,
    0x200D: CM,
    0x2010: BA,
    0x2011: GL,
    0x2012: BA,
    0x2013: BA,
    0x2014: B2,
    0x2018: QU,
    0x2019: QU,
    0x201A: OP,
    0x201B: QU,
    0x201C: QU,
    0x201D: QU,
    0x201E: OP,
    0x201F: QU,
    0x2024: IN,
    0x2025: IN,
    0x2026: IN,
    0x2032: PO,
    0x2033: PO,
    0x2034: PO,
    0x2039: QU,
    0x203A: QU,
    0x2060: WJ,
    0x20AC: PR,
    0x2212: PR,
    0xFEFF: WJ,
    0x2007: GL,
    0x3005: NS,
    0x202F: GL,
}

_BY_CATEGORY = {
    "Mn": CM,
    "Mc": CM,
    "Me": CM,
    "Cf": CM,
    "Cc": CM,
    "Nd": NU,
    "Zs": BA,
    "Ps": OP,
    "Pe": CL,
    "Pi": QU,
    "Pf": QU,
    "Pd": BA,
}


@functools.lru_cache(maxsize=4096)
def break_class(character: str) -> int:
    if character < "\x80":
        if "0" <= character <= "9":
            return NU
        if character in _ASCII:
            return _ASCII[character]
        if character < " " or character == "\x7f":
            return CM
        return AL
    code = ord(character)
    if code in _SPECIAL:
        return _SPECIAL[code]
    if unicodedata.east_asian_width(character) in ("W", "F") and unicodedata.category(character)[0] in "LSN":
        return ID
    return _BY_CATEGORY.get(unicodedata.category(character), AL)


# The pair table: for (class before, class after), P = never break, I = break only across spaces,
# D = break. Rows and columns follow the class order above, OP to B2. Read off GNU libunistring 1.0
# (the line breaking msgcat uses) by probing each pair with and without a space between.
_PAIRS = """
OP P P P P P P P P P P P P P P P P P P P
CL D P P I I P P P P I I D D D I I I D D
CP D P P I I I P P P I I I I D I I I D D
QU P P P I I I P P P I I I I I I I I I I
GL I P P I I I P P P I I I I I I I I I I
NS D P P I I I P P P D D D D D I I I D D
EX D P P I I I P P P D D D D D I I I D D
SY D P P I I I P P P D D I D D I I I D D
IS D P P I I I P P P D D I D D I I I D D
PR I P P I I I P P P D D I I I I I I D D
PO I P P I I I P P P D D I I D I I I D D
NU I P P I I I P P P I I I I D I I I D D
AL I P P I I I P P P I I I I D I I I D D
ID D P P I I I P P P D I D D D I I I D D
IN D P P I I I P P P D D D D D I I I D D
HY D P P I D I P P P D D I D D I I I D D
BA D P P I D I P P P D D D D D I I I D D
BB I P P I I I P P P I I I I I I I I I I
B2 D P P I I I P P P D D D D D I I I D P
"""
P, I, D = 0, 1, 2  # noqa: E741 - the letters of the table above
_RULES = {"P": P, "I": I, "D": D}
_TABLE = [[P] * 24 for _ in range(24)]
for _row_index, _row in enumerate(_PAIRS.split("\n")[1:-1]):
    for _column_index, _rule in enumerate(_row.split()[1:]):
        _TABLE[_row_index][_column_index] = _RULES[_rule]
# WJ joins on both sides (UAX #14 LB11); spaces after it still allow a break.
for _klass in range(24):
    _TABLE[_klass][WJ] = P
    _TABLE[WJ][_klass] = P if _klass in (CL, CP, EX, IS, SY, WJ) else I


def possible_breaks(text: str) -> list[bool]:
    """``result[i]`` is True where a line may break before ``text[i]``."""
    result = [False] * len(text)
    last = BK
    seen_space: int | None = None
    joined = False  # a zero width joiner glues the next character to the previous one
    for index, character in enumerate(text):
        klass = break_class(character)
        if klass == SP:
            seen_space = index
            joined = False
            continue
        if klass == ZW:
            last, seen_space, joined = ZW, None, False
            continue
        if klass == CM:
            if seen_space is not None or last == BK:
                # A combining mark with no base (after a space, or first) stands alone: a break may
                # precede it after a space, and it joins what follows like a letter (UAX #14 LB10).
                result[index] = last != BK
                last, seen_space = AL, None
            elif last == ZW:
                result[index] = True
                last = AL
            joined = character == "\u200d"
            continue
        if last == BK or joined:
            result[index] = False
        elif last == ZW:
            result[index] = True
        else:
            rule = _TABLE[last][klass]
            result[index] = rule == D or (rule == I and seen_space is not None)
        last = klass
        seen_space = None
        joined = False
    return result


@functools.lru_cache(maxsize=4096)
def display_width(character: str) -> int:
    """Columns a character takes on a terminal, as libunistring's uc_width counts them."""
    if character < "\x80":
        return 1 if " " <= character < "\x7f" else 0
    category = unicodedata.category(character)
    if category in ("Mn", "Me", "Cf") or character == "\u200b" or "\u1160" <= character <= "\u11ff":
        return 0
    if category == "Cc":
        return 0
    if unicodedata.east_asian_width(character) in ("W", "F"):
        return 2
    return 1


def width_breaks(text: str, width: int, start_column: int, prohibited: set[int] | None = None) -> list[int]:
    """Indexes where lines break, taking the last possible break before a line exceeds ``width``."""
    possible = possible_breaks(text)
    if prohibited:
        for index in prohibited:
            possible[index] = False
    taken: list[int] = []
    last_break: int | None = None
    last_column = start_column
    piece_width = 0
    for index, character in enumerate(text):
        if possible[index]:
            if last_break is not None and last_column + piece_width > width:
                taken.append(last_break)
                last_column = 0
            last_break = index
            last_column += piece_width
            piece_width = 0
        piece_width += display_width(character)
    if last_break is not None and last_column + piece_width > width:
        taken.append(last_break)
    return taken


# --- Fast path -----------------------------------------------------------------------------------------
# Most catalog text is letters, digits, spaces and punctuation, one column each. For such text the break
# opportunities follow from pairs of neighbouring classes, which regular expressions over a string of
# class letters find at C speed; the greedy pass then walks words instead of characters. Text with
# combining marks, joiners, zero-width or wide characters takes the exact loop above.

_SLOW_CLASSES = {CM, ZW, WJ, ID}


class _ClassLetters(dict[int, str]):
    """Code point → one letter per break class (lazily filled; ``str.translate`` uses it)."""

    def __missing__(self, code: int) -> str:
        character = chr(code)
        klass = break_class(character)
        if klass not in _SLOW_CLASSES and display_width(character) != 1 and klass != SP:
            klass = ID  # anything not one column wide goes the exact way
        letter = "?" if klass in _SLOW_CLASSES else chr(ord("A") + klass)
        self[code] = letter
        return letter


_CLASS_LETTERS = _ClassLetters()
_SPACE_LETTER = chr(ord("A") + SP)


def _pattern_of(pairs: list[tuple[int, int]]) -> re.Pattern[str]:
    grouped: dict[int, list[int]] = {}
    for before, after in pairs:
        grouped.setdefault(before, []).append(after)
    alternatives = [
        re.escape(chr(ord("A") + before))
        + "["
        + "".join(re.escape(chr(ord("A") + after)) for after in afters)
        + "]"
        for before, afters in grouped.items()
    ]
    return re.compile("(?=(" + "|".join(alternatives) + "))") if alternatives else re.compile("(?!)")


_FAST_CLASSES = [klass for klass in range(24) if klass not in _SLOW_CLASSES | {SP, BK}]
# Adjacent classes that allow a break between them, and those that allow one across spaces.
_DIRECT = _pattern_of([(a, b) for a in _FAST_CLASSES for b in _FAST_CLASSES if _TABLE[a][b] == D])
_ACROSS_SPACES = re.compile(rf"([^{_SPACE_LETTER}]){_SPACE_LETTER}+(?=([^{_SPACE_LETTER}]))")
_BREAKS_ACROSS = {
    (chr(ord("A") + a), chr(ord("A") + b))
    for a in _FAST_CLASSES
    for b in _FAST_CLASSES
    if _TABLE[a][b] in (I, D)
}


# Characters known to be one column wide and of a simple class: ASCII, Latin-1 and Latin Extended
# letters, and the Arabic-script letters, digits and punctuation Urdu uses (no combining marks).
_PLAIN = re.compile(
    "[ -~\u00a1-\u00ac\u00ae-\u02af\u0600-\u060f\u061b\u061f-\u064a\u0660-\u066f\u0671-\u06d5\u06ee-\u06ff]*"
)


def _class_of(character: str) -> str:
    return _CLASS_LETTERS[ord(character)]


def _classes(text: str) -> str:
    return text.translate(_CLASS_LETTERS)


def _all_candidates(text: str, line_start: int, begin: int, prohibited: set[int] | None) -> list[int]:
    """Every break opportunity after ``begin``, in order (for the rare overlong word)."""
    offset = max(0, line_start - 1)
    classes = _classes(text[offset:])
    candidates = {match.start() + 1 + offset for match in _DIRECT.finditer(classes)}
    candidates.update(
        match.end() + offset
        for match in _ACROSS_SPACES.finditer(classes)
        if (match.group(1), match.group(2)) in _BREAKS_ACROSS
    )
    return sorted(
        candidate
        for candidate in candidates
        if candidate > begin and (not prohibited or candidate not in prohibited)
    )


def _last_candidate(text: str, start: int, limit: int, prohibited: set[int] | None) -> int | None:
    """The last break opportunity in ``(start, limit]``: after a run of spaces, or between two classes."""
    spaced: int | None = None
    position = limit
    length = len(text)
    while True:
        space = text.rfind(" ", start, position)
        if space < 0:
            break
        run_start = space
        while run_start > start and text[run_start - 1] == " ":
            run_start -= 1
        after = space + 1
        if (
            after <= limit
            and after < length
            and text[after] != " "
            and run_start > 0
            and (_class_of(text[run_start - 1]), _class_of(text[after])) in _BREAKS_ACROSS
            and not (prohibited and after in prohibited)
        ):
            spaced = after
            break
        position = run_start
    window_start = max(start, (spaced or start) - 1)
    window = _classes(text[window_start : limit + 1])
    direct: int | None = None
    for match in _DIRECT.finditer(window):
        candidate = window_start + match.start() + 1
        if start < candidate <= limit and not (prohibited and candidate in prohibited):
            direct = candidate
    found = [candidate for candidate in (spaced, direct) if candidate is not None and candidate > start]
    return max(found) if found else None


def is_plain(text: str) -> bool:
    """One column per character, no marks, joiners or wide characters: the fast path applies."""
    return _PLAIN.fullmatch(text) is not None or "?" not in _classes(text)


def fast_width_breaks(
    text: str, width: int, start_column: int, prohibited: set[int] | None = None
) -> list[int]:
    """:func:`width_breaks` with the same result, looking only at the ends of lines.

    The greedy pass breaks each line at its last opportunity that fits (or, for a word longer than the
    line, at the first one after it); so only the neighbourhood of each line's end is examined.
    """
    if not is_plain(text):
        return width_breaks(text, width, start_column, prohibited)
    length = len(text)
    taken: list[int] = []
    line_start = 0
    column = start_column
    while True:
        limit = line_start + width - column
        if length <= limit:
            return taken
        candidate = _last_candidate(text, line_start, limit, prohibited)
        if candidate is None:
            later = _all_candidates(text, line_start, limit, prohibited)
            if not later:
                return taken
            candidate = later[0]
        taken.append(candidate)
        line_start = candidate
        column = 0
