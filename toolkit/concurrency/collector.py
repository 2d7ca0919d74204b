"""The interpreter's cyclic garbage collector during a batch job that holds a large heap.

A build of 10,000 quizzes holds millions of long-lived objects (content models, catalogs, memory units)
and makes millions more. With CPython's default thresholds the collector runs a full collection dozens
of times over that heap: at 10,000 quizzes, validating the content spent 10.6 of its 38 s in the
collector, and 2.0 of 23 s with a first-generation threshold of 100,000. quizkit's data are trees
(frozen dataclasses, tuples, strings), freed by reference counting; the collector only has cycles to
find in rare places (an exception and its traceback), so collecting less often costs little memory.

Worker processes are forked: before they are, the heap is frozen (:func:`frozen_for_fork`), so that no
worker's collection walks the objects it inherited, touching (and so copying) every page that holds one.
Both follow the advice of the :mod:`gc` documentation; both are undone afterwards, so that a program
calling quizkit's library keeps its own settings.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

BATCH_THRESHOLD = 100_000
"""Allocations (less deallocations) between two collections of the youngest generation; CPython's
default is 700."""


@contextmanager
def batch_collection() -> Iterator[None]:
    """Collect garbage less often while the block runs."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], BATCH_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


@contextmanager
def frozen_for_fork() -> Iterator[None]:
    """Keep the objects that exist now out of every collection while the block runs (it forks workers)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
