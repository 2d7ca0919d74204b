"""Read PO files into the catalog model, refusing malformed input with its file and line.

Every part a translator's tool writes is kept: translator and extracted comments, references, flags,
previous strings (``#|``), obsolete entries (``#~``) and plural forms. The parser is line based and
allocation-light because reading and writing files is most of the cost of a merge. Quoted strings
and their escapes are read by :mod:`toolkit.gettext.po_literals`.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

from toolkit.errors import LocatedError
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.gettext.flags import parse_flag_line
from toolkit.gettext.po_literals import decoded_bytes, holds_escaped_bytes, literal_value
from toolkit.text.encodings import mislabelled_utf8_line

MAX_PO_BYTES = 64 * 1024 * 1024
"""Largest catalog read (64 MiB: several times a 200,000-entry catalog)."""

_CHARSET = re.compile(rb"charset=([A-Za-z0-9_.:-]+)")
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s*(\".*)$")


_CARRIAGE_RETURNS_ONLY = (
    "the lines end with a carriage return alone (classic Mac OS line ends), which gettext tools do not "
    "read as line ends; save the catalog with LF (Unix) line ends"
)
_LONE_CARRIAGE_RETURN = (
    "the line holds a carriage return alone (a classic Mac OS line end), which gettext tools do not read "
    "as a line end; save the catalog with LF (Unix) line ends"
)


class PoSyntaxError(LocatedError):
    names_its_place = True


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
                setattr(self, name, decoded_bytes(value, codec))
        if self.msgstr_plural is not None:
            self.msgstr_plural = {
                index: decoded_bytes(value, codec) for index, value in self.msgstr_plural.items()
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
    utf8_line = mislabelled_utf8_line(raw) if legacy else None
    if utf8_line is not None:
        raise PoSyntaxError(
            file,
            utf8_line,
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
    return _PoParser(file, codec).parse(text)


_PREVIOUS_ATTRIBUTES = {
    "msgctxt": "previous_context",
    "msgid": "previous_msgid",
    "msgid_plural": "previous_msgid_plural",
}


class _PoParser:
    """Reads one file's lines in order, one method per kind of line (as Babel's ``PoFileParser``),
    into the entry being read (``draft``); an entry is finished, checked and added when the next one
    starts or the file ends. Used once: :func:`parse_po` makes one per file."""

    def __init__(self, file: str, codec: str) -> None:
        self.file = file
        self.codec = codec
        self.entries: list[CatalogEntry] = []
        self.header: Header | None = None
        # The line and obsolete mark of each (msgctxt, msgid) read, for the duplicate message.
        self.seen: dict[tuple[str | None, str], tuple[int, bool]] = {}
        self.draft = _Draft()
        # Which string a continuation line extends: (attribute of the draft, plural index or None).
        self.target: tuple[str, int | None] | None = None
        self.line_number = 0
        self.line = ""

    def parse(self, text: str) -> Catalog:
        """The catalog in the file's text; raises :class:`PoSyntaxError` at the first problem."""
        if "\r" in text and "\n" not in text:
            # GNU reads such a file as one line: the header and every entry become one comment.
            raise PoSyntaxError(self.file, 1, _CARRIAGE_RETURNS_ONLY)
        for line_number, line in enumerate(text.split("\n"), start=1):
            self.line_number = line_number
            self.line = line
            stripped = line.strip()
            if not stripped:
                self._blank_line()
            elif stripped[0] == '"':  # the most common line in a wrapped catalog: a continuation
                self._continuation_line(stripped)
            elif stripped.startswith("#~"):
                self._obsolete_line(stripped[2:].lstrip())
            elif stripped[0] == "#":
                # Comment text is kept to its last character, as GNU gettext keeps it.
                self._comment_line(line.lstrip().rstrip("\r"))
            else:
                self._keyword_line(stripped, obsolete=False)
        self._finish_entry()
        return Catalog(self.header or Header(), tuple(self.entries), has_header=self.header is not None)

    def _blank_line(self) -> None:
        if self.draft.seen_keyword:
            self._finish_entry()
        self.target = None

    def _continuation_line(self, literal: str) -> None:
        """A quoted string alone, which extends the string of the line before."""
        if self.target is None:
            raise self._error("a quoted string continues nothing; it must follow msgctxt, msgid or msgstr")
        value = self._string_value(literal)
        attribute, index = self.target
        if index is None:
            setattr(self.draft, attribute, (getattr(self.draft, attribute) or "") + value)
        else:
            assert self.draft.msgstr_plural is not None
            self.draft.msgstr_plural[index] += value

    def _obsolete_line(self, rest: str) -> None:
        """A line of an obsolete entry: ``#~`` and what would be the line of an active one."""
        if not rest:
            return  # "#~" alone is nothing, not even the end of the string it follows
        if rest[0] == "|":
            self._comment_line("#|" + rest[1:])  # the previous strings of an obsolete entry: "#~| msgid"
        elif rest[0] == "#":
            self._comment_line(rest)
        elif rest[0] == '"':
            self._continuation_line(rest)
        else:
            self._keyword_line(rest, obsolete=True)

    def _comment_line(self, comment: str) -> None:
        """Any line starting with ``#``: a comment, flags, references or previous strings."""
        if self.draft.seen_keyword:
            self._finish_entry()  # comments come before the strings, so they start the next entry
        if self.draft.is_empty:
            self.draft.line = self.line_number
        marker = comment[1:2]
        if marker == "|":
            self._previous_string_line(comment[2:].strip())
            return
        self.target = None
        if marker == ",":
            # Each "#," line replaces the flags of earlier ones, as GNU reads them.
            self.draft.flags[:] = parse_flag_line(comment[2:])
        elif marker == ".":
            self.draft.extracted_comments.append(comment[3:] if comment[2:3] == " " else comment[2:])
        elif marker == ":":
            self.draft.references.extend(comment[2:].split())
        else:
            text = comment[1:]
            self.draft.translator_comments.append(text[1:] if text.startswith(" ") else text)

    def _previous_string_line(self, previous: str) -> None:
        """A ``#|`` line: the msgctxt, msgid or msgid_plural a fuzzy entry had before, or its
        continuation."""
        match = _KEYWORD.match(previous)
        if match is None:
            if (
                previous.startswith('"')
                and self.target is not None
                and self.target[0].startswith("previous_")
            ):
                self._continuation_line(previous)
                return
            raise self._error("a #| line must hold msgctxt, msgid or msgid_plural and a quoted string")
        keyword = match.group(1)
        attribute = _PREVIOUS_ATTRIBUTES.get(keyword)
        if attribute is None:
            raise self._error(f"{keyword} cannot appear in a #| previous-string line")
        setattr(self.draft, attribute, self._string_value(match.group(3)))
        self.target = (attribute, None)

    def _keyword_line(self, line: str, obsolete: bool) -> None:
        """A msgctxt, msgid, msgid_plural, msgstr or msgstr[n] line and its quoted string."""
        match = _KEYWORD.match(line)
        if match is None:
            word = line.split()[0]
            raise self._error(
                f"unexpected '{word[:40]}'; expected msgctxt, msgid, msgid_plural, msgstr or a comment"
            )
        keyword, plural_index, literal = match.group(1), match.group(2), match.group(3)
        # Read before a previous entry with no blank line after it is finished, so incomplete escaped
        # bytes here mark that entry and stay undecoded in this one: a defect kept as it was, so that
        # making parse_po a class changes nothing; it wants a fix with a test of its own.
        value = self._string_value(literal)
        if keyword in ("msgctxt", "msgid") and (
            self.draft.msgstr is not None or self.draft.msgstr_plural is not None
        ):
            self._finish_entry()  # the previous entry ended without a blank line
        draft = self.draft
        if draft.is_empty:
            draft.line = self.line_number
        draft.seen_keyword = True
        draft.obsolete = draft.obsolete or obsolete
        if keyword == "msgctxt":
            if draft.msgid is not None or draft.context is not None:
                raise self._error("msgctxt must come before msgid, once per entry")
            draft.context = value
            self.target = ("context", None)
        elif keyword == "msgid":
            if draft.msgid is not None:
                raise self._error("a second msgid in one entry; separate entries with a blank line")
            draft.msgid = value
            self.target = ("msgid", None)
        elif keyword == "msgid_plural":
            if draft.msgid is None or draft.msgid_plural is not None:
                raise self._error("msgid_plural must follow msgid, once per entry")
            draft.msgid_plural = value
            self.target = ("msgid_plural", None)
        elif plural_index is None:
            if draft.msgid is None:
                raise self._error("msgstr without msgid")
            if draft.msgstr is not None or draft.msgstr_plural is not None:
                raise self._error("a second msgstr in one entry")
            draft.msgstr = value
            draft.msgstr_line = self.line_number
            self.target = ("msgstr", None)
        else:
            if draft.msgid is None:
                raise self._error(f"msgstr[{plural_index}] without msgid")
            index = int(plural_index)
            if draft.msgstr_plural is None:
                draft.msgstr_plural = {}
                draft.msgstr_line = self.line_number
            if index in draft.msgstr_plural:
                raise self._error(f"msgstr[{index}] appears twice in one entry")
            draft.msgstr_plural[index] = value
            self.target = ("msgstr_plural", index)

    def _string_value(self, literal: str) -> str:
        """The text of the quoted string on the current line."""
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
        try:
            value = literal_value(literal, self.codec)
        except ValueError as error:
            raise self._error(str(error)) from None
        if holds_escaped_bytes(value):
            self.draft.escaped_bytes = True
        return value

    def _finish_entry(self) -> None:
        """Checks the entry read so far and adds it (or the header), and starts the next one."""
        draft, self.draft = self.draft, _Draft()
        if draft.is_empty:
            return
        msgid, plural = self._checked_strings(draft)
        if msgid == "" and draft.context is None and not draft.obsolete:
            self._read_header(draft)
            return
        self._check_unique(draft, msgid)
        self.entries.append(
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

    def _checked_strings(self, draft: _Draft) -> tuple[str, tuple[str, ...]]:
        """The msgid and the plural translations of a finished entry, whose strings must make a
        whole entry: a msgid, and msgstr or as many msgstr[n] as msgid_plural asks for."""
        if draft.escaped_bytes:
            try:
                draft.decode_escaped_bytes(self.codec)
            except ValueError as error:
                raise self._entry_error(draft, str(error)) from None
        if draft.msgid is None:
            raise self._entry_error(draft, "entry has comments or flags but no msgid")
        if draft.msgstr is None and draft.msgstr_plural is None:
            raise self._entry_error(draft, "entry has no msgstr")
        if draft.msgid_plural is not None and draft.msgstr_plural is None:
            raise self._entry_error(draft, "plural entry (msgid_plural) needs msgstr[0], msgstr[1], ...")
        if draft.msgid_plural is None and draft.msgstr_plural is not None:
            raise self._entry_error(draft, "msgstr[n] without msgid_plural; use msgstr")
        if draft.msgstr_plural is None:
            return draft.msgid, ()
        indexes = sorted(draft.msgstr_plural)
        if indexes != list(range(len(indexes))):
            raise self._entry_error(
                draft, "plural forms must be numbered msgstr[0], msgstr[1], ... without gaps"
            )
        return draft.msgid, tuple(draft.msgstr_plural[index] for index in indexes)

    def _read_header(self, draft: _Draft) -> None:
        if self.header is not None or self.entries:
            raise self._entry_error(
                draft, 'a second header entry (msgid ""); only the first entry may be the header'
            )
        self.header = Header.parse(
            draft.msgstr or "",
            tuple(draft.translator_comments),
            tuple(draft.flags),
            extracted_comments=tuple(draft.extracted_comments),
            references=tuple(draft.references),
        )

    def _check_unique(self, draft: _Draft, msgid: str) -> None:
        # GNU refuses an obsolete entry beside an active one of the same identity too ("duplicate
        # message definition"): msgfmt could not tell which one is meant.
        identity = (draft.context, msgid)
        if identity not in self.seen:
            self.seen[identity] = (draft.line, draft.obsolete)
            return
        what = (
            f"msgctxt {draft.context!r} and msgid {msgid!r}"
            if draft.context is not None
            else f"msgid {msgid!r}"
        )
        first_line, first_obsolete = self.seen[identity]
        advice = (
            "; msgfmt refuses an obsolete (#~) entry and an active one with the same msgctxt and "
            "msgid: delete the one whose translation is not wanted"
            if first_obsolete != draft.obsolete
            else ""
        )
        raise self._entry_error(
            draft, f"duplicate entry: {what} is already defined on line {first_line}{advice}"
        )

    def _error(self, message: str) -> PoSyntaxError:
        """A problem of the current line."""
        if "\r" in self.line.rstrip("\r"):
            message += f"; {_LONE_CARRIAGE_RETURN}"
        return PoSyntaxError(self.file, self.line_number, message)

    def _entry_error(self, draft: _Draft, message: str) -> PoSyntaxError:
        """A problem of a whole entry, found when it is finished: its first line is named."""
        return PoSyntaxError(self.file, draft.line, message)
