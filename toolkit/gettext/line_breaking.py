"""Where GNU gettext wraps a string in a PO file, so that quizkit writes catalogs byte for byte as msgcat.

GNU tools wrap ``msgid``/``msgstr`` lines with libunistring's line breaking: a property per code point
and a pair table (UAX #14's table 7.3) decide where a break may go, and a greedy pass over display
widths decides where breaks are taken. Translators' editors and quizkit must not fight over wrapping, so
this module implements the same decisions with libunistring's own tables (``line_break_table``,
generated from libunistring 1.0 / Unicode 14.0.0, the one gettext 0.21 on Debian 12 uses) and a port of
its ``u8_possible_linebreaks`` and ``u8_width_linebreaks`` loops. Tests compare the result with
libunistring itself where it is installed.

In the legacy CJK charsets GNU names (EUC-JP, GB2312, GBK, EUC-TW, BIG5, EUC-KR, CP949, JOHAB),
libunistring resolves ambiguous characters as ideographs and counts most non-ASCII characters two
columns wide; ``cjk`` selects that behaviour.
"""

from __future__ import annotations

import base64
import functools
import re
import zlib

from toolkit.gettext import line_break_table


def _unpacked(packed: str) -> bytes:
    return zlib.decompress(base64.b85decode(packed))


# One byte per code point (1.1 MB each): an index is the fastest lookup Python has.
_PROPERTIES = _unpacked(line_break_table.BREAK_PROPERTIES)
_WIDTHS = _unpacked(line_break_table.WIDTHS)

# libunistring's LBP_* numbers (unilbrk/lbrktables.h); 0..32 index the pair table.
WJ, GL, B2, BA, BB, HY, CL, CP1, CP2, EX, IN, NS, OP1, OP2, QU, IS, NU, PO, PR, SY, AL = range(21)
H2, H3, ID1, ID2, JL, JV, JT, HL, RI, ZWJ, EB, EM = range(21, 33)
BK, CR, LF, CM, ZW, SP, CB, AI, SA, XX = range(33, 43)
_HL_BA = 100  # a Hebrew letter followed by a hyphen or BA: no break after it (LB21a)
_PAIR_CLASSES = 33

P, I, D = 0, 1, 2  # noqa: E741 - prohibited, indirect (only after spaces), direct
_RULES = {"P": P, "I": I, "D": D}
_TABLE = [[_RULES[rule] for rule in row] for row in line_break_table.PAIRS]


@functools.lru_cache(maxsize=8192)
def break_property(character: str, cjk: bool = False) -> int:
    """The resolved property: AI as an ideograph in CJK charsets and as a letter elsewhere, CB as an
    ideograph, SA (complex scripts, which libunistring does not segment) and XX as letters."""
    value = _PROPERTIES[ord(character)]
    if value == AI:
        return ID1 if cjk else AL
    if value == CB:
        return ID1
    if value in (SA, XX):
        return AL
    return value


def possible_breaks(text: str, cjk: bool = False) -> list[bool]:
    """``result[i]`` is True where a line may break before ``text[i]`` (libunistring's
    ``u8_possible_linebreaks``; mandatory breaks count as no opportunity)."""
    return [value == _POSSIBLE for value in _break_kinds(text, cjk)]


_PROHIBITED, _POSSIBLE, _MANDATORY = 0, 1, 2


def _break_kinds(text: str, cjk: bool) -> list[int]:
    result = [_PROHIBITED] * len(text)
    previous = BK  # property of the last character
    last = BK  # property of the last character that is not a space
    seen_space = False
    regional_indicators = 0
    for index, character in enumerate(text):
        prop = break_property(character, cjk)
        if prop in (BK, LF, CR):
            result[index] = _MANDATORY
            previous, last, seen_space = prop, BK, False
        else:
            if prop == SP:
                seen_space = True
            elif prop == ZW:
                last, seen_space = ZW, False
            elif prop in (CM, ZWJ):
                if last == BK:
                    last, seen_space = AL, False
                elif last == ZW or seen_space:
                    result[index] = _POSSIBLE
                    last, seen_space = AL, False
            else:
                if last == BK or previous == ZWJ:
                    pass
                elif last == ZW:
                    result[index] = _POSSIBLE
                elif last == RI and prop == RI:
                    if seen_space or regional_indicators % 2 == 0:
                        result[index] = _POSSIBLE
                elif previous == _HL_BA:
                    pass
                else:
                    rule = _TABLE[last][prop]
                    if rule == D or (rule == I and seen_space):
                        result[index] = _POSSIBLE
                last, seen_space = prop, False
            previous = _HL_BA if previous == HL and prop in (HY, BA) else prop
        regional_indicators = regional_indicators + 1 if prop == RI else 0
    return result


@functools.lru_cache(maxsize=8192)
def display_width(character: str, cjk: bool = False) -> int:
    """Columns a character takes, as libunistring's ``uc_width`` counts them (control characters, which
    it calls -1 wide, count 0, as ``u8_width_linebreaks`` ignores them)."""
    code = ord(character)
    width = _WIDTHS[code]
    if width == 255:  # uc_width's -1: a control character
        return 0
    if width == 1 and cjk and 0xA1 <= code < 0xFF61 and code != 0x20A9:
        return 2
    return width


def width_breaks(
    text: str, width: int, start_column: int, prohibited: set[int] | None = None, cjk: bool = False
) -> list[int]:
    """Indexes where lines break: libunistring's greedy pass, which takes the last opportunity before a
    line would exceed ``width``; ``prohibited`` overrides opportunities (inside escapes)."""
    kinds = _break_kinds(text, cjk)
    if prohibited:
        for index in prohibited:
            kinds[index] = _PROHIBITED
    taken: list[int] = []
    last_break: int | None = None
    last_column = start_column
    piece_width = 0
    for index, character in enumerate(text):
        kind = kinds[index]
        if kind != _PROHIBITED and last_break is not None and last_column + piece_width > width:
            taken.append(last_break)
            last_column = 0
        if kind == _MANDATORY:
            last_break, last_column, piece_width = None, 0, 0
            continue
        if kind == _POSSIBLE:
            last_break = index
            last_column += piece_width
            piece_width = 0
        piece_width += display_width(character, cjk)
    if last_break is not None and last_column + piece_width > width:
        taken.append(last_break)
    return taken


# --- Fast path -----------------------------------------------------------------------------------------
# Most catalog text is letters, digits, spaces and punctuation, one column each. For such text the break
# opportunities follow from pairs of neighbouring classes, which regular expressions over a string of
# class letters find at C speed; the greedy pass then walks words instead of characters. Text with
# combining marks, joiners, zero-width or wide characters, mandatory breaks, regional indicators or
# Hebrew letters (whose rules look further back than one pair) takes the exact loop above.

_SLOW_CLASSES = {CM, ZW, ZWJ, BK, CR, LF, RI, HL}


class _ClassLetters(dict[int, str]):
    """Code point → one letter per break class (lazily filled; ``str.translate`` uses it)."""

    def __missing__(self, code: int) -> str:
        character = chr(code)
        klass = break_property(character)
        slow = klass in _SLOW_CLASSES or (display_width(character) != 1 and klass != SP)
        letter = "?" if slow else chr(ord("A") + klass)
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


_FAST_CLASSES = [klass for klass in range(_PAIR_CLASSES) if klass not in _SLOW_CLASSES]
# Adjacent classes that allow a break between them, and those that allow one across spaces.
_DIRECT = _pattern_of([(a, b) for a in _FAST_CLASSES for b in _FAST_CLASSES if _TABLE[a][b] == D])
_ACROSS_SPACES = re.compile(rf"([^{_SPACE_LETTER}]){_SPACE_LETTER}+(?=([^{_SPACE_LETTER}]))")
_BREAKS_ACROSS = {
    (chr(ord("A") + a), chr(ord("A") + b))
    for a in _FAST_CLASSES
    for b in _FAST_CLASSES
    if _TABLE[a][b] in (I, D)
}


# Printable ASCII: one column wide and of a simple class, so no lookup is needed.
_PLAIN = re.compile("[ -~]*")


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
    text: str, width: int, start_column: int, prohibited: set[int] | None = None, cjk: bool = False
) -> list[int]:
    """:func:`width_breaks` with the same result, looking only at the ends of lines.

    The greedy pass breaks each line at its last opportunity that fits (or, for a word longer than the
    line, at the first one after it); so only the neighbourhood of each line's end is examined.
    """
    if cjk or not is_plain(text):
        return width_breaks(text, width, start_column, prohibited, cjk)
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
