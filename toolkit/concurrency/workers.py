"""Independent pieces of a build run in worker processes, results back in order.

Workers are forked, so they start at once and inherit what the build has already loaded (content,
catalogs, glossaries); only the items' indices go to them and only results come back. Where fork is not
available (Windows) or one job is asked for, the work runs in this process instead.

A worker that fails reports only that it failed; the item is then run again here, so the error the user
sees is the real one, with its file and line, and never a pickled copy. A worker that dies (killed, out of
memory, a plugin calling ``os._exit``) breaks the pool: the items without a result are then run here.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from toolkit.concurrency.collector import frozen_for_fork

Item = TypeVar("Item")
Result = TypeVar("Result")
Other = TypeVar("Other")

_task: Callable[[Any], Any] | None = None
_items: Sequence[Any] = ()


def available_jobs() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _die_with_parent() -> None:
    # A worker must not outlive a build that was killed: it would go on writing without the lock's owner.
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
    # Ctrl-C reaches the whole process group; the parent alone decides what happens.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _call(index: int) -> tuple[bool, object]:
    assert _task is not None
    try:
        return True, _task(_items[index])
    except Exception:
        return False, None


def run_all(
    task: Callable[[Item], Result],
    items: Sequence[Item],
    jobs: int,
    meanwhile: Callable[[], Other] | None = None,
) -> tuple[list[Result], Other | None]:
    """``[task(item) for item in items]`` over up to ``jobs`` processes, and ``meanwhile()`` here.

    Call only from the main thread of a process with no other threads (fork copies one thread).
    """
    global _task, _items
    if jobs <= 1 or len(items) <= 1 or not can_fork():
        serial = [task(item) for item in items]
        return serial, meanwhile() if meanwhile is not None else None
    from concurrent.futures import ProcessPoolExecutor

    _task, _items = task, items
    outcomes: list[tuple[bool, object]] = []
    executor = ProcessPoolExecutor(
        min(jobs, len(items)), mp_context=multiprocessing.get_context("fork"), initializer=_die_with_parent
    )
    with frozen_for_fork():
        try:
            futures = [executor.submit(_call, index) for index in range(len(items))]
            other = meanwhile() if meanwhile is not None else None
            for future in futures:
                try:
                    outcomes.append(future.result())
                except Exception:  # the pool broke: a worker died without a word
                    outcomes.append((False, None))
        finally:
            # On Ctrl-C, queued items are dropped; workers finish the one in hand (they ignore SIGINT).
            executor.shutdown(wait=True, cancel_futures=True)
            _task, _items = None, ()
    results: list[Result] = []
    for item, (succeeded, value) in zip(items, outcomes, strict=True):
        results.append(value if succeeded else task(item))  # type: ignore[arg-type]
    return results, other


def run_in_slices(
    task: Callable[[list[Item]], list[Result]], items: Sequence[Item], jobs: int
) -> list[Result]:
    """``task`` over slices of ``items`` (see :func:`chunks`) in up to ``jobs`` processes, its results
    joined in the items' order.

    For many small items: each item a worker is given costs the pool's queues more than a small item
    takes, so workers get slices of neighbouring items, not one at a time.
    """
    done, _ = run_all(task, chunks(items, jobs), jobs)
    return [result for piece in done for result in piece]


def chunks(items: Sequence[Item], jobs: int, per_job: int = 4) -> list[list[Item]]:
    """``items`` in about ``jobs × per_job`` slices of neighbouring items, so that workers balance."""
    count = max(1, min(len(items), jobs * per_job))
    size, extra = divmod(len(items), count)
    slices: list[list[Item]] = []
    start = 0
    for number in range(count):
        end = start + size + (1 if number < extra else 0)
        if end > start:
            slices.append(list(items[start:end]))
        start = end
    return slices
