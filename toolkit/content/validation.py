"""Validate content files, all of them and every problem in each, and build the model where clean."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath

from toolkit.content.loader import build_interface, build_quiz, has_todo
from toolkit.content.message_rules import UI_RULES
from toolkit.content.question_rules import QUESTION_RULES
from toolkit.content.rules import QUIZ_RULES, RuleContext
from toolkit.content.schema_validation import validate_against_schema
from toolkit.content.yaml_document import (
    MAX_FILE_BYTES,
    JsonPath,
    YamlDocument,
    YamlError,
    parse_yaml,
    too_large_problem,
)
from toolkit.diagnostics import Diagnostic, Severity, count_errors, format_json_path, sort_diagnostics
from toolkit.errors import DiagnosedError
from toolkit.files import FileTooLargeError, name_below, not_regular_problem, read_regular_file
from toolkit.model import Content, InterfaceMessages, Quiz
from toolkit.schemas import QUIZ_SCHEMA, UI_SCHEMA

UI_FILE_NAME = "ui.yaml"
CONTENT_SUFFIXES = (".yaml", ".yml")


@dataclass
class ValidationResult:
    files: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    quizzes: list[Quiz] = field(default_factory=list)
    interface: InterfaceMessages | None = None

    @property
    def error_count(self) -> int:
        return count_errors(self.diagnostics)

    @property
    def warning_count(self) -> int:
        return len(self.diagnostics) - self.error_count

    def content(self) -> Content:
        return Content(tuple(self.quizzes), self.interface)


class ContentError(DiagnosedError):
    """Content has errors; the diagnostics say which."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        super().__init__(f"{count_errors(diagnostics)} error(s) in content", diagnostics)


def display_path(path: Path) -> str:
    """Paths in messages are relative to the working folder where they can be."""
    if path.is_absolute():
        # The common case, a file below the working folder (a build names thousands of files).
        below = name_below(path, os.fspath(Path.cwd()))
        if below is not None:
            return below
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)


def collect_files(paths: Iterable[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The content files named by ``paths`` (files, or folders searched for ``*.yaml``), and a problem for
    each name that is not one: missing, a folder or a pipe named like a content file, or a link that
    leads out of the project (refused unread: it would show what it points to)."""
    files: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            root = _project_root(path)
            # rglob never goes down a linked folder, so one that leads out of the project would hide its
            # quizzes without a word: it is named as a linked file is (the preview names it the same way).
            for candidate in sorted(path.rglob("*")):
                if candidate.suffix in CONTENT_SUFFIXES:
                    _collect_one(candidate, root, files, problems)
                elif candidate.is_symlink() and candidate.is_dir() and not _inside(candidate, root):
                    problems.append(link_outside_project(candidate))
        elif os.path.lexists(path):
            _collect_one(path, _project_root(path.parent), files, problems)
        else:
            problems.append(
                Diagnostic(
                    display_path(path), None, None, Severity.ERROR, "no-such-file", "no such file or folder"
                )
            )
    unique = list(dict.fromkeys(file.resolve() for file in files))
    return unique, problems


def _project_root(folder: Path) -> Path:
    from toolkit.config import find_project_root

    resolved = folder.resolve()
    return find_project_root(resolved) or resolved


def _inside(path: Path, root: Path) -> bool:
    return path.resolve().is_relative_to(root)


def link_outside_project(path: Path) -> Diagnostic:
    """The refusal of ``path``, a link (or a path through a linked folder) that leads out of the
    project; validate, build and the preview word it alike."""
    target = path.readlink() if path.is_symlink() else path.resolve()
    return Diagnostic(
        display_path(path),
        None,
        None,
        Severity.ERROR,
        "link-outside-project",
        f"a link to {target}, outside the project; quizkit does not follow it "
        "(copy the file into the project instead)",
    )


def unreadable_file(file: str, error: OSError) -> Diagnostic:
    """The error for a file the system would not let quizkit read (permissions, I/O), in the system's
    words; content files and glossaries word it alike."""
    return Diagnostic(file, None, None, Severity.ERROR, "file-unreadable", error.strerror or str(error))


def content_file_problem(path: Path) -> Diagnostic | None:
    """Why ``path``, named like a content file, is not read (a folder, a pipe, a link to nothing) as
    validate and build word it; None for a regular file. The preview asks too (toolkit.preview.mirror),
    so that it names such a file as the commands do."""
    files: list[Path] = []
    problems: list[Diagnostic] = []
    _collect_one(path, _project_root(path.parent), files, problems)
    return problems[0] if problems else None


def _collect_one(path: Path, root: Path, files: list[Path], problems: list[Diagnostic]) -> None:
    def refuse(code: str, message: str) -> None:
        problems.append(Diagnostic(display_path(path), None, None, Severity.ERROR, code, message))

    if path.is_symlink():
        target = path.readlink()
        if not _inside(path, root):
            problems.append(link_outside_project(path))
            return
        if not path.exists():
            refuse("no-such-file", f"a link to {target}, which does not exist")
            return
    if path.is_file():
        files.append(path)
    elif path.is_dir():
        refuse("not-a-file", "a folder named like a content file; quizkit reads only regular files")
    else:
        try:
            refuse("not-a-file", not_regular_problem(path.stat().st_mode))
        except OSError:  # gone since the folder was listed
            refuse("no-such-file", "no such file or folder")


def is_interface_file(path: Path) -> bool:
    return path.name in (UI_FILE_NAME, "ui.yml")


FileValidation = tuple[list[Diagnostic], Quiz | InterfaceMessages | None]


def validate_file(path: Path, data: bytes | None = None) -> FileValidation:
    """Findings and, without errors, the model of one content file (``data``: its bytes, if read)."""
    file = display_path(path)
    try:
        if data is not None and len(data) > MAX_FILE_BYTES:
            raise YamlError(too_large_problem(len(data)))
        document = parse_yaml(read_regular_file(path, MAX_FILE_BYTES) if data is None else data)
    except (FileTooLargeError, YamlError) as error:
        problem = error.problem if isinstance(error, YamlError) else too_large_problem(error.size)
        return [
            Diagnostic(file, problem.line, problem.column, Severity.ERROR, problem.code, problem.message)
        ], None
    except OSError as error:
        return [unreadable_file(file, error)], None
    kind, schema, rules = (
        ("interface messages", UI_SCHEMA, UI_RULES)
        if is_interface_file(path)
        else ("quiz", QUIZ_SCHEMA, QUIZ_RULES + QUESTION_RULES)
    )
    if not isinstance(document.data, dict):
        return [_not_a_mapping(document, file, kind)], None
    diagnostics = validate_against_schema(document, schema, file, kind)
    context = RuleContext(document, file, path, kind)
    found = [diagnostic for rule in rules for diagnostic in rule(context)]
    # One error per defect: a tagged number (``!!int 42``) that the schema refuses too (ui.yaml's texts
    # must be strings) is said once, by number-as-text, which says what to do (remove the tag).
    numbers = {diagnostic.path for diagnostic in found if diagnostic.code == "number-as-text"}
    diagnostics = [
        diagnostic
        for diagnostic in diagnostics
        if not (diagnostic.code == "wrong-type" and diagnostic.path in numbers)
    ]
    diagnostics.extend(found)
    if is_interface_file(path):
        return diagnostics, None if count_errors(diagnostics) else build_interface(document, file)
    if document.data.get("draft") is True:
        diagnostics = _as_draft(document, file, diagnostics)
    if count_errors(diagnostics) or _left_out_as_draft(document):
        return diagnostics, None
    return diagnostics, build_quiz(document, file)


_QUIZ_FIELDS_OF_A_DRAFT = ("title", "description", "level")
"""A draft with a to-do in one of these has no model: every key and every export hangs off them."""


def _left_out_as_draft(document: YamlDocument) -> bool:
    data = document.data
    assert isinstance(data, dict)
    return data.get("draft") is True and (
        any(has_todo(data.get(name)) for name in _QUIZ_FIELDS_OF_A_DRAFT)
        or all(has_todo(question) for question in data.get("questions") or [])
    )


def _as_draft(document: YamlDocument, file: str, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """A draft's to-dos are warnings, and what they leave out of the catalog and exports is said."""
    found = [
        replace(item, severity=Severity.WARNING) if item.code == "todo" else item for item in diagnostics
    ]
    data = document.data
    assert isinstance(data, dict)
    quiz = f"draft quiz '{data.get('id')}'"

    def warning(path: JsonPath, code: str, message: str) -> Diagnostic:
        # Not diagnostic_at, which gives no line where the path has no position: these have always said 1:1.
        position = document.position(path)
        line, column = (position.line, position.column) if position else (1, 1)
        return Diagnostic(file, line, column, Severity.WARNING, code, message, path=format_json_path(path))

    if _left_out_as_draft(document):
        found.append(
            warning(
                ("draft",),
                "draft-left-out",
                f"{quiz} is left out of the catalogs and exports until its title, description, level and "
                "at least one question have no to-do",
            )
        )
        return found
    for index, question in enumerate(data.get("questions") or []):
        if has_todo(question):
            name = question.get("id") if isinstance(question, dict) else index + 1
            found.append(
                warning(
                    ("questions", index),
                    "draft-question-left-out",
                    f"question '{name}' of {quiz} is left out of the catalog and exports until its to-dos "
                    "are done",
                )
            )
    return found


def _not_a_mapping(document: YamlDocument, file: str, kind: str) -> Diagnostic:
    from toolkit.content.document_paths import type_name

    position = document.position(())
    found = type_name(document.data)
    return Diagnostic(
        file,
        position.line if position else 1,
        position.column if position else 1,
        Severity.ERROR,
        "not-a-mapping",
        f"the top level of {'an' if kind[0] in 'aeiou' else 'a'} {kind} file must be a mapping of fields, found {found}",
    )


def validate_paths(paths: Iterable[Path]) -> ValidationResult:
    paths = list(paths)
    files, diagnostics = collect_files(paths)
    result = combine_files(files, diagnostics, (validate_file(path) for path in files))
    folders = [path.resolve() for path in paths if path.is_dir()]
    if folders and not result.error_count:
        result.diagnostics = sort_diagnostics([*result.diagnostics, *_unused_replacements(result, folders)])
    return result


def _unused_replacements(result: ValidationResult, folders: list[Path]) -> Iterator[Diagnostic]:
    """A warning for each locale's image file that replaces no image a quiz shows, in every content
    folder that the validated folders hold whole (a quiz validated alone cannot tell)."""
    from toolkit.content.images import content_folder, images_of, unused_replacements

    roots = {content_folder(path) for path in result.files}
    used: set[str] = set()
    for quiz in result.quizzes:
        for question in quiz.questions:
            used.update(image.file for image in images_of(question))
    for root in sorted(roots):
        if not any(root.is_relative_to(folder) for folder in folders):
            continue
        for path, locale, replaced, close in unused_replacements(root, used):
            advice = (
                f"did you mean {PurePosixPath(close).parent / locale / PurePosixPath(close).name}? "
                if close
                else ""
            )
            yield Diagnostic(
                display_path(path),
                None,
                None,
                Severity.WARNING,
                "unused-image",
                f"the {locale} file in place of {replaced}, which no quiz shows; {advice}rename it to the file "
                "it replaces, or remove it",
            )
        yield from _misnamed_locale_folders(root, used)


def _misnamed_locale_folders(root: Path, used: set[str]) -> Iterator[Diagnostic]:
    """A warning for each folder of images named for none of the project's locales, whose files no
    quiz would show (``media/UR``, ``media/urdu``, ``media/fr`` in a project without ``fr``)."""
    from toolkit.config import find_project_root, load_config
    from toolkit.content.images import misnamed_locale_folders
    from toolkit.errors import QuizkitError

    project = find_project_root(root)
    if project is None:
        return
    try:
        config = load_config(project)
    except QuizkitError:  # the configuration's own error is reported where it is read
        return
    targets = ", ".join(config.target_locales) or "none"
    for folder, meant in misnamed_locale_folders(root, used, (config.source_locale, *config.target_locales)):
        name = folder.name
        advice = (
            f"rename it to {meant}"
            if meant is not None
            else f"add {name} to target-locales in the configuration to translate into it, or remove the folder"
        )
        yield Diagnostic(
            display_path(folder),
            None,
            None,
            Severity.WARNING,
            "unused-image",
            f"the folder {name} is named for none of the project's locales (target locales: {targets}), so "
            f"no quiz shows its images; {advice}",
        )


def combine_files(
    files: list[Path], diagnostics: list[Diagnostic], validations: Iterable[FileValidation]
) -> ValidationResult:
    """The project's content from each file's validation, with the rules that span files."""
    result = ValidationResult(files=files, diagnostics=diagnostics)
    quiz_files: dict[str, str] = {}
    for path, (file_diagnostics, model) in zip(files, validations, strict=True):
        result.diagnostics.extend(file_diagnostics)
        if isinstance(model, InterfaceMessages):
            if result.interface is not None:
                result.diagnostics.append(
                    Diagnostic(
                        display_path(path),
                        1,
                        None,
                        Severity.ERROR,
                        "key-collision",
                        f"interface messages are already defined in {result.interface.origin.file}; "
                        "a project has one ui.yaml",
                    )
                )
            else:
                result.interface = model
        elif isinstance(model, Quiz):
            if model.id in quiz_files:
                result.diagnostics.append(
                    Diagnostic(
                        model.origin.file,
                        model.origin.line,
                        model.origin.column,
                        Severity.ERROR,
                        "key-collision",
                        f"quiz id '{model.id}' is also used by {quiz_files[model.id]}; "
                        "quiz ids must be unique across the project",
                        path="$.id",
                    )
                )
            else:
                quiz_files[model.id] = model.origin.file
                result.quizzes.append(model)
    result.diagnostics = sort_diagnostics(result.diagnostics)
    return result


def no_content(content_dir: Path) -> Diagnostic:
    """The problem of a content folder that holds no quiz and no ui.yaml (commands would do nothing)."""
    return Diagnostic(
        display_path(content_dir),
        None,
        None,
        Severity.ERROR,
        "no-content",
        f"no content file here: no quiz (*.yaml) and no {UI_FILE_NAME}; write one (docs/writing-quizzes.md), "
        "or check content-dir in the configuration",
    )


def load_content(content_dir: Path) -> Content:
    """Validated content of a project, or :class:`ContentError` with every problem."""
    result = validate_paths([content_dir])
    if not result.files and not result.error_count:
        raise ContentError([no_content(content_dir)])
    if result.error_count:
        raise ContentError(result.diagnostics)
    return result.content()
