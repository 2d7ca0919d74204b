"""Benchmark ``quizkit build`` on generated projects against the pybabel and GNU gettext pipelines.

Usage (from the repository root)::

    .venv/bin/python benchmarks/build_benchmark.py [--sizes 100,1000] [--large] [--repeat 3] [--seed 42]
                                                   [--keep DIR] [--profile] [--profile-size N]
                                                   [--time-budget MINUTES] [--large-reference-runs N]

For each size N it generates a translated project of N quizzes (``corpus.py``; kept and reused with
``--keep``), then measures, as medians over ``--repeat`` runs, every command as a subprocess (wall
clock, and peak memory, see ``command_measurement.py``):

* ``quizkit build --format json`` on a fresh copy (full build), again on the built project (no-op build),
  and after one quiz's prompt is edited (one-quiz-changed build), with the build's own step times; the
  full build again with ``--jobs 1``; ``quizkit compile`` of every catalog; ``quizkit validate`` of one
  quiz file;
* the pybabel pipeline on the same content: ``pybabel extract``, ``update --no-fuzzy-matching``, ``compile``;
* GNU gettext: ``msgmerge --no-fuzzy-matching`` and ``msgfmt`` on one combined catalog (a), and on every
  per-quiz catalog quizkit handles, one process each (b);

plus the start time of ``quizkit --help``, and prints a table, the per-quiz cost and peak memory at each
size, and issue 24's targets with their verdicts (``build_report.py``). ``--large`` adds 10,000 quizzes;
at that size the ``--jobs 1`` build and the reference pipelines run ``--large-reference-runs`` times
(default once). ``--profile`` profiles one full build and says where its time goes (``build_profile.py``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import build_profile
import catalog_benchmark
import corpus
import corpus_stamp
from build_report import (
    BABEL_COMPILE,
    BABEL_EXTRACT,
    BABEL_TOTAL,
    BABEL_UPDATE,
    CHANGED,
    COMPILE,
    DOMAIN_FORMAT,
    DOMAIN_MERGE,
    DOMAIN_TOTAL,
    FULL,
    FULL_SERIAL,
    GNU_FORMAT,
    GNU_MERGE,
    GNU_TOTAL,
    HELP,
    NO_OP,
    VALIDATE,
    SizeResult,
    TargetSizes,
    load_text,
    print_report,
)
from command_measurement import (
    TREE_SAMPLE_SECONDS,
    Measurement,
    launcher_floor_mib,
    measured,
    measured_sequence,
)

ROOT = corpus.ROOT
BIN = Path(sys.executable).parent
START_RUNS = 10
"""Runs of each start-time measurement (quizkit --help, quizkit validate of one file)."""
DEFAULT_TIME_BUDGET_MINUTES = 13.0
LARGE_TIME_BUDGET_MINUTES = 120.0
"""The default --time-budget with --large: a first run at 10,000 quizzes takes about an hour on a 2-core
machine (benchmarks/README.md), and each further run of the default build some half an hour."""
QUIZKIT_PART = "quizkit builds"
REFERENCE_PART = "--jobs 1 build and reference pipelines"


@dataclass(frozen=True)
class Options:
    """The command line, checked."""

    sizes: tuple[int, ...]
    large: bool
    repeat: int
    large_reference_runs: int
    seed: int
    keep: Path | None
    profile: bool
    profile_size: int
    time_budget: float
    """Minutes; 0: no limit."""
    target_sizes: TargetSizes
    start_runs: int


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
    result.measurements[name].add_outcome(outcome)
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
    locale, domain = corpus.TARGET_LOCALE, corpus.COMBINED_DOMAIN
    commands = {
        BABEL_EXTRACT: pybabel("extract", "-F", "babel.cfg", "-o", "messages.pot", "content"),
        BABEL_UPDATE: pybabel(
            "update",
            "--no-fuzzy-matching",
            "-i",
            "messages.pot",
            "-d",
            "locales-babel",
            "-l",
            locale,
            "-D",
            domain,
        ),
        BABEL_COMPILE: pybabel("compile", "-d", "locales-babel", "-l", locale, "-D", domain),
    }
    total = 0.0
    for name, command in commands.items():
        outcome = measured(command, folder)
        result.measurements[name].add_outcome(outcome)
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
    result.measurements[GNU_MERGE].add_outcome(merge)
    result.measurements[GNU_FORMAT].add_outcome(compiled)
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


def start_times(command: list[str], cwd: Path, runs: int, measurement: Measurement) -> Measurement:
    """``runs`` starts of ``command``, once per invocation, as a user starts it."""
    for outcome in measured_sequence([command] * runs, cwd):
        measurement.add_outcome(outcome)
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


def same_translations_note(latest: dict[str, Path], edited_key: str) -> str:
    folder = Path("LC_MESSAGES")
    sources: dict[str, Callable[[], Iterator[Path]]] = {
        "quizkit": lambda: (latest["build"] / "locales" / corpus.TARGET_LOCALE / folder).glob("*.mo"),
        "pybabel": lambda: (latest["pybabel"] / "locales-babel" / corpus.TARGET_LOCALE / folder).glob("*.mo"),
        "msgfmt (b)": lambda: (latest["gnu-domains"] / "mo").glob("*.mo"),
    }
    # One pipeline's messages at a time beside the reference: at 10,000 quizzes each is half a million.
    reference = mo_messages(iter([latest["gnu-single"] / "out.mo"]), edited_key)
    counts, differing = [f"msgfmt (a) {len(reference):,}"], []
    for name, paths in sources.items():
        messages = mo_messages(paths(), edited_key)
        counts.append(f"{name} {len(messages):,}")
        if messages != reference:
            differing.append(name)
    return (
        f"translations in the .mo files of the last runs (edited prompt left out): {', '.join(counts)}; "
        + (f"DIFFERENT from msgfmt (a): {', '.join(differing)}" if differing else "all the same messages")
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


def clear_size_folder(folder: Path, project: Path) -> None:
    """Remove an earlier run's folders, but not a kept corpus (``project`` and its stamp)."""
    folder.mkdir(parents=True, exist_ok=True)
    kept = {project.name, corpus_stamp.stamp_path(project).name}
    for path in folder.iterdir():
        if path.name in kept:
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()


def reference_runs(size: int, options: Options) -> int:
    if size >= options.target_sizes.large:
        return min(options.repeat, options.large_reference_runs)
    return options.repeat


def corpus_note(size: int, stamp: corpus_stamp.CorpusStamp, project: Path) -> str:
    phases = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in stamp.seconds.items())
    how = (
        f"kept from an earlier run in {project} (its generation took {stamp.generation_seconds:.1f} s: {phases})"
        if stamp.reused
        else f"generated in {stamp.generation_seconds:.1f} s ({phases})"
    )
    quiz_bytes = sum(path.stat().st_size for path in (project / "content").glob("*.yaml"))
    return (
        f"corpus {how}: {size:,} quizzes + ui, {stamp.entries:,} catalog entries "
        f"({stamp.untranslated:,} left untranslated), {len(domains(project)):,} domains, "
        f"content {quiz_bytes / 1e6:.1f} MB"
    )


class SizeRuns:
    """The runs at one size, in ``workdir/<size>``: the corpus (kept there with --keep), then each run's
    quizkit builds and, in the first ``reference_runs`` runs, the --jobs 1 build and the reference
    pipelines. Only the newest folder of each pipeline is kept, for the checks."""

    def __init__(self, size: int, options: Options, workdir: Path) -> None:
        self.size = size
        self.options = options
        self.folder = workdir / str(size)
        self.pristine = self.folder / "corpus"
        self.result = SizeResult(size)
        self.latest: dict[str, Path] = {}
        self.edited_key = ""

    def prepare(self) -> None:
        clear_size_folder(self.folder, self.pristine)
        stamp = corpus_stamp.prepared_corpus(self.pristine, self.size, self.options.seed)
        self.result.generation_seconds, self.result.corpus_kept = stamp.generation_seconds, stamp.reused
        self.result.notes.append(corpus_note(self.size, stamp, self.pristine))
        print(f"  {self.result.notes[-1]}", flush=True)

    def new_folder(self, name: str, run: int) -> Path:
        """The folder of pipeline ``name`` in this run; the previous run's is removed (a built project of
        10,000 quizzes takes gigabytes)."""
        if name in self.latest:
            shutil.rmtree(self.latest[name], ignore_errors=True)
        self.latest[name] = self.folder / f"{name}-{run + 1}"
        return self.latest[name]

    def quizkit_part(self, run: int) -> str:
        result = self.result
        build = fresh_copy(self.pristine, self.new_folder("build", run))
        written = quizkit_build(build, result, FULL)
        if run == 0:
            result.notes.append(f"full build wrote {len(written):,} files")
        result.written_when_no_op.append(len(quizkit_build(build, result, NO_OP)))
        # A different quiz and a new text in every run; a change to quiz 1 alone could be special.
        number = 1 + (run * 7919) % self.size
        self.edited_key = corpus.edited_prompt(build, number, self.options.seed + run)
        result.written_when_changed.append(len(quizkit_build(build, result, CHANGED)))
        # quizkit compile on every catalog from scratch, as msgfmt writes every .mo from scratch.
        for compiled in (build / "locales").rglob("*.mo"):
            compiled.unlink()
        result.measurements[COMPILE].add_outcome(measured(quizkit("compile"), build))
        if run == 0:
            # As a user checks the file they edit, in a built project.
            command = quizkit("validate", corpus.quiz_path(Path(), 1).as_posix())
            start_times(command, build, self.options.start_runs, result.measurements[VALIDATE])
        return (
            f"full {result.measurements[FULL].seconds[-1]:.2f} s, "
            f"no-op {result.measurements[NO_OP].seconds[-1]:.2f} s, "
            f"changed ({self.edited_key}) {result.measurements[CHANGED].seconds[-1]:.2f} s"
        )

    def reference_part(self, run: int) -> str:
        result = self.result
        # One process: how much the default --jobs gains, the update step on one core, and the memory
        # of the whole build.
        serial = fresh_copy(self.pristine, self.folder / f"build-serial-{run + 1}")
        quizkit_build(serial, result, FULL_SERIAL, "--jobs", "1")
        shutil.rmtree(serial)
        pybabel_pipeline(self.pristine, self.new_folder("pybabel", run), result)
        gnu_single_catalog(self.pristine, self.new_folder("gnu-single", run), result)
        gnu_per_domain(self.pristine, self.new_folder("gnu-domains", run), result)
        return (
            f"--jobs 1 {result.measurements[FULL_SERIAL].seconds[-1]:.2f} s, "
            f"pybabel {result.measurements[BABEL_TOTAL].seconds[-1]:.2f} s, "
            f"GNU (a) {result.measurements[GNU_TOTAL].seconds[-1]:.2f} s, "
            f"(b) {result.measurements[DOMAIN_TOTAL].seconds[-1]:.2f} s"
        )

    def sampled_build(self) -> None:
        """One more full build (default --jobs), untimed, with the memory of all its processes sampled:
        reading every process's PSS walks its page tables, which would slow a timed build."""
        sampled = fresh_copy(self.pristine, self.folder / "build-sampled")
        outcome = measured(quizkit("build", "--format", "json"), sampled, TREE_SAMPLE_SECONDS)
        shutil.rmtree(sampled)
        if outcome.tree_peak_mib is not None:
            self.result.measurements[FULL].tree_peak_mib.append(outcome.tree_peak_mib)
        print(
            f"  untimed full build for the memory of all its processes: {outcome.seconds:.0f} s", flush=True
        )

    def timed(self, part: str, run: int) -> str:
        started = time.monotonic()
        line = self.quizkit_part(run) if part == QUIZKIT_PART else self.reference_part(run)
        self.result.part_seconds.setdefault(part, []).append(time.monotonic() - started)
        return line

    def run(self, deadline: float | None) -> SizeResult:
        options, result = self.options, self.result
        with_reference = reference_runs(self.size, options)
        if with_reference < options.repeat:
            result.notes.append(
                f"the --jobs 1 build, pybabel and GNU gettext ran {with_reference} of {options.repeat} runs "
                f"(--large-reference-runs {options.large_reference_runs} at "
                f"{options.target_sizes.large:,} quizzes and more)"
            )
        for run in range(options.repeat):
            parts = [QUIZKIT_PART, *([REFERENCE_PART] if run < with_reference else [])]
            expected = sum(result.last_part(part) for part in parts)
            if run and deadline is not None and time.monotonic() + expected > deadline:
                result.notes.append(
                    f"only {run} of {options.repeat} runs: another would pass the --time-budget of "
                    f"{options.time_budget:g} min (it would take about {expected:.0f} s)"
                )
                print(f"  {result.notes[-1]}", flush=True)
                break
            started = time.monotonic()
            lines = [self.timed(part, run) for part in parts]
            if len(parts) == 1:
                lines.append("no --jobs 1 build or reference pipelines in this run")
            print(
                f"  run {run + 1}: {', '.join(lines)}; run took {time.monotonic() - started:.0f} s",
                flush=True,
            )
        self.sampled_build()
        result.notes.append(same_translations_note(self.latest, self.edited_key))
        result.notes.append(
            "files written: no-op builds "
            + ", ".join(map(str, result.written_when_no_op))
            + "; one-quiz-changed builds "
            + ", ".join(map(str, result.written_when_changed))
        )
        result.notes.append(
            "seconds of the runs: "
            + "; ".join(
                f"{part} " + ", ".join(f"{seconds:.0f}" for seconds in runs)
                for part, runs in result.part_seconds.items()
            )
        )
        return result


def duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def expected_seconds(previous: SizeResult, size: int, options: Options, workdir: Path) -> tuple[float, float]:
    """Seconds a size should take, generating its corpus (0 if one is kept) and running, extrapolated
    linearly in quizzes from a smaller size; with the --time-budget, fewer runs may be made."""
    scale = size / previous.size
    kept = corpus_stamp.kept_corpus(workdir / str(size) / "corpus", size, options.seed) is not None
    runs = options.repeat * previous.median_part(QUIZKIT_PART)
    runs += reference_runs(size, options) * previous.median_part(REFERENCE_PART)
    return (0.0 if kept else scale * previous.generation_seconds), scale * runs


# --------------------------------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------------------------------


def parse_sizes(text: str) -> list[int]:
    try:
        sizes = [int(size.replace("_", "")) for size in text.split(",") if size.strip()]
    except ValueError:
        sizes = []
    if not sizes or min(sizes) < 1:
        raise argparse.ArgumentTypeError("sizes are positive quiz counts such as 100,1000")
    return sizes


def parse_target_sizes(text: str) -> TargetSizes:
    sizes = parse_sizes(text)
    if len(sizes) != 2 or sizes[0] >= sizes[1]:
        raise argparse.ArgumentTypeError("two quiz counts, the smaller first, such as 1000,10000")
    return TargetSizes(sizes[0], sizes[1])


def parsed_arguments(arguments: list[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--sizes",
        type=parse_sizes,
        default=[100, 1000],
        help="comma-separated quiz counts (default 100,1000)",
    )
    parser.add_argument(
        "--large",
        action="store_true",
        help="also 10,000 quizzes, for the scaling targets (an hour or more on 2 cores: see benchmarks/README.md)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; medians are reported")
    parser.add_argument(
        "--large-reference-runs",
        type=int,
        default=1,
        help="runs of the --jobs 1 build and of the pybabel and GNU pipelines at 10,000 quizzes "
        "(default 1: they take half an hour a run there; the other builds get --repeat runs)",
    )
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument(
        "--keep",
        type=Path,
        help="work in this folder and keep the generated projects; a later run with the same folder "
        "reuses a project generated for the same size and seed by the same code",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile one full build (--jobs 1)")
    parser.add_argument(
        "--profile-size", type=int, help="quizzes of the profiled build (default: the largest size run)"
    )
    parser.add_argument(
        "--time-budget",
        type=float,
        help="minutes: skip further runs of a size when another would pass this (0: no limit; default "
        f"{DEFAULT_TIME_BUDGET_MINUTES:g}, {LARGE_TIME_BUDGET_MINUTES:g} with --large; every size "
        "always gets one run)",
    )
    # For tests: the sizes the targets are judged at (as if 1,000 and 10,000), and fewer start runs.
    parser.add_argument(
        "--target-sizes", type=parse_target_sizes, default=TargetSizes(), help=argparse.SUPPRESS
    )
    parser.add_argument("--start-runs", type=int, default=START_RUNS, help=argparse.SUPPRESS)
    args = parser.parse_args(arguments)
    if args.repeat < 1 or args.large_reference_runs < 1 or args.start_runs < 1:
        parser.error("--repeat and --large-reference-runs must be at least 1")
    target_sizes: TargetSizes = args.target_sizes
    sizes = set(args.sizes) | ({target_sizes.large} if args.large else set())
    time_budget = args.time_budget
    if time_budget is None:
        time_budget = LARGE_TIME_BUDGET_MINUTES if args.large else DEFAULT_TIME_BUDGET_MINUTES
    profile_size = max(sizes) if args.profile_size is None else args.profile_size
    if profile_size not in sizes:
        parser.error(
            f"--profile-size {profile_size} is not one of the sizes run ({', '.join(map(str, sorted(sizes)))})"
        )
    return Options(
        sizes=tuple(sorted(sizes)),
        large=args.large,
        repeat=args.repeat,
        large_reference_runs=args.large_reference_runs,
        seed=args.seed,
        keep=args.keep,
        profile=args.profile,
        profile_size=profile_size,
        time_budget=time_budget,
        target_sizes=target_sizes,
        start_runs=args.start_runs,
    )


def main(arguments: list[str] | None = None) -> None:
    options = parsed_arguments(arguments)
    for tool in ("msgmerge", "msgfmt"):
        if shutil.which(tool) is None:
            raise SystemExit(f"{tool} not found: install GNU gettext")
    started = time.monotonic()
    deadline = started + 60 * options.time_budget if options.time_budget > 0 else None
    workdir = options.keep or Path(tempfile.mkdtemp(prefix="quizkit-build-bench-"))
    workdir.mkdir(parents=True, exist_ok=True)
    load_before = load_text()
    try:
        print("Machine")
        for line in catalog_benchmark.machine_lines():
            print("  " + line)
        help_times = start_times(quizkit("--help"), ROOT, options.start_runs, Measurement())
        print(
            f"\n{HELP}: median {1000 * help_times.median:.0f} ms over {options.start_runs} runs", flush=True
        )
        results: list[SizeResult] = []
        for size in options.sizes:
            if results:
                generation, runs = expected_seconds(results[-1], size, options, workdir)
                print(
                    f"\n(expected for {size:,} quizzes, linear in quizzes from the {results[-1].size:,}-quiz "
                    f"size: about {duration(generation + runs)}, {duration(generation)} of it generating the "
                    "corpus)"
                )
            print(f"\n== {size:,} quizzes ==", flush=True)
            runs_of_size = SizeRuns(size, options, workdir)
            runs_of_size.prepare()
            results.append(runs_of_size.run(deadline))
        print_report(results, help_times, options.target_sizes, load_before, launcher_floor_mib(ROOT))
        print(f"\nWhole run: {time.monotonic() - started:.0f} s")
        if options.profile:
            folder = workdir / str(options.profile_size)
            profiled = next(result for result in results if result.size == options.profile_size)
            build_profile.profile_build(
                fresh_copy(folder / "corpus", folder / "profile"),
                workdir / f"build-{options.profile_size}",
                ROOT,
                options.profile_size,
                profiled.median(FULL_SERIAL) if profiled.measured(FULL_SERIAL) else None,
            )
    finally:
        if options.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
