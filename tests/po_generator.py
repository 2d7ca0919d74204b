"""A seeded generator of PO files for the differential test against GNU gettext (issue 15).

``po_file(seed)`` returns the bytes of one PO file; the same seed gives the same bytes on every
machine (it depends only on :mod:`random` and quizkit's line-breaking table, which picks characters).
A file covers, over a handful of seeds:

- characters of every line-breaking property libunistring knows, in texts long enough to wrap;
- every escape GNU reads (``\\n \\t \\r \\a \\b \\f \\v \\\\ \\"``, octal and hex bytes, also of multi-byte
  characters) next to the raw characters;
- every flag kind: fuzzy, format flags with ``no-``, ``possible-`` and ``impossible-``, duplicated flags,
  ``wrap``, ``no-wrap``, good and malformed ``range:``, unknown flags, several ``#,`` lines;
- translator, extracted and reference comments, previous strings (``#|``), obsolete entries (``#~``,
  ``#~|``), plural entries under a ``Plural-Forms`` header of one to four forms;
- a header with its own comments, sometimes fuzzy, with lines without a colon and continuation lines;
- UTF-8 and legacy charsets (single-byte and CJK multi-byte).

Every file is valid for ``msgfmt -c``: format flags only on texts without format directives, msgid and
msgstr agreeing on leading and trailing newlines, each msgctxt and msgid once.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass

from toolkit.gettext.flags import parse_flag_line
from toolkit.gettext.format_directives import first_format_language
from toolkit.gettext.line_breaking import _PROPERTIES

# GNU's name of each charset, the Python codec, and the characters both agree on (glibc's iconv and
# Python map a few characters of the CJK charsets differently; those stay out).
CHARSETS: tuple[tuple[str, str], ...] = (
    ("UTF-8", "utf-8"),
    ("ISO-8859-1", "latin-1"),
    ("ISO-8859-2", "iso8859_2"),
    ("ISO-8859-7", "iso8859_7"),
    ("CP1250", "cp1250"),
    ("CP1251", "cp1251"),
    ("CP1252", "cp1252"),
    ("CP1256", "cp1256"),
    ("KOI8-R", "koi8_r"),
    ("EUC-JP", "euc_jp"),
    ("SHIFT_JIS", "shift_jis"),
    ("EUC-KR", "euc_kr"),
    ("GBK", "gbk"),
    ("BIG5", "big5"),
)
_CJK_RANGES = ((0x3000, 0x3100), (0x4E00, 0x9FA6), (0xFF01, 0xFF5F), (0xAC00, 0xD7A4))
_DISAGREEING = {
    "SHIFT_JIS": {"\\", "~"},
    "BIG5": {chr(code) for code in range(0x3040, 0x3100)} | {"\u3005", "\xa2", "\xa3", "\xa5"},
}
PLURAL_FORMS = (
    "nplurals=1; plural=0;",
    "nplurals=2; plural=(n != 1);",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "nplurals=4; plural=(n==1 ? 0 : n==2 ? 1 : n>2 && n<11 ? 2 : 3);",
)
FORMAT_FLAGS = ("c", "python", "python-brace", "javascript", "php", "qt")
OTHER_FLAGS = (
    "fuzzy",
    "wrap",
    "no-wrap",
    "range: 0..5",
    "range: 2..9",
    "range: 5..3",
    "range:1..2",
    "range: x..y",
    "range: 1..9x",
    "bogus-flag",
)
_SIMPLE_ESCAPES = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a", "\b": "\\b", "\f": "\\f", "\v": "\\v"}
_FORMAT_CHARACTERS = set("%{}$~'")
# Valid directives, the same in every string of an entry, so that msgfmt -c accepts them; some hold
# break opportunities ("% d", "%%") that GNU's writer suppresses inside a directive.
DIRECTIVES = {
    "c": ("%d", "% d", "%5.2f", "%%", "%-3s", "%lu", "%'d"),
    "python": ("%d", "% d", "%5.2f", "%%", "%s", "%-3s"),
}


def _every_property() -> list[str]:
    """Some assigned characters of each line-breaking property: the first, a middle and the last of
    each (C0 controls, surrogates and unassigned code points left out)."""
    found: dict[int, list[int]] = {}
    for code, value in enumerate(_PROPERTIES):
        if code < 0x20 or 0xD800 <= code <= 0xDFFF or code == 0x7F:
            continue
        if unicodedata.category(chr(code)) in ("Cn", "Cs"):
            continue
        found.setdefault(value, []).append(code)
    chosen: list[str] = []
    for codes in found.values():
        picks = [codes[0], codes[len(codes) // 3], codes[len(codes) // 2], codes[-1]]
        chosen.extend(chr(code) for code in dict.fromkeys(picks))
    return chosen


_ISSUE_CHARACTERS = list(
    "₨₹£¥¢¤±‰%¡¿।॥。、ァィゥェォッャュョヮぁぃぅっゃゅょー々✅❤👍🏽🇵🇰🇮🇳\u200d\u200b\u2060\u00ad"
)
_TEXT_CHARACTERS = list("abcdefghij ABC 0123456789 .,;:!?-()[]/'\"\\ ") + list("اردو ہے۔،")
_EVERY = sorted(set(_every_property()) | set(_ISSUE_CHARACTERS))


@dataclass
class _Charset:
    name: str
    codec: str
    pool: list[str]

    def has_format_byte(self, character: str) -> bool:
        return any(chr(byte) in _FORMAT_CHARACTERS for byte in character.encode(self.codec))

    def encodable(self, character: str) -> bool:
        try:
            encoded = character.encode(self.codec)
        except UnicodeEncodeError:
            return False
        return len(encoded) <= 2 or self.codec == "utf-8"


def _charset(rng: random.Random) -> _Charset:
    name, codec = CHARSETS[0] if rng.random() < 0.4 else rng.choice(CHARSETS[1:])
    charset = _Charset(name, codec, [])
    excluded = _DISAGREEING.get(name, set())
    candidates = [*_EVERY, *_TEXT_CHARACTERS]
    if codec in ("euc_jp", "shift_jis", "euc_kr", "gbk", "big5"):
        # Only ASCII and the CJK blocks: elsewhere glibc's and Python's tables for these differ.
        cjk = [chr(code) for low, high in _CJK_RANGES for code in range(low, high, 37)]
        candidates = [
            character
            for character in [*candidates, *cjk]
            if character.isascii() or any(low <= ord(character) < high for low, high in _CJK_RANGES)
        ]
    charset.pool = sorted(
        {character for character in candidates if character not in excluded and charset.encodable(character)}
    )
    return charset


def _text(rng: random.Random, charset: _Charset, *, formats: bool, longest: int = 160) -> str:
    length = rng.choice((0, rng.randint(1, 20), rng.randint(20, longest)))
    # msgfmt checks format strings byte by byte: a CJK character's second byte may be a '{' or '%'.
    pool = (
        [character for character in charset.pool if not charset.has_format_byte(character)]
        if formats
        else charset.pool
    )
    characters: list[str] = []
    for _ in range(length):
        roll = rng.random()
        if roll < 0.25:
            characters.append(" ")
        elif roll < 0.3:
            characters.append(rng.choice(list(_SIMPLE_ESCAPES)))
        elif roll < 0.6:
            characters.append(rng.choice(_TEXT_CHARACTERS if not formats else "abc xyz"))
        else:
            characters.append(rng.choice(pool))
    text = "".join(character for character in characters if charset.encodable(character))
    return text.strip("\n")  # msgfmt -c wants msgid and msgstr to agree on newlines at either end


def _literal(rng: random.Random, text: str, charset: _Charset) -> list[str]:
    """``text`` as the inside of a PO string, in pieces that a line may be split between: escapes
    where needed, and some characters as octal or hexadecimal bytes of the file's charset."""
    pieces: list[str] = []
    for index, character in enumerate(text):
        following = text[index + 1 : index + 2]
        if character in _SIMPLE_ESCAPES:
            pieces.append(_SIMPLE_ESCAPES[character])
        elif character in '"\\':
            pieces.append("\\" + character)
        elif rng.random() < 0.06 and character != " ":
            encoded = character.encode(charset.codec)
            hexadecimal = rng.random() < 0.5
            for position, byte in enumerate(encoded):
                last = position == len(encoded) - 1
                # GNU reads every hexadecimal digit after \x: a following digit would join the escape.
                if hexadecimal and not (last and following and following in "0123456789abcdefABCDEF"):
                    pieces.append(f"\\x{byte:02x}")
                else:
                    pieces.append(f"\\{byte:03o}")
        else:
            pieces.append(character)
    return pieces


def _field(rng: random.Random, prefix: str, keyword: str, text: str, charset: _Charset) -> list[str]:
    """A keyword and its string, on one line or, sometimes, split into continuation lines (even
    between the escaped bytes of one character, which GNU joins before decoding)."""
    pieces = _literal(rng, text, charset)
    if len(pieces) < 2 or rng.random() < 0.6:
        return [f'{prefix}{keyword} "{"".join(pieces)}"']
    cut = rng.randint(1, len(pieces) - 1)
    if pieces[cut - 1].startswith("\\x") and pieces[cut][:1] in tuple("0123456789abcdefABCDEF"):
        return [f'{prefix}{keyword} "{"".join(pieces)}"']
    return [f'{prefix}{keyword} "{"".join(pieces[:cut])}"', f'{prefix}"{"".join(pieces[cut:])}"']


def _flag_lines(rng: random.Random, formats: bool) -> list[str]:
    flags = [flag for flag in OTHER_FLAGS if rng.random() < 0.12]
    if formats:
        for language in rng.sample(FORMAT_FLAGS, rng.randint(1, 3)):
            prefix = rng.choice(("", "", "no-", "possible-", "impossible-"))
            flags.append(f"{prefix}{language}-format")
    if flags and rng.random() < 0.2:
        flags.append(rng.choice(flags))  # a duplicated flag
    rng.shuffle(flags)
    if not flags:
        return []
    if len(flags) > 1 and rng.random() < 0.2:
        cut = rng.randint(1, len(flags) - 1)
        return ["#, " + ", ".join(flags[:cut]), "#, " + ", ".join(flags[cut:])]
    return ["#, " + ", ".join(flags)]


def _comment(rng: random.Random, charset: _Charset) -> str:
    """A comment's text. GNU's lexer joins a line ending in a backslash byte with the next line, also
    where the byte is the second one of a CJK character (a known gap, noted on issue 10): none here."""
    text = "".join(rng.choice([*charset.pool, " ", " ", "a", "b"]) for _ in range(rng.randint(0, 90))).strip()
    while text.encode(charset.codec).endswith(b"\\"):
        text = text[:-1].strip()
    return text


def _entry(
    rng: random.Random, index: int, charset: _Charset, plurals: int, seen: set[tuple[str | None, str]]
) -> list[str]:
    obsolete = rng.random() < 0.15
    formats = rng.random() < 0.3
    lines: list[str] = []
    for _ in range(rng.choice((0, 0, 1, 2))):
        lines.append(f"# {_comment(rng, charset)}" if rng.random() < 0.9 else "#")
    if not obsolete:
        for _ in range(rng.choice((0, 1, 2))):
            lines.append(f"#. {_comment(rng, charset)}")
        references = [
            f"src/file-{rng.randint(1, 40)}.c:{rng.randint(1, 999)}" for _ in range(rng.choice((0, 1, 3, 12)))
        ]
        if references:
            lines.append("#: " + " ".join(references))
    flag_lines = _flag_lines(rng, formats)
    lines.extend(flag_lines)
    # GNU reads the flags of the last "#," line only; its first format language decides directives.
    effective = parse_flag_line(flag_lines[-1][2:]) if flag_lines else ()
    language = first_format_language(effective)
    directives = DIRECTIVES.get(language or "", ())
    checked = {flag for flag in effective if flag.endswith("-format") and not flag.startswith("no-")}
    if len(checked) > 1:
        directives = ("%d", "%s")  # msgfmt -c checks every format flagged: valid in each of them
    chosen = tuple(directive for directive in directives if rng.random() < 0.4)

    def text() -> str:
        words = _text(rng, charset, formats=formats).split(" ")
        positions = sorted(rng.randint(0, len(words)) for _ in chosen)
        for directive, position in reversed(list(zip(chosen, positions, strict=True))):
            words.insert(position, directive)  # in the same order in every string of the entry
        return " ".join(words).strip("\n")

    previous_prefix, prefix = ("#~| ", "#~ ") if obsolete else ("#| ", "")
    if rng.random() < 0.25:
        if rng.random() < 0.3:
            lines.extend(_field(rng, previous_prefix, "msgctxt", f"old.key.{index}", charset))
        lines.extend(_field(rng, previous_prefix, "msgid", text() or "old", charset))
    context = f"key.{index}" if rng.random() < 0.6 else None
    msgid = text() or f"message {index}"
    while (context, msgid) in seen:
        msgid += f" {index}"
    seen.add((context, msgid))
    if context is not None:
        lines.extend(_field(rng, prefix, "msgctxt", context, charset))
    lines.extend(_field(rng, prefix, "msgid", msgid, charset))
    if rng.random() < 0.3:
        lines.extend(_field(rng, prefix, "msgid_plural", text() or "many", charset))
        translated = rng.random() < 0.85
        for form in range(plurals):
            # With directives, msgfmt -c wants every form translated, or none.
            translation = text() if (translated if chosen else rng.random() < 0.85) else ""
            if obsolete and form == 0 and not translation:
                translation = "t"
            lines.extend(_field(rng, prefix, f"msgstr[{form}]", translation, charset))
    else:
        translation = text() if rng.random() < 0.85 else ""
        lines.extend(_field(rng, prefix, "msgstr", translation or ("t" if obsolete else ""), charset))
    return lines


def _header(rng: random.Random, charset: _Charset, plurals: int) -> list[str]:
    lines: list[str] = []
    if rng.random() < 0.7:
        lines.append(f"# {_comment(rng, charset)}")
    if rng.random() < 0.3:
        lines.append(f"#. {_comment(rng, charset)}")
    if rng.random() < 0.3:
        lines.append("#: src/main.c:1")
    if rng.random() < 0.3:
        lines.append("#, fuzzy")
    fields = [
        "Project-Id-Version: generated 1.0",
        "Report-Msgid-Bugs-To: ",
        "POT-Creation-Date: 2026-01-01 00:00+0000",
        "PO-Revision-Date: 2026-01-02 00:00+0000",
        "Last-Translator: Someone <someone@example.org>",
        "Language-Team: Nobody",
        "Language: xx",
        "MIME-Version: 1.0",
        f"Content-Type: text/plain; charset={charset.name}",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {PLURAL_FORMS[plurals - 1]}",
    ]
    if rng.random() < 0.3:
        fields.insert(rng.randint(0, len(fields)), "A line without a colon")
    if rng.random() < 0.3:
        fields.insert(rng.randint(0, len(fields)), "X-Long: first part")
        fields.insert(fields.index("X-Long: first part") + 1, "  continued on a second line")
    if rng.random() < 0.3:
        fields.append("X-Tight:value")
    lines.extend(['msgid ""', 'msgstr ""'])
    lines.extend(f'"{line}\\n"' for line in fields)
    return lines


def po_file(seed: int) -> bytes:
    """One PO file, the same for the same seed."""
    rng = random.Random(seed)
    charset = _charset(rng)
    plurals = rng.randint(1, 4)
    blocks = ["\n".join(_header(rng, charset, plurals))]
    seen: set[tuple[str | None, str]] = set()
    for index in range(rng.randint(1, 12)):
        blocks.append("\n".join(_entry(rng, index, charset, plurals, seen)))
    return ("\n\n".join(blocks) + "\n").encode(charset.codec)
