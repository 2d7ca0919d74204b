"""Benchmark ``quizkit build`` on generated projects against the pybabel and GNU gettext pipelines.

Usage (from the repository root)::

    .venv/bin/python benchmarks/build_benchmark.py [--sizes 100,1000] [--repeat 3] [--seed 42]
                                                   [--keep DIR] [--profile] [--time-budget MINUTES]

For each size N it generates a translated project of N quizzes (``corpus.py``), then measures, as medians
over ``--repeat`` runs, every command as a subprocess (wall clock, and peak memory from ``os.wait4``
in a small launcher process):

* ``quizkit build --format json`` on a fresh copy (full build), again on the built project (no-op build),
  and after one quiz's prompt is edited (one-quiz-changed build), with the build's own step times;
* the pybabel pipeline on the same content: ``pybabel extract``, ``update --no-fuzzy-matching``, ``compile``;
* GNU gettext: ``msgmerge --no-fuzzy-matching`` and ``msgfmt`` on one combined catalog (a), and on every
  per-quiz catalog quizkit handles, one process each (b);

plus the start time of ``quizkit --help``, and prints a table and the ratios the targets name.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import catalog_benchmark
import corpus

ROOT = corpus.ROOT
BIN = Path(sys.executable).parent
HELP_RUNS = 10
DEFAULT_TIME_BUDGET_MINUTES = 13.0

FULL = "quizkit build (full)"
FULL_SERIAL = "quizkit build (full, --jobs 1)"
COMPILE = "quizkit compile"
NO_OP = "quizkit build (no-op)"
CHANGED = "quizkit build (one quiz changed)"
BABEL_EXTRACT = "pybabel extract"
BABEL_UPDATE = "pybabel update --no-fuzzy-matching"
BABEL_COMPILE = "pybabel compile"
BABEL_TOTAL = "pybabel pipeline total"
GNU_MERGE = "(a) msgmerge --no-fuzzy-matching"
GNU_FORMAT = "(a) msgfmt"
GNU_TOTAL = "(a) GNU total, one catalog"
DOMAIN_MERGE = "(b) msgmerge per domain"
DOMAIN_FORMAT = "(b) msgfmt per domain"
DOMAIN_TOTAL = "(b) GNU total, per domain"
HELP = "quizkit --help"


# --------------------------------------------------------------------------------------------------
# Measuring one command
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    seconds: float
    peak_mib: float
    stdout: str


# Linux carries the high-water mark of the memory a process replaces by exec into its own peak, and a
# vforked child execs over its parent's memory: a command spawned straight from this process would report
# at least this process's own peak (hundreds of MiB after generating a large corpus). So commands are
# spawned by this small launcher, which runs them one after the other, times them, reaps each with
# os.wait4 and writes the results to a file; the launcher's own few MiB are the floor of every peak.
LAUNCHER = """
import json, os, sys, time
commands_file, results_file = sys.argv[1:]
with open(commands_file) as file:
    commands = json.load(file)
results = []
for command in commands:
    started = time.perf_counter()
    pid = os.posix_spawnp(command[0], command, os.environ)
    _, status, usage = os.wait4(pid, 0)
    results.append([time.perf_counter() - started, usage.ru_maxrss, os.waitstatus_to_exitcode(status)])
    if results[-1][2] != 0:
        break
with open(results_file, "w") as file:
    json.dump(results, file)
"""


def launcher_floor_mib() -> float:
    """The peak memory the launcher reports for a command that allocates nothing."""
    return measured(["true"], ROOT).peak_mib


def measured_sequence(commands: Sequence[Sequence[str]], cwd: Path) -> list[Outcome]:
    """Run each command to completion, one after the other: its wall clock, its own peak memory (max
    RSS), and its output (the output of all of them, on each outcome)."""
    with (
        tempfile.TemporaryFile() as stdout,
        tempfile.TemporaryFile() as stderr,
        tempfile.TemporaryDirectory() as scratch,
    ):
        commands_file, results_file = Path(scratch) / "commands.json", Path(scratch) / "results.json"
        # A file, not the command line: a thousand msgmerge commands pass the kernel's argument limits.
        commands_file.write_text(json.dumps([list(command) for command in commands]), encoding="utf-8")
        launched = subprocess.run(
            [sys.executable, "-S", "-I", "-c", LAUNCHER, str(commands_file), str(results_file)],
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            check=False,
        )
        stdout.seek(0)
        stderr.seek(0)
        output = stdout.read().decode("utf-8", errors="replace")
        results: list[list[float]] = json.loads(results_file.read_text()) if results_file.exists() else []
        failed = len(results) < len(commands) or any(exit_code for _, _, exit_code in results)
        if launched.returncode != 0 or failed:
            command = commands[len(results) - 1] if results else commands[0]
            error = stderr.read().decode("utf-8", errors="replace")
            raise SystemExit(f"{' '.join(command)} failed in {cwd}:\n{output}{error}")
    # ru_maxrss is KiB on Linux
    return [Outcome(seconds, peak_kib / 1024, output) for seconds, peak_kib, _ in results]


def measured(command: Sequence[str], cwd: Path) -> Outcome:
    return measured_sequence([command], cwd)[0]


@dataclass
class Measurement:
    seconds: list[float] = field(default_factory=list)
    peak_mib: list[float] = field(default_factory=list)

    def add(self, seconds: float, peak_mib: float | None = None) -> None:
        self.seconds.append(seconds)
        if peak_mib is not None:
            self.peak_mib.append(peak_mib)

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)


@dataclass
class SizeResult:
    size: int
    measurements: dict[str, Measurement]
    steps: dict[str, dict[str, Measurement]] = field(default_factory=dict)
    """Seconds of each step as ``quizkit build`` reports them, by build (full, no-op, changed)."""
    written_when_changed: list[int] = field(default_factory=list)
    written_when_no_op: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def median(self, name: str) -> float:
        return self.measurements[name].median

    def step_median(self, build: str, step: str) -> float | None:
        measurement = self.steps.get(build, {}).get(step)
        return measurement.median if measurement else None


def quizkit(*arguments: str) -> list[str]:
    return [*corpus.quizkit_command(), *arguments]


def pybabel(*arguments: str) -> list[str]:
    script = BIN / "pybabel"
    return [str(script) if script.exists() else "pybabel", *arguments]


# --------------------------------------------------------------------------------------------------
# The measured pipelines
# --------------------------------------------------------------------------------------------------


def quizkit_build(project: Path, result: SizeResult, name: str, *options: str) -> list[str]:
    outcome = measured(quizkit("build", "--format", "json", *options), project)
    report = json.loads(outcome.stdout)
    result.measurements[name].add(outcome.seconds, outcome.peak_mib)
    # Whatever steps the build reports, in its order: the benchmark outlives any one list of steps.
    steps = result.steps.setdefault(name, {})
    for step in report["steps"]:
        steps.setdefault(step["name"], Measurement()).add(step["seconds"])
    written: list[str] = report["written"]
    return written


def pybabel_pipeline(pristine: Path, folder: Path, result: SizeResult) -> None:
    # A fresh copy restores the combined catalog that the previous run's update rewrote.
    for name in ("content", "locales-babel"):
        shutil.copytree(pristine / name, folder / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(pristine / "babel.cfg", folder / "babel.cfg")
    total = 0.0
    for name, command in (
        (BABEL_EXTRACT, pybabel("extract", "-F", "babel.cfg", "-o", "messages.pot", "content")),
        (
            BABEL_UPDATE,
            pybabel(
                "update",
                "--no-fuzzy-matching",
                "-i",
                "messages.pot",
                "-d",
                "locales-babel",
                "-l",
                corpus.TARGET_LOCALE,
                "-D",
                corpus.COMBINED_DOMAIN,
            ),
        ),
        (
            BABEL_COMPILE,
            pybabel(
                "compile", "-d", "locales-babel", "-l", corpus.TARGET_LOCALE, "-D", corpus.COMBINED_DOMAIN
            ),
        ),
    ):
        outcome = measured(command, folder)
        result.measurements[name].add(outcome.seconds, outcome.peak_mib)
        total += outcome.seconds
    result.measurements[BABEL_TOTAL].add(total)


def gnu_single_catalog(pristine: Path, folder: Path, result: SizeResult) -> None:
    """(a): the same translations as one catalog, as the pybabel pipeline has them."""
    folder.mkdir(parents=True)
    babel = pristine / "locales-babel"
    merge = measured(
        [
            "msgmerge",
            "--quiet",
            "--no-fuzzy-matching",
            "-o",
            str(folder / "out.po"),
            str(babel / corpus.TARGET_LOCALE / "LC_MESSAGES" / f"{corpus.COMBINED_DOMAIN}.po"),
            str(babel / f"{corpus.COMBINED_DOMAIN}.pot"),
        ],
        folder,
    )
    compiled = measured(["msgfmt", "-o", str(folder / "out.mo"), str(folder / "out.po")], folder)
    result.measurements[GNU_MERGE].add(merge.seconds, merge.peak_mib)
    result.measurements[GNU_FORMAT].add(compiled.seconds, compiled.peak_mib)
    result.measurements[GNU_TOTAL].add(merge.seconds + compiled.seconds)


def domains(project: Path) -> list[str]:
    return sorted(path.stem for path in (project / "locales").glob("*.pot"))


def gnu_per_domain(pristine: Path, folder: Path, result: SizeResult) -> None:
    """(b): one msgmerge and one msgfmt process per catalog, the files quizkit itself updates and compiles."""
    (folder / "po").mkdir(parents=True)
    (folder / "mo").mkdir()
    catalogs = pristine / "locales" / corpus.TARGET_LOCALE / "LC_MESSAGES"
    merges = measured_sequence(
        [
            [
                "msgmerge",
                "--quiet",
                "--no-fuzzy-matching",
                "-o",
                str(folder / "po" / f"{domain}.po"),
                str(catalogs / f"{domain}.po"),
                str(pristine / "locales" / f"{domain}.pot"),
            ]
            for domain in domains(pristine)
        ],
        folder,
    )
    compiles = measured_sequence(
        [
            ["msgfmt", "-o", str(folder / "mo" / f"{domain}.mo"), str(folder / "po" / f"{domain}.po")]
            for domain in domains(pristine)
        ],
        folder,
    )
    merge_seconds = sum(outcome.seconds for outcome in merges)
    format_seconds = sum(outcome.seconds for outcome in compiles)
    result.measurements[DOMAIN_MERGE].add(merge_seconds, max(outcome.peak_mib for outcome in merges))
    result.measurements[DOMAIN_FORMAT].add(format_seconds, max(outcome.peak_mib for outcome in compiles))
    result.measurements[DOMAIN_TOTAL].add(merge_seconds + format_seconds)


def help_start_time() -> Measurement:
    measurement = Measurement()
    for outcome in measured_sequence([quizkit("--help")] * HELP_RUNS, ROOT):
        measurement.add(outcome.seconds, outcome.peak_mib)
    return measurement


# --------------------------------------------------------------------------------------------------
# Sanity checks on the last run's outputs
# --------------------------------------------------------------------------------------------------


def mo_messages(paths: Iterator[Path], edited_key: str) -> dict[object, object]:
    messages: dict[object, object] = {}
    for path in paths:
        messages.update(catalog_benchmark.mo_catalog(path))
    messages.pop("", None)  # each file's header differs
    # The edited prompt is untranslated in quizkit's build only: the reference pipelines ran on the
    # unedited content.
    prefix = f"{edited_key}\x04"
    return {
        key: value
        for key, value in messages.items()
        if not (key[0] if isinstance(key, tuple) else str(key)).startswith(prefix)
    }


def same_translations_note(run: dict[str, Path], edited_key: str) -> str:
    folder = Path("LC_MESSAGES")
    found = {
        "quizkit": mo_messages(
            (run["build"] / "locales" / corpus.TARGET_LOCALE / folder).glob("*.mo"), edited_key
        ),
        "pybabel": mo_messages(
            (run["pybabel"] / "locales-babel" / corpus.TARGET_LOCALE / folder).glob("*.mo"), edited_key
        ),
        "msgfmt (a)": mo_messages(iter([run["gnu-single"] / "out.mo"]), edited_key),
        "msgfmt (b)": mo_messages((run["gnu-domains"] / "mo").glob("*.mo"), edited_key),
    }
    reference = found["msgfmt (a)"]
    counts = ", ".join(f"{name} {len(messages):,}" for name, messages in found.items())
    differing = [name for name, messages in found.items() if messages != reference]
    return f"translations in the .mo files of the last run (edited prompt left out): {counts}; " + (
        f"DIFFERENT from msgfmt (a): {', '.join(differing)}" if differing else "all the same messages"
    )


# --------------------------------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------------------------------


def fresh_copy(pristine: Path, target: Path) -> Path:
    shutil.copytree(
        pristine,
        target,
        ignore=shutil.ignore_patterns("dist", "*.mo", ".quizkit-cache", "locales-babel"),
    )
    return target


def new_size_result(size: int) -> SizeResult:
    names = [FULL, FULL_SERIAL, NO_OP, CHANGED, COMPILE]
    names += [BABEL_EXTRACT, BABEL_UPDATE, BABEL_COMPILE, BABEL_TOTAL]
    names += [GNU_MERGE, GNU_FORMAT, GNU_TOTAL, DOMAIN_MERGE, DOMAIN_FORMAT, DOMAIN_TOTAL]
    return SizeResult(size, {name: Measurement() for name in names})


def run_size(size: int, args: argparse.Namespace, workdir: Path, deadline: float | None) -> SizeResult:
    folder = workdir / str(size)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    pristine = folder / "corpus"
    started = time.perf_counter()
    generated = corpus.generate_corpus(pristine, size, args.seed)
    result = new_size_result(size)
    quiz_bytes = sum(path.stat().st_size for path in (pristine / "content").glob("*.yaml"))
    result.notes.append(
        f"corpus generated in {time.perf_counter() - started:.1f} s: {size:,} quizzes + ui, "
        f"{generated.entries:,} catalog entries ({generated.untranslated:,} left untranslated), "
        f"{len(domains(pristine)):,} domains, content {quiz_bytes / 1e6:.1f} MB"
    )
    print(f"\n== {size:,} quizzes ==  ({result.notes[0]})", flush=True)

    longest_run = 0.0
    newest: dict[str, Path] = {}
    edited_key = ""
    for run in range(args.repeat):
        if run and deadline is not None and time.monotonic() + longest_run > deadline:
            result.notes.append(
                f"only {run} of {args.repeat} runs: another would pass the --time-budget of "
                f"{args.time_budget:g} min (a run here takes {longest_run:.0f} s)"
            )
            print(f"  {result.notes[-1]}", flush=True)
            break
        run_started = time.monotonic()
        # Keep only the newest run's folders: at 1,000 quizzes a built project is hundreds of MB.
        for earlier in newest.values():
            shutil.rmtree(earlier, ignore_errors=True)
        newest = {
            name: folder / f"{name}-{run + 1}"
            for name in ("build", "build-serial", "pybabel", "gnu-single", "gnu-domains")
        }
        build = fresh_copy(pristine, newest["build"])
        written = quizkit_build(build, result, FULL)
        if run == 0:
            result.notes.append(f"full build wrote {len(written):,} files")
        result.written_when_no_op.append(len(quizkit_build(build, result, NO_OP)))
        # A different quiz and a new text in every run; a change to quiz 1 alone could be special.
        number = 1 + (run * 7919) % size
        edited_key = corpus.edited_prompt(build, number, args.seed + run)
        result.written_when_changed.append(len(quizkit_build(build, result, CHANGED)))
        # One process: how much the default --jobs (one per core) gains, and the update step on one core.
        quizkit_build(fresh_copy(pristine, newest["build-serial"]), result, FULL_SERIAL, "--jobs", "1")
        # quizkit compile on every catalog from scratch, as msgfmt writes every .mo from scratch.
        for compiled in (newest["build-serial"] / "locales").rglob("*.mo"):
            compiled.unlink()
        outcome = measured(quizkit("compile"), newest["build-serial"])
        result.measurements[COMPILE].add(outcome.seconds, outcome.peak_mib)
        pybabel_pipeline(pristine, newest["pybabel"], result)
        gnu_single_catalog(pristine, newest["gnu-single"], result)
        gnu_per_domain(pristine, newest["gnu-domains"], result)
        elapsed = time.monotonic() - run_started
        longest_run = max(longest_run, elapsed)
        print(
            f"  run {run + 1}: full {result.measurements[FULL].seconds[-1]:.2f} s, "
            f"no-op {result.measurements[NO_OP].seconds[-1]:.2f} s, "
            f"changed ({edited_key}) {result.measurements[CHANGED].seconds[-1]:.2f} s, "
            f"pybabel {result.measurements[BABEL_TOTAL].seconds[-1]:.2f} s, "
            f"GNU (a) {result.measurements[GNU_TOTAL].seconds[-1]:.2f} s, "
            f"(b) {result.measurements[DOMAIN_TOTAL].seconds[-1]:.2f} s; run took {elapsed:.0f} s",
            flush=True,
        )
    result.notes.append(same_translations_note(newest, edited_key))
    result.notes.append(
        "files written: no-op builds "
        + ", ".join(map(str, result.written_when_no_op))
        + "; one-quiz-changed builds "
        + ", ".join(map(str, result.written_when_changed))
    )
    return result


# --------------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------------


def ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else float("inf")


@dataclass(frozen=True)
class Target:
    comparison: str
    value: str
    target: str
    met: bool | None  # None: shown for information, not judged


def targets(result: SizeResult) -> list[Target]:
    rows: list[Target] = []
    full = result.median(FULL)
    value = ratio(full, result.median(BABEL_TOTAL))
    rows.append(Target("full build / pybabel pipeline total", f"{value:.2f}x", "<= 1.0x", value <= 1.0))
    serial = result.median(FULL_SERIAL)
    value = ratio(serial, result.median(BABEL_TOTAL))
    rows.append(
        Target("full build --jobs 1 / pybabel pipeline total", f"{value:.2f}x", "(information)", None)
    )
    value = ratio(serial, full)
    rows.append(Target("full build: --jobs 1 / default --jobs", f"{value:.2f}x", "(information)", None))
    value = ratio(result.median(NO_OP), full)
    rows.append(Target("no-op build / full build", f"{100 * value:.1f}%", "<= 5%", value <= 0.05))
    value = ratio(result.median(CHANGED), full)
    rows.append(Target("one-quiz-changed build / full build", f"{100 * value:.1f}%", "<= 10%", value <= 0.10))
    # compile: the command, one process, every catalog from scratch, against msgfmt doing the same.
    value = ratio(result.median(COMPILE), result.median(GNU_FORMAT))
    rows.append(Target("quizkit compile / msgfmt (a) one catalog", f"{value:.2f}x", "<= 1.5x", value <= 1.5))
    value = ratio(result.median(COMPILE), result.median(DOMAIN_FORMAT))
    rows.append(Target("quizkit compile / msgfmt (b) per domain", f"{value:.2f}x", "(information)", None))
    # update: the build's update step (merge and write, the templates made from the validated content)
    # in one process, against msgmerge given the finished templates.
    for build, label, judged in ((FULL_SERIAL, "update step, --jobs 1", True), (FULL, "update step", False)):
        ours = result.step_median(build, "update")
        if ours is None:
            rows.append(Target(f"{label} / msgmerge --no-fuzzy (a)", "no step", "<= 1.5x", False))
            continue
        value = ratio(ours, result.median(GNU_MERGE))
        rows.append(
            Target(
                f"{label} / msgmerge --no-fuzzy (a) one catalog",
                f"{value:.2f}x",
                "<= 1.5x" if judged else "(information)",
                value <= 1.5 if judged else None,
            )
        )
        value = ratio(ours, result.median(DOMAIN_MERGE))
        rows.append(
            Target(f"{label} / msgmerge --no-fuzzy (b) per domain", f"{value:.2f}x", "(information)", None)
        )
    # With --jobs the figure is the largest single process; forked workers share the parent's pages, so
    # the whole build in one process (--jobs 1) is the figure judged.
    peak = max(result.measurements[FULL_SERIAL].peak_mib)
    rows.append(Target("peak memory of the full build, --jobs 1", f"{peak:.0f} MiB", "< 500 MiB", peak < 500))
    peak = max(result.measurements[FULL].peak_mib)
    rows.append(
        Target("peak memory, largest process, default --jobs", f"{peak:.0f} MiB", "(information)", None)
    )
    return rows


def table_row(size: str, name: str, measurement: Measurement) -> str:
    peak = f"{max(measurement.peak_mib):>8.0f}" if measurement.peak_mib else f"{'':>8}"
    return (
        f"| {size:>7} | {name:<36} | {len(measurement.seconds):>4} | {measurement.median:>9.3f} | "
        f"{min(measurement.seconds):>8.3f} | {max(measurement.seconds):>8.3f} | {peak} |"
    )


def verdict(met: bool | None) -> str:
    return "" if met is None else ("met" if met else "MISSED")


def print_report(
    results: list[SizeResult], help_times: Measurement, load_before: str, floor_mib: float
) -> None:
    print("\n" + "=" * 110)
    print("Machine")
    for line in catalog_benchmark.machine_lines():
        print("  " + line)
    print(f"  load before the runs: {load_before}; after: {load_text()}")
    print(f"Command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(
        "Wall clock of each command as a subprocess (process start included); medians over the runs. "
        "Peak memory: the command's max RSS (os.wait4), the largest over the runs; "
        f"(b) rows: the largest single process; floor {floor_mib:.1f} MiB (the launcher's, see LAUNCHER)."
    )
    print("Step rows: the seconds quizkit build reports for its own steps inside the full build.\n")
    header = (
        f"| {'quizzes':>7} | {'measurement':<36} | {'runs':>4} | {'median s':>9} | {'min s':>8} | "
        f"{'max s':>8} | {'peak MiB':>8} |"
    )
    print(header)
    print("|" + "|".join("-" * len(cell) for cell in header.split("|")[1:-1]) + "|")
    for result in results:
        for name, measurement in result.measurements.items():
            if measurement.seconds:
                print(table_row(f"{result.size:,}", name, measurement))
            if name in (FULL, FULL_SERIAL):
                for step, step_measurement in result.steps.get(name, {}).items():
                    print(table_row(f"{result.size:,}", f"  step {step}", step_measurement))
    print(table_row("", HELP, help_times))

    print("\nTargets (medians; the update and compile targets are judged against (a), the single catalog)")
    print(f"| {'quizzes':>7} | {'comparison':<62} | {'result':>10} | {'target':<13} | {'':<6} |")
    print(f"|{'-' * 9}|{'-' * 64}|{'-' * 12}|{'-' * 15}|{'-' * 8}|")
    for result in results:
        for row in targets(result):
            print(
                f"| {result.size:>7,} | {row.comparison:<62} | {row.value:>10} | {row.target:<13} | "
                f"{verdict(row.met):<6} |"
            )
    help_ms = 1000 * help_times.median
    print(
        f"| {'':>7} | {'quizkit --help start time':<62} | {help_ms:>7.0f} ms | {'< 150 ms':<13} | "
        f"{verdict(help_ms < 150):<6} |"
    )

    print(
        "\nWhere each build's time goes (median seconds of the steps quizkit build reports; share of its median)"
    )
    for result in results:
        for build in (FULL, FULL_SERIAL, NO_OP, CHANGED):
            total = result.median(build)
            steps = result.steps.get(build, {})
            parts = [
                f"{step} {measurement.median:.2f} ({100 * measurement.median / total:.0f}%)"
                for step, measurement in steps.items()
            ]
            outside = total - sum(measurement.median for measurement in steps.values())
            parts.append(
                f"outside the steps (start-up, imports, summary) {outside:.2f} ({100 * outside / total:.0f}%)"
            )
            print(f"  {result.size:>7,} {build.removeprefix('quizkit build '):<18} " + ", ".join(parts))

    print("\nChecks")
    for result in results:
        for note in result.notes:
            print(f"  {result.size:>7,}  {note}")


def load_text() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg()) + " (1, 5, 15 min)"


def profile_build(size: int, workdir: Path) -> None:
    """cProfile one full build with --jobs 1 in its own process, as the command runs it."""
    project = fresh_copy(workdir / str(size) / "corpus", workdir / str(size) / "profile")
    stats_file = workdir / f"build-{size}.prof"
    code = (
        "import cProfile, sys\n"
        # One process, so that the profile sees all the work (cProfile does not follow workers).
        "sys.argv = ['quizkit', 'build', '--format', 'json', '--jobs', '1']\n"
        "from toolkit.cli import main\n"
        "profiler = cProfile.Profile()\n"
        "try:\n"
        "    profiler.runcall(main)\n"
        "except SystemExit:\n"
        "    pass\n"
        f"profiler.dump_stats({str(stats_file)!r})\n"
    )
    print(f"\nProfiling one full build of {size:,} quizzes ...", flush=True)
    outcome = measured([sys.executable, "-c", code], project)
    print(f"  {outcome.seconds:.1f} s under cProfile, stats in {stats_file}")
    for order, label in (("cumulative", "cumulative time"), ("tottime", "total (own) time")):
        stream = io.StringIO()
        pstats.Stats(str(stats_file), stream=stream).strip_dirs().sort_stats(order).print_stats(30)
        text = re.sub(r"\A.*?(?=\s+\d+ function calls)", "", stream.getvalue(), flags=re.DOTALL)
        print(f"\n--- cProfile: quizkit build, {size:,} quizzes, top 30 by {label} ---")
        print(text.strip("\n"))


def parse_sizes(text: str) -> list[int]:
    sizes = [int(size.replace("_", "")) for size in text.split(",") if size.strip()]
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError("sizes are positive quiz counts such as 100,1000")
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        default=[100, 1000],
        help="comma-separated quiz counts (default 100,1000)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; medians are reported")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--keep", type=Path, help="work in this folder and keep the generated projects")
    parser.add_argument("--profile", action="store_true", help="cProfile one full build at the largest size")
    parser.add_argument(
        "--time-budget",
        type=float,
        default=DEFAULT_TIME_BUDGET_MINUTES,
        help="minutes: skip further runs of a size when another would pass this (0: no limit; "
        f"default {DEFAULT_TIME_BUDGET_MINUTES:g}; every size always gets one run)",
    )
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    for tool in ("msgmerge", "msgfmt"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: install GNU gettext")

    started = time.monotonic()
    deadline = started + 60 * args.time_budget if args.time_budget > 0 else None
    workdir: Path = args.keep or Path(tempfile.mkdtemp(prefix="quizkit-build-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    load_before = load_text()
    try:
        print("Machine")
        for line in catalog_benchmark.machine_lines():
            print("  " + line)
        help_times = help_start_time()
        print(f"\n{HELP}: median {1000 * help_times.median:.0f} ms over {HELP_RUNS} runs", flush=True)
        results = [run_size(size, args, workdir, deadline) for size in args.sizes]
        print_report(results, help_times, load_before, launcher_floor_mib())
        print(f"\nWhole run: {time.monotonic() - started:.0f} s")
        if args.profile:
            profile_build(max(args.sizes), workdir)
    finally:
        if args.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
