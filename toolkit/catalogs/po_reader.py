"""Read PO files into the catalog model, refusing malformed input with its file and line.

Every part a translator's tool writes is kept: translator and extracted comments, references, flags,
previous strings (``#|``), obsolete entries (``#~``) and plural forms. The parser is line based and
allocation-light because reading and writing files is most of the cost of a merge.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from toolkit.catalogs.catalog import Catalog, CatalogEntry, Header
from toolkit.catalogs.flags import parse_flag_line

MAX_PO_BYTES = 64 * 1024 * 1024
"""Largest catalog read (64 MiB: several times a 200,000-entry catalog)."""

_CHARSET = re.compile(rb"charset=([A-Za-z0-9_.:-]+)")
# The escapes GNU's lexer knows (po-lex.c, control_sequence); \' and \? are C but not PO.
_ESCAPE = re.compile(r"\\(?:([abfnrtv\\\"])|([0-7]{1,3})|x([0-9A-Fa-f]+)|(.)|$)", re.DOTALL)
_SIMPLE_ESCAPES = {
    "a": "\a",
    "b": "\b",
    "f": "\f",
    "n": "\n",
    "r": "\r",
    "t": "\t",
    "v": "\v",
    "\\": "\\",
    '"': '"',
}
# A quoted string: everything between the quotes, with escaped characters (\\" included) inside.
_LITERAL = re.compile(r'\s*"([^"\\]*(?:\\.[^"\\]*)*)"\s*', re.DOTALL)
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(\".*)$")


_CARRIAGE_RETURNS_ONLY = (
    "the lines end with a carriage return alone (classic Mac OS line ends), which gettext tools do not "
    "read as line ends; save the catalog with LF (Unix) line ends"
)
_LONE_CARRIAGE_RETURN = (
    "the line holds a carriage return alone (a classic Mac OS line end), which gettext tools do not read "
    "as a line end; save the catalog with LF (Unix) line ends"
)


class PoSyntaxError(Exception):
    def __init__(self, file: str, line: int | None, message: str) -> None:
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")
        self.file = file
        self.line = line
        self.message = message


@dataclass
class _Draft:
    """An entry being read; fields are filled as their lines arrive."""

    line: int = 0
    obsolete: bool = False
    context: str | None = None
    msgid: str | None = None
    msgid_plural: str | None = None
    msgstr: str | None = None
    msgstr_plural: dict[int, str] | None = None
    previous_context: str | None = None
    previous_msgid: str | None = None
    previous_msgid_plural: str | None = None
    seen_keyword: bool = False
    msgstr_line: int = 0
    escaped_bytes: bool = False
    """Some string holds escaped bytes that were no complete character on their own line."""

    def __post_init__(self) -> None:
        self.flags: list[str] = []
        self.translator_comments: list[str] = []
        self.extracted_comments: list[str] = []
        self.references: list[str] = []

    def decode_escaped_bytes(self, codec: str) -> None:
        names = ("context", "msgid", "msgid_plural", "msgstr")
        for name in (*names, "previous_context", "previous_msgid", "previous_msgid_plural"):
            value = getattr(self, name)
            if value is not None:
                setattr(self, name, _decoded_bytes(value, codec))
        if self.msgstr_plural is not None:
            self.msgstr_plural = {
                index: _decoded_bytes(value, codec) for index, value in self.msgstr_plural.items()
            }

    @property
    def is_empty(self) -> bool:
        return not (
            self.seen_keyword
            or self.flags
            or self.translator_comments
            or self.extracted_comments
            or self.references
            or self.previous_msgid is not None
        )


def _unescape(text: str, codec: str) -> str:
    """The text of a string literal. Octal and hexadecimal escapes are bytes in the file's charset, as
    GNU reads them (``"caf\\303\\251"`` in a UTF-8 file is ``café``); bytes that are no complete
    character are surrogate escapes (:func:`_decoded_bytes` finishes them)."""
    pieces: list[str] = []
    escaped_bytes = bytearray()
    position = 0

    def flush_bytes() -> None:
        if escaped_bytes:
            # A character's bytes may continue on the next line ("\\303" "\\251"), so bytes that do
            # not decode yet are kept as surrogate escapes; the entry decodes them once complete.
            pieces.append(escaped_bytes.decode(codec, "surrogateescape"))
            escaped_bytes.clear()

    for match in _ESCAPE.finditer(text):
        if match.start() > position:
            flush_bytes()
            pieces.append(text[position : match.start()])
        position = match.end()
        simple, octal, hexadecimal, other = match.groups()
        if octal is not None:
            escaped_bytes.append(int(octal, 8) & 0xFF)
        elif hexadecimal is not None:
            escaped_bytes.append(int(hexadecimal, 16) & 0xFF)
        elif simple is not None:
            flush_bytes()
            pieces.append(_SIMPLE_ESCAPES[simple])
        else:
            raise ValueError(f"invalid escape sequence '\\{other or ''}'")
    if position < len(text):
        flush_bytes()
        pieces.append(text[position:])
    flush_bytes()
    return "".join(pieces)


_SURROGATE_ESCAPE = re.compile("[\udc80-\udcff]")


def _decoded_bytes(value: str, codec: str) -> str:
    """``value`` with the surrogate escapes of escaped bytes decoded in the file's charset."""
    if _SURROGATE_ESCAPE.search(value) is None:
        return value
    raw = value.encode(codec, "surrogateescape")
    try:
        return raw.decode(codec)
    except UnicodeDecodeError as error:
        raise ValueError(
            f"escaped bytes {raw[error.start : error.end]!r} are not valid {codec}; "
            "write the characters themselves"
        ) from None


def decode_po(raw: bytes, file: str) -> tuple[str, str]:
    """Decode with the charset the header declares (UTF-8 when it declares none); the text and the
    Python codec it was decoded with."""
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    match = _CHARSET.search(raw[:4096])
    charset = match.group(1).decode("ascii") if match else "UTF-8"
    if charset.upper() == "CHARSET":  # the placeholder xgettext writes into templates
        charset = "UTF-8"
    try:
        codec = codecs.lookup(charset)
    except LookupError:
        line = raw[: match.start()].count(b"\n") + 1 if match else None
        raise PoSyntaxError(
            file, line, f"unknown charset '{charset}' in the header; save the catalog as UTF-8"
        ) from None
    # Any charset but Unicode's (and ASCII's, which refuses every other byte itself): single-byte as
    # ISO-8859-1 or multi-byte as GBK or Shift_JIS, UTF-8 under it is garbled or refused at a wrong byte.
    legacy = not codec.name.startswith("utf") and codec.name != "ascii"
    if legacy and not raw.isascii() and _is_utf8(raw):
        first = re.search(rb"[\x80-\xff]", raw)
        assert first is not None
        raise PoSyntaxError(
            file,
            raw[: first.start()].count(b"\n") + 1,
            f"the header says charset={charset}, but the file is UTF-8 (this line is the first with a "
            f"character outside ASCII): read as {charset}, every such character would be garbled; "
            "if the file is UTF-8, correct the header to charset=UTF-8",
        )
    try:
        return raw.decode(codec.name), codec.name
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise PoSyntaxError(
            file, line, f"byte 0x{raw[error.start]:02x} is not valid {charset}; save the catalog as UTF-8"
        ) from None


def _is_utf8(raw: bytes) -> bool:
    """Valid UTF-8 with a character outside ASCII: text in another charset almost never is (Latin-1's
    accented letters would have to be followed by C1 controls or symbols like ©, as in mojibake; GBK's
    and Shift_JIS's byte pairs rarely form UTF-8 sequences)."""
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def read_po(data: bytes, name: str) -> Catalog:
    """The catalog in a PO file's bytes, decoded as its header's charset says; ``name`` is the file name
    that messages give. Raises :class:`PoSyntaxError` with the line of the first problem."""
    if len(data) > MAX_PO_BYTES:
        raise PoSyntaxError(
            name, None, f"file is {len(data):,} bytes; catalogs are limited to {MAX_PO_BYTES:,}"
        )
    text, codec = decode_po(data, name)
    return parse_po(text, name, codec)


def parse_po(text: str, file: str, codec: str = "utf-8") -> Catalog:
    """The catalog in a PO file's text; ``codec`` is the charset the file was decoded from, which
    octal and hexadecimal escapes are bytes of."""
    entries: list[CatalogEntry] = []
    header: Header | None = None
    seen: dict[tuple[str | None, str], tuple[int, bool]] = {}
    draft = _Draft()
    # Which string a continuation line extends: (attribute, plural index or None).
    target: tuple[str, int | None] | None = None
    line_number = 0

    if "\r" in text and "\n" not in text:
        # GNU reads such a file as one line: the header and every entry become one comment.
        raise PoSyntaxError(file, 1, _CARRIAGE_RETURNS_ONLY)
    current_line = ""

    def fail(message: str) -> PoSyntaxError:
        if "\r" in current_line.rstrip("\r"):
            message += f"; {_LONE_CARRIAGE_RETURN}"
        return PoSyntaxError(file, line_number, message)

    def string_value(literal: str) -> str:
        literal = literal.strip()
        inner = literal[1:-1]
        if (
            len(literal) >= 2
            and literal[0] == '"'
            and literal[-1] == '"'
            and "\\" not in inner
            and '"' not in inner
        ):
            return inner  # the common case: no escapes at all
        match = _LITERAL.fullmatch(literal)
        if match is None:
            if (
                len(literal) < 2
                or literal[0] != '"'
                or literal[-1] != '"'
                or (literal.endswith('\\"') and _odd_backslashes(literal))
            ):
                raise fail("unterminated string: a string must start and end with a double quote on one line")
            raise fail('unescaped double quote inside a string; write it as \\"')
        try:
            value = _unescape(match.group(1), codec)
        except ValueError as error:
            raise fail(str(error)) from None
        if _SURROGATE_ESCAPE.search(value) is not None:
            draft.escaped_bytes = True
        return value

    def extend(value: str) -> None:
        assert target is not None
        attribute, index = target
        if index is None:
            setattr(draft, attribute, (getattr(draft, attribute) or "") + value)
        else:
            assert draft.msgstr_plural is not None
            draft.msgstr_plural[index] += value

    def finish() -> None:
        nonlocal draft, header
        if draft.is_empty:
            draft = _Draft()
            return
        if draft.escaped_bytes:
            try:
                draft.decode_escaped_bytes(codec)
            except ValueError as error:
                raise PoSyntaxError(file, draft.line, str(error)) from None
        msgid = draft.msgid
        if msgid is None:
            raise PoSyntaxError(file, draft.line, "entry has comments or flags but no msgid")
        if draft.msgstr is None and draft.msgstr_plural is None:
            raise PoSyntaxError(file, draft.line, "entry has no msgstr")
        if draft.msgid_plural is not None and draft.msgstr_plural is None:
            raise PoSyntaxError(
                file, draft.line, "plural entry (msgid_plural) needs msgstr[0], msgstr[1], ..."
            )
        if draft.msgid_plural is None and draft.msgstr_plural is not None:
            raise PoSyntaxError(file, draft.line, "msgstr[n] without msgid_plural; use msgstr")
        plural: tuple[str, ...] = ()
        if draft.msgstr_plural is not None:
            indexes = sorted(draft.msgstr_plural)
            if indexes != list(range(len(indexes))):
                raise PoSyntaxError(
                    file, draft.line, "plural forms must be numbered msgstr[0], msgstr[1], ... without gaps"
                )
            plural = tuple(draft.msgstr_plural[index] for index in indexes)
        if draft.msgid == "" and draft.context is None and not draft.obsolete:
            if header is not None or entries:
                raise PoSyntaxError(
                    file,
                    draft.line,
                    'a second header entry (msgid ""); only the first entry may be the header',
                )
            header = Header.parse(
                draft.msgstr or "",
                tuple(draft.translator_comments),
                tuple(draft.flags),
                extracted_comments=tuple(draft.extracted_comments),
                references=tuple(draft.references),
            )
            draft = _Draft()
            return
        # GNU refuses an obsolete entry beside an active one of the same identity too ("duplicate
        # message definition"): msgfmt could not tell which one is meant.
        identity = (draft.context, msgid)
        if identity in seen:
            what = (
                f"msgctxt {draft.context!r} and msgid {draft.msgid!r}"
                if draft.context is not None
                else f"msgid {draft.msgid!r}"
            )
            first_line, first_obsolete = seen[identity]
            advice = (
                "; msgfmt refuses an obsolete (#~) entry and an active one with the same msgctxt and "
                "msgid: delete the one whose translation is not wanted"
                if first_obsolete != draft.obsolete
                else ""
            )
            raise PoSyntaxError(
                file, draft.line, f"duplicate entry: {what} is already defined on line {first_line}{advice}"
            )
        seen[identity] = (draft.line, draft.obsolete)
        entries.append(
            CatalogEntry(
                msgid=msgid,
                msgstr=draft.msgstr or "",
                context=draft.context,
                msgid_plural=draft.msgid_plural,
                msgstr_plural=plural,
                flags=tuple(draft.flags),
                translator_comments=tuple(draft.translator_comments),
                extracted_comments=tuple(draft.extracted_comments),
                references=tuple(draft.references),
                previous_context=draft.previous_context,
                previous_msgid=draft.previous_msgid,
                previous_msgid_plural=draft.previous_msgid_plural,
                obsolete=draft.obsolete,
                line=draft.line,
                msgstr_line=draft.msgstr_line,
            )
        )
        draft = _Draft()

    for line_number, raw_line in enumerate(text.split("\n"), start=1):
        current_line = raw_line
        stripped = raw_line.strip()
        if not stripped:
            if draft.seen_keyword:
                finish()
            target = None
            continue
        if stripped[0] == '"':  # the most common line in a wrapped catalog: a continuation
            if target is None:
                raise fail("a quoted string continues nothing; it must follow msgctxt, msgid or msgstr")
            extend(string_value(stripped))
            continue
        obsolete = False
        if stripped.startswith("#~"):
            obsolete = True
            stripped = stripped[2:].lstrip()
            if stripped.startswith("|"):
                # Previous strings of an obsolete entry: "#~| msgid ...".
                stripped = "#|" + stripped[1:]
            elif not stripped:
                continue
        if stripped.startswith("#"):
            if not obsolete:
                # Comment text is kept to its last character, as GNU gettext keeps it.
                stripped = raw_line.lstrip().rstrip("\r")
            if draft.seen_keyword and not stripped.startswith("#|"):
                finish()
            if draft.is_empty:
                draft.line = line_number
            marker = stripped[1:2]
            if marker == ",":
                # Each "#," line replaces the flags of earlier ones, as GNU reads them.
                draft.flags[:] = parse_flag_line(stripped[2:])
                target = None
            elif marker == ".":
                draft.extracted_comments.append(stripped[3:] if stripped[2:3] == " " else stripped[2:])
                target = None
            elif marker == ":":
                draft.references.extend(stripped[2:].split())
                target = None
            elif marker == "|":
                if draft.seen_keyword:
                    finish()
                    draft.line = line_number
                previous = stripped[2:].strip()
                match = _KEYWORD.match(previous)
                if match is None:
                    if previous.startswith('"') and target is not None and target[0].startswith("previous_"):
                        extend(string_value(previous))
                        continue
                    raise fail("a #| line must hold msgctxt, msgid or msgid_plural and a quoted string")
                keyword = match.group(1)
                attribute = {
                    "msgctxt": "previous_context",
                    "msgid": "previous_msgid",
                    "msgid_plural": "previous_msgid_plural",
                }.get(keyword)
                if attribute is None:
                    raise fail(f"{keyword} cannot appear in a #| previous-string line")
                setattr(draft, attribute, string_value(match.group(3)))
                target = (attribute, None)
            else:
                comment = stripped[1:]
                draft.translator_comments.append(comment[1:] if comment.startswith(" ") else comment)
                target = None
            continue
        if stripped.startswith('"'):
            if target is None:
                raise fail("a quoted string continues nothing; it must follow msgctxt, msgid or msgstr")
            extend(string_value(stripped))
            continue
        match = _KEYWORD.match(stripped)
        if match is None:
            word = stripped.split()[0]
            raise fail(
                f"unexpected '{word[:40]}'; expected msgctxt, msgid, msgid_plural, msgstr or a comment"
            )
        keyword, plural_index, literal = match.group(1), match.group(2), match.group(3)
        value = string_value(literal)
        if keyword in ("msgctxt", "msgid") and (draft.msgstr is not None or draft.msgstr_plural is not None):
            finish()  # the previous entry ended without a blank line
        if draft.is_empty:
            draft.line = line_number
        draft.seen_keyword = True
        draft.obsolete = draft.obsolete or obsolete
        if keyword == "msgctxt":
            if draft.msgid is not None or draft.context is not None:
                raise fail("msgctxt must come before msgid, once per entry")
            draft.context = value
            target = ("context", None)
        elif keyword == "msgid":
            if draft.msgid is not None:
                raise fail("a second msgid in one entry; separate entries with a blank line")
            draft.msgid = value
            target = ("msgid", None)
        elif keyword == "msgid_plural":
            if draft.msgid is None or draft.msgid_plural is not None:
                raise fail("msgid_plural must follow msgid, once per entry")
            draft.msgid_plural = value
            target = ("msgid_plural", None)
        elif plural_index is None:
            if draft.msgid is None:
                raise fail("msgstr without msgid")
            if draft.msgstr is not None or draft.msgstr_plural is not None:
                raise fail("a second msgstr in one entry")
            draft.msgstr = value
            draft.msgstr_line = line_number
            target = ("msgstr", None)
        else:
            if draft.msgid is None:
                raise fail(f"msgstr[{plural_index}] without msgid")
            index = int(plural_index)
            if draft.msgstr_plural is None:
                draft.msgstr_plural = {}
                draft.msgstr_line = line_number
            if index in draft.msgstr_plural:
                raise fail(f"msgstr[{index}] appears twice in one entry")
            draft.msgstr_plural[index] = value
            target = ("msgstr_plural", index)
    finish()
    return Catalog(header or Header(), tuple(entries), has_header=header is not None)


def _odd_backslashes(literal: str) -> bool:
    """Whether the quote ending ``literal`` is escaped (preceded by an odd number of backslashes)."""
    count = 0
    for character in reversed(literal[:-1]):
        if character != "\\":
            break
        count += 1
    return count % 2 == 1
