"""``quizkit glossary import``: the terms of a TBX file merged into the project's glossaries.

By default the file adds to a glossary: a term it does not have is added, every term it has stays as
it is, and a term the file has differently is a conflict, listed and left alone (a 3-term file from an
agency must not cut a 65-term glossary to 3). ``replace`` makes the glossary the file's terms. Either
way the YAML is edited in place (:mod:`toolkit.content.glossary_file`): the author's comments and
layout stay, and a term the import does not change keeps its lines byte for byte.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from toolkit.config import ProjectConfig
from toolkit.content.glossary import (
    Glossary,
    GlossaryError,
    Term,
    dump_glossary,
    glossary_path,
    parse_glossary,
)
from toolkit.content.glossary_file import edited_glossary
from toolkit.content.validation import display_path, unreadable_file
from toolkit.content.yaml_document import MAX_FILE_BYTES
from toolkit.diagnostics import Diagnostic, Severity
from toolkit.files import (
    FileTooLargeError,
    changed_since_read,
    digest_of,
    read_regular_file,
    write_text_atomic,
)
from toolkit.interchange.tbx import MAX_TBX_BYTES, NoGlossaryError, read_tbx, same_name, tbx_languages


@dataclass(frozen=True)
class TermConflict:
    english: str
    fields: tuple[str, ...]
    """The fields in which the file's term differs from the glossary's (names of :class:`Term`)."""


@dataclass(frozen=True)
class GlossaryImport:
    """What the import did to one locale's glossary."""

    path: Path
    written: bool
    added: tuple[str, ...] = ()
    kept: int = 0
    """Terms of the glossary left as they are (the conflicting ones not counted)."""
    conflicts: tuple[TermConflict, ...] = ()
    """Merging: terms the file has differently; the glossary's stay."""
    replaced: bool = False
    changed: tuple[str, ...] = ()
    """Replacing: terms that took the file's version."""
    removed: tuple[str, ...] = ()
    """Replacing: terms the file does not have."""
    rewritten: bool = False
    """The file could not be edited in place (another layout, or it did not parse): written whole."""


def _differences(term: Term, other: Term) -> tuple[str, ...]:
    return tuple(
        field.name for field in fields(Term) if getattr(term, field.name) != getattr(other, field.name)
    )


def _read_tbx(tbx: Path) -> bytes:
    file = display_path(tbx)
    try:
        return read_regular_file(tbx, MAX_TBX_BYTES)
    except FileTooLargeError as error:
        message = f"file is {error.size:,} bytes; TBX files are limited to {MAX_TBX_BYTES:,}"
        raise GlossaryError(
            [Diagnostic(file, None, None, Severity.ERROR, "file-too-large", message)]
        ) from None
    except OSError as error:
        raise GlossaryError([unreadable_file(file, error)]) from None


def _existing(path: Path, replace: bool) -> tuple[str, Glossary] | None:
    """The glossary at ``path`` and its text; None when there is none (or, replacing, a broken one)."""
    if not path.exists():
        return None
    try:
        data = read_regular_file(path, MAX_FILE_BYTES)
        return data.decode("utf-8"), parse_glossary(data, display_path(path))
    except (GlossaryError, OSError, UnicodeDecodeError):
        if replace:
            return None  # replaced whole by the file's sound glossary
        raise NoGlossaryError(
            f"{display_path(path)} does not read as a glossary, so nothing can be merged into it: "
            "quizkit validate shows why; fix it, or import with --replace to replace it with the file's "
            "terms"
        ) from None


def _plan(path: Path, imported: Glossary, replace: bool) -> tuple[GlossaryImport, str | None]:
    """What importing ``imported`` into the glossary at ``path`` does, and the text to write (None:
    nothing to write)."""
    existing = _existing(path, replace)
    if existing is None:
        text = dump_glossary(imported)
        outcome = GlossaryImport(
            path, True, added=tuple(term.english for term in imported.terms), replaced=replace
        )
        return outcome, text
    text, glossary = existing
    matches: dict[int, Term] = {}
    added: list[Term] = []
    for term in imported.terms:
        index = next((number for number, old in enumerate(glossary.terms) if same_name(old, term)), None)
        if index is None:
            added.append(term)
        else:
            matches[index] = term
    changes: dict[int, Term | None] = {}
    conflicts: list[TermConflict] = []
    changed: list[str] = []
    removed: list[str] = []
    for index, old in enumerate(glossary.terms):
        new = matches.get(index)
        if new is None:
            if replace:
                changes[index] = None
                removed.append(old.english)
        elif new != old:
            if replace:
                changes[index] = new
                changed.append(new.english)
            else:
                conflicts.append(TermConflict(old.english, _differences(new, old)))
    kept = len(glossary.terms) - len(changes) - len(conflicts)
    outcome = GlossaryImport(
        path,
        bool(changes or added),
        tuple(term.english for term in added),
        kept,
        tuple(conflicts),
        replace,
        tuple(changed),
        tuple(removed),
    )
    if not outcome.written:
        return outcome, None
    kept_terms = [changes.get(index, old) for index, old in enumerate(glossary.terms)]
    expected = Glossary(glossary.locale, (*(term for term in kept_terms if term is not None), *added))
    edited = edited_glossary(text, changes, added)
    if edited is not None:
        try:
            if parse_glossary(edited.encode("utf-8"), display_path(path)) == expected:
                return outcome, edited
        except GlossaryError:
            pass  # an edit the layout did not allow: written whole below
    whole = dump_glossary(expected)
    parse_glossary(whole.encode("utf-8"), display_path(path))  # never write one that does not read back
    return dataclasses.replace(outcome, rewritten=True), whole


def import_glossaries(
    config: ProjectConfig, tbx: Path, locales: Sequence[str] = (), replace: bool = False
) -> list[GlossaryImport]:
    """Merge the terms a TBX file holds for ``locales`` (else for every target locale) into
    ``locales/glossary/<locale>.yaml``, or with ``replace`` make each glossary the file's terms.
    Nothing is written unless the whole file is sound and every glossary can take it."""
    data = _read_tbx(tbx)
    file = display_path(tbx)
    wanted = list(locales) or list(config.target_locales)
    glossaries = read_tbx(data, file, config.source_locale, wanted)
    if not glossaries:
        raise NoGlossaryError(
            f"{file}: no terms for {', '.join(wanted) or 'any target locale'}; "
            f"the file's languages are: {', '.join(tbx_languages(data))}"
        )
    planned = []
    for locale, glossary in glossaries.items():
        path = glossary_path(config.locales_path, locale)
        read = _digest_of(path)
        planned.append((*_plan(path, glossary, replace), read))
    # An author may save a glossary in an editor while the import works: never write over that save.
    for outcome, text, read in planned:
        if text is not None:
            _refuse_changed_since_read(outcome.path, read)
    results = []
    for outcome, text, read in planned:
        if text is not None:
            _refuse_changed_since_read(outcome.path, read)
            outcome.path.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(outcome.path, text, durable=True)  # the authors' work: not rebuildable
        results.append(outcome)
    return results


def _digest_of(path: Path) -> str | None:
    """The digest of the glossary's bytes as they are now (None: there is none)."""
    try:
        return digest_of(path, MAX_FILE_BYTES)
    except OSError:
        return "unreadable"  # the plan names the problem


def _refuse_changed_since_read(path: Path, read: str | None) -> None:
    why = changed_since_read(path, read, MAX_FILE_BYTES)
    if why is not None:
        raise NoGlossaryError(f"{display_path(path)}: {why}")
