"""Probe chosen published VCTs with a node budget (speed work; not a test).

``python tests/support/probe_published.py NODES ID [ID ...]`` solves each
``高飞习题_puzzle.json#ID`` of ``../shared/data/published-dev/puzzles.jsonl`` as tsume
with no move limit within NODES nodes and prints its result, nodes, seconds and nodes/s.
``--time S`` bounds each by S seconds instead; ``--hard`` runs the 28 unknown at 10 s.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from solver import Board, Limits, solve

DATA = Path(__file__).resolve().parents[3] / "shared/data/published-dev/puzzles.jsonl"
BOOK = "高飞习题_puzzle.json#"
HARD = [3, 38, 44, 60, 74, 99, 128, 137, 146, 148, 150, 158, 162, 173, 178, 187, 202, 205,
        221, 222, 223, 225, 228, 229, 234, 241, 246, 247]  # fmt: skip


def main() -> None:
    args = sys.argv[1:]
    limits = Limits()
    if args and args[0] == "--time":
        limits = Limits(time=float(args[1]))
        args = args[2:]
    else:
        limits = Limits(nodes=int(args[0]))
        args = args[1:]
    ids = HARD if args == ["--hard"] else [int(a) for a in args]
    puzzles = {}
    for text in DATA.read_text(encoding="utf-8").splitlines():
        p = json.loads(text)
        puzzles[p["id"]] = p
    total_nodes = 0
    total_seconds = 0.0
    for n in ids:
        p = puzzles[BOOK + str(n)]
        board = Board.from_stones(" ".join(p["black"]), " ".join(p["white"]), to_move=p["to_move"])
        start = time.perf_counter()
        r = solve(board, "tsume", limits)
        spent = time.perf_counter() - start
        total_nodes += r.nodes
        total_seconds += spent
        print(f"#{n} {r.result.value} moves={r.moves} nodes={r.nodes} wall={spent:.2f}s "
              f"{r.nodes / max(spent, 1e-9) / 1000:.0f} kn/s", flush=True)  # fmt: skip
    print(f"total nodes={total_nodes} wall={total_seconds:.2f}s "
          f"{total_nodes / max(total_seconds, 1e-9) / 1000:.0f} kn/s")  # fmt: skip


if __name__ == "__main__":
    main()
