"""Reading a scraped quiz page: its parts, each string's language, and the interface text in it.

The page form is the one of ``tests/importing/pages/tensor-parallel-mixed.txt``, one string per line::

    <guide-linked quiz> · <level>          header line
    <title>
    <description>
    Question 1 of N                       progress line (any known wording)
    <the first question>                  shown once on its own, before the list
    Review each question.N questions      two interface strings glued together
    <answers and explanations appear ...>
    - <question ending in ? or ؟>
    - <option>                            2 to 8 options follow each question
    ...

Blank lines are ignored. The lines between the description and the first item are recognized by
matching the interface messages of ``content/ui.yaml``: their English text and every recorded
``variants`` wording, with ``{placeholders}`` standing for numbers (Latin or Urdu digits). A line of two
glued interface strings is split where a full stop (``.`` or ``۔``) is followed directly by a digit.
The first question's stand-alone copy is recognized by being equal to the first listed question.
Anything else there is kept as an unrecognized line in the report, never imported as content.

Language is decided by script, per string: a string is in the target language (Urdu) when it has
more Arabic-script words than Latin prose words; Latin names (acronyms such as GPU, CamelCase such as
PyTorch, words with digits, inline code) are not prose, so "PyTorch DistributedDataParallel مواصلات …"
is Urdu. A string without Arabic-script letters is in the source language. Urdu strings are normalized
with :func:`toolkit.text.urdu_normalizer.normalize_urdu` (the safe fixes applied, every change kept for the
report; ambiguous letters kept as doubts with suggestions); source-language strings only have their
spacing tidied.

Bad input raises :class:`PageError` with the page's 1-based line number; nothing is guessed.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from toolkit.errors import DocumentError
from toolkit.model import InterfaceMessages
from toolkit.text.characters import code_points, control_characters, not_characters
from toolkit.text.urdu_normalizer import Change, Doubt, has_urdu, normalize_urdu

MIN_OPTIONS = 2
MAX_OPTIONS = 8
LEVELS = ("beginner", "intermediate", "advanced")

_ITEM = re.compile(r"^-\s+(?P<text>.*\S)\s*$")
_GLUE = re.compile(r"(?<=[.\u06d4])(?=\d)")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_ARABIC_WORD = re.compile(r"[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]+")
_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*")
_CODE = re.compile(r"`[^`]*`")
_QUESTION_END = ("?", "\u061f")


class PageError(DocumentError):
    """The page cannot be imported; ``line`` is 1-based in the page."""

    names_its_place = True

    def __init__(self, line: int, message: str) -> None:
        super().__init__(line, message)


@dataclass(frozen=True)
class PageText:
    """One string of the page, tidied, with its language and what tidying it changed."""

    text: str
    original: str
    line: int
    language: str
    changes: tuple[Change, ...] = ()
    doubts: tuple[Doubt, ...] = ()


@dataclass(frozen=True)
class InterfaceText:
    """A line (or part of one) recognized as an interface message of ``ui.yaml``."""

    line: int
    name: str
    text: str
    numbers: tuple[tuple[str, int], ...] = ()

    def number(self, placeholder: str) -> int | None:
        return dict(self.numbers).get(placeholder)


@dataclass(frozen=True)
class PageQuestion:
    prompt: PageText
    options: tuple[PageText, ...]


@dataclass(frozen=True)
class ScrapedPage:
    level: str | None
    """None when the header's level matches no wording quizkit knows; ``level_text`` is what it said."""
    title: PageText
    description: PageText
    questions: tuple[PageQuestion, ...]
    interface: tuple[InterfaceText, ...] = ()
    repeated_first_question: int | None = None
    """Line of the first question's stand-alone copy, which is left out."""
    unrecognized: tuple[tuple[int, str], ...] = field(default=())
    level_text: str = ""
    header_line: int = 1

    def texts(self) -> Iterable[PageText]:
        yield self.title
        yield self.description
        for question in self.questions:
            yield question.prompt
            yield from question.options


# -- reading and language -----------------------------------------------------------------------------


# A page saved as "Unicode" by an editor starts with the byte order mark of its encoding; the UTF-32 ones
# first, since UTF-32LE's begins with UTF-16LE's.
_BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)


def decode_page(data: bytes) -> list[tuple[int, str]]:
    """The page's non-blank lines with their numbers; empty and binary files are refused. A page is UTF-8,
    or UTF-16 or UTF-32 when it starts with that encoding's byte order mark (as a text file's encoding is
    told: nothing else in a plain page names one)."""
    marked = next(((codec, name) for mark, codec, name in _BYTE_ORDER_MARKS if data.startswith(mark)), None)
    if marked is not None:
        codec, name = marked
        try:
            text = data.decode(codec)
        except UnicodeDecodeError as error:
            line = data[: error.start].decode(codec, errors="replace").count("\n") + 1
            raise PageError(
                line,
                f"starts with the {name} byte order mark, but byte {error.start + 1} is no {name} text; "
                "save the page as UTF-8 and import again",
            ) from None
        return _page_lines(text)
    if b"\0" in data:
        raise PageError(
            data.count(b"\n", 0, data.index(b"\0")) + 1, "binary file (it holds NUL bytes), not a text page"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise PageError(line, f"not UTF-8 text (byte 0x{data[error.start]:02X} cannot be decoded)") from None
    return _page_lines(text)


def _page_lines(text: str) -> list[tuple[int, str]]:
    # Before the lines are split: splitlines() also breaks at some controls (U+000B, U+000C, U+001C…),
    # which would hide them and shift every later line number.
    # The carriage returns of CRLF line ends are line ends, not text.
    found = [character for character in control_characters(text) if character != "\r"]
    found += not_characters(text)
    if found:
        index = min(text.index(character) for character in found)
        line = text.count("\n", 0, index) + 1
        column = index - (text.rfind("\n", 0, index) + 1) + 1
        raise PageError(
            line,
            f"the line holds {code_points([text[index]])}, a control character or noncharacter "
            f"(column {column}); remove it and import again: quiz texts cannot hold one",
        )
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), start=1)]
    lines = [(number, line) for number, line in lines if line]
    if not lines:
        raise PageError(1, "the page is empty")
    return lines


def _is_latin_name(word: str) -> bool:
    return (
        any(character.isdigit() for character in word)
        or sum(c.isupper() for c in word[1:]) > 0
        or (word.isupper() and len(word) > 1)
    )


def detect_language(text: str, source_locale: str = "en", target_locale: str = "ur") -> str:
    """``target_locale`` when Arabic-script words outnumber Latin prose words, else ``source_locale``."""
    if not has_urdu(text):
        return source_locale
    prose = _CODE.sub(" ", text)
    arabic = len(_ARABIC_WORD.findall(prose))
    latin = sum(1 for word in _LATIN_WORD.findall(prose) if not _is_latin_name(word))
    return target_locale if arabic > latin else source_locale


def page_text(text: str, line: int, source_locale: str = "en", target_locale: str = "ur") -> PageText:
    language = detect_language(text, source_locale, target_locale)
    if language == source_locale:
        return PageText(" ".join(text.split()), text, line, language)
    normalization = normalize_urdu(text)
    return PageText(normalization.text, text, line, language, normalization.changes, normalization.doubts)


# -- interface messages ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pattern:
    name: str
    regex: re.Pattern[str]


def _pattern(name: str, wording: str) -> _Pattern:
    parts = _PLACEHOLDER.split(wording)
    # split() alternates literal text and placeholder names.
    regex = "".join(
        r"\s+".join(re.escape(chunk) for chunk in re.split(r"\s+", part))
        if index % 2 == 0
        else f"(?P<{part}>\\d+)"
        for index, part in enumerate(parts)
    )
    return _Pattern(name, re.compile(regex, re.IGNORECASE))


def interface_patterns(
    interface: InterfaceMessages | None, translated: Mapping[str, Sequence[str]] | None = None
) -> list[_Pattern]:
    """Patterns of every wording of every interface message: its source text, its recorded variants,
    and ``translated``, the target language's translations by message name (from the interface
    catalog), so that a page showing our own translation is recognized without a recorded variant."""
    patterns: list[_Pattern] = []
    for message in interface.messages if interface else ():
        wordings = [text for text in (message.text, message.one, message.other) if text]
        wordings += [variant.text for variant in message.variants]
        wordings += [text for text in (translated or {}).get(message.name, ()) if text]
        patterns.extend(_pattern(message.name, wording) for wording in dict.fromkeys(wordings))
    return patterns


def match_interface(text: str, line: int, patterns: Sequence[_Pattern]) -> InterfaceText | None:
    candidates = dict.fromkeys([" ".join(text.split()), " ".join(normalize_urdu(text).text.split())])
    for candidate in candidates:
        for pattern in patterns:
            match = pattern.regex.fullmatch(candidate)
            if match:
                numbers = tuple((key, int(value)) for key, value in match.groupdict().items())
                return InterfaceText(line, pattern.name, text, numbers)
    return None


# -- the page -----------------------------------------------------------------------------------------


def _level(text: str, line: int, patterns: Sequence[_Pattern]) -> str | None:
    """The level the header names, or None when no wording of a level message fits it."""
    found = match_interface(text, line, patterns)
    if found and found.name.startswith("level-") and found.name[len("level-") :] in LEVELS:
        return found.name[len("level-") :]
    if text.casefold() in LEVELS:
        return text.casefold()
    # Pages add a noun to the level ("Intermediate level", "درمیانہ سطح"): one extra word is allowed.
    words = " ".join(normalize_urdu(text).text.split())
    fitting = {
        pattern.name[len("level-") :]
        for pattern in patterns
        if pattern.name.startswith("level-")
        and pattern.name[len("level-") :] in LEVELS
        and (match := pattern.regex.search(words)) is not None
        and len((words[: match.start()] + " " + words[match.end() :]).split()) <= 1
    }
    return fitting.pop() if len(fitting) == 1 else None


def _questions(items: Sequence[tuple[int, str]], page: PageTextFactory) -> tuple[PageQuestion, ...]:
    groups: list[tuple[tuple[int, str], list[tuple[int, str]]]] = []
    for number, text in items:
        if text.endswith(_QUESTION_END):
            groups.append(((number, text), []))
        elif not groups:
            raise PageError(
                number,
                f"option before any question: '{text}' does not end with ? or ؟ and no question comes before it",
            )
        else:
            groups[-1][1].append((number, text))
    questions = []
    for (number, text), options in groups:
        if not MIN_OPTIONS <= len(options) <= MAX_OPTIONS:
            count = f"{len(options)} option{'' if len(options) == 1 else 's'}"
            raise PageError(
                number,
                f"question '{text}' has {count}; a question needs {MIN_OPTIONS} to {MAX_OPTIONS} options",
            )
        questions.append(
            PageQuestion(page(text, number), tuple(page(option, line) for line, option in options))
        )
    return tuple(questions)


class PageTextFactory:
    def __init__(self, source_locale: str, target_locale: str) -> None:
        self.source_locale = source_locale
        self.target_locale = target_locale

    def __call__(self, text: str, line: int) -> PageText:
        return page_text(text, line, self.source_locale, self.target_locale)


def parse_page(
    data: bytes,
    interface: InterfaceMessages | None,
    source_locale: str = "en",
    target_locale: str = "ur",
    translated: Mapping[str, Sequence[str]] | None = None,
) -> ScrapedPage:
    """The parts of a scraped page, or :class:`PageError` at the first thing that does not fit.

    ``translated``: the interface messages' translations into the target language, by message name.
    """
    lines = decode_page(data)
    page = PageTextFactory(source_locale, target_locale)
    patterns = interface_patterns(interface, translated)
    first_item = next((index for index, (_, text) in enumerate(lines) if _ITEM.match(text)), len(lines))
    header, items = lines[:first_item], lines[first_item:]
    listed: list[tuple[int, str]] = []
    for number, text in items:
        match = _ITEM.match(text)
        if match is None:
            raise PageError(number, f"expected an item starting with '- ', found '{text}'")
        listed.append((number, match.group("text")))
    if not any(text.endswith(_QUESTION_END) for _, text in listed):
        raise PageError(lines[-1][0], "no question on the page: no '- ' item ends with ? or ؟")
    if len(header) < 3:
        raise PageError(
            header[-1][0] if header else lines[0][0],
            "expected a header line ('<guide-linked quiz> · <level>'), the title and the description "
            "before the first item",
        )
    questions = _questions(listed, page)

    header_line, header_text = header[0]
    label, separator, level_text = header_text.rpartition("·")
    if not separator:
        # No "label · level": the line may still name the level alone; if not, the level is a to-do.
        label, level_text = "", header_text
    interface_found: list[InterfaceText] = []
    label_match = match_interface(label.strip(), header_line, patterns) if label.strip() else None
    if label_match:
        interface_found.append(label_match)
    level = _level(level_text.strip(), header_line, patterns)
    for number, text in header[1:3]:
        found = match_interface(text, number, patterns)
        if found:
            what = "title" if number == header[1][0] else "description"
            raise PageError(number, f"expected the quiz {what}, found the interface text '{text}'")
    title, description = page(header[1][1], header[1][0]), page(header[2][1], header[2][0])

    repeated: int | None = None
    unrecognized: list[tuple[int, str]] = []
    first_prompt = questions[0].prompt
    for number, text in header[3:]:
        if repeated is None and page(text, number).text == first_prompt.text:
            repeated = number
            continue
        for part in _GLUE.split(text):
            found = match_interface(part, number, patterns)
            if found:
                interface_found.append(found)
            else:
                unrecognized.append((number, part))
    for found in interface_found:
        declared = found.number("total") if found.name == "question-progress" else found.number("count")
        if found.name in ("question-progress", "question-count") and declared != len(questions):
            raise PageError(
                found.line,
                f"'{found.text}' says the quiz has {declared} questions, but the page lists {len(questions)}",
            )
    return ScrapedPage(
        level,
        title,
        description,
        questions,
        tuple(interface_found),
        repeated,
        tuple(unrecognized),
        level_text.strip(),
        header_line,
    )
