"""SARIF 2.1.0 logs of diagnostics, for code scanning in CI (GitHub, GitLab, Azure DevOps)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from toolkit import __version__
from toolkit.diagnostics import Diagnostic, Severity

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {Severity.ERROR: "error", Severity.WARNING: "warning"}


def sarif_log(
    diagnostics: Sequence[Diagnostic], rules: Mapping[str, tuple[str, Severity]]
) -> dict[str, object]:
    """``rules`` maps each check id to its summary and default severity."""
    used = sorted({diagnostic.code for diagnostic in diagnostics} | set(rules))
    rule_index = {rule_id: index for index, rule_id in enumerate(used)}
    rule_objects = []
    for rule_id in used:
        summary, severity = rules.get(rule_id, (rule_id, Severity.WARNING))
        rule_objects.append(
            {
                "id": rule_id,
                "name": "".join(part.capitalize() for part in rule_id.split("-")),
                "shortDescription": {"text": summary},
                "defaultConfiguration": {"level": _LEVELS[severity]},
                "helpUri": f"docs/checks.md#{rule_id}",
            }
        )
    results = []
    for diagnostic in diagnostics:
        location: dict[str, object] = {
            "physicalLocation": {
                "artifactLocation": {"uri": diagnostic.file, "uriBaseId": "%SRCROOT%"},
                **({"region": {"startLine": diagnostic.line}} if diagnostic.line else {}),
            }
        }
        if diagnostic.key:
            location["logicalLocations"] = [{"fullyQualifiedName": diagnostic.key, "kind": "member"}]
        results.append(
            {
                "ruleId": diagnostic.code,
                "ruleIndex": rule_index[diagnostic.code],
                "level": _LEVELS[diagnostic.severity],
                "message": {"text": diagnostic.message},
                "locations": [location],
            }
        )
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "quizkit",
                        "version": __version__,
                        "informationUri": "https://pypi.org/project/quizkit/",
                        "rules": rule_objects,
                    }
                },
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }


def render_sarif(diagnostics: Sequence[Diagnostic], rules: Mapping[str, tuple[str, Severity]]) -> str:
    return json.dumps(sarif_log(diagnostics, rules), ensure_ascii=False, indent=2) + "\n"
