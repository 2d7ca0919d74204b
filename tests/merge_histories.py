"""Catalog headers and random content histories for the merge tests (test_merge*.py in tests/catalogs).

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

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from hypothesis import strategies as st

from toolkit.catalogs.extraction import literal_format_flags
from toolkit.gettext.catalog import Catalog, CatalogEntry, Header
from toolkit.gettext.merge import merge

UR_HEADER = Header(
    (
        ("Language", "ur"),
        ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=UTF-8"),
        ("Content-Transfer-Encoding", "8bit"),
        ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
    )
)


def pot_header(project: str) -> Header:
    """A template's header, as extraction writes it for the quiz ``project``."""
    return Header(
        (
            ("Project-Id-Version", project),
            ("MIME-Version", "1.0"),
            ("Content-Type", "text/plain; charset=UTF-8"),
            ("Content-Transfer-Encoding", "8bit"),
        )
    )


POT_HEADER = pot_header("quiz")
"""The header of the random histories' templates."""

KEYS = tuple(f"quiz.questions.q{number}.prompt" for number in range(6))
TEXTS = ("Yes", "yes.", "No", "All of the above", "What is 50% of 80?", "Which GPU runs an `all-reduce`?")
OPERATIONS = ("change", "remove", "readd", "rename", "add", "move")


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


def scenarios(max_edits: int) -> st.SearchStrategy[Scenario]:
    """Scenarios of up to five initial entries and up to ``max_edits`` edits."""
    return st.tuples(
        st.lists(
            st.tuples(st.sampled_from(KEYS), st.sampled_from(TEXTS)),
            max_size=5,
            unique_by=lambda pair: pair[0],
        ),
        st.lists(st.tuples(edits, st.integers(0, 255)), max_size=max_edits),
    )
