"""A translation of a Canvas or Common Cartridge quiz (the same quiz exported in another language, given
with ``--locale xx FILE``) lined up with the source: items by ident, else by title, else by position;
their parts by their idents where both packages share them (quizkit's own do: its option and answer ids
depend on keys, not on the locale), else by position; accepted answers grouped under the source's,
since a translation may accept more or fewer.
"""

from __future__ import annotations

from toolkit.importing.bank import BankError
from toolkit.importing.qti12_package import PackageRead
from toolkit.importing.qti12_questions import ParsedItem
from toolkit.model import QuestionType, TrueFalseQuestion
from toolkit.text.counts import counted


def pair_items(source: PackageRead, translation: PackageRead) -> list[ParsedItem | None]:
    """For each source item, the translation's item for it (None where the translation refused it)."""
    ours = [parsed for _, parsed, _ in source.items]
    theirs = [parsed for _, parsed, _ in translation.items]
    source_elements = [element for _, _, element in source.items]
    their_elements = [element for _, _, element in translation.items]
    for attribute in ("ident", "title"):
        wanted = [element.get(attribute) for element in source_elements]
        found = {element.get(attribute): index for index, element in enumerate(their_elements)}
        if len(set(wanted)) == len(wanted) and all(value and value in found for value in wanted):
            chosen = [theirs[found[value]] for value in wanted]
            break
    else:
        if len(ours) != len(theirs):
            raise BankError(
                translation.display_name,
                None,
                f"has {counted(len(theirs), 'question')} where {source.display_name} has {len(ours)}, and their idents "
                "and titles differ, so they cannot be lined up; give the same quiz exported in that language",
            )
        chosen = theirs
    return [parsed if isinstance(parsed, ParsedItem) else None for parsed in chosen]


def remapped(source: ParsedItem, translation: ParsedItem) -> dict[str, str]:
    """The translation's texts by the source's relative keys: parts found by ident, answers grouped."""
    texts = dict(translation.question.keyed_texts())
    theirs = {ident: key for key, ident in translation.part_idents}
    moves = {theirs[ident]: key for key, ident in source.part_idents if ident in theirs}
    if moves:
        moved: dict[str, str] = {}
        for key, text in texts.items():
            prefix = next((old for old in moves if key == old or key.startswith(old + ".")), None)
            moved[key if prefix is None else moves[prefix] + key[len(prefix) :]] = text
        texts = moved
    ours = dict(source.question.keyed_texts())
    for prefix, source_idents in source.answer_idents:
        our_answers = [key for key in ours if key.startswith(prefix + ".")]
        their_keys = [key for key in texts if key.startswith(prefix + ".")]
        their_texts = [texts.pop(key) for key in their_keys]
        groups = _answer_groups(
            [ours[key] for key in our_answers],
            source_idents,
            their_texts,
            dict(translation.answer_idents).get(prefix, ()),
        )
        if groups is None:
            continue  # reported by the caller: the answers stay without translation
        for key, group in zip(our_answers, groups, strict=True):
            if group:
                texts[key] = "\n".join(group)
    return texts


def _answer_groups(
    ours: list[str], our_idents: tuple[str, ...], theirs: list[str], their_idents: tuple[str, ...]
) -> list[list[str]] | None:
    """The translation's accepted answers grouped under the source's (a translation may accept more or
    fewer): by ident where the packages share them (quizkit's own give a translation's further answers
    idents of their own, right after the first), else an answer written the same belongs to its twin
    and the rest go one to one, or all to the one answer left (all of them where the source has one
    answer); None when they cannot be lined up."""
    groups: list[list[str]] = [[] for _ in ours]
    if our_idents and len(their_idents) == len(theirs) and their_idents and their_idents[0] in our_idents:
        current = 0
        for ident, text in zip(their_idents, theirs, strict=True):
            current = our_idents.index(ident) if ident in our_idents else current
            groups[current].append(text)
        return groups
    if len(ours) == 1:
        # every answer of the translation stands for the one source answer, in the translation's order
        # (its first is the one shown in review), even where one of them is written as the source's
        return [list(theirs)]
    for index, text in enumerate(ours):
        if text in theirs:
            groups[index].append(text)
    rest_ours = [index for index, text in enumerate(ours) if text not in theirs]
    rest_theirs = [text for text in theirs if text not in ours]
    if len(rest_theirs) == len(rest_ours):
        for index, text in zip(rest_ours, rest_theirs, strict=True):
            groups[index].append(text)
    elif len(rest_ours) == 1:
        groups[rest_ours[0]] += rest_theirs
    elif rest_theirs:
        return None
    return groups


def same_shape(source: ParsedItem, translation: ParsedItem) -> bool:
    if isinstance(source.question, TrueFalseQuestion):
        # quizkit's Canvas packages write a true/false question in a language whose labels are not
        # "True" and "False" as the two-option choice Canvas would make of it.
        return translation.question.type in {QuestionType.TRUE_FALSE, QuestionType.SINGLE_CHOICE}
    if source.question.type is not translation.question.type:
        return False
    answers = {prefix for prefix, _ in source.answer_idents}
    shape = [
        key for key, _ in source.question.keyed_texts() if not any(key.startswith(a + ".") for a in answers)
    ]
    theirs = remapped(source, translation)
    return all(key in theirs for key in shape) or not shape


# --- the model ------------------------------------------------------------------------------------------
