"""Checks of the review state: approvals that no longer hold (:mod:`toolkit.gettext.review`)."""

from __future__ import annotations

from collections.abc import Iterator

from toolkit.checks.context import EntryContext
from toolkit.checks.registry import Finding, check
from toolkit.diagnostics import Severity
from toolkit.gettext.review import approval_hash, unreadable_approvals, void_approvals


@check(
    "stale-approval",
    Severity.WARNING,
    "An approval whose hash no longer matches the entry (its key, source or translation changed since): "
    "it is ignored.",
)
def stale_approval(context: EntryContext) -> Iterator[Finding]:
    key = context.key
    again = (
        f"review the entry again, then quizkit review approve --key {key} --reviewer NAME "
        f"(or quizkit review revoke --key {key})"
    )
    for approval in void_approvals(context.entry):
        yield Finding(
            "stale-approval",
            f"the approval by {approval.reviewer} on {approval.date} is void: the key, source or translation "
            f"changed since (hash {approval.hash}, now {approval_hash(context.entry)}), so it is ignored; "
            f"{again}",
        )
    for comment in unreadable_approvals(context.entry):
        yield Finding(
            "stale-approval",
            f"'# {comment}' is not an approval quizkit can read (quizkit approved: <reviewer> <YYYY-MM-DD> "
            f"<hash>), so it is ignored; {again}",
        )
