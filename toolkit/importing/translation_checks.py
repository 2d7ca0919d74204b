"""An imported translation checked against its locale's pack, before anything is written.

A bank's file given for the wrong language (``--locale ar urdu.xml``) imports, and then ``quizkit check``
refuses its letters (``ar-letters``: Urdu letters Arabic does not have) and every export stops. The import
reports each translation that the locale pack's own errors without a safe fix refuse, with the check's
message, so that the mistake is seen where it was made; it keeps the translation (a word or two of
another language may be the translator's choice, which a suppression then records). Errors that
``quizkit check --fix`` repairs (a Latin question mark in Urdu) are left to it.
"""

from __future__ import annotations

import functools

from toolkit.checks.registry import Check, checks_for_locale
from toolkit.checks.runner import check_catalog
from toolkit.diagnostics import Severity
from toolkit.gettext.catalog import Catalog, CatalogEntry


@functools.cache
def _refusing_checks(locale: str) -> tuple[Check, ...]:
    """The checks of ``locale``'s pack that refuse a translation with no safe fix."""
    return tuple(
        item
        for item in checks_for_locale(locale)
        if item.pack is not None and item.info.severity is Severity.ERROR and not item.info.fixable
    )


def refusals(key: str, source: str, translation: str, locale: str, source_locale: str) -> list[str]:
    """What ``locale``'s pack refuses in ``translation`` of ``source`` (the entry ``key``), each as
    ``message [check]``; empty where it refuses nothing."""
    checks = _refusing_checks(locale)
    if not checks:
        return []
    catalog = Catalog(entries=(CatalogEntry(source, translation, key),))
    found = check_catalog(catalog, "", locale, None, checks, source_locale)
    return [
        f"{diagnostic.message} [{diagnostic.code}]"
        for diagnostic in found.diagnostics
        if diagnostic.severity is Severity.ERROR
    ]
