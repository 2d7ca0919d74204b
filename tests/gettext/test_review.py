"""Approvals (issue 21): a translator comment with a hash that any edit voids, kept by every tool."""

from __future__ import annotations

import io
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry, Header
from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.po_writer import write_po
from toolkit.gettext.review import (
    ReviewerError,
    approval_hash,
    approvals,
    approved,
    checked_reviewer,
    is_approved,
    is_pending,
    revoked,
    unreadable_approvals,
    void_approvals,
)

HEADER = Header.parse(
    "Content-Type: text/plain; charset=UTF-8\nLanguage: ur\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
)
SINGULAR = CatalogEntry(
    "Start quiz", "کوئز شروع کریں", context="ui.start-quiz", translator_comments=("kept by the team",)
)
PLURAL = CatalogEntry(
    "{count} question",
    context="ui.question-count",
    msgid_plural="{count} questions",
    msgstr_plural=("{count} سوال", "{count} سوالات"),
)


def test_an_approval_is_a_translator_comment_naming_reviewer_date_and_hash() -> None:
    entry = approved(SINGULAR, "Ayesha Khan", "2026-12-02")
    assert entry.translator_comments == (
        "kept by the team",
        f"quizkit approved: Ayesha Khan 2026-12-02 {approval_hash(SINGULAR)}",
    )
    assert is_approved(entry) and not is_pending(entry)
    assert [approval.reviewer for approval in approvals(entry)] == ["Ayesha Khan"]


@pytest.mark.parametrize(
    "edit",
    [
        {"context": "ui.restart"},
        {"msgid": "Start the quiz"},
        {"msgstr": "کوئز شروع کیجیے"},
    ],
    ids=["key", "source", "translation"],
)
def test_any_edit_of_key_source_or_translation_voids_the_approval(edit: dict[str, str]) -> None:
    edited = replace(approved(SINGULAR, "Ayesha Khan", "2026-12-02"), **edit)  # type: ignore[arg-type]
    assert not is_approved(edited)
    assert is_pending(edited)
    assert [approval.reviewer for approval in void_approvals(edited)] == ["Ayesha Khan"]


@pytest.mark.parametrize(
    "edit",
    [{"msgid_plural": "{count} quizzes"}, {"msgstr_plural": ("{count} سوال", "{count} سوال")}],
    ids=["source plural", "one plural form"],
)
def test_a_plural_approval_covers_every_form(edit: dict[str, object]) -> None:
    entry = approved(PLURAL, "Ayesha Khan", "2026-12-02")
    assert is_approved(entry)
    assert not is_approved(replace(entry, **edit))  # type: ignore[arg-type]


def test_a_fuzzy_entry_is_neither_approved_nor_pending_and_cannot_be_approved() -> None:
    entry = approved(SINGULAR, "Ayesha Khan", "2026-12-02").with_flag(FUZZY)
    assert not is_approved(entry) and not is_pending(entry)
    assert void_approvals(entry) == []  # the hash still matches: the fuzzy flag alone holds it back
    with pytest.raises(ValueError, match="only a translated entry can be approved"):
        approved(entry, "Ayesha Khan")


def test_revoking_removes_every_approval_and_keeps_other_comments() -> None:
    entry = replace(
        approved(SINGULAR, "Ayesha Khan", "2026-12-02"),
        translator_comments=(
            "kept by the team",
            "quizkit approved: someone yesterday",
            "quizkit approved: x",
        ),
    )
    assert unreadable_approvals(entry) == ["quizkit approved: someone yesterday", "quizkit approved: x"]
    assert revoked(entry).translator_comments == ("kept by the team",)


def test_approving_again_replaces_the_earlier_approval() -> None:
    once = approved(SINGULAR, "Ayesha Khan", "2026-12-01")
    edited = replace(once, msgstr="کوئز شروع کیجیے")
    again = approved(edited, "Bilal Ahmed", "2026-12-02")
    assert [approval.reviewer for approval in approvals(again)] == ["Bilal Ahmed"]
    assert is_approved(again)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("   ", "the reviewer's name is empty; pass --reviewer NAME"),
        (
            "Ayesha\nquizkit approved: forged",
            "the reviewer's name holds a control character; write it as plain text",
        ),
        ("x" * 101, "the reviewer's name is longer than 100 characters"),
    ],
)
def test_a_reviewer_name_that_cannot_be_written_is_refused(name: str, message: str) -> None:
    with pytest.raises(ReviewerError) as raised:
        checked_reviewer(name)
    assert str(raised.value) == message


def test_a_name_with_spaces_is_read_back_whole() -> None:
    entry = approved(SINGULAR, "  Ayesha   Khan ", "2026-12-02")
    catalog = parse_po(write_po(Catalog(HEADER, (entry,))).decode("utf-8"), "x.po")
    assert approvals(catalog.entries[0])[0].reviewer == "Ayesha Khan"
    assert is_approved(catalog.entries[0])


def _approved_catalog() -> bytes:
    return write_po(
        Catalog(HEADER, (approved(SINGULAR, "Ayesha Khan", "2026-12-02"), approved(PLURAL, "Ayesha Khan")))
    )


def test_our_writing_of_an_approval_is_what_msgcat_writes(tmp_path: Path) -> None:
    if shutil.which("msgcat") is None:
        pytest.skip("GNU msgcat is not installed")
    path = tmp_path / "ui.po"
    path.write_bytes(_approved_catalog())
    written = subprocess.run(["msgcat", str(path)], check=True, capture_output=True).stdout
    assert written == path.read_bytes()


def test_approvals_survive_msgmerge_and_an_edit_after_it_voids_one(tmp_path: Path) -> None:
    if shutil.which("msgmerge") is None:
        pytest.skip("GNU msgmerge is not installed")
    catalog, template = tmp_path / "ui.po", tmp_path / "ui.pot"
    catalog.write_bytes(_approved_catalog())
    # The template changes the plural entry's source: msgmerge makes it fuzzy, and its hash is void.
    template.write_bytes(
        write_po(
            Catalog(
                HEADER,
                (
                    CatalogEntry("Start quiz", context="ui.start-quiz"),
                    CatalogEntry(
                        "{count} question", context="ui.question-count", msgid_plural="{count} items"
                    ),
                ),
            )
        )
    )
    merged = subprocess.run(
        ["msgmerge", "--quiet", "--previous", str(catalog), str(template)], check=True, capture_output=True
    ).stdout.decode("utf-8")
    entries = parse_po(merged, "merged.po").by_context()
    assert is_approved(entries["ui.start-quiz"])
    plural = entries["ui.question-count"]
    assert plural.is_fuzzy and not is_approved(plural)
    assert [approval.reviewer for approval in void_approvals(plural)] == ["Ayesha Khan"]


def test_approvals_survive_a_translate_toolkit_round_trip() -> None:
    pofile = pytest.importorskip("translate.storage.po", reason="translate-toolkit is not installed")
    store = pofile.pofile(io.BytesIO(_approved_catalog()))
    output = io.BytesIO()
    store.serialize(output)
    entries = parse_po(output.getvalue().decode("utf-8"), "round-trip.po").by_context()
    assert is_approved(entries["ui.start-quiz"]) and is_approved(entries["ui.question-count"])
    # Changing a translation the way Weblate does (through the unit) voids its approval.
    unit = next(unit for unit in store.units if unit.getcontext() == "ui.start-quiz")
    unit.target = "کوئز شروع کیجیے"
    output = io.BytesIO()
    store.serialize(output)
    entries = parse_po(output.getvalue().decode("utf-8"), "edited.po").by_context()
    assert not is_approved(entries["ui.start-quiz"]) and is_approved(entries["ui.question-count"])
