"""Property tests of the key-aware merge: random content histories, merged step by step.

The histories (tests/merge_histories.py, shared with test_merge_differential.py) edit a small content
model at random (change, remove, re-add, rename, add and move keys, with texts that collide across keys);
after every edit the template is merged into the current catalog and a translator translates some
untranslated or fuzzy entries as Poedit does. Each translation is unique, so where a translation ends up
identifies where it came from.
"""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import example, given, settings
from hypothesis_profiles import examples
from merge_histories import KEYS, Scenario, Translation, history, scenarios

from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.merge import merge
from toolkit.gettext.po_reader import parse_po
from toolkit.gettext.po_writer import format_po

SCENARIOS = scenarios(max_edits=12)


# Explicit examples, run before the generated ones: a translated entry with a literal "%" (so a
# no-python-format flag) becoming obsolete; two keys sharing "Yes", one renamed away and back while the
# other's text changes.
EXAMPLES = (
    ([(KEYS[0], "What is 50% of 80?")], [(("remove", 0, 0, False), 0)]),
    (
        [(KEYS[0], "Yes"), (KEYS[1], "Yes")],
        [(("rename", 0, 2, False), 0), (("change", 1, 2, False), 0), (("readd", 0, 0, True), 0)],
    ),
)


def with_examples(test: Callable[[Scenario], None]) -> Callable[[Scenario], None]:
    for scenario in reversed(EXAMPLES):
        test = example(scenario)(test)
    return test


# Properties ------------------------------------------------------------------------------------------------


def _witnesses(catalog: Catalog, made: Translation) -> list[CatalogEntry]:
    return [
        entry
        for entry in catalog.entries
        if entry.msgstr == made.msgstr
        and entry.translator_comments == (made.comment,)
        and (
            (entry.context, entry.msgid) == (made.key, made.msgid)
            or (entry.is_fuzzy and (entry.previous_context, entry.previous_msgid) == (made.key, made.msgid))
        )
    ]


@settings(max_examples=examples(150), deadline=None)
@given(SCENARIOS)
@with_examples
def test_no_translation_is_lost(scenario: Scenario) -> None:
    """(a) Never a translation lost, never one misattributed.

    Call a translation *current* while the translator has not translated the same key again since.
    After every merge:

    1. every current translation ``(key, msgid, msgstr)`` is in the catalog, active or obsolete, with its
       translator comment, on an entry that is either ``(key, msgid)`` itself, or fuzzy with
       ``#| msgctxt key`` / ``#| msgid msgid`` (carried to a changed source or a renamed key);
    2. every key the translator ever translated has a translation: on its active entry when the key is
       in the template, on an obsolete entry otherwise;
    3. every translation in the catalog is attributed to where it was made: a non-fuzzy entry's
       ``(msgctxt, msgid, msgstr)``, and a fuzzy entry's ``(#| msgctxt, #| msgid, msgstr)``, are a
       translation the translator made. In particular no key ever shows another key's translation as
       if it were its own (python-babel PR #1330).
    """
    for step in history(scenario):
        made_by_key: dict[str, Translation] = {}
        for made in step.translations:
            made_by_key[made.key] = made  # later translations of a key supersede earlier ones
        for made in made_by_key.values():
            assert _witnesses(step.merged, made), (step.number, made, step.merged.entries)

        template_keys = {entry.context for entry in step.template}
        for key in made_by_key:
            holders = [entry for entry in step.merged if entry.context == key and entry.msgstr]
            assert holders, (step.number, key)
            assert all(entry.obsolete == (key not in template_keys) for entry in holders), (step.number, key)

        made_triples = {(made.key, made.msgid, made.msgstr) for made in step.translations}
        for entry in step.merged:
            if not entry.msgstr:
                continue
            if entry.is_fuzzy:
                assert (entry.previous_context, entry.previous_msgid, entry.msgstr) in made_triples, entry
            else:
                assert (entry.context, entry.msgid, entry.msgstr) in made_triples, entry


@settings(max_examples=examples(150), deadline=None)
@given(SCENARIOS)
@with_examples
def test_active_entries_are_the_template_in_order(scenario: Scenario) -> None:
    """(b) The active entries are exactly the template's, in its order, with its source side."""
    for step in history(scenario):
        active = list(step.merged.active())
        assert [(entry.context, entry.msgid) for entry in active] == [
            (entry.context, entry.msgid) for entry in step.template
        ]
        for entry, source in zip(active, step.template, strict=True):
            assert tuple(flag for flag in entry.flags if flag != "fuzzy") == source.flags
            assert entry.extracted_comments == source.extracted_comments
            assert entry.references == source.references
            assert entry.is_fuzzy == (entry.previous_msgid is not None), entry
            assert not entry.is_fuzzy or entry.msgstr, entry
        for entry in step.merged.obsolete():
            assert entry.msgstr and entry.extracted_comments == () and entry.references == (), entry
        identities = [(entry.context, entry.msgid, entry.obsolete) for entry in step.merged]
        assert len(identities) == len(set(identities))


@settings(max_examples=examples(150), deadline=None)
@given(SCENARIOS)
@with_examples
def test_merge_is_idempotent(scenario: Scenario) -> None:
    """(c) Merging the merged catalog with the same template changes nothing."""
    for step in history(scenario):
        again, summary = merge(step.template, step.merged, 2)
        assert again == step.merged
        assert summary.kept == len(step.template.entries)
        assert (summary.added, summary.changed, summary.renamed, summary.restored, summary.obsoleted) == (
            0,
        ) * 5


@settings(max_examples=examples(150), deadline=None)
@given(SCENARIOS)
@with_examples
def test_merged_catalog_round_trips_through_po(scenario: Scenario) -> None:
    """(d) format_po then parse_po gives the merged catalog back, and writing that gives the same bytes."""
    for step in history(scenario):
        text = format_po(step.merged)
        read_back = parse_po(text, "ur.po")
        assert read_back.entries == step.merged.entries
        assert read_back.header == step.merged.header
        assert format_po(read_back) == text
