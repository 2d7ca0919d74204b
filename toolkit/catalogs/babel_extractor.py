"""A Babel extractor, so that ``pybabel extract -F babel.cfg`` yields the same entries as quizkit.

Registered under the ``babel.extractors`` entry point as ``quizkit``; the repository's babel.cfg maps
content YAML to it. Entries come out as ``pgettext``/``npgettext`` calls, which Babel's default keywords
read as (context, message) and (context, singular, plural), with the same translator comments as
``quizkit extract``. Babel adds its own format-flag guesses on top; those are the only difference.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from toolkit.catalogs.extraction import extract_templates
from toolkit.content.validation import ContentError, validate_file
from toolkit.errors import QuizkitError
from toolkit.model import Content, InterfaceMessages, Quiz

ExtractedCall = tuple[int, str, tuple[str, ...] | tuple[str, str, str, None], list[str]]


class QuizkitExtractionError(QuizkitError):
    """Raised into Babel when a content file is invalid; the message lists every problem."""


def extract_quizkit(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Sequence[str],
    options: Mapping[str, Any],
) -> Iterator[ExtractedCall]:
    name = getattr(fileobj, "name", None)
    if not isinstance(name, str):
        raise QuizkitExtractionError(
            "the quizkit extractor needs a named file (content/<quiz>.yaml or ui.yaml)"
        )
    path = Path(name)
    diagnostics, model = validate_file(path)
    if model is None:
        error = ContentError(diagnostics)
        raise QuizkitExtractionError(
            "\n".join(diagnostic.to_text() for diagnostic in error.diagnostics) or f"{name}: invalid content"
        )
    content = (
        Content((), model)
        if isinstance(model, InterfaceMessages)
        else Content((model,) if isinstance(model, Quiz) else ())
    )
    root = Path(options.get("project_root", Path.cwd()))
    for template in extract_templates(content, root, with_lines=True).values():
        for entry in template.entries:
            line = int(entry.references[0].rsplit(":", 1)[1]) if entry.references else 0
            comments = list(entry.extracted_comments)
            if entry.msgid_plural is not None:
                yield (
                    line,
                    "npgettext",
                    (entry.context or "", entry.msgid, entry.msgid_plural, None),
                    comments,
                )
            else:
                yield line, "pgettext", (entry.context or "", entry.msgid), comments
