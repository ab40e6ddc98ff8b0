"""Measure the development set's published VCT puzzles (the deep ones).

Not a test: ``python tests/support/measure_published.py [SECONDS] [OUT] [THREADS]`` reads
``../shared/data/published-dev/puzzles.jsonl`` (the puzzles stay outside the repository),
solves each ``task: "vct"`` puzzle as tsume with no move limit within SECONDS (default
10) with THREADS racing searches (``solve``'s ``threads``, default 1), prints one JSON line
a puzzle (to OUT as well, if given) and the totals: how many were proven, the median and
the longest time. ``SHORTEST=1``: the shortest win (``renju solve``'s default, not
``--any``); the totals then count the wins shown shortest too.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from solver import Board, Limits, solve

DATA = Path(__file__).resolve().parents[3] / "shared/data/published-dev/puzzles.jsonl"


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    out_path = Path(sys.argv[2]) if len(sys.argv) > 2 else None
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    shortest = os.environ.get("SHORTEST") == "1"
    results: Counter[str] = Counter()
    times: list[float] = []
    for text in DATA.read_text(encoding="utf-8").splitlines():
        p = json.loads(text)
        if p["task"] != "vct":
            continue
        board = Board.from_stones(" ".join(p["black"]), " ".join(p["white"]), to_move=p["to_move"])
        start = time.monotonic()
        r = solve(board, "tsume", Limits(time=seconds), threads=threads, shortest=shortest)
        spent = time.monotonic() - start
        results[r.result.value] += 1
        if r.result.value == "proven":
            times.append(spent)
            results["shown shortest"] += bool(r.shortest_shown)
        row = {"id": p["id"], "result": r.result.value, "moves": r.moves, "nodes": r.nodes}
        if shortest:
            row["shortest"] = r.shortest_shown
        line = json.dumps({**row, "seconds": round(spent, 2)}, ensure_ascii=False)
        print(line, flush=True)
        if out_path is not None:
            with out_path.open("a", encoding="utf-8") as out:
                out.write(line + "\n")
    median = statistics.median(times) if times else 0.0
    print(dict(results), f"median {median:.2f} s, max {max(times, default=0.0):.2f} s")


if __name__ == "__main__":
    main()
