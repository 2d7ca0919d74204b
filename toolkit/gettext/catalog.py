"""The catalog model, apart from any file format (as Babel keeps ``babel.messages.catalog``).

A catalog is a header and its entries; an entry is one gettext message with everything a PO file can
say about it. Frozen, so that merges build new catalogs and never change what they were given.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

FUZZY = "fuzzy"

_CHARSET = re.compile(r"charset=([A-Za-z0-9_.:-]+)")


@dataclass(frozen=True)
class CatalogEntry:
    msgid: str
    msgstr: str = ""
    context: str | None = None
    msgid_plural: str | None = None
    msgstr_plural: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    translator_comments: tuple[str, ...] = ()
    extracted_comments: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    previous_context: str | None = None
    previous_msgid: str | None = None
    previous_msgid_plural: str | None = None
    obsolete: bool = False
    line: int = field(default=0, compare=False)
    """Line of the entry's first line in the file it was read from; 0 when it was not read."""
    msgstr_line: int = field(default=0, compare=False)
    """Line of its (first) msgstr keyword in that file; 0 when it was not read."""

    @property
    def identity(self) -> tuple[str | None, str]:
        """What gettext looks an entry up by: its context and msgid."""
        return (self.context, self.msgid)

    @property
    def is_plural(self) -> bool:
        return self.msgid_plural is not None

    @property
    def is_fuzzy(self) -> bool:
        return FUZZY in self.flags

    @property
    def translations(self) -> tuple[str, ...]:
        return self.msgstr_plural if self.is_plural else (self.msgstr,)

    @property
    def has_translation(self) -> bool:
        """Some translation text exists (it may still be fuzzy or incomplete)."""
        return any(self.translations)

    @property
    def is_translated(self) -> bool:
        """Usable at run time: not fuzzy, and every form filled in."""
        translations = self.translations
        return not self.is_fuzzy and bool(translations) and all(translations)

    def with_flag(self, flag: str, present: bool = True) -> CatalogEntry:
        flags = tuple(existing for existing in self.flags if existing != flag)
        if present:
            flags = (flag, *flags) if flag == FUZZY else (*flags, flag)
        return replace(self, flags=flags)


@dataclass(frozen=True)
class Header:
    """The header entry: its comments, flags, and ``Name: value`` fields in file order."""

    fields: tuple[tuple[str, str], ...] = ()
    comments: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()
    extracted_comments: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    text: str | None = field(default=None, compare=False)
    """The msgstr as it was read. GNU writes a header back as it found it (lines without a colon,
    continuation lines, spacing), so :meth:`msgstr` returns this text for as long as ``fields`` still
    say what it says."""

    def get(self, name: str) -> str | None:
        for field_name, value in self.fields:
            if field_name.lower() == name.lower():
                return value
        return None

    def with_field(self, name: str, value: str) -> Header:
        fields = list(self.fields)
        for index, (field_name, _) in enumerate(fields):
            if field_name.lower() == name.lower():
                fields[index] = (field_name, value)
                break
        else:
            fields.append((name, value))
        text = None if self.text is None else _text_with_field(self.text, name, value)
        return replace(self, fields=tuple(fields), text=text)

    def msgstr(self) -> str:
        if self.text is not None and _fields_of(self.text) == self.fields:
            return self.text
        return "".join(f"{name}: {value}\n" for name, value in self.fields)

    @classmethod
    def parse(
        cls,
        msgstr: str,
        comments: tuple[str, ...] = (),
        flags: tuple[str, ...] = (),
        *,
        extracted_comments: tuple[str, ...] = (),
        references: tuple[str, ...] = (),
    ) -> Header:
        return cls(_fields_of(msgstr), comments, flags, extracted_comments, references, msgstr)

    @property
    def charset(self) -> str:
        """The ``charset`` of the Content-Type field; UTF-8 where there is none, or the ``CHARSET``
        placeholder that xgettext writes into templates."""
        match = _CHARSET.search(self.get("Content-Type") or "")
        if match is None or match.group(1).upper() == "CHARSET":
            return "UTF-8"
        return match.group(1)

    def with_charset(self, charset: str) -> Header:
        content_type = self.get("Content-Type")
        if content_type is None or _CHARSET.search(content_type) is None:
            return self.with_field("Content-Type", f"text/plain; charset={charset}")
        return self.with_field("Content-Type", _CHARSET.sub(f"charset={charset}", content_type, count=1))

    @property
    def plural_forms(self) -> str | None:
        return self.get("Plural-Forms")

    @property
    def plural_count(self) -> int | None:
        plural_forms = self.plural_forms
        if plural_forms is None:
            return None
        for part in plural_forms.split(";"):
            name, _, value = part.strip().partition("=")
            if name.strip() == "nplurals":
                try:
                    return int(value.strip())
                except ValueError:
                    return None
        return None


def _fields_of(msgstr: str) -> tuple[tuple[str, str], ...]:
    """``Name: value`` lines; a line starting with white space continues the field before it (as in
    RFC 822 headers), and a line without a colon is no field."""
    fields: list[tuple[str, str]] = []
    for line in msgstr.split("\n"):
        if not line.strip():
            continue
        if line[0] in " \t" and fields:
            name, value = fields[-1]
            fields[-1] = (name, f"{value} {line.strip()}".strip())
            continue
        name, separator, value = line.partition(":")
        if separator:
            fields.append((name.strip(), value.strip()))
    return tuple(fields)


def _text_with_field(text: str, name: str, value: str) -> str:
    """``text`` with the field ``name`` set to ``value`` in place (its continuation lines replaced), or
    appended where it is missing; every other line stays as it was."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line[:1] in (" ", "\t"):
            continue
        field_name, separator, _ = line.partition(":")
        if separator and field_name.strip().lower() == name.lower():
            end = index + 1
            while end < len(lines) and lines[end][:1] in (" ", "\t") and lines[end].strip():
                end += 1
            lines[index:end] = [f"{field_name}: {value}"]
            return "\n".join(lines)
    if text and not text.endswith("\n"):
        text += "\n"
    return f"{text}{name}: {value}\n"


@dataclass(frozen=True)
class Catalog:
    header: Header = Header()
    entries: tuple[CatalogEntry, ...] = ()
    has_header: bool = True

    def __iter__(self) -> Iterator[CatalogEntry]:
        return iter(self.entries)

    def active(self) -> Iterator[CatalogEntry]:
        return (entry for entry in self.entries if not entry.obsolete)

    def obsolete(self) -> Iterator[CatalogEntry]:
        return (entry for entry in self.entries if entry.obsolete)

    def by_context(self) -> dict[str | None, CatalogEntry]:
        """Active entries by msgctxt: quizkit's key. Entries without context are keyed by None."""
        return {entry.context: entry for entry in self.active()}

    @property
    def language(self) -> str | None:
        return self.header.get("Language")
