"""Realistic catalogs for merge tests: an old translated catalog and the next template, from a seed.

A few hundred entries with texts built from a small vocabulary (so that similar texts exist and
msgmerge's fuzzy matching has work to do), translator comments, references, plural entries, fuzzy
entries with ``#|`` lines and obsolete entries. Between the catalog and the template some texts change
by a word, some entries are removed, some added, some become plural, and the same msgid appears in
several contexts. ``keyed`` gives every entry a quizkit key as msgctxt instead (``<quiz>.questions.<id>``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

WORDS = [
    "the",
    "file",
    "open",
    "close",
    "save",
    "quit",
    "window",
    "page",
    "data",
    "server",
    "user",
    "account",
    "password",
    "settings",
    "view",
    "edit",
    "help",
    "about",
    "error",
    "warning",
    "cannot",
    "find",
    "print",
    "export",
    "import",
    "select",
    "all",
    "none",
    "copy",
    "paste",
    "undo",
    "redo",
    "delete",
    "remove",
    "add",
    "new",
    "name",
    "value",
    "list",
    "item",
    "folder",
    "gradient",
    "replica",
    "batch",
    "step",
]
CONTEXTS = (None, None, None, None, None, "menu", "button", "dialog")
HEADER = (
    'msgid ""\n'
    'msgstr ""\n'
    '"Project-Id-Version: demo 1.0\\n"\n'
    '"Language: de\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
)
TEMPLATE_HEADER = (
    'msgid ""\n'
    'msgstr ""\n'
    '"Project-Id-Version: demo 1.1\\n"\n'
    '"POT-Creation-Date: 2026-12-01 12:00+0000\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
)


@dataclass(frozen=True)
class Message:
    context: str | None
    msgid: str
    plural: bool
    reference: str


@dataclass(frozen=True)
class Pair:
    old: str
    template: str
    old_messages: tuple[Message, ...]


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _text(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 10))]
    return " ".join(words).capitalize() + rng.choice(("", ".", "?", ":", "…"))


def _entry(message: Message, translation: str, *, fuzzy_from: str | None, comment: str | None) -> str:
    lines = [f"# {comment}"] if comment else []
    lines.append(f"#: {message.reference}")
    if fuzzy_from is not None:
        lines.append("#, fuzzy")
        if message.context is not None:
            lines.append(f"#| msgctxt {_quoted(message.context)}")
        lines.append(f"#| msgid {_quoted(fuzzy_from)}")
    if message.context is not None:
        lines.append(f"msgctxt {_quoted(message.context)}")
    lines.append(f"msgid {_quoted(message.msgid)}")
    if message.plural:
        lines.append(f"msgid_plural {_quoted(message.msgid + 's')}")
        lines.append(f"msgstr[0] {_quoted(translation)}")
        lines.append(f"msgstr[1] {_quoted(translation + ' (viele)' if translation else '')}")
    else:
        lines.append(f"msgstr {_quoted(translation)}")
    return "\n".join(lines) + "\n"


def _obsolete(message: Message, translation: str) -> str:
    lines = [f"#~ msgctxt {_quoted(message.context)}"] if message.context is not None else []
    lines += [f"#~ msgid {_quoted(message.msgid)}", f"#~ msgstr {_quoted(translation)}"]
    return "\n".join(lines) + "\n"


def catalog_pair(seed: int, *, keyed: bool = False, size: int = 300) -> Pair:
    rng = random.Random(seed)
    messages: list[Message] = []
    seen: set[tuple[str | None, str]] = set()
    while len(messages) < size:
        number = len(messages)
        context = f"quiz.questions.q{number}.prompt" if keyed else rng.choice(CONTEXTS)
        message = Message(context, _text(rng), rng.random() < 0.08, f"src/module{number % 7}.c:{number}")
        if (message.context, message.msgid) not in seen:
            seen.add((message.context, message.msgid))
            messages.append(message)
    # The same text in other contexts (or, keyed, under other keys).
    for index, message in enumerate(list(messages[:25])):
        context = (
            f"quiz.questions.shared{index}.prompt" if keyed else ("menu" if message.context else "button")
        )
        if (context, message.msgid) not in seen:
            seen.add((context, message.msgid))
            messages.append(Message(context, message.msgid, message.plural, message.reference))

    blocks = [HEADER]
    for number, message in enumerate(messages):
        translated = rng.random() < 0.85
        translation = f"DE{number} {message.msgid.lower()}" if translated else ""
        fuzzy_from = None
        if translated and rng.random() < 0.08:
            fuzzy_from = message.msgid.rsplit(" ", 1)[0] if " " in message.msgid else message.msgid + "!"
        comment = "Reviewed by the German team." if rng.random() < 0.1 else None
        blocks.append(_entry(message, translation, fuzzy_from=fuzzy_from, comment=comment))
    for number in range(12):
        context = f"quiz.questions.gone{number}.prompt" if keyed else rng.choice(CONTEXTS)
        gone = Message(context, _text(rng), False, "")
        if (gone.context, gone.msgid) not in seen:
            seen.add((gone.context, gone.msgid))
            blocks.append(_obsolete(gone, f"Alt{number} {gone.msgid.lower()}"))

    upcoming: list[Message] = []
    for message in messages:
        roll = rng.random()
        if roll < 0.08:
            continue  # removed
        if roll < 0.22:
            words = message.msgid.split(" ")
            words[rng.randrange(len(words))] = rng.choice(WORDS)
            message = Message(message.context, " ".join(words), message.plural, message.reference)
        elif roll > 0.97:
            message = Message(message.context, message.msgid, not message.plural, message.reference)
        upcoming.append(message)
    for number in range(40):
        context = f"quiz.questions.new{number}.prompt" if keyed else rng.choice(CONTEXTS)
        upcoming.append(Message(context, _text(rng), False, f"src/new.c:{number}"))
    rng.shuffle(upcoming)
    template_blocks = [TEMPLATE_HEADER]
    template_seen: set[tuple[str | None, str]] = set()
    for message in upcoming:
        if (message.context, message.msgid) not in template_seen:
            template_seen.add((message.context, message.msgid))
            template_blocks.append(_entry(message, "", fuzzy_from=None, comment=None))
    return Pair("\n".join(blocks), "\n".join(template_blocks), tuple(messages))
