"""The preview server in this process: what it serves (and refuses), the overlay's problems located in
the author's files, the translator view, and that it writes nowhere but its preview folder."""

from __future__ import annotations

import http.client
import json
import posixpath
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lxml.html
import pytest
from support import run_quizkit, snapshot

from toolkit.config import load_config
from toolkit.exporters.player.assets import content_security_policy
from toolkit.preview import PREVIEW_FOLDER, PreviewServer, PreviewSession
from toolkit.preview.page import widened_policy, with_preview
from toolkit.preview.server import site_file
from toolkit.scaffold import create_project


def outside_preview(project: Path) -> dict[str, bytes]:
    return {name: data for name, data in snapshot(project).items() if not name.startswith(".quizkit/")}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    create_project(tmp_path / "demo", ["fr"])
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


def get(server: PreviewServer, target: str, host: str | None = None) -> tuple[int, bytes, dict[str, str]]:
    """A request for exactly ``target`` (http.client sends the path as given: no normalizing of ``..``)."""
    connection = http.client.HTTPConnection(*server.server_address[:2], timeout=10)
    try:
        connection.putrequest("GET", target, skip_host=host is not None)
        if host is not None:
            connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        connection.close()


def test_pages_are_served_with_the_preview_script_and_a_widened_policy(server: PreviewServer) -> None:
    status, body, headers = get(server, "/first-quiz/fr.html")
    assert status == 200
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert b'<script src="/__quizkit/preview.js" data-version="1" defer></script></head>' in body
    exported = (server.session.site / "first-quiz" / "fr.html").read_bytes()
    assert b"preview.js" not in exported  # the file the exporter wrote is untouched
    assert get(server, "/")[1] == with_preview((server.session.site / "index.html").read_bytes(), 1)


def test_the_pages_assets_are_served_as_exported(server: PreviewServer) -> None:
    site = server.session.site
    document = lxml.html.fromstring((site / "first-quiz" / "fr.html").read_bytes())
    (stylesheet,) = document.xpath("//link[@rel='stylesheet']/@href")
    (script,) = document.xpath("//script/@src")
    for link, content_type in (
        (stylesheet, "text/css; charset=utf-8"),
        (script, "text/javascript; charset=utf-8"),
    ):
        assert link.startswith("../assets/")
        target = posixpath.normpath(posixpath.join("/first-quiz", link))  # as the browser asks for it
        status, body, headers = get(server, target)
        assert (status, headers["Content-Type"]) == (200, content_type)
        assert body == (site / target.removeprefix("/")).read_bytes()


def test_the_policy_allows_the_preview_server_and_nothing_else_new() -> None:
    # The exporter's own policy already allows the page's files ('self'): only the event stream is new.
    assert widened_policy(content_security_policy(True)) == (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'none'; font-src 'none'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'"
    )
    assert widened_policy(content_security_policy(False)) == widened_policy(content_security_policy(True))
    exported = (
        "default-src 'none'; script-src 'sha256-abc='; style-src 'sha256-def='; img-src 'none'; "
        "font-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'"
    )
    assert widened_policy(exported) == (
        "default-src 'none'; script-src 'sha256-abc=' 'self'; style-src 'sha256-def=' 'self'; "
        "img-src 'none'; font-src 'none'; connect-src 'self'; base-uri 'none'; form-action 'none'"
    )


@pytest.mark.parametrize(
    "target",
    [
        "/../quizkit.toml",
        "/../../../quizkit.toml",
        "/%2e%2e/%2e%2e/%2e%2e/quizkit.toml",
        "/%2E%2E%2F%2E%2E%2F%2E%2E%2Fquizkit.toml",
        "/first-quiz/..%2f..%2f..%2f..%2fquizkit.toml",
        "/..%5c..%5c..%5cquizkit.toml",
        "/%252e%252e/%252e%252e/%252e%252e/quizkit.toml",
        "/first-quiz/%00fr.html",
        "/%ff%fe",
        "//etc/passwd",
        "/.quizkit-cache/",
    ],
)
def test_nothing_outside_the_site_is_served(server: PreviewServer, target: str) -> None:
    status, body, _ = get(server, target)
    assert (status, body) == (404, b"not found\n")


def test_a_link_out_of_the_site_is_not_followed(server: PreviewServer, project: Path) -> None:
    (server.session.site / "outside.html").symlink_to(project / "quizkit.toml")
    assert get(server, "/outside.html")[0] == 404
    assert site_file(server.session.site, "/outside.html") is None
    assert (
        site_file(server.session.site, "/first-quiz/fr.html")
        == (server.session.site / "first-quiz" / "fr.html").resolve()
    )


def test_another_host_name_is_refused(server: PreviewServer) -> None:
    # A page elsewhere could point a name of its own at 127.0.0.1 (DNS rebinding) and read the preview.
    port = server.server_address[1]
    refused = "refused: the request names the host {}; this preview answers only to 127.0.0.1, localhost and [::1] on port {}\n"
    for host in (
        f"attacker.example:{port}",
        "attacker.example",
        f"127.0.0.1:{port + 1}",
        "127.0.0.1.attacker.example",
        "",
    ):
        shown = repr(host) if host else "(none)"
        assert get(server, "/index.html", host=host)[:2] == (403, refused.format(shown, port).encode())
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost"):
        assert get(server, "/index.html", host=host)[0] == 200


def test_the_state_names_the_authors_file_and_line_and_clears_when_fixed(
    server: PreviewServer, project: Path
) -> None:
    quiz = project / "content" / "first-quiz.yaml"
    good = quiz.read_text(encoding="utf-8")
    quiz.write_text(good.replace("level: beginner", "level: [beginner"), encoding="utf-8")
    broken = server.session.rebuild()
    problem = json.loads(get(server, "/__quizkit/state")[1])["problems"][0]
    assert broken.problems[0].file == "content/first-quiz.yaml"
    # Where PyYAML notices the unclosed list, as quizkit validate reports it.
    assert (problem["location"], problem["code"]) == ("content/first-quiz.yaml:6:6", "yaml-syntax")
    assert problem["message"].startswith("invalid YAML: ")
    quiz.write_text(good, encoding="utf-8")
    fixed = server.session.rebuild()
    assert fixed.problems == ()
    assert json.loads(get(server, "/__quizkit/state")[1])["problems"] == []


def test_a_broken_catalog_and_configuration_are_located_too(server: PreviewServer, project: Path) -> None:
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    catalog.write_text(catalog.read_text(encoding="utf-8") + '\nmsgid "unclosed\n', encoding="utf-8")
    problems = server.session.rebuild().problems
    assert [problem.file for problem in problems] == ["locales/fr/LC_MESSAGES/first-quiz.po"]
    config = project / "quizkit.toml"
    config.write_text(config.read_text(encoding="utf-8").replace('["fr"]', '["xx"]'), encoding="utf-8")
    problems = server.session.rebuild().problems
    assert [(problem.location(), problem.message) for problem in problems] == [
        ("quizkit.toml:3", "'xx' is not a locale CLDR knows; write it like 'ur' or 'ur_PK'")
    ]


def test_the_translator_view_shows_keys_states_and_fallen_back_questions(
    server: PreviewServer, project: Path
) -> None:
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    text = catalog.read_text(encoding="utf-8")
    text = text.replace(
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""',
        'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle de l\'eau"',
    )
    description = "How water moves between the sea, the air and the land."
    text = text.replace(
        f'msgctxt "first-quiz.description"\nmsgid "{description}"\nmsgstr ""',
        f'#, fuzzy\nmsgctxt "first-quiz.description"\nmsgid "{description}"\nmsgstr "Comment l\'eau circule"',
    )
    catalog.write_text(text, encoding="utf-8")
    assert server.session.rebuild().problems == ()
    status, body, headers = get(server, "/translate/first-quiz/fr")
    assert status == 200
    assert headers["Content-Security-Policy"] == (
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        "font-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )
    page = lxml.html.fromstring(body)
    (title,) = page.xpath("//li[@data-key='first-quiz.title']")
    assert (title.get("class"), title.get("data-state")) == ("entry state-translated", "translated")
    assert title.xpath("string(p[@class='state'])") == "translated"
    (source,) = title.xpath("section[@class='source']/p")
    assert (source.text, source.get("lang"), source.get("dir")) == ("The Water Cycle", "en", "ltr")
    assert title.xpath("section[@class='notes']//li/text()") == ["Title of the quiz."]
    (target,) = title.xpath("form//textarea")
    assert (target.text, target.get("lang"), target.get("dir")) == ("Le cycle de l'eau", "fr", "ltr")
    assert page.xpath("//li[@data-key='first-quiz.description']/@data-state") == ["fuzzy"]
    assert page.xpath("//li[@data-key='first-quiz.description']//input[@name='fuzzy']/@checked") == [
        "checked"
    ]
    assert page.xpath("//li[@data-key='first-quiz.questions.sun-drives.prompt']/@class") == [
        "entry state-untranslated fell-back"
    ]
    assert "sun-drives" in page.xpath("//section[@class='fell-back-list']//li/text()")
    entries = len(page.xpath("//li[@data-key]"))
    assert page.xpath("string(//p[@class='counts'])") == f"{entries - 2} untranslated, 1 fuzzy, 1 translated"
    for target in ("/translate/first-quiz/de", "/translate/no-such-quiz/fr", "/translate/..%2f/fr"):
        assert get(server, target)[0] == 404


def test_the_preview_writes_nowhere_but_its_folder(project: Path) -> None:
    before = outside_preview(project)
    session = PreviewSession(load_config(project))
    with session.opened():
        session.rebuild()
        quiz = project / "content" / "first-quiz.yaml"
        quiz.write_text(quiz.read_text(encoding="utf-8").replace("Water", "Rain"), encoding="utf-8")
        changed = outside_preview(project)
        state = session.rebuild()
    assert state.problems == ()
    assert state.rebuilt == ("first-quiz",)
    # The build's update made the copy's catalogs follow the edit; the author's stay as they were.
    assert outside_preview(project) == changed
    assert changed.keys() == before.keys()
    assert not (project / "dist").exists()
    copy = project / PREVIEW_FOLDER / "project" / "locales" / "first-quiz.pot"
    assert "The Rain Cycle" in copy.read_text(encoding="utf-8")
    assert "The Rain Cycle" not in (project / "locales" / "first-quiz.pot").read_text(encoding="utf-8")
    assert [path.name for path in (project / ".quizkit").iterdir()] == ["preview"]


def test_before_a_first_build_succeeds_every_page_is_the_waiting_page_with_the_problems(
    project: Path,
) -> None:
    quiz = project / "content" / "first-quiz.yaml"
    quiz.write_text(
        quiz.read_text(encoding="utf-8").replace("level: beginner", "level: expert"), encoding="utf-8"
    )
    session = PreviewSession(load_config(project))
    with session.opened():
        state = session.rebuild()
        running = PreviewServer(session, "127.0.0.1", 0)
        thread = running.serve_in_thread()
        try:
            status, body, headers = get(running, "/first-quiz/en.html")
            missing = get(running, "/first-quiz/en.css")[0]
        finally:
            session.stop()
            running.shutdown()
            running.server_close()
            thread.join()
    assert not state.built
    assert [(problem.location(), problem.code) for problem in state.problems] == [
        ("content/first-quiz.yaml:5:8", "invalid-value")
    ]
    assert status == 200
    assert b"<h1>Nothing built yet</h1>" in body
    assert b'<script src="/__quizkit/preview.js" defer data-version="0"></script>' in body
    assert headers["Content-Security-Policy"].startswith("default-src 'none'; script-src 'self'")
    assert missing == 404


@pytest.mark.parametrize(
    ("name", "watched"),
    [
        ("content/first-quiz.yaml", True),
        ("content/more/second.yaml", True),
        ("locales/fr/LC_MESSAGES/first-quiz.po", True),
        ("locales/glossary/fr.yaml", True),
        ("quizkit.toml", True),
        ("locales/fr/LC_MESSAGES/first-quiz.mo", False),  # the build's output
        ("content/.first-quiz.yaml.abc.quizkit.tmp", False),  # an atomic write in progress
        (".quizkit/preview/project/content/first-quiz.yaml", False),  # the copy itself
        ("dist/html/index.html", False),
        ("README.md", False),
    ],
)
def test_what_the_watcher_rebuilds_for(project: Path, name: str, watched: bool) -> None:
    session = PreviewSession(load_config(project))
    assert session.mirror.is_source(project / name) is watched


def test_a_port_in_use_is_refused_with_exit_1(project: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_quizkit(project, "serve", "--port", str(port))
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.splitlines()[-1] == f"cannot listen on 127.0.0.1:{port}: Address already in use"


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.2", "::"])
def test_serve_listens_on_loopback_only(project: Path, host: str) -> None:
    # The translator view writes the project's catalogs: no other machine may reach it.
    result = run_quizkit(project, "serve", "--port", "0", "--host", host)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for '--host': '{host}' is not one of '127.0.0.1', '::1', 'localhost'."
    )
    with pytest.raises(
        ValueError, match=f"the preview listens on loopback only \\(127.0.0.1, ::1, localhost\\), not {host}"
    ):
        PreviewServer(PreviewSession(load_config(project)), host, 0)


def test_the_translator_view_shows_an_approval_and_drops_it_when_the_translation_changes(
    server: PreviewServer, project: Path
) -> None:
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    translated = 'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle de l\'eau"'
    catalog.write_text(
        catalog.read_text(encoding="utf-8").replace(
            'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""', translated
        ),
        encoding="utf-8",
    )
    approved = run_quizkit(project, "review", "approve", "--key", "first-quiz.title", "--reviewer", "Ana")
    assert approved.returncode == 0, approved.stdout + approved.stderr
    assert server.session.rebuild().problems == ()
    page = get(server, "/translate/first-quiz/fr")[1].decode("utf-8")
    assert '<li class="entry state-approved" id="entry-first-quiz.title" data-key="first-quiz.title"' in page
    assert ", 0 translated, 1 approved</p>" in page
    # An edit of the approved translation voids the approval: the view shows it translated again.
    catalog.write_text(
        catalog.read_text(encoding="utf-8").replace("Le cycle de l'eau", "Le cycle de l’eau"),
        encoding="utf-8",
    )
    assert server.session.rebuild().problems == ()
    page = get(server, "/translate/first-quiz/fr")[1].decode("utf-8")
    assert (
        '<li class="entry state-translated" id="entry-first-quiz.title" data-key="first-quiz.title"' in page
    )


def started(session: PreviewSession, **options: Any) -> tuple[PreviewServer, threading.Thread]:
    running = PreviewServer(session, "127.0.0.1", 0, **options)
    return running, running.serve_in_thread()


def stopped_in_time(running: PreviewServer, thread: threading.Thread) -> bool:
    """Stop the server as ``quizkit serve`` does, in a thread of its own: whether it got done (a generous
    bound for a slow machine: a stop that waits on a client never gets done at all)."""

    def stop() -> None:
        running.session.stop()
        running.shutdown()
        running.server_close()
        thread.join()

    stopping = threading.Thread(target=stop, daemon=True)
    stopping.start()
    stopping.join(HANG_SECONDS)
    return not stopping.is_alive()


HANG_SECONDS = 60.0
"""What a test waits before it calls a wait a hang: never reached unless something hangs."""


def unfinished_request(running: PreviewServer) -> socket.socket:
    """A connection that sends half a request line and then nothing."""
    client = socket.create_connection(running.server_address[:2], timeout=HANG_SECONDS)
    client.sendall(b"GET /index.html HT")
    return client


def test_a_client_holding_an_unfinished_request_is_dropped_and_does_not_hold_the_stop(
    project: Path,
) -> None:
    session = PreviewSession(load_config(project))
    with session.opened():
        session.rebuild()
        running, thread = started(session, request_timeout=0.5)
        held = unfinished_request(running)
        # The server closes the connection once its timeout passes (before: it waited forever).
        assert held.recv(1024) == b""
        held.close()
        slow = unfinished_request(running)
        try:
            assert stopped_in_time(running, thread)
        finally:
            slow.close()


def test_connections_beyond_the_limit_are_told_503_and_the_others_are_answered(project: Path) -> None:
    session = PreviewSession(load_config(project))
    with session.opened():
        session.rebuild()
        running, thread = started(session, max_connections=2)
        held = [unfinished_request(running), unfinished_request(running)]
        try:
            extra = socket.create_connection(running.server_address[:2], timeout=HANG_SECONDS)
            with extra:
                extra.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                answer = extra.makefile("rb").read()
            assert answer.startswith(b"HTTP/1.1 503 Service Unavailable\r\n")
            assert answer.endswith(b"\r\n\r\ntoo many open connections\n")
        finally:
            for connection in held:
                connection.close()
        # Closed connections free their places: a request is answered again.
        # (The handler threads see the connections close a moment later: ask again until they did.)
        statuses = [get(running, "/index.html")[0]]
        while statuses[-1] == 503 and len(statuses) < 1000:
            time.sleep(0.05)
            statuses.append(get(running, "/index.html")[0])
        assert statuses[-1] == 200
        assert stopped_in_time(running, thread)


def test_a_client_gone_before_the_answer_is_no_error(server: PreviewServer, capsys: Any) -> None:
    ours, theirs = socket.socketpair()
    theirs.sendall(b"GET /first-quiz/fr.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    theirs.close()  # the page went away: writing the answer fails with a broken pipe
    try:
        server.finish_request(ours, ("127.0.0.1", 0))
    finally:
        server.shutdown_request(ours)
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "")


def test_a_catalog_that_does_not_parse_shows_its_located_error_in_the_translator_view(
    server: PreviewServer, project: Path
) -> None:
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    text = catalog.read_text(encoding="utf-8") + '\nmsgid "unclosed\n'
    catalog.write_text(text, encoding="utf-8")
    line = text.count("\n")
    expected = (
        f"locales/fr/LC_MESSAGES/first-quiz.po:{line}: error[catalog]: unterminated string: a string must "
        "start and end with a double quote on one line"
    )
    (problem,) = server.session.rebuild().problems
    assert problem.to_text() == expected
    checked = run_quizkit(project, "check")
    assert checked.stderr.splitlines()[-1] == expected  # the words of the command
    status, body, headers = get(server, "/translate/first-quiz/fr")
    assert (status, headers["Content-Type"]) == (200, "text/html; charset=utf-8")
    assert headers["Content-Security-Policy"].startswith("default-src 'none'; script-src 'self'")
    page = lxml.html.fromstring(body)
    assert page.xpath("string(//main/p)") == "The catalog cannot be read; save a fix and this page updates:"
    assert [item.text_content() for item in page.xpath("//li[@class='problem']")] == [expected]


def test_a_catalog_with_a_control_character_is_shown_with_its_error_in_the_translator_view(
    server: PreviewServer, project: Path
) -> None:
    catalog = project / "locales" / "fr" / "LC_MESSAGES" / "first-quiz.po"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(
        text.replace(
            'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr ""',
            'msgctxt "first-quiz.title"\nmsgid "The Water Cycle"\nmsgstr "Le cycle\x01"',
        ),
        encoding="utf-8",
    )
    (problem,) = server.session.rebuild().problems
    expected = problem.to_text()
    assert expected.endswith(
        ": error[control-characters]: control character U+0001 in the translation; remove it"
    )
    status, body, _ = get(server, "/translate/first-quiz/fr")
    assert status == 200
    page = lxml.html.fromstring(body)
    assert [item.text_content() for item in page.xpath("//li[@class='problem']")] == [expected]
    (entry,) = page.xpath("//li[@data-key='first-quiz.title']")
    assert entry.xpath("string(.//textarea)") == "Le cycle\\x01"  # shown, as an escape
    assert entry.xpath(".//li[@class='finding error']/text()") == [
        "error[control-characters]: control character U+0001 in the translation; remove it"
    ]


def test_a_copy_folder_swapped_for_a_link_while_serving_is_not_read_through(
    server: PreviewServer, project: Path, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    (elsewhere / "dist" / "html").mkdir(parents=True)
    (elsewhere / "dist" / "html" / "index.html").write_text("<p>another project's page</p>", encoding="utf-8")
    copy = project / PREVIEW_FOLDER / "project"
    copy.rename(project / PREVIEW_FOLDER / "moved")
    copy.symlink_to(elsewhere)
    # A read refused, worded as a read (before: "refusing to write" for a page being read).
    expected = (
        f"error[confinement]: refusing to read {project.resolve() / PREVIEW_FOLDER / 'project'}: it is a "
        f"link; the preview reads only from the plain folder {project.resolve() / PREVIEW_FOLDER / 'project'} "
        "(remove it, and restart quizkit serve: it makes the folder)\n"
    )
    for target in ("/index.html", "/translate/first-quiz/fr"):
        status, body, _ = get(server, target)
        assert (status, body.decode("utf-8")) == (500, expected)


def test_ctrl_c_stops_serve_while_a_client_holds_an_unfinished_request(project: Path) -> None:
    import signal
    import subprocess
    import sys

    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "serve", "--port", "0"],
        cwd=project,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()  # printed once the first build is done
        host, port = url.removeprefix("http://").rstrip("/").rsplit(":", 1)
        with socket.create_connection((host, int(port)), timeout=HANG_SECONDS) as held:
            held.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the blank line never comes
            process.send_signal(signal.SIGINT)
            _, err = process.communicate(timeout=HANG_SECONDS)  # before: it waited for the client
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert (process.returncode, err.splitlines()[-1]) == (0, "stopped")
    assert "Traceback" not in err


DEFECT = (
    "quizkit: error[internal]: unexpected RuntimeError: a simulated defect; this is a defect in quizkit, "
    "please report it with the file that caused it"
)


def answer_until_closed(running: PreviewServer, target: str) -> bytes:
    """Every byte the server sends for ``target`` until it closes the connection."""
    with socket.create_connection(running.server_address[:2], timeout=HANG_SECONDS) as client:
        client.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        return client.makefile("rb").read()


@pytest.fixture
def told(project: Path) -> Iterator[tuple[PreviewServer, list[str]]]:
    """A running server, and the lines it tells its ``on_error`` (the command prints them)."""
    lines: list[str] = []
    session = PreviewSession(load_config(project))
    with session.opened():
        session.rebuild()
        running, thread = started(session, on_error=lines.append)
        try:
            yield running, lines
        finally:
            assert stopped_in_time(running, thread)


def test_a_failure_before_the_answer_begins_is_answered_500_and_told_once(
    told: tuple[PreviewServer, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.preview import PreviewState

    def defect(_state: PreviewState) -> dict[str, object]:
        raise RuntimeError("a simulated defect")  # no input makes quizkit's own code fail here

    running, lines = told
    monkeypatch.setattr(PreviewState, "to_dict", defect)
    answer = answer_until_closed(running, "/__quizkit/state").decode("utf-8")
    head, body = answer.split("\r\n\r\n", 1)
    assert head.startswith("HTTP/1.0 500 Internal Server Error\r\n")
    assert body == DEFECT + "\n"
    assert lines == [f"{DEFECT} (answering /__quizkit/state)"]


@pytest.mark.parametrize("fails", ["to_dict", "wait"])
def test_a_failure_after_the_answer_began_closes_the_connection_without_a_second_answer(
    told: tuple[PreviewServer, list[str]], monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    # to_dict: the event stream's status line and headers are out, no event yet; wait: its first event
    # is out too. Before, a 500 was written into the stream after them.
    from toolkit.preview import PreviewSession, PreviewState

    def defect(*_arguments: object) -> None:
        raise RuntimeError("a simulated defect")  # no input makes quizkit's own code fail here

    running, lines = told
    monkeypatch.setattr(PreviewState if fails == "to_dict" else PreviewSession, fails, defect)
    answer = answer_until_closed(running, "/__quizkit/events").decode("utf-8")
    head, body = answer.split("\r\n\r\n", 1)
    assert head.startswith("HTTP/1.0 200 OK\r\n")
    assert "Content-Type: text/event-stream; charset=utf-8\r\n" in head
    if fails == "to_dict":
        assert body == ""
    else:  # the first event, whole, and nothing after it
        assert body.startswith("retry: 1000\nevent: state\ndata: {")
        assert body.endswith("}\n\n") and body.count("event:") == 1
    assert lines == [
        f"{DEFECT} (answering /__quizkit/events; its answer had begun: the connection was closed)"
    ]
    assert get(running, "/__quizkit/state")[0] == (500 if fails == "to_dict" else 200)  # the server goes on


def test_a_500_naming_a_file_the_system_could_not_decode_is_still_sent(
    told: tuple[PreviewServer, list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.preview import PreviewState

    def unreadable(_state: PreviewState) -> dict[str, object]:
        # A test double of a file system error (none can be made to happen here) about a file whose name
        # is not UTF-8: Python names it with a lone surrogate, which once failed the 500's encoding.
        raise FileNotFoundError(2, "No such file or directory", "caf\udce9.po")

    running, lines = told
    monkeypatch.setattr(PreviewState, "to_dict", unreadable)
    status, body, _ = get(running, "/__quizkit/state")
    assert (status, body) == (500, b"caf\\udce9.po: error[io]: No such file or directory\n")
    assert lines == ["caf\udce9.po: error[io]: No such file or directory (answering /__quizkit/state)"]


def test_a_page_s_images_are_served_with_their_media_types_under_its_policy(tmp_path: Path) -> None:
    import struct

    from image_project import images_project

    project = images_project(tmp_path)
    # The square as a GIF (its name may say .png: the bytes decide, and its copy is named .gif).
    gif = (
        b"GIF89a"
        + struct.pack("<HH", 1, 1)
        + b"\x80\x00\x00\x00\x00\x00\xff\xff\xff,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"
    )
    (project / "content/media/square.png").write_bytes(gif)
    session = PreviewSession(load_config(project))
    with session.opened():
        session.rebuild()
        running = PreviewServer(session, "127.0.0.1", 0)
        thread = running.serve_in_thread()
        try:
            status, page, _headers = get(running, "/images/ur.html")
            assert status == 200
            (policy,) = lxml.html.fromstring(page).xpath(
                "//meta[@http-equiv='Content-Security-Policy']/@content"
            )
            assert "img-src 'self'" in policy
            sources = sorted(path.name for path in (running.session.site / "media").iterdir())
            assert [name.rsplit(".", 1)[1] for name in sources] == ["png", "png", "png", "gif", "svg"]
            for name in sources:
                status, body, headers = get(running, f"/media/{name}")
                expected = {"png": "image/png", "gif": "image/gif", "svg": "image/svg+xml"}[
                    name.rsplit(".", 1)[1]
                ]
                assert (status, headers["Content-Type"]) == (200, expected)
                assert body == (running.session.site / "media" / name).read_bytes()
        finally:
            session.stop()
            running.shutdown()
            running.server_close()
            thread.join()
