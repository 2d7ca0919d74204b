"""Semantic rules for ``ui.yaml``, the interface messages, that JSON Schema cannot express, run on raw data.

Like the quiz rules (:mod:`toolkit.content.rules`), they run even where the schema found problems, on
whatever is well-formed, so that one run reports every problem.
"""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.content.rules import (
    Rule,
    RuleContext,
    _items,
    _mapping,
    _repeated_values,
    no_control_characters,
    texts_are_not_blank,
    texts_are_not_numbers,
)
from toolkit.content.yaml_document import JsonPath
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.text.tokens import scan


def unique_message_names(context: RuleContext) -> Iterator[Diagnostic]:
    messages = _items(_mapping(context.document.data).get("messages"))
    for path, name, first_line in _repeated_values(context, ("messages",), messages, "name"):
        yield context.diagnostic(
            path,
            "duplicate-id",
            f"message name '{name}' is used twice (first on line {first_line}); names must be unique",
        )


def declared_placeholders(context: RuleContext) -> Iterator[Diagnostic]:
    for index, message in _items(_mapping(context.document.data).get("messages")):
        declared_raw = message.get("placeholders")
        declared = set(declared_raw) if isinstance(declared_raw, dict) else set()
        item = context.item(("messages", index))
        used: set[str] = set()
        for field in ("text", "one", "other"):
            text = message.get(field)
            if not isinstance(text, str):
                continue
            tokens = scan(text, with_placeholders=True)
            path = ("messages", index, field)
            for problem in tokens.problems:
                code = "inline-code" if problem.startswith("inline code") else "placeholder-malformed"
                yield context.diagnostic(path, code, f"{item}: {problem}")
            for name in dict.fromkeys(tokens.placeholders):
                used.add(name)
                if name not in declared:
                    yield context.diagnostic(
                        path,
                        "placeholder-undeclared",
                        f"{item} uses placeholder {{{name}}} but does not declare it under placeholders",
                    )
        for name in sorted(declared - used):
            yield context.diagnostic(
                ("messages", index, "placeholders", name),
                "placeholder-unused",
                f"{item} declares placeholder {{{name}}} but never uses it",
                Severity.WARNING,
                at_key=True,
            )
        plural = message.get("plural")
        if isinstance(plural, str):
            other = message.get("other")
            if plural not in declared:
                yield context.diagnostic(
                    ("messages", index, "plural"),
                    "placeholder-undeclared",
                    f"{item} selects its plural form by {{{plural}}}, which is not declared under placeholders",
                )
            elif isinstance(other, str) and plural not in scan(other, with_placeholders=True).placeholders:
                yield context.diagnostic(
                    ("messages", index, "other"),
                    "placeholder-plural",
                    f"{item}: the other form must contain {{{plural}}}, the number that selects the form",
                )
        variants = message.get("variants")
        for locale, texts in _mapping(variants).items():
            if not isinstance(texts, list):
                continue
            for variant_index, variant in enumerate(texts):
                if not isinstance(variant, str):
                    continue
                tokens = scan(variant, with_placeholders=True)
                variant_path: JsonPath = ("messages", index, "variants", locale, variant_index)
                for problem in tokens.problems:
                    yield context.diagnostic(
                        variant_path, "placeholder-malformed", f"{item}, variant: {problem}"
                    )
                for name in tokens.placeholders:
                    if name not in declared:
                        yield context.diagnostic(
                            variant_path,
                            "placeholder-undeclared",
                            f"{item} has a {locale} variant with placeholder {{{name}}}, which is not declared",
                        )


def player_messages_present(context: RuleContext) -> Iterator[Diagnostic]:
    """Every message the quiz player shows: without one, its button or label is empty. A kind's hint
    has quizkit's English where the file lacks it (the loader adds it): a warning only."""
    from toolkit.content.player_messages import KIND_HINTS, PLAYER_MESSAGES

    messages = _mapping(context.document.data).get("messages")
    if not isinstance(messages, list):
        return  # the schema says what messages must be
    names = {message.get("name") for _, message in _items(messages)}
    hints = {hint.name: hint for hint in KIND_HINTS}
    missing = [name for name in PLAYER_MESSAGES if name not in names and name not in hints]
    if missing:
        listed = ", ".join(f"'{name}'" for name in missing)
        if len(missing) == 1:
            problem = (
                f"no message {listed}, which the quiz player shows: its page would show an empty button "
            )
            problem += "or label in its place; add it back"
        else:
            problem = (
                f"no messages {listed} ({len(missing)}), which the quiz player shows: its page would show "
            )
            problem += "an empty button or label in place of each; add them back"
        yield context.diagnostic(
            ("messages",),
            "missing-message",
            f"{problem} (quizkit init's ui.yaml has every message the player shows, each with a comment saying "
            "where it appears)",
            at_key=True,
        )
    lacking = [hint for hint in KIND_HINTS if hint.name not in names]
    if len(lacking) == 1:
        (hint,) = lacking
        problem = (
            f"no message '{hint.name}', a question kind's hint: the quiz player shows quizkit's English, "
        )
        problem += (
            f'"{hint.text}", extracted for translation like the others; add "- name: {hint.name}" with '
        )
        problem += (
            "its text to word it your way (quizkit init's ui.yaml has it, with a comment saying where it "
        )
        problem += "appears)"
    elif lacking:
        listed = ", ".join(f"'{hint.name}'" for hint in lacking)
        problem = f"no messages {listed} ({len(lacking)}), question kinds' hints: the quiz player shows "
        problem += "quizkit's English for each, extracted for translation like the others; add them to word "
        problem += (
            "them your way (quizkit init's ui.yaml has every one, with a comment saying where it appears)"
        )
    if lacking:
        yield context.diagnostic(("messages",), "missing-message", problem, Severity.WARNING, at_key=True)


UI_RULES: tuple[Rule, ...] = (
    unique_message_names,
    declared_placeholders,
    no_control_characters,
    texts_are_not_blank,
    texts_are_not_numbers,
    player_messages_present,
)
