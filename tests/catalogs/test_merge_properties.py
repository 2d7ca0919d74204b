"""Property tests of the key-aware merge: random content histories, merged step by step.

A history starts from a small content model (an ordered list of ``(key, English text)`` pairs) and applies
random edits: change a text, remove a key, re-add a removed key (with its old text or a new one), rename a
key keeping its text, add a key, move a key. Keys come from a small alphabet, so they recur; texts come
from a small set with exact and near-identical repeats ("Yes", "yes."), so texts collide across keys and
the rename index is exercised; one text has a literal "%", so its template entry carries a format flag.

After every edit the template is built (``msgctxt`` = key, ``msgid`` = text, flags and comments as
extraction writes them), merged into the current catalog, and a translator translates some untranslated
or fuzzy entries as Poedit does: a new msgstr and translator comment, the fuzzy flag and ``#|`` lines
removed. Each translation is unique, so where a translation ends up identifies where it came from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

from hypothesis import example, given, settings
from hypothesis import strategies as st

from toolkit.catalogs.catalog import Catalog, CatalogEntry, Header
from toolkit.catalogs.extraction import literal_format_flags
from toolkit.catalogs.merge import merge
from toolkit.catalogs.po_reader import parse_po
from toolkit.catalogs.po_writer import write_po

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
KEYS = tuple(f"quiz.questions.q{number}.prompt" for number in range(6))
TEXTS = ("Yes", "yes.", "No", "All of the above", "What is 50% of 80?", "Which GPU runs an `all-reduce`?")
OPERATIONS = ("change", "remove", "readd", "rename", "add", "move")


# The history model ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Translation:
    """One act of the translator: ``msgstr`` (with ``comment``) written for ``key`` whose text was ``msgid``."""

    step: int
    key: str
    msgid: str
    msgstr: str
    comment: str


@dataclass
class Content:
    entries: list[tuple[str, str]]
    removed: dict[str, str] = field(default_factory=dict)

    def apply(self, operation: str, first: int, second: int, same_text: bool) -> None:
        """One edit; ``first`` and ``second`` pick positions, keys and texts modulo what exists."""
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


def translate(catalog: Catalog, mask: int, step: int) -> tuple[Catalog, list[Translation]]:
    """The translator fills in the untranslated or fuzzy active entries whose bit is set in ``mask``."""
    translations: list[Translation] = []
    entries: list[CatalogEntry] = []
    for index, entry in enumerate(catalog.entries):
        wanted = not entry.obsolete and (entry.is_fuzzy or not entry.msgstr) and mask >> index & 1
        if wanted:
            assert entry.context is not None
            made = Translation(
                step, entry.context, entry.msgid, f"ترجمہ {step}.{index}", f"note {step}.{index}"
            )
            translations.append(made)
            entry = replace(
                entry.with_flag("fuzzy", present=False),
                msgstr=made.msgstr,
                translator_comments=(made.comment,),
                previous_context=None,
                previous_msgid=None,
                previous_msgid_plural=None,
            )
        entries.append(entry)
    return replace(catalog, entries=tuple(entries)), translations


@dataclass(frozen=True)
class Step:
    number: int
    template: Catalog
    before: Catalog
    merged: Catalog
    translations: tuple[Translation, ...]
    """Every translation made before this merge."""


Edit = tuple[str, int, int, bool]
Scenario = tuple[list[tuple[str, str]], list[tuple[Edit, int]]]
"""The initial ``(key, text)`` pairs, then per step an edit and the translator's choice of entries (bits)."""


def history(
    scenario: Scenario,
) -> Iterator[Step]:
    """Replay a scenario: the merge of every step, then the translator's work on it."""
    initial, edits = scenario
    content = Content(list(initial))
    catalog = Catalog(UR_HEADER, ())
    translations: list[Translation] = []
    for number, ((operation, first, second, same_text), mask) in enumerate(
        [(("start", 0, 0, True), 255), *edits]
    ):
        if number:
            content.apply(operation, first, second, same_text)
        template = content.template()
        merged, _ = merge(template, catalog, 2)
        yield Step(number, template, catalog, merged, tuple(translations))
        catalog, made = translate(merged, mask, number)
        translations += made


edits = st.tuples(st.sampled_from(OPERATIONS), st.integers(0, 63), st.integers(0, 63), st.booleans())
scenarios = st.tuples(
    st.lists(
        st.tuples(st.sampled_from(KEYS), st.sampled_from(TEXTS)), max_size=5, unique_by=lambda pair: pair[0]
    ),
    st.lists(st.tuples(edits, st.integers(0, 255)), max_size=12),
)


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


@settings(max_examples=150, deadline=None)
@given(scenarios)
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


@settings(max_examples=150, deadline=None)
@given(scenarios)
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


@settings(max_examples=150, deadline=None)
@given(scenarios)
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


@settings(max_examples=150, deadline=None)
@given(scenarios)
@with_examples
def test_merged_catalog_round_trips_through_po(scenario: Scenario) -> None:
    """(d) write_po then parse_po gives the merged catalog back, and writing that gives the same bytes."""
    for step in history(scenario):
        text = write_po(step.merged)
        read_back = parse_po(text, "ur.po")
        assert read_back.entries == step.merged.entries
        assert read_back.header == step.merged.header
        assert write_po(read_back) == text
