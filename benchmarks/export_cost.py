"""The cost of each export format per file: files, bytes, milliseconds per file, before and after a change.

Usage (from the repository root)::

    .venv/bin/python benchmarks/export_cost.py [--size 1000] [--repeat 3] [--keep DIR]
                                               [--baseline TREE] [--profile FORMAT]

On a generated project of ``--size`` quizzes (``corpus.py``; kept and reused with ``--keep``) it exports
every format the default build exports, one format at a time, in one process per run (the code of this
repository, and with ``--baseline TREE`` the code of another checkout of quizkit, such as
``git worktree add /tmp/quizkit-base main``, in the same run, the runs interleaved). The content is read
and every quiz localized before the clock starts, so each format's time is its exporter's own work and the
writing of its files (atomic writes, as the build writes them). It prints, per format, the files and bytes
written, the median milliseconds per file of each tree and their ratio, and whether both trees wrote the
same bytes (a speed-up must change no output byte). ``--profile FORMAT`` then runs cProfile over that
format's export (this tree) and prints its top functions.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import corpus
import corpus_stamp

ROOT = corpus.ROOT

# Run in a process of its own, with the tree to measure first on sys.path: prints one JSON object.
WORKER = r"""
import hashlib, json, os, shutil, sys, time
tree, project, out, profile = sys.argv[1:5]
sys.path.insert(0, tree)
import toolkit
assert toolkit.__file__.startswith(tree), toolkit.__file__
from toolkit.config import load_config
from toolkit.exporters.export_run import build_request, resolve_formats, write_exports

config = load_config(__import__("pathlib").Path(project))
request = build_request(config)
# Every quiz localized in every locale before the clock starts: the formats share that work.
for _ in request.every_localized():
    pass
results = {}
for name in resolve_formats(config.export_formats):
    if profile and name != profile:
        continue
    target = __import__("pathlib").Path(out) / name
    shutil.rmtree(target, ignore_errors=True)
    if profile:
        import cProfile
        profiler = cProfile.Profile()
        profiler.enable()
    started, cpu = time.perf_counter(), time.process_time()
    result = write_exports(request, [name], __import__("pathlib").Path(out))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    if profile:
        profiler.disable()
        profiler.dump_stats(os.path.join(out, "profile.prof"))
    digest, size = hashlib.sha256(), 0
    for path in sorted(result.written + result.unchanged):
        data = path.read_bytes()
        size += len(data)
        digest.update(str(path.relative_to(out)).encode() + b"\0" + data)
    results[name] = {
        "files": len(result.written) + len(result.unchanged),
        "bytes": size,
        "seconds": seconds,
        "cpu": cpu,
        "digest": digest.hexdigest(),
    }
print(json.dumps(results))
"""


@dataclass
class FormatRuns:
    files: int = 0
    bytes: int = 0
    seconds: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    digest: str = ""

    def ms_per_file(self) -> float:
        return 1000 * statistics.median(self.seconds) / max(self.files, 1)

    def cpu_ms_per_file(self) -> float:
        return 1000 * statistics.median(self.cpu) / max(self.files, 1)


Runs = dict[str, FormatRuns]


def run_tree(tree: Path, project: Path, profile: str = "") -> dict[str, dict[str, object]]:
    with tempfile.TemporaryDirectory(prefix="quizkit-export-cost-") as out:
        # The tree's own toolkit, not the one installed in this environment.
        environment = {**os.environ, "PYTHONPATH": str(tree)}
        completed = subprocess.run(
            [sys.executable, "-c", WORKER, str(tree), str(project), out, profile],
            cwd=project,
            env=environment,
            capture_output=True,
            text=True,
        )
        if completed.returncode != 0:
            raise SystemExit(f"the export of {tree} failed:\n{completed.stderr}")
        if profile:
            print_profile(Path(out) / "profile.prof", profile)
        results: dict[str, dict[str, object]] = json.loads(completed.stdout)
        return results


def print_profile(path: Path, name: str) -> None:
    import pstats

    stats = pstats.Stats(str(path))
    stats.strip_dirs()
    for order in ("cumulative", "tottime"):
        print(f"\n--- cProfile: export of {name}, top 25 by {order} ---")
        stats.sort_stats(order).print_stats(25)


def add(runs: Runs, measured: dict[str, dict[str, object]]) -> None:
    for name, values in measured.items():
        runs_of = runs.setdefault(name, FormatRuns())
        runs_of.files = int(str(values["files"]))
        runs_of.bytes = int(str(values["bytes"]))
        runs_of.digest = str(values["digest"])
        runs_of.seconds.append(float(str(values["seconds"])))
        runs_of.cpu.append(float(str(values["cpu"])))


def report(size: int, current: Runs, baseline: Runs | None, baseline_tree: Path | None) -> list[str]:
    lines = [
        f"Export cost per format, {size:,} quizzes: median over the runs, each format exported on its own "
        "after every quiz was localized (ms per file: wall clock / files; CPU: the process's CPU time)"
    ]
    if baseline is not None:
        lines.append(f"before: {baseline_tree}; after: {ROOT}")
        header = "| format | files | bytes | before ms/file | after ms/file | after/before | before CPU | after CPU | same bytes |"
        lines += [header, "|---" * (header.count("|") - 1) + "|"]
    else:
        header = "| format | files | bytes | ms/file | CPU ms/file |"
        lines += [header, "|---" * (header.count("|") - 1) + "|"]
    total_files = total_seconds = total_before = 0.0
    for name, runs in current.items():
        total_files += runs.files
        total_seconds += statistics.median(runs.seconds)
        if baseline is not None and name in baseline:
            before = baseline[name]
            total_before += statistics.median(before.seconds)
            same = "yes" if before.digest == runs.digest else "NO"
            lines.append(
                f"| {name} | {runs.files:,} | {runs.bytes:,} | {before.ms_per_file():.2f} | {runs.ms_per_file():.2f} "
                f"| {runs.ms_per_file() / before.ms_per_file():.2f}x | {before.cpu_ms_per_file():.2f} "
                f"| {runs.cpu_ms_per_file():.2f} | {same} |"
            )
        else:
            lines.append(
                f"| {name} | {runs.files:,} | {runs.bytes:,} | {runs.ms_per_file():.2f} | {runs.cpu_ms_per_file():.2f} |"
            )
    summary = f"all formats: {total_files:,.0f} files in {total_seconds:.1f} s ({1000 * total_seconds / max(total_files, 1):.2f} ms a file)"
    if baseline is not None:
        summary += f"; before {total_before:.1f} s ({total_seconds / max(total_before, 1e-9):.2f}x)"
    lines.append(summary)
    return lines


def parsed_arguments(arguments: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--size", type=int, default=1000, help="quizzes in the generated project (default 1000)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree; medians are reported")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--keep", type=Path, help="keep (and reuse) the generated project in this folder")
    parser.add_argument(
        "--baseline",
        type=Path,
        help="another checkout of quizkit (the code before), measured in the same run",
    )
    parser.add_argument("--profile", metavar="FORMAT", help="cProfile this format's export afterwards")
    args = parser.parse_args(arguments)
    if args.size < 1 or args.repeat < 1:
        parser.error("--size and --repeat must be at least 1")
    if args.baseline is not None and not (args.baseline / "toolkit" / "__init__.py").exists():
        parser.error(f"--baseline {args.baseline} is not a checkout of quizkit (no toolkit/__init__.py)")
    return args


def main(arguments: list[str] | None = None) -> None:
    args = parsed_arguments(arguments)
    with tempfile.TemporaryDirectory(prefix="quizkit-export-cost-") as scratch:
        workdir = args.keep or Path(scratch)
        project = workdir / str(args.size) / "corpus"
        stamp = corpus_stamp.prepared_corpus(project, args.size, args.seed)
        print(
            f"corpus of {args.size:,} quizzes {'reused' if stamp.reused else 'generated'} in {project}",
            flush=True,
        )
        current: Runs = {}
        baseline: Runs | None = {} if args.baseline is not None else None
        for run in range(args.repeat):
            if baseline is not None:
                add(baseline, run_tree(args.baseline.resolve(), project))
            add(current, run_tree(ROOT, project))
            print(f"  run {run + 1} of {args.repeat} done", flush=True)
        print()
        print("\n".join(report(args.size, current, baseline, args.baseline)))
        if args.profile:
            run_tree(ROOT, project, args.profile)


if __name__ == "__main__":
    main()
