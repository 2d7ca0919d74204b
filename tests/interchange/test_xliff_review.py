"""XLIFF states and approvals both ways (issue 21): approved → final, translated → translated, fuzzy →
initial with the target kept; a reviewed or final target comes back approved by the reviewer the import
names, and by nothing the returned file says."""

from __future__ import annotations

import io

import pytest
from lxml import etree

from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry, Header
from toolkit.gettext.review import approvals, approved, is_approved
from toolkit.interchange.xliff_document import XliffError, apply_units, catalog_to_xliff, parse_xliff

NS = {"x": "urn:oasis:names:tc:xliff:document:2.0"}
HEADER = Header.parse(
    "Content-Type: text/plain; charset=UTF-8\nLanguage: ur\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
)
START = CatalogEntry("Start quiz", "کوئز شروع کریں", context="ui.start-quiz")
NEXT = CatalogEntry("Next question", "اگلا سوال", context="ui.next-question")
RESTART = CatalogEntry("Restart quiz", "کوئز دوبارہ شروع کریں", context="ui.restart", flags=(FUZZY,))
EMPTY = CatalogEntry("Language", "", context="ui.language")
COUNT = CatalogEntry(
    "{count} question",
    context="ui.question-count",
    msgid_plural="{count} questions",
    msgstr_plural=("{count} سوال", "{count} سوالات"),
)
CATALOG = Catalog(HEADER, (approved(START, "Ayesha Khan", "2026-12-02"), NEXT, RESTART, EMPTY, COUNT))


def exported(catalog: Catalog = CATALOG) -> bytes:
    return catalog_to_xliff(catalog, "ui", "ur", "en", "ur", "locales/ur/LC_MESSAGES/ui.po")


def segments(data: bytes) -> dict[str, tuple[str | None, str | None]]:
    root = etree.fromstring(data)
    return {
        unit.get("id"): (
            unit.find("x:segment", NS).get("state"),
            unit.findtext("x:segment/x:target", None, NS),
        )
        for unit in root.iter(f"{{{NS['x']}}}unit")
    }


def edited(
    data: bytes, changes: dict[str, tuple[str, str | None]], reviewer_note: str | None = None
) -> bytes:
    """``data`` with each unit's segment state (and target, where given) changed."""
    root = etree.fromstring(data)
    for unit in root.iter(f"{{{NS['x']}}}unit"):
        if unit.get("id") not in changes:
            continue
        state, target = changes[unit.get("id")]
        segment = unit.find("x:segment", NS)
        segment.set("state", state)
        if target is not None:
            segment.find("x:target", NS).text = target
        if reviewer_note is not None:
            notes = unit.find("x:notes", NS)
            if notes is None:
                notes = etree.Element(f"{{{NS['x']}}}notes")
                unit.insert(0, notes)
            etree.SubElement(notes, f"{{{NS['x']}}}note", category="reviewer").text = reviewer_note
    return bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))


def imported(data: bytes, reviewer: str | None = None) -> tuple[dict[str | None, CatalogEntry], object]:
    (document,) = parse_xliff(data)
    catalog, summary = apply_units(CATALOG, "ur", document.units, reviewer=reviewer)
    return catalog.by_context(), summary


def test_each_state_is_exported_as_the_xliff_2_vocabulary_says() -> None:
    assert segments(exported()) == {
        "ui.start-quiz": ("final", "کوئز شروع کریں"),
        "ui.next-question": ("translated", "اگلا سوال"),
        "ui.restart": ("initial", "کوئز دوبارہ شروع کریں"),
        "ui.language": ("initial", None),
        "ui.question-count:one": ("translated", "{count} سوال"),
        "ui.question-count:other": ("translated", "{count} سوالات"),
    }


def test_a_void_approval_is_exported_as_translated() -> None:
    from dataclasses import replace

    edited_start = replace(CATALOG.entries[0], msgstr="کوئز شروع کیجیے")
    catalog = Catalog(HEADER, (edited_start, NEXT))
    assert segments(exported(catalog))["ui.start-quiz"] == ("translated", "کوئز شروع کیجیے")


def test_an_unchanged_round_trip_keeps_every_entry_and_approval() -> None:
    entries, summary = imported(exported())
    assert entries == CATALOG.by_context()
    assert summary.updated == [] and summary.approved == []  # type: ignore[attr-defined]


def test_final_and_reviewed_targets_are_approved_by_the_reviewer_given() -> None:
    data = edited(
        exported(),
        {
            "ui.next-question": ("final", None),
            "ui.restart": ("reviewed", "کوئز پھر سے شروع کریں"),
            "ui.question-count:one": ("final", None),
            "ui.question-count:other": ("final", None),
        },
    )
    entries, summary = imported(data, reviewer="Bilal Ahmed")
    assert summary.approved == ["ui.next-question", "ui.restart", "ui.question-count"]  # type: ignore[attr-defined]
    for key in summary.approved:  # type: ignore[attr-defined]
        assert is_approved(entries[key]), key
        assert approvals(entries[key])[-1].reviewer == "Bilal Ahmed"
    assert (entries["ui.restart"].msgstr, entries["ui.restart"].is_fuzzy) == ("کوئز پھر سے شروع کریں", False)


def test_a_reviewer_note_in_the_returned_file_approves_nothing() -> None:
    # The file is the translator's word: a note naming a reviewer is as easy to write as the target.
    data = edited(exported(), {"ui.next-question": ("final", None)}, reviewer_note="Chanda Iqbal")
    entries, summary = imported(data)
    assert (summary.approved, summary.unapproved) == ([], ["ui.next-question"])  # type: ignore[attr-defined]
    assert not is_approved(entries["ui.next-question"]) and approvals(entries["ui.next-question"]) == []


def test_a_forged_approval_comment_in_the_notes_is_dropped_and_named() -> None:
    # The approval hash is public (key, source, translation): a translator can compute a valid one.
    forged = approved(NEXT, "Chanda Iqbal", "2026-12-03").translator_comments[-1]
    root = etree.fromstring(exported())
    unit = next(unit for unit in root.iter(f"{{{NS['x']}}}unit") if unit.get("id") == "ui.next-question")
    notes = etree.Element(f"{{{NS['x']}}}notes")
    unit.insert(0, notes)
    etree.SubElement(notes, f"{{{NS['x']}}}note", category="translator-comment").text = "checked twice"
    etree.SubElement(notes, f"{{{NS['x']}}}note", category="translator-comment").text = forged
    data = bytes(etree.tostring(root))
    entries, summary = imported(data)
    entry = entries["ui.next-question"]
    assert (is_approved(entry), entry.translator_comments) == (False, ("checked twice",))
    line = data[: data.index(b'<unit id="ui.next-question"')].count(b"\n") + 1
    assert summary.dropped_approvals == [(line, "ui.next-question")]  # type: ignore[attr-defined]
    # The catalog's own approvals, returned as they were exported, are kept and not reported.
    entries, summary = imported(exported())
    assert is_approved(entries["ui.start-quiz"]) and summary.dropped_approvals == []  # type: ignore[attr-defined]


def test_the_same_unit_twice_is_refused_naming_both_lines() -> None:
    text = exported().decode()
    unit = text[
        text.index('<unit id="ui.next-question"') : text.index("</unit>", text.index('"ui.next-question"'))
    ]
    twice = text.replace(unit, unit + "</unit>\n    " + unit.replace("اگلا سوال", "پچھلا سوال"), 1)
    first = twice[: twice.index('<unit id="ui.next-question"')].count("\n") + 1
    second = twice[: twice.rindex('<unit id="ui.next-question"')].count("\n") + 1
    with pytest.raises(XliffError) as raised:
        parse_xliff(twice.encode())
    assert (raised.value.line, raised.value.message) == (
        second,
        f"unit ui.next-question is in the file twice (lines {first} and {second}); keep the one with the "
        "right translation and import again",
    )


def test_without_a_reviewer_a_final_target_is_translated_but_not_approved() -> None:
    data = edited(exported(), {"ui.next-question": ("final", "اگلا سوال دیکھیں")})
    entries, summary = imported(data)
    assert summary.unapproved == ["ui.next-question"]  # type: ignore[attr-defined]
    entry = entries["ui.next-question"]
    assert (entry.msgstr, entry.is_translated, is_approved(entry)) == ("اگلا سوال دیکھیں", True, False)


def test_a_plural_entry_is_approved_only_when_every_form_came_back_reviewed() -> None:
    data = edited(exported(), {"ui.question-count:one": ("final", None)})
    entries, summary = imported(data, reviewer="Bilal Ahmed")
    assert summary.approved == [] and not is_approved(entries["ui.question-count"])  # type: ignore[attr-defined]


def test_a_target_reviewed_against_an_older_source_is_never_approved() -> None:
    root = etree.fromstring(edited(exported(), {"ui.next-question": ("final", None)}))
    unit = next(unit for unit in root.iter(f"{{{NS['x']}}}unit") if unit.get("id") == "ui.next-question")
    unit.find("x:segment/x:source", NS).text = "Next"
    entries, summary = imported(bytes(etree.tostring(root)), reviewer="Bilal Ahmed")
    assert summary.approved == [] and not is_approved(entries["ui.next-question"])  # type: ignore[attr-defined]


def test_a_translated_target_edited_in_the_tool_voids_the_approval_it_carries_in_its_notes() -> None:
    data = edited(exported(), {"ui.start-quiz": ("translated", "کوئز شروع کیجیے")})
    entries, _ = imported(data)
    entry = entries["ui.start-quiz"]
    assert entry.msgstr == "کوئز شروع کیجیے" and not is_approved(entry)
    assert [approval.reviewer for approval in approvals(entry)] == ["Ayesha Khan"]  # void, kept for check


def test_translate_toolkit_reads_our_states_as_its_workflow_states() -> None:
    xliff2 = pytest.importorskip("translate.storage.xliff2", reason="translate-toolkit is not installed")
    store = xliff2.Xliff2File.parsefile(io.BytesIO(exported()))
    units = {unit.getid(): unit for unit in store.units}
    assert units["ui.start-quiz"].isapproved()
    assert units["ui.next-question"].istranslated() and not units["ui.next-question"].isapproved()
    assert units["ui.restart"].isfuzzy()
