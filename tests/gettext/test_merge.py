"""Examples of ``quizkit update``'s key-aware merge (docs/design.md, "Catalog lifecycle").

Every test states the resulting entries exactly (all fields but ``line``), so a change in any field of
any entry shows up. Keys are msgctxt values, msgid is the English source text, msgstr the Urdu.
"""

from __future__ import annotations

import random
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from merge_histories import UR_HEADER, pot_header
from support import FIXTURE

from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.merge import MergeSummary, merge
from toolkit.gettext.po_reader import parse_po, read_po
from toolkit.gettext.po_writer import format_po

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = "content/data-parallel.yaml"
Q = "data-parallel.questions"

POT_HEADER = pot_header("data-parallel")


def source(key: str, text: str, *extracted: str, flags: tuple[str, ...] = ()) -> CatalogEntry:
    """A template entry as extraction writes it: key, text, ``#.`` comments, ``#:`` file, format flags."""
    return CatalogEntry(
        msgid=text, context=key, extracted_comments=extracted, references=(REFERENCE,), flags=flags
    )


def translated(entry: CatalogEntry, msgstr: str, *comments: str) -> CatalogEntry:
    return replace(entry, msgstr=msgstr, translator_comments=comments)


def obsoleted(entry: CatalogEntry) -> CatalogEntry:
    """What an entry becomes when its key leaves the template: ``#~``, without ``#.`` and ``#:``."""
    return replace(entry, obsolete=True, extracted_comments=(), references=())


def template(*entries: CatalogEntry) -> Catalog:
    return Catalog(POT_HEADER, entries)


def catalog(*entries: CatalogEntry) -> Catalog:
    return Catalog(UR_HEADER, entries)


def run(pot: Catalog, existing: Catalog) -> tuple[Catalog, MergeSummary]:
    return merge(pot, existing, 2)


def through_file(catalog_: Catalog) -> Catalog:
    """The catalog as the next ``quizkit update`` reads it back from disk."""
    return parse_po(format_po(catalog_), "ur/LC_MESSAGES/data-parallel.po")


HEADER_TEXT = (
    'msgid ""\n'
    'msgstr ""\n'
    '"Language: ur\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
)


# Same key, same source -------------------------------------------------------------------------------


def test_same_key_and_source_keeps_translation_and_translator_comments() -> None:
    key = f"{Q}.percent.prompt"
    old = CatalogEntry(
        msgid="What is 50% of 80?",
        msgstr="80 کا 50% کتنا ہے؟",
        context=key,
        flags=("python-format",),  # Babel's guess from the "%", before the flag was declared
        translator_comments=(
            "Reviewed by the Urdu team.",
            "quizkit-ignore: glossary: the percent sign stays as written",
        ),
        extracted_comments=("Question 3 of 8 (one correct answer).",),
        references=("content/old-name.yaml",),
    )
    new = source(
        key, "What is 50% of 80?", "Question 2 of 8 (one correct answer).", flags=("no-python-format",)
    )

    merged, summary = run(template(new), catalog(old))

    assert merged == catalog(
        CatalogEntry(
            msgid="What is 50% of 80?",
            msgstr="80 کا 50% کتنا ہے؟",
            context=key,
            flags=("no-python-format",),
            translator_comments=(
                "Reviewed by the Urdu team.",
                "quizkit-ignore: glossary: the percent sign stays as written",
            ),
            extracted_comments=("Question 2 of 8 (one correct answer).",),
            references=(REFERENCE,),
        )
    )
    assert summary == MergeSummary(kept=1)


def test_suppression_comment_survives_update_through_the_file() -> None:
    existing = parse_po(
        "# Urdu translation of the quiz data-parallel.\n" + HEADER_TEXT + "\n"
        "# quizkit-ignore: glossary: NCCL is a library name, kept in Latin script\n"
        "#. Question 4 of 8 (one correct answer).\n"
        "#: content/data-parallel.yaml\n"
        f'msgctxt "{Q}.nccl-factors.prompt"\n'
        'msgid "Which factors affect NCCL performance?"\n'
        'msgstr "NCCL کی کارکردگی پر کون سے عوامل اثر ڈالتے ہیں؟"\n',
        "ur.po",
    )
    pot = template(
        source(
            f"{Q}.nccl-factors.prompt",
            "Which factors affect NCCL performance?",
            "Question 5 of 8 (one correct answer).",
        )
    )

    merged, _ = run(pot, existing)

    assert format_po(merged) == (
        "# Urdu translation of the quiz data-parallel.\n" + HEADER_TEXT + "\n"
        "# quizkit-ignore: glossary: NCCL is a library name, kept in Latin script\n"
        "#. Question 5 of 8 (one correct answer).\n"
        "#: content/data-parallel.yaml\n"
        f'msgctxt "{Q}.nccl-factors.prompt"\n'
        'msgid "Which factors affect NCCL performance?"\n'
        'msgstr "NCCL کی کارکردگی پر کون سے عوامل اثر ڈالتے ہیں؟"\n'
    )


# Changed source ---------------------------------------------------------------------------------------

SYNC = f"{Q}.sync-operation.prompt"
SYNC_V1 = "Which operation synchronizes the replicas?"
SYNC_V2 = "Which communication operation keeps model replicas synchronized at every step?"
SYNC_V3 = "Which collective operation keeps model replicas synchronized at every step?"
SYNC_UR = "کون سا عمل ریپلیکاز کو ہم آہنگ رکھتا ہے؟"


def test_changed_source_becomes_fuzzy_with_previous_context_and_msgid() -> None:
    old = translated(source(SYNC, SYNC_V1, "Question 2 of 8."), SYNC_UR, "Checked against the glossary.")
    new = source(SYNC, SYNC_V2, "Question 2 of 8 (one correct answer).")

    merged, summary = run(template(new), catalog(old))

    assert merged == catalog(
        CatalogEntry(
            msgid=SYNC_V2,
            msgstr=SYNC_UR,
            context=SYNC,
            flags=("fuzzy",),
            translator_comments=("Checked against the glossary.",),
            extracted_comments=("Question 2 of 8 (one correct answer).",),
            references=(REFERENCE,),
            previous_context=SYNC,
            previous_msgid=SYNC_V1,
        )
    )
    assert summary == MergeSummary(changed=1)
    assert format_po(merged) == (
        HEADER_TEXT + "\n"
        "# Checked against the glossary.\n"
        "#. Question 2 of 8 (one correct answer).\n"
        "#: content/data-parallel.yaml\n"
        "#, fuzzy\n"
        f'#| msgctxt "{SYNC}"\n'
        f'#| msgid "{SYNC_V1}"\n'
        f'msgctxt "{SYNC}"\n'
        'msgid ""\n'
        '"Which communication operation keeps model replicas synchronized at every "\n'
        '"step?"\n'
        f'msgstr "{SYNC_UR}"\n'
    )


def test_changed_source_of_an_untranslated_entry_stays_untranslated_and_not_fuzzy() -> None:
    merged, summary = run(template(source(SYNC, SYNC_V2)), catalog(source(SYNC, SYNC_V1)))

    assert merged == catalog(source(SYNC, SYNC_V2))
    assert summary == MergeSummary(changed_untranslated=1)


def test_changed_source_of_a_fuzzy_entry_keeps_the_original_previous_text() -> None:
    fuzzy = replace(
        translated(source(SYNC, SYNC_V2), SYNC_UR),
        flags=("fuzzy",),
        previous_context=SYNC,
        previous_msgid=SYNC_V1,
    )

    merged, summary = run(template(source(SYNC, SYNC_V3)), catalog(fuzzy))

    # The translation was made for V1, not V2: the #| lines keep naming what it translates.
    assert merged == catalog(
        replace(
            translated(source(SYNC, SYNC_V3), SYNC_UR),
            flags=("fuzzy",),
            previous_context=SYNC,
            previous_msgid=SYNC_V1,
        )
    )
    assert summary == MergeSummary(changed=1)


def test_fuzzy_entry_with_unchanged_source_stays_fuzzy_with_its_previous_text() -> None:
    fuzzy = replace(
        translated(source(SYNC, SYNC_V2, "old note"), SYNC_UR),
        flags=("fuzzy",),
        previous_context=SYNC,
        previous_msgid=SYNC_V1,
    )

    merged, summary = run(template(source(SYNC, SYNC_V2, "new note")), catalog(fuzzy))

    assert merged == catalog(replace(fuzzy, extracted_comments=("new note",)))
    assert summary == MergeSummary(kept=1)


# Removed and returning keys ---------------------------------------------------------------------------

PROMPT = f"{Q}.gpu-holds.prompt"
PROMPT_EN = "In standard data parallelism, what does each GPU hold?"
PROMPT_UR = "معیاری ڈیٹا پیرالیلزم میں، ہر GPU کیا رکھتا ہے؟"
SCATTER = f"{Q}.sync-operation.options.scatter"
SCATTER_EN = "Scatter, which splits data among the GPUs"
SCATTER_UR = "اسکیٹر، جو ڈیٹا کو GPUs میں تقسیم کرتا ہے"


def test_removed_key_becomes_obsolete_and_returns_exactly_as_it_was() -> None:
    prompt = translated(source(PROMPT, PROMPT_EN, "Question 1 of 8."), PROMPT_UR)
    scatter = translated(
        source(SCATTER, SCATTER_EN, "Option 3 of 4 for question 2.", "This option is a distractor."),
        SCATTER_UR,
        "quizkit-ignore: glossary: scatter is the name of the collective",
    )
    original = catalog(prompt, scatter)

    removed, summary = run(template(source(PROMPT, PROMPT_EN, "Question 1 of 8.")), original)

    assert removed == catalog(
        prompt,
        CatalogEntry(
            msgid=SCATTER_EN,
            msgstr=SCATTER_UR,
            context=SCATTER,
            translator_comments=("quizkit-ignore: glossary: scatter is the name of the collective",),
            obsolete=True,
        ),
    )
    assert summary == MergeSummary(kept=1, obsoleted=1)

    returned_template = template(
        source(PROMPT, PROMPT_EN, "Question 1 of 8."),
        source(SCATTER, SCATTER_EN, "Option 3 of 4 for question 2.", "This option is a distractor."),
    )
    for stored in (removed, through_file(removed)):
        returned, summary = run(returned_template, stored)
        assert returned == original  # not fuzzy: the source is the same
        assert summary == MergeSummary(kept=1, restored=1)


def test_removed_key_returning_with_changed_source_is_restored_as_fuzzy() -> None:
    scatter = translated(source(SCATTER, SCATTER_EN), SCATTER_UR)
    removed, _ = run(template(), catalog(scatter))
    assert removed == catalog(obsoleted(scatter))

    changed_text = "Scatter, which splits one GPU's data among all the GPUs"
    returned, summary = run(template(source(SCATTER, changed_text)), removed)

    assert returned == catalog(
        replace(
            translated(source(SCATTER, changed_text), SCATTER_UR),
            flags=("fuzzy",),
            previous_context=SCATTER,
            previous_msgid=SCATTER_EN,
        )
    )
    assert summary == MergeSummary(restored=1)


def test_removed_fuzzy_entry_keeps_fuzzy_and_previous_text_through_obsolete_and_back() -> None:
    fuzzy = replace(
        translated(source(SYNC, SYNC_V2, "Question 2 of 8."), SYNC_UR),
        flags=("fuzzy",),
        previous_context=SYNC,
        previous_msgid=SYNC_V1,
    )
    removed, _ = run(template(), catalog(fuzzy))
    assert removed == catalog(obsoleted(fuzzy))
    assert through_file(removed) == removed

    returned, summary = run(template(source(SYNC, SYNC_V2, "Question 2 of 8.")), through_file(removed))
    assert returned == catalog(fuzzy)
    assert summary == MergeSummary(restored=1)


def test_untranslated_entries_that_disappear_are_dropped() -> None:
    kept = translated(source(PROMPT, PROMPT_EN), PROMPT_UR)

    merged, summary = run(template(source(PROMPT, PROMPT_EN)), catalog(kept, source(SCATTER, SCATTER_EN)))

    assert merged == catalog(kept)
    assert summary == MergeSummary(kept=1)


def test_untranslated_entry_whose_key_is_renamed_is_dropped_and_the_new_key_is_untranslated() -> None:
    renamed = f"{Q}.sync-operation.options.scatter-op"

    merged, summary = run(template(source(renamed, SCATTER_EN)), catalog(source(SCATTER, SCATTER_EN)))

    assert merged == catalog(source(renamed, SCATTER_EN))
    assert summary == MergeSummary(added=1)


# Renamed keys -------------------------------------------------------------------------------------------


def test_renamed_key_with_identical_text_carries_the_translation_as_fuzzy() -> None:
    old_key = f"{Q}.sync-operation.options.all-reduce"
    new_key = f"{Q}.sync-operation.options.allreduce"
    text = "An `all-reduce`, which averages gradients across all GPUs"
    old = translated(
        source(old_key, text, "Option 2 of 4 for question 2.", "This option is the correct answer."),
        "ایک `all-reduce`، جو تمام GPUs میں گریڈیئنٹس کا اوسط نکالتا ہے",
        "Inline code stays in Latin script.",
    )
    new = source(new_key, text, "Option 2 of 4 for question 2.", "This option is the correct answer.")

    merged, summary = run(template(new), catalog(old))

    assert merged == catalog(
        CatalogEntry(
            msgid=text,
            msgstr=old.msgstr,
            context=new_key,
            flags=("fuzzy",),
            translator_comments=("Inline code stays in Latin script.",),
            extracted_comments=("Option 2 of 4 for question 2.", "This option is the correct answer."),
            references=(REFERENCE,),
            previous_context=old_key,
            previous_msgid=text,
        ),
        obsoleted(old),
    )
    assert summary == MergeSummary(renamed=1, obsoleted=1)


def test_renamed_key_whose_removed_entry_went_through_the_file_is_still_carried() -> None:
    """The key leaves in one update and its successor arrives in a later one: the obsolete entry,
    read back from the file, is the rename candidate."""
    old = translated(source(SCATTER, SCATTER_EN), SCATTER_UR, "reviewed")
    removed, _ = run(template(), catalog(old))
    new_key = f"{Q}.sync-operation.options.scatter-op"

    merged, summary = run(template(source(new_key, SCATTER_EN)), through_file(removed))

    assert merged == catalog(
        replace(
            translated(source(new_key, SCATTER_EN), SCATTER_UR, "reviewed"),
            flags=("fuzzy",),
            previous_context=SCATTER,
            previous_msgid=SCATTER_EN,
        ),
        obsoleted(old),
    )
    assert summary == MergeSummary(renamed=1)


# Keys sharing a source text (python-babel PR #1330) -----------------------------------------------------

YES_1 = f"{Q}.q1.options.yes"
YES_2 = f"{Q}.q2.options.yes"
NO_2 = f"{Q}.q2.options.no"
YES_1_UR = "ہاں"
YES_2_UR = "جی ہاں"
NO_2_UR = "نہیں"


def _two_yes_catalog() -> Catalog:
    return catalog(
        translated(source(YES_1, "Yes", "Option 1 of 2 for question 1."), YES_1_UR),
        translated(source(YES_2, "Yes", "Option 1 of 2 for question 2."), YES_2_UR),
        translated(source(NO_2, "No", "Option 2 of 2 for question 2."), NO_2_UR),
    )


def _fuzzy(entry: CatalogEntry, previous_context: str, previous_msgid: str) -> CatalogEntry:
    return replace(entry, flags=("fuzzy",), previous_context=previous_context, previous_msgid=previous_msgid)


@pytest.mark.parametrize("new_text", ["Yes, always", "No", "yes."])
def test_changed_text_of_one_shared_text_keeps_its_own_translation(new_text: str) -> None:
    """Question 1's "Yes" changes (to a new text, to question 2's "No", to a near-identical text):
    it keeps its own translation, fuzzy, and never takes question 2's."""
    pot = template(
        source(YES_1, new_text, "Option 1 of 2 for question 1."),
        source(YES_2, "Yes", "Option 1 of 2 for question 2."),
        source(NO_2, "No", "Option 2 of 2 for question 2."),
    )

    merged, summary = run(pot, _two_yes_catalog())

    assert merged == catalog(
        _fuzzy(translated(source(YES_1, new_text, "Option 1 of 2 for question 1."), YES_1_UR), YES_1, "Yes"),
        translated(source(YES_2, "Yes", "Option 1 of 2 for question 2."), YES_2_UR),
        translated(source(NO_2, "No", "Option 2 of 2 for question 2."), NO_2_UR),
    )
    assert summary == MergeSummary(kept=2, changed=1)


def test_both_keys_of_a_shared_text_changing_keep_their_own_translations() -> None:
    pot = template(
        source(YES_1, "Yes, always", "Option 1 of 2 for question 1."),
        source(YES_2, "Yes, always", "Option 1 of 2 for question 2."),
        source(NO_2, "No", "Option 2 of 2 for question 2."),
    )

    merged, _ = run(pot, _two_yes_catalog())

    assert [(entry.context, entry.msgstr, entry.previous_context) for entry in merged] == [
        (YES_1, YES_1_UR, YES_1),
        (YES_2, YES_2_UR, YES_2),
        (NO_2, NO_2_UR, None),
    ]


def test_new_key_sharing_a_text_with_a_live_key_stays_untranslated() -> None:
    yes_3 = f"{Q}.q3.options.yes"
    pot = template(
        source(YES_1, "Yes", "Option 1 of 2 for question 1."),
        source(YES_2, "Yes", "Option 1 of 2 for question 2."),
        source(NO_2, "No", "Option 2 of 2 for question 2."),
        source(yes_3, "Yes", "Option 1 of 2 for question 3."),
    )

    merged, summary = run(pot, _two_yes_catalog())

    assert merged == catalog(
        *_two_yes_catalog().entries, source(yes_3, "Yes", "Option 1 of 2 for question 3.")
    )
    assert summary == MergeSummary(kept=3, added=1)


def test_renamed_key_sharing_its_text_with_a_live_key_takes_only_its_own_translation() -> None:
    """Question 1's "Yes" option moves to a new id; question 2's "Yes" stays. The new id is a rename of
    question 1's option only: a key still in the template is never a rename candidate."""
    yes_1_new = f"{Q}.q1.options.yes-always"
    pot = template(
        source(YES_2, "Yes", "Option 1 of 2 for question 2."),
        source(NO_2, "No", "Option 2 of 2 for question 2."),
        source(yes_1_new, "Yes", "Option 1 of 2 for question 1."),
    )

    merged, summary = run(pot, _two_yes_catalog())

    assert merged == catalog(
        translated(source(YES_2, "Yes", "Option 1 of 2 for question 2."), YES_2_UR),
        translated(source(NO_2, "No", "Option 2 of 2 for question 2."), NO_2_UR),
        _fuzzy(translated(source(yes_1_new, "Yes", "Option 1 of 2 for question 1."), YES_1_UR), YES_1, "Yes"),
        obsoleted(translated(source(YES_1, "Yes"), YES_1_UR)),
    )
    assert summary == MergeSummary(kept=2, renamed=1, obsoleted=1)


# Idempotence, order, plurals ----------------------------------------------------------------------------

PLURAL = "ui.question-count"
PLURAL_FORMS_UR = ("{count} سوال", "{count} سوالات")


def _plural(singular: str, plural: str, *extracted: str) -> CatalogEntry:
    return CatalogEntry(
        msgid=singular,
        msgid_plural=plural,
        msgstr_plural=("", ""),
        context=PLURAL,
        flags=("python-brace-format",),
        extracted_comments=extracted,
        references=("content/ui.yaml",),
    )


def _busy_catalog() -> tuple[Catalog, Catalog]:
    """A template and a catalog exercising every rule at once."""
    existing = catalog(
        translated(source(PROMPT, PROMPT_EN, "Question 1 of 8."), PROMPT_UR, "reviewed"),
        translated(source(SYNC, SYNC_V1), SYNC_UR),
        translated(source(SCATTER, SCATTER_EN), SCATTER_UR),
        source(f"{Q}.gpu-holds.options.compressed", "A compressed version of the model"),
        translated(source(YES_1, "Yes"), YES_1_UR),
        replace(_plural("{count} question", "{count} questions"), msgstr_plural=PLURAL_FORMS_UR),
        obsoleted(translated(source(f"{Q}.old.prompt", "An old question"), "ایک پرانا سوال")),
    )
    pot = template(
        source(PROMPT, PROMPT_EN, "Question 1 of 8 (one correct answer)."),
        source(f"{Q}.q1.options.yes-indeed", "Yes"),
        source(SYNC, SYNC_V2),
        source(f"{Q}.new.prompt", "A new question"),
        _plural("{count} question", "{count} questions", "Shown on the start screen."),
    )
    return pot, existing


def test_merging_the_merged_catalog_again_changes_nothing() -> None:
    pot, existing = _busy_catalog()

    once, first_summary = run(pot, existing)
    twice, second_summary = run(pot, once)

    assert first_summary == MergeSummary(kept=2, added=1, changed=1, renamed=1, obsoleted=2)
    assert twice == once
    assert second_summary == MergeSummary(kept=5)
    assert format_po(twice) == format_po(once)
    # As update runs it: read back from the file it wrote, merge again, write identical bytes.
    from_file, _ = run(pot, through_file(once))
    assert format_po(from_file) == format_po(once)


def test_hand_reordered_catalog_merges_into_template_order_without_loss() -> None:
    pot, existing = _busy_catalog()
    expected, _ = run(pot, existing)
    for seed in range(5):
        entries = list(existing.entries)
        random.Random(seed).shuffle(entries)
        shuffled = catalog(*entries)
        assert shuffled != existing

        merged, _ = run(pot, shuffled)

        assert [entry.context for entry in merged.active()] == [entry.context for entry in pot]
        assert list(merged.active()) == list(expected.active())
        assert sorted(merged.obsolete(), key=lambda entry: entry.context or "") == sorted(
            expected.obsolete(), key=lambda entry: entry.context or ""
        )


def test_plural_entry_keeps_its_forms() -> None:
    existing = catalog(
        replace(_plural("{count} question", "{count} questions"), msgstr_plural=PLURAL_FORMS_UR)
    )
    pot = template(_plural("{count} question", "{count} questions", "Shown on the start screen."))

    merged, summary = run(pot, existing)

    assert merged == catalog(
        CatalogEntry(
            msgid="{count} question",
            msgid_plural="{count} questions",
            msgstr_plural=PLURAL_FORMS_UR,
            context=PLURAL,
            flags=("python-brace-format",),
            extracted_comments=("Shown on the start screen.",),
            references=("content/ui.yaml",),
        )
    )
    assert summary == MergeSummary(kept=1)
    assert through_file(merged) == merged


def test_plural_entry_with_changed_plural_source_keeps_its_forms_as_fuzzy() -> None:
    existing = catalog(
        replace(_plural("{count} question", "{count} questions"), msgstr_plural=PLURAL_FORMS_UR)
    )
    pot = template(_plural("{count} question", "{count} quiz questions"))

    merged, summary = run(pot, existing)

    assert merged == catalog(
        CatalogEntry(
            msgid="{count} question",
            msgid_plural="{count} quiz questions",
            msgstr_plural=PLURAL_FORMS_UR,
            context=PLURAL,
            flags=("fuzzy", "python-brace-format"),
            references=("content/ui.yaml",),
            previous_context=PLURAL,
            previous_msgid="{count} question",
            previous_msgid_plural="{count} questions",
        )
    )
    assert summary == MergeSummary(changed=1)
    assert through_file(merged) == merged


def test_new_plural_entry_gets_one_empty_form_per_plural() -> None:
    merged, summary = run(template(_plural("{count} question", "{count} questions")), catalog())

    assert merged == catalog(_plural("{count} question", "{count} questions"))
    assert summary == MergeSummary(added=1)


def test_a_form_beyond_nplurals_is_kept_in_a_translator_comment() -> None:
    """An obsolete entry with three forms (from a catalog with nplurals=3 once) returns to a catalog
    with two: msgmerge writes all three (msgfmt -c then refuses the file); quizkit keeps two and the
    third in a comment, fuzzy for the translator to review."""
    forms = (*PLURAL_FORMS_UR, "تیسری شکل")
    existing = catalog(
        replace(_plural("{count} question", "{count} questions"), msgstr_plural=forms, obsolete=True)
    )
    pot = template(_plural("{count} question", "{count} questions"))

    merged, summary = run(pot, existing)

    assert merged == catalog(
        CatalogEntry(
            msgid="{count} question",
            msgid_plural="{count} questions",
            msgstr_plural=PLURAL_FORMS_UR,
            context=PLURAL,
            flags=("fuzzy", "python-brace-format"),
            translator_comments=(
                'Kept by quizkit: msgstr[2] was "تیسری شکل"; this entry has no msgstr[2] now',
            ),
            references=("content/ui.yaml",),
        )
    )
    assert summary == MergeSummary(restored=1, forms_kept=1)
    assert through_file(merged) == merged
    assert run(pot, through_file(merged)) == (merged, MergeSummary(kept=1))


def test_a_plural_translated_in_a_later_form_only_survives_becoming_obsolete() -> None:
    """msgcat and msgmerge drop an obsolete entry whose msgstr[0] is empty, msgstr[1] and all."""
    only_other = replace(
        _plural("{count} question", "{count} questions"), msgstr_plural=("", "{count} سوالات")
    )

    merged, summary = run(template(), catalog(only_other))

    assert merged == catalog(obsoleted(only_other))
    assert summary == MergeSummary(obsoleted=1)
    assert through_file(merged) == merged


# Obsolete entries in the file ---------------------------------------------------------------------------

OBSOLETE_WITH_FLAG = (
    HEADER_TEXT + "\n"
    "# quizkit-ignore: numbers: the Urdu text spells the number out\n"
    "#, no-python-format\n"
    f'#~ msgctxt "{Q}.percent.prompt"\n'
    '#~ msgid "What is 50% of 80?"\n'
    '#~ msgstr "80 کا پچاس فیصد کتنا ہے؟"\n'
)


def test_obsolete_entry_keeps_its_format_flag_through_the_file() -> None:
    """GNU msgmerge and msgcat write an obsolete entry's format flags (``#, no-python-format`` above
    ``#~ msgctxt``); the merge keeps them on the entry, so writing and reading back must too."""
    old = translated(
        source(f"{Q}.percent.prompt", "What is 50% of 80?", flags=("no-python-format",)),
        "80 کا پچاس فیصد کتنا ہے؟",
        "quizkit-ignore: numbers: the Urdu text spells the number out",
    )

    merged, _ = run(template(), catalog(old))

    assert merged == catalog(obsoleted(old))
    assert format_po(merged) == OBSOLETE_WITH_FLAG
    assert through_file(merged) == merged


@pytest.mark.skipif(shutil.which("msgcat") is None, reason="GNU gettext's msgcat is not installed")
def test_obsolete_entry_with_format_flag_is_written_as_msgcat_writes_it(tmp_path: Path) -> None:
    path = tmp_path / "ur.po"
    path.write_text(OBSOLETE_WITH_FLAG, encoding="utf-8")
    msgcat = subprocess.run(["msgcat", str(path)], capture_output=True, check=True, text=True).stdout

    assert msgcat == OBSOLETE_WITH_FLAG
    assert format_po(read_po(path.read_bytes(), "ur.po")) == msgcat


# Through the project ------------------------------------------------------------------------------------


def test_update_of_a_project_follows_the_merge_rules(tmp_path: Path) -> None:
    from toolkit.catalogs.workflow import stale_files, update
    from toolkit.config import load_config

    shutil.copytree(FIXTURE / "content", tmp_path / "content")
    shutil.copytree(FIXTURE / "locales", tmp_path / "locales", ignore=shutil.ignore_patterns("*.mo"))
    (tmp_path / "quizkit.toml").write_text(
        'source-locale = "en"\ntarget-locales = ["ur"]\n', encoding="utf-8"
    )
    config = load_config(tmp_path)
    update(config)  # start from catalogs current with the content, whatever state the checkout is in
    assert stale_files(config) == []
    po_path = tmp_path / "locales/ur/LC_MESSAGES/data-parallel.po"
    original = read_po(po_path.read_bytes(), "data-parallel.po")
    by_key = {entry.context: entry for entry in original}

    quiz = tmp_path / "content/data-parallel.yaml"
    yaml_text = quiz.read_text(encoding="utf-8")
    edited = yaml_text.replace(
        "prompt: In standard data parallelism, what does each GPU hold?",
        "prompt: In plain data parallelism, what does each GPU hold?",
    ).replace("      - id: broadcast\n", "      - id: broadcast-op\n")
    assert edited.count("In plain data parallelism") == 1
    assert edited.count("broadcast-op") == 1
    quiz.write_text(edited, encoding="utf-8")

    assert stale_files(config) == [tmp_path / "locales/data-parallel.pot", po_path]
    results = {plan.path.name: (plan.summary, changed) for plan, changed in update(config)[1]}
    assert results["data-parallel.po"] == (
        MergeSummary(kept=len(list(original.active())) - 2, changed=1, renamed=1, obsoleted=1),
        True,
    )
    assert results["ui.po"][1] is False
    assert stale_files(config) == []

    updated = read_po(po_path.read_bytes(), "data-parallel.po")
    updated_by_key = {(entry.context, entry.obsolete): entry for entry in updated}
    prompt = by_key[f"{Q}.gpu-holds.prompt"]
    assert updated_by_key[(prompt.context, False)] == replace(
        prompt,
        msgid="In plain data parallelism, what does each GPU hold?",
        flags=("fuzzy",),
        previous_context=prompt.context,
        previous_msgid=prompt.msgid,
    )
    broadcast = by_key[f"{Q}.sync-operation.options.broadcast"]
    assert updated_by_key[(f"{Q}.sync-operation.options.broadcast-op", False)] == replace(
        broadcast,
        context=f"{Q}.sync-operation.options.broadcast-op",
        flags=("fuzzy",),
        previous_context=broadcast.context,
        previous_msgid=broadcast.msgid,
    )
    assert updated_by_key[(broadcast.context, True)] == obsoleted(broadcast)

    # A second update changes nothing; putting the option id back restores it exactly.
    assert [changed for _, changed in update(config)[1]] == [False, False]
    quiz.write_text(edited.replace("id: broadcast-op", "id: broadcast"), encoding="utf-8")
    update(config)
    restored = read_po(po_path.read_bytes(), "data-parallel.po")
    assert {entry.context: entry for entry in restored.active()}[broadcast.context] == broadcast
    assert not any(entry.context == broadcast.context for entry in restored.obsolete())


def test_update_keeps_a_translators_plural_form_the_template_has_no_place_for(tmp_path: Path) -> None:
    """Issue 17: a translator gave a singular message a plural (msgid_plural, msgstr[0], msgstr[1]);
    msgmerge and quizkit before dropped msgstr[1] without a trace."""
    from support import copy_project, run_quizkit

    project = copy_project(tmp_path / "project")
    po_path = project / "locales/ur/LC_MESSAGES/ui.po"
    text = po_path.read_text(encoding="utf-8")
    singular = 'msgctxt "ui.level-beginner"\nmsgid "Beginner"\nmsgstr "ابتدائی"\n'
    assert singular in text
    po_path.write_text(
        text.replace(
            singular,
            'msgctxt "ui.level-beginner"\nmsgid "Beginner"\nmsgid_plural "Beginners"\n'
            'msgstr[0] "ابتدائی"\nmsgstr[1] "ابتدائی سطح کے لوگ"\n',
        ),
        encoding="utf-8",
    )

    result = run_quizkit(project, "update")

    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.splitlines()[-1] == (
        "locales/ur/LC_MESSAGES/ui.po: 1 changed (now fuzzy), "
        "1 plural form with no place now kept in a translator comment"
    )
    entry = {entry.context: entry for entry in read_po(po_path.read_bytes(), "ui.po")}["ui.level-beginner"]
    assert (entry.msgstr, entry.is_fuzzy, entry.translator_comments, entry.previous_msgid_plural) == (
        "ابتدائی",
        True,
        ('Kept by quizkit: msgstr[1] was "ابتدائی سطح کے لوگ"; this entry has no msgstr[1] now',),
        "Beginners",
    )
    assert run_quizkit(project, "update").stdout.splitlines()[-1] == "locales/ur/LC_MESSAGES/ui.po: unchanged"


def test_a_key_with_several_obsolete_entries_keeps_them_all() -> None:
    """One key can have an obsolete entry per text it once had: the matching one returns, none is lost."""
    one = CatalogEntry(msgid="Old title", msgstr="پرانا عنوان", context="quiz.title", obsolete=True)
    two = CatalogEntry(msgid="Quiz title", msgstr="کوئز کا عنوان", context="quiz.title", obsolete=True)
    merged, summary = merge(
        template(CatalogEntry(msgid="Quiz title", context="quiz.title")), catalog(one, two), 2
    )
    active = [entry for entry in merged.entries if not entry.obsolete]
    assert [(entry.msgid, entry.msgstr, entry.is_fuzzy) for entry in active] == [
        ("Quiz title", "کوئز کا عنوان", False)
    ]
    assert [entry.msgstr for entry in merged.entries if entry.obsolete] == ["پرانا عنوان"]
    assert summary.restored == 1
