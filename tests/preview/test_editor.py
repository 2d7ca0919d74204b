"""Saves from the translator view, through the server in this process: what lands in the author's
catalog (byte for byte what GNU msgcat writes), the checks' findings on the entry, an edit made on disk
meanwhile (refused with both versions when it is this entry's, kept when it is another's), and every
request that must write nothing (no token, another origin, a rebound host name, a path outside the
catalogs, a malformed form), each answered with its exact words. The browser's side is
test_editor_browser.py."""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import lxml.html
import pytest
from support import run_quizkit

from toolkit.concurrency.lock import project_lock
from toolkit.config import load_config
from toolkit.preview import PreviewServer, PreviewSession
from toolkit.scaffold import create_project

TITLE = "first-quiz.title"
DESCRIPTION = "first-quiz.description"
BLANKS = "first-quiz.questions.fill-the-cycle.text"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    create_project(tmp_path / "demo", ["fr", "ur"])
    return tmp_path / "demo"


@pytest.fixture
def server(project: Path) -> Iterator[PreviewServer]:
    session = PreviewSession(load_config(project))
    with session.opened():
        session.rebuild()
        running = PreviewServer(session, "127.0.0.1", 0)
        thread = running.serve_in_thread()
        try:
            yield running
        finally:
            session.stop()
            running.shutdown()
            running.server_close()
            thread.join()


def catalog(project: Path, locale: str = "fr") -> Path:
    return project / "locales" / locale / "LC_MESSAGES" / "first-quiz.po"


def origin(server: PreviewServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}"


def request(
    server: PreviewServer,
    method: str,
    target: str,
    body: bytes = b"",
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes, dict[str, str]]:
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=60)
    try:
        connection.request(method, target, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        connection.close()


def view(server: PreviewServer, locale: str = "fr") -> lxml.html.HtmlElement:
    status, body, _ = request(server, "GET", f"/translate/first-quiz/{locale}")
    assert status == 200
    return lxml.html.fromstring(body)


def form_of(page: lxml.html.HtmlElement, key: str) -> dict[str, str]:
    """The fields the page's form for ``key`` posts, as it is."""
    (form,) = page.xpath(f"//li[@data-key='{key}']//form[@class='edit']")
    fields = {field.get("name"): field.get("value") or "" for field in form.xpath(".//input[@type='hidden']")}
    for area in form.xpath(".//textarea"):
        fields[area.get("name")] = area.text or ""
    if form.xpath(".//input[@name='fuzzy']/@checked"):
        fields["fuzzy"] = "1"
    return fields


def save(
    server: PreviewServer,
    fields: dict[str, str],
    *,
    headers: dict[str, str] | None = None,
    target: str = "/translate/first-quiz/fr",
) -> tuple[int, bytes, dict[str, str]]:
    sent = {
        "Origin": origin(server),
        "Content-Type": "application/x-www-form-urlencoded",
        "Accept": "application/json",
        **(headers or {}),
    }
    return request(server, "POST", target, urlencode(fields).encode("ascii"), sent)


def saved(server: PreviewServer, fields: dict[str, str], **options: object) -> dict[str, object]:
    status, body, headers = save(server, fields, **options)  # type: ignore[arg-type]
    assert (status, headers["Content-Type"]) == (200, "application/json"), body
    answer: dict[str, object] = json.loads(body)
    return answer


def test_a_save_lands_in_the_catalog_as_msgcat_writes_it_and_the_player_shows_it(
    server: PreviewServer, project: Path
) -> None:
    assert "Le cycle hydrologique" not in request(server, "GET", "/first-quiz/fr.html")[1].decode("utf-8")
    fields = form_of(view(server), TITLE) | {"target-0": "Le cycle hydrologique\nen deux lignes"}
    answer = saved(server, fields)
    data = catalog(project).read_bytes()
    assert answer == {
        "outcome": "saved",
        "message": "Saved to locales/fr/LC_MESSAGES/first-quiz.po.",
        "state": "translated",
        "translations": ["Le cycle hydrologique\nen deux lignes"],
        "fuzzy": False,
        "digest": hashlib.sha256(data).hexdigest(),
        "findings": [],
        "version": 2,
        "problems": [],
    }
    assert (
        b'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""\n"Le cycle hydrologique\\n"\n"en deux lignes"\n'
    ) in data
    # GNU msgcat writes the file as it is: the view saved it in msgcat's form (gettext is a test
    # dependency, installed by .ci/run).
    assert shutil.which("msgcat") is not None, "GNU gettext (msgcat) is not installed"
    written = subprocess.run(["msgcat", str(catalog(project))], capture_output=True, check=True).stdout
    assert written == data
    # The preview was rebuilt from it: the player page shows the new title.
    player = request(server, "GET", "/first-quiz/fr.html")[1].decode("utf-8")
    assert "Le cycle hydrologique" in player
    # And the view shows it translated, with the digest of the file as written.
    page = view(server)
    assert page.xpath(f"//li[@data-key='{TITLE}']/@data-state") == ["translated"]
    assert form_of(page, TITLE)["digest"] == answer["digest"]


def test_an_edit_that_voids_an_approval_says_the_player_shows_the_source_until_it_is_approved(
    server: PreviewServer, project: Path
) -> None:
    """With the release gate on, an edit voids the entry's approval: the outcome says so and names the
    command that approves it, and the view lists the title among what is shown in the source language."""
    fields = form_of(view(server), TITLE) | {"target-0": "Le cycle de l'eau"}
    assert saved(server, fields)["message"] == "Saved to locales/fr/LC_MESSAGES/first-quiz.po."
    approved = run_quizkit(
        project, "review", "approve", "--locale", "fr", "--key", TITLE, "--reviewer", "Rev"
    )
    assert approved.returncode == 0, approved.stderr
    config = project / "quizkit.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'require = "approved"\n', encoding="utf-8")
    assert server.session.rebuild().problems == ()
    player = request(server, "GET", "/first-quiz/fr.html")[1].decode("utf-8")
    assert re.findall("<h1[^<]*</h1>", player) == ['<h1 dir="ltr">Le cycle de l\'eau</h1>']
    fields = form_of(view(server), TITLE) | {"target-0": "Le cycle hydrologique"}
    assert saved(server, fields)["message"] == (
        "Saved to locales/fr/LC_MESSAGES/first-quiz.po. It awaits review now: the project publishes only "
        'approved translations (require = "approved"), so the player shows the source text in its place '
        "until a reviewer approves it: quizkit review approve --locale fr --key first-quiz.title "
        "--reviewer NAME"
    )
    player = request(server, "GET", "/first-quiz/fr.html")[1].decode("utf-8")
    assert "Le cycle hydrologique" not in player and ">The Water Cycle</h1>" in player
    page = view(server)
    assert page.xpath("//section[@class='fell-back-list']//li/text()")[:2] == [
        "the quiz title",
        "the quiz description",
    ]
    assert page.xpath(f"//li[@data-key='{TITLE}']/@class") == ["entry state-translated fell-back"]
    fields = form_of(page, DESCRIPTION) | {"target-0": "Comment l'eau circule", "fuzzy": "1"}
    assert saved(server, fields)["message"] == (
        "Saved to locales/fr/LC_MESSAGES/first-quiz.po. It is marked fuzzy: the player shows the source "
        "text in its place until the mark is removed and a reviewer approves it."
    )


def test_a_plain_form_post_is_sent_back_to_its_entry(server: PreviewServer, project: Path) -> None:
    fields = form_of(view(server), TITLE) | {"target-0": "Le cycle de l'eau"}
    status, body, headers = save(server, fields, headers={"Accept": "text/html"})
    assert (status, body, headers["Location"]) == (
        303,
        b"",
        "/translate/first-quiz/fr#entry-first-quiz.title",
    )
    assert 'msgstr "Le cycle de l\'eau"' in catalog(project).read_text(encoding="utf-8")


def test_a_save_shows_the_checks_findings_on_the_entry_at_once(server: PreviewServer) -> None:
    fields = form_of(view(server), BLANKS)
    dropped = "L'eau qui pénètre dans le sol devient {{store}}, et les plantes la rendent à l'air."
    answer = saved(server, fields | {"target-0": dropped})
    assert answer["findings"] == [
        {
            "severity": "error",
            "text": "error[blank-markers]: {{process}} is missing: keep each of {{store}}, {{process}} "
            "exactly once, unchanged (they may move)",
        }
    ]
    assert answer["state"] == "translated"
    assert [problem["code"] for problem in answer["problems"]] == ["blank-markers"]  # type: ignore[index, union-attr]
    page = view(server)
    (entry,) = page.xpath(f"//li[@data-key='{BLANKS}']")
    assert entry.get("data-findings") == "1"
    assert entry.xpath(".//li[@class='finding error']/text()") == [answer["findings"][0]["text"]]  # type: ignore[index]


def test_an_entry_changed_on_disk_meanwhile_is_refused_with_both_versions(
    server: PreviewServer, project: Path
) -> None:
    fields = form_of(view(server), TITLE)
    path = catalog(project)
    text = path.read_text(encoding="utf-8")
    in_po_editor = text.replace(
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""',
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le Cycle de l\'Eau"',
    )
    path.write_text(in_po_editor, encoding="utf-8")
    status, body, _ = save(server, fields | {"target-0": "Le cycle de l'eau"})
    assert status == 409
    answer = json.loads(body)
    assert answer == {
        "outcome": "conflict",
        "message": "This translation changed on disk since the page was read (saved in a PO editor?), so "
        "nothing was written. Keep yours or the one on disk:",
        "file": "locales/fr/LC_MESSAGES/first-quiz.po",
        "yours": ["Le cycle de l'eau"],
        "yours_fuzzy": False,
        "on_disk": ["Le Cycle de l'Eau"],
        "disk_fuzzy": False,
        "digest": hashlib.sha256(in_po_editor.encode()).hexdigest(),
    }
    assert path.read_text(encoding="utf-8") == in_po_editor
    # Keeping mine: the page saves again, having read what is on disk now.
    again = fields | {
        "target-0": "Le cycle de l'eau",
        "read-0": "Le Cycle de l'Eau",
        "digest": answer["digest"],
    }
    assert saved(server, again)["message"] == "Saved to locales/fr/LC_MESSAGES/first-quiz.po."
    assert 'msgstr "Le cycle de l\'eau"' in path.read_text(encoding="utf-8")


def test_an_edit_on_disk_to_another_entry_is_kept(server: PreviewServer, project: Path) -> None:
    fields = form_of(view(server), TITLE)
    path = catalog(project)
    description = "How water moves between the sea, the air and the land."
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            f'msgctxt "first-quiz.description"\nmsgid "{description}"\nmsgstr ""',
            f'msgctxt "first-quiz.description"\nmsgid "{description}"\nmsgstr "Comment l\'eau circule."',
        ),
        encoding="utf-8",
    )
    answer = saved(server, fields | {"target-0": "Le cycle de l'eau", "fuzzy": "1"})
    assert answer["message"] == (
        "Saved to locales/fr/LC_MESSAGES/first-quiz.po. The file had changed on disk since the page was "
        "read; those changes to other entries are kept. It is marked fuzzy: the player shows the source "
        "text in its place until the mark is removed."
    )
    assert answer["state"] == "fuzzy"
    text = path.read_text(encoding="utf-8")
    assert 'msgstr "Comment l\'eau circule."' in text
    assert (
        '#, fuzzy\nmsgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle de l\'eau"' in text
    )


def test_a_reviewed_fuzzy_entry_drops_its_flag_and_previous_source(
    server: PreviewServer, project: Path
) -> None:
    path = catalog(project)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""',
            '#, fuzzy\n#| msgid "The Rain Cycle"\nmsgctxt "first-quiz.title"\nmsgid "The Water Cycle"\n'
            'msgstr "Le cycle de la pluie"',
        ),
        encoding="utf-8",
    )
    page = view(server)
    # While fuzzy, the view shows the source the translation was made for (the #| line), as Poedit does.
    (previous,) = page.xpath(f"//li[@data-key='{TITLE}']//section[@class='previous']")
    assert [text.strip() for text in previous.itertext() if text.strip()] == [
        "Previous source (what the translation was made for)",
        "The Rain Cycle",
    ]
    assert previous.xpath("./p/@lang") == ["en"]
    fields = form_of(page, TITLE)
    assert (fields["read-0"], fields["read-fuzzy"], fields["fuzzy"]) == ("Le cycle de la pluie", "1", "1")
    # A save that keeps it fuzzy keeps the previous source.
    answer = saved(server, fields | {"target-0": "Le cycle de l'eau ?"})
    assert (answer["state"], answer["fuzzy"]) == ("fuzzy", True)
    assert '#| msgid "The Rain Cycle"\nmsgctxt "first-quiz.title"' in path.read_text(encoding="utf-8")
    fields = form_of(view(server), TITLE)
    del fields["fuzzy"]
    answer = saved(server, fields | {"target-0": "Le cycle de l'eau"})
    assert (answer["state"], answer["fuzzy"]) == ("translated", False)
    assert (
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle de l\'eau"\n'
        in path.read_text(encoding="utf-8")
    )
    assert (
        "#| msgid"
        not in path.read_text(encoding="utf-8").split('"first-quiz.title"')[0].rsplit("\n\n", 1)[-1]
    )


TOKENLESS = "refused: the request carries no valid session token; reload the translator view (quizkit serve makes a new token each time it starts)\n"


@pytest.mark.parametrize(
    ("change", "headers", "status", "expected"),
    [
        ({"token": None}, {}, 403, TOKENLESS),
        ({"token": "not-the-token"}, {}, 403, TOKENLESS),
        (
            {},
            {"Origin": "http://attacker.example"},
            403,
            "refused: the request comes from http://attacker.example, another site; the translator view saves "
            "only from its own page (http://127.0.0.1:{port})\n",
        ),
        (
            {},
            {"Origin": "http://127.0.0.1:1"},
            403,
            "refused: the request comes from http://127.0.0.1:1, another site; the translator view saves only "
            "from its own page (http://127.0.0.1:{port})\n",
        ),
        (
            {},
            {"Origin": "null"},
            403,
            "refused: the request comes from null, another site; the translator view saves only from its own "
            "page (http://127.0.0.1:{port})\n",
        ),
        (
            {},
            {"Sec-Fetch-Site": "same-site"},
            403,
            "refused: the browser says the request comes from another site (Sec-Fetch-Site: same-site); the "
            "translator view saves only from its own page (http://127.0.0.1:{port})\n",
        ),
        (
            {},
            {"Host": "rebound.attacker.example:{port}", "Origin": "http://rebound.attacker.example:{port}"},
            403,
            "refused: the request names the host 'rebound.attacker.example:{port}'; this preview answers only to "
            "127.0.0.1, localhost and [::1] on port {port}\n",
        ),
        (
            {},
            {"Content-Type": "text/plain"},
            415,
            "refused: a save is sent as application/x-www-form-urlencoded, not text/plain\n",
        ),
        ({"key": None}, {}, 400, "the form names no entry (the field key)\n"),
        (
            {"read-0": None},
            {},
            400,
            "the form does not say what the page read (a read-N field for each target-N)\n",
        ),
        ({"target-0": None}, {}, 400, "the form has no translation (the field target-0)\n"),
        (
            {"key": "first-quiz.no-such"},
            {},
            409,
            "locales/fr/LC_MESSAGES/first-quiz.po has no entry first-quiz.no-such now (changed on disk?); reload the page\n",
        ),
        ({"target-0": "a\0b"}, {}, 400, "a translation cannot hold a NUL character\n"),
    ],
)
def test_a_save_that_must_write_nothing_is_refused_in_words(
    server: PreviewServer,
    project: Path,
    change: dict[str, str | None],
    headers: dict[str, str],
    status: int,
    expected: str,
) -> None:
    port = server.server_address[1]
    before = catalog(project).read_bytes()
    fields = form_of(view(server), TITLE) | {"target-0": "Piraté"}
    for name, value in change.items():
        if value is None:
            fields.pop(name)
        else:
            fields[name] = value
    answer = save(server, fields, headers={name: value.format(port=port) for name, value in headers.items()})
    assert (answer[0], answer[1].decode("utf-8"), answer[2]["Content-Type"]) == (
        status,
        expected.format(port=port),
        "text/plain; charset=utf-8",
    )
    assert catalog(project).read_bytes() == before


@pytest.mark.parametrize(
    "target",
    [
        "/translate/first-quiz/de",
        "/translate/first-quiz/en",
        "/translate/no-such-quiz/fr",
        "/translate/%2e%2e/fr",
        "/translate/first-quiz/fr%00",
        "/translate/..%2f..%2fquizkit/fr",
        "/translate/first-quiz/..%2f..%2f..%2ffr",
    ],
)
def test_a_save_outside_the_catalogs_is_refused(server: PreviewServer, project: Path, target: str) -> None:
    expected = (
        b"nothing to save here; saves go to /translate/QUIZ/LOCALE\n"
        if "%2f" in target
        else b"no such quiz or target locale\n"
    )
    fields = form_of(view(server), TITLE) | {"target-0": "Piraté"}
    before = {
        path: path.read_bytes()
        for path in project.rglob("*")
        if path.is_file() and ".quizkit" not in path.parts
    }
    status, body, _ = save(server, fields, target=target)
    assert (status, body) == (404, expected)
    after = {
        path: path.read_bytes()
        for path in project.rglob("*")
        if path.is_file() and ".quizkit" not in path.parts
    }
    assert after == before


def test_other_requests_that_write_are_refused(server: PreviewServer) -> None:
    body = urlencode(form_of(view(server), TITLE)).encode()
    headers = {"Origin": origin(server), "Content-Type": "application/x-www-form-urlencoded"}
    assert request(server, "POST", "/index.html", body, headers)[:2] == (
        404,
        b"nothing to save here; saves go to /translate/QUIZ/LOCALE\n",
    )
    assert request(
        server, "OPTIONS", "/translate/first-quiz/fr", headers={"Origin": "http://attacker.example"}
    )[:2] == (
        403,
        b"refused: the preview answers no cross-origin request\n",
    )
    big = {"Content-Length": str(2 * 1024 * 1024), **headers}
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=60)
    try:
        connection.putrequest("POST", "/translate/first-quiz/fr")
        for name, value in big.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        assert (response.status, response.read()) == (
            413,
            b"refused: a save of 2,097,152 bytes; one entry's texts are at most 1,048,576\n",
        )
    finally:
        connection.close()
    status, answer, response_headers = request(
        server, "POST", "/translate/first-quiz/fr", b"key=%ff", headers
    )
    assert (status, answer) == (400, b"the form is not URL-encoded UTF-8\n")
    # No page of another site may embed or frame what the preview serves.
    assert response_headers["Cross-Origin-Resource-Policy"] == "same-origin"


def test_a_save_while_another_command_writes_the_project_is_refused(
    server: PreviewServer, project: Path
) -> None:
    fields = form_of(view(server), TITLE) | {"target-0": "Le cycle de l'eau"}
    before = catalog(project).read_bytes()
    with project_lock(project, "update"):
        status, body, _ = save(server, fields)
    assert status == 409
    assert re.fullmatch(
        r"another quizkit command is changing this project \(.*\); nothing was saved: try saving again in a moment\n",
        body.decode("utf-8"),
    ), body
    assert catalog(project).read_bytes() == before
    assert saved(server, fields)["state"] == "translated"  # once it is done


def test_the_view_of_a_right_to_left_locale_marks_its_targets(server: PreviewServer, project: Path) -> None:
    page = view(server, "ur")
    (area,) = page.xpath(f"//li[@data-key='{TITLE}']//textarea")
    assert (area.get("lang"), area.get("dir")) == ("ur", "rtl")
    assert page.xpath(f"//li[@data-key='{TITLE}']//section[@class='source']/p/@dir") == ["ltr"]


def test_urdu_phrases_in_notes_are_isolated_from_the_english_around_them(
    server: PreviewServer, project: Path
) -> None:
    # The review of issue 40 saw "Masculine (ہر GPU … رکھتا ہے)." shown with its brackets and words
    # reordered: the Urdu phrase, with a Latin word inside it, was not isolated from the English note.
    glossary = project / "locales" / "glossary" / "ur.yaml"
    glossary.parent.mkdir(parents=True, exist_ok=True)
    glossary.write_text(
        "locale: ur\nterms:\n  - english: water\n    preferred: پانی\n"
        "    note: Masculine (ہر GPU … رکھتا ہے), plural پانیوں.\n",
        encoding="utf-8",
    )
    path = catalog(project, "ur")
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            'msgctxt "first-quiz.title"', '# Not آب (ہر GPU).\nmsgctxt "first-quiz.title"', 1
        ),
        encoding="utf-8",
    )
    page = view(server, "ur")
    (title,) = page.xpath(f"//li[@data-key='{TITLE}']")
    (term,) = title.xpath("section[@class='terms']//li")
    assert term.text_content() == "water → پانی (Masculine (ہر GPU … رکھتا ہے), plural پانیوں.)"
    assert [(bdi.text, bdi.get("dir"), bdi.get("lang")) for bdi in term.xpath("bdi")] == [
        ("ہر GPU … رکھتا ہے", "rtl", "ur"),
        ("پانیوں", "rtl", "ur"),
    ]
    notes = title.xpath("section[@class='notes']//li")
    assert [note.text_content() for note in notes][-1] == "Not آب (ہر GPU)."
    assert notes[-1].xpath("bdi/text()") == ["آب", "ہر"]


def test_the_view_shows_glossary_terms_memory_suggestions_and_the_screenshot(
    server: PreviewServer, project: Path
) -> None:
    path = catalog(project)
    path.write_text(
        path.read_text(encoding="utf-8").replace(
            'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""',
            'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle de l\'eau"',
        ),
        encoding="utf-8",
    )
    glossary = project / "locales" / "glossary" / "fr.yaml"
    glossary.parent.mkdir(parents=True, exist_ok=True)
    glossary.write_text(
        "locale: fr\nterms:\n  - english: water\n    preferred: eau\n    note: féminin\n", encoding="utf-8"
    )
    shot = project / "screenshots" / "fr" / f"{TITLE}.png"
    shot.parent.mkdir(parents=True)
    shot.write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    page = view(server)
    (title,) = page.xpath(f"//li[@data-key='{TITLE}']")
    assert [item.text_content() for item in title.xpath("section[@class='terms']//li")] == [
        "water → eau (féminin)"
    ]
    # A link to the full-size picture, which a phone's narrow view would shrink past reading.
    (link,) = title.xpath("section[@class='screenshot']/a")
    assert (link.get("href"), link.get("class")) == (
        "/__quizkit/screenshots/fr/first-quiz.title.png",
        "full-size",
    )
    (image,) = link.xpath("img")
    assert image.get("src") == "/__quizkit/screenshots/fr/first-quiz.title.png"
    assert image.get("alt") == "first-quiz.title where the learner sees it (opens full size)"
    status, data, headers = request(server, "GET", image.get("src"))
    assert (status, data, headers["Content-Type"]) == (200, shot.read_bytes(), "image/png")
    for target in (
        "/__quizkit/screenshots/fr/..%2f..%2fquizkit.toml",
        "/__quizkit/screenshots/de/first-quiz.title.png",
        "/__quizkit/screenshots/fr/first-quiz.description.png",
    ):
        assert request(server, "GET", target)[:2] == (404, b"no such screenshot\n")
    assert title.xpath("section[@class='suggestions']") == []  # its own translation is no suggestion
    assert page.xpath(f"//li[@data-key='{DESCRIPTION}']/section[@class='screenshot']/p/text()") == [
        "No screenshot yet (quizkit screenshots makes them)."
    ]


def test_the_memory_suggests_translations_of_like_sources(server: PreviewServer, project: Path) -> None:
    memory = project / "locales" / "memory" / "older.tmx"
    memory.parent.mkdir(parents=True, exist_ok=True)
    memory.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="t" '
        'creationtoolversion="1" segtype="sentence" o-tmf="po" adminlang="en" srclang="en" '
        'datatype="plaintext"/><body><tu><tuv xml:lang="en"><seg>The Water Cycles</seg></tuv>'
        '<tuv xml:lang="fr"><seg>Les cycles de l’eau</seg></tuv></tu></body></tmx>\n',
        encoding="utf-8",
    )
    page = view(server)
    (suggestion,) = page.xpath(f"//li[@data-key='{TITLE}']/section[@class='suggestions']//li")
    assert suggestion.text_content() == "Use 97% Les cycles de l’eau older.tmx"
    (use,) = suggestion.xpath("button")
    assert json.loads(use.get("data-texts")) == ["Les cycles de l’eau"]
    assert suggestion.xpath("span/@dir") == ["ltr"]


def test_the_view_says_when_the_content_has_texts_the_catalog_has_no_entry_for_yet(
    server: PreviewServer, project: Path
) -> None:
    assert view(server).xpath("//p[@class='missing']") == []
    quiz = project / "content" / "first-quiz.yaml"
    text = quiz.read_text(encoding="utf-8")
    quiz.write_text(
        text.replace("      - {id: fog,", "      - {id: sleet, text: Sleet}\n      - {id: fog,"),
        encoding="utf-8",
    )
    assert server.session.rebuild().problems == ()
    assert view(server).xpath("string(//p[@class='missing'])") == (
        "1 text of the quiz has no entry in this catalog yet (the content changed since quizkit update): run "
        "quizkit update to add it here."
    )


def test_a_plural_entry_is_edited_form_by_form(server: PreviewServer, project: Path) -> None:
    status, body, _ = request(server, "GET", "/translate/ui/fr")
    assert status == 200
    page = lxml.html.fromstring(body)
    key = "ui.score-points"
    (item,) = page.xpath(f"//li[@data-key='{key}']")
    assert [p.text for p in item.xpath("section[@class='source']/p")] == [
        "You scored {count} point out of {total}.",
        "You scored {count} points out of {total}.",
    ]
    assert item.xpath(".//form//label[not(@class)]/text()") == [
        "Translation (fr), form 0 (one)",
        "Translation (fr), form 1 (many)",
        "Translation (fr), form 2 (other)",
    ]
    fields = form_of(page, key) | {
        "target-0": "Vous avez obtenu {count} point sur {total}.",
        "target-1": "Vous avez obtenu {count} de points sur {total}.",
        "target-2": "Vous avez obtenu {count} points.",
    }
    answer = saved(server, fields, target="/translate/ui/fr")
    assert answer["translations"] == [fields["target-0"], fields["target-1"], fields["target-2"]]
    # The checks look at each form: the last one lost a placeholder.
    assert answer["findings"] == [
        {"severity": "error", "text": "error[placeholders]: placeholder {total} missing in msgstr[2]"}
    ]
    text = (project / "locales" / "fr" / "LC_MESSAGES" / "ui.po").read_text(encoding="utf-8")
    assert (
        'msgstr[0] "Vous avez obtenu {count} point sur {total}."\n'
        'msgstr[1] "Vous avez obtenu {count} de points sur {total}."\n'
        'msgstr[2] "Vous avez obtenu {count} points."\n'
    ) in text
    two = {name: value for name, value in fields.items() if not name.endswith("-2")}
    status, refused, _ = save(server, two, target="/translate/ui/fr")
    assert (status, refused) == (400, b"ui.score-points has 3 translation form(s); the save sent 2\n")


def test_a_read_only_catalog_is_left_as_it_is_and_said(server: PreviewServer, project: Path) -> None:
    fields = form_of(view(server), TITLE) | {"target-0": "Le cycle de l'eau"}
    path = catalog(project)
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        status, body, _ = save(server, fields)
    finally:
        path.chmod(0o644)
    assert (status, body.decode("utf-8")) == (
        409,
        "locales/fr/LC_MESSAGES/first-quiz.po: the file is read-only; quizkit does not replace it (make it "
        "writable, chmod u+w, and run again); nothing was written\n",
    )
    assert path.read_bytes() == before


def test_saves_at_once_from_one_page_are_all_written(server: PreviewServer, project: Path) -> None:
    import threading

    page = view(server)
    keys = [
        TITLE,
        DESCRIPTION,
        "first-quiz.questions.sun-drives.prompt",
        "first-quiz.questions.sun-drives.explanation",
    ]
    answers: dict[str, int] = {}

    def one(key: str) -> None:
        answers[key] = save(server, form_of(page, key) | {"target-0": f"traduction de {key}"})[0]

    threads = [threading.Thread(target=one, args=(key,)) for key in keys]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == dict.fromkeys(keys, 200)
    text = catalog(project).read_text(encoding="utf-8")
    assert all(f'msgstr "traduction de {key}"' in text for key in keys)
