"""Run commands as subprocesses and measure them: wall clock, peak memory, and what they printed.

Every command is started by a small launcher process (:data:`LAUNCHER`), not by the benchmark itself,
so that its peak memory is its own: Linux carries the high-water mark of the memory a process replaces
by ``exec`` into the new program's peak, and a vforked child execs over its parent's memory, so a
command spawned straight from the benchmark would report at least the benchmark's own peak (hundreds of
MiB after generating a large corpus). The launcher's few MiB are the floor of every peak
(:func:`launcher_floor_mib`).

Two peaks are measured:

* the command's maximum resident set size, from ``os.wait4``: the largest single process of its tree
  (Linux reports the larger of the process's own peak and that of each child it waited for), which for
  a command that does all its work in one process is the whole command;
* on request, the whole tree's proportional set size (PSS: shared pages divided among the processes that
  share them), summed over the command and all its descendants and sampled at an interval: what a
  command with worker processes holds at once.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

TREE_SAMPLE_SECONDS = 0.5
"""Interval of the whole-tree memory samples. Reading a process's PSS walks its page tables (some ms
for 1 GiB), so a shorter interval would start to slow down the command it measures."""

# Reads one command at a time and writes each result at once, so that it holds no more for a sequence of
# ten thousand commands than for one: what it holds is the floor of every command's peak.
LAUNCHER = r"""
import json, os, sys, threading, time
commands_file, results_file = sys.argv[1:]
# Without the kernel's list of each task's children (CONFIG_PROC_CHILDREN) no tree is sampled, rather
# than the command alone taken for its tree.
can_sample = os.path.exists(f"/proc/self/task/{os.getpid()}/children")


def process_tree(pid):
    found, pending = [], [pid]
    while pending:
        process = pending.pop()
        found.append(process)
        try:
            for task in os.listdir(f"/proc/{process}/task"):
                with open(f"/proc/{process}/task/{task}/children") as file:
                    pending.extend(int(child) for child in file.read().split())
        except OSError:
            pass
    return found


def pss_kib(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as file:
            for line in file:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def sample_tree(pid, interval, done, peak):
    # The first sample comes soon after the start: a command shorter than the interval is sampled too.
    wait = min(interval, 0.05)
    while not done.wait(wait):
        peak[0] = max(peak[0], sum(pss_kib(process) for process in process_tree(pid)))
        wait = interval


with open(commands_file) as commands, open(results_file, "w") as results:
    for line in commands:
        spec = json.loads(line)
        command, interval = spec["command"], spec["sample"]
        started = time.perf_counter()
        pid = os.posix_spawnp(command[0], command, os.environ)
        done, peak, sampler = threading.Event(), [0], None
        if interval and can_sample:
            sampler = threading.Thread(target=sample_tree, args=(pid, interval, done, peak), daemon=True)
            sampler.start()
        _, status, usage = os.wait4(pid, 0)
        seconds = time.perf_counter() - started
        done.set()
        if sampler is not None:
            sampler.join()
        exit_code = os.waitstatus_to_exitcode(status)
        tree_kib = peak[0] or None
        results.write(json.dumps([seconds, usage.ru_maxrss, exit_code, tree_kib]) + "\n")
        results.flush()
        if exit_code != 0:
            break
"""


@dataclass(frozen=True)
class Outcome:
    seconds: float
    peak_mib: float
    """Maximum resident set size of the command's largest process."""
    tree_peak_mib: float | None
    """Largest sampled PSS of the command's whole process tree (None: not sampled, or ended first)."""
    stdout: str


def measured_sequence(
    commands: Sequence[Sequence[str]], cwd: Path, tree_sample_seconds: float | None = None
) -> list[Outcome]:
    """Run each command to completion, one after the other: its wall clock, its own peak memory, the
    peak of its whole process tree if ``tree_sample_seconds`` is given, and its output (the output of
    all of them, on each outcome). A command that fails stops the benchmark with its output."""
    with (
        tempfile.TemporaryFile() as stdout,
        tempfile.TemporaryFile() as stderr,
        tempfile.TemporaryDirectory() as scratch,
    ):
        commands_file, results_file = Path(scratch) / "commands.jsonl", Path(scratch) / "results.jsonl"
        # A file, not the command line: ten thousand msgmerge commands pass the kernel's argument limits.
        commands_file.write_text(
            "".join(
                json.dumps({"command": list(command), "sample": tree_sample_seconds}) + "\n"
                for command in commands
            ),
            encoding="utf-8",
        )
        launched = subprocess.run(
            [sys.executable, "-S", "-I", "-c", LAUNCHER, str(commands_file), str(results_file)],
            cwd=cwd,
            # Every command runs as installed software does, its bytecode cached: pip compiles a wheel's
            # modules when it installs it (Babel's, text2qti's), and an editable quizkit writes its caches
            # on its first run, which PYTHONDONTWRITEBYTECODE (set on the development machines) forbids:
            # each start of quizkit then compiled its modules again, some 0.1 to 0.3 s the others did not pay.
            env={name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"},
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            check=False,
        )
        stdout.seek(0)
        stderr.seek(0)
        output = stdout.read().decode("utf-8", errors="replace")
        results: list[list[float | None]] = (
            [json.loads(line) for line in results_file.read_text().splitlines()]
            if results_file.exists()
            else []
        )
        failed = len(results) < len(commands) or any(result[2] for result in results)
        if launched.returncode != 0 or failed:
            command = commands[len(results) - 1] if results else commands[0]
            error = stderr.read().decode("utf-8", errors="replace")
            raise SystemExit(f"{' '.join(command)} failed in {cwd}:\n{output}{error}")
    # ru_maxrss and PSS are KiB on Linux
    return [
        Outcome(
            float(seconds or 0), float(peak_kib or 0) / 1024, None if tree is None else tree / 1024, output
        )
        for seconds, peak_kib, _, tree in results
    ]


def measured(command: Sequence[str], cwd: Path, tree_sample_seconds: float | None = None) -> Outcome:
    return measured_sequence([command], cwd, tree_sample_seconds)[0]


def launcher_floor_mib(cwd: Path) -> float:
    """The peak memory the launcher reports for a command that allocates nothing."""
    return measured(["true"], cwd).peak_mib


@dataclass
class Measurement:
    """The runs of one measured command (or pipeline): seconds, and peaks where they were measured."""

    seconds: list[float] = field(default_factory=list)
    peak_mib: list[float] = field(default_factory=list)
    tree_peak_mib: list[float] = field(default_factory=list)

    def add(self, seconds: float, peak_mib: float | None = None, tree_peak_mib: float | None = None) -> None:
        self.seconds.append(seconds)
        if peak_mib is not None:
            self.peak_mib.append(peak_mib)
        if tree_peak_mib is not None:
            self.tree_peak_mib.append(tree_peak_mib)

    def add_outcome(self, outcome: Outcome) -> None:
        self.add(outcome.seconds, outcome.peak_mib, outcome.tree_peak_mib)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def peak(self) -> float | None:
        """The largest peak over the runs."""
        return max(self.peak_mib) if self.peak_mib else None

    @property
    def tree_peak(self) -> float | None:
        return max(self.tree_peak_mib) if self.tree_peak_mib else None
