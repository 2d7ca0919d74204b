"""What ``build_benchmark.py`` measured at each size, the targets it judges, and the report it prints.

The targets are issue 24's: the full build of 1,000 quizzes against the pybabel pipeline, and the
scaling to 10,000 quizzes (per-quiz time, no-op and one-quiz-changed builds, peak memory), plus the start
of ``quizkit --help`` and ``quizkit validate``. Issue 9's older targets, and the ratios against GNU
gettext, are printed for information. The sizes the targets name are :class:`TargetSizes`, so that a
test can exercise every row on tiny projects.
"""

from __future__ import annotations

import os
import statistics
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import catalog_benchmark
from command_measurement import TREE_SAMPLE_SECONDS, Measurement

FULL = "quizkit build (full)"
FULL_SERIAL = "quizkit build (full, --jobs 1)"
NO_OP = "quizkit build (no-op)"
CHANGED = "quizkit build (one quiz changed)"
COMPILE = "quizkit compile"
VALIDATE = "quizkit validate (one quiz file)"
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

MEASURED = (
    FULL,
    FULL_SERIAL,
    NO_OP,
    CHANGED,
    COMPILE,
    VALIDATE,
    BABEL_EXTRACT,
    BABEL_UPDATE,
    BABEL_COMPILE,
    BABEL_TOTAL,
    GNU_MERGE,
    GNU_FORMAT,
    GNU_TOTAL,
    DOMAIN_MERGE,
    DOMAIN_FORMAT,
    DOMAIN_TOTAL,
)
"""Every measurement of a size, in the order of the report's table."""

FULL_VERSUS_PYBABEL = 0.6
PER_QUIZ_GROWTH = 1.15
NO_OP_SHARE = 0.03
CHANGED_SHARE = 0.05
PEAK_MIB = 1024.0
HELP_MS = 150.0
VALIDATE_MS = 300.0


@dataclass(frozen=True)
class TargetSizes:
    """The sizes the targets are judged at: the full build against pybabel at ``base``, the scaling
    from ``base`` to ``large``."""

    base: int = 1_000
    large: int = 10_000


@dataclass
class SizeResult:
    size: int
    measurements: dict[str, Measurement] = field(
        default_factory=lambda: {name: Measurement() for name in MEASURED}
    )
    steps: dict[str, dict[str, Measurement]] = field(default_factory=dict)
    """Seconds of each step as ``quizkit build`` reports them, by build (full, no-op, changed)."""
    written_when_changed: list[int] = field(default_factory=list)
    written_when_no_op: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    generation_seconds: float = 0.0
    """Generating the corpus (by an earlier run, if it was kept)."""
    corpus_kept: bool = False
    part_seconds: dict[str, list[float]] = field(default_factory=dict)
    """Wall clock of each part of each run (the quizkit builds; the reference pipelines), by part."""

    def last_part(self, part: str) -> float:
        runs = self.part_seconds.get(part)
        return runs[-1] if runs else 0.0

    def median_part(self, part: str) -> float:
        runs = self.part_seconds.get(part)
        return statistics.median(runs) if runs else 0.0

    def median(self, name: str) -> float:
        return self.measurements[name].median

    def measured(self, name: str) -> bool:
        return bool(self.measurements[name].seconds)

    def per_quiz(self, name: str) -> float:
        return self.median(name) / self.size

    def step_median(self, build: str, step: str) -> float | None:
        measurement = self.steps.get(build, {}).get(step)
        return measurement.median if measurement else None


# --------------------------------------------------------------------------------------------------
# Targets
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    size: int | None
    """The size the row is measured at (None: none, e.g. quizkit --help)."""
    comparison: str
    value: str
    target: str
    met: bool | None
    """None: shown for information, not judged."""
    missing: str = ""
    """Why the row has no value (a size that was not run)."""

    @property
    def verdict(self) -> str:
        if self.missing:
            return self.missing
        return "" if self.met is None else ("met" if self.met else "MISSED")


def ratio(numerator: float, denominator: float) -> float:
    return numerator / denominator if denominator else float("inf")


def _times(value: float) -> str:
    return f"{value:.2f}x"


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _mib(value: float) -> str:
    return f"{value:.0f} MiB"


def _size(size: int) -> str:
    return f"{size:,}"


def judged_targets(results: list[SizeResult], help_times: Measurement, sizes: TargetSizes) -> list[Target]:
    """Issue 24's targets, each with its verdict, or why it was not measured."""
    by_size = {result.size: result for result in results}
    base, large = by_size.get(sizes.base), by_size.get(sizes.large)
    not_base = f"not measured (size {_size(sizes.base)} not run)"
    not_large = "not measured (run with --large)"
    rows: list[Target] = []

    comparison = "full build / pybabel pipeline (extract + update + compile)"
    limit = f"<= {FULL_VERSUS_PYBABEL}x"
    if base is None:
        rows.append(Target(sizes.base, comparison, "", limit, None, not_base))
    else:
        value = ratio(base.median(FULL), base.median(BABEL_TOTAL))
        rows.append(Target(sizes.base, comparison, _times(value), limit, value <= FULL_VERSUS_PYBABEL))

    comparison = f"full build per quiz, {_size(sizes.large)} / {_size(sizes.base)} quizzes"
    limit = f"<= {PER_QUIZ_GROWTH}x"
    if large is None:
        rows.append(Target(sizes.large, comparison, "", limit, None, not_large))
    elif base is None:
        rows.append(Target(sizes.large, comparison, "", limit, None, not_base))
    else:
        value = ratio(large.per_quiz(FULL), base.per_quiz(FULL))
        rows.append(Target(sizes.large, comparison, _times(value), limit, value <= PER_QUIZ_GROWTH))

    for name, comparison, share in (
        (NO_OP, "no-op build / full build", NO_OP_SHARE),
        (CHANGED, "one-quiz-changed build / full build", CHANGED_SHARE),
    ):
        limit = f"<= {100 * share:g}%"
        if large is None:
            rows.append(Target(sizes.large, comparison, "", limit, None, not_large))
            continue
        value = ratio(large.median(name), large.median(FULL))
        rows.append(Target(sizes.large, comparison, _percent(value), limit, value <= share))

    comparison = "peak memory of the full build, --jobs 1 (the whole build)"
    limit = "< 1 GiB"
    peak = large.measurements[FULL_SERIAL].peak if large is not None else None
    if peak is None:
        rows.append(Target(sizes.large, comparison, "", limit, None, not_large))
    else:
        rows.append(Target(sizes.large, comparison, _mib(peak), limit, peak < PEAK_MIB))

    help_ms = 1000 * help_times.median
    rows.append(
        Target(None, "quizkit --help start time", f"{help_ms:.0f} ms", f"< {HELP_MS:g} ms", help_ms < HELP_MS)
    )
    for result in results:
        if result.measured(VALIDATE):
            value = 1000 * result.median(VALIDATE)
            rows.append(
                Target(
                    result.size,
                    "quizkit validate of one quiz file",
                    f"{value:.0f} ms",
                    f"< {VALIDATE_MS:g} ms",
                    value < VALIDATE_MS,
                )
            )
    return rows


def _information(size: int, comparison: str, value: str, older: str = "") -> Target:
    return Target(size, comparison, value, f"(issue 9: {older})" if older else "(information)", None)


def information_rows(result: SizeResult, sizes: TargetSizes) -> Iterator[Target]:
    """The other ratios at one size: issue 9's targets, --jobs, and the comparisons with GNU gettext."""
    size, full = result.size, result.median(FULL)
    if size != sizes.base:
        value = ratio(full, result.median(BABEL_TOTAL))
        yield _information(size, "full build / pybabel pipeline total", _times(value), "<= 1.0x")
    if result.measured(FULL_SERIAL):
        serial = result.median(FULL_SERIAL)
        yield _information(
            size,
            "full build --jobs 1 / pybabel pipeline total",
            _times(ratio(serial, result.median(BABEL_TOTAL))),
        )
        yield _information(size, "full build: --jobs 1 / default --jobs", _times(ratio(serial, full)))
    yield _information(
        size, "full build / GNU (a) total, one catalog", _times(ratio(full, result.median(GNU_TOTAL)))
    )
    yield _information(
        size, "full build / GNU (b) total, per domain", _times(ratio(full, result.median(DOMAIN_TOTAL)))
    )
    if size != sizes.large:
        yield _information(
            size, "no-op build / full build", _percent(ratio(result.median(NO_OP), full)), "<= 5%"
        )
        yield _information(
            size,
            "one-quiz-changed build / full build",
            _percent(ratio(result.median(CHANGED), full)),
            "<= 10%",
        )
    # compile: the command, one process, every catalog from scratch, against msgfmt doing the same.
    compile_seconds = result.median(COMPILE)
    yield _information(
        size,
        "quizkit compile / msgfmt (a) one catalog",
        _times(ratio(compile_seconds, result.median(GNU_FORMAT))),
        "<= 1.5x",
    )
    yield _information(
        size,
        "quizkit compile / msgfmt (b) per domain",
        _times(ratio(compile_seconds, result.median(DOMAIN_FORMAT))),
    )
    # update: the build's update step (merge and write, the templates made from the validated content)
    # against msgmerge given the finished templates; --jobs 1 is one process against one msgmerge.
    for build, label, older in ((FULL_SERIAL, "update step, --jobs 1", "<= 1.5x"), (FULL, "update step", "")):
        ours = result.step_median(build, "update")
        if ours is None:
            continue
        yield _information(
            size,
            f"{label} / msgmerge --no-fuzzy (a) one catalog",
            _times(ratio(ours, result.median(GNU_MERGE))),
            older,
        )
        yield _information(
            size,
            f"{label} / msgmerge --no-fuzzy (b) per domain",
            _times(ratio(ours, result.median(DOMAIN_MERGE))),
        )
    serial_peak = result.measurements[FULL_SERIAL].peak
    if serial_peak is not None and size != sizes.large:
        yield _information(size, "peak memory of the full build, --jobs 1", _mib(serial_peak), "< 500 MiB")
    largest = result.measurements[FULL].peak
    if largest is not None:
        yield _information(size, "peak memory, largest process, default --jobs", _mib(largest))
    tree = result.measurements[FULL].tree_peak
    if tree is not None:
        yield _information(size, "peak memory, all processes (PSS), default --jobs", _mib(tree))


# --------------------------------------------------------------------------------------------------
# Printing
# --------------------------------------------------------------------------------------------------


def table_row(size: str, name: str, measurement: Measurement) -> str:
    peak = f"{measurement.peak:>8.0f}" if measurement.peak is not None else f"{'':>8}"
    return (
        f"| {size:>7} | {name:<36} | {len(measurement.seconds):>4} | {measurement.median:>9.3f} | "
        f"{min(measurement.seconds):>8.3f} | {max(measurement.seconds):>8.3f} | {peak} |"
    )


def _rule(header: str) -> str:
    return "|" + "|".join("-" * len(cell) for cell in header.split("|")[1:-1]) + "|"


def _print_measurements(results: list[SizeResult], help_times: Measurement) -> None:
    header = (
        f"| {'quizzes':>7} | {'measurement':<36} | {'runs':>4} | {'median s':>9} | {'min s':>8} | "
        f"{'max s':>8} | {'peak MiB':>8} |"
    )
    print(header)
    print(_rule(header))
    for result in results:
        for name, measurement in result.measurements.items():
            if measurement.seconds:
                print(table_row(_size(result.size), name, measurement))
            if name in (FULL, FULL_SERIAL):
                for step, step_measurement in result.steps.get(name, {}).items():
                    print(table_row(_size(result.size), f"  step {step}", step_measurement))
    print(table_row("", HELP, help_times))


def _optional_mib(value: float | None) -> str:
    return "" if value is None else f"{value:.0f}"


def _print_per_quiz(results: list[SizeResult]) -> None:
    header = (
        f"| {'quizzes':>7} | {'full build s':>12} | {'ms/quiz':>8} | {'--jobs 1 ms/quiz':>16} | "
        f"{'pybabel s':>9} | {'ms/quiz':>8} | {'full/pybabel':>12} | {'peak --jobs 1':>13} | "
        f"{'peak largest':>12} | {'peak all (PSS)':>14} |"
    )
    print(header)
    print(_rule(header))
    for result in results:
        full = result.measurements[FULL]
        serial = result.measurements[FULL_SERIAL]
        serial_per_quiz = f"{1000 * result.per_quiz(FULL_SERIAL):.2f}" if serial.seconds else ""
        print(
            f"| {_size(result.size):>7} | {full.median:>12.2f} | {1000 * result.per_quiz(FULL):>8.2f} | "
            f"{serial_per_quiz:>16} | {result.median(BABEL_TOTAL):>9.2f} | "
            f"{1000 * result.per_quiz(BABEL_TOTAL):>8.2f} | "
            f"{_times(ratio(full.median, result.median(BABEL_TOTAL))):>12} | "
            f"{_optional_mib(serial.peak):>13} | {_optional_mib(full.peak):>12} | "
            f"{_optional_mib(full.tree_peak):>14} |"
        )


def _print_targets(rows: list[Target]) -> None:
    verdict = max([len("verdict"), *(len(row.verdict) for row in rows)])
    header = (
        f"| {'quizzes':>7} | {'comparison':<60} | {'result':>10} | {'target':<20} | {'verdict':<{verdict}} |"
    )
    print(header)
    print(_rule(header))
    for row in rows:
        size = "" if row.size is None else _size(row.size)
        print(
            f"| {size:>7} | {row.comparison:<60} | {row.value:>10} | {row.target:<20} | {row.verdict:<{verdict}} |"
        )


def _print_step_shares(results: list[SizeResult]) -> None:
    for result in results:
        for build in (FULL, FULL_SERIAL, NO_OP, CHANGED):
            if not result.measured(build):
                continue
            total = result.median(build)
            steps = result.steps.get(build, {})
            parts = [
                f"{step} {measurement.median:.2f} ({100 * ratio(measurement.median, total):.0f}%)"
                for step, measurement in steps.items()
            ]
            outside = total - sum(measurement.median for measurement in steps.values())
            parts.append(
                f"outside the steps (start-up, imports, summary) {outside:.2f} ({100 * ratio(outside, total):.0f}%)"
            )
            print(f"  {result.size:>7,} {build.removeprefix('quizkit build '):<18} " + ", ".join(parts))


def load_text() -> str:
    return " ".join(f"{load:.2f}" for load in os.getloadavg()) + " (1, 5, 15 min)"


def print_report(
    results: list[SizeResult],
    help_times: Measurement,
    sizes: TargetSizes,
    load_before: str,
    floor_mib: float,
) -> None:
    print("\n" + "=" * 110)
    print("Machine")
    for line in catalog_benchmark.machine_lines():
        print("  " + line)
    print(f"  load before the runs: {load_before}; after: {load_text()}")
    print(f"Command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(
        "Wall clock of each command as a subprocess (process start included); medians over the runs. "
        "Peak memory: the command's max RSS (os.wait4: its largest process), the largest over the runs; "
        f"(b) rows: the largest single process; floor {floor_mib:.1f} MiB (the launcher's, see "
        "command_measurement.py)."
    )
    print("Step rows: the seconds quizkit build reports for its own steps inside the full build.\n")
    _print_measurements(results, help_times)

    print(
        "\nPer quiz and peak memory, by size (medians; per quiz: seconds / quizzes; peaks in MiB: --jobs 1 is"
    )
    print("the whole build in one process; largest: the largest process with the default --jobs; all (PSS):")
    print(
        f"every process of the default build at once, sampled every {TREE_SAMPLE_SECONDS:g} s in one more "
        "full build, untimed, shared pages divided among them)"
    )
    _print_per_quiz(results)

    print("\nTargets (issue 24)")
    _print_targets(judged_targets(results, help_times, sizes))
    print(
        "\nFor information (issue 9's targets, where issue 24 replaces them, and the ratios against GNU "
        "gettext; update and compile against (a), the single catalog, and (b), one process per domain)"
    )
    _print_targets([row for result in results for row in information_rows(result, sizes)])

    print(
        "\nWhere each build's time goes (median seconds of the steps quizkit build reports; share of its median)"
    )
    _print_step_shares(results)

    print("\nChecks")
    for result in results:
        for note in result.notes:
            print(f"  {result.size:>7,}  {note}")
