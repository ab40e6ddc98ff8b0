"""Probe chosen published VCT puzzles with a node or time budget (not a test).

``python tests/support/probe_published.py NODES [ID ...]`` solves each ``task: "vct"``
puzzle of ``../shared/data/published-dev/puzzles.jsonl`` whose number is given (all of
them without ids; ``hard`` for the 28 not proven within 10 s before the hidden threats
waited, ``easy`` for the others) as tsume (``GOAL=vct`` or ``vcf``: that goal) with no
move limit and ``Limits(nodes=NODES)`` (``NODES`` ending in ``s``: a time budget in
seconds), and prints one line each: result, moves, nodes, seconds, and where the first
phase ended.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import solver.search.dfpn_ref as ref
import solver.search.dfpn_shared as shared
from solver import Board, Limits, solve

# experiments without a rebuild: FP=N sets FIRST_PHASE_NODES, TPN=A,B sets THREAT_PN
# (MEM=N, below: the table bound in MB)
if "FP" in os.environ:
    ref.FIRST_PHASE_NODES = int(os.environ["FP"])
if "TPN" in os.environ:
    ref.THREAT_PN = shared.THREAT_PN = tuple(int(x) for x in os.environ["TPN"].split(","))
PHASE: list[str] = []
_first = ref.PureDfPn._first_phase


def _phase(self: ref.PureDfPn, key: int) -> bool:
    won = _first(self, key)
    PHASE.append(f"phase={'won' if won else 'no'}@{self.nodes}")
    return won


ref.PureDfPn._first_phase = _phase  # type: ignore[method-assign]

DATA = Path(__file__).resolve().parents[3] / "shared/data/published-dev/puzzles.jsonl"
HARD = [3, 38, 44, 60, 74, 99, 128, 137, 146, 148, 150, 158, 162, 173, 178, 187, 202, 205]
HARD += [221, 222, 223, 225, 228, 229, 234, 241, 246, 247]


def puzzles() -> dict[int, dict[str, object]]:
    out = {}
    for text in DATA.read_text(encoding="utf-8").splitlines():
        p = json.loads(text)
        if p["task"] == "vct":
            out[int(str(p["id"]).rsplit("#", 1)[1])] = p
    return out


def main() -> None:
    budget = sys.argv[1]
    limits = Limits(time=float(budget[:-1])) if budget.endswith("s") else Limits(nodes=int(budget))
    if "MEM" in os.environ:  # MEM=N: the table's bound in MB
        limits = limits.replace(memory_mb=int(os.environ["MEM"]))
    args = sys.argv[2:]
    every = puzzles()
    if args in (["hard"], ["easy"]):
        ids = HARD if args == ["hard"] else [n for n in sorted(every) if n not in HARD]
    else:
        ids = [int(a) for a in args] or sorted(every)
    total = 0
    for n in ids:
        p = every[n]
        board = Board.from_stones(" ".join(p["black"]), " ".join(p["white"]), to_move=p["to_move"])
        start = time.monotonic()
        r = solve(board, os.environ.get("GOAL", "tsume"), limits, check=False)
        spent = time.monotonic() - start
        total += r.nodes
        print(
            f"#{n} {r.result.value} moves={r.moves} nodes={r.nodes} s={spent:.2f}",
            " ".join(PHASE),
            flush=True,
        )
        PHASE.clear()
    print("total nodes", total)


if __name__ == "__main__":
    main()
