"""``puzzles.dispatch.run_ordered``: every unit once, answers in input order whatever order
the tasks finish in, batches filled to the weight asked, a failing task reported and the
run going on."""

from __future__ import annotations

import time

from hypothesis import given
from hypothesis import strategies as st

from puzzles.dispatch import LocalPool, Serial, _Units, run_ordered


def slow_square(units: list[int]) -> list[int]:
    """Later units finish first (tasks complete out of order)."""
    time.sleep(0.02 * (5 - min(units) % 5))
    if 13 in units:
        raise ValueError("thirteen")
    return [u * u for u in units]


def test_answers_come_in_input_order_from_worker_processes() -> None:
    pool = LocalPool(2)
    try:
        done = list(run_ordered(pool, slow_square, (), iter(range(20)), target=0.01))
    finally:
        pool.close()
    assert [d.number for d in done] == list(range(len(done)))
    assert [u for d in done for u in d.units] == list(range(20))
    for d in done:
        if 13 in d.units:
            assert d.results is None and d.error is not None
            assert d.error.startswith("ValueError: thirteen (at slow_square, ")
        else:
            assert d.error is None and d.results == [u * u for u in d.units]


@given(st.lists(st.integers(0, 9), max_size=40), st.integers(1, 30), st.integers(1, 5))
def test_batches_hold_every_unit_once_within_the_budget(
    weights: list[int], budget: int, most: int
) -> None:
    units = _Units(iter(range(len(weights))), lambda i: weights[i])
    batches = []
    while True:
        batch, total = units.take(budget, most)
        if not batch:
            break
        assert total == sum(weights[i] for i in batch) and len(batch) <= most
        assert len(batch) == 1 or total <= budget
        batches.append(batch)
    assert [i for b in batches for i in b] == list(range(len(weights)))


def test_in_this_process_each_unit_is_a_task() -> None:
    done = list(run_ordered(Serial(), slow_square, (), iter([1, 2, 3])))
    assert [(d.units, d.results) for d in done] == [([1], [1]), ([2], [4]), ([3], [9])]
