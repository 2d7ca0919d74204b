"""What ``quizkit import`` writes for a scraped page: quiz YAML, a catalog, and the list of to-dos.

Decisions, so that the output is predictable:

* Ids are generated from the page's order: questions ``q1``, ``q2``, …; options ``a``, ``b``, … (ids
  are never derived from positions again later: rename them freely before the first ``update``).
  ``type`` is ``single_choice`` (the page does not say; change it where more than one option is
  right). ``level`` comes from the header; ``guide`` is not on the page and is left out.
* A source-language string is written as the text in the YAML. A target-language (Urdu) string is
  written as a to-do mapping ``{todo: <what to write>, ur: <the Urdu>}``: ``quizkit validate``
  reports every ``todo`` as an error with code ``todo``, so the file cannot be used until a person
  replaces the ``todo`` line with ``text: <the English>``. The ``ur`` key stays in the YAML after that;
  ``quizkit update`` takes it into the catalog as a fuzzy translation, with a ``#.`` note that it was
  imported unreviewed, only while the catalog has no translation for that key yet, so it never
  overrides a translator. Delete the ``ur`` line whenever you like once the catalog has it.
* Correct answers and explanations are not on the page: ``correct: {todo: …}`` and
  ``explanation: {todo: …}`` are to-dos of the same kind.
* The catalog ``locales/<locale>/LC_MESSAGES/<quiz>.po`` gets an entry for every text that has its
  source text (the English items), untranslated: the page form gives each string in one language
  only, so no English item comes with its Urdu. ``quizkit update`` later rewrites the catalog from the
  complete content, keeping everything, and adds the waiting Urdu texts as fuzzy translations marked
  as imported unreviewed (:mod:`toolkit.catalogs.imported`).
* Ambiguous letters in Urdu (a medial ``ه``, for example) are left as the page had them and listed as
  to-dos with the suggested spellings; every safe fix that was applied is listed in the report.

Nothing is written here: :func:`plan_import` computes everything, :func:`write_import` writes the two
files atomically, refusing to overwrite either unless forced.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from toolkit import keys
from toolkit.catalogs.extraction import literal_format_flags
from toolkit.catalogs.layout import CatalogLayout
from toolkit.catalogs.new_catalog import new_catalog_header
from toolkit.config import ProjectConfig
from toolkit.content.validation import display_path, is_interface_file, validate_file
from toolkit.content.yaml_document import YamlError, parse_yaml
from toolkit.errors import QuizkitError
from toolkit.files import (
    FileTooLargeError,
    confined,
    read_regular_file,
    write_bytes_atomic,
    write_text_atomic,
)
from toolkit.gettext.catalog import Catalog, CatalogEntry
from toolkit.gettext.po_writer import format_po
from toolkit.importing.scraped_page import PageError, PageText, ScrapedPage, parse_page
from toolkit.model import InterfaceMessages

OPTION_LETTERS = "abcdefgh"
_PLAIN = re.compile(r"^[^\s\-?:,\[\]{}#&*!|>'\"%@`][^#]*$")
_YAML_SPECIAL = re.compile(r"^(true|false|yes|no|on|off|y|n|null|~|[-+.\d].*)$", re.IGNORECASE)


class ImportConflictError(QuizkitError):
    """An output file exists and ``--force`` was not given."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{display_path(path)} exists")
        self.path = path


@dataclass(frozen=True)
class Todo:
    """Something a person still has to write or decide, with where it goes."""

    kind: str
    """``source-text``, ``correct``, ``explanation`` or ``ambiguous-letter``."""
    path: str
    """JSON path in the quiz YAML."""
    page_line: int | None
    message: str
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlacedText:
    """A page string with the YAML path and translation key it was given."""

    path: str
    key: str
    text: PageText


@dataclass(frozen=True)
class ImportPlan:
    quiz_id: str
    page_file: str
    source_locale: str
    target_locale: str
    page: ScrapedPage
    content_path: Path
    catalog_path: Path
    content_text: str
    catalog_text: str
    texts: tuple[PlacedText, ...]
    todos: tuple[Todo, ...]
    existing: tuple[Path, ...] = field(default=())


def _scalar(text: str) -> str:
    """A YAML scalar for ``text``: plain where that reads back as the same text, else double-quoted."""
    if _PLAIN.match(text) and not _YAML_SPECIAL.match(text) and ": " not in text and text == text.strip():
        return text
    return json.dumps(text, ensure_ascii=False)


def load_interface(config: ProjectConfig) -> InterfaceMessages | None:
    for name in ("ui.yaml", "ui.yml"):
        path = config.content_path / name
        if path.is_file() and is_interface_file(path):
            _, model = validate_file(path)
            return model if isinstance(model, InterfaceMessages) else None
    return None


def interface_translations(config: ProjectConfig, locale: str) -> dict[str, tuple[str, ...]]:
    """The interface messages' translations into ``locale``, by message name, from its ``ui`` catalog
    (fuzzy ones included: a page may show an older wording); empty when there is no catalog yet."""
    path = CatalogLayout.for_project(config).catalog(locale, keys.UI_DOMAIN)
    if not path.is_file():
        return {}
    from toolkit.catalogs.workflow import read_catalog

    prefix = f"{keys.UI_DOMAIN}."
    return {
        entry.context[len(prefix) :]: tuple(text for text in entry.translations if text)
        for entry in read_catalog(path).active()
        if entry.context is not None and entry.context.startswith(prefix) and entry.has_translation
    }


def _name(locale: str) -> str:
    from toolkit.catalogs.workflow import language_name

    return language_name(locale)


class _Writer:
    def __init__(self, quiz_id: str, source_locale: str, target_locale: str) -> None:
        self.quiz_id = quiz_id
        self.source_locale = source_locale
        self.target_locale = target_locale
        self.lines: list[str] = []
        self.texts: list[PlacedText] = []
        self.todos: list[Todo] = []

    def text(self, indent: str, field_name: str, path: str, key: str, text: PageText, what: str) -> None:
        self.texts.append(PlacedText(path, key, text))
        if text.language == self.source_locale:
            self.lines.append(f"{indent}{field_name}: {_scalar(text.text)}")
        else:
            todo = f"write the {what} in {_name(self.source_locale)} under text (the page has it only in {_name(text.language)})"
            self.lines += [
                f"{indent}{field_name}:",
                f"{indent}  todo: {_scalar(todo)}",
                f"{indent}  {text.language}: {_scalar(text.text)}",
            ]
            self.todos.append(Todo("source-text", path, text.line, todo))
        for doubt in text.doubts:
            self.todos.append(
                Todo(
                    "ambiguous-letter",
                    path,
                    text.line,
                    f"{doubt.message} in “{doubt.text}”",
                    doubt.suggestions,
                )
            )


def render(page: ScrapedPage, quiz_id: str, page_file: str, source_locale: str) -> _Writer:
    writer = _Writer(quiz_id, source_locale, "")
    writer.lines += [
        "# yaml-language-server: $schema=../schema/quiz.schema.json",
        f"# Imported by quizkit import from {page_file}. Replace every todo, then run quizkit validate",
        "# and quizkit update (see docs/writing-quizzes.md, Importing a scraped page).",
        f"id: {quiz_id}",
    ]
    if page.level is not None:
        writer.lines.append(f"level: {page.level}")
    else:
        level_todo = (
            f"replace this mapping with the level: beginner, intermediate or advanced (the page's header "
            f"says '{page.level_text}', a wording quizkit does not know)"
        )
        writer.lines += ["level:", f"  todo: {_scalar(level_todo)}"]
        writer.todos.append(Todo("level", "$.level", page.header_line, level_todo))
    writer.text("", "title", "$.title", keys.quiz_title_key(quiz_id), page.title, "title")
    writer.text(
        "",
        "description",
        "$.description",
        keys.quiz_description_key(quiz_id),
        page.description,
        "description",
    )
    writer.lines.append("questions:")
    for number, question in enumerate(page.questions, start=1):
        question_id = f"q{number}"
        path = f"$.questions[{number - 1}]"
        writer.lines += [f"  - id: {question_id}", "    type: single_choice"]
        writer.text(
            "    ",
            "prompt",
            f"{path}.prompt",
            keys.prompt_key(quiz_id, question_id),
            question.prompt,
            "question",
        )
        writer.lines.append("    options:")
        option_ids = OPTION_LETTERS[: len(question.options)]
        for index, (option_id, option) in enumerate(zip(option_ids, question.options, strict=True)):
            writer.lines.append(f"      - id: {option_id}")
            writer.text(
                "        ",
                "text",
                f"{path}.options[{index}].text",
                keys.option_key(quiz_id, question_id, option_id),
                option,
                "option",
            )
        choices = ", ".join(option_ids[:-1]) + f" or {option_ids[-1]}"
        correct_todo = f"replace this mapping with the list of correct option ids ({choices}), e.g. [a]"
        explanation_todo = f"write the explanation in {_name(source_locale)} under text (the page has none)"
        writer.lines += [
            "    correct:",
            f"      todo: {_scalar(correct_todo)}",
            "    explanation:",
            f"      todo: {_scalar(explanation_todo)}",
        ]
        writer.todos += [
            Todo("correct", f"{path}.correct", question.prompt.line, correct_todo),
            Todo("explanation", f"{path}.explanation", question.prompt.line, explanation_todo),
        ]
    return writer


def _catalog(
    quiz_id: str, target_locale: str, texts: tuple[PlacedText, ...], source_locale: str, content_file: str
) -> str:
    from toolkit.catalogs.workflow import language_name, plural_forms_for

    entries: list[CatalogEntry] = []
    for placed in texts:
        if placed.text.language != source_locale:
            continue  # no source text yet: it waits in the YAML's to-do mapping
        entries.append(
            CatalogEntry(
                msgid=placed.text.text,
                context=placed.key,
                references=(content_file,),
                flags=literal_format_flags(placed.text.text),
            )
        )
    header = new_catalog_header(
        quiz_id, target_locale, plural_forms_for(target_locale), language_name(target_locale)
    )
    return format_po(Catalog(header, tuple(entries)))


def plan_import(
    config: ProjectConfig,
    page_path: Path,
    quiz_id: str,
    source_locale: str | None = None,
    target_locale: str = "ur",
) -> ImportPlan:
    """Everything ``quizkit import`` would write and report; :class:`PageError` for a bad page."""
    source = source_locale or config.source_locale
    page_file = display_path(page_path)
    try:
        data = read_regular_file(page_path, MAX_PAGE_BYTES)
    except FileTooLargeError as error:
        raise PageError(
            0, f"file is {error.size:,} bytes; scraped pages are limited to {MAX_PAGE_BYTES:,} bytes"
        ) from None
    page = parse_page(
        data,
        load_interface(config),
        source,
        target_locale,
        interface_translations(config, target_locale),
    )
    content_path = confined(config.content_path / f"{quiz_id}.yaml", config.root)
    catalog_path = CatalogLayout.for_project(config).catalog(target_locale, quiz_id)
    writer = render(page, quiz_id, Path(page_file).name, source)
    content_text = "\n".join(writer.lines) + "\n"
    try:
        # Never write a file the loader rejects: what it cannot read, no later command can either.
        parse_yaml(content_text.encode("utf-8"))
    except YamlError as error:
        raise PageError(
            0,
            f"the quiz YAML made from the page does not read back ({error.problem.message}); nothing written",
        ) from None
    texts = tuple(writer.texts)
    content_file = content_path.relative_to(config.root.resolve()).as_posix()
    catalog_text = _catalog(quiz_id, target_locale, texts, source, content_file)
    existing = tuple(path for path in (content_path, catalog_path) if path.exists())
    return ImportPlan(
        quiz_id,
        page_file,
        source,
        target_locale,
        page,
        content_path,
        catalog_path,
        content_text,
        catalog_text,
        texts,
        tuple(writer.todos),
        existing,
    )


MAX_PAGE_BYTES = 1024 * 1024
"""Largest scraped page read (1 MiB: a page of a thousand questions is a tenth of that)."""


def write_import(plan: ImportPlan, *, force: bool = False) -> list[Path]:
    """Write the quiz YAML and the catalog; :class:`ImportConflictError` if one exists and not ``force``."""
    if plan.existing and not force:
        raise ImportConflictError(plan.existing[0])
    write_text_atomic(plan.content_path, plan.content_text, durable=True)
    write_bytes_atomic(plan.catalog_path, _kept_translations(plan), durable=True)
    return [plan.content_path, plan.catalog_path]


def _kept_translations(plan: ImportPlan) -> bytes:
    """The new catalog, merged with the one it replaces so that no translation is lost.

    Translations of keys the import no longer has become obsolete entries (#~), and keys it keeps
    keep their translations (fuzzy where the source text changed), as ``quizkit update`` would. The
    bytes are :func:`toolkit.catalogs.write_po`'s: in the charset the merged catalog's header declares.
    """
    from toolkit.gettext.merge import merge
    from toolkit.gettext.po_reader import MAX_PO_BYTES, PoSyntaxError, parse_po, read_po
    from toolkit.gettext.po_writer import write_po

    if not plan.catalog_path.exists():
        return write_po(parse_po(plan.catalog_text, str(plan.catalog_path)))
    try:
        existing = read_po(read_regular_file(plan.catalog_path, MAX_PO_BYTES), str(plan.catalog_path))
    except PoSyntaxError:
        raise ImportConflictError(plan.catalog_path) from None
    fresh = parse_po(plan.catalog_text, str(plan.catalog_path))
    merged, _ = merge(fresh, existing, existing.header.plural_count or fresh.header.plural_count or 2)
    return write_po(merged)


def _normalizations(plan: ImportPlan) -> Iterator[dict[str, object]]:
    for placed in plan.texts:
        for change in placed.text.changes:
            yield {
                "line": placed.text.line,
                "path": placed.path,
                "rule": change.rule,
                "before": change.before,
                "after": change.after,
            }


def report(plan: ImportPlan, written: bool) -> dict[str, object]:
    """The import report as plain data: the same fields for people (text) and machines (JSON)."""
    page = plan.page
    languages = {placed.path: placed.text.language for placed in plan.texts}
    return {
        "page": plan.page_file,
        "quiz": plan.quiz_id,
        "level": page.level,
        "source_locale": plan.source_locale,
        "target_locale": plan.target_locale,
        "questions": [
            {
                "id": f"q{number}",
                "line": question.prompt.line,
                "language": question.prompt.language,
                "options": [
                    {"id": OPTION_LETTERS[index], "line": option.line, "language": option.language}
                    for index, option in enumerate(question.options)
                ],
            }
            for number, question in enumerate(page.questions, start=1)
        ],
        "texts": [
            {
                "path": placed.path,
                "key": placed.key,
                "line": placed.text.line,
                "language": languages[placed.path],
            }
            for placed in plan.texts
        ],
        "interface": [
            {"line": found.line, "message": found.name, "text": found.text} for found in page.interface
        ],
        "repeated_first_question": page.repeated_first_question,
        "unrecognized": [{"line": line, "text": text} for line, text in page.unrecognized],
        "normalizations": list(_normalizations(plan)),
        "todos": [
            {
                "kind": todo.kind,
                "path": todo.path,
                "line": todo.page_line,
                "message": todo.message,
                "suggestions": list(todo.suggestions),
            }
            for todo in plan.todos
        ],
        "files": [display_path(plan.content_path), display_path(plan.catalog_path)],
        "written": written,
    }
