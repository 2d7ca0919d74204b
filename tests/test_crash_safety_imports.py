"""Crash safety of ``quizkit memory import`` and ``quizkit glossary import`` (issue 35, Deliver 2).

The same fault injection as tests/test_crash_safety.py (tests/fault_injection.py wraps the operating
system primitives ``toolkit.files`` uses; nothing in the library is a test hook): for every write k of a
clean run and every failure mode (full disk, failed rename, Ctrl-C, SIGKILL mid-write, before and after
the rename), then SIGKILL at random moments of the command. The scenario is a project whose memory
already holds ``locales/memory/agency.tmx`` and whose Urdu glossary has its author's comments; the
agency sends a new ``agency.tmx`` (replacing the stored one) and a three-term ``agency.tbx`` (merged).

After each trial: the stored memory and the glossary are byte-identical to their old version or to the
one a clean run writes, and read back (the memory through ``read_tmx``, the glossary through
``load_glossary``); every catalog is untouched (no translation lost); a failing command exits 1 without
a traceback; a SIGKILL leaves at most one ``.<name>.<random>.tmp`` beside its target holding a prefix of
the new bytes, which no reader takes for a memory or a glossary. Then the command run again succeeds and
gives exactly the clean result, and ``quizkit update`` (which reads the memory and the glossary) succeeds.
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import process_server
import pytest
from fault_injection import MODES, RAISING_MODES, SCRIPT, parse_log, written_targets
from support import FIXTURE, TINY_QUIZ, fixture_project, run_quizkit

from toolkit.content.glossary import Gender, Glossary, Term, load_glossary
from toolkit.interchange.tbx import glossaries_to_tbx
from toolkit.interchange.tmx import TmxUnit, read_tmx, write_tmx

SEED = 35  # issue 35
RANDOM_KILLS = 12
WORKERS = 2
MEMORY = "locales/memory/agency.tmx"
GLOSSARY = "locales/glossary/ur.yaml"
COMMANDS = {
    "memory": (("memory", "import", "../agency.tmx"), MEMORY),
    "glossary": (("glossary", "import", "../agency.tbx"), GLOSSARY),
}


def _units(targets: tuple[str, ...]) -> list[TmxUnit]:
    return [
        TmxUnit(f"Sentence {number} of the agency's memory.", target, "ur", origin="agency.tmx")
        for number, target in enumerate(targets)
    ]


@dataclass(frozen=True)
class Scenario:
    base: Path
    old: dict[str, bytes]
    new: dict[str, dict[str, bytes]]
    """By command: the tracked files after a clean run."""
    seconds: dict[str, float]


def tracked(project: Path) -> dict[str, bytes]:
    """The stored memory, the glossaries and the catalogs, with their bytes (temporary files left out)."""
    return {
        str(path.relative_to(project)): path.read_bytes()
        for path in sorted((project / "locales").rglob("*"))
        if path.is_file() and not path.name.endswith(".tmp")
    }


def temporaries(project: Path) -> list[Path]:
    return sorted(path for path in project.rglob(".*.tmp") if path.is_file())


def _copy(base: Path, folder: Path) -> Path:
    shutil.copytree(base, folder, symlinks=True)
    return folder / "project"


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    import time

    base = tmp_path_factory.mktemp("imports-base")
    project = fixture_project(base / "project", {"tiny": TINY_QUIZ})
    (project / "locales" / "memory").mkdir()
    # The memory as an earlier import stored it, and the agency's new version of the same file.
    (project / MEMORY).write_bytes(write_tmx(_units(("پرانا ترجمہ",) * 40), "en"))
    (base / "agency.tmx").write_bytes(write_tmx(_units(("نیا ترجمہ",) * 400), "en"))
    terms = {term.english: term for term in load_glossary(FIXTURE / GLOSSARY).terms}
    agency = (
        Term("mixed precision", "مکسڈ پریسیژن", gender=Gender.FEMININE),
        terms["broadcast"],
        Term("gradient", "گریڈئنٹ"),
    )
    (base / "agency.tbx").write_bytes(glossaries_to_tbx([Glossary("ur", agency)]))
    assert run_quizkit(project, "update").returncode == 0
    old = tracked(project)
    new: dict[str, dict[str, bytes]] = {}
    seconds: dict[str, float] = {}
    for name, (arguments, target) in COMMANDS.items():
        folder = _copy(base, tmp_path_factory.mktemp(f"clean-{name}") / "copy")
        started = time.perf_counter()
        result, log = run_injected(folder, arguments)
        seconds[name] = time.perf_counter() - started
        assert result.returncode == 0, result.stderr
        assert [_relative(path, folder) for path in written_targets(log)] == [target]
        # A memory and a glossary are the project's own work, not rebuildable: flushed, file and folder.
        assert ("fsync-file", "1") in log and (
            "fsync-dir",
            "1",
            str((folder / target).parent.resolve()),
        ) in log
        new[name] = tracked(folder)
        assert new[name][target] != old[target]
        assert {path for path in new[name] if new[name][path] != old.get(path)} == {target}
    return Scenario(base, old, new, seconds)


def _relative(target: str, project: Path) -> str:
    return str(Path(target).relative_to(project.resolve()))


def run_injected(
    project: Path, arguments: tuple[str, ...], mode: str = "none", at: int = 0, timeout: float = 120
) -> tuple[subprocess.CompletedProcess[str], list[tuple[str, ...]]]:
    log = project.parent / "faults.log"
    environment = {
        **os.environ,
        "QUIZKIT_FAULT_MODE": mode,
        "QUIZKIT_FAULT_AT": str(at),
        "QUIZKIT_FAULT_LOG": str(log),
    }
    result = process_server.run(
        [sys.executable, str(SCRIPT), *arguments], cwd=project, env=environment, timeout=timeout
    )
    return result, parse_log(log.read_text(encoding="utf-8") if log.exists() else "")


def state_problems(project: Path, scenario: Scenario, name: str, killed_in_flight: bool) -> list[str]:
    """The target old or new and readable, nothing else changed, at most the one allowed leftover."""
    target = COMMANDS[name][1]
    now, new = tracked(project), scenario.new[name]
    problems = []
    if now.keys() != scenario.old.keys() or any(
        now[path] != scenario.old[path] for path in now if path != target
    ):
        problems.append("a file other than the target changed, appeared or went missing")
    if now.get(target) not in (scenario.old[target], new[target]):
        problems.append(f"{target} is neither its old nor its new version (torn)")
    else:
        try:
            if name == "memory":
                read_tmx(now[target], "en")
            else:
                load_glossary(project / target)
        except Exception as error:  # any failure to read back is the finding
            problems.append(f"{target} does not read back: {error}")
    left = temporaries(project)
    allowed = 1 if killed_in_flight else 0
    if len(left) > allowed:
        problems.append(f"temporary files left: {[str(path.relative_to(project)) for path in left]}")
    for path in left:
        if not path.name.startswith(f".{Path(target).name}.") or not new[target].startswith(
            path.read_bytes()
        ):
            problems.append(f"{path.name} is not a prefix of the new {target}")
    return problems


def follow_up_problems(project: Path, scenario: Scenario, name: str) -> list[str]:
    """The command again, plainly: it succeeds and gives the clean result; then update reads it all."""
    result = run_quizkit(project, *COMMANDS[name][0])
    if result.returncode != 0:
        return [f"the command run again failed ({result.returncode}): {result.stderr.strip()[-300:]}"]
    problems = []
    if tracked(project) != scenario.new[name]:
        problems.append("the command run again does not give the clean result")
    update = run_quizkit(project, "update")
    if update.returncode != 0:
        problems.append(f"update after the trial failed: {update.stderr.strip()[-300:]}")
    return problems


def fault_trial(scenario: Scenario, name: str, mode: str, folder: Path) -> list[str]:
    project = _copy(scenario.base, folder)
    result, log = run_injected(project, COMMANDS[name][0], mode, 1)
    problems = []
    if [event[1] for event in log if event[0] == "fault"] != ["1"]:
        problems.append("the fault did not happen at the write")
    if mode in RAISING_MODES:
        if result.returncode != 1 or "Traceback" in result.stderr:
            problems.append(f"exit {result.returncode}, expected 1 without traceback: {result.stderr[-300:]}")
    elif result.returncode != -signal.SIGKILL:
        problems.append(f"exit {result.returncode}, expected SIGKILL")
    target = COMMANDS[name][1]
    expected = scenario.new[name][target] if mode == "kill-after-rename" else scenario.old[target]
    if (project / target).read_bytes() != expected:
        problems.append(f"{target} is not the {'new' if mode == 'kill-after-rename' else 'old'} version")
    leftover = mode in ("kill-mid-write", "kill-before-rename")
    problems += state_problems(project, scenario, name, leftover)
    if leftover and not temporaries(project):
        problems.append("SIGKILL before the rename left no temporary file: was the fault injected?")
    problems += follow_up_problems(project, scenario, name)
    return [f"{name} {mode}: {problem}" for problem in problems]


def kill_trial(scenario: Scenario, name: str, delay: float, folder: Path) -> list[str]:
    project = _copy(scenario.base, folder)
    with contextlib.suppress(subprocess.TimeoutExpired):  # killed with SIGKILL at its delay
        run_injected(project, COMMANDS[name][0], timeout=delay)
    log = (
        parse_log((project.parent / "faults.log").read_text(encoding="utf-8"))
        if (project.parent / "faults.log").exists()
        else []
    )
    in_flight = len(written_targets(log)) > sum(1 for event in log if event[0] == "renamed")
    problems = state_problems(project, scenario, name, in_flight)
    problems += follow_up_problems(project, scenario, name)
    return [f"{name} SIGKILL after {delay:.3f} s: {problem}" for problem in problems]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_failure_of_the_write_leaves_the_old_or_the_new_file(
    name: str, scenario: Scenario, tmp_path: Path
) -> None:
    with ThreadPoolExecutor(WORKERS) as pool:
        found = pool.map(lambda mode: fault_trial(scenario, name, mode, tmp_path / mode), MODES)
        problems = [problem for trial in found for problem in trial]
    assert problems == []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_sigkill_at_random_moments_loses_nothing_and_tears_nothing(
    name: str, scenario: Scenario, tmp_path: Path
) -> None:
    chance = random.Random(SEED)
    delays = [chance.uniform(0, scenario.seconds[name]) for _ in range(RANDOM_KILLS)]
    with ThreadPoolExecutor(WORKERS) as pool:
        found = pool.map(
            lambda job: kill_trial(scenario, name, job[1], tmp_path / f"kill-{job[0]}"), enumerate(delays)
        )
        problems = [problem for trial in found for problem in trial]
    assert problems == []
