"""Hunt for wrong forbidden points on real positions (not a test).

``PYTHONPATH=tests python -m support.hunt_forbidden_real [--white] [SET ...]`` takes the
start position of every puzzle of the sets (as :mod:`support.hunt_symmetry` names them;
``three`` and ``vct`` without a name; ``--white``: White to move only) and every
position one stone away from it (a black or a white stone on each empty point within
three points of a black stone: a stone can make or unmake a forbidden point at a
distance), and compares Black's forbidden points of the compiled core
(``forbidden_points`` and ``forbidden`` of every empty point, and ``forbidden_after``
from the position before the stone) with the naive oracle's. Prints each disagreement
and the counts.
"""

from __future__ import annotations

import sys
import time

from solver.engine.backend import core_class
from solver.rules.board import Color
from support.hunt_symmetry import cases
from support.oracle import oracle_forbidden_points

KINDS = {3: "double-three", 4: "double-four", 6: "overline"}


def near_black(black: set[int], cells: set[int]) -> list[int]:
    out = []
    for p in range(225):
        if p in cells:
            continue
        c, r = p % 15, p // 15
        if any(max(abs(c - b % 15), abs(r - b // 15)) <= 3 for b in black):
            out.append(p)
    return out


def oracle(core_black: set[int], core_white: set[int]) -> dict[int, str]:
    b = frozenset((p % 15, p // 15) for p in core_black)
    w = frozenset((p % 15, p // 15) for p in core_white)
    return {c + 15 * r: kind for (c, r), kind in oracle_forbidden_points(b, w).items()}


def main() -> None:
    white_only = "--white" in sys.argv
    sets = [a for a in sys.argv[1:] if a != "--white"] or ["three", "vct"]
    core_type = core_class(True)
    n = bad = 0
    start = time.monotonic()
    for case in cases(sets):
        if white_only and case.board.to_move is not Color.WHITE:
            continue
        black = set(case.board.stones(Color.BLACK))
        white = set(case.board.stones(Color.WHITE))
        core = core_type(0)
        for p in black:
            core.put(p, 1)
        for p in white:
            core.put(p, 2)
        for p, colour in [(None, 0)] + [
            (p, c) for p in near_black(black, black | white) for c in (1, 2)
        ]:
            b, w = set(black), set(white)
            if p is not None:
                (b if colour == 1 else w).add(p)
                core.put(p, colour)
            truth = oracle(b, w)
            listed = {q: KINDS[k] for q, k in core.forbidden_points()}
            one = {q: KINDS[k] for q in range(225) if (k := core.forbidden(q))}
            if p is not None:
                core.remove(p)
                after = {
                    q: KINDS[k] for q in range(225) if (k := core.forbidden_after(q, p, colour))
                }
            else:
                after = one
            n += 1
            if not truth == listed == one == after:
                bad += 1
                print(
                    f"DISAGREE {case.ident} stone {p} colour {colour}: oracle {truth}, "
                    f"points {listed}, forbidden {one}, after {after}",
                    flush=True,
                )
        if n and case.ident.endswith("0"):
            print(f"... {case.ident} {n} positions {time.monotonic() - start:.0f}s", flush=True)
    print(f"{n} positions, {bad} disagreements")


if __name__ == "__main__":
    main()
