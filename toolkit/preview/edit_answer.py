"""What the server answers a save from the translator view: the outcome of :func:`.editor.save`, then
the preview rebuilt from the saved catalog (the open player pages reload with it).

The page's script asks for JSON (``Accept: application/json``) and shows the outcome in place; a plain
form post (no script) is sent back to the entry it saved (303), or told in words why not.
"""

from __future__ import annotations

import json
from http import HTTPStatus
from urllib.parse import quote

from toolkit.preview.editor import Conflict, Edit, EditError, Saved, save
from toolkit.preview.entry_view import entry_id, entry_state
from toolkit.preview.session import PreviewSession

CONFLICT_MESSAGE = (
    "This translation changed on disk since the page was read (saved in a PO editor?), so nothing was "
    "written. Keep yours or the one on disk:"
)


def saved_message(saved: Saved, locale: str, require_approved: bool) -> str:
    """What the view says of a save: where it went, and, when the player does not show the saved text,
    why and what makes it show (the project's release gate voids an approval at every edit)."""
    said = [f"Saved to {saved.file}."]
    if saved.merged:
        said.append(
            "The file had changed on disk since the page was read; those changes to other entries are kept."
        )
    unshown = _why_not_shown(saved, locale, require_approved)
    if unshown is not None:
        said.append(unshown)
    return " ".join(said)


def _why_not_shown(saved: Saved, locale: str, require_approved: bool) -> str | None:
    from toolkit.gettext.review import is_approved

    entry = saved.entry
    if entry.is_fuzzy:
        gate = " and a reviewer approves it" if require_approved else ""
        return (
            "It is marked fuzzy: the player shows the source text in its place until the mark is "
            f"removed{gate}."
        )
    if require_approved and entry.is_translated and not is_approved(entry):
        # The view does not know who reviews: the command names the entry, and the reviewer adds a name.
        return (
            "It awaits review now: the project publishes only approved translations (require = "
            '"approved"), so the player shows the source text in its place until a reviewer approves it: '
            f"quizkit review approve --locale {locale} --key {entry.context} --reviewer NAME"
        )
    return None


def answer_edit(
    session: PreviewSession, edit: Edit, wants_json: bool
) -> tuple[HTTPStatus, bytes, str | None]:
    """(status, body, redirect location or None) for ``edit``."""
    config = session.mirror.source
    try:
        outcome = save(config, edit)
    except EditError as error:
        return HTTPStatus(error.status), (error.message + "\n").encode("utf-8"), None
    if isinstance(outcome, Conflict):
        if not wants_json:
            text = "\n".join(
                [
                    CONFLICT_MESSAGE,
                    f"yours: {json.dumps(list(outcome.yours), ensure_ascii=False)}",
                    f"on disk: {json.dumps(list(outcome.on_disk), ensure_ascii=False)}",
                ]
            )
            return HTTPStatus.CONFLICT, (text + "\n").encode("utf-8"), None
        payload: dict[str, object] = {
            "outcome": "conflict",
            "message": CONFLICT_MESSAGE,
            "file": outcome.file,
            "yours": list(outcome.yours),
            "yours_fuzzy": outcome.yours_fuzzy,
            "on_disk": list(outcome.on_disk),
            "disk_fuzzy": outcome.disk_fuzzy,
            "digest": outcome.digest,
        }
        return HTTPStatus.CONFLICT, _json(payload), None
    # The player pages follow the saved catalog; the watcher sees the save too, and finds it built.
    state = session.rebuild()
    if not wants_json:
        location = f"/translate/{quote(edit.quiz)}/{quote(edit.locale)}#{quote(entry_id(edit.key))}"
        return HTTPStatus.SEE_OTHER, b"", location
    payload = {
        "outcome": "saved",
        "message": saved_message(outcome, edit.locale, config.require_approved),
        "state": entry_state(outcome.entry),
        "translations": list(outcome.entry.translations),
        "fuzzy": outcome.entry.is_fuzzy,
        "digest": outcome.digest,
        "findings": [
            {"severity": str(item.severity), "text": f"{item.severity}[{item.code}]: {item.message}"}
            for item in outcome.findings
        ],
        "version": state.version,
        "problems": [problem.to_dict() for problem in state.problems],
    }
    return HTTPStatus.OK, _json(payload), None


def _json(payload: dict[str, object]) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")
