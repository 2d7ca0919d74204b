"""Real quizkit processes without quizkit's start-up cost: a server that imports quizkit once, then forks.

Hundreds of tests run the command as a real process (``python -m toolkit …``, or the fault-injection
script): exit codes through the interpreter, no traceback, streams, signals, two processes at once. Most of a
short command's time goes to starting an interpreter and importing quizkit and its libraries: ``validate``
of one file takes 283 ms as a new interpreter and 64 ms forked (docs/performance.md, The test suite).

:func:`run` gives what ``subprocess.run([sys.executable, …], capture_output=True, text=True, …)`` gives,
through a server each test process starts once (``python tests/process_server.py <name>``, listening on an
abstract Unix socket, quizkit and its dependencies imported). Per command the server forks a watcher, which
reads the request and forks the command's process: it takes the test's stdin and two new pipes as its
streams, the test's working folder, its whole environment and arguments, and then runs ``toolkit`` (or the
script) as ``__main__`` from this file's top level, so that the interpreter itself ends it: exit status,
traceback of an escaped exception, atexit handlers, threads joined, streams flushed. The watcher reports
its exit status (negative for a signal, as subprocess reports it). It kills the command (SIGKILL) when the
test's timeout passes, or when the test's side of the connection closes (an exception, Ctrl-C), and only
it reaps the command, so the pid it kills is always the command's.

What a fork cannot change is fixed when an interpreter starts: ``PYTHON*`` variables (``PYTHONPATH``,
which adds plugins, among them), the locale variables (the streams' encoding, Babel's default locales),
``TZ`` and the hash seed. A command whose environment differs from the server's in one of them runs as a
new interpreter, as does every command when ``QUIZKIT_TEST_FORK_SERVER=0`` (to compare: the suite must
pass both ways), and any command line other than ``python -m <module>`` or ``python <script>``. Also the
server's, not the test's: the umask, resource limits and CPU affinity (tests that change those start their
own processes, as tests/test_special_files.py does). The hash seed is the server's for every forked
command: tests that prove output independent of hash order give their commands ``PYTHONHASHSEED`` and so
get new interpreters.
"""

from __future__ import annotations

import atexit
import contextlib
import gc
import json
import os
import runpy
import secrets
import selectors
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_FIXED_AT_START = ("LANG", "LANGUAGE", "TZ")
"""Variables besides ``PYTHON*`` and ``LC_*`` that an interpreter or a preloaded library reads only when it
starts: the streams' encoding, Babel's default locales, the time zone."""

_LENGTH = 8
"""Bytes of the length that comes before each request, so that the watcher knows when it has all of it."""


def _fixed_at_start(environment: dict[str, str]) -> dict[str, str]:
    return {
        name: value
        for name, value in environment.items()
        if name.startswith(("PYTHON", "LC_")) or name in _FIXED_AT_START
    }


# --- the test's side ------------------------------------------------------------------------------------


class _Server:
    """This test process's server: started at the first command, stopped when the process ends."""

    def __init__(self) -> None:
        # An abstract socket (Linux): no file to leave behind, and no path too long for the address.
        name = f"quizkit-test-forks-{os.getpid()}-{secrets.token_hex(8)}"
        self.address = "\0" + name
        self.owner = os.getpid()
        environment = dict(os.environ)
        self.fixed = _fixed_at_start(environment)
        # The server ends when this pipe closes, so it never outlives the test process, however that ends.
        self.process = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), name],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=environment,
        )
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        if ready != b"ready\n":
            self.stop()
            raise RuntimeError(f"the quizkit fork server did not start: {ready!r}")
        atexit.register(self.stop)

    def serves(self, environment: dict[str, str]) -> bool:
        return self.process.poll() is None and _fixed_at_start(environment) == self.fixed

    def stop(self) -> None:
        # A process forked from the test process inherits this handler; only the owner stops its server.
        if os.getpid() == self.owner and self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(timeout=30)


_servers: dict[int, _Server | None] = {}
_lock = threading.Lock()


def _server() -> _Server | None:
    """This process's server; None where commands cannot be forked (and run as new interpreters)."""
    if os.environ.get("QUIZKIT_TEST_FORK_SERVER", "1") == "0" or not hasattr(os, "pidfd_open"):
        return None
    with _lock:
        # Keyed by process: a test process that forks must not share its parent's server.
        if os.getpid() not in _servers:
            try:
                _servers[os.getpid()] = _Server()
            except (OSError, RuntimeError):
                _servers[os.getpid()] = None  # the suite still runs, as new interpreters
        return _servers[os.getpid()]


def _forkable(arguments: list[str], cwd: Path) -> bool:
    """``[python, "-m", module, …]`` or ``[python, <existing script>, …]``; not ``-c`` or interpreter options."""
    if len(arguments) < 2 or arguments[0] != sys.executable:
        return False
    if arguments[1] == "-m":
        return len(arguments) > 2
    return not arguments[1].startswith("-") and (cwd / arguments[1]).is_file()


def run(
    arguments: list[str],
    *,
    cwd: Path | str,
    env: dict[str, str] | None = None,
    timeout: float,
) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(arguments, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8",
    timeout=timeout, check=False)``, where ``arguments`` is ``[sys.executable, "-m", "toolkit", …]`` or
    ``[sys.executable, <script>, …]``."""
    folder = Path(cwd).resolve()
    environment = dict(os.environ if env is None else env)
    server = _server()
    if server is None or not server.serves(environment) or not _forkable(arguments, folder):
        return subprocess.run(
            arguments,
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            encoding="utf-8",
            timeout=timeout,
            check=False,
        )
    if arguments[1] == "-m":
        target = {"module": arguments[2], "arguments": arguments[3:]}
    else:
        target = {"script": arguments[1], "path": str(folder / arguments[1]), "arguments": arguments[2:]}
    request = json.dumps({**target, "cwd": str(folder), "environment": environment}).encode("utf-8")
    return _forked(server, arguments, request, timeout)


def _forked(
    server: _Server, arguments: list[str], request: bytes, timeout: float
) -> subprocess.CompletedProcess[str]:
    deadline = time.monotonic() + timeout
    output_read, output_write = os.pipe()
    errors_read, errors_write = os.pipe()
    # Closing the connection, however this ends (an exception, Ctrl-C), makes the watcher kill the command.
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        try:
            connection.connect(server.address)
            message = len(request).to_bytes(_LENGTH, "big") + request
            sent = socket.send_fds(connection, [message], [0, output_write, errors_write])
            connection.sendall(message[sent:])
        finally:
            os.close(output_write)
            os.close(errors_write)
        streams = _read_streams(output_read, errors_read, deadline)
        remaining = deadline - time.monotonic()
        if streams.complete and remaining > 0:
            connection.settimeout(remaining)
            try:
                status = exit_status(_reply(connection), arguments)
            except TimeoutError:
                pass
            else:
                return subprocess.CompletedProcess(
                    arguments, status, _text(streams.output), _text(streams.errors)
                )
        connection.settimeout(30)
        with contextlib.suppress(OSError):  # the watcher may have reported an end just before, and gone
            connection.sendall(b"kill\n")
        _reply(connection)  # killed (or ended just before) and reaped by the watcher
    raise subprocess.TimeoutExpired(arguments, timeout, streams.output, streams.errors)


def exit_status(reply: bytes, arguments: list[str]) -> int:
    """The command's exit status from the watcher's reply; a watcher that went without one (it failed,
    or was killed) is named, not left to surface as ``int(b"")``'s ValueError."""
    try:
        return int(reply)
    except ValueError:
        said = reply.decode("utf-8", "replace").strip() or "nothing"
        raise RuntimeError(
            f"tests/process_server.py: the watcher of {arguments} ended without the command's exit "
            f"status (it said: {said}); QUIZKIT_TEST_FORK_SERVER=0 runs every command as a new interpreter"
        ) from None


def _reply(connection: socket.socket) -> bytes:
    """The watcher's one line (the exit status), or what it sent before it went."""
    reply = b""
    while not reply.endswith(b"\n"):
        chunk = connection.recv(64)
        if not chunk:
            break
        reply += chunk
    return reply


@dataclass
class _Streams:
    output: bytes
    errors: bytes
    complete: bool


def _read_streams(output: int, errors: int, deadline: float) -> _Streams:
    """Both streams read until their end or the deadline; both are closed."""
    received: dict[int, list[bytes]] = {output: [], errors: []}
    with selectors.DefaultSelector() as selector:
        for descriptor in received:
            selector.register(descriptor, selectors.EVENT_READ)
        try:
            while selector.get_map():
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                for key, _ in selector.select(remaining):
                    chunk = os.read(key.fd, 65536)
                    if chunk:
                        received[key.fd].append(chunk)
                    else:
                        selector.unregister(key.fd)
            complete = not selector.get_map()
        finally:
            os.close(output)
            os.close(errors)
    return _Streams(b"".join(received[output]), b"".join(received[errors]), complete)


def _text(data: bytes) -> str:
    # What subprocess's text mode gives: universal newlines.
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


# --- the server's side ----------------------------------------------------------------------------------


def _preload() -> None:
    """Every quizkit module and, through them, the libraries they use, as a command would import them."""
    import importlib
    import pkgutil

    import toolkit

    for module in pkgutil.walk_packages(toolkit.__path__, "toolkit."):
        if not module.name.endswith(".__main__"):  # run as __main__, never imported
            importlib.import_module(module.name)


def _serve(name: str) -> dict[str, Any]:
    """Accept connections until the test process closes stdin; returns only in a forked command's
    process, with that command's request."""
    _preload()
    # Out of the collector's sight: a forked command would otherwise walk (and copy, page by page) every
    # preloaded object at each collection and at exit (0.12 s of a command's 0.15 s at exit, measured).
    gc.freeze()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind("\0" + name)  # the abstract namespace: a NUL, then the name
    listener.listen(64)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(sys.stdin, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select():
            if key.fileobj is sys.stdin:
                raise SystemExit(0)
            connection, _ = listener.accept()
            # The watcher reads the request: a client that stalls or sends garbage stalls only its watcher.
            if os.fork() == 0:
                selector.close()
                listener.close()
                return _watch(connection)
            connection.close()
        _reap()


def _reap() -> None:
    try:
        while os.waitpid(-1, os.WNOHANG)[0]:
            pass
    except ChildProcessError:
        pass


def _receive(connection: socket.socket) -> tuple[dict[str, Any], list[int]]:
    message, descriptors, _, _ = socket.recv_fds(connection, 1 << 16, 3)
    if len(descriptors) != 3:
        raise ValueError("not a request")
    length: int | None = None
    while length is None or len(message) < _LENGTH + length:
        if length is None and len(message) >= _LENGTH:
            length = int.from_bytes(message[:_LENGTH], "big")
            continue
        chunk = connection.recv(1 << 20)
        if not chunk:
            raise ValueError("a request cut short")
        message += chunk
    request: dict[str, Any] = json.loads(message[_LENGTH:])
    return request, descriptors


def _watch(connection: socket.socket) -> dict[str, Any]:
    """The watcher: forks the command's process (which returns from here with its request), waits for it
    and reports its exit status; kills it if the test asks, or if the test's side of the connection
    closes before it ends. The command stays unreaped until then, so its pid cannot be another's."""
    try:
        request, descriptors = _receive(connection)
    except (OSError, ValueError):
        os._exit(1)
    pid = os.fork()
    if pid == 0:
        connection.close()
        for stream, descriptor in enumerate(descriptors):
            os.dup2(descriptor, stream)
            os.close(descriptor)
        return request
    for descriptor in descriptors:
        os.close(descriptor)
    try:
        ended = os.pidfd_open(pid)
    except OSError as error:  # the call exists but the kernel refuses it (seccomp, an old kernel)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        with contextlib.suppress(OSError):
            connection.sendall(f"os.pidfd_open failed: {error}\n".encode())
        os._exit(1)
    with selectors.DefaultSelector() as selector:
        selector.register(ended, selectors.EVENT_READ)
        selector.register(connection, selectors.EVENT_READ)
        if all(key.fd != ended for key, _ in selector.select()):
            os.kill(pid, signal.SIGKILL)  # asked to, or the test is gone
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    with contextlib.suppress(OSError):
        connection.sendall(f"{status}\n".encode())
    os._exit(0)


def _become(request: dict[str, Any]) -> None:
    """This process made into the command's: its folder, environment, arguments and import path."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["environment"])
    if "module" in request:
        sys.argv = ["-m", *request["arguments"]]  # runpy puts the module's file in argv[0]
        sys.path[0] = request["cwd"]
    else:
        sys.argv = [request["script"], *request["arguments"]]  # as given, as the interpreter keeps it
        sys.path[0] = str(Path(request["path"]).parent)


def _report_from_the_command(kind: type[BaseException], error: BaseException, trace: Any) -> None:
    """An escaped exception's traceback from the command's first frame, as a new interpreter prints it
    for a script (for ``-m`` it would show two frames of runpy first): without this file's and runpy's."""
    launcher = {__file__, runpy._run_code.__code__.co_filename}  # "<frozen runpy>" where it is frozen
    while trace is not None and trace.tb_frame.f_code.co_filename in launcher:
        trace = trace.tb_next
    # The default hook prints the exception's own traceback, not the one it is given.
    sys.__excepthook__(kind, error.with_traceback(trace), trace)


if __name__ == "__main__":
    _request = _serve(sys.argv[1])
    _become(_request)
    sys.excepthook = _report_from_the_command
    if "module" in _request:
        runpy.run_module(_request["module"], run_name="__main__", alter_sys=True)
    else:
        runpy.run_path(_request["path"], run_name="__main__")
