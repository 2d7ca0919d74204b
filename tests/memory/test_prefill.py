"""The pre-fill rules, on catalogs built in the test: what is offered, from where, and what is never touched."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.config import ProjectConfig
from toolkit.gettext.catalog import FUZZY, Catalog, CatalogEntry, Header
from toolkit.memory.prefill import PrefillMemory, prefill_from_memory
from toolkit.memory.translation_memory import MemoryOrigin, MemoryUnit, TranslationMemory

HEADER = Header((("Language", "ur"), ("Plural-Forms", "nplurals=2; plural=(n != 1);")))


def _unit(
    source: str,
    target: str,
    key: str,
    domain: str = "old",
    plural: str | None = None,
    targets: tuple[str, ...] = (),
) -> MemoryUnit:
    return MemoryUnit(source, targets or (target,), MemoryOrigin(False, domain, 0, key, "ur"), plural)


def _tmx(source: str, target: str, name: str, position: int) -> MemoryUnit:
    return MemoryUnit(source, (target,), MemoryOrigin(True, name, position, None, "ur"))


def _memory(*units: MemoryUnit, similarity: int = 75) -> PrefillMemory:
    config = ProjectConfig(Path(), None, target_locales=("ur",), memory_similarity=similarity)
    return PrefillMemory(config, TranslationMemory(tuple(sorted(units, key=lambda unit: unit.origin))))


def _filled(entry: CatalogEntry, memory: PrefillMemory) -> tuple[CatalogEntry, int]:
    catalog, count = prefill_from_memory(Catalog(HEADER, (entry,)), memory, "ur", "new")
    return catalog.entries[0], count


def test_an_exact_match_from_another_key_is_offered_as_fuzzy_with_its_origin() -> None:
    memory = _memory(_unit("Which one is first?", "پہلا کون سا ہے؟", "old.q.prompt"))
    entry, count = _filled(CatalogEntry("Which one is first?", context="new.q.prompt"), memory)
    assert count == 1
    assert entry.msgstr == "پہلا کون سا ہے؟" and entry.flags == (FUZZY,)
    assert entry.translator_comments == ("quizkit memory: 100% from old.q.prompt (old/ur)",)


FUZZY_CASES = [
    # (new source, memory source, memory target, expected target or None, similarity shown)
    (
        "The workers send gradients",
        "The worker sends gradients",
        "کارکن گریڈینٹ بھیجتا ہے",
        "کارکن گریڈینٹ بھیجتا ہے",
        "96%",
    ),
    ("Run `all-reduce` now", "Run `broadcast()` now", "ابھی `broadcast()` چلائیں", None, None),
    (
        "Run `all-reduce` now",
        "Run `all-reduce` now!",
        "ابھی `all-reduce` چلائیں",
        "ابھی `all-reduce` چلائیں",
        "97%",
    ),
    ("Fill {{gap}} in", "Fill {{hole}} in", "{{hole}} بھریں", None, None),
    ("{count} questions left", "{total} questions left", "{total} سوالات باقی", None, None),
    ("Something else entirely", "Nothing alike in this", "کچھ نہیں", None, None),
]


@pytest.mark.parametrize(("new", "source", "target", "expected", "shown"), FUZZY_CASES)
def test_a_fuzzy_match_is_offered_only_when_its_protected_tokens_match(
    new: str, source: str, target: str, expected: str | None, shown: str | None
) -> None:
    entry, count = _filled(CatalogEntry(new, context="new.x"), _memory(_unit(source, target, "old.x")))
    if expected is None:
        assert (count, entry.msgstr, entry.translator_comments, entry.flags) == (0, "", (), ())
    else:
        assert (count, entry.msgstr, entry.flags) == (1, expected, (FUZZY,))
        assert entry.translator_comments == (f"quizkit memory: {shown} from old.x (old/ur)",)


def test_an_incompatible_best_match_gives_way_to_the_next_best() -> None:
    memory = _memory(
        _unit("Run `all-reduce` now", "ابھی `broadcast()` چلائیں", "old.a"),  # exact, but the code differs
        _unit("Run `all-reduce` now!", "ابھی `all-reduce` چلائیں", "old.b"),
    )
    entry, _ = _filled(CatalogEntry("Run `all-reduce` now", context="new.x"), memory)
    assert entry.msgstr == "ابھی `all-reduce` چلائیں"
    assert entry.translator_comments == ("quizkit memory: 97% from old.b (old/ur)",)


def test_the_threshold_is_inclusive_and_configurable() -> None:
    # "abcd" against "abcdef": 2 * 4 / 10 = 80%.
    unit = _unit("abcdef", "الف", "old.x")
    assert _filled(CatalogEntry("abcd", context="new.x"), _memory(unit, similarity=80))[1] == 1
    assert _filled(CatalogEntry("abcd", context="new.x"), _memory(unit, similarity=81))[1] == 0


@pytest.mark.parametrize(
    "written",
    [
        CatalogEntry("Which one is first?", "میرا ترجمہ", context="new.x"),
        CatalogEntry("Which one is first?", "میرا ترجمہ", context="new.x", flags=(FUZZY,)),
        CatalogEntry("apple", context="new.x", msgid_plural="apples", msgstr_plural=("", "سیبوں")),
    ],
)
def test_a_translation_a_person_wrote_is_never_replaced(written: CatalogEntry) -> None:
    memory = _memory(
        _unit("Which one is first?", "پہلا", "old.a"),
        _unit("apple", "", "old.b", plural="apples", targets=("سیب", "سیب")),
    )
    assert _filled(written, memory) == (written, 0)


def test_the_note_stays_while_fuzzy_and_goes_once_reviewed() -> None:
    memory = _memory(_unit("Which one is first?", "پہلا", "old.a"))
    entry, _ = _filled(CatalogEntry("Which one is first?", context="new.x"), memory)
    assert _filled(entry, memory) == (entry, 0)  # idempotent: the next update keeps it as it is
    reviewed = entry.with_flag(FUZZY, False)
    assert _filled(reviewed, memory) == (replace(reviewed, translator_comments=()), 0)
    emptied = replace(entry, msgstr="")  # emptied by a translator: offered again, with a fresh note
    again, count = _filled(emptied, memory)
    assert count == 1 and again.translator_comments == entry.translator_comments


def test_the_note_of_a_reviewed_entry_goes_even_with_the_memory_off() -> None:
    entry = CatalogEntry(
        "x", "y", context="new.x", translator_comments=("keep me", "quizkit memory: 100% from a (b/ur)")
    )
    catalog, _ = prefill_from_memory(Catalog(HEADER, (entry,)), None, "ur", "new")
    assert catalog.entries[0].translator_comments == ("keep me",)


def test_plural_entries_take_only_plural_units_with_as_many_forms() -> None:
    entry = CatalogEntry(
        "{count} apple", context="new.x", msgid_plural="{count} apples", msgstr_plural=("", "")
    )
    singular = _unit("{count} apple", "{count} سیب", "old.a")
    three = _unit(
        "{count} apple", "", "old.b", plural="{count} apples", targets=("{count} a", "{count} b", "{count} c")
    )
    assert _filled(entry, _memory(singular, three))[1] == 0
    two = _unit("{count} apple", "", "old.c", plural="{count} apples", targets=("ایک سیب", "{count} سیب"))
    filled, count = _filled(entry, _memory(singular, three, two))
    assert count == 1 and filled.msgstr_plural == ("ایک سیب", "{count} سیب")
    assert filled.translator_comments == ("quizkit memory: 100% from old.c (old/ur)",)


def test_ties_go_to_catalogs_before_tmx_files_then_by_domain_and_key() -> None:
    units = (
        _tmx("Which one is first?", "ٹی ایم ایکس", "agency.tmx", 0),
        _unit("Which one is first?", "زیڈ", "zeta.q", domain="zeta"),
        _unit("Which one is first?", "بی", "alpha.q2", domain="alpha"),
        _unit("Which one is first?", "اے", "alpha.q1", domain="alpha"),
    )
    entry, _ = _filled(CatalogEntry("Which one is first?", context="new.x"), _memory(*units))
    assert entry.msgstr == "اے"
    only_tmx = _memory(units[0], _tmx("Which one is first?", "دوسرا", "agency.tmx", 1))
    entry, _ = _filled(CatalogEntry("Which one is first?", context="new.x"), only_tmx)
    assert (entry.msgstr, entry.translator_comments) == (
        "ٹی ایم ایکس",
        ("quizkit memory: 100% from agency.tmx",),
    )


def test_an_entry_is_never_filled_from_its_own_key() -> None:
    memory = _memory(_unit("Which one is first?", "پہلا", "new.x", domain="new"))
    assert _filled(CatalogEntry("Which one is first?", context="new.x"), memory)[1] == 0


def _imported(
    source: str, target: str, key: str, domain: str = "bank", bank: str = "banks/gpu.xml"
) -> MemoryUnit:
    """A unit of a catalog entry quizkit import took from ``bank`` that nobody has approved."""
    return replace(_unit(source, target, key, domain), unreviewed_import=bank)


UNREVIEWED_CASES = [
    # (the reviewed unit's source, its similarity to the new text, whether it is offered)
    ("The workers send gradients", "100%", True),  # as alike: a tie goes to the reviewed one
    ("The workers send gradients!", "98%", True),
    ("The worker sends gradients", "96%", True),  # within the 5 points
    ("The workers send all gradients", "92%", False),  # 7 points less alike: the import is offered
]


@pytest.mark.parametrize(("reviewed", "shown", "offered"), UNREVIEWED_CASES)
def test_an_unreviewed_import_gives_way_to_a_reviewed_unit_as_alike_or_nearly(
    reviewed: str, shown: str, offered: bool
) -> None:
    # The import comes first in the memory's order (domain "bank" before "old"), which broke ties before.
    memory = _memory(
        _imported("The workers send gradients", "درآمد شدہ", "bank.q.prompt"),
        _unit(reviewed, "جانچا ہوا", "old.q.prompt"),
    )
    entry, count = _filled(CatalogEntry("The workers send gradients", context="new.x"), memory)
    assert count == 1
    if offered:
        assert entry.msgstr == "جانچا ہوا"
        assert entry.translator_comments == (f"quizkit memory: {shown} from old.q.prompt (old/ur)",)
    else:
        assert entry.msgstr == "درآمد شدہ"
        assert entry.translator_comments == (
            "quizkit memory: 100% from bank.q.prompt (bank/ur), an unreviewed translation imported from "
            "banks/gpu.xml",
        )


def test_an_unreviewed_import_alone_is_offered_and_says_so() -> None:
    memory = _memory(_imported("The worker sends gradients", "درآمد شدہ", "bank.q.prompt"))
    entry, _ = _filled(CatalogEntry("The workers send gradients", context="new.x"), memory)
    assert (entry.msgstr, entry.flags) == ("درآمد شدہ", (FUZZY,))
    assert entry.translator_comments == (
        "quizkit memory: 96% from bank.q.prompt (bank/ur), an unreviewed translation imported from banks/gpu.xml",
    )


def test_an_unreviewed_import_that_does_not_fit_gives_way_to_the_next_unit() -> None:
    memory = _memory(
        _imported("Run `all-reduce` now", "ابھی `broadcast()` چلائیں", "bank.q.prompt"),
        _imported("Run `all-reduce` now!", "ابھی `all-reduce` چلائیں", "bank.q.other"),
    )
    entry, _ = _filled(CatalogEntry("Run `all-reduce` now", context="new.x"), memory)
    assert entry.msgstr == "ابھی `all-reduce` چلائیں"
