"""Crash safety of every file write (issue 10, item 1), proven by fault injection.

The real ``quizkit`` runs as a process of its own (forked from tests/process_server.py, quizkit already
imported) through tests/fault_injection.py, which wraps the operating system primitives that
``toolkit.files.write_bytes_atomic`` uses (nothing in the library is a test hook).
For every k from 1 to N, the number of writes of a clean run, and for each failure mode, the k-th write
of ``quizkit build`` and of ``quizkit update``:

* enospc             the disk fills up halfway through writing the temporary file;
* rename-error       the rename of the finished temporary file fails (EIO);
* interrupt          Ctrl-C (KeyboardInterrupt) arrives just before the rename;
* kill-mid-write     SIGKILL halfway through writing the temporary file;
* kill-before-rename SIGKILL with the temporary file complete (and flushed if durable), before the rename;
* kill-after-rename  SIGKILL right after the rename, before the folder is flushed.

Then SIGKILL trials at random moments of a build. After each trial: every catalog, template, compiled
catalog and bundle is byte-identical to its old version or to the one a clean run writes (a file that did
not exist may still be missing), and parses; files written before the k-th are new, the k-th and later ones
old (new for kill-after-rename); every translation of the old catalogs is still there (active or
obsolete); a failing command cleans up its temporary file and exits 1 without a traceback. Then a plain
``quizkit build`` succeeds and writes exactly what a clean build writes.

Temporary files after SIGKILL: nothing can remove a temporary file when the process is killed, so a
killed write leaves one ``.<name>.<random>.tmp`` beside its target (the target itself intact). The tests
assert that such a leftover is the only one, holds a prefix of the new bytes, and is ignored by every
reader; the following build, holding the writer lock, removes it (remove_stale_temporaries), succeeds,
and its result is byte-identical to a clean build.

The scenario: the project as copied by ``copy_project``, restricted to the bundle formats json, mo, xliff
and html (``export-formats`` in the copy's pyproject.toml, to keep the file under about a minute), built
once ("old"); then one English prompt of content/data-parallel.yaml edited (so ``update`` rewrites the
template and the catalog, with the translation kept as fuzzy) and dist/html removed (so the build also
creates files). ``pytest -s`` shows the figures.
"""

from __future__ import annotations

import errno
import functools
import gettext
import hashlib
import io
import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import process_server
import pytest
import yaml
from fault_injection import MODES, RAISING_MODES, SCRIPT, parse_log, written_targets
from lxml import etree
from support import copy_project, run_quizkit, snapshot

from toolkit import files
from toolkit.gettext.po_reader import read_po

FORMATS = ("json", "mo", "xliff", "html")
EDITED_FILE = "content/data-parallel.yaml"
EDIT = (
    "prompt: In standard data parallelism, what does each GPU hold?",
    "prompt: In plain data parallelism, what does each GPU hold?",
)
RANDOM_KILLS = 24
SEED = 10  # issue 10
WORKERS = max(2, min(4, os.cpu_count() or 2))
TRACKED = ("content", "locales", "dist")
CACHE = ".quizkit-cache/"
"""The build cache is written like any file, but it records modification times, so its bytes differ
from one run to the next: it is held to parsing (or being absent), and the next build to being right."""


def _is_cache(target: str) -> bool:
    return target.startswith(CACHE)


def _is_temporary(path: Path) -> bool:
    return path.name.startswith(".") and path.name.endswith(".tmp")


def tracked(folder: Path) -> dict[str, bytes]:
    """Every content, catalog and bundle file with its bytes (temporary files left out)."""
    found: dict[str, bytes] = {}
    for name in TRACKED:
        if (folder / name).is_dir():
            for relative, data in snapshot(folder / name).items():
                if not _is_temporary(Path(relative)):
                    found[f"{name}/{relative}"] = data
    return found


def temporaries(folder: Path) -> dict[str, bytes]:
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*.tmp"))
        if _is_temporary(path)
    }


_PARSED: set[tuple[str, bytes]] = set()
"""Versions of files already parsed: every trial meets the same few versions of each file again, and
parsing them (YAML in pure Python above all) took about a second per trial, under the GIL the trials share."""


def _parse(relative: str, data: bytes) -> None:
    if (relative, data) in _PARSED:
        return
    _parse_once(relative, data)
    _PARSED.add((relative, data))


def _parse_once(relative: str, data: bytes) -> None:
    suffix = Path(relative).suffix
    if suffix in (".po", ".pot"):
        read_po(data, relative)
    elif suffix == ".json":
        json.loads(data)
    elif suffix == ".mo":
        gettext.GNUTranslations(io.BytesIO(data))
    elif suffix in (".xml", ".xlf", ".xliff"):
        etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    elif suffix == ".zip":
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            broken = archive.testzip()
            if broken is not None:
                raise ValueError(f"member {broken} is corrupt")
    elif suffix == ".html":
        if not data.rstrip().endswith(b"</html>"):
            raise ValueError("truncated: no </html> at the end")
    elif suffix in (".yaml", ".yml"):
        yaml.safe_load(data)
    elif suffix in (".css", ".js") and "/assets/" in relative:
        # The player's assets are named by the hash of their bytes: a partial file cannot match it.
        named = Path(relative).stem.rsplit("-", 1)[-1]
        if hashlib.sha256(data).hexdigest()[: len(named)] != named or len(named) != 12:
            raise ValueError("its bytes do not match the hash in its name")
    else:
        raise ValueError(f"no parser for {suffix!r}: add one to this test")


@functools.cache  # the same few versions of each catalog, in every trial
def _translations(data: bytes, relative: str) -> frozenset[tuple[str | None, tuple[str, ...]]]:
    """(msgctxt, msgstr) of every entry with a translation, active or obsolete."""
    return frozenset(
        (entry.context, entry.translations) for entry in read_po(data, relative) if entry.has_translation
    )


@dataclass(frozen=True)
class Scenario:
    base: Path
    old: dict[str, bytes]
    after_update: dict[str, bytes]
    after_build: dict[str, bytes]
    update_targets: list[str]
    build_targets: list[str]
    build_seconds: float


def _relative(target: str, folder: Path) -> str:
    return str(Path(target).relative_to(folder))


def run_injected(
    folder: Path, command: str, mode: str = "none", at: int = 0
) -> tuple[subprocess.CompletedProcess[str], list[tuple[str, ...]]]:
    log = folder.parent / f"{folder.name}.log"
    result = process_server.run(
        [sys.executable, str(SCRIPT), command], cwd=folder, env=_environment(mode, at, log), timeout=120
    )
    return result, parse_log(log.read_text(encoding="utf-8") if log.exists() else "")


def _environment(mode: str, at: int, log: Path) -> dict[str, str]:
    return {
        **os.environ,
        "QUIZKIT_FAULT_MODE": mode,
        "QUIZKIT_FAULT_AT": str(at),
        "QUIZKIT_FAULT_LOG": str(log),
    }


@pytest.fixture(scope="module")
def scenario(tmp_path_factory: pytest.TempPathFactory) -> Scenario:
    base = copy_project(tmp_path_factory.mktemp("base"))
    configuration = base / "pyproject.toml"
    text = configuration.read_text(encoding="utf-8")
    assert "\nexport-formats" not in text
    formats = ", ".join(f'"{name}"' for name in FORMATS)
    configuration.write_text(
        text.replace('output-dir = "dist"\n', f'output-dir = "dist"\nexport-formats = [{formats}]\n'),
        encoding="utf-8",
    )
    first = run_quizkit(base, "build")
    assert first.returncode == 0, first.stdout + first.stderr
    content = base / EDITED_FILE
    source = content.read_text(encoding="utf-8")
    if source.count(EDIT[0]) != 1:
        pytest.fail(f"{EDITED_FILE} no longer holds {EDIT[0]!r}: choose another edit for this test")
    content.write_text(source.replace(*EDIT), encoding="utf-8")
    shutil.rmtree(base / "dist" / "html")
    old = tracked(base)

    updated = _copy(base, tmp_path_factory.mktemp("clean-update"))
    result, log = run_injected(updated, "update")
    assert result.returncode == 0, result.stdout + result.stderr
    update_targets = [_relative(target, updated) for target in written_targets(log)]

    durations = []
    for _ in range(2):
        built = _copy(base, tmp_path_factory.mktemp("clean-build"))
        started = time.perf_counter()
        result, log = run_injected(built, "build")
        durations.append(time.perf_counter() - started)
        assert result.returncode == 0, result.stdout + result.stderr
    build_targets = [_relative(target, built) for target in written_targets(log)]

    after_update, after_build = tracked(updated), tracked(built)
    for targets, after in ((update_targets, after_update), (build_targets, after_build)):
        assert len(set(targets)) == len(targets), f"a file is written twice: {targets}"
        assert all(old.get(target) != after[target] for target in targets if not _is_cache(target))
        assert {path for path in after if old.get(path) != after[path]} == {
            target for target in targets if not _is_cache(target)
        }
    assert set(update_targets) == {
        "locales/data-parallel.pot",
        "locales/ur/LC_MESSAGES/data-parallel.po",
    }
    assert any(target.startswith("dist/html/") for target in build_targets)
    assert build_targets[-1] == CACHE + "build.json", "the cache is written last, after every output"
    assert any(target.startswith("dist/") and target in old for target in build_targets)
    return Scenario(base, old, after_update, after_build, update_targets, build_targets, min(durations))


def _copy(base: Path, target: Path) -> Path:
    shutil.copytree(base, target, dirs_exist_ok=True, symlinks=True)
    return target


def state_problems(folder: Path, scenario: Scenario, new: dict[str, bytes]) -> list[str]:
    """Every file old or new, parsing, no translation lost."""
    problems: list[str] = []
    now = tracked(folder)
    for relative in sorted(set(scenario.old) | set(new) | set(now)):
        if relative not in now:
            if relative in scenario.old:
                problems.append(f"{relative}: existed before and is gone")
            continue
        data = now[relative]
        if data != scenario.old.get(relative) and data != new.get(relative):
            problems.append(f"{relative}: neither the old nor the new version ({len(data)} bytes)")
            continue
        try:
            _parse(relative, data)
        except Exception as error:
            problems.append(f"{relative}: does not parse: {error}")
    cache = folder / CACHE / "build.json"
    if cache.exists():
        from toolkit.build.seal import cache_key, unsealed

        body = unsealed(cache.read_bytes(), cache_key(), "build.json")
        if body is None:
            problems.append(f"{CACHE}build.json: its seal does not verify (torn or foreign)")
        else:
            try:
                json.loads(body)
            except ValueError as error:
                problems.append(f"{CACHE}build.json: does not parse: {error}")
    for relative, data in scenario.old.items():
        if relative.endswith(".po") and relative in now:
            lost = _translations(data, relative) - _translations(now[relative], relative)
            if lost:
                problems.append(f"{relative}: {len(lost)} translation(s) lost, e.g. {sorted(lost)[0]}")
    return problems


def _expected_version(
    now: dict[str, bytes], scenario: Scenario, new: dict[str, bytes], target: str, fresh: bool
) -> str:
    """``now``: ``tracked(folder)`` after the command."""
    if _is_cache(target):
        return ""
    data = now.get(target)
    wanted = new.get(target) if fresh else scenario.old.get(target)
    if data == wanted:
        return ""
    return f"{target}: expected the {'new' if fresh else 'old'} version"


def _temporary_problems(folder: Path, allowed_target: str | None, new: dict[str, bytes]) -> list[str]:
    """No temporary file, or (after SIGKILL) one beside ``allowed_target`` holding a prefix of it."""
    left = temporaries(folder)
    if allowed_target is None:
        return [f"temporary file left: {name}" for name in left]
    problems = []
    target = Path(allowed_target)
    if len(left) > 1:
        problems.append(f"more than one temporary file left: {sorted(left)}")
    for name, data in left.items():
        if Path(name).parent != target.parent or not Path(name).name.startswith(f".{target.name}."):
            problems.append(f"temporary file {name} does not belong to {allowed_target}")
        elif not _is_cache(allowed_target) and not new[allowed_target].startswith(data):
            problems.append(f"temporary file {name} is not a prefix of the new {allowed_target}")
    return problems


def follow_up_problems(folder: Path, scenario: Scenario) -> list[str]:
    """A plain build after the failure: it succeeds, removes leftovers, and gives the clean result."""
    result = run_quizkit(folder, "build")
    if result.returncode != 0:
        return [f"the following build failed ({result.returncode}): {result.stderr.strip()[-300:]}"]
    problems = []
    now = tracked(folder)
    if now != scenario.after_build:
        different = sorted(
            path
            for path in set(now) | set(scenario.after_build)
            if now.get(path) != scenario.after_build.get(path)
        )
        problems.append(f"the following build differs from a clean build in {different}")
    if temporaries(folder):
        problems.append(f"the following build left temporary files: {sorted(temporaries(folder))}")
    return problems


@dataclass(frozen=True)
class Trial:
    label: str
    problems: list[str]
    detail: str = ""


ERRNO_OF_MODE = {"enospc": errno.ENOSPC, "rename-error": errno.EIO}


def fault_trial(scenario: Scenario, command: str, mode: str, at: int, folder: Path) -> Trial:
    targets = scenario.update_targets if command == "update" else scenario.build_targets
    new = scenario.after_update if command == "update" else scenario.after_build
    label = f"{command} {mode} k={at}"
    _copy(scenario.base, folder)
    result, log = run_injected(folder, command, mode, at)
    problems: list[str] = []
    faults = [event for event in log if event[0] == "fault"]
    if len(faults) != 1 or faults[0][1] != str(at):
        problems.append(f"the fault did not happen at write {at}: {faults}")
    if mode in RAISING_MODES:
        if result.returncode != 1 or "Traceback" in result.stderr:
            problems.append(f"exit {result.returncode}, expected 1 without traceback: {result.stderr[-300:]}")
    elif result.returncode != -signal.SIGKILL:
        problems.append(f"exit {result.returncode}, expected SIGKILL")
    if mode in ERRNO_OF_MODE:
        # A full disk names the file being written (it said "quizkit: error[io]: ..." and named none).
        message = f"{targets[at - 1]}: error[io]: {os.strerror(ERRNO_OF_MODE[mode])}\n"
        if not result.stderr.endswith(message):
            problems.append(f"expected the message {message!r}, found {result.stderr[-300:]!r}")
    problems += state_problems(folder, scenario, new)
    now = tracked(folder)
    for index, target in enumerate(targets, start=1):
        fresh = index < at or (index == at and mode == "kill-after-rename")
        problems.append(_expected_version(now, scenario, new, target, fresh))
    leftover = mode in ("kill-mid-write", "kill-before-rename")
    problems += _temporary_problems(folder, targets[at - 1] if leftover else None, new)
    if leftover and not temporaries(folder):
        problems.append("SIGKILL before the rename left no temporary file: was the fault injected?")
    problems += follow_up_problems(folder, scenario)
    return Trial(label, [problem for problem in problems if problem])


def kill_trial(scenario: Scenario, delay: float, folder: Path) -> Trial:
    _copy(scenario.base, folder)
    log = folder.parent / f"{folder.name}.log"
    # Started as the scenario's clean builds were timed (forked, already imported), so the delays span
    # the build itself; a build still running at its delay is killed with SIGKILL.
    try:
        returncode = process_server.run(
            [sys.executable, str(SCRIPT), "build"],
            cwd=folder,
            env=_environment("none", 0, log),
            timeout=delay,
        ).returncode
    except subprocess.TimeoutExpired:
        returncode = -signal.SIGKILL
    events = parse_log(log.read_text(encoding="utf-8") if log.exists() else "")
    started = len(written_targets(events))
    renamed = sum(1 for event in events if event[0] == "renamed")
    problems = state_problems(folder, scenario, scenario.after_build)
    now = tracked(folder)
    for index, target in enumerate(scenario.build_targets, start=1):
        if index <= renamed or index > started:
            problems.append(_expected_version(now, scenario, scenario.after_build, target, index <= renamed))
    in_flight = scenario.build_targets[started - 1] if started > renamed else None
    problems += _temporary_problems(folder, in_flight, scenario.after_build)
    problems += follow_up_problems(folder, scenario)
    if returncode == 0:
        moment = "finished"
    else:
        moment = f"{renamed}/{len(scenario.build_targets)} renamed" + (" +1 in flight" if in_flight else "")
    return Trial(f"SIGKILL after {delay:.3f} s", [problem for problem in problems if problem], f"{moment}")


def _run_all(jobs: list[Callable[[], Trial]]) -> list[Trial]:
    with ThreadPoolExecutor(WORKERS) as pool:
        return list(pool.map(lambda job: job(), jobs))


def _report(trials: list[Trial]) -> None:
    failed = [trial for trial in trials if trial.problems]
    assert not failed, "\n".join(f"{trial.label}: {'; '.join(trial.problems)}" for trial in failed)


@pytest.mark.parametrize("command", ["update", "build"])
def test_every_write_fails_or_dies_safely(command: str, scenario: Scenario, tmp_path: Path) -> None:
    targets = scenario.update_targets if command == "update" else scenario.build_targets
    jobs: list[Callable[[], Trial]] = [
        lambda mode=mode, at=at: fault_trial(scenario, command, mode, at, tmp_path / f"{mode}-{at}")
        for mode in MODES
        for at in range(1, len(targets) + 1)
    ]
    started = time.perf_counter()
    trials = _run_all(jobs)
    print(
        f"\n{command}: N = {len(targets)} writes ({', '.join(targets)}); "
        f"k = 1..{len(targets)} × {len(MODES)} modes ({', '.join(MODES)}) = {len(trials)} trials, "
        f"each followed by a plain build; {time.perf_counter() - started:.1f} s"
    )
    _report(trials)


def test_sigkill_at_random_moments(scenario: Scenario, tmp_path: Path) -> None:
    chance = random.Random(SEED)
    delays = [chance.uniform(0, scenario.build_seconds) for _ in range(RANDOM_KILLS)]
    jobs: list[Callable[[], Trial]] = [
        lambda delay=delay, index=index: kill_trial(scenario, delay, tmp_path / f"kill-{index}")
        for index, delay in enumerate(delays)
    ]
    started = time.perf_counter()
    trials = _run_all(jobs)
    moments: dict[str, int] = {}
    for trial in trials:
        moments[trial.detail] = moments.get(trial.detail, 0) + 1
    print(
        f"\nSIGKILL at random: {len(trials)} trials (seed {SEED}), delays 0..{scenario.build_seconds:.2f} s "
        f"(a clean build); killed at: "
        + ", ".join(f"{moment} ×{count}" for moment, count in sorted(moments.items()))
        + f"; {time.perf_counter() - started:.1f} s"
    )
    _report(trials)


# write_bytes_atomic itself, in this process: cleanup on every exception, and what is flushed when.


class _Recorder:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail: str | None, error: BaseException) -> None:
        self.events: list[str] = []
        real_fsync, real_replace = os.fsync, Path.replace
        recorder = self

        def fsync(descriptor: int) -> None:
            kind = "folder" if stat.S_ISDIR(os.fstat(descriptor).st_mode) else "file"
            recorder.events.append(f"fsync {kind}")
            if fail == "fsync":
                raise error
            real_fsync(descriptor)

        def replace(self: Path, target: Path) -> Path:
            recorder.events.append("rename")
            if fail == "rename":
                raise error
            return real_replace(self, target)

        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(Path, "replace", replace)


@pytest.mark.parametrize(
    "error",
    [OSError(errno.EIO, "I/O error"), RuntimeError("bug"), KeyboardInterrupt(), SystemExit(1)],
    ids=lambda error: type(error).__name__,
)
@pytest.mark.parametrize("fail", ["fsync", "rename"])
def test_temporary_file_removed_on_any_exception(
    fail: str, error: BaseException, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "data-parallel.po"
    target.write_bytes(b"old")
    _Recorder(monkeypatch, fail, error)
    with pytest.raises(type(error)):
        files.write_bytes_atomic(target, b"new", durable=True)
    assert target.read_bytes() == b"old"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["data-parallel.po"]


@pytest.mark.parametrize("durable", [True, False])
def test_durable_writes_flush_the_file_before_and_the_folder_after_the_rename(
    durable: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    recorder = _Recorder(monkeypatch, None, OSError())
    assert files.write_bytes_atomic(tmp_path / "ui.po", b"new", durable=durable)
    assert recorder.events == (["fsync file", "rename", "fsync folder"] if durable else ["rename"])
    assert (tmp_path / "ui.po").read_bytes() == b"new"
    assert [path.name for path in tmp_path.iterdir()] == ["ui.po"]


def test_catalogs_are_flushed_and_rebuildable_files_are_not(scenario: Scenario, tmp_path: Path) -> None:
    """In a real build only catalogs (.po) are flushed, each followed by a flush of its folder."""
    folder = _copy(scenario.base, tmp_path / "project")
    result, log = run_injected(folder, "build")
    assert result.returncode == 0, result.stderr
    flushed = {int(event[1]) for event in log if event[0] == "fsync-file"}
    folders = {int(event[1]): event[2] for event in log if event[0] == "fsync-dir"}
    targets = written_targets(log)
    durable = {index for index, target in enumerate(targets, start=1) if target.endswith(".po")}
    assert flushed == durable == set(folders)
    assert all(folders[index] == str(Path(targets[index - 1]).parent) for index in durable)
    print(f"\nflushed: {[_relative(targets[index - 1], folder) for index in sorted(durable)]}")
