"""The trainer's figures (a script, not a test): the store's write cost and the defence
exercise's one search per puzzle.

    nice -n 10 python tests/support/measure_trainer.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from puzzles.bundled import bundled_puzzles
from solver.rules.board import Board
from solver.search.api import Limits
from solver.search.defend import defend
from tui.models.glicko import Glicko
from tui.models.progress_store import AttemptRecord, ProgressStore


def store_costs(n: int = 200) -> None:
    """Milliseconds per attempt write (4 tables, one transaction) and per move save."""
    store = ProgressStore(Path(tempfile.mkdtemp()))
    t = time.perf_counter()
    for i in range(n):
        store.add_attempt(
            AttemptRecord(f"k{i}", "c", "p", "failed", 1.0, "2026-01-01T00:00:00+00:00"),
            player=Glicko(),
            puzzle=Glicko(),
            card=("2026-01-02T00:00:00+00:00", "{}"),
        )
    write = (time.perf_counter() - t) / n * 1000
    t = time.perf_counter()
    for i in range(n):
        store.record_moves(f"k{i}", [1, 2, 3])
    moves = (time.perf_counter() - t) / n * 1000
    print(f"store: {write:.1f} ms per attempt, {moves:.1f} ms per move save")


def defence_costs() -> None:
    """defend() on every bundled VCF puzzle turned round (the library's D drill)."""
    times = []
    for p in bundled_puzzles():
        if p.goal != "vcf":
            continue
        b = Board.from_stones(p.black, p.white, p.to_move.opponent, p.rule)
        t = time.perf_counter()
        defend(b, "vcf", Limits(max_moves=p.max_moves, time=60))
        times.append(time.perf_counter() - t)
    print(
        f"defend: {len(times)} vcf puzzles, median {statistics.median(times) * 1000:.0f} ms,"
        f" max {max(times) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    store_costs()
    defence_costs()
