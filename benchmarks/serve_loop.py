"""The authoring loop: from saving one quiz to ``quizkit serve`` serving its rebuilt page (issue 43 item 4).

Usage (from the repository root)::

    .venv/bin/python benchmarks/serve_loop.py [--size 1000] [--saves 10] [--keep DIR]

On a copy of a generated project of ``--size`` quizzes (``corpus.py``; kept and reused with ``--keep``) it
starts ``quizkit serve --port 0``, waits for the first build (every format the project exports, as the
preview builds it), then ``--saves`` times gives one prompt of another quiz a new English text (as
``build_benchmark.py`` edits one) and polls that quiz's page, ``/<quiz>/en.html``, every
:data:`POLL_SECONDS` until it holds the new text. Each save's time runs from just before the quiz file is
written to the first answer that holds the new text; the next save waits until the preview reported the
rebuild done. It prints each time, the median, and the target (at most 1 s at 1,000 quizzes), and the
CPU time the server spent on each save (from ``/proc``: Linux), which the shared machine's load does not
change as it does the wall time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

import corpus
import corpus_stamp

TARGET_SECONDS = 1.0
POLL_SECONDS = 0.01
START_TIMEOUT_SECONDS = 3600.0
"""The first build of 10,000 quizzes in one process takes a quarter of an hour on 2 cores."""
SAVE_TIMEOUT_SECONDS = 120.0
SETTLE_SECONDS = 2.0
"""Waited after the server starts: its watcher starts watching the folders just before, and a save in
the meantime would go unseen (no author saves within milliseconds of starting the preview)."""


class Server:
    """``quizkit serve`` in ``project``: its address, and the rebuilds it has reported (stderr)."""

    def __init__(self, project: Path) -> None:
        self.process = subprocess.Popen(
            [*corpus.quizkit_command(), "serve", "--port", "0"],
            cwd=project,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.reports: list[str] = []
        self._changed = threading.Condition()
        self._reader = threading.Thread(target=self._read_reports, daemon=True)
        self._reader.start()

    def _read_reports(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self._changed:
                self.reports.append(line.rstrip("\n"))
                self._changed.notify_all()

    def url(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline().strip()
        if not line.startswith("http"):
            self.stop()
            raise SystemExit("quizkit serve did not start:\n" + "\n".join(self.reports))
        return line if line.endswith("/") else line + "/"

    def rebuilds(self) -> int:
        """The rebuilds reported so far (the serve command's report of each: toolkit/cli/serve.py)."""
        with self._changed:
            return sum(1 for line in self.reports if line.startswith(("rebuilt:", "build stopped:")))

    def wait_for_rebuilds(self, count: int, timeout: float) -> None:
        with self._changed:  # a reentrant lock: rebuilds() takes it again
            if not self._changed.wait_for(lambda: self.rebuilds() >= count, timeout):
                raise SystemExit("the preview reported no rebuild:\n" + "\n".join(self.reports))

    def cpu_seconds(self) -> float:
        """The server process's CPU time so far (user and system, all its threads), from ``/proc``: what
        a rebuild cost it, whatever else the shared machine was doing."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()
        # After the command's name: state is field 3, utime and stime fields 14 and 15 (proc(5)).
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def page(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as answer:
        data: bytes = answer.read()
        return data


def new_prompt(project: Path, key: str) -> str:
    quiz_id, _, question_id, _ = key.split(".")
    number = int(quiz_id.removeprefix("quiz-"))
    document = corpus.read_quiz(corpus.quiz_path(project, number))
    return str(
        next(question["prompt"] for question in document["questions"] if question["id"] == question_id)
    )


def save_and_wait(server: Server, url: str, project: Path, number: int, seed: int) -> tuple[float, float]:
    """One save: its seconds from the write to the page that shows it, and the CPU seconds the server
    spent from the write to the end of its rebuild (the page polls included: a few milliseconds)."""
    before = server.rebuilds()
    cpu_before = server.cpu_seconds()
    started = time.perf_counter()
    key = corpus.edited_prompt(project, number, seed)
    # Its first words: letters and spaces read the same in the page's markup and in its JSON data, where
    # quotes and inline code do not.
    words = re.match(r"[A-Za-z ]*", new_prompt(project, key))
    assert words is not None and words.group(0).strip(), key  # a generated prompt starts with a word
    wanted = words.group(0)[:60].strip().encode("utf-8")
    address = f"{url}{corpus.quiz_id(number)}/en.html"
    deadline = started + SAVE_TIMEOUT_SECONDS
    while wanted not in page(address):
        if time.perf_counter() > deadline:
            raise SystemExit(f"{address} did not show the new text of {key}:\n" + "\n".join(server.reports))
        time.sleep(POLL_SECONDS)
    seconds = time.perf_counter() - started
    server.wait_for_rebuilds(before + 1, SAVE_TIMEOUT_SECONDS)
    return seconds, server.cpu_seconds() - cpu_before


def parsed_arguments(arguments: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1000, help="quizzes (default 1000)")
    parser.add_argument("--saves", type=int, default=10, help="saves timed; the median is reported")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--keep", type=Path, help="keep (and reuse) the generated project in this folder")
    args = parser.parse_args(arguments)
    if args.size < 1 or args.saves < 1:
        parser.error("--size and --saves must be at least 1")
    return args


def main(arguments: list[str] | None = None) -> None:
    args = parsed_arguments(arguments)
    with tempfile.TemporaryDirectory(prefix="quizkit-serve-loop-") as scratch:
        workdir = args.keep or Path(scratch)
        pristine = workdir / str(args.size) / "corpus"
        stamp = corpus_stamp.prepared_corpus(pristine, args.size, args.seed)
        print(f"corpus of {args.size:,} quizzes {'reused' if stamp.reused else 'generated'} in {pristine}")
        project = Path(scratch) / "project"
        shutil.copytree(
            pristine, project, ignore=shutil.ignore_patterns("dist", ".quizkit", ".quizkit-cache")
        )
        started = time.perf_counter()
        server = Server(project)
        try:
            url = server.url()
            print(f"first build and start of quizkit serve: {time.perf_counter() - started:.1f} s ({url})")
            time.sleep(SETTLE_SECONDS)
            times = []
            cpu_times = []
            for save in range(args.saves):
                number = 1 + (save * 7919) % args.size
                seconds, cpu_seconds = save_and_wait(server, url, project, number, args.seed + save)
                times.append(seconds)
                cpu_times.append(cpu_seconds)
                print(
                    f"  save {save + 1}: {corpus.quiz_id(number)}, page rebuilt in {seconds:.3f} s, "
                    f"server CPU {cpu_seconds:.3f} s",
                    flush=True,
                )
        finally:
            server.stop()
        median = statistics.median(times)
        verdict = "met" if median <= TARGET_SECONDS else "MISSED"
        print(
            f"\nsave -> rebuilt page served, {args.size:,} quizzes, {args.saves} saves: median {median:.3f} s "
            f"(min {min(times):.3f}, max {max(times):.3f}); target <= {TARGET_SECONDS:g} s: {verdict}"
        )
        print(
            f"server CPU per save (write to rebuild reported): median {statistics.median(cpu_times):.3f} s "
            f"(min {min(cpu_times):.3f}, max {max(cpu_times):.3f})"
        )


if __name__ == "__main__":
    main()
