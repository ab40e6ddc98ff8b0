"""Measure the development set's "win in three" puzzles under each move count.

Not a test: ``python tests/support/measure_books.py [SECONDS]`` reads
``../shared/data/published-dev/puzzles.jsonl`` (the puzzles stay outside the repository),
solves each ``task: "three"`` puzzle as tsume within 3 attacker moves counted each way of
``COUNTS`` (``plain``, ``books``, ``final-vcf``, ``app``; SECONDS each, default 10), and
prints one JSON line a puzzle and the totals.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from solver.rules.board import Board
from solver.search.api import Limits, solve
from solver.search.counting import COUNTS

DATA = Path(__file__).resolve().parents[3] / "shared/data/published-dev/puzzles.jsonl"


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    path = Path(sys.argv[2]) if len(sys.argv) > 2 else DATA
    totals: Counter[tuple[str, str]] = Counter()
    for text in path.read_text(encoding="utf-8").splitlines():
        p = json.loads(text)
        if p["task"] != "three":
            continue
        board = Board.from_stones(" ".join(p["black"]), " ".join(p["white"]), to_move=p["to_move"])
        row = {"id": p["id"]}
        for count in COUNTS:
            r = solve(board, "tsume", Limits(max_moves=3, time=seconds, count=count))
            row[count] = r.result.value
            totals[count, r.result.value] += 1
        print(json.dumps(row), flush=True)
    for count in COUNTS:
        print(count, {v: totals[count, v] for v in ("proven", "disproven", "unknown")})


if __name__ == "__main__":
    main()
