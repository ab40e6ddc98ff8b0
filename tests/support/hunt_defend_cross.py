"""Hunt for wrong verdicts between ``solve`` and ``defend`` (not a test).

``PYTHONPATH=tests python -m support.hunt_defend_cross`` takes every bundled win puzzle
(plainly counted, a move limit N), its winning first moves by ``solve(all_keys=True)``,
and every first move of the attacker that is a four, a key or (``vct``, ``tsume``) a
threat of the goal's class the core generates; after each such move ``m``
it asks :func:`solver.search.defend.defend` (another code path: the compiled split of
every defender move for ``vcf``, the tree reuse for ``vct``/``tsume``) for the defender's
moves against a win within N - 1. ``m`` is a key exactly when the split is complete and
leaves the defender no move that holds. Prints each disagreement and the counts.
"""

from __future__ import annotations

import time

from puzzles.bundled import bundled_puzzles
from puzzles.model import Puzzle
from solver.rules.notation import point_name
from solver.search.api import Limits, Verdict, solve
from solver.search.defend import defend


def main() -> None:
    n = bad = unknown = 0
    start = time.monotonic()
    for p in bundled_puzzles():
        assert isinstance(p, Puzzle)
        if p.kind != "win" or p.max_moves is None or p.count != "plain":
            continue
        board = p.board()
        a = int(board.to_move)
        top = solve(board, p.goal, Limits(max_moves=p.max_moves), all_keys=True)
        if top.keys is None:
            unknown += 1
            continue
        keys = {k.move for k in top.keys}
        fours = []
        for m in range(225):
            if board.core.get(m) or (a == 1 and board.core.forbidden(m)):
                continue
            board.core.put(m, a)
            if board.core.five_points(a) and board.five_on_board() is None:
                fours.append(m)
            board.core.remove(m)
        threats: set[int] = set()
        if p.goal != "vcf":  # (the threes, and for tsume the hidden threats, too)
            mode = 1 if p.goal == "vct" else 2
            threats = {m for m, _ in board.core.threats(a, p.max_moves, mode, 500_000)[1]}
        for m in sorted(keys | set(fours) | threats):
            after = board.copy()
            after.push(m)
            if after.five_on_board() is not None:
                continue
            n += 1
            split = defend(after, p.goal, Limits(max_moves=p.max_moves - 1, nodes=2_000_000))
            if not split.complete:
                unknown += 1
                continue
            holds = split.threat is not Verdict.PROVEN or bool(split.defences)
            if holds == (m in keys):
                bad += 1
                print(
                    f"DISAGREE {p.id} {point_name(m)}: key {m in keys}, defend "
                    f"{split.threat.value} defences {[point_name(q) for q in split.defences]}",
                    flush=True,
                )
    print(f"{n} first moves split, {bad} disagreements, {unknown} unknown")
    print(f"{time.monotonic() - start:.0f}s")


if __name__ == "__main__":
    main()
