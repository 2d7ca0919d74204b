"""Aiken files: single-choice questions in plain text, as Moodle imports them.

The form, from Moodle's reader (question/format/aiken/format.php, ``qformat_aiken::readquestions``)::

    What does each GPU hold in data parallelism?
    A) A full copy of the model
    B. A slice of the layers
    ANSWER: A

A line that is not an option and not the answer line starts a question; options are a capital letter,
``)`` or ``.``, then a space or tab; ``ANSWER: X`` names the correct option by its letter and ends the
question. Lines are trimmed, and lines shorter than two characters are skipped, as Moodle does.
Deliberate differences, each for a file Moodle would import wrongly or refuse without saying where:

* A question's text may run over several lines (Moodle's reader takes one line): they are joined with line
  breaks.
* Option letters must run A, B, C… in order: Moodle counts the answer's letter as a position, so a file
  with A, B, D would get the wrong option marked correct there; here it is a located error.
* A question without its ``ANSWER:`` line, an answer letter that names no option, and an option before
  any question are located errors (file and line, and what to write); nothing is imported half.

Aiken holds no explanation, no feedback, no ids, no title: questions are ``q1``, ``q2``…, options ``a``,
``b``…; the quiz's title comes from the file name, its level is ``intermediate``. Since a quiz question
needs an explanation, every question is kept as a draft with a to-do for it (the report lists them),
its translations waiting beside its texts (``ur:``) until ``quizkit update`` takes them in. More options
than a quiz question holds (8) leave the question out, with the reason in the report.

A translation is one Aiken file per language (``--locale ur bank.ur.txt``), aligned question by
question: the same number of questions, of options in each, and the same answer letters, else a
located error in the translation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from toolkit import keys
from toolkit.importing.bank import (
    BankError,
    BankRequest,
    ImportedBank,
    ImportIssue,
    head_text,
    read_bank_bytes,
    refuse_package,
    wide_unicode,
)
from toolkit.model import Level, Origin, Quiz, Text
from toolkit.text.characters import code_points, control_characters, not_characters
from toolkit.text.counts import counted

MAX_AIKEN_BYTES = 4 * 1024 * 1024
"""Largest Aiken file read (4 MiB: some ten thousand questions)."""
MAX_OPTIONS = 8
"""The most options a quiz question holds (schema/quiz.schema.json)."""
_OPTION = re.compile(r"^(?P<letter>[A-Z])[).][ \t](?P<text>.*)$")
_ANSWER = re.compile(r"^ANSWER:")
_DETECT_ANSWER = re.compile(r"^[ \t]*ANSWER[ \t]*:[ \t]*[A-Za-z]", re.MULTILINE)
_DETECT_OPTION = re.compile(r"^[ \t]*[A-Z][ \t]*[).:\-–][ \t]", re.MULTILINE)
"""Detection takes near-Aiken files too (``ANSWER: a``, options ``A - text``), which Moodle would import
wrongly: the reader then names the line and what to write, where a scraped page would find no question."""
_NEAR_OPTION = re.compile(r"^[A-Z][ \t]*[:\-–][ \t]*\S|^[A-Z][).]\S")


@dataclass(frozen=True)
class AikenLine:
    number: int
    text: str


@dataclass(frozen=True)
class AikenQuestion:
    prompt: tuple[AikenLine, ...]
    options: tuple[AikenLine, ...]
    answer: int
    """Index of the correct option."""
    answer_line: int


def _decoded(data: bytes, file: str) -> str:
    marked = wide_unicode(data)
    if marked is not None:
        mark, encoding = marked
        body = data[len(mark) :]
        try:
            return body.decode(encoding)
        except UnicodeDecodeError as error:
            line = body[: error.start].decode(encoding, errors="replace").count("\n") + 1
            raise BankError(
                file, line, f"the file is not valid {encoding[:6]} here; save it as UTF-8"
            ) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BankError(
            file, line, "the file is not UTF-8 here; save it as UTF-8 (Moodle reads Aiken files as UTF-8)"
        ) from None


def read_bytes(path: Path, file: str) -> str:
    data = read_bank_bytes(
        path,
        file,
        MAX_AIKEN_BYTES,
        lambda size: (
            f"file is {size:,} bytes; Aiken files are read up to {MAX_AIKEN_BYTES:,} bytes: split it"
        ),
    )
    refuse_package(data, file, "an Aiken file")
    if b"\x00" in data and wide_unicode(data) is None:
        line = data.count(b"\n", 0, data.index(b"\x00")) + 1
        raise BankError(file, line, "the file contains a NUL character; is it a binary file?")
    return _decoded(data, file)


def _refuse_invisible(line: str, file: str, number: int) -> None:
    """A control character or noncharacter would be written into a YAML file no command reads back."""
    found = control_characters(line) + not_characters(line)
    if found:
        column = min(line.index(character) for character in found) + 1
        raise BankError(
            file,
            number,
            f"the line holds {code_points(sorted(found))}, a control character or noncharacter (column {column}); "
            "remove it and import again: quiz texts cannot hold one",
        )


def parse_aiken(text: str, file: str) -> tuple[AikenQuestion, ...]:
    """The questions of an Aiken file; :class:`BankError` at the first line that breaks the form."""
    questions: list[AikenQuestion] = []
    prompt: list[AikenLine] = []
    options: list[AikenLine] = []
    # Moodle splits on carriage returns too (files saved on classic Mac OS).
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, start=1):
        _refuse_invisible(raw, file, number)
        line = raw.strip()
        if len(line) < 2:
            continue
        option = _OPTION.match(line)
        if option is not None:
            if not prompt:
                raise BankError(
                    file,
                    number,
                    "an option with no question before it: write the question's text above its options",
                )
            expected = chr(ord("A") + len(options))
            if option["letter"] != expected:
                raise BankError(
                    file,
                    number,
                    f"option {option['letter']} where {expected} was expected: letter the options A, B, C… in "
                    "order (Moodle counts the answer's letter as a position)",
                )
            options.append(AikenLine(number, option["text"].strip()))
            continue
        if _ANSWER.match(line):
            letter = line[len("ANSWER:") :].strip()[:1]
            if not prompt:
                raise BankError(file, number, "an ANSWER: line with no question before it")
            if len(options) < 2:
                near = next((each for each in prompt[1:] if _NEAR_OPTION.match(each.text)), None)
                if not options and near is not None:
                    raise BankError(
                        file,
                        near.number,
                        f"{near.text!r} is not an option as Aiken writes them: write its letter, then ')' or "
                        "'.' and a space ('A) text')",
                    )
                raise BankError(
                    file,
                    number,
                    f"the question on line {prompt[0].number} has {counted(len(options), 'option')} before its "
                    "ANSWER: line; write at least two, each as 'A) text'",
                )
            last = chr(ord("A") + len(options) - 1)
            if not ("A" <= letter <= last):
                shown = f"'{letter}'" if letter else "nothing"
                capital = (
                    " in capitals (Moodle takes no lowercase letter)" if "A" <= letter.upper() <= last else ""
                )
                raise BankError(
                    file,
                    number,
                    f"ANSWER: names {shown}; write the letter of the correct option{capital}, A to {last}",
                )
            questions.append(AikenQuestion(tuple(prompt), tuple(options), ord(letter) - ord("A"), number))
            prompt, options = [], []
            continue
        if options:
            raise BankError(
                file,
                number,
                f"the question on line {prompt[0].number} has no ANSWER: line: write 'ANSWER: X' after its "
                "last option (or letter this line as an option)",
            )
        prompt.append(AikenLine(number, line))
    if prompt:
        raise BankError(
            file,
            prompt[0].number,
            "the file ends before this question's ANSWER: line: write 'ANSWER: X' after its last option",
        )
    if not questions:
        raise BankError(
            file, None, "no question found: an Aiken file has questions, options 'A) …' and 'ANSWER: X' lines"
        )
    return tuple(questions)


def _aligned(
    questions: tuple[AikenQuestion, ...], translation: tuple[AikenQuestion, ...], file: str
) -> tuple[AikenQuestion, ...]:
    """``translation`` checked against the source, question by question."""
    for number, (source, translated) in enumerate(zip(questions, translation, strict=False), start=1):
        if len(source.options) != len(translated.options):
            raise BankError(
                file,
                translated.prompt[0].number,
                f"question {number} has {counted(len(translated.options), 'option')} here and {len(source.options)} in the "
                "source file: a translation must have the same questions and options, in the same order",
            )
        if source.answer != translated.answer:
            raise BankError(
                file,
                translated.answer_line,
                f"question {number} has answer {chr(ord('A') + translated.answer)} here and "
                f"{chr(ord('A') + source.answer)} in the source file: a translation must mark the same option",
            )
    if len(translation) != len(questions):
        raise BankError(
            file,
            None,
            f"{counted(len(translation), 'question')} here and {len(questions)} in the source file: a translation must have "
            "the same questions, in the same order",
        )
    return translation


def _joined(lines: tuple[AikenLine, ...]) -> str:
    return "\n".join(line.text for line in lines)


def _draft_text(source: str, translations: Mapping[str, str]) -> object:
    return {"text": source, **translations} if translations else source


def _title(path: Path) -> str:
    words = re.sub(r"[-_.]+", " ", path.stem).strip()
    return words[:1].upper() + words[1:] if words else "Imported questions"


class AikenReader:
    name: ClassVar[str] = "aiken"
    description: ClassVar[str] = "Aiken: single-choice questions in plain text (Moodle's format)"

    @staticmethod
    def detects(path: Path, head: bytes) -> bool:
        """A text file (UTF-8, or UTF-16 or UTF-32 with its mark) with an ``ANSWER: X`` line and option
        lines ``A)``/``A.``, or near enough that the reader's message helps more than a page's."""
        text = None if path.is_dir() else head_text(head)
        if text is None or text.lstrip().startswith("<"):
            return False
        return bool(_DETECT_ANSWER.search(text)) and bool(_DETECT_OPTION.search(text))

    @staticmethod
    def read(request: BankRequest) -> ImportedBank:
        file = request.display_name
        questions = parse_aiken(read_bytes(request.path, file), file)
        translations: dict[str, tuple[AikenQuestion, ...]] = {}
        for locale, path in sorted(request.translations.items()):
            shown = str(path)
            translations[locale] = _aligned(questions, parse_aiken(read_bytes(path, shown), shown), shown)
        quiz_id = request.quiz_id
        origin = Origin(file, 1)
        issues: list[ImportIssue] = []
        number = 0
        for index, question in enumerate(questions):
            line = question.prompt[0].number
            name = _joined(question.prompt)
            if len(question.options) > MAX_OPTIONS:
                issues.append(
                    ImportIssue(
                        file,
                        line,
                        name,
                        f"{len(question.options)} options; a quiz question has at most {MAX_OPTIONS}: left out "
                        "(split it, or drop options, and import again)",
                    )
                )
                continue
            number += 1
            question_id = f"q{number}"

            def texts(pick: object, index: int = index) -> dict[str, str]:
                assert callable(pick)
                return {locale: pick(translated[index]) for locale, translated in translations.items()}

            option_ids = [chr(ord("a") + position) for position in range(len(question.options))]
            draft: dict[str, object] = {
                "id": question_id,
                "type": "single_choice",
                "prompt": _draft_text(name, texts(lambda each: _joined(each.prompt))),
                "options": [
                    {
                        "id": option_id,
                        "text": _draft_text(
                            option.text,
                            texts(lambda each, position=position: each.options[position].text),
                        ),
                    }
                    for position, (option_id, option) in enumerate(
                        zip(option_ids, question.options, strict=True)
                    )
                ],
                "correct": [option_ids[question.answer]],
                "explanation": {
                    "todo": "write the explanation: why the answer is right (Aiken files have none); then remove "
                    "draft: true once every question has one"
                },
            }
            issues.append(
                ImportIssue(
                    file,
                    line,
                    name,
                    "Aiken has no explanation, which a quiz question needs: kept as a draft with a to-do",
                    draft,
                )
            )
        title = _title(request.path)
        quiz = Quiz(
            id=quiz_id,
            level=Level.INTERMEDIATE,
            title=Text(keys.quiz_title_key(quiz_id), title, origin),
            description=Text(
                keys.quiz_description_key(quiz_id), f"Questions imported from {request.path.name}.", origin
            ),
            questions=(),
            origin=origin,
        )
        notes = (
            "Aiken has no ids: questions are q1, q2, … and options a, b, … in the file's order",
            f"Aiken has no title, description or level: the title '{title}' comes from the file name, the "
            "level is intermediate; change them in the YAML",
        )
        return ImportedBank(quiz, request.source_locale, tuple(sorted(translations)), tuple(issues), notes)
