"""Review state: an approval of one catalog entry, kept as a translator comment on the entry itself.

::

    # quizkit approved: Ayesha Khan 2026-12-02 3f9a0c1d2b4e5f60

The comment names the reviewer, the date (UTC) and a hash of what was approved: the key (msgctxt), the
source (msgid, msgid_plural) and every translation (msgstr, msgstr[n]). Any later edit of any of them
changes the hash, so the approval is void without anyone having to remember to revoke it: a void
approval is never trusted (the entry counts as not approved) and ``quizkit check`` reports it.

A translator comment, because every tool in a translator's path keeps one with its entry: GNU msgmerge
and msgcat, translate-toolkit (and so Weblate), Poedit, ``quizkit update`` and XLIFF round trips (in a
``translator-comment`` note). A sidecar file would have to follow every rename, obsolete entry and
restoration that msgmerge does to the catalog on its own. The hash is a record, not a signature:
anyone can write such a comment, as anyone can edit a catalog; version control says who did.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from toolkit.errors import QuizkitError
from toolkit.gettext.catalog import CatalogEntry

PREFIX = "quizkit approved:"
IMPORTED_FROM = "Imported from {file}; translated there, not reviewed in quizkit."
"""The translator comment on every translation ``quizkit import`` takes from a question bank (``{file}``:
the bank file, :mod:`toolkit.catalogs.imported`): a person translated it, nobody has reviewed it here."""
_IMPORTED_BEFORE, _, _IMPORTED_AFTER = IMPORTED_FROM.partition("{file}")
MAX_REVIEWER_LENGTH = 100
_APPROVAL = re.compile(r"^\s*quizkit approved:\s*(?P<reviewer>.*?)\s+(?P<date>\S+)\s+(?P<hash>\S+)\s*$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_HASH = re.compile(r"^[0-9a-f]{16}$")


@dataclass(frozen=True)
class Approval:
    reviewer: str
    date: str
    hash: str


def approval_hash(entry: CatalogEntry) -> str:
    """What an approval of ``entry`` in its present form records: 64 bits of SHA-256 over the key,
    the source and every translation (an accident never matches; nobody is kept from forging one)."""
    what = [entry.context, entry.msgid, entry.msgid_plural, list(entry.translations)]
    encoded = json.dumps(what, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(encoded).hexdigest()[:16]


def is_approval_comment(comment: str) -> bool:
    return comment.lstrip().startswith(PREFIX)


def approvals(entry: CatalogEntry) -> list[Approval]:
    """Every approval comment of ``entry`` that can be read; see :func:`unreadable_approvals`."""
    found = []
    for comment in entry.translator_comments:
        match = _APPROVAL.match(comment)
        if match and _DATE.match(match["date"]) and _HASH.match(match["hash"]) and match["reviewer"]:
            found.append(Approval(match["reviewer"], match["date"], match["hash"]))
    return found


def unreadable_approvals(entry: CatalogEntry) -> list[str]:
    """Approval comments that do not say ``<reviewer> <YYYY-MM-DD> <16 hex digits>``: never trusted."""
    readable = {
        comment
        for comment in entry.translator_comments
        if (match := _APPROVAL.match(comment))
        and _DATE.match(match["date"])
        and _HASH.match(match["hash"])
        and match["reviewer"]
    }
    return [
        comment
        for comment in entry.translator_comments
        if is_approval_comment(comment) and comment not in readable
    ]


def valid_approval(entry: CatalogEntry) -> Approval | None:
    """The approval that holds for ``entry`` as it is now: a translated (not fuzzy, complete) entry
    whose approval hash matches; None otherwise."""
    if not entry.is_translated:
        return None
    current = approval_hash(entry)
    return next((approval for approval in approvals(entry) if approval.hash == current), None)


def is_approved(entry: CatalogEntry) -> bool:
    return valid_approval(entry) is not None


def imported_from(entry: CatalogEntry) -> str | None:
    """The file an imported translation of ``entry`` came from (its :data:`IMPORTED_FROM` comment), or
    None."""
    for comment in entry.translator_comments:
        text = comment.strip()
        if text.startswith(_IMPORTED_BEFORE) and text.endswith(_IMPORTED_AFTER):
            file = text[len(_IMPORTED_BEFORE) : len(text) - len(_IMPORTED_AFTER)]
            if file:
                return file
    return None


def unreviewed_import(entry: CatalogEntry) -> str | None:
    """The file ``entry``'s translation was imported from while nobody has approved it in quizkit (no
    valid approval); None for any other entry."""
    file = imported_from(entry)
    return None if file is None or is_approved(entry) else file


def void_approvals(entry: CatalogEntry) -> list[Approval]:
    """Approvals of an earlier form of ``entry``: its key, source or translation changed since."""
    current = approval_hash(entry)
    return [approval for approval in approvals(entry) if approval.hash != current]


def is_pending(entry: CatalogEntry) -> bool:
    """Awaits review: translated (not fuzzy, every form filled in) and without a valid approval."""
    return entry.is_translated and not is_approved(entry)


def today() -> str:
    return datetime.now(UTC).date().isoformat()


class ReviewerError(QuizkitError, ValueError):
    pass


def checked_reviewer(reviewer: str) -> str:
    """``reviewer`` as it goes into the comment; a name that cannot be written there is refused."""
    name = " ".join(reviewer.split())
    if not name:
        raise ReviewerError("the reviewer's name is empty; pass --reviewer NAME")
    if any(ord(character) < 0x20 or 0x7F <= ord(character) < 0xA0 for character in reviewer):
        raise ReviewerError("the reviewer's name holds a control character; write it as plain text")
    if len(name) > MAX_REVIEWER_LENGTH:
        raise ReviewerError(f"the reviewer's name is longer than {MAX_REVIEWER_LENGTH} characters")
    return name


def approved(entry: CatalogEntry, reviewer: str, date: str | None = None) -> CatalogEntry:
    """``entry`` approved by ``reviewer`` (on ``date``, default today), any earlier approval replaced.

    Only a translated entry can be approved: a fuzzy or incomplete one raises ``ValueError``.
    """
    if not entry.is_translated:
        raise ValueError(f"{entry.context or entry.msgid}: only a translated entry can be approved")
    comment = f"{PREFIX} {checked_reviewer(reviewer)} {date or today()} {approval_hash(entry)}"
    return replace(entry, translator_comments=(*_without_approvals(entry), comment))


def revoked(entry: CatalogEntry) -> CatalogEntry:
    """``entry`` without any approval comment (valid, void or unreadable)."""
    return replace(entry, translator_comments=_without_approvals(entry))


def _without_approvals(entry: CatalogEntry) -> tuple[str, ...]:
    return tuple(comment for comment in entry.translator_comments if not is_approval_comment(comment))
