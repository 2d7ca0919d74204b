"""Differential tests: quizkit's merge against GNU ``msgmerge --no-fuzzy-matching``.

The random histories are those of test_merge_properties.py (a small content model of ``(key, text)``
pairs, random edits, a translator translating some untranslated or fuzzy entries after each merge).
At every step the current catalog and the template are written with ``write_po``, merged by
``msgmerge --no-fuzzy-matching`` and by quizkit (from the same file, as ``quizkit update`` reads it),
and the outcomes compared.

Where msgmerge's semantics are defined, the two must agree: for every template entry whose
``(msgctxt, msgid)`` is unchanged in the old catalog (active, or obsolete and so restored), the active
entries have the same msgid, msgstr and fuzzy flag. Both also put the active entries in template order.

Where they intentionally differ (design.md: "changed source → fuzzy ...; renamed key with the same text →
translation carried over as fuzzy"):

* a key whose source text changed: quizkit keeps the translation, fuzzy, with ``#| msgctxt``/``#| msgid``
  naming the old text; msgmerge --no-fuzzy-matching leaves the entry untranslated and keeps the old
  translation only as an obsolete ``#~`` entry.
* a renamed key with the same text (a new key whose text an entry of a vanished key had): quizkit
  carries the translation to the new key as fuzzy with the old key as ``#| msgctxt``; msgmerge leaves the
  new key untranslated.
* a key returning with a changed text is restored by quizkit as fuzzy; msgmerge leaves it untranslated.

So for template entries without an unchanged old counterpart, msgmerge's entry is untranslated and
quizkit's is untranslated or fuzzy, never translated. And quizkit loses nothing msgmerge keeps: every
non-fuzzy translation in msgmerge's output (active or obsolete) is in quizkit's output, on an entry with
the same key and text or on a fuzzy entry whose ``#|`` lines name that key and text.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.catalogs.catalog import Catalog, CatalogEntry, Header
from toolkit.catalogs.extraction import literal_format_flags
from toolkit.catalogs.merge import merge
from toolkit.catalogs.po_reader import read_po
from toolkit.catalogs.po_writer import write_po

MSGMERGE = shutil.which("msgmerge")
pytestmark = pytest.mark.skipif(
    MSGMERGE is None, reason="GNU gettext's msgmerge is not installed (apt-get install gettext)"
)

UR_HEADER = Header(
    (
        ("Language", "ur"),
        ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "8bit"),
        ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
    )
)
POT_HEADER = Header(
    (
        ("Project-Id-Version", "quiz"),
        ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "8bit"),
    )
)


def msgmerge(old: Catalog, template: Catalog, folder: Path) -> Catalog:
    """``msgmerge --no-fuzzy-matching`` of ``template`` into ``old``, both written with write_po.

    ``--force-po``: msgmerge writes no file at all when the result has no messages.
    """
    if MSGMERGE is None:
        pytest.skip("GNU gettext's msgmerge is not installed (apt-get install gettext)")
    old_path, template_path, out_path = folder / "old.po", folder / "template.pot", folder / "out.po"
    old_path.write_text(write_po(old), encoding="utf-8")
    template_path.write_text(write_po(template), encoding="utf-8")
    subprocess.run(
        [
            MSGMERGE,
            "--no-fuzzy-matching",
            "--force-po",
            "--quiet",
            "-o",
            str(out_path),
            str(old_path),
            str(template_path),
        ],
        check=True,
        capture_output=True,
    )
    return read_po(out_path.read_bytes(), str(out_path))


def quizkit_merge(old: Catalog, template: Catalog) -> Catalog:
    """quizkit's merge of the same input msgmerge sees: the old catalog as written to the file."""
    from_file = read_po(write_po(old).encode("utf-8"), "old.po")
    return merge(template, from_file, 2)[0]


def _source(key: str, text: str) -> CatalogEntry:
    return CatalogEntry(msgid=text, context=key, references=("content/quiz.yaml",))


def _translated(key: str, text: str, msgstr: str) -> CatalogEntry:
    return replace(_source(key, text), msgstr=msgstr)


# Examples: where the two agree, and where they differ on purpose -------------------------------------------


def test_agrees_on_kept_removed_and_restored_entries(tmp_path: Path) -> None:
    old = Catalog(
        UR_HEADER,
        (
            _translated("q.kept", "Yes", "ہاں"),
            replace(
                _translated("q.fuzzy", "No", "نہیں"),
                flags=("fuzzy",),
                previous_context="q.fuzzy",
                previous_msgid="Nope",
            ),
            _translated("q.removed", "GPU", "جی پی یو"),
            replace(_translated("q.back", "All of the above", "مندرجہ بالا سب"), obsolete=True),
        ),
    )
    template = Catalog(
        POT_HEADER,
        (_source("q.back", "All of the above"), _source("q.kept", "Yes"), _source("q.fuzzy", "No")),
    )

    ours, theirs = quizkit_merge(old, template), msgmerge(old, template, tmp_path)

    expected_active = [
        ("q.back", "All of the above", "مندرجہ بالا سب", False),
        ("q.kept", "Yes", "ہاں", False),
        ("q.fuzzy", "No", "نہیں", True),
    ]
    assert _active(ours) == _active(theirs) == expected_active
    assert _obsolete(ours) == _obsolete(theirs) == [("q.removed", "GPU", "جی پی یو", False)]


def test_differs_on_changed_source(tmp_path: Path) -> None:
    old = Catalog(
        UR_HEADER, (_translated("q.prompt", "Which GPU holds the model?", "ماڈل کون سا GPU رکھتا ہے؟"),)
    )
    template = Catalog(POT_HEADER, (_source("q.prompt", "Which GPU holds the full model?"),))

    ours, theirs = quizkit_merge(old, template), msgmerge(old, template, tmp_path)

    # quizkit: the translation stays on the key, fuzzy, with the old text in #| lines.
    assert ours.entries == (
        replace(
            _translated("q.prompt", "Which GPU holds the full model?", "ماڈل کون سا GPU رکھتا ہے؟"),
            flags=("fuzzy",),
            previous_context="q.prompt",
            previous_msgid="Which GPU holds the model?",
        ),
    )
    # msgmerge --no-fuzzy-matching: untranslated; the old translation survives only as obsolete.
    assert _active(theirs) == [("q.prompt", "Which GPU holds the full model?", "", False)]
    assert _obsolete(theirs) == [
        ("q.prompt", "Which GPU holds the model?", "ماڈل کون سا GPU رکھتا ہے؟", False)
    ]


def test_differs_on_renamed_key(tmp_path: Path) -> None:
    old = Catalog(UR_HEADER, (_translated("q.options.all-reduce", "An `all-reduce`", "ایک `all-reduce`"),))
    template = Catalog(POT_HEADER, (_source("q.options.allreduce", "An `all-reduce`"),))

    ours, theirs = quizkit_merge(old, template), msgmerge(old, template, tmp_path)

    assert ours.entries == (
        replace(
            _translated("q.options.allreduce", "An `all-reduce`", "ایک `all-reduce`"),
            flags=("fuzzy",),
            previous_context="q.options.all-reduce",
            previous_msgid="An `all-reduce`",
        ),
        replace(
            _translated("q.options.all-reduce", "An `all-reduce`", "ایک `all-reduce`"),
            obsolete=True,
            references=(),
        ),
    )
    assert _active(theirs) == [("q.options.allreduce", "An `all-reduce`", "", False)]
    assert _obsolete(theirs) == [("q.options.all-reduce", "An `all-reduce`", "ایک `all-reduce`", False)]


def test_differs_on_a_key_returning_with_changed_source(tmp_path: Path) -> None:
    old = Catalog(UR_HEADER, (replace(_translated("q.prompt", "Old text", "پرانا متن"), obsolete=True),))
    template = Catalog(POT_HEADER, (_source("q.prompt", "New text"),))

    ours, theirs = quizkit_merge(old, template), msgmerge(old, template, tmp_path)

    assert _active(ours) == [("q.prompt", "New text", "پرانا متن", True)]
    assert list(ours.obsolete()) == []
    assert _active(theirs) == [("q.prompt", "New text", "", False)]
    assert _obsolete(theirs) == [("q.prompt", "Old text", "پرانا متن", False)]


def _active(catalog: Catalog) -> list[tuple[str | None, str, str, bool]]:
    return [(entry.context, entry.msgid, entry.msgstr, entry.is_fuzzy) for entry in catalog.active()]


def _obsolete(catalog: Catalog) -> list[tuple[str | None, str, str, bool]]:
    return [(entry.context, entry.msgid, entry.msgstr, entry.is_fuzzy) for entry in catalog.obsolete()]


# Random histories (the model of test_merge_properties.py) -------------------------------------------------

KEYS = tuple(f"quiz.questions.q{number}.prompt" for number in range(6))
TEXTS = ("Yes", "yes.", "No", "All of the above", "What is 50% of 80?", "Which GPU runs an `all-reduce`?")
OPERATIONS = ("change", "remove", "readd", "rename", "add", "move")


@dataclass
class Content:
    entries: list[tuple[str, str]]
    removed: dict[str, str] = field(default_factory=dict)

    def apply(self, operation: str, first: int, second: int, same_text: bool) -> None:
        unused = [key for key in KEYS if key not in dict(self.entries)]
        if operation in ("change", "remove", "rename", "move") and not self.entries:
            operation = "add"
        if operation == "readd" and not self.removed:
            operation = "add"
        if operation in ("add", "rename") and not unused:
            operation = "change"
        index = first % max(len(self.entries), 1)
        if operation == "change":
            key, _ = self.entries[index]
            self.entries[index] = (key, TEXTS[second % len(TEXTS)])
        elif operation == "remove":
            key, text = self.entries.pop(index)
            self.removed[key] = text
        elif operation == "readd":
            key = sorted(self.removed)[second % len(self.removed)]
            text = self.removed.pop(key) if same_text else TEXTS[second % len(TEXTS)]
            self.removed.pop(key, None)
            self.entries.insert(first % (len(self.entries) + 1), (key, text))
        elif operation == "rename":
            old_key, text = self.entries[index]
            new_key = unused[second % len(unused)]
            self.entries[index] = (new_key, text)
            self.removed.pop(new_key, None)
            self.removed[old_key] = text
        elif operation == "add":
            key = unused[second % len(unused)]
            self.removed.pop(key, None)
            self.entries.insert(first % (len(self.entries) + 1), (key, TEXTS[second % len(TEXTS)]))
        elif operation == "move":
            moved = self.entries.pop(index)
            self.entries.insert(second % (len(self.entries) + 1), moved)

    def template(self) -> Catalog:
        return Catalog(
            POT_HEADER,
            tuple(
                CatalogEntry(
                    msgid=text,
                    context=key,
                    flags=literal_format_flags(text),
                    extracted_comments=(f"Question {position} of {len(self.entries)}.",),
                    references=("content/quiz.yaml",),
                )
                for position, (key, text) in enumerate(self.entries, start=1)
            ),
        )


def translate(catalog: Catalog, mask: int, step: int) -> Catalog:
    entries: list[CatalogEntry] = []
    for index, entry in enumerate(catalog.entries):
        if not entry.obsolete and (entry.is_fuzzy or not entry.msgstr) and mask >> index & 1:
            entry = replace(
                entry.with_flag("fuzzy", present=False),
                msgstr=f"ترجمہ {step}.{index}",
                translator_comments=(f"note {step}.{index}",),
                previous_context=None,
                previous_msgid=None,
                previous_msgid_plural=None,
            )
        entries.append(entry)
    return replace(catalog, entries=tuple(entries))


Edit = tuple[str, int, int, bool]
Scenario = tuple[list[tuple[str, str]], list[tuple[Edit, int]]]
"""The initial ``(key, text)`` pairs, then per step an edit and the translator's choice of entries (bits)."""


def history(
    scenario: Scenario,
) -> Iterator[tuple[Catalog, Catalog]]:
    """Replay a scenario, yielding (template, old catalog) before every merge."""
    initial, edits = scenario
    content = Content(list(initial))
    catalog = Catalog(UR_HEADER, ())
    for number, ((operation, first, second, same_text), mask) in enumerate(
        [(("start", 0, 0, True), 255), *edits]
    ):
        if number:
            content.apply(operation, first, second, same_text)
        template = content.template()
        yield template, catalog
        catalog = translate(merge(template, catalog, 2)[0], mask, number)


edits = st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 63), st.integers(0, 63), st.booleans())
scenarios = st.tuples(
    st.lists(
        st.tuples(st.sampled_from(KEYS), st.sampled_from(TEXTS)), max_size=5, unique_by=lambda pair: pair[0]
    ),
    st.lists(st.tuples(edits, st.integers(0, 255)), max_size=8),
)


@settings(max_examples=40, deadline=None)
@given(scenarios)
def test_agrees_with_msgmerge_where_its_semantics_are_defined(scenario: Scenario) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for template, old in history(scenario):
            ours, theirs = quizkit_merge(old, template), msgmerge(old, template, Path(folder))
            old_identities = {entry.identity for entry in read_po(write_po(old).encode("utf-8"), "old.po")}

            assert [entry.identity for entry in theirs.active()] == [entry.identity for entry in template]
            assert [entry.identity for entry in ours.active()] == [entry.identity for entry in template]
            for mine, gnu in zip(ours.active(), theirs.active(), strict=True):
                if mine.identity in old_identities:
                    assert (mine.msgstr, mine.is_fuzzy) == (gnu.msgstr, gnu.is_fuzzy), (mine, gnu)
                else:
                    # The intended difference: msgmerge drops to untranslated, quizkit may carry as fuzzy.
                    assert gnu.msgstr == "" and not gnu.is_fuzzy, gnu
                    assert mine.msgstr == "" or mine.is_fuzzy, mine

            for gnu in theirs:
                if gnu.msgstr and not gnu.is_fuzzy:
                    assert any(
                        mine.msgstr == gnu.msgstr
                        and (
                            mine.identity == gnu.identity
                            or (
                                mine.is_fuzzy and (mine.previous_context, mine.previous_msgid) == gnu.identity
                            )
                        )
                        for mine in ours
                    ), (gnu, ours.entries)
