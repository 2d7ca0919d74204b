"""PO reading and writing: lossless round trips, and files byte-identical to GNU msgcat's."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.gettext.po_reader import PoSyntaxError, parse_po, read_po
from toolkit.gettext.po_writer import format_po, write_po

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted((ROOT / "locales").rglob("*.po")) + sorted((ROOT / "locales").glob("*.pot"))
HEADER = Header(
    (
        ("Project-Id-Version", "test"),
        ("Language", "ur"),
        ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "8bit"),
        ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
    ),
    ("A translator's header comment.",),
)
needs_msgcat = pytest.mark.skipif(
    shutil.which("msgcat") is None, reason="GNU gettext (msgcat) is not installed"
)


def msgcat(text: str, tmp_path: Path) -> str:
    source = tmp_path / "in.po"
    source.write_text(text, encoding="utf-8")
    result = subprocess.run(
        ["msgcat", str(source)], capture_output=True, text=True, encoding="utf-8", check=True
    )
    return result.stdout


@needs_msgcat
@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_shipped_catalogs_are_written_as_msgcat_writes_them(path: Path, tmp_path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert msgcat(text, tmp_path) == text


@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_shipped_catalogs_round_trip(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert format_po(parse_po(text, path.name)) == text


TRICKY = [
    "tab\there",
    'quote "inside" and back\\slash',
    "multi\nline\ntext\n",
    "ends with a newline\n",
    "a" * 200,
    "x " * 60,
    "—long em dash—" * 10,
    "(parenthesized) [bracketed] {braced} " * 3,
    "50% of 80? 1,000.5 items; a/b/c/d " * 3,
    "`all-reduce` and `reduce-scatter` on 8-GPU nodes in C++ " * 3,
    "سلام دنیا۔ " * 15,
    "ایک واحد عدد، اور `all-reduce` کے ساتھ B × W۔ " * 4,
    "زکوٰۃ، جرأت، کہہ، بھی " * 6,
    "\u200czero width\u200c non joiner " * 8,
]


def tricky_catalog() -> Catalog:
    entries = []
    for index, text in enumerate(TRICKY):
        entries.append(
            CatalogEntry(
                msgid=text,
                msgstr=text[::-1] if index % 2 else text,
                context=f"tricky.{index}",
                flags=("fuzzy", "no-python-format") if index % 3 == 0 else ("python-brace-format",),
                translator_comments=("checked by a reviewer",) if index % 4 == 0 else (),
                extracted_comments=(
                    "A comment long enough to pass the width of the page by a good margin, really",
                ),
                references=tuple(
                    f"content/a-rather-long-file-name-{number}.yaml" for number in range(index % 5)
                ),
                previous_msgid=("older " + text) if index % 2 else None,
                previous_context=f"old.{index}" if index % 2 else None,
            )
        )
    entries.append(
        CatalogEntry(
            msgid="{count} question",
            msgid_plural="{count} questions",
            msgstr_plural=("{count} سوال", "{count} سوالات"),
            context="ui.question-count",
        )
    )
    entries.append(
        CatalogEntry(msgid="gone", msgstr="گیا", context="old.key", obsolete=True, previous_msgid="went")
    )
    return Catalog(HEADER, tuple(entries))


@needs_msgcat
def test_tricky_entries_match_msgcat(tmp_path: Path) -> None:
    text = format_po(tricky_catalog())
    assert msgcat(text, tmp_path) == text


def test_tricky_entries_round_trip() -> None:
    catalog = tricky_catalog()
    assert parse_po(format_po(catalog), "x.po") == catalog


texts = st.text(
    alphabet=st.sampled_from(list("abc xyz-,.?!'\"\\\n\t(){}%`") + list("سلام ہے۔،؟") + ["\u0654", "\u200c"]),
    max_size=180,
)


@needs_msgcat
@settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.tuples(texts, texts), min_size=1, max_size=8))
def test_random_entries_match_msgcat(tmp_path: Path, pairs: list[tuple[str, str]]) -> None:
    entries = tuple(
        CatalogEntry(msgid=source or "x", msgstr=translation, context=f"k.{index}")
        for index, (source, translation) in enumerate(pairs)
    )
    text = format_po(Catalog(HEADER, entries))
    assert msgcat(text, tmp_path) == text


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(texts, texts, st.booleans()), min_size=1, max_size=8))
def test_random_entries_round_trip(triples: list[tuple[str, str, bool]]) -> None:
    entries = tuple(
        CatalogEntry(
            msgid=source or "x",
            msgstr=translation or "t",
            context=f"k.{index}",
            flags=("fuzzy",) if fuzzy else (),
            translator_comments=("note",) if fuzzy else (),
        )
        for index, (source, translation, fuzzy) in enumerate(triples)
    )
    catalog = Catalog(HEADER, entries)
    assert parse_po(format_po(catalog), "x.po") == catalog


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            'msgid "a"\nmsgstr "b\n',
            2,
            "unterminated string: a string must start and end with a double quote on one line",
        ),
        (
            'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n',
            4,
            "duplicate entry: msgid 'a' is already defined on line 1",
        ),
        (
            'msgctxt "k"\nmsgid "a"\nmsgstr "b"\n\nmsgctxt "k"\nmsgid "a"\nmsgstr "c"\n',
            5,
            "duplicate entry: msgctxt 'k' and msgid 'a' is already defined on line 1",
        ),
        ('msgid "a"\nmsgstr[0] "b"\n', 1, "msgstr[n] without msgid_plural; use msgstr"),
        (
            'msgid "a"\nmsgid_plural "as"\nmsgstr "b"\n',
            1,
            "plural entry (msgid_plural) needs msgstr[0], msgstr[1], ...",
        ),
        ('msgid "a"\n', 1, "entry has no msgstr"),
        ('"stray"\n', 1, "a quoted string continues nothing; it must follow msgctxt, msgid or msgstr"),
        (
            'msgid "a"\nmsgstr "b"\nbogus "x"\n',
            3,
            "unexpected 'bogus'; expected msgctxt, msgid, msgid_plural, msgstr or a comment",
        ),
        ('msgid "a\\q"\nmsgstr "b"\n', 1, "invalid escape sequence '\\q'"),
        (
            'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\nmsgstr[2] "y"\n',
            1,
            "plural forms must be numbered msgstr[0], msgstr[1], ... without gaps",
        ),
    ],
)
def test_syntax_errors_name_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(PoSyntaxError) as caught:
        parse_po(text, "x.po")
    assert (caught.value.line, caught.value.message) == (line, message)


def test_unknown_charset() -> None:
    raw = b'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=KLINGON-8\\n"\n'
    with pytest.raises(PoSyntaxError) as caught:
        read_po(raw, "x.po")
    assert caught.value.line == 3
    assert caught.value.message == "unknown charset 'KLINGON-8' in the header; save the catalog as UTF-8"


def test_latin1_catalog_is_decoded_by_its_charset() -> None:
    raw = (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-1\\n"\n\nmsgid "a"\nmsgstr "café"\n'
    )
    catalog = read_po(raw.encode("latin-1"), "x.po")
    assert catalog.entries[0].msgstr == "café"


@pytest.mark.parametrize("charset", ["ISO-8859-1", "GBK", "GB18030", "Shift_JIS", "Big5"])
def test_utf8_under_any_other_charset_is_refused(charset: str) -> None:
    """Review finding 2, in catalogs: only single-byte charsets were checked, so a UTF-8 catalog whose
    header says GBK read as Chinese-looking text, and one saying Shift_JIS was refused at a byte."""
    raw = f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset={charset}\\n"\n\nmsgid "a"\nmsgstr "ابتدائی"\n'
    with pytest.raises(PoSyntaxError) as caught:
        read_po(raw.encode(), "x.po")
    assert (caught.value.line, caught.value.message) == (
        6,
        f"the header says charset={charset}, but the file is UTF-8 (this line is the first with a "
        f"character outside ASCII): read as {charset}, every such character would be garbled; "
        "if the file is UTF-8, correct the header to charset=UTF-8",
    )


@pytest.mark.parametrize(("charset", "text"), [("GBK", "梯度"), ("Shift_JIS", "勾配")])
def test_a_multi_byte_catalog_is_decoded_by_its_charset(charset: str, text: str) -> None:
    raw = f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset={charset}\\n"\n\nmsgid "a"\nmsgstr "{text}"\n'
    assert read_po(raw.encode(charset), "x.po").entries[0].msgstr == text


def test_invalid_utf8() -> None:
    with pytest.raises(PoSyntaxError) as caught:
        read_po(b'msgid "a"\nmsgstr "caf\xe9"\n', "x.po")
    assert (caught.value.line, caught.value.message) == (
        2,
        "byte 0xe9 is not valid UTF-8; save the catalog as UTF-8",
    )


def test_every_part_survives_a_round_trip() -> None:
    text = (
        "# header comment\n"
        'msgid ""\nmsgstr "Language: ur\\n"\n\n'
        "# translator comment\n#. extracted\n#: a.yaml b.yaml\n#, fuzzy, python-brace-format\n"
        '#| msgctxt "old.key"\n#| msgid "old text"\n'
        'msgctxt "new.key"\nmsgid "new {x} text"\nmsgstr "نیا {x} متن"\n\n'
        'msgctxt "p"\nmsgid "one"\nmsgid_plural "many"\nmsgstr[0] "ایک"\nmsgstr[1] "کئی"\n\n'
        "# kept note\n"
        '#~ msgctxt "gone"\n#~ msgid "gone text"\n#~ msgstr "گیا"\n'
    )
    catalog = parse_po(text, "x.po")
    assert format_po(catalog) == text
    first = catalog.entries[0]
    assert first.previous_context == "old.key" and first.previous_msgid == "old text"
    assert first.flags == ("fuzzy", "python-brace-format")
    assert catalog.entries[2].obsolete and catalog.entries[2].translator_comments == ("kept note",)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")
@pytest.mark.parametrize("path", SHIPPED, ids=[path.name for path in SHIPPED])
def test_shipped_catalogs_pass_msgfmt_checks(path: Path, tmp_path: Path) -> None:
    arguments = ["msgfmt", "--check-format", "--check-domain", "-o", str(tmp_path / "out.mo"), str(path)]
    if path.suffix == ".po":
        arguments[1:1] = ["--check", "--check-header"]
    result = subprocess.run(arguments, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr, result.stderr


# Every part of an entry, in random combinations: a property test of lossless round trips.

_BIDI_CONTROLS = [*"\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"]
_TRICKY_CHARACTERS = [
    *"ab z-,.:;?!'\"\\#~|%{}[]()`=",
    *["\n", "\t", "\r", "\a", "\b", "\f", "\v", "\x04", "\x1b", "\x7f", "\x85", "\u2028", "\u00a0"],
    *"اردو ہے۔ ٹ ڈ ڑ ں ے ۓ، ؟",
    *["\u0654", "\u0670", "\u0301", "\u200c", "\u200d", "\ufeff"],
    *_BIDI_CONTROLS,
    *"中文字é",
    *["\U0001f44d", "\U0001f3fd"],
]
# Anything a PO string can hold: all of Unicode but NUL (C strings end there) and lone surrogates
# (no UTF-8 encoding).
_ANY_CHARACTER = st.characters(codec="utf-8", exclude_characters="\x00")
po_strings = st.one_of(
    texts,
    st.text(st.sampled_from(_TRICKY_CHARACTERS), max_size=120),
    st.text(_ANY_CHARACTER, max_size=40),
    # Longer than a line, so that the writer wraps it.
    st.text(st.sampled_from(_TRICKY_CHARACTERS) | _ANY_CHARACTER, min_size=70, max_size=240),
)
# A comment is one line, so it holds no line break; whitespace at its end is kept, as msgcat keeps it.
comments = st.text(
    st.one_of(st.sampled_from(_TRICKY_CHARACTERS), _ANY_CHARACTER).filter(lambda c: c not in "\n\r"),
    max_size=60,
)
# A reference is one word of a "#:" line: no whitespace of any kind, since the reader splits on it.
references = st.text(
    st.one_of(st.sampled_from([*"abc/._-:0123456789", "ا", "ہ", "中"]), _ANY_CHARACTER).filter(
        lambda c: not c.isspace()
    ),
    min_size=1,
    max_size=30,
)
# Flags the writer keeps, in the order it writes them (fuzzy, format flags, range, no-wrap); GNU keeps
# one value per format language, so a set holds at most one flag of each.
FLAG_ORDER = (
    "fuzzy",
    "c-format",
    "python-format",
    "python-brace-format",
    "javascript-format",
    "range: 0..9",
    "no-wrap",
)
CHECKED_FORMATS = {flag for flag in FLAG_ORDER if flag.endswith("-format") and not flag.startswith("no-")}


def canonical_flags(flags: set[str]) -> tuple[str, ...]:
    return tuple(sorted(flags, key=FLAG_ORDER.index))


def _no_final_backslash(line: str) -> str:
    return line + "." if line.endswith("\\") else line


@st.composite
def any_entries(draw: st.DrawFn, plural_forms: st.SearchStrategy[int], msgfmt: bool = False) -> CatalogEntry:
    """An entry with a random selection of every part the model holds, normalized as the writer writes.

    With ``msgfmt``, the entry also passes ``msgfmt --check-format``: no checked format flags (random
    text is no valid format string), no newline at either end of a string (msgfmt wants msgid and
    msgstr to agree there), no EOT (msgfmt keeps it for the .mo context separator, anywhere), and a
    previous msgctxt only before a previous msgid (GNU's grammar). Nor does a comment or reference end
    in a backslash: GNU's lexer joins such a line with the next one (noted on issue 10).
    """
    strings = po_strings.map(lambda text: text.replace("\x04", "").strip("\n")) if msgfmt else po_strings
    comment_lines = comments.map(_no_final_backslash) if msgfmt else comments
    positions = references.map(_no_final_backslash) if msgfmt else references
    obsolete = draw(st.booleans())
    context = draw(st.none() | strings)
    msgid = draw(strings)
    if context is None and not msgid:
        msgid = "m"  # msgid "" without msgctxt is the header's key (msgfmt rejects it even obsolete)
    msgstr, msgid_plural = "", None
    msgstr_plural: tuple[str, ...] = ()
    if draw(st.booleans()):
        msgid_plural = draw(strings)
        msgstr_plural = tuple(draw(st.lists(strings, min_size=(count := draw(plural_forms)), max_size=count)))
    else:
        msgstr = draw(strings)
    first_translation = msgstr_plural[0] if msgid_plural is not None else msgstr
    if obsolete and not first_translation:
        # The writer drops obsolete entries without a translation, as msgcat does.
        first_translation = "t"
        if msgid_plural is None:
            msgstr = first_translation
        else:
            msgstr_plural = (first_translation, *msgstr_plural[1:])
    flags = draw(st.sets(st.sampled_from(FLAG_ORDER)))
    if not first_translation:
        flags.discard("fuzzy")  # only translated entries can be fuzzy
    if obsolete:
        flags.discard("range: 0..9")  # GNU writes no range on an obsolete entry
    if msgfmt:
        flags -= CHECKED_FORMATS
    previous_msgid = draw(st.none() | strings)
    return CatalogEntry(
        msgid=msgid,
        msgstr=msgstr,
        context=context,
        msgid_plural=msgid_plural,
        msgstr_plural=msgstr_plural,
        flags=canonical_flags(flags),
        translator_comments=tuple(draw(st.lists(comment_lines, max_size=3))),
        extracted_comments=tuple(draw(st.lists(comment_lines, max_size=3))),
        references=tuple(draw(st.lists(positions, max_size=4, unique=True))),
        previous_context=None if msgfmt and previous_msgid is None else draw(st.none() | strings),
        previous_msgid=previous_msgid,
        previous_msgid_plural=None if previous_msgid is None else draw(st.none() | strings),
        obsolete=obsolete,
    )


header_names = st.from_regex(r"[A-Z][A-Za-z0-9-]{0,24}", fullmatch=True)
header_values = st.text(_ANY_CHARACTER.filter(lambda c: c != "\n"), max_size=50).map(str.strip)


@st.composite
def any_headers(draw: st.DrawFn) -> Header:
    """Fields (Header.parse strips names and values), translator comments and the fuzzy flag."""
    fields = tuple(draw(st.lists(st.tuples(header_names, header_values), max_size=5)))
    if draw(st.booleans()):
        fields = HEADER.fields + fields
    fuzzy = bool(fields) and draw(st.booleans())
    return Header(fields, tuple(draw(st.lists(comments, max_size=3))), ("fuzzy",) if fuzzy else ())


def in_file_order(entries: list[CatalogEntry]) -> tuple[CatalogEntry, ...]:
    """Active entries, then obsolete ones: the order the writer puts them in."""
    return tuple(entry for entry in entries if not entry.obsolete) + tuple(
        entry for entry in entries if entry.obsolete
    )


@st.composite
def any_catalogs(draw: st.DrawFn) -> Catalog:
    entries = draw(
        st.lists(any_entries(st.integers(1, 4)), min_size=1, max_size=6, unique_by=lambda e: e.identity)
    )
    has_header = draw(st.booleans())
    header = draw(any_headers()) if has_header else Header()
    return Catalog(header, in_file_order(entries), has_header=has_header)


ENTRY_FIELDS = [field.name for field in dataclasses.fields(CatalogEntry) if field.compare]


@settings(max_examples=examples(150), deadline=None)
@given(any_catalogs())
def test_every_part_of_random_entries_round_trips(catalog: Catalog) -> None:
    text = format_po(catalog)
    read = read_po(text.encode("utf-8"), "x.po")
    assert read.has_header == catalog.has_header
    assert read.header == catalog.header
    assert len(read.entries) == len(catalog.entries)
    for index, (got, written) in enumerate(zip(read.entries, catalog.entries, strict=True)):
        for name in ENTRY_FIELDS:
            assert getattr(got, name) == getattr(written, name), f"entry {index}: {name}"
    assert read == catalog
    assert format_po(read) == text


@st.composite
def msgfmt_catalogs(draw: st.DrawFn) -> Catalog:
    """Catalogs msgfmt must accept: HEADER's two plural forms, and entries as any_entries(msgfmt=True)."""
    entries = draw(
        st.lists(any_entries(st.just(2), msgfmt=True), min_size=1, max_size=6, unique_by=lambda e: e.identity)
    )
    return Catalog(HEADER, in_file_order(entries))


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed")
@settings(max_examples=examples(40), deadline=None)
@given(msgfmt_catalogs())
def test_random_entries_pass_msgfmt_checks(catalog: Catalog) -> None:
    result = subprocess.run(
        ["msgfmt", "--check-format", "-o", "/dev/null", "-"],
        input=format_po(catalog).encode("utf-8"),
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize("line_break", ["\r", "\n", "\r\n"], ids=["cr", "lf", "crlf"])
def test_a_line_break_inside_a_comment_starts_another_comment_line_never_an_entry(
    line_break: str, tmp_path: Path
) -> None:
    """A note from XLIFF (&#13;) or a multi-line content note once wrote a raw line break into a # line,
    and polib (which reads with universal newlines) then found a phantom entry."""
    import polib

    entry = CatalogEntry(
        "Hello",
        "Salut",
        context="quiz.title",
        translator_comments=(f'from a CAT tool{line_break}msgid "phantom"',),
        extracted_comments=(f'a note{line_break}msgstr "x"',),
    )
    data = write_po(Catalog(HEADER, (entry,)))
    assert b"\r" not in data
    path = tmp_path / "ur.po"
    path.write_bytes(data)
    assert [found.msgid for found in polib.pofile(str(path))] == ["Hello"]
    (read,) = read_po(data, "ur.po").entries
    assert read.translator_comments == ("from a CAT tool", 'msgid "phantom"')
    assert read.extracted_comments == ("a note", 'msgstr "x"')
