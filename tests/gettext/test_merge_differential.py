"""Differential tests: quizkit's merge against GNU ``msgmerge --no-fuzzy-matching``.

The random histories are those of test_merge_properties.py, from tests/merge_histories.py (a small content
model of ``(key, text)`` pairs, random edits, a translator translating some untranslated or fuzzy entries
after each merge).
At every step the current catalog and the template are written with ``format_po``, merged by
``msgmerge --no-fuzzy-matching`` and by quizkit (from the same file, as ``quizkit update`` reads it),
and the outcomes compared.

Where msgmerge's semantics are defined, the two must agree: for every template entry whose
``(msgctxt, msgid)`` is unchanged in the old catalog (active, or obsolete and so restored), the active
entries have the same msgid, msgstr and fuzzy flag. Both also put the active entries in template order.

Where they intentionally differ (docs/design.md, "Catalog lifecycle": a changed source text makes
the entry fuzzy; a renamed key with the same text carries the translation over as fuzzy):

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
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis_profiles import examples
from merge_histories import POT_HEADER, UR_HEADER, Scenario, history, scenarios

from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.merge import merge
from toolkit.gettext.po_reader import read_po
from toolkit.gettext.po_writer import format_po

MSGMERGE = shutil.which("msgmerge")
pytestmark = pytest.mark.skipif(
    MSGMERGE is None, reason="GNU gettext's msgmerge is not installed (apt-get install gettext)"
)


def msgmerge(old: Catalog, template: Catalog, folder: Path) -> Catalog:
    """``msgmerge --no-fuzzy-matching`` of ``template`` into ``old``, both written with format_po.

    ``--force-po``: msgmerge writes no file at all when the result has no messages.
    """
    if MSGMERGE is None:
        pytest.skip("GNU gettext's msgmerge is not installed (apt-get install gettext)")
    old_path, template_path, out_path = folder / "old.po", folder / "template.pot", folder / "out.po"
    old_path.write_text(format_po(old), encoding="utf-8")
    template_path.write_text(format_po(template), encoding="utf-8")
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
    from_file = read_po(format_po(old).encode("utf-8"), "old.po")
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


# Random histories (tests/merge_histories.py, as in test_merge_properties.py) ------------------------

SCENARIOS = scenarios(max_edits=8)


@settings(max_examples=examples(40), deadline=None)
@given(SCENARIOS)
# A text changed and changed back before review (found by this test): quizkit restores the translation.
@example(
    (
        [("quiz.questions.q0.prompt", "All of the above")],
        [(("change", 0, 0, False), 0)] * 5 + [(("change", 0, 27, False), 0)],
    )
)
# The same, for a removed key that returns (found by this test): its obsolete fuzzy entry is restored.
@example(
    (
        [],
        [
            (("change", 0, 1, False), 1),
            (("change", 0, 0, False), 0),
            (("remove", 0, 0, False), 0),
            (("change", 0, 1, False), 0),
        ],
    )
)
def test_agrees_with_msgmerge_where_its_semantics_are_defined(scenario: Scenario) -> None:
    with tempfile.TemporaryDirectory() as folder:
        for step in history(scenario):
            template, old = step.template, step.before
            ours, theirs = quizkit_merge(old, template), msgmerge(old, template, Path(folder))
            old_identities = {entry.identity for entry in read_po(format_po(old).encode("utf-8"), "old.po")}
            # An obsolete entry counts too: a key that returns with the text its fuzzy translation was made
            # for gets that translation back, whether the entry was still active or had been removed.
            old_by_key = {entry.context: entry for entry in old.obsolete()}
            old_by_key.update({entry.context: entry for entry in old.active()})

            assert [entry.identity for entry in theirs.active()] == [entry.identity for entry in template]
            assert [entry.identity for entry in ours.active()] == [entry.identity for entry in template]
            for mine, gnu in zip(ours.active(), theirs.active(), strict=True):
                if mine.identity in old_identities:
                    assert (mine.msgstr, mine.is_fuzzy) == (gnu.msgstr, gnu.is_fuzzy), (mine, gnu)
                else:
                    # The intended differences: msgmerge drops to untranslated, quizkit may carry as fuzzy,
                    # or, where the text came back to what the fuzzy translation was made for (#|),
                    # restore the translation as it was.
                    assert gnu.msgstr == "" and not gnu.is_fuzzy, gnu
                    was = old_by_key.get(mine.context)
                    reverted = was is not None and was.is_fuzzy and was.previous_msgid == mine.msgid
                    assert mine.msgstr == "" or mine.is_fuzzy or reverted, mine

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
