"""Worker processes (toolkit/concurrency/workers.py): results in order, and the parent's word on every failure."""

from __future__ import annotations

import os

import pytest

from toolkit.concurrency.workers import can_fork, chunks, run_all, run_in_slices

pytestmark = pytest.mark.skipif(not can_fork(), reason="worker processes need fork (not on Windows)")


def test_results_come_back_in_order_and_meanwhile_runs_here() -> None:
    parent = os.getpid()
    results, other = run_all(lambda item: (item * 2, os.getpid() != parent), list(range(20)), 2, os.getpid)
    assert [value for value, _ in results] == [item * 2 for item in range(20)]
    assert any(in_worker for _, in_worker in results)
    assert other == parent


def test_a_worker_that_dies_breaks_nothing_its_items_run_here() -> None:
    parent = os.getpid()

    def task(item: int) -> tuple[int, bool]:
        if item == 3 and os.getpid() != parent:
            os._exit(9)  # as a plugin might, or the kernel's OOM killer
        return item * 2, os.getpid() == parent

    results, _ = run_all(task, list(range(8)), 2)
    assert [value for value, _ in results] == [item * 2 for item in range(8)]
    assert results[3] == (6, True)


def test_an_error_in_a_worker_is_raised_here_as_it_is() -> None:
    class LocatedError(Exception):
        def __init__(self, file: str, line: int) -> None:  # not picklable by its arguments
            super().__init__(f"{file}:{line}")
            self.file, self.line = file, line

    def task(item: int) -> int:
        if item == 5:
            raise LocatedError("content/quiz.yaml", 7)
        return item

    with pytest.raises(LocatedError) as raised:
        run_all(task, list(range(8)), 2)
    assert (raised.value.file, raised.value.line) == ("content/quiz.yaml", 7)


def test_chunks_cover_every_item_once_in_order() -> None:
    items = list(range(23))
    slices = chunks(items, 2)
    assert [item for piece in slices for item in piece] == items
    assert len(slices) == 8
    assert chunks([], 2) == []


def test_slices_run_in_workers_and_their_results_join_in_the_items_order() -> None:
    parent = os.getpid()

    def task(piece: list[int]) -> list[tuple[int, bool]]:
        return [(item * 2, os.getpid() != parent) for item in piece]

    results = run_in_slices(task, list(range(23)), 2)
    assert [value for value, _ in results] == [item * 2 for item in range(23)]
    assert any(in_worker for _, in_worker in results)
    assert run_in_slices(task, list(range(5)), 1) == [(item * 2, False) for item in range(5)]
    assert run_in_slices(task, [], 2) == []
