"""``quizkit serve``: a live preview of the project, rebuilt and reloaded as its files change."""

from __future__ import annotations

import contextlib
import threading

import click

from toolkit.cli.error_report import reported_errors
from toolkit.cli.output import fail, plural, project_config


@click.command(name="serve")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="0: any free port."
)
@click.option(
    "--host",
    type=click.Choice(["127.0.0.1", "::1", "localhost"]),
    default="127.0.0.1",
    show_default=True,
    help="The loopback address to listen on: the translator view writes the project's catalogs, so the "
    "preview is for this machine's browser alone.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the preview in the web browser.")
def serve_command(port: int, host: str, open_browser: bool) -> None:
    """Build into .quizkit/preview/, serve the player pages, and rebuild and reload them on every change.

    Watches the content, the catalogs and the configuration; the open pages reload at the question they
    show, and what stops a build appears over the page until it is fixed. /translate/QUIZ/LOCALE shows a
    quiz's texts and their translations side by side. Ctrl-C stops it.
    """
    from toolkit.preview import PreviewServer, PreviewSession, PreviewState
    from toolkit.preview.watcher import Watcher

    def report(state: PreviewState) -> None:
        if state.problems:
            for problem in state.problems:
                click.echo(problem.to_text(), err=True)
            click.echo(
                f"build stopped: {plural(len(state.problems), 'problem')} (shown in the page)", err=True
            )
        else:
            done = ", ".join(state.rebuilt) if state.rebuilt else "nothing changed"
            click.echo(f"rebuilt: {done}", err=True)

    config = project_config()
    session = PreviewSession(config)
    try:
        with reported_errors(), session.opened():
            report(session.rebuild())
            # From here on Ctrl-C only asks to stop: an interrupt raised in the middle of starting or
            # stopping a thread would leave it running, and the process could not exit.
            stop = _stop_on_signals()
            try:
                server = PreviewServer(session, host, port, on_error=_say)
            except OSError as error:
                fail(f"cannot listen on {host}:{port}: {error.strerror or error}")
            watcher = Watcher(session, report, on_error=_say)
            watcher.start()
            serving = server.serve_in_thread()
            try:
                click.echo(f"serving {server.url} (Ctrl-C stops)", err=True)
                click.echo(server.url)
                if open_browser:
                    import webbrowser

                    webbrowser.open(server.url)
                while not stop.wait(0.5):
                    pass
            finally:
                session.stop()
                server.shutdown()
                server.server_close()
                serving.join()
                watcher.stop()
    except KeyboardInterrupt:
        pass  # during the first build, before the signals only ask to stop: nothing runs yet
    click.echo("stopped", err=True)


def _say(line: str) -> None:
    """A line about a request, a rebuild or its report that failed (a defect): said, and the preview
    goes on."""
    from toolkit.diagnostics import terminal_safe

    with contextlib.suppress(OSError):  # a terminal that went away is no reason to stop serving
        click.echo(terminal_safe(line), err=True)


def _stop_on_signals() -> threading.Event:
    """An event that Ctrl-C (SIGINT) and SIGTERM set instead of interrupting the main thread."""
    import signal

    stop = threading.Event()

    def request_stop(_signal: int, _frame: object) -> None:
        stop.set()

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)
    return stop
