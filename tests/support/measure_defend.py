"""Measure ``defend`` and ``pattern_points`` on the bundled puzzle positions.

Not a test: ``python tests/support/measure_defend.py [GOAL] [LIMIT]`` runs ``defend``
(GOAL, default vcf) on every position of ``puzzles/data`` with either side defending
(the first LIMIT puzzles of each file, default all; vct and tsume are slower), and every
pattern kind of ``renju points`` on each, and prints the CPU time (in-process, the best
of three for vcf and the points, the checker included), median, 90th percentile and
maximum. CPU time, not wall-clock: the shared development machine's load would
otherwise decide the figures.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

from puzzles.io import read_puzzles
from solver.rules.board import Board
from solver.rules.points import PATTERN_KINDS, PointsKindError, pattern_points
from solver.search.api import Limits
from solver.search.defend import defend

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "data"


def _best(run: Callable[[], object], times: int) -> float:
    best = float("inf")
    for _ in range(times):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def _summary(name: str, seconds: list[float]) -> str:
    s = sorted(seconds)

    def at(q: float) -> float:
        return s[min(len(s) - 1, int(q * len(s)))] * 1000

    return f"{name:16s} {len(s):4d} positions: median {at(0.5):.2f} ms, p90 {at(0.9):.2f} ms, max {s[-1] * 1000:.2f} ms"


def main() -> None:
    goal = sys.argv[1] if len(sys.argv) > 1 else "vcf"
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else None
    boards: list[tuple[Board, int | None]] = []
    for path in sorted(DATA.glob("*.renju")):
        for p in read_puzzles(path).puzzles[:limit]:
            for flip in (False, True):
                b = p.board()
                if flip:
                    b.to_move = b.to_move.opponent
                boards.append((b, p.max_moves))
    repeat = 3 if goal == "vcf" else 1
    times = []
    for b, moves in boards:
        limits = Limits(max_moves=None if goal == "vcf" else moves)
        times.append(_best(lambda b=b, limits=limits: defend(b, goal, limits), repeat))
    print(_summary(f"defend {goal}", times))
    for kind in PATTERN_KINDS:
        times = []
        for b, _ in boards:
            try:
                times.append(_best(lambda b=b, kind=kind: pattern_points(b, kind), 3))
            except PointsKindError:
                continue
        print(_summary(kind, times))


if __name__ == "__main__":
    main()
