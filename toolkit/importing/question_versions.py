"""A question read from a bank in several languages: its versions aligned text by text.

Readers that get one file per language (QTI packages, GIFT files) read each language's version of a
question as ``Question[str]``; :func:`align_versions` makes them comparable key by key (the keys of
:meth:`toolkit.model.HasTexts.keyed_texts`), :func:`skeleton` tells whether they differ in more than
their texts, and :func:`map_texts` turns the source version into ``Question[Text]`` (which
:func:`toolkit.importing.question_drafts.draft_mapping` writes as a draft, as every reader's drafts).
A question's lists of accepted answers (:func:`answer_lists`) are read and changed here for every reader.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from toolkit.keys import join_key, text_fields
from toolkit.model import (
    AcceptedAnswer,
    FillInBlanksQuestion,
    Question,
    ShortAnswerQuestion,
    TextType,
    TypedBlank,
)

# --- texts --------------------------------------------------------------------------------------------


def map_texts(owner: Any, convert: Callable[[str, Any], Any], prefix: str = "") -> Any:
    """``owner`` with ``convert(key relative to the question, text)`` in place of each text field, into
    its parts (the keys as :meth:`toolkit.model.HasTexts.keyed_texts` gives them)."""
    changes: dict[str, Any] = {}
    for name, declared in text_fields(type(owner)):
        value = getattr(owner, name)
        if value is None:
            continue
        key = join_key(prefix, declared.segment)
        if isinstance(value, tuple):
            changes[name] = tuple(map_texts(part, convert, f"{key}.{part.id}") for part in value)
        else:
            changes[name] = convert(key, value)
    return replace(owner, **changes)


def skeleton(question: Question[str]) -> Question[str]:
    """The question without its texts: what every language must have alike."""
    blank: Question[str] = map_texts(question, lambda _key, _text: "")
    return blank


# --- accepted answers -----------------------------------------------------------------------------------


def answer_lists(question: Question[TextType]) -> dict[str, tuple[AcceptedAnswer[TextType], ...]]:
    """Every list of answers a learner may type in ``question``, a short answer's and each typed blank's,
    by its key relative to the question (``answers``, ``blanks.<blank>.answers``), in reading order."""
    if isinstance(question, ShortAnswerQuestion):
        return {"answers": question.answers}
    if isinstance(question, FillInBlanksQuestion):
        return {
            f"blanks.{blank.id}.answers": blank.answers
            for blank in question.blanks
            if isinstance(blank, TypedBlank)
        }
    return {}


def with_answer_lists(
    question: Question[TextType], lists: Mapping[str, tuple[AcceptedAnswer[TextType], ...]]
) -> Question[TextType]:
    """``question`` with each of its lists of answers (:func:`answer_lists`) replaced by the one ``lists``
    gives under its key; ``lists`` gives every one."""
    if isinstance(question, ShortAnswerQuestion):
        return replace(question, answers=lists["answers"])
    if isinstance(question, FillInBlanksQuestion):
        blanks = tuple(
            replace(blank, answers=lists[f"blanks.{blank.id}.answers"])
            if isinstance(blank, TypedBlank)
            else blank
            for blank in question.blanks
        )
        return replace(question, blanks=blanks)
    return question


def with_each_answer(
    question: Question[TextType], change: Callable[[AcceptedAnswer[TextType]], AcceptedAnswer[TextType]]
) -> Question[TextType]:
    """``question`` with ``change`` made to each of its accepted answers."""
    lists = answer_lists(question)
    return with_answer_lists(question, {key: tuple(map(change, answers)) for key, answers in lists.items()})


MAX_ANSWERS_CUT = 100
"""The most accepted answers of one question whose runs are searched for (a bank from outside may list
thousands)."""


def _partition(lines: list[str], sources: list[str]) -> list[list[str]] | None:
    """``lines`` (one language's accepted answers, in order) cut into one run per source answer, as an
    exporter writes them: each answer's lines in turn. Of the possible cuts, the one where most answers
    are their own source text alone (an answer the same in every locale); runs as short as possible
    first. None when there are fewer lines than answers."""
    count, total = len(sources), len(lines)
    if total < count or count == 0:
        return None
    if count > MAX_ANSWERS_CUT or total > MAX_ANSWERS_CUT:
        # Far more than any question has (and the search is quadratic in the lines): one line each, the
        # rest to the last answer.
        return [lines[index : index + 1] for index in range(count - 1)] + [lines[count - 1 :]]

    @functools.cache
    def best(index: int, start: int) -> tuple[int, tuple[int, ...]] | None:
        if index == count:
            return (0, ()) if start == total else None
        found: tuple[int, tuple[int, ...]] | None = None
        for size in range(1, total - start - (count - index - 1) + 1):
            rest = best(index + 1, start + size)
            if rest is None:
                continue
            score = rest[0] + (size == 1 and lines[start] == sources[index])
            if found is None or score > found[0]:
                found = (score, (size, *rest[1]))
        return found

    result = best(0, 0)
    assert result is not None  # total >= count: every answer can take one line
    runs, start = [], 0
    for size in result[1]:
        runs.append(lines[start : start + size])
        start += size
    return runs


def align_answers(
    source: Question[str], translations: dict[str, Question[str]]
) -> tuple[Question[str], dict[str, Question[str]], list[str]]:
    """The source with answers written alike in every language marked ``translate: false``, and each
    translation's answers paired with the source's by id (several lines where it has more).

    A bank without answer ids (a QTI mapping) lists each language's accepted answers answer by answer;
    :func:`_partition` finds where each answer's run of lines begins."""
    notes: list[str] = []
    source_answers: dict[str, tuple[AcceptedAnswer[str], ...]] = {}
    translated_answers: dict[str, dict[str, tuple[AcceptedAnswer[str], ...]]] = {
        locale: {} for locale in translations
    }
    translation_groups = {locale: answer_lists(question) for locale, question in translations.items()}
    for prefix, answers in answer_lists(source).items():
        texts = [answer.text for answer in answers]
        runs: dict[str, list[list[str]]] = {}
        for locale, groups in translation_groups.items():
            theirs = [answer.text for answer in groups.get(prefix, ())]
            cut = _partition(theirs, texts)
            if cut is None:
                notes.append(
                    f"{locale} has fewer accepted answers than the source: some have no {locale} answer"
                )
                cut = [theirs[index : index + 1] for index in range(len(texts))]
            runs[locale] = cut
        same = {
            index
            for index, text in enumerate(texts)
            if runs and all(cut[index] == [text] for cut in runs.values())
        }
        source_answers[prefix] = tuple(
            replace(answer, translate=False) if index in same else answer
            for index, answer in enumerate(answers)
        )
        for locale, cut in runs.items():
            # An answer the same in every locale keeps its text; one this locale has no answer for is
            # empty, which imports nothing.
            translated_answers[locale][prefix] = tuple(
                answer if index in same else replace(answer, text="\n".join(cut[index]))
                for index, answer in enumerate(source_answers[prefix])
            )
    aligned_source = with_answer_lists(source, source_answers) if source_answers else source
    aligned = {
        locale: with_answer_lists(question, translated_answers[locale])
        if translated_answers[locale]
        else question
        for locale, question in translations.items()
    }
    return aligned_source, aligned, notes


def untranslated(question: Question[str], key: str) -> bool:
    """Whether ``key`` is an accepted answer written the same in every locale."""
    for prefix, answers in answer_lists(question).items():
        for answer in answers:
            if key == f"{prefix}.{answer.id}" and not answer.translate:
                return True
    return False


def align_versions(
    source: Question[str], versions: dict[str, Question[str]]
) -> tuple[Question[str], dict[str, Question[str]], list[str]]:
    """``source`` and its ``versions`` by locale made comparable text by text: blanks in the source's order
    (a translation's text may place them otherwise), accepted answers paired (:func:`align_answers`)."""
    if isinstance(source, FillInBlanksQuestion):
        order = {blank.id: index for index, blank in enumerate(source.blanks)}
        for locale, version in versions.items():
            if isinstance(version, FillInBlanksQuestion) and sorted(order) == sorted(
                blank.id for blank in version.blanks
            ):
                blanks = tuple(sorted(version.blanks, key=lambda blank: order[blank.id]))
                versions[locale] = replace(version, blanks=blanks)
    return align_answers(source, versions)
