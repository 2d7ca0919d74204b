"""XML files that come from outside the project (XLIFF, TMX, TBX): decoded by XML's rules, parsed safely.

Every import reads its XML through :func:`parse_untrusted_xml`, so the three formats refuse the same
things the same way:

- **Encoding** (XML 1.0 §4.3.3 and Appendix F): a byte order mark decides; without one, the first bytes
  tell UTF-16 and UTF-32 apart from the ASCII-compatible encodings, whose XML declaration names the
  encoding (UTF-8 when it names none). Bytes that are not valid in that encoding are refused with their
  line, never replaced. A declaration that names any encoding but UTF-8, UTF-16 or UTF-32 (single-byte
  as ISO-8859-1 and windows-1252, or multi-byte as GBK, GB18030, Shift_JIS, EUC-KR, Big5) over text
  that is valid UTF-8 with non-ASCII characters is refused too: legacy text almost never forms valid
  UTF-8 sequences by chance, so such a file is UTF-8 saved under a wrong declaration, and decoding it
  as declared turns every non-Latin letter into mojibake (Urdu read as GBK is Chinese) that still
  "imports".
- **Declarations**: no DTD is loaded, no entity expanded, nothing fetched. A DOCTYPE is refused outright
  (:data:`REFUSE_DOCTYPE`), or allowed when it only names an external DTD that is never loaded, as
  translate-toolkit's TMX and TBX v2 files do (:data:`EXTERNAL_DOCTYPE`); an internal subset that
  declares anything (entities, elements, attribute lists, notations, even only a comment) is refused
  either way, before the parser sees it, and so is a reference to an entity nobody declared.

The parser gets the text decoded here (as UTF-8, its declaration's encoding removed), so what it reads
is exactly what was checked.
"""

from __future__ import annotations

import codecs
import re
from typing import Literal

from lxml import etree

from toolkit.errors import DocumentError
from toolkit.text.encodings import byte_order_mark, mislabelled_utf8_line, unmarked_xml_encoding

DoctypePolicy = Literal["refuse", "external"]
REFUSE_DOCTYPE: DoctypePolicy = "refuse"
EXTERNAL_DOCTYPE: DoctypePolicy = "external"

_DECLARATION = re.compile(rb"<\?xml\s[^>]*?\?>")
_ENCODING = re.compile(rb"""\sencoding\s*=\s*(["'])([^"']*)\1""")
_TEXT_ENCODING = re.compile(r"""\sencoding\s*=\s*(["'])[^"']*\1""")
# The prolog before a DOCTYPE: white space, the XML declaration and processing instructions, comments.
_PROLOG_ITEM = re.compile(r"\s+|<\?.*?\?>|<!--.*?-->", re.DOTALL)
# A DOCTYPE's name and external identifier, up to where its internal subset ("[") or its end (">") is.
_DOCTYPE_HEAD = re.compile(
    r"""<!DOCTYPE\s+[^\s\[>]+(?:\s+(?:SYSTEM|PUBLIC)(?:\s*(?:"[^"]*"|'[^']*'))+)?\s*"""
)


_NOT_DOCUMENT_ENCODINGS = frozenset(
    ("unicode_escape", "raw_unicode_escape", "idna", "punycode", "utf_7", "undefined", "mbcs", "oem")
)
"""Python codecs that are no document encoding (escapes, domain names) or that XML tools refuse (UTF-7
hides markup from a byte scan); together with the bytes-to-bytes codecs (base64, zlib…), refused."""


class UntrustedXmlError(DocumentError):
    """Why a file cannot be read; ``kind`` is ``encoding``, ``declaration`` or ``syntax``."""

    def __init__(self, line: int | None, message: str, kind: str) -> None:
        super().__init__(line, message)
        self.kind = kind


def _family(encoding: str) -> str:
    """The codec's name without its byte order (``utf_16_le`` and ``utf-16`` are both UTF-16)."""
    name = codecs.lookup(encoding).name.replace("-", "_")
    return re.sub(r"_(le|be)$", "", name)


def _is_unicode(encoding: str) -> bool:
    """Whether ``encoding`` is UTF-8, UTF-16 or UTF-32 (with or without its byte order)."""
    return _family(encoding).startswith("utf")


def _line_at(raw: bytes, offset: int, encoding: str) -> int:
    return raw[:offset].decode(encoding, errors="replace").count("\n") + 1


def decoded_xml(raw: bytes) -> str:
    """The document as text, decoded by XML's rules; :class:`UntrustedXmlError` when it cannot be."""
    marked = byte_order_mark(raw)
    body = raw
    encoding: str | None = None
    if marked is not None:
        mark, encoding = marked
        body = raw[len(mark) :]
        origin = f"the byte order mark says {encoding}"
    else:
        encoding = unmarked_xml_encoding(raw)
        origin = f"its first bytes are {encoding}"
    declared = None
    if encoding is None or _family(encoding) == "utf_8":
        declaration = _DECLARATION.match(body)
        found = _ENCODING.search(declaration.group(0)) if declaration else None
        declared = found.group(2).decode("ascii", errors="replace") if found else None
    if declared is not None:
        try:
            declared_family = _family(declared)
            if declared_family in _NOT_DOCUMENT_ENCODINGS or not codecs.lookup(declared)._is_text_encoding:
                raise LookupError(declared)
        except LookupError:
            raise UntrustedXmlError(
                1,
                f"the XML declaration names the encoding '{declared}', which quizkit does not read XML in; "
                'save the file as UTF-8 and write encoding="UTF-8"',
                "encoding",
            ) from None
        if encoding is not None and declared_family != "utf_8":
            raise UntrustedXmlError(
                1,
                f"{origin}, but the XML declaration names {declared}; "
                'save the file as UTF-8 and write encoding="UTF-8"',
                "encoding",
            )
        if encoding is None and declared_family.startswith(("utf_16", "utf_32")):
            raise UntrustedXmlError(
                1,
                f"the XML declaration names {declared}, but the file has no byte order mark and its "
                'first bytes are not that encoding; save the file as UTF-8 and write encoding="UTF-8"',
                "encoding",
            )
    if encoding is None:
        encoding = declared or "UTF-8"
        origin = (
            "the encoding its XML declaration names"
            if declared is not None
            else "XML's default when no encoding is declared"
        )
    if declared is not None and not _is_unicode(declared):
        # Before decoding as declared: UTF-8 read as Shift_JIS or Big5 may fail on a byte, and the
        # message must name the real mistake, the declaration.
        _refuse_mislabelled_utf8(body, declared)
    try:
        text = body.decode(encoding)
    except UnicodeDecodeError as error:
        byte = body[error.start]
        raise UntrustedXmlError(
            _line_at(body, error.start, encoding),
            f"not {encoding} text ({origin}): byte 0x{byte:02X} cannot be decoded; "
            "save the file in that encoding, or correct encoding= in its XML declaration",
            "encoding",
        ) from None
    return text


def _refuse_mislabelled_utf8(body: bytes, declared: str) -> None:
    line = mislabelled_utf8_line(body)
    if line is None:
        return  # ASCII, or real legacy text: its non-ASCII bytes do not form UTF-8 sequences
    raise UntrustedXmlError(
        line,
        f"the XML declaration says {declared}, but the text is UTF-8 (its non-ASCII bytes are all UTF-8 "
        f"sequences, which {declared} text almost never is); correct the declaration to "
        'encoding="UTF-8"',
        "encoding",
    )


def misc_end(text: str, position: int) -> int:
    """Where the white space, comments and processing instructions (XML's ``Misc``, and the XML
    declaration) that start at ``position`` end: what may stand around a DOCTYPE, before the root."""
    while (item := _PROLOG_ITEM.match(text, position)) is not None and item.end() > position:
        position = item.end()
    return position


def _declarations_start(text: str) -> int | None:
    """Where the declarations of the DOCTYPE's internal subset begin; None when there is no DOCTYPE, or
    one whose subset is absent or empty (``<!DOCTYPE tmx SYSTEM "tmx14.dtd">``). A DOCTYPE this cannot
    read to its subset or its end counts as declaring something: refused rather than guessed at."""
    position = misc_end(text, 0)
    if not text.startswith("<!DOCTYPE", position):
        return None
    head = _DOCTYPE_HEAD.match(text, position)
    if head is None:
        return position
    if text.startswith(">", head.end()):
        return None
    if not text.startswith("[", head.end()):
        return head.end()
    inside = head.end() + 1
    while inside < len(text) and text[inside].isspace():
        inside += 1
    return None if text.startswith("]", inside) else inside


def parse_untrusted_xml(raw: bytes, format_name: str, doctype: DoctypePolicy) -> etree._Element:
    """The root of ``raw`` decoded by XML's rules and parsed with no DTD, no entity and no network;
    :class:`UntrustedXmlError` says why it cannot be read, with its line."""
    text = decoded_xml(raw)
    refused = f"a DOCTYPE or entity declaration is not allowed in {format_name} (entity expansion is refused)"
    if doctype == REFUSE_DOCTYPE:
        # Before parsing, so that no declaration ever reaches the parser.
        found = [index for index in (text.find("<!DOCTYPE"), text.find("<!ENTITY")) if index >= 0]
        if found:
            raise UntrustedXmlError(text.count("\n", 0, min(found)) + 1, refused, "declaration")
    declarations = _declarations_start(text)
    if declarations is not None:
        # Any declaration, not only an entity's: the parser never sees one, so nothing it could do with
        # an attribute default, a notation or a parameter entity is left to chance.
        raise UntrustedXmlError(
            text.count("\n", 0, declarations) + 1,
            f"a DOCTYPE with declarations (an internal subset, [ … ]) is not allowed in {format_name}: "
            "quizkit reads no DTD and expands no entity; remove the declarations (a DOCTYPE that only "
            "names an external DTD is allowed)",
            "declaration",
        )
    declaration = re.match(r"<\?xml\s[^>]*?\?>", text)
    if declaration is not None:
        # The text is UTF-8 now; the declaration's encoding would make the parser decode it again.
        text = _TEXT_ENCODING.sub("", declaration.group(0)) + text[declaration.end() :]
    parser = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )
    try:
        root = etree.fromstring(text.encode("utf-8"), parser)
    except etree.XMLSyntaxError as error:
        # The line is reported separately; some of libxml2's messages end with a newline.
        message = re.sub(r", line \d+, column \d+$", "", str(error.msg)).strip()
        raise UntrustedXmlError(error.lineno, f"not well-formed XML: {message}", "syntax") from None
    information = root.getroottree().docinfo
    if doctype == REFUSE_DOCTYPE and (information.doctype or information.internalDTD is not None):
        raise UntrustedXmlError(1, refused, "declaration")
    for node in root.iter():
        if isinstance(node, etree._Entity):
            raise UntrustedXmlError(
                node.sourceline,
                f"the entity reference {node.text} is not defined in {format_name}",
                "declaration",
            )
    return root
