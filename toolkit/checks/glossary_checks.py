"""Glossary checks: preferred terms used; discouraged and wrong renderings reported only where the source
has the term. A discouraged rendering is the right word in the wrong form (a warning); a wrong one means
something else (an error)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.checks.context import EntryContext, TextPair
from toolkit.checks.registry import Finding, check
from toolkit.content.glossary import Term
from toolkit.diagnostics import Severity


def _source_terms(context: EntryContext) -> Iterator[tuple[TextPair, Term]]:
    """Every glossary term of each translated form's source, with the form; none without a glossary."""
    if context.glossary is None:
        return
    for pair in context.translated_pairs:
        for term in context.glossary.terms_in(pair.source):
            yield pair, term


@check(
    "glossary-missing-term",
    Severity.WARNING,
    "The source has a glossary term; the translation has neither its preferred form nor an accepted one.",
)
def glossary_missing_term(context: EntryContext) -> Iterator[Finding]:
    if context.is_explanation:
        return  # explanations: explanation-lost-content reports lost terms
    for pair, term in _source_terms(context):
        # A wrong or discouraged rendering is reported by its own check; one finding per mistake.
        if not term.rendered_in(pair.translation) and not term.misrendered_in(pair.translation):
            yield Finding(
                "glossary-missing-term",
                f"'{term.english}' should be rendered as {term.preferred}"
                + (f" (or {', '.join(term.variants)})" if term.variants else ""),
            )


@check(
    "glossary-discouraged-term",
    Severity.WARNING,
    "The translation uses a form of a source term that the glossary discourages in favour of its preferred form.",
)
def glossary_discouraged_term(context: EntryContext) -> Iterator[Finding]:
    for pair, term in _source_terms(context):
        for discouraged in term.discouraged_renderings_in(pair.translation):
            yield Finding(
                "glossary-discouraged-term",
                f"'{discouraged}' is not the preferred form of '{term.english}'; use {term.preferred}",
            )


@check(
    "glossary-wrong-term",
    Severity.ERROR,
    "The translation uses a rendering the glossary lists as wrong for a term the source has.",
)
def glossary_wrong_term(context: EntryContext) -> Iterator[Finding]:
    for pair, term in _source_terms(context):
        for wrong in term.wrong_renderings_in(pair.translation):
            yield Finding(
                "glossary-wrong-term", f"'{wrong}' is wrong for '{term.english}'; use {term.preferred}"
            )
