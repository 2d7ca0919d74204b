"""PO reading and writing: lossless round trips, and files byte-identical to GNU msgcat's."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.catalogs.catalog import Catalog, CatalogEntry, Header
from toolkit.catalogs.po_reader import PoSyntaxError, parse_po, read_po
from toolkit.catalogs.po_writer import write_po

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
    assert write_po(parse_po(text, path.name)) == text


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
    text = write_po(tricky_catalog())
    assert msgcat(text, tmp_path) == text


def test_tricky_entries_round_trip() -> None:
    catalog = tricky_catalog()
    assert parse_po(write_po(catalog), "x.po") == catalog


texts = st.text(
    alphabet=st.sampled_from(list("abc xyz-,.?!'\"\\\n\t(){}%`") + list("سلام ہے۔،؟") + ["\u0654", "\u200c"]),
    max_size=180,
)


@needs_msgcat
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(texts, texts), min_size=1, max_size=8))
def test_random_entries_match_msgcat(tmp_path: Path, pairs: list[tuple[str, str]]) -> None:
    entries = tuple(
        CatalogEntry(msgid=source or "x", msgstr=translation, context=f"k.{index}")
        for index, (source, translation) in enumerate(pairs)
    )
    text = write_po(Catalog(HEADER, entries))
    assert msgcat(text, tmp_path) == text


@settings(max_examples=200, deadline=None)
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
    assert parse_po(write_po(catalog), "x.po") == catalog


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
    assert write_po(catalog) == text
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
