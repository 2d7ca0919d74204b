"""Rules for the fields of each question kind beyond single and multiple choice, run on raw data.

Like :mod:`toolkit.content.rules`, they run even where the schema found problems, on whatever is
well-formed, so that one run reports every problem.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence
from pathlib import Path

from toolkit.content.image_formats import ImageError
from toolkit.content.images import content_folder, read_image, replacements
from toolkit.content.rules import (
    YAML_TEXTS,
    Rule,
    RuleContext,
    _duplicate_ids,
    _items,
    _text_path,
    comparable_text,
    text_of,
    unknown_correct_option,
)
from toolkit.content.yaml_document import JsonPath, RawValue
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.keys import is_valid_id
from toolkit.text.blanks import blank_markers, marker


def unique_ids_in_lists(context: RuleContext) -> Iterator[Diagnostic]:
    """Ids are unique in each list; a matching question's pairs and distractors share one list of
    matches, so they share their ids too."""
    for index, question in context.questions():
        path: JsonPath = ("questions", index)
        yield from _duplicate_ids(context, (*path, "answers"), _items(question.get("answers")), "answer")
        yield from _duplicate_ids(context, (*path, "items"), _items(question.get("items")), "item")
        yield from _duplicate_ids(context, (*path, "blanks"), _items(question.get("blanks")), "blank")
        yield from _matching_ids(context, question, path)
        for blank_index, blank in _items(question.get("blanks")):
            blank_path = (*path, "blanks", blank_index)
            yield from _duplicate_ids(
                context, (*blank_path, "answers"), _items(blank.get("answers")), "answer"
            )
            yield from _duplicate_ids(
                context, (*blank_path, "options"), _items(blank.get("options")), "option"
            )


def _matching_ids(
    context: RuleContext, question: dict[str, RawValue], path: JsonPath
) -> Iterator[Diagnostic]:
    seen: dict[str, str] = {}
    for collection, noun in (("pairs", "pair"), ("distractors", "distractor")):
        for index, item in _items(question.get(collection)):
            identifier = item.get("id")
            if not isinstance(identifier, str):
                continue
            if identifier in seen:
                yield context.diagnostic(
                    (*path, collection, index, "id"),
                    "duplicate-id",
                    f"{noun} id '{identifier}' is used twice in {context.item(path)} (also a "
                    f"{seen[identifier]}); pairs and distractors need different ids",
                )
            else:
                seen[identifier] = noun


def blanks_match_markers(context: RuleContext) -> Iterator[Diagnostic]:
    """Every blank is marked exactly once in the text, and every marker names a blank."""
    for index, question in context.questions():
        if question.get("type") != "fill_in_blanks":
            continue
        path: JsonPath = ("questions", index)
        value = question.get("text")
        text = text_of(value)
        if text is None:
            continue
        where = _text_path((*path, "text"), value)
        blank_ids = [
            str(blank["id"])
            for _, blank in _items(question.get("blanks"))
            if isinstance(blank.get("id"), str)
        ]
        counts: dict[str, int] = {}
        for found in blank_markers(text):
            if not found.is_well_formed:
                yield context.diagnostic(
                    where,
                    "blank-marker",
                    f"the text of {context.item(path)} has a malformed blank marker '{text[found.start : found.end]}'; "
                    "write {{id}} with the id of a blank",
                )
                continue
            counts[found.name] = counts.get(found.name, 0) + 1
            if found.name not in blank_ids:
                message = f"the text of {context.item(path)} marks blank '{found.name}', which is not one of its blanks ({', '.join(blank_ids)})"
                close = difflib.get_close_matches(found.name, blank_ids, n=1, cutoff=0.6)
                if close:
                    message += f"; did you mean {marker(close[0])}?"
                yield context.diagnostic(where, "blank-marker", message)
        for name, count in counts.items():
            if count > 1 and name in blank_ids:
                yield context.diagnostic(
                    where,
                    "blank-marker",
                    f"the text of {context.item(path)} marks blank '{name}' {count} times; mark each blank once",
                )
        for blank_index, blank in _items(question.get("blanks")):
            blank_id = blank.get("id")
            if isinstance(blank_id, str) and is_valid_id(blank_id) and blank_id not in counts:
                yield context.diagnostic(
                    (*path, "blanks", blank_index, "id"),
                    "blank-marker",
                    f"blank '{blank_id}' of {context.item(path)} is not in its text; write {marker(blank_id)} "
                    "where the learner fills it in",
                )


def blanks_are_typed_or_choice(context: RuleContext) -> Iterator[Diagnostic]:
    """A blank is either typed (answers) or a drop-down (options and correct), and a drop-down's correct
    option is one of its options."""
    for index, question in context.questions():
        for blank_index, blank in _items(question.get("blanks")):
            path: JsonPath = ("questions", index, "blanks", blank_index)
            item = context.item(path)
            has_answers, has_options = "answers" in blank, "options" in blank
            if has_answers and has_options:
                yield context.diagnostic(
                    path,
                    "blank-kind",
                    f"{item} has both answers and options; a blank is typed (answers) or a drop-down "
                    "(options and correct), not both",
                )
            elif not has_answers and not has_options:
                yield context.diagnostic(
                    path,
                    "blank-kind",
                    f"{item} has neither answers nor options; give it answers (typed) or options and correct "
                    "(a drop-down)",
                )
            elif has_answers:
                for field in ("correct",):
                    if field in blank:
                        yield context.diagnostic(
                            (*path, field),
                            "blank-kind",
                            f"{item} is typed (it has answers), so it has no correct option; remove 'correct'",
                            at_key=True,
                        )
            else:
                if "case_sensitive" in blank:
                    yield context.diagnostic(
                        (*path, "case_sensitive"),
                        "blank-kind",
                        f"{item} is a drop-down; case_sensitive applies only to typed blanks",
                        Severity.WARNING,
                        at_key=True,
                    )
                yield from _choice_blank_correct(context, blank, path)


def _choice_blank_correct(
    context: RuleContext, blank: dict[str, RawValue], path: JsonPath
) -> Iterator[Diagnostic]:
    known = [
        str(option["id"]) for _, option in _items(blank.get("options")) if isinstance(option.get("id"), str)
    ]
    correct = blank.get("correct")
    if correct is None:
        yield context.diagnostic(
            path,
            "missing-field",
            f"{context.item(path)} is a drop-down but names no correct option; add correct",
        )
    else:
        yield from unknown_correct_option(context, path, (*path, "correct"), correct, known)


def distinct_texts_in_lists(context: RuleContext) -> Iterator[Diagnostic]:
    """Learners must tell apart the matches of a matching question, its prompts, the steps of an
    ordering and the options of a drop-down; accepted answers that read the same are listed twice."""
    for index, question in context.questions():
        path: JsonPath = ("questions", index)
        matches = [*_texts(question, "pairs", "match"), *_texts(question, "distractors", "text")]
        yield from _distinct(context, path, matches, "matches")
        yield from _distinct(context, path, _texts(question, "pairs", "prompt"), "pair prompts")
        yield from _distinct(context, path, _texts(question, "items", "text"), "items")
        answers = _texts(question, "answers", "text")
        yield from _distinct(context, path, answers, "accepted answers", Severity.WARNING)
        for blank_index, blank in _items(question.get("blanks")):
            blank_path = (*path, "blanks", blank_index)
            options = _texts(blank, "options", "text")
            yield from _distinct(context, blank_path, options, "options")


def _texts(
    owner: dict[str, RawValue], collection: str, field: str
) -> list[tuple[JsonPath, RawValue, RawValue]]:
    """The ``field`` of every item of ``owner``'s ``collection``, with its path relative to ``owner``
    and the item's id: what :func:`_distinct` compares."""
    return [
        ((collection, index, field), item.get(field), item.get("id"))
        for index, item in _items(owner.get(collection))
    ]


def _distinct(
    context: RuleContext,
    owner: JsonPath,
    entries: Sequence[tuple[JsonPath, RawValue, RawValue]],
    noun: str,
    severity: Severity = Severity.ERROR,
) -> Iterator[Diagnostic]:
    seen: dict[str, str] = {}
    for relative, value, identifier in entries:
        text = text_of(value)
        if text is None:
            continue
        label = (
            identifier
            if isinstance(identifier, str)
            else relative[1] + 1
            if isinstance(relative[1], int)
            else "?"
        )
        normalized = comparable_text(text)
        if not normalized:
            continue  # a text with no visible character: texts_are_not_blank reports it
        if normalized in seen:
            consequence = (
                "it is listed twice"
                if severity is Severity.WARNING
                else "a learner could not tell them apart"
            )
            yield context.diagnostic(
                _text_path((*owner, *relative), value),
                "duplicate-text",
                f"{noun} '{seen[normalized]}' and '{label}' of {context.item(owner)} have the same text; {consequence}",
                severity,
            )
        else:
            seen[normalized] = str(label)


def _images(question: dict[str, RawValue], path: JsonPath) -> Iterator[tuple[JsonPath, dict[str, RawValue]]]:
    """Every image mapping of a question (its own, its explanation's, its options'), with its path."""
    for name, value in question.items():
        if name in YAML_TEXTS.parts and isinstance(value, dict):
            yield (*path, name), value
        elif isinstance(value, list):
            for index, item in _items(value):
                yield from _images(item, (*path, name, index))


def images_are_files_with_alt_text(context: RuleContext) -> Iterator[Diagnostic]:
    """An image is a PNG, JPEG, GIF, WebP or safe SVG file inside the project (each locale's own too),
    and has alternative text unless it is marked decorative, never both."""
    root: Path | None = None
    for index, question in context.questions():
        for path, image in _images(question, ("questions", index)):
            item = f"the image of {context.item(path)}"
            if path[-1] == "explanation_image":
                item = f"the explanation's image of {context.item(path)}"
            decorative = image.get("decorative") is True
            if "alt" in image and decorative:
                yield context.diagnostic(
                    (*path, "decorative"),
                    "image-alt",
                    f"{item} has alt text and is marked decorative; a decorative image has no alt text: "
                    "remove one of them",
                )
            elif "alt" not in image and not decorative:
                yield context.diagnostic(
                    path,
                    "image-alt",
                    f"{item} has no alt text; add alt: with what the image shows, or decorative: true if "
                    "it carries no information",
                )
            file = image.get("file")
            if not isinstance(file, str) or not file:
                continue  # the schema reports it
            root = root or content_folder(context.file_path)
            try:
                read_image(root, file)
                for locale, replacement in replacements(root, file):
                    try:
                        read_image(root, replacement)
                    except ImageError as problem:
                        yield context.diagnostic(
                            (*path, "file"), "image-file", f"{item}, in {locale}: {problem}"
                        )
            except ImageError as problem:
                yield context.diagnostic((*path, "file"), "image-file", f"{item}: {problem}")


QUESTION_RULES: tuple[Rule, ...] = (
    unique_ids_in_lists,
    blanks_match_markers,
    blanks_are_typed_or_choice,
    distinct_texts_in_lists,
    images_are_files_with_alt_text,
)
