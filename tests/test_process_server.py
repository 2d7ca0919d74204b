"""tests/process_server.py: a command forked from the server gives what a new interpreter gives."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import process_server
import pytest

SCRIPTS = {
    "streams and exit status": """
        import sys
        print("to standard output")
        print("to standard error", file=sys.stderr)
        sys.stdout.write("no newline, no flush")
        sys.exit(3)
    """,
    "exit with a message": """
        import sys
        sys.exit("no such quiz")
    """,
    "escaped exception": """
        def load():
            raise ValueError("bad quiz")

        load()
    """,
    "killed by a signal": """
        import os, signal
        print("before", flush=True)
        os.kill(os.getpid(), signal.SIGTERM)
    """,
    "threads joined, then atexit": """
        import atexit, threading, time
        atexit.register(print, "atexit")
        def late():
            time.sleep(0.2)
            print("thread")
        threading.Thread(target=late).start()
    """,
    "arguments, folder, environment, import path": """
        import os, sys
        print(sys.argv, os.getcwd(), os.environ["QUIZ_VALUE"], sys.path[0], sep="\\n")
        print("ünïcode ✓ اردو")
    """,
    "line endings as text mode reads them": """
        import sys
        sys.stdout.buffer.write(b"windows\\r\\nold mac\\runix\\n")
    """,
}


@pytest.fixture(autouse=True)
def _forking(monkeypatch: pytest.MonkeyPatch) -> None:
    # These tests are about the forked path, whatever the suite was asked for.
    monkeypatch.delenv("QUIZKIT_TEST_FORK_SERVER", raising=False)


def _new_interpreter(
    arguments: list[str], folder: Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        arguments,
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )


def _outcome(result: subprocess.CompletedProcess[str]) -> tuple[int, str, str]:
    return result.returncode, result.stdout, result.stderr


def _script(folder: Path, source: str) -> Path:
    script = folder / "command.py"
    script.write_text(textwrap.dedent(source), encoding="utf-8")
    return script


@pytest.mark.parametrize("name", SCRIPTS)
def test_a_script_gives_what_a_new_interpreter_gives(tmp_path: Path, name: str) -> None:
    script = _script(tmp_path, SCRIPTS[name])
    arguments = [sys.executable, str(script), "first", "second argument"]
    environment = {**os.environ, "QUIZ_VALUE": "from the test"}

    forked = process_server.run(arguments, cwd=tmp_path, env=environment, timeout=60)

    assert _outcome(forked) == _outcome(_new_interpreter(arguments, tmp_path, environment))


@pytest.mark.parametrize(
    "arguments",
    [["--version"], ["validate", "missing.yaml"], ["no-such-command"]],
    ids=["version", "validate a missing file", "unknown command"],
)
def test_quizkit_gives_what_a_new_interpreter_gives(tmp_path: Path, arguments: list[str]) -> None:
    command = [sys.executable, "-m", "toolkit", *arguments]

    forked = process_server.run(command, cwd=tmp_path, timeout=60)

    assert _outcome(forked) == _outcome(_new_interpreter(command, tmp_path))


def test_a_command_is_forked_from_the_server_not_started_by_the_test(tmp_path: Path) -> None:
    script = _script(tmp_path, "import os; print(os.getppid())")

    forked = process_server.run([sys.executable, str(script)], cwd=tmp_path, timeout=60)

    assert forked.returncode == 0
    assert int(forked.stdout) != os.getpid()


@pytest.mark.parametrize(
    ("variable", "value"), [("PYTHONHASHSEED", "7"), ("TZ", "UTC-05"), ("LC_TIME", "C.UTF-8")]
)
def test_what_an_interpreter_fixes_at_start_gets_a_new_interpreter(
    tmp_path: Path, variable: str, value: str
) -> None:
    # The hash seed, the time zone and the locale are read when an interpreter (or Babel) starts, so a
    # fork would silently keep the server's.
    script = _script(tmp_path, "import os, time; print(os.getppid(), hash('quiz'), time.timezone)")
    arguments = [sys.executable, str(script)]
    environment = {**os.environ, variable: value}

    result = process_server.run(arguments, cwd=tmp_path, env=environment, timeout=60)

    parent, text_hash, time_zone = result.stdout.split()
    assert int(parent) == os.getpid()
    expected = _new_interpreter(arguments, tmp_path, environment).stdout.split()
    assert time_zone == expected[2]
    if variable == "PYTHONHASHSEED":
        assert text_hash == expected[1]


def test_commands_from_several_threads_get_their_own_streams(tmp_path: Path) -> None:
    script = _script(tmp_path, "import sys; print(sys.argv[1]); print(sys.argv[1], file=sys.stderr)")

    def one(number: int) -> tuple[int, str, str]:
        return _outcome(
            process_server.run([sys.executable, str(script), str(number)], cwd=tmp_path, timeout=60)
        )

    with ThreadPoolExecutor(4) as pool:
        outcomes = list(pool.map(one, range(24)))

    assert outcomes == [(0, f"{number}\n", f"{number}\n") for number in range(24)]


def test_a_client_that_sends_nothing_or_garbage_stalls_nobody(tmp_path: Path) -> None:
    script = _script(tmp_path, "print('served')")
    server = process_server._server()
    assert server is not None
    for message in (b"", b"not a request", b"\xff" * 100):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.connect(server.address)
            connection.sendall(message)

    result = process_server.run([sys.executable, str(script)], cwd=tmp_path, timeout=30)

    assert _outcome(result) == (0, "served\n", "")


def test_a_command_that_closes_its_streams_still_times_out(tmp_path: Path) -> None:
    script = _script(tmp_path, "import os, time; os.close(1); os.close(2); time.sleep(60)")

    with pytest.raises(subprocess.TimeoutExpired):
        process_server.run([sys.executable, str(script)], cwd=tmp_path, timeout=3)


def test_streams_held_open_after_the_command_ended_time_out_as_with_subprocess(tmp_path: Path) -> None:
    # The command ends at once, but a process it started keeps its standard output open.
    record = tmp_path / "pid"
    script = _script(
        tmp_path,
        f"""
        import pathlib, subprocess, sys
        holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
        pathlib.Path({str(record)!r}).write_text(str(holder.pid))
        """,
    )
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            process_server.run([sys.executable, str(script)], cwd=tmp_path, timeout=3)
    finally:
        if record.exists():
            os.kill(int(record.read_text()), signal.SIGKILL)


def test_a_command_that_runs_too_long_is_killed(tmp_path: Path) -> None:
    record = tmp_path / "pid"
    script = _script(
        tmp_path,
        f"""
        import os, pathlib, time
        pathlib.Path({str(record)!r}).write_text(str(os.getpid()))
        time.sleep(120)
        """,
    )

    with pytest.raises(subprocess.TimeoutExpired):
        process_server.run([sys.executable, str(script)], cwd=tmp_path, timeout=5)

    with pytest.raises(ProcessLookupError):
        os.kill(int(record.read_text()), 0)


def test_a_watcher_that_went_without_an_exit_status_is_named() -> None:
    assert process_server.exit_status(b"3\n", ["quizkit"]) == 3
    for reply, said in ((b"", "nothing"), (b"os.pidfd_open failed: [Errno 38] not implemented\n", None)):
        with pytest.raises(RuntimeError) as raised:
            process_server.exit_status(reply, ["quizkit", "build"])
        assert str(raised.value) == (
            "tests/process_server.py: the watcher of ['quizkit', 'build'] ended without the command's exit "
            f"status (it said: {said or reply.decode().strip()}); QUIZKIT_TEST_FORK_SERVER=0 runs every "
            "command as a new interpreter"
        )
