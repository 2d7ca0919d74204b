"""Per-entry exemptions: a translator comment ``quizkit-ignore: <check-id>: <reason>``.

A translator comment survives GNU msgmerge, msgcat, Weblate and ``quizkit update``, where an unknown
``#,`` flag would be dropped. A suppression must say why; one without a reason is itself a finding.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from toolkit.gettext.catalog import CatalogEntry

_SUPPRESSION = re.compile(r"^\s*quizkit-ignore\s*:\s*([A-Za-z0-9-]*)\s*(?::\s*(.*))?$")


@dataclass(frozen=True)
class Suppression:
    check: str
    reason: str


def suppressions(entry: CatalogEntry) -> list[Suppression]:
    found = []
    for comment in entry.translator_comments:
        match = _SUPPRESSION.match(comment)
        if match:
            found.append(Suppression(match.group(1), (match.group(2) or "").strip()))
    return found
