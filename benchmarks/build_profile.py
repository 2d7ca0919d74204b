"""cProfile one full ``quizkit build`` and say where its time goes, step by step.

The build runs as the command runs (``toolkit.cli.main``, ``--jobs 1`` so that the profile sees all the
work: cProfile does not follow worker processes) in a process of its own. A profiler of its own covers
each step: the build announces every step it starts through ``run_build``'s ``on_step`` callback (the
public API of ``toolkit.build``), and the process switches profilers there. The steps' profiles added
together are the whole build's, printed as the top functions by cumulative and by own time; each step's
own are summarized in a few lines that can be pasted into ``docs/performance.md``.
"""

from __future__ import annotations

import io
import json
import pstats
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from command_measurement import measured

WHOLE_TOP = 30
STEP_CUMULATIVE_TOP = 6
STEP_OWN_TOP = 4
PASS_THROUGH_SHARE = 0.9
"""A function that spends this share of its cumulative time in one callee passes through to it."""
BEFORE = "before the steps"

# Run in the profiled process: ``stats_prefix`` and the build's arguments are filled in.
PROFILED_BUILD = """
import cProfile, json, sys
stats_prefix = {stats_prefix!r}
sys.argv = ["quizkit", "build", "--format", "json", "--jobs", "1"]
import toolkit.build

profiles = [({before!r}, cProfile.Profile())]
original = toolkit.build.run_build


def switch(name):
    profiles[-1][1].disable()
    profiles.append((name, cProfile.Profile()))
    profiles[-1][1].enable()


def run_build(config, on_step=None, **options):
    def announced(step):
        switch(step)
        if on_step is not None:
            on_step(step)

    return original(config, announced, **options)


# The command imports run_build from toolkit.build when it runs, so it finds this one.
toolkit.build.run_build = run_build
from toolkit.cli import main

profiles[0][1].enable()
try:
    main()
except SystemExit:
    pass
profiles[-1][1].disable()
names = []
for index, (name, profile) in enumerate(profiles):
    profile.dump_stats(f"{{stats_prefix}}-{{index}}.prof")
    names.append(name)
with open(f"{{stats_prefix}}.json", "w") as file:
    json.dump(names, file)
"""


@dataclass(frozen=True)
class FunctionTime:
    label: str
    cumulative: float
    own: float
    passes_through: bool
    """Most of its time is in one function it calls (a wrapper, a loop over one kind of work): the
    callee says more, so the step's top functions by cumulative time leave this one out."""


Key = tuple[str, int, str]


def function_label(key: Key, root: Path) -> str:
    """``toolkit/gettext/po_reader.py:223 parse_po``, ``jsonschema/validators.py:… iter_errors``,
    ``{built-in method posix.stat}``: short, and enough to find the code."""
    filename, line, name = key
    if filename == "~":
        return name
    path = Path(filename)
    text = filename
    if "site-packages" in path.parts:
        text = "/".join(path.parts[path.parts.index("site-packages") + 1 :])
    elif path.is_relative_to(root):
        text = path.relative_to(root).as_posix()
    elif "lib" in path.parts:
        text = "/".join(path.parts[len(path.parts) - 1 - path.parts[::-1].index("lib") + 1 :])
    return f"{text}:{line} {name}"


def function_times(stats: pstats.Stats, root: Path) -> list[FunctionTime]:
    """Every profiled function but the profiling script's own."""
    table: dict[Key, tuple[int, int, float, float, dict[Key, tuple[int, int, float, float]]]]
    table = stats.stats  # type: ignore[attr-defined]
    # The largest share of each function's cumulative time that went to one callee (itself excepted).
    largest_callee: dict[Key, float] = {}
    for callee, (_, _, _, _, callers) in table.items():
        for caller, (_, _, _, cumulative) in callers.items():
            if caller != callee:
                largest_callee[caller] = max(largest_callee.get(caller, 0.0), cumulative)
    return [
        FunctionTime(
            function_label(key, root),
            cumulative,
            own,
            largest_callee.get(key, 0.0) >= PASS_THROUGH_SHARE * cumulative,
        )
        for key, (_, _, own, cumulative, _) in table.items()
        if key[0] != "<string>"
    ]


def total_seconds(stats: pstats.Stats) -> float:
    return float(stats.total_tt)  # type: ignore[attr-defined]


def step_summary(name: str, stats: pstats.Stats, whole: float, root: Path) -> list[str]:
    """A few lines on one step: its time and share, its top functions by cumulative and by own time."""
    total = total_seconds(stats)
    functions = function_times(stats, root)
    lines = [f"  {name}: {total:.1f} s ({100 * total / whole:.0f}% of the profiled build)"]
    # The step's own call chain (the command, the build, the step's method) passes through to its work.
    doing_work = [function for function in functions if not function.passes_through]
    cumulative = sorted(doing_work, key=lambda function: -function.cumulative)[:STEP_CUMULATIVE_TOP]
    if cumulative:
        parts = [f"{function.label} {function.cumulative:.1f} s" for function in cumulative]
        lines.append("    by cumulative time: " + "; ".join(parts))
    own = sorted(functions, key=lambda function: -function.own)[:STEP_OWN_TOP]
    if own:
        lines.append(
            "    by own time: " + "; ".join(f"{function.label} {function.own:.1f} s" for function in own)
        )
    return lines


def _printed_stats(stats: pstats.Stats, order: str, top: int) -> str:
    stream = io.StringIO()
    stats.stream = stream  # type: ignore[attr-defined]
    stats.sort_stats(order).print_stats(top)
    return re.sub(r"\A.*?(?=\s+\d+ function calls)", "", stream.getvalue(), flags=re.DOTALL).strip("\n")


def profile_build(
    project: Path, stats_prefix: Path, root: Path, quizzes: int, seconds_without: float | None
) -> None:
    """Profile one full build of the fresh ``project`` and print the whole build's top functions and the
    step-by-step summary; ``seconds_without``: the same build's median without the profiler, if known."""
    code = PROFILED_BUILD.format(stats_prefix=str(stats_prefix), before=BEFORE)
    print(f"\nProfiling one full build of {quizzes:,} quizzes (--jobs 1) ...", flush=True)
    outcome = measured([sys.executable, "-c", code], project)
    names: list[str] = json.loads(stats_prefix.with_name(f"{stats_prefix.name}.json").read_text())
    profiles = [
        (
            name,
            pstats.Stats(
                str(stats_prefix.with_name(f"{stats_prefix.name}-{index}.prof")), stream=io.StringIO()
            ),
        )
        for index, name in enumerate(names)
    ]
    whole = pstats.Stats(str(stats_prefix.with_name(f"{stats_prefix.name}-0.prof")), stream=io.StringIO())
    for index in range(1, len(names)):
        whole.add(str(stats_prefix.with_name(f"{stats_prefix.name}-{index}.prof")))
    print(f"  {outcome.seconds:.1f} s under cProfile, stats in {stats_prefix}-*.prof (one file per step)")
    whole.strip_dirs()
    for order, label in (("cumulative", "cumulative time"), ("tottime", "total (own) time")):
        print(f"\n--- cProfile: quizkit build, {quizzes:,} quizzes, top {WHOLE_TOP} by {label} ---")
        print(_printed_stats(whole, order, WHOLE_TOP))
    print(where_the_time_goes(profiles, quizzes, outcome.seconds, seconds_without, root))


def where_the_time_goes(
    profiles: list[tuple[str, pstats.Stats]],
    quizzes: int,
    seconds_profiled: float,
    seconds_without: float | None,
    root: Path,
) -> str:
    whole = sum(total_seconds(stats) for _, stats in profiles) or 1.0
    without = f", {seconds_without:.1f} s without" if seconds_without is not None else ""
    lines = [
        "",
        f"--- Where the time goes: one full build of {quizzes:,} quizzes, --jobs 1, under cProfile "
        f"({seconds_profiled:.1f} s{without}) ---",
        "Seconds under the profiler, which slows Python code more than the C code it calls. Each step's top "
        "functions by cumulative time leave out those that pass through to one callee (spend "
        f"{100 * PASS_THROUGH_SHARE:.0f}% of their time in it: the step's call chain, wrappers); '{BEFORE}' is "
        "the start, the configuration and the build's set-up; the export includes the cache record and the "
        "report after it.",
    ]
    if len(profiles) == 1:
        lines.append("  (no step was announced: the per-step split is not available, see build_profile.py)")
    for name, stats in profiles:
        lines += step_summary(name, stats, whole, root)
    return "\n".join(lines)
