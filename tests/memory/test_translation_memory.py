"""What the memory is built from: reviewed catalog entries of every locale and domain, and locales/memory/*.tmx."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.config import ConfigError, load_config
from toolkit.interchange.tmx import TmxUnit, write_tmx
from toolkit.memory.translation_memory import MemoryFileError, build_memory

CATALOG = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: {locale}\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgctxt "{domain}.b"
msgid "Reviewed"
msgstr "{locale} reviewed"

#, fuzzy
msgctxt "{domain}.c"
msgid "Fuzzy"
msgstr "{locale} fuzzy"

msgctxt "{domain}.d"
msgid "Empty"
msgstr ""

msgctxt "{domain}.a"
msgid "{{count}} apple"
msgid_plural "{{count}} apples"
msgstr[0] "{locale} one"
msgstr[1] ""

msgctxt "{domain}.e"
msgid "{{count}} pear"
msgid_plural "{{count}} pears"
msgstr[0] "{locale} pear"
msgstr[1] "{locale} pears"

#~ msgctxt "{domain}.gone"
#~ msgid "Obsolete"
#~ msgstr "{locale} obsolete"
"""


def _project(tmp_path: Path) -> Path:
    (tmp_path / "quizkit.toml").write_text('target-locales = ["ur", "fr"]\n', encoding="utf-8")
    for locale in ("ur", "fr"):
        for domain in ("zeta", "alpha"):
            folder = tmp_path / "locales" / locale / "LC_MESSAGES"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{domain}.po").write_text(
                CATALOG.format(locale=locale, domain=domain), encoding="utf-8"
            )
    return tmp_path


def test_only_reviewed_active_entries_of_every_catalog_feed_the_memory(tmp_path: Path) -> None:
    memory = build_memory(load_config(_project(tmp_path)))
    described = [(unit.origin.describe(), unit.source, unit.targets) for unit in memory.for_locale("ur")]
    assert described == [
        ("alpha.b (alpha/ur)", "Reviewed", ("ur reviewed",)),
        ("alpha.e (alpha/ur)", "{count} pear", ("ur pear", "ur pears")),
        ("zeta.b (zeta/ur)", "Reviewed", ("ur reviewed",)),
        ("zeta.e (zeta/ur)", "{count} pear", ("ur pear", "ur pears")),
    ]
    assert len(memory) == 8  # the same four for fr


def test_imported_tmx_files_follow_the_catalogs_in_name_order(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "locales" / "memory").mkdir()
    for name in ("b-agency", "a-agency"):
        units = [TmxUnit("Hello", f"{name} ur", "ur", None), TmxUnit("Bye", f"{name} pt", "pt-BR", "bye")]
        (project / "locales" / "memory" / f"{name}.tmx").write_bytes(write_tmx(units, "en"))

    memory = build_memory(load_config(project))

    assert [unit.origin.describe() for unit in memory.for_locale("ur")][-2:] == [
        "a-agency.tmx",
        "b-agency.tmx",
    ]
    assert [(unit.targets, unit.origin.describe()) for unit in memory.for_locale("pt_BR")] == [
        (("a-agency pt",), "a-agency.tmx (bye)"),
        (("b-agency pt",), "b-agency.tmx (bye)"),
    ]


def test_a_broken_catalog_is_named_with_its_line(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "locales/fr/LC_MESSAGES/zeta.po").write_text('msgid "x"\nmsgstr "y\n', encoding="utf-8")
    with pytest.raises(MemoryFileError) as caught:
        build_memory(load_config(project))
    assert (caught.value.file.endswith("locales/fr/LC_MESSAGES/zeta.po"), caught.value.line) == (True, 2)


@pytest.mark.parametrize(
    ("value", "accepted"),
    [
        ("75", 75),
        ("100", 100),
        ("1", 1),
        ("0", None),
        ("101", None),
        ("75.5", None),
        ('"75"', None),
        ("true", None),
    ],
)
def test_memory_similarity_is_a_whole_percentage(tmp_path: Path, value: str, accepted: int | None) -> None:
    (tmp_path / "quizkit.toml").write_text(f"memory-similarity = {value}\n", encoding="utf-8")
    if accepted is not None:
        assert load_config(tmp_path).memory_similarity == accepted
        return
    with pytest.raises(ConfigError) as caught:
        load_config(tmp_path)
    shown = {"0": "0", "101": "101", "75.5": "75.5", '"75"': "'75'", "true": "True"}[value]
    assert caught.value.message == (
        f"memory-similarity must be a whole percentage from 1 to 100, such as 75, found {shown}"
    )


def test_the_sort_key_of_units_is_their_origins_own_order() -> None:
    # build_memory sorts by a hand-written tuple (compared in C) instead of the dataclass's order: the
    # two must name the same fields in the same order, or a field added to MemoryOrigin sorts nowhere.
    from dataclasses import fields

    from toolkit.memory.translation_memory import MemoryOrigin, MemoryUnit, _origin_order

    origin = MemoryOrigin(True, "shared.tmx", 3, "quiz.q1.prompt", "ur")
    unit = MemoryUnit("Source", ("ہدف",), origin)
    assert _origin_order(unit) == tuple(getattr(origin, field.name) for field in fields(MemoryOrigin))


def test_a_tmx_that_holds_every_form_of_a_plural_entry_gives_a_plural_unit_too() -> None:
    from toolkit.memory.translation_memory import tmx_units

    def form(key: str, number: int, source: str, target: str, locale: str = "ur") -> TmxUnit:
        return TmxUnit(source, target, locale, key, plural_form=number)

    units = (
        form("ui.count", 0, "{count} question", "{count} سوال"),
        form("ui.count", 1, "{count} questions", "{count} سوالات"),
        form("ui.alone", 0, "{count} apple", "{count} سیب"),  # its other form is missing: no plural unit
        form("ui.three", 0, "{count} day", "{count} jour", "fr"),
        form("ui.three", 1, "{count} days", "{count} jours", "fr"),
        form("ui.other", 2, "{count} days", "{count} jours", "fr"),  # another key: not a third form
        TmxUnit("Plain", "سادہ", "ur", "quiz.plain"),
    )
    made = list(tmx_units(units, "shared.tmx"))
    plural = [
        (unit.source, unit.source_plural, unit.targets, unit.origin.key) for unit in made if unit.is_plural
    ]
    assert plural == [
        ("{count} question", "{count} questions", ("{count} سوال", "{count} سوالات"), "ui.count"),
        ("{count} day", "{count} days", ("{count} jour", "{count} jours"), "ui.three"),
    ]
    assert [unit.source for unit in made if not unit.is_plural] == [unit.source for unit in units]


def _po2tmx_unit(context: str, source: str, target: str) -> str:
    """A unit as translate-toolkit's po2tmx writes it: its key in an x-context property, no form marker."""
    return (
        f'<tu><prop type="x-context">{context}</prop><tuv xml:lang="en"><seg>{source}</seg></tuv>'
        f'<tuv xml:lang="ur"><seg>{target}</seg></tuv></tu>\n'
    )


def test_a_duplicated_unit_in_a_tmx_is_no_plural_and_a_po2tmx_plural_still_is() -> None:
    """Review finding 15: any two consecutive unmarked units of one context were joined into a plural, so
    an entry written twice (as any TMX may hold it) became a "plural" whose plural source was its own
    singular. The second unit of a po2tmx plural carries the plural source, which differs from the first's;
    the third and later share it."""
    from toolkit.interchange.tmx import read_tmx
    from toolkit.memory.translation_memory import tmx_units

    raw = (
        '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n<tmx version="1.4">\n'
        '<header creationtool="Translate Toolkit" creationtoolversion="3.13" segtype="sentence" '
        'o-tmf="UTF-8" adminlang="en" srclang="en" datatype="PlainText"/>\n<body>\n'
        + _po2tmx_unit("ui.start", "Start", "شروع")
        + _po2tmx_unit("ui.start", "Start", "شروع")  # the same entry again: not a plural
        + _po2tmx_unit("ui.stop", "Stop", "رکیں")
        + _po2tmx_unit("ui.stop", "Stop", "روکیں")  # twice, translated differently: not a plural either
        + _po2tmx_unit("ui.count", "{count} question", "{count} سوال")
        + _po2tmx_unit("ui.count", "{count} questions", "{count} سوالات")
        + _po2tmx_unit("ui.count", "{count} questions", "{count} سوالوں")  # a third form: same plural source
        + _po2tmx_unit("ui.count", "{count} question", "{count} سوال")  # the singular again: a new entry
        + "</body>\n</tmx>\n"
    ).encode()
    units = read_tmx(raw, "en").units
    made = list(tmx_units(units, "agency.tmx"))
    assert [(unit.source, unit.source_plural, unit.targets) for unit in made if unit.is_plural] == [
        ("{count} question", "{count} questions", ("{count} سوال", "{count} سوالات", "{count} سوالوں")),
    ]
    assert [unit.source for unit in made if not unit.is_plural] == [unit.source for unit in units]


IMPORTED_CATALOG = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: ur\\n"

# Imported from banks/gpu.xml; translated there, not reviewed in quizkit.
msgctxt "gpu.a"
msgid "Imported"
msgstr "درآمد"

# Imported from banks/gpu.xml; translated there, not reviewed in quizkit.
# {approval}
msgctxt "gpu.b"
msgid "Imported and approved"
msgstr "درآمد اور منظور"

# Imported from banks/gpu.xml; translated there, not reviewed in quizkit.
# quizkit approved: Ayesha Khan 2026-12-02 0000000000000000
msgctxt "gpu.c"
msgid "Imported, approval void"
msgstr "درآمد، منظوری باطل"

msgctxt "gpu.d"
msgid "Translated here"
msgstr "یہاں ترجمہ"
"""


def test_a_translation_imported_from_a_bank_is_an_unreviewed_import_until_approved(tmp_path: Path) -> None:
    from toolkit.gettext.catalog import CatalogEntry
    from toolkit.gettext.review import approved

    (tmp_path / "quizkit.toml").write_text('target-locales = ["ur"]\n', encoding="utf-8")
    folder = tmp_path / "locales" / "ur" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    entry = CatalogEntry("Imported and approved", msgstr="درآمد اور منظور", context="gpu.b")
    approval = approved(entry, "Ayesha Khan", "2026-12-02").translator_comments[-1]
    (folder / "gpu.po").write_text(IMPORTED_CATALOG.format(approval=approval), encoding="utf-8")
    units = build_memory(load_config(tmp_path)).units
    assert [(unit.origin.key, unit.unreviewed_import) for unit in units] == [
        ("gpu.a", "banks/gpu.xml"),
        ("gpu.b", None),
        ("gpu.c", "banks/gpu.xml"),
        ("gpu.d", None),
    ]
