"""The garbage collector during a batch job (toolkit/concurrency/collector.py): collections less often
while a command runs, objects a worker inherits out of its collections, and both undone afterwards."""

from __future__ import annotations

import gc
import os

import pytest
from click.testing import CliRunner

from toolkit.concurrency.collector import BATCH_THRESHOLD, batch_collection, frozen_for_fork
from toolkit.concurrency.workers import can_fork, run_all


def test_batch_collection_raises_the_first_threshold_and_restores_all_three() -> None:
    before = gc.get_threshold()
    with batch_collection():
        assert gc.get_threshold() == (max(before[0], BATCH_THRESHOLD), *before[1:])
    assert gc.get_threshold() == before


def test_batch_collection_restores_the_thresholds_when_the_block_fails() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), batch_collection():
        raise RuntimeError("the command failed")
    assert gc.get_threshold() == before


def test_a_command_runs_with_fewer_collections_and_leaves_the_thresholds_as_they_were() -> None:
    import click

    from toolkit.cli import main

    seen: list[tuple[int, int, int]] = []

    @click.command("threshold-probe")
    def probe() -> None:
        seen.append(gc.get_threshold())

    before = gc.get_threshold()
    main.add_command(probe)
    try:
        result = CliRunner().invoke(main, ["threshold-probe"])
    finally:
        main.commands.pop("threshold-probe")
    assert result.exit_code == 0, result.output
    assert seen == [(max(before[0], BATCH_THRESHOLD), *before[1:])]
    assert gc.get_threshold() == before


def test_frozen_for_fork_keeps_the_objects_of_now_out_of_collections_until_the_block_ends() -> None:
    assert gc.get_freeze_count() == 0
    with frozen_for_fork():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


@pytest.mark.skipif(not can_fork(), reason="worker processes need fork (not on Windows)")
def test_workers_inherit_a_frozen_heap_and_the_parent_gets_it_back() -> None:
    parent = os.getpid()
    results, _ = run_all(lambda item: (os.getpid() != parent, gc.get_freeze_count() > 0), [1, 2, 3, 4], 2)
    assert any(in_worker for in_worker, _ in results)
    assert all(frozen for in_worker, frozen in results if in_worker)
    assert gc.get_freeze_count() == 0
